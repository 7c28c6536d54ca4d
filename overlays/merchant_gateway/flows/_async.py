"""The flows' I/O, written once: the async source of ``_sync.py`` (``python -m generator.unasync`` derives it; ``make
lint`` fails when it is out of date). The public modules (:mod:`.polling`, ...) re-export both flavours and say
what each flow does and why; the decisions free of I/O live in their ``_<module>.py``.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import TYPE_CHECKING

from ._polling import AsyncFetchSnapshot, AsyncSleep, FinalStatus, StatusSnapshot, _Poll, async_default_sleep
from ._status import snapshot_of, status_read
from .schedule import DEFAULT_SCHEDULE, PollSchedule

if TYPE_CHECKING:
    from ..host import AsyncGatewayHost


async def async_wait_for_final_status(
    fetch: AsyncFetchSnapshot,
    transaction_id: str,
    *,
    expected_amount: int | None = None,
    started_at: float | None = None,
    expires_in: float | None = None,
    grace: float = 60.0,
    schedule: PollSchedule = DEFAULT_SCHEDULE,
    clock: Callable[[], float] = time.monotonic,
    sleep: AsyncSleep = async_default_sleep,
) -> FinalStatus:
    """Poll ``fetch`` on ``schedule`` until a final status; see :mod:`.polling` for the rules.

    ``started_at`` is the ``clock()`` reading when the payment started (default: now); when given, it counts as
    the start's send for the TRANSACTION_NOT_FOUND time rule (``grace`` seconds). ``expires_in`` is a collect
    request's expiry in seconds: the wait ends EXPIRY_GRACE seconds after it (one last check sees the closed state).
    """
    poll = _Poll(
        transaction_id,
        expected_amount=expected_amount,
        schedule=schedule,
        started_at=clock() if started_at is None else started_at,
        expires_in=expires_in,
        sent_at=started_at,
        grace=grace,
    )
    while (delay := poll.delay(clock())) is not None:
        await sleep(delay)
        try:
            snapshot = await fetch()
        except Exception as exc:  # noqa: BLE001 - classified by on_error, which re-raises the rest
            final = poll.on_error(exc, clock())
        else:
            final = poll.on_snapshot(snapshot, clock())
        if final is not None:
            return final
    raise poll.timeout()


async def async_wait_for_payment(
    gateway: AsyncGatewayHost,
    transaction_id: str,
    *,
    expected_amount: int | None = None,
    started_at: float | None = None,
    expires_in: float | None = None,
    schedule: PollSchedule = DEFAULT_SCHEDULE,
    clock: Callable[[], float] = time.monotonic,
    sleep: AsyncSleep = async_default_sleep,
    operation: str = "getTransactionStatus",
) -> FinalStatus:
    """Poll the gateway's status operation on ``schedule`` until the payment is final (see :mod:`.polling`).
    ``operation="getTransactionStatusAppsHost"`` reads it on the apps host."""
    read = status_read(gateway, operation)

    async def fetch() -> StatusSnapshot:
        return snapshot_of(await read(transaction_id), transaction_id, expected_amount, operation=operation)

    return await async_wait_for_final_status(
        fetch,
        transaction_id,
        expected_amount=expected_amount,
        grace=gateway.config.reconcile_grace,
        started_at=started_at,
        expires_in=expires_in,
        schedule=schedule,
        clock=clock,
        sleep=sleep,
    )
