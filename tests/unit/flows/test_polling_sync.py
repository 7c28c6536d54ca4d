# Generated from test_polling_async.py by tools/derive_sync.py (the unasync package), do not edit.
"""The wait for a final status on the polling schedule, call by call under a fake clock. Written once, async
(async_wait_for_final_status), in test_polling_async.py; test_polling_sync.py is derived from it
(tools/derive_sync.py) and runs every test on wait_for_final_status. The schedule itself is test_schedule.py's."""

from __future__ import annotations

import pytest
from merchant_gateway.errors import (
    GatewayConnectionError,
    RateLimitedError,
    ServerError,
    TransactionNotFoundError,
    ValidationError,
)
from merchant_gateway.flows.polling import (
    EXPIRY_GRACE,
    AmountMismatchError,
    PollTimeout,
    StatusSnapshot,
    wait_for_final_status,
)
from merchant_gateway.verdicts import Verdict

from tests.support.flows import expected_default_offsets, judged


class FakeClock:
    def __init__(self, start: float = 1000.0) -> None:
        self.now = start
        self.sleeps: list[float] = []

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        assert seconds >= 0
        self.sleeps.append(seconds)
        self.now += seconds

    def sleep(self, seconds: float) -> None:
        self.advance(seconds)


def test_every_check_happens_at_its_scheduled_moment_until_success() -> None:
    clock = FakeClock()
    start = clock()
    answers = ["PAYMENT_PENDING"] * 14 + ["PAYMENT_SUCCESS"]
    seen_at: list[float] = []

    def fetch() -> StatusSnapshot:
        seen_at.append(clock() - start)
        return judged("TX1", answers[len(seen_at) - 1], amount=100)

    final = wait_for_final_status(fetch, "TX1", expected_amount=100, clock=clock, sleep=clock.sleep)
    assert final.succeeded
    assert final.checks == 15
    assert seen_at == expected_default_offsets()[:15]


def test_internal_server_error_and_transport_failures_are_not_final() -> None:
    clock = FakeClock()
    script: list[object] = [
        ServerError("x", code="INTERNAL_SERVER_ERROR"),
        GatewayConnectionError("down"),
        judged("TX1", "PAYMENT_PENDING"),
        judged("TX1", "PAYMENT_DECLINED", amount=100),
    ]

    def fetch() -> StatusSnapshot:
        item = script.pop(0)
        if isinstance(item, Exception):
            raise item
        assert isinstance(item, StatusSnapshot)
        return item

    final = wait_for_final_status(fetch, "TX1", expected_amount=100, clock=clock, sleep=clock.sleep)
    assert final.code == "PAYMENT_DECLINED"
    assert not final.succeeded
    assert final.checks == 4


def test_not_found_right_after_the_start_is_not_final_until_the_grace_is_over() -> None:
    """Issue 22, finding 4: TRANSACTION_NOT_FOUND right after the gateway accepted the start is "not yet found";
    only once the grace after the start's send is over is it final ("not recorded")."""
    clock = FakeClock()
    start = clock()
    seen_at: list[float] = []

    def fetch() -> StatusSnapshot:
        seen_at.append(clock() - start)
        raise TransactionNotFoundError("no such payment", code="TRANSACTION_NOT_FOUND", verdict="not-found")

    final = wait_for_final_status(fetch, "TX1", started_at=start, grace=60.0, clock=clock, sleep=clock.sleep)
    assert final.code == "TRANSACTION_NOT_FOUND"
    assert final.snapshot.verdict is Verdict.NOT_RECORDED
    assert not final.succeeded
    assert seen_at[0] == 20
    assert seen_at[-1] >= 60
    assert seen_at[-2] < 60


def test_not_yet_found_never_ends_the_wait() -> None:
    clock = FakeClock()

    def fetch() -> StatusSnapshot:
        raise TransactionNotFoundError("no such payment", code="TRANSACTION_NOT_FOUND", verdict="not-yet-found")

    with pytest.raises(PollTimeout) as info:
        wait_for_final_status(fetch, "TX1", clock=clock, sleep=clock.sleep)
    assert info.value.code == "TRANSACTION_NOT_FOUND"


