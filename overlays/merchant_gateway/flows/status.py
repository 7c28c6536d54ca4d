"""Polling a Gateway for a payment's final status: the bridge between the generated status answer and the
schedule-driven pollers of :mod:`.polling` and :mod:`.reconcile`.

Why this module exists: the pollers work on a small :class:`StatusSnapshot` so they can be tested without I/O;
this module reads one from the generated ``TransactionStatusResponse`` and binds the pollers to a Gateway.

The reading, free of I/O, is in ``_status.py``; :func:`async_wait_for_payment` is written once in ``_async.py``
and :func:`wait_for_payment` derived from it in ``_sync.py``. :func:`async_reconcile_payments` is async only
(``reconcile_payments``: its deprecated alias, the README's name before the async naming rule).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING

from ..retry import RetryPolicy
from ._async import async_wait_for_payment
from ._polling import AsyncSleep, StatusSnapshot, async_default_sleep
from ._status import STATUS_READS, snapshot_of, status_read
from ._sync import wait_for_payment
from .reconcile import PendingPayment, ReconcileReport, async_reconcile_many
from .schedule import DEFAULT_SCHEDULE, PollSchedule

if TYPE_CHECKING:
    from ..abstract import AsyncAbstractGateway

__all__ = [
    "STATUS_READS",
    "async_reconcile_payments",
    "async_wait_for_payment",
    "reconcile_payments",
    "snapshot_of",
    "status_read",
    "wait_for_payment",
]

_ONE_ATTEMPT = RetryPolicy(max_attempts=1)


async def async_reconcile_payments(
    gateway: AsyncAbstractGateway,
    pending: Iterable[PendingPayment],
    *,
    max_in_flight: int = 10,
    max_rate: float = 10.0,
    schedule: PollSchedule = DEFAULT_SCHEDULE,
    clock: Callable[[], float] = time.monotonic,
    sleep: AsyncSleep = async_default_sleep,
    on_progress: Callable[[int, int], None] | None = None,
) -> ReconcileReport:
    """Reconcile many payments through one AsyncGateway within the in-flight and rate ceilings.

    Each status read is a single attempt: a 429 or a transport failure goes back to the scheduler (which waits
    TIME_WINDOW, bounded) instead of being retried inside the gateway, so every HTTP request counts against
    ``max_rate``.
    """

    one_attempt = gateway.with_options(retry=_ONE_ATTEMPT)
    payments = list(pending)
    expected = {p.transaction_id: p.expected_amount for p in payments}

    async def fetch(txn: str) -> StatusSnapshot:
        return snapshot_of(await one_attempt.get_transaction_status(txn), txn, expected.get(txn))

    return await async_reconcile_many(
        fetch,
        payments,
        grace=gateway.config.reconcile_grace,
        max_in_flight=max_in_flight,
        max_rate=max_rate,
        schedule=schedule,
        clock=clock,
        sleep=sleep,
        on_progress=on_progress,
    )


#: Deprecated alias of :func:`async_reconcile_payments` (its name in the README before the async naming rule,
#: docs/design.md "Async names"); kept for existing callers, to be removed in a major release.
reconcile_payments = async_reconcile_payments
