"""A status answer read as a :class:`StatusSnapshot`, free of I/O (:mod:`.status` is the public module)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from types import MappingProxyType
from typing import TYPE_CHECKING, Any

from ..errors import ValidationError
from ..verdicts import Expect, judge, table
from ._fields import field_of
from ._polling import StatusSnapshot

if TYPE_CHECKING:
    from ..abstract import AbstractGateway, AsyncAbstractGateway

#: The status reads, by operation id: the base host's, and the same read served by the apps host.
STATUS_READS: Mapping[str, str] = MappingProxyType(
    {
        "getTransactionStatus": "get_transaction_status",
        "getTransactionStatusAppsHost": "get_transaction_status_apps_host",
    }
)


def status_read(gateway: AbstractGateway | AsyncAbstractGateway, operation: str) -> Callable[[str], Any]:
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
