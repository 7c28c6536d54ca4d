"""The ledger's side of the gateway hook: write-ahead before a money-moving call, every HTTP attempt recorded (and
refused once the payment is final), its answer after, status reads judged, and every HTTP attempt paced by the
fleet's shared rate ceiling.

What an outcome of a money-moving call means to the ledger:

- an answer (PAYMENT_PENDING, PAYMENT_INITIATED, SUCCESS, a redirect...): ``accepted`` (a refund's or an instant
  debit's terminal code makes the status check due at once: the status operation decides);
- :class:`OutcomeUnknown`, and anything unexpected (a cancelled task, an interrupt): ``unknown``;
- :class:`GatewayConnectionError` / :class:`RateLimitedError` (never sent, after the allowed retries): final
  NOT_SENT;
- PAYMENT_ERROR / DECLINED / CANCELLED as an error answer: ``accepted``, status check due at once;
- a refund whose id exists already (verdict ``duplicate``: DUPLICATE_TXN_REQUEST): ``accepted``, status check due
  at once (refunding again under a new id could pay out twice; the status read proves it with the amount);
- any other gateway error code (BAD_REQUEST, INVALID_TRANSACTION_ID...): final REJECTED.

The write-ahead records the call's first attempt in its own transaction (one transaction fewer per payment):
nothing can end the payment before that attempt is sent, since its call is in progress (no NOT_RECORDED, no
operator's resolve) until the attempt's send deadline, which the write-ahead stores. Before each attempt
(``before_attempt``, retries included) the fleet's rate ceiling is waited for first; every attempt after the first
is then recorded by one conditional update that refuses a final payment (:class:`PaymentClosedError`): the
recorded time is as close to the send as the observer can get, and no attempt can follow a NOT_RECORDED verdict.

If the ledger cannot be written before sending (write-ahead or an attempt), the call fails with
:class:`LedgerUnavailable` and nothing is sent. If it cannot be written after the answer, the caller still gets the
answer (logged): the write-ahead row is there, still open, so the reconciler settles it once the database is back.

The calls are written once, async (``_async.py``: the database work in a worker thread, the event loop never
waits on it), and derived for the sync gateway (``_sync.py``); what each outcome means is in ``_outcomes.py``.
"""

from __future__ import annotations

from ..flows.polling import StatusSnapshot
from ..verdicts import Verdict
from ._async import AsyncLedgerCalls
from ._outcomes import LedgerRecords, RateCeiling, claimed_check, status_answer
from ._sync import LedgerCalls
from .model import NOT_RECORDED, Payment

__all__ = ["LedgerObserver", "LedgerRecords", "RateCeiling", "claimed_check", "status_answer"]


class LedgerObserver(LedgerCalls, AsyncLedgerCalls):
    """Attach with ``Gateway(..., observer=ledger.observer)`` or ``AsyncGateway(..., observer=ledger.observer)``."""

    def known_final(self, transaction_id: str, merchant_id: str) -> StatusSnapshot | None:
        """The ledger's final verdict on a payment, for a gateway's wait (it returns at once instead of sleeping to
        its next status check): a final PAYMENT_SUCCESS (recorded only at the amount sent), a final failure, or
        NOT_RECORDED; None while the payment is open or ended in one of the ledger's other verdicts (the status
        read decides those). A local read of the ledger's database, never a request to the gateway."""
        get = getattr(self.ledger, "get", None)
        payment = get(transaction_id, merchant_id) if callable(get) else None
        if not isinstance(payment, Payment) or not payment.is_final:
            return None
        verdict = _LEDGER_VERDICTS.get(payment.code or "")
        if verdict is None:
            return None
        return StatusSnapshot(
            transaction_id,
            payment.code or "",
            amount=payment.amount,
            pay_response_code=payment.pay_response_code,
            provider_reference_id=payment.provider_reference_id,
            verdict=verdict,
        )


_LEDGER_VERDICTS = {
    "PAYMENT_SUCCESS": Verdict.SUCCEEDED,
    "PAYMENT_ERROR": Verdict.FAILED,
    "PAYMENT_DECLINED": Verdict.FAILED,
    "PAYMENT_CANCELLED": Verdict.FAILED,
    NOT_RECORDED: Verdict.NOT_RECORDED,
}
