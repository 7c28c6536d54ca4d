"""What each outcome of a gateway call means to the ledger (the rules: :mod:`.observer`), free of the calls'
flavour: the write-ahead facts of a call, the keys of its attempts and status reads, the transitions each
outcome records."""

from __future__ import annotations

import contextlib
import contextvars
import logging
from collections.abc import Callable, Iterator, Mapping
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
from ..observers import CallObserver
from ..transports import SendFence, arm_fence
from .errors import LedgerUnavailable, PaymentClosedError
from .model import KINDS, NOT_SENT, REJECTED, TERMINAL_CODES, Payment

if TYPE_CHECKING:
    from .._core import Prepared

logger = logging.getLogger("merchant_gateway.ledger")


def _intent(prep: Prepared) -> dict[str, Any] | None:
    """The write-ahead facts of a money-moving call, or None for any other call."""
    op = prep.op
    if op.money_movement == "none" or prep.transaction_id is None:
        return None
    wire: Mapping[str, Any] = prep.wire or {}  # the payload's wire dict, made once by prepare (no to_dict() here)
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
        "original_amount": prep.original_amount,
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


class _FirstAttempt:
    """The first attempt a call's write-ahead recorded, until an attempt uses it. Mutable, and shared by the
    contexts copied from the call's (an attempt run in a task of its own): used once, whichever context uses it."""

    __slots__ = ("at", "key")

    def __init__(self, key: tuple[str, str], at: float | None) -> None:
        self.key = key
        self.at = at


_FIRST_ATTEMPT: contextvars.ContextVar[_FirstAttempt | None] = contextvars.ContextVar(
    "merchant_gateway_ledger_first_attempt", default=None
)


_CLAIMED_CHECK: contextvars.ContextVar[bool] = contextvars.ContextVar(
    "merchant_gateway_ledger_claimed_check", default=False
)


@contextlib.contextmanager
def claimed_check() -> Iterator[None]:
    """Around the status read of a check the reconciler claimed: the observer leaves its answer to the
    reconciler's ``finish_check``, which records it under the claim (else the answer was written twice, in two
    transactions)."""
    token = _CLAIMED_CHECK.set(True)
    try:
        yield
    finally:
        _CLAIMED_CHECK.reset(token)


class LedgerRecords(Protocol):
    """What the observer writes: the transitions of :class:`~merchant_gateway.ledger.Ledger` it uses. A protocol,
    not the class: ``ledger.observer`` builds the observer, so naming ``Ledger`` here would close the import cycle
    ledger -> observer -> ledger (docs/design.md, "Layers inside merchant_gateway")."""

    def record_intent(
        self, *, merchant_id: str, transaction_id: str, operation: str, attempt: bool = False
    ) -> Payment: ...

    def record_attempt(self, merchant_id: str, transaction_id: str) -> float: ...

    def send_fence(self, attempt_at: float) -> SendFence: ...

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


class RateCeiling(Protocol):
    """What the observer waits for before each attempt: :class:`~merchant_gateway.ledger.SharedRateLimiter` (a
    protocol, as :class:`LedgerRecords`: the limiter's module imports this package's flavoured code too)."""

    def acquire(self) -> None: ...

    async def async_acquire(self) -> None: ...


class _LedgerOutcomes(CallObserver):
    """What a :class:`~merchant_gateway.ledger.LedgerObserver` holds and what each outcome means to it (its calls,
    in both flavours, are in ``_async.py``/``_sync.py``)."""

    def __init__(self, ledger: LedgerRecords, *, limiter: RateCeiling | None = None) -> None:
        self.ledger = ledger
        self.limiter = limiter

    @staticmethod
    def _first_attempt(intent: dict[str, Any], payment: Payment) -> contextvars.Token[_FirstAttempt | None]:
        """Note that the write-ahead of this call recorded its first attempt (``record_intent(attempt=True)``):
        the first ``before_attempt`` of this call uses it instead of writing again."""
        key = (intent["merchant_id"], intent["transaction_id"])
        return _FIRST_ATTEMPT.set(_FirstAttempt(key, payment.last_attempt_at))

    @staticmethod
    def _recorded_first(key: tuple[str, str]) -> float | None:
        """The first attempt's time if the write-ahead recorded it and no attempt has used it yet (then it is
        used: every later attempt is recorded by its own write)."""
        first = _FIRST_ATTEMPT.get()
        if first is None or first.key != key or first.at is None:
            return None
        at, first.at = first.at, None
        return at

    def _arm(self, attempt_at: float) -> None:
        """The recorded attempt's send deadline, for the transport of the attempt about to be sent in this thread
        or task (the gateway ends it with the attempt)."""
        arm_fence(self.ledger.send_fence(attempt_at))

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
        if _CLAIMED_CHECK.get():  # the reconciler's read: its finish_check records the answer, in one transaction
            return
        answer = status_answer(result)
        code = answer.get("code") if answer is not None else None
        if answer is None or code not in TERMINAL_CODES:
            return  # pending is the reconciler's to schedule; anything else proves nothing here
        self.ledger.record_status(key[0], key[1], answer, source="status")

    @staticmethod
    def _safely(fn: Callable[..., None], *args: Any) -> None:
        try:
            fn(*args)
        except Exception:
            logger.exception("ledger write after the call failed; the reconciler will settle it")
