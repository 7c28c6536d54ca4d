"""The fast development loop's choice of schedule (schedule_for, choose_schedule): no gateway is involved, so written
once, sync; the waits on each gateway are test_fast_wait_async.py's (and its derived test_fast_wait_sync.py's)."""

from __future__ import annotations

import pytest
from merchant_gateway import ValidationError
from merchant_gateway.flows import DEFAULT_SCHEDULE, SANDBOX_SCHEDULE, PollSchedule, schedule_for
from merchant_gateway.flows.schedule import choose_schedule


def test_the_default_schedule_follows_the_environment() -> None:
    assert schedule_for("local") is SANDBOX_SCHEDULE
    assert schedule_for("sandbox") is DEFAULT_SCHEDULE
    assert schedule_for("production") is DEFAULT_SCHEDULE
    assert list(SANDBOX_SCHEDULE.offsets(limit=3)) == [1.0, 2.0, 3.0]
    assert next(DEFAULT_SCHEDULE.offsets()) == 20.0
    assert choose_schedule(None, 0.5, "production") == PollSchedule.every(0.5)
    custom = PollSchedule(first_check_after=2)
    assert choose_schedule(custom, None, "local") is custom


@pytest.mark.parametrize("bad", [0, -1, float("nan"), True, "1", 3600])
def test_a_bad_poll_every_names_itself_and_what_to_do(bad: object) -> None:
    with pytest.raises(ValidationError, match=r"poll_every: must be a number of seconds.*e\.g\. poll_every=1") as exc:
        choose_schedule(None, bad, "local")  # type: ignore[arg-type]
    assert exc.value.field == "poll_every"


def test_poll_every_and_schedule_together_are_refused() -> None:
    with pytest.raises(ValidationError, match="either poll_every= or schedule=, not both"):
        choose_schedule(DEFAULT_SCHEDULE, 1.0, "local")
