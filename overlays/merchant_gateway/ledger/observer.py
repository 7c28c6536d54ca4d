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

Before each attempt (``before_attempt``, retries included) the fleet's rate ceiling is waited for first, then the
attempt is recorded by one conditional update that refuses a final payment (:class:`PaymentClosedError`): the
recorded time is as close to the send as the observer can get, and no attempt can follow a NOT_RECORDED verdict.

If the ledger cannot be written before sending (write-ahead or an attempt), the call fails with
:class:`LedgerUnavailable` and nothing is sent. If it cannot be written after the answer, the caller still gets the
answer (logged): the write-ahead row is there, still open, so the reconciler settles it once the database is back.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any, Protocol

from ..errors import (
    ApiError,
    GatewayConnectionError,
    GatewayError,
    OutcomeUnknown,
    PaymentError,
    RateLimitedError,
    ServerError,
)
from ..hooks import CallObserver
from .errors import LedgerUnavailable, PaymentClosedError
from .model import KINDS, NOT_SENT, REJECTED, TERMINAL_CODES

if TYPE_CHECKING:
    from .._core import Prepared
    from .shared import SharedRateLimiter

logger = logging.getLogger("merchant_gateway.ledger")


def _intent(prep: Prepared) -> dict[str, Any] | None:
    """The write-ahead facts of a money-moving call, or None for any other call."""
    op = prep.op
    if op.money_movement == "none" or prep.transaction_id is None:
        return None
    body = prep.kwargs.get("body")
    wire: dict[str, Any] = body.to_dict() if body is not None else {}
    expires_in: float | None = None
    if isinstance(wire.get("expiresIn"), int):  # collect: seconds
        expires_in = float(wire["expiresIn"])
    elif isinstance(wire.get("validFor"), int):  # SDK-less: milliseconds
        expires_in = wire["validFor"] / 1000.0
    return {
        "merchant_id": wire.get("merchantId") or "",
        "transaction_id": prep.transaction_id,
        "operation": op.operation_id,
        "kind": KINDS.get(op.money_movement, "payment"),
        "amount": prep.amount,
        "order_id": wire.get("merchantOrderId"),
        "original_transaction_id": wire.get("originalTransactionId") or wire.get("providerReferenceId"),
        "expires_in": expires_in,
    }


def _attempt_key(prep: Prepared) -> tuple[str, str] | None:
    """(merchant, transaction) of a money-moving call's attempt, as its write-ahead recorded them."""
    intent = _intent(prep)
    return None if intent is None else (intent["merchant_id"], intent["transaction_id"])


def status_answer(result: object) -> dict[str, Any] | None:
    """A status operation's answer as its JSON object: the generated model's ``to_dict()`` keeps the raw JSON
    types of scalars (an amount ``1.0`` or ``"1"`` stays what it was), which the verdict function judges."""
    to_dict = getattr(result, "to_dict", None)
    if not callable(to_dict):
        return None
    answer = to_dict()
    return answer if isinstance(answer, dict) else None


def _status_key(prep: Prepared) -> tuple[str, str] | None:
    if prep.op.answer_codes != "payment-state" or prep.transaction_id is None:
        return None
    merchant = prep.kwargs.get("merchant_id")
    return (merchant, prep.transaction_id) if isinstance(merchant, str) else None


class LedgerRecords(Protocol):
    """What the observer writes: the transitions of :class:`~merchant_gateway.ledger.Ledger` it uses. A protocol,
    not the class: ``ledger.observer`` builds the observer, so naming ``Ledger`` here would close the import cycle
    ledger -> observer -> ledger (docs/design.md, "Layers inside merchant_gateway")."""

    def record_intent(self, *, merchant_id: str, transaction_id: str, operation: str) -> object: ...

    def record_attempt(self, merchant_id: str, transaction_id: str) -> object: ...

    def end_call(self, merchant_id: str, transaction_id: str) -> object: ...

    def record_answer(
        self, merchant_id: str, transaction_id: str, code: str | None, *, reports_state: bool = False
    ) -> object: ...

    def record_unknown(self, merchant_id: str, transaction_id: str, detail: str | None = None) -> object: ...

    def record_final(
        self, merchant_id: str, transaction_id: str, code: str, *, source: str, detail: str | None = None
    ) -> object: ...

    def record_status(
        self, merchant_id: str, transaction_id: str, answer: dict[str, Any] | None, *, source: str = "status"
    ) -> object: ...


