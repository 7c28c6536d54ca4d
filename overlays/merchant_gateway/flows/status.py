"""Polling a Gateway for a payment's final status: the bridge between the generated status answer and the
schedule-driven pollers of :mod:`.polling` and :mod:`.reconcile`.

Why this module exists: the pollers work on a small :class:`StatusSnapshot` so they can be tested without I/O;
this module reads one from the generated ``TransactionStatusResponse`` and binds the pollers to a Gateway.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Awaitable, Callable, Iterable, Mapping
from types import MappingProxyType
from typing import TYPE_CHECKING, Any

from ..errors import ValidationError
from ..retry import RetryPolicy
from ..verdicts import Expect, judge, table
from ._fields import field_of
from .polling import FinalStatus, StatusSnapshot, async_wait_for_final_status, wait_for_final_status
from .reconcile import PendingPayment, ReconcileReport, reconcile_many
from .schedule import DEFAULT_SCHEDULE, PollSchedule

_ONE_ATTEMPT = RetryPolicy(max_attempts=1)

if TYPE_CHECKING:
    from ..host import AsyncGatewayHost, GatewayHost

#: The status reads, by operation id: the base host's, and the same read served by the apps host.
STATUS_READS: Mapping[str, str] = MappingProxyType(
    {
        "getTransactionStatus": "get_transaction_status",
        "getTransactionStatusAppsHost": "get_transaction_status_apps_host",
    }
)


def status_read(gateway: GatewayHost | AsyncGatewayHost, operation: str) -> Callable[[str], Any]:
    """The gateway's method of the status read ``operation`` (an operation id of :data:`STATUS_READS`)."""
    try:
        return getattr(gateway, STATUS_READS[operation])  # type: ignore[no-any-return]
    except KeyError:
        raise ValidationError(
            "operation", f"must be one of {', '.join(STATUS_READS)} (a status read); leave it out for the base host"
        ) from None


def snapshot_of(
    response: Any, transaction_id: str, expected_amount: int | None = None, *, operation: str = "getTransactionStatus"
) -> StatusSnapshot:
    """A StatusSnapshot of a status answer the gateway returned (``data`` may be absent, null or ``{}``), judged by
    merchant_gateway.verdicts with the amount expected: succeeded needs this transaction's id and exactly
    ``expected_amount`` (without one, a paid answer is only "unconfirmed"), and an answer naming another amount
    carries ``mismatch="amount"``.

    ``paymentState`` is informative and open: a documented value (the ``PaymentState`` enum, a ``str``) and a new
    one (kept as the string received) both become their wire string; decisions use the verdict only.
    """
    data = field_of(response, "data")
    state = field_of(data, "payment_state")
    judgement = judge(
        table(operation),
        status=200,
        answer=response.to_dict(),
        expect=Expect(transaction_id, None, expected_amount),
    )
    amount = field_of(data, "amount")
    return StatusSnapshot(
        transaction_id=transaction_id,
        code=str(response.code),
        amount=amount if type(amount) is int else None,
        payment_state=None if state is None else str(state),
        pay_response_code=field_of(data, "pay_response_code"),
        provider_reference_id=field_of(data, "provider_reference_id"),
        verdict=judgement.verdict,
        mismatch=judgement.mismatch,
    )


def wait_for_payment(
    gateway: GatewayHost,
    transaction_id: str,
    *,
    expected_amount: int | None = None,
    started_at: float | None = None,
    expires_in: float | None = None,
    schedule: PollSchedule = DEFAULT_SCHEDULE,
    clock: Callable[[], float] = time.monotonic,
    sleep: Callable[[float], None] = time.sleep,
    operation: str = "getTransactionStatus",
) -> FinalStatus:
    """Poll the gateway's status operation on ``schedule`` until the payment is final (see :mod:`.polling`).
    ``operation="getTransactionStatusAppsHost"`` reads it on the apps host."""
    read = status_read(gateway, operation)
    return wait_for_final_status(
        lambda: snapshot_of(read(transaction_id), transaction_id, expected_amount, operation=operation),
        transaction_id,
        expected_amount=expected_amount,
        grace=gateway.config.reconcile_grace,
        started_at=started_at,
        expires_in=expires_in,
        schedule=schedule,
        clock=clock,
        sleep=sleep,
    )


async def async_wait_for_payment(
    gateway: AsyncGatewayHost,
    transaction_id: str,
    *,
    expected_amount: int | None = None,
    started_at: float | None = None,
    expires_in: float | None = None,
    schedule: PollSchedule = DEFAULT_SCHEDULE,
    clock: Callable[[], float] = time.monotonic,
    sleep: Callable[[float], Awaitable[None]] = asyncio.sleep,
    operation: str = "getTransactionStatus",
) -> FinalStatus:
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


async def reconcile_payments(
    gateway: AsyncGatewayHost,
    pending: Iterable[PendingPayment],
    *,
    max_in_flight: int = 10,
    max_rate: float = 10.0,
    schedule: PollSchedule = DEFAULT_SCHEDULE,
    clock: Callable[[], float] = time.monotonic,
    sleep: Callable[[float], Awaitable[None]] = asyncio.sleep,
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

    return await reconcile_many(
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