def test_a_payment_nobody_knows_the_sends_of_is_never_declared_not_recorded() -> None:
    clock = FakeClock()

    def fetch() -> StatusSnapshot:
        raise TransactionNotFoundError("no such payment", code="TRANSACTION_NOT_FOUND", verdict="not-found")

    with pytest.raises(PollTimeout):  # a bare id: no start known, so a request may still arrive
        wait_for_final_status(fetch, "TX1", clock=clock, sleep=clock.sleep)


def test_rate_limit_pushes_the_next_check_back_and_stays_bounded() -> None:
    clock = FakeClock()
    start = clock()
    seen_at: list[float] = []
    limited = RateLimitedError("slow down", code="API_RATE_LIMIT_REACHED")
    limited.time_window = "15"
    hostile = RateLimitedError("slow down", code="API_RATE_LIMIT_REACHED")
    hostile.time_window = "inf"
    script: list[object] = [limited, hostile, judged("TX1", "PAYMENT_SUCCESS", amount=5)]

    def fetch() -> StatusSnapshot:
        seen_at.append(clock() - start)
        item = script.pop(0)
        if isinstance(item, Exception):
            raise item
        assert isinstance(item, StatusSnapshot)
        return item

    final = wait_for_final_status(fetch, "TX1", expected_amount=5, clock=clock, sleep=clock.sleep)
    assert final.succeeded
    # first at 20 s; the 429 asks for 15 s, so the 23..32 s checks collapse into one at 35 s; "inf" is ignored
    assert seen_at == [20.0, 35.0, 38.0]


def test_amount_mismatch_is_refused() -> None:
    clock = FakeClock()

    def fetch() -> StatusSnapshot:
        return judged("TX1", "PAYMENT_SUCCESS", amount=99, expected=100)

    with pytest.raises(AmountMismatchError) as info:
        wait_for_final_status(
            fetch,
            "TX1",
            expected_amount=100,
            clock=clock,
            sleep=clock.sleep,
        )
    assert info.value.transaction_id == "TX1"


def test_collect_wait_ends_one_grace_after_the_expiry() -> None:
    """A collect is closed within its expiry; one last check EXPIRY_GRACE later sees it (issue 27), never more."""
    clock = FakeClock()
    started = clock() - 60  # a 180 s collect checked 60 s after it started: at most 120 s (+ the grace) left
    seen_at: list[float] = []

    def fetch() -> StatusSnapshot:
        seen_at.append(clock() - started)
        return judged("COL1", "PAYMENT_PENDING")

    with pytest.raises(PollTimeout) as info:
        wait_for_final_status(fetch, "COL1", started_at=started, expires_in=180, clock=clock, sleep=clock.sleep)
    assert info.value.code == "PAYMENT_PENDING"
    assert "expiry has passed" in str(info.value)
    assert max(seen_at) == 180 + EXPIRY_GRACE
    assert clock() - started == 180 + EXPIRY_GRACE
    assert seen_at[:2] == [60, 62]  # the moments before "now" collapse into one check, not a burst


def test_other_errors_propagate() -> None:
    clock = FakeClock()

    def fetch() -> StatusSnapshot:
        raise ValidationError("transactionId", "too long")

    with pytest.raises(ValidationError):
        wait_for_final_status(fetch, "TX1", clock=clock, sleep=clock.sleep)


def test_a_wait_that_succeeds_on_the_third_check_follows_the_schedule() -> None:
    clock = FakeClock()
    start = clock()
    seen_at: list[float] = []

    def fetch() -> StatusSnapshot:
        seen_at.append(clock() - start)
        return judged("TX1", "PAYMENT_SUCCESS" if len(seen_at) == 3 else "PAYMENT_PENDING", amount=7)

    final = wait_for_final_status(fetch, "TX1", expected_amount=7, clock=clock, sleep=clock.sleep)
    assert final.succeeded
    assert seen_at == [20.0, 23.0, 26.0]