class LedgerObserver(CallObserver):
    """Attach with ``Gateway(..., observer=ledger.observer)``."""

    def __init__(self, ledger: LedgerRecords, *, limiter: SharedRateLimiter | None = None) -> None:
        self.ledger = ledger
        self.limiter = limiter

    # --- sync --------------------------------------------------------------------------------------------------

    def call(self, prep: Prepared, run: Callable[[Prepared], Any]) -> Any:
        intent = _intent(prep)
        if intent is not None:
            self.ledger.record_intent(**intent)  # raises: nothing is sent
            try:
                result = run(prep)
            except BaseException as exc:
                self._safely(self._after_error, intent, exc)
                raise
            self._safely(self._after_answer, intent, result)
            return result
        result = run(prep)
        key = _status_key(prep)
        if key is not None:
            self._safely(self._after_status, key, result)
        return result

    def before_attempt(self, prep: Prepared) -> None:
        if self.limiter is not None:
            self.limiter.acquire()
        key = _attempt_key(prep)
        if key is not None:
            self.ledger.record_attempt(*key)  # raises: this attempt is not sent

    # --- async (the ledger's database calls run in a worker thread) ----------------------------------------------

    async def acall(self, prep: Prepared, run: Callable[[Prepared], Awaitable[Any]]) -> Any:
        intent = _intent(prep)
        if intent is not None:
            await asyncio.to_thread(lambda: self.ledger.record_intent(**intent))
            try:
                result = await run(prep)
            except BaseException as exc:
                await asyncio.shield(asyncio.to_thread(self._safely, self._after_error, intent, exc))
                raise
            await asyncio.to_thread(self._safely, self._after_answer, intent, result)
            return result
        result = await run(prep)
        key = _status_key(prep)
        if key is not None:
            await asyncio.to_thread(self._safely, self._after_status, key, result)
        return result

    async def abefore_attempt(self, prep: Prepared) -> None:
        if self.limiter is not None:
            await self.limiter.aacquire()
        key = _attempt_key(prep)
        if key is not None:
            await asyncio.to_thread(self.ledger.record_attempt, *key)

    # --- what each outcome means --------------------------------------------------------------------------------

    def _after_answer(self, intent: dict[str, Any], result: Any) -> None:
        code = getattr(result, "code", None)
        reports = intent["kind"] == "refund" or intent["operation"] == "instantDebit"
        m, t = intent["merchant_id"], intent["transaction_id"]
        self.ledger.record_answer(m, t, None if code is None else str(code), reports_state=reports)

    def _after_error(self, intent: dict[str, Any], exc: BaseException) -> None:
        m, t = intent["merchant_id"], intent["transaction_id"]
        if isinstance(exc, PaymentClosedError | LedgerUnavailable):  # raised before an attempt: it was not sent
            self.ledger.end_call(m, t)
        elif isinstance(exc, GatewayError) and (isinstance(exc, OutcomeUnknown) or exc.verdict == "unknown"):
            self.ledger.record_unknown(m, t, f"OutcomeUnknown: {exc.code or exc.status or ''}".strip())
        elif isinstance(exc, GatewayConnectionError | RateLimitedError):
            self.ledger.record_final(m, t, NOT_SENT, source="answer", detail=type(exc).__name__)
        elif isinstance(exc, PaymentError) and exc.code in TERMINAL_CODES:
            self.ledger.record_answer(m, t, exc.code, reports_state=True)
        elif isinstance(exc, GatewayError) and exc.verdict == "duplicate" and intent["kind"] == "refund":
            # the refund id exists at the gateway (DUPLICATE_TXN_REQUEST): never a failure, its status decides
            self.ledger.record_answer(m, t, exc.code, reports_state=True)
        elif isinstance(exc, ApiError) and not isinstance(exc, ServerError):
            self.ledger.record_final(m, t, REJECTED, source="answer", detail=exc.code or type(exc).__name__)
        else:  # may have been sent: a cancelled task, an interrupt, a bug
            self.ledger.record_unknown(m, t, type(exc).__name__)

    def _after_status(self, key: tuple[str, str], result: Any) -> None:
        answer = status_answer(result)
        code = answer.get("code") if answer is not None else None
        if answer is None or code not in TERMINAL_CODES:
            return  # pending is the reconciler's to schedule; anything else proves nothing here
        self.ledger.record_status(key[0], key[1], answer, source="status")

    @staticmethod
    def _safely(fn: Callable[..., None], *args: Any) -> None:
        try:
            fn(*args)
        except Exception:  # noqa: BLE001 - the write-ahead row is there: the reconciler settles the payment
            logger.exception("ledger write after the call failed; the reconciler will settle it")
