"""The published polling schedule (merchant_gateway.flows.schedule): its moments, cut at a collect's expiry, and
what it refuses. The waits that follow it are test_polling_async.py's (and its derived test_polling_sync.py's)."""

from __future__ import annotations

import pytest
from merchant_gateway.flows.schedule import DEFAULT_SCHEDULE, Phase, PollSchedule

from tests.support.flows import expected_default_offsets


def test_default_schedule_matches_the_published_one() -> None:
    assert list(DEFAULT_SCHEDULE.offsets()) == expected_default_offsets()


def test_collect_limit_cuts_the_schedule_at_the_expiry() -> None:
    offsets = list(DEFAULT_SCHEDULE.offsets(limit=120))
    assert offsets[-1] == 120
    assert all(o <= 120 for o in offsets)
    assert offsets[:3] == [20.0, 23.0, 26.0]


def test_schedule_rejects_nonsense() -> None:
    with pytest.raises(ValueError, match="every phase needs a positive interval"):
        PollSchedule(phases=(Phase(0, 10),))
    with pytest.raises(ValueError, match="timeout must be > 0"):
        PollSchedule(timeout=0)
