"""The write-ahead record and what moves it: a payment written down before its request is sent, every send
attempt, the call's answer or its unknown end, status answers read outside the reconciler, the gateway's callbacks
and the customer's return. The rules: :mod:`merchant_gateway.ledger.ledger`."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..transports import SendFence
from ..verdicts import table
from . import model, refunds
from .errors import DuplicateTransactionError, PaymentClosedError
from .judging import Judging
from .ledger_base import NOTICE_AHEAD, STATUS_TABLE, Answer, answer_of
from .migrations import PAYMENT_SELECT
from .model import ACCEPTED, FINAL, NOT_RECORDED, RANK, RECORDED, TERMINAL_CODES, UNKNOWN, VERDICTS, Payment

if TYPE_CHECKING:
    from .instruments import TraceLink
    from .observer import LedgerObserver


class Recording(Judging):
    """Write-ahead, attempts, answers and callbacks (a part of :class:`~merchant_gateway.ledger.Ledger`)."""

    def record_intent(
        self,
        *,
        merchant_id: str,
        transaction_id: str,
        operation: str,
        kind: str = "payment",
        amount: int | None = None,
        order_id: str | None = None,
        original_transaction_id: str | None = None,
        expires_in: float | None = None,
        original_amount: int | None = None,
        attempt: bool = False,
    ) -> Payment:
        """Write a payment down before its request is sent. Raises :class:`DuplicateTransactionError` when the id
        is already in the ledger, and, for a refund, :class:`ExcessRefundError` when its amount and the refunds of
        the same payment already sent or in progress would exceed the payment (``original_amount``, else the
        original payment's own row; see :mod:`.refunds`): nothing is written or sent then. Also for requests the
        merchant's server prepares but does not send itself (the mobile SDK's debit): the reconciler then settles
        them like any other (the call counts as in progress for ``call_bound``, since the phone may send it late).

        ``attempt=True``: the call's first send attempt is recorded in the same transaction (the returned
        payment's ``last_attempt_at`` is its time, what :meth:`record_attempt` would have returned), so the
        observer need not write again before the first byte. Nothing can end the payment between this write and
        that attempt: its call is in progress until ``call_until`` (no NOT_RECORDED, no operator's resolve), and
        the attempt's send deadline is the ``call_until`` written here."""
        with self.store.transaction() as tx:
            if kind == "refund" and original_transaction_id and type(amount) is int:
                refunds.check_room(
                    tx,
                    merchant_id=merchant_id,
                    transaction_id=transaction_id,
                    original=original_transaction_id,
                    amount=amount,
                    original_amount=original_amount,
                )
            now = self._now(tx)
            deadline = now + model.schedule_deadline(self.schedule, expires_in)
            first_check = model.first_check(self.schedule, now)
            give_up = max(now + self.give_up_after, now + (expires_in or 0.0) + self.grace)
            row = {
                "merchant_id": merchant_id,
                "transaction_id": transaction_id,
                "operation": operation,
                "kind": kind,
                "amount": amount,
                "order_id": order_id,
                "original_transaction_id": original_transaction_id,
                "state": RECORDED,
                "rank": RANK[RECORDED],
                "created_at": now,
                "started_at": now,
                "deadline": deadline,
                "give_up_at": give_up,
                "call_until": now + self.call_bound,
                "updated_at": now,
                "next_check_at": first_check,
            }
            if attempt:
                row["attempts"] = 1
                row["last_attempt_at"] = now
            traceparent = self.instruments.trace_context() if self.instruments is not None else None
            if traceparent is not None:  # later checks, callbacks and hooks join the trace of this call
                row["traceparent"] = traceparent
            cols = ", ".join(row)
            marks = ", ".join("?" for _ in row)
            inserted = self._write_with_event(  # the event written only when the row was
                tx,
                f"INSERT INTO mgw_payments ({cols}) VALUES ({marks}) ON CONFLICT DO NOTHING",
                list(row.values()),
                PAYMENT_SELECT,
                (now, "intent", RECORDED, None, operation),
            )
            if not inserted:
                existing = self._row(tx, merchant_id, transaction_id)
                state = existing["state"] if existing else "?"
                raise DuplicateTransactionError(
                    "transactionId", f"{transaction_id} is already in the ledger (state {state}); use a new id"
                )
            if first_check <= now + NOTICE_AHEAD:
                self._announce(tx, merchant_id, first_check)
        return Payment.from_row(inserted[0])

    def record_attempt(self, merchant_id: str, transaction_id: str) -> float:
        """Record that a request for the payment is about to be sent (every HTTP attempt, retries included), and
        refuse it if the payment is final: one conditional update, so no attempt can follow a final verdict
        (NOT_RECORDED above all). An empty read made before this attempt says nothing of it, so the wait for
        NOT_RECORDED starts again at the next one (``absent_*`` cleared). Returns the attempt's time. Raises
        :class:`PaymentClosedError` (nothing may be sent) or :class:`LedgerUnavailable` (nothing may be sent
        either)."""
        with self.store.transaction() as tx:
            now = self._now(tx)
            n = tx.rowcount(
                "UPDATE mgw_payments SET attempts = attempts + 1, updated_at = ?, call_until = ?, "
                "last_attempt_at = CASE WHEN last_attempt_at IS NULL OR last_attempt_at < ? THEN ? "
                "ELSE last_attempt_at END, absent_since = NULL, absent_mono = NULL, absent_host = NULL "
                "WHERE merchant_id = ? AND transaction_id = ? AND rank < ?",
                (now, now + self.call_bound, now, now, merchant_id, transaction_id, RANK[FINAL]),
            )
            if n:
                return now
            row = self._row(tx, merchant_id, transaction_id)
        if row is None:
            raise PaymentClosedError("transactionId", f"{transaction_id} is not in the ledger: nothing was sent")
        raise PaymentClosedError(
            "transactionId",
            f"{transaction_id} is final in the ledger ({row['code']}): no request for it may be sent, so nothing was "
            "sent; read ledger.get() (after NOT_RECORDED, pay again under a new transaction id)",
        )

    def send_fence(self, attempt_at: float) -> SendFence:
        """The send deadline of an attempt recorded at ``attempt_at`` (what :meth:`record_attempt` returned):
        ``call_bound`` after it, the attempt's ``call_until``, on the ledger's clock, and the same span on this
        machine's monotonic clock (a wall clock set back during a pause cannot extend it). The transport refuses
        the attempt's first byte once it has passed (:class:`~merchant_gateway.transports.SendFence`), and
        TRANSACTION_NOT_FOUND becomes NOT_RECORDED no earlier than this deadline plus ``grace`` (:meth:`sends`):
        a sender paused between the record and the write sends nothing after that verdict."""
        deadline = attempt_at + self.call_bound
        left = deadline - self.clock()
        return SendFence(deadline, self.clock, monotonic_deadline=self.monotonic() + left, monotonic=self.monotonic)

    def end_call(self, merchant_id: str, transaction_id: str) -> None:
        """The call that sends the payment's requests has ended (no further attempt will come from it)."""
        with self.store.transaction() as tx:
            tx.execute(
                "UPDATE mgw_payments SET call_until = NULL WHERE merchant_id = ? AND transaction_id = ?",
                (merchant_id, transaction_id),
            )

    def record_answer(
        self, merchant_id: str, transaction_id: str, code: str | None, *, reports_state: bool = False
    ) -> bool:
        """The gateway answered the request (the call has ended): accepted, the final state is still to come. When
        the answer reports the payment's state (``reports_state``: refunds, instant debit, an error answer) and
        carries a terminal code, the status check is made due at once (the status operation decides). A debit's
        PAYMENT_SUCCESS only says the payment was initiated. An answer proves the gateway recorded the request, so
        the payment can never become NOT_RECORDED."""
        due_now = reports_state and code in TERMINAL_CODES
        with self.store.transaction() as tx:
            now = self._now(tx)
            # the call has ended and was answered (always), and the payment is accepted (when it was not yet): one
            # statement in the usual case, the first answer of an open payment; the second only when the payment
            # had moved on already (the row's end state is the same either way)
            n = self._write_with_event(
                tx,
                "UPDATE mgw_payments SET call_until = NULL, answered_at = COALESCE(answered_at, ?), state = ?, "
                "rank = ?, code = ?, updated_at = ?, next_check_at = CASE WHEN ? THEN ? ELSE next_check_at END "
                "WHERE merchant_id = ? AND transaction_id = ? AND rank < ?",
                (now, ACCEPTED, RANK[ACCEPTED], code, now, due_now, now, merchant_id, transaction_id, RANK[ACCEPTED]),
                "merchant_id, transaction_id",
                (now, "answer", ACCEPTED, code, None),
            )
            if not n:
                tx.execute(
                    "UPDATE mgw_payments SET call_until = NULL, answered_at = COALESCE(answered_at, ?) "
                    "WHERE merchant_id = ? AND transaction_id = ?",
                    (now, merchant_id, transaction_id),
                )
            elif due_now:
                self._announce(tx, merchant_id, now)
        return bool(n)

    def record_unknown(self, merchant_id: str, transaction_id: str, detail: str | None = None) -> bool:
        """The call ended without knowing whether the gateway acted (OutcomeUnknown, a crash mid-call)."""
        with self.store.transaction() as tx:
            now = self._now(tx)
            tx.execute(
                "UPDATE mgw_payments SET call_until = NULL WHERE merchant_id = ? AND transaction_id = ?",
                (merchant_id, transaction_id),
            )
            n = tx.rowcount(
                "UPDATE mgw_payments SET state = ?, rank = ?, unknown_at = ?, detail = ?, updated_at = ? "
                "WHERE merchant_id = ? AND transaction_id = ? AND rank < ?",
                (UNKNOWN, RANK[UNKNOWN], now, detail, now, merchant_id, transaction_id, RANK[UNKNOWN]),
            )
            if n:
                self._event(tx, merchant_id, transaction_id, now, "answer", UNKNOWN, None, detail)
        return bool(n)

    def record_final(
        self,
        merchant_id: str,
        transaction_id: str,
        code: str,
        *,
        source: str,
        detail: str | None = None,
        amount: object = None,
        pay_response_code: str | None = None,
        provider_reference_id: str | None = None,
    ) -> bool:
        """Report a final state. A ledger verdict the caller proved itself (NOT_SENT, REJECTED, UNRESOLVED) ends the
        payment as given; a gateway payment code is an answer, judged like a status answer against the amount and
        merchant sent (a success without the expected integer amount is not final). NOT_RECORDED only comes from
        the ledger's own TRANSACTION_NOT_FOUND rule. True when this report made the payment final."""
        if code in VERDICTS:
            if code == NOT_RECORDED:
                raise ValueError("NOT_RECORDED is decided by the ledger from a TRANSACTION_NOT_FOUND status read")
            return self._advance_final(merchant_id, transaction_id, code, source=source, detail=detail)
        answer = answer_of(
            merchant_id,
            transaction_id,
            code,
            amount=amount,
            pay_response_code=pay_response_code,
            provider_reference_id=provider_reference_id,
        )
        return self.record_status(merchant_id, transaction_id, answer, source=source) == "final"

    def record_status(
        self, merchant_id: str, transaction_id: str, answer: Answer | None, *, status: int = 200, source: str = "status"
    ) -> str:
        """A status answer read outside the reconciler (a gateway call with this ledger's observer): judged with what
        the ledger knows; returns ``final`` (this answer made it final), ``duplicate`` (it was final already),
        ``open`` or ``unknown_transaction``."""
        outcome = "open"
        with self.store.transaction() as tx:
            now = self._now(tx)
            row = self._row(tx, merchant_id, transaction_id, lock=True)
            if row is None:
                return "unknown_transaction"
            judgement = self._judge(row, now, STATUS_TABLE, status, answer)
            outcome = self._apply(tx, row, judgement, now, source, answer)
        if outcome == "final":
            self._run_hook_after(merchant_id, transaction_id)
        return outcome if outcome in ("final", "duplicate") else "open"

    @property
    def observer(self) -> LedgerObserver:
        """Give it to a gateway: ``Gateway(..., observer=ledger.observer)``. Every money-moving call is then
        recorded before it is sent and moved forward by its answer; final status reads move it too; and, with
        ``rate_limit``, every request waits for the fleet's shared rate ceiling."""
        if self._observer is None:
            from .observer import LedgerObserver

            self._observer = LedgerObserver(self, limiter=self.limiter)
        return self._observer

    # --- callbacks ------------------------------------------------------------------------------------------------

    def observe_callback(
        self,
        merchant_id: str,
        transaction_id: str,
        code: str,
        *,
        amount: object,
        pay_response_code: str | None = None,
        provider_reference_id: str | None = None,
        source: str = "callback",
        answer: Answer | None = None,
        webhook: str = "paymentCallback",
    ) -> str:
        """Record a verified server-to-server (or collect: ``webhook="chargeCallback"``) callback, judged with the
        webhook's outcome table against the amount and merchant in the ledger. ``answer``: the callback's decoded
        JSON (else built from the fields). Returns what it did: ``final`` (this callback made the payment final),
        ``duplicate`` (it already was), ``unknown_transaction`` (not in this ledger), ``amount_mismatch`` or
        ``untrusted`` (its amount or identity is not proven: not trusted, a status check is made due now) or
        ``ignored`` (not a final state)."""
        if answer is None:
            answer = answer_of(
                merchant_id,
                transaction_id,
                code,
                amount=amount,
                pay_response_code=pay_response_code,
                provider_reference_id=provider_reference_id,
            )
        if self.instruments is None:
            return self._observe_callback(merchant_id, transaction_id, code, answer, source, webhook, None)
        with self.instruments.callback(transaction_id, webhook) as trace:
            return self._observe_callback(merchant_id, transaction_id, code, answer, source, webhook, trace)

    def _observe_callback(
        self,
        merchant_id: str,
        transaction_id: str,
        code: str,
        answer: Answer,
        source: str,
        webhook: str,
        trace: TraceLink | None,
    ) -> str:
        outcomes = table(webhook)
        with self.store.transaction() as tx:
            now = self._now(tx)
            row = self._row(tx, merchant_id, transaction_id, lock=True)
            if row is None:
                self._event(tx, merchant_id, transaction_id, now, source, None, code, "not in the ledger")
                return "unknown_transaction"
            if trace is not None:
                trace.link(row.get("traceparent"))
            judgement = self._judge(row, now, webhook, 200, answer)
            outcome = self._apply(tx, row, judgement, now, source, answer)
            if outcome == "doubt":
                self._due_now(tx, merchant_id, transaction_id, now)
                listed = judgement.code is None or judgement.code in outcomes.codes  # None: the answer is unreadable
                outcome = ("amount_mismatch" if "amount" in judgement.reason else "untrusted") if listed else "ignored"
            elif outcome == "open":
                outcome = "ignored"
        if outcome == "final":
            self._run_hook_after(merchant_id, transaction_id)
        return outcome

    def observe_ui_return(self, merchant_id: str, transaction_id: str) -> bool:
        """The UI form post only says the browser flow ended: make the status check due now."""
        with self.store.transaction() as tx:
            return self._due_now(tx, merchant_id, transaction_id, self._now(tx))
