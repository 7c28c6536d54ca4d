"""The client's record of what it sent, free of I/O: amounts, refunds held, the sends of each transaction and
the call's budget (shared by both gateways through :class:`merchant_gateway._core.Core`)."""

from __future__ import annotations

import random
import threading
from collections import OrderedDict
from collections.abc import Callable

from ..config import GatewayConfig
from ..errors import (
    ExcessRefundError,
    GatewayConnectionError,
    GatewayError,
    OutcomeUnknown,
    RateLimitedError,
    ValidationError,
)
from ..log import log_event
from ..verdicts import Sends, Verdict
from .calls import Prepared, Wait

# per gateway; bounded so a long-running process does not grow without limit. The refunds held against a payment are
# forgotten with it (the least recently refunded payment first): past the bound, this process no longer refuses a
# refund that, added to that payment's earlier ones, exceeds it (the ledger's hold is durable; docs/design.md)
_KNOWN_AMOUNTS = 10_000


_NEVER = float("-inf")  # no attempt of the transaction may have been sent


# x-money-movement values whose answer's data.amount must equal the request's (a refund answer's amount is not
# shown to be the refund's rather than the payment's: its type is checked, not its value)
_AMOUNT_ECHOED = ("debit", "collect")


class Records:
    """Per-gateway state that is not I/O: configuration, retry randomness, and what this client sent: amounts
    (for refund checks), refunds held against their payment, the sends of each transaction (the time rule of
    TRANSACTION_NOT_FOUND) and the ids declared never recorded."""

    def __init__(
        self,
        config: GatewayConfig,
        *,
        clock: Callable[[], float],
        wall_clock: Callable[[], float],
        rng: random.Random,
    ) -> None:
        self.config = config
        self._clock = clock
        self._wall_clock = wall_clock
        self._rng = rng
        self._amounts: OrderedDict[str, int] = OrderedDict()
        # payment -> its refunds held: id -> [the largest amount sent under the id, calls that have not freed it]
        self._refunds: OrderedDict[str, dict[str, list[int]]] = OrderedDict()
        # transaction id -> [clock() when its last attempt ended, calls for it in progress]: what this process
        # sent, for the time rule of TRANSACTION_NOT_FOUND (merchant_gateway.verdicts)
        self._sends: OrderedDict[str, list[float]] = OrderedDict()  # [last sent at or _NEVER, calls running]
        self._not_recorded: OrderedDict[str, None] = OrderedDict()  # declared never recorded: no new attempt
        # transaction id -> the amount this client sent under it (a debit or collect): what a later status answer
        # must carry to prove it paid; never an amount read from an answer, which would prove itself
        self._sent_amounts: OrderedDict[str, int] = OrderedDict()
        self._amounts_lock = threading.Lock()

    def remember_amount(self, transaction_id: str | None, amount: object) -> None:
        if transaction_id is None or type(amount) is not int:
            return
        with self._amounts_lock:
            self._amounts[transaction_id] = amount
            self._amounts.move_to_end(transaction_id)
            while len(self._amounts) > _KNOWN_AMOUNTS:
                self._amounts.popitem(last=False)

    def known_amount(self, transaction_id: object) -> int | None:
        if not isinstance(transaction_id, str):
            return None
        with self._amounts_lock:
            return self._amounts.get(transaction_id)

    def refund_sent(self, prep: Prepared) -> None:
        """A refund call begins: refused (:class:`ExcessRefundError`, nothing sent) when its amount and the refunds
        of the same payment this client holds would exceed the payment's amount, else held against it until an
        answer proves it moved nothing. One step under the lock: two refunds at once cannot both pass. A refund
        re-sent under its own id is not a second refund, but it neither lowers what the id holds nor frees it: an
        earlier call under the id may have moved money (its outcome unknown) whatever this one ends in."""
        original = _refund_of(prep)
        txn, amount = prep.transaction_id, prep.amount
        if original is None or txn is None or type(amount) is not int:
            return
        with self._amounts_lock:
            mine = self._refunds.setdefault(original, {})
            held = [(t, a) for t, (a, _) in mine.items() if t != txn]
            limit = prep.original_amount
            if limit is not None and amount + sum(a for _, a in held) > limit:
                raise ExcessRefundError(original=original, amount=amount, original_amount=limit, held=held)
            entry = mine.setdefault(txn, [amount, 0])
            entry[0] = max(entry[0], amount)
            entry[1] += 1
            self._refunds.move_to_end(original)
            while len(self._refunds) > _KNOWN_AMOUNTS:
                forgotten, holds = self._refunds.popitem(last=False)
                if holds:  # said, so that an operator knows this process's refund check no longer covers it
                    log_event(30, "refund_holds_forgotten", operation=prep.op.operation_id, transaction_id=forgotten)

    def refund_freed(self, prep: Prepared, exc: BaseException) -> None:
        """The refund call ended in ``exc``: a request that never left (or was not processed: a plain rate limit), or
        an answer saying it failed or was refused frees its amount; anything else (unknown, duplicate) keeps it."""
        original = _refund_of(prep)
        # a refusal before sending (the ledger's, say) keeps it held: this call may be a refund re-sent under an id
        # another call holds, and holding too much only refuses, never over-refunds
        freed = isinstance(exc, GatewayConnectionError | RateLimitedError) or (
            isinstance(exc, GatewayError) and exc.verdict in ("failed", "rejected", "not-found")
        )
        if original is None or not freed or type(prep.amount) is not int:  # not held by this call (refund_sent)
            return
        with self._amounts_lock:
            held = self._refunds.get(original)
            entry = held.get(prep.transaction_id or "") if held is not None else None
            if held is None or entry is None:
                return
            entry[1] -= 1  # only when no call under the id still holds it (an unknown outcome never frees)
            if entry[1] <= 0:
                del held[prep.transaction_id or ""]

    def not_found_verdict(self, transaction_id: str, exc: GatewayError) -> GatewayError:
        """What TRANSACTION_NOT_FOUND means to reconcile(): OutcomeUnknown while not yet found (verdicts' time
        rule: within ``reconcile_grace`` of the last request this client may have sent), else the error itself."""
        if exc.verdict != Verdict.NOT_YET_FOUND.value:
            return exc
        sends = self.sends_for(transaction_id)
        left = sends.grace - (sends.now - sends.last_at) if sends.last_at is not None else sends.grace
        return OutcomeUnknown(
            "not visible at the gateway yet; the request may still be in processing: "
            f"reconcile again in {max(left, 0.0):.0f} s",
            status=exc.status,
            code=exc.code,
            transaction_id=transaction_id,
            operation=exc.operation,
            verdict=exc.verdict,
        )

    def budget_left(self, started: float) -> float | None:
        """Seconds left of the call's ``total_timeout`` for a call started at ``started`` (None: it has none)."""
        total = self.config.total_timeout
        return None if total is None else started + total - self._clock()

    def may_try_again(self, prep: Prepared, attempt: int, step: Wait, started: float) -> None:
        """Raise the error of attempt ``attempt`` when waiting ``step.seconds`` and trying again would run past the
        call's ``total_timeout``: no wait and no attempt begins beyond it (called before and after the wait)."""
        left = self.budget_left(started)
        if left is None or step.seconds < left:
            return
        log_event(
            30,
            "give_up",
            operation=prep.op.operation_id,
            transaction_id=prep.transaction_id,
            attempt=attempt,
            wait=step.seconds,
            field="total_timeout",
        )
        assert step.error is not None  # every Wait of after_attempt carries the error it retries
        raise step.error

    def call_started(self, prep: Prepared) -> None:
        """A call that may move money begins: until it ends, a request for its transaction may still be sent."""
        txn = prep.transaction_id
        if txn is None or prep.op.money_movement == "none":
            return
        with self._amounts_lock:
            if txn in self._not_recorded:
                raise ValidationError(
                    "transactionId",
                    "was declared never recorded by the gateway; a request sent under it now could be recorded "
                    "after that verdict: start again under a new transaction id",
                )
        self.refund_sent(prep)  # may refuse it: then nothing of the call is recorded
        with self._amounts_lock:
            entry = self._sends.setdefault(txn, [_NEVER, 0])
            entry[1] += 1
            self._sends.move_to_end(txn)
            while len(self._sends) > _KNOWN_AMOUNTS:
                self._sends.popitem(last=False)
            if prep.op.money_movement in _AMOUNT_ECHOED and type(prep.amount) is int:
                self._sent_amounts[txn] = prep.amount
                self._sent_amounts.move_to_end(txn)
                while len(self._sent_amounts) > _KNOWN_AMOUNTS:
                    self._sent_amounts.popitem(last=False)

    def attempt_ended(self, prep: Prepared, *, sent: bool) -> None:
        """An attempt of a money-moving call is over; ``sent``: its request may have been sent (until now)."""
        txn = prep.transaction_id
        if not sent or txn is None or prep.op.money_movement == "none":
            return
        with self._amounts_lock:
            entry = self._sends.get(txn)
            if entry is not None:
                entry[0] = max(entry[0], self._clock())

    def call_ended(self, prep: Prepared) -> None:
        txn = prep.transaction_id
        if txn is None or prep.op.money_movement == "none":
            return
        with self._amounts_lock:
            entry = self._sends.get(txn)
            if entry is not None:
                entry[1] = max(0, entry[1] - 1)

    def sends_for(self, transaction_id: str | None, *, started_at: float | None = None) -> Sends:
        """What this process knows of the requests sent for ``transaction_id`` (``started_at``: a start's
        clock() reading known to the caller, e.g. a task-layer result, counts as a send)."""
        with self._amounts_lock:
            entry = self._sends.get(transaction_id) if transaction_id is not None else None
            last = entry[0] if entry is not None and entry[0] != _NEVER else None
            in_progress = entry is not None and entry[1] > 0
        if started_at is not None:
            last = started_at if last is None else max(last, started_at)
        return Sends(
            known=entry is not None or last is not None,
            last_at=last,
            now=self._clock(),
            grace=self.config.reconcile_grace,
            closed=not in_progress,
        )

    def declared_not_recorded(self, transaction_id: str) -> None:
        """The NOT_RECORDED verdict was given: this process sends nothing more under the id."""
        with self._amounts_lock:
            self._not_recorded[transaction_id] = None
            while len(self._not_recorded) > _KNOWN_AMOUNTS:
                self._not_recorded.popitem(last=False)


def _refund_of(prep: Prepared) -> str | None:
    """The payment a refund call refunds (its originalTransactionId or providerReferenceId), else None."""
    if prep.op.money_movement != "refund":
        return None
    wire = prep.wire or {}
    original = wire.get("originalTransactionId") or wire.get("providerReferenceId")
    return original if isinstance(original, str) else None
