"""The payment ledger: every money-moving call written down before it is sent, every send attempt recorded, and
moved forward by every answer, callback and status read until it is final; the merchant's hook fired once per final
payment.

Why this module exists: a merchant's backend is many processes on many machines. A payment started by a process
that dies before the final status is known must still be driven to its final state by someone, and the
"fulfil the order" step must run once although the callback and a status read may both report the final state,
in different processes. The ledger is the one place all of them agree on (docs/design.md, "Payment ledger").

What an answer means is never decided here: every status answer and callback goes to
:func:`merchant_gateway.verdicts.judge` with what the ledger knows (the amount sent, the merchant, the send
history), and only its final verdicts (SUCCEEDED, FAILED, NOT_RECORDED) end a payment (issue 22):

- a status answer or callback whose identity or amount cannot be proven (amount ``1.0``, ``"1"``, absent, another
  amount, another id) leaves the payment open, and it is checked again;
- TRANSACTION_NOT_FOUND is final (NOT_RECORDED) only when no request for the payment can still be sent or be in
  processing: the call that sends it has ended (or its process is presumed dead after ``call_bound``), ``grace``
  has passed since the last recorded send attempt *and* since the first read that found nothing after the call
  ended, on the backend's clock *and* on a monotonic clock of one machine (a clock jump cannot end the wait
  early), and the gateway never answered the request. Each send attempt is recorded by a conditional update that
  refuses a final payment, and the NOT_RECORDED transition re-reads the attempts under the row's lock: no attempt
  can follow that verdict.

Times come from one clock per backend (:meth:`Store.now`: PostgreSQL's server clock, SQLite's process clock), read
inside the transaction that uses them; a test gives ``clock`` to drive time by hand.

Exactly once, precisely: the *transition* to a final state happens once per payment (a conditional update on the
state's rank; whoever loses the race changes nothing). The hook then runs

- ``hook_in_transaction=True`` (strong form): inside the very database transaction that marks the hook done, as
  ``hook(payment, tx)``. Effects the hook writes through ``tx`` (same database) commit together with "done", so
  they happen exactly once even across crashes. Keep such a hook short: it holds a row lock (PostgreSQL) or the
  SQLite write lock while it runs.
- ``hook_in_transaction=False`` (default): outside any transaction, as ``hook(payment)``, under a lease. It runs
  once unless the process dies after the hook's effect and before "done" is committed (or the hook outlives
  ``hook_lease``): then it runs again elsewhere, with the same ``payment.idempotency_key``, which the merchant
  stores with the effect to skip a repeat. An external side effect cannot be exactly-once across crashes unless it
  commits with the ledger.
"""

from __future__ import annotations

import logging
import os
import socket
import threading
import time
import uuid
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, TypedDict, Unpack

from ..flows.schedule import DEFAULT_SCHEDULE, PollSchedule
from ..log import log_event, log_ledger_event
from ..semconv import error_type
from ..transports import SendFence
from ..verdicts import Expect, Judgement, Sends, Unreadable, Verdict, judge, table
from . import model, refunds, workers
from .errors import DuplicateTransactionError, PaymentClosedError
from .migrations import Migrated
from .model import (
    ACCEPTED,
    FINAL,
    NOT_RECORDED,
    OVERDUE,
    RANK,
    RECORDED,
    TERMINAL_CODES,
    UNKNOWN,
    UNRESOLVED,
    VERDICTS,
    Payment,
)
from .settings import DEFAULT_GRACE, agree, fleet_settings, rate_limit_of
from .shared import RateLimit
from .store import Store, Tx, migrate, open_store
from .workers import WorkerStatus

if TYPE_CHECKING:
    from .instruments import LedgerInstruments, TraceLink
    from .observer import LedgerObserver
    from .shared import SharedRateLimiter, SharedTokenCache

logger = logging.getLogger("merchant_gateway.ledger")
Hook = Callable[..., object]
Answer = Mapping[str, Any] | Unreadable

__all__ = ["Claim", "DuplicateTransactionError", "Ledger", "LedgerOptions", "PaymentClosedError"]

STATUS_TABLE = "getTransactionStatus"
# PostgreSQL: a payment written down or made due is announced here (NOTIFY, delivered at commit), so an idle
# reconciler listening (LISTEN) wakes at once instead of polling
NOTICE_CHANNEL = "mgw_work"
_DOUBT = frozenset({Verdict.UNKNOWN, Verdict.UNREADABLE, Verdict.UNCONFIRMED})


@dataclass(frozen=True)
class Claim:
    """A due status check claimed by one worker until ``lease_until`` (``seq`` fences late writers)."""

    payment: Payment
    token: str
    seq: int
    lease_until: float
    unknown_at: float | None


def default_owner() -> str:
    return f"{socket.gethostname()}:{os.getpid()}:{uuid.uuid4().hex[:8]}"


def machine_id() -> str:
    """This machine, as long as its monotonic clock runs (Linux: the boot id; a reboot makes a new one)."""
    boot = ""
    try:
        with open("/proc/sys/kernel/random/boot_id", encoding="ascii") as f:
            boot = f.read().strip()
    except OSError:
        pass
    return f"{socket.gethostname()}/{boot}"


def answer_of(
    merchant_id: str,
    transaction_id: str,
    code: str,
    *,
    amount: object = None,
    pay_response_code: str | None = None,
    provider_reference_id: str | None = None,
) -> dict[str, Any]:
    """A payment-state answer built from decoded fields (a typed callback, a caller's record_final), for judge."""
    data: dict[str, Any] = {"merchantId": merchant_id, "transactionId": transaction_id}
    for key, value in (
        ("amount", amount),
        ("payResponseCode", pay_response_code),
        ("providerReferenceId", provider_reference_id),
    ):
        if value is not None:
            data[key] = value
    return {"success": code == "PAYMENT_SUCCESS", "code": code, "data": data}


class LedgerOptions(TypedDict, total=False):
    """The keyword arguments of :class:`Ledger` (and :meth:`Ledger.open`): a misspelt one fails ``mypy --strict``."""

    on_final: Hook | None
    hook_in_transaction: bool
    schedule: PollSchedule
    grace: float | None
    call_bound: float
    overdue_every: float
    give_up_after: float
    hook_lease: float
    hook_retry: float
    rate_limit: RateLimit | None
    replace_settings: bool
    clock: Callable[[], float] | None
    sleep: Callable[[float], None]
    owner: str | None
    monotonic: Callable[[], float]
    machine: str | None


class Ledger:
    """The ledger over one store. Thread-safe; one per process is enough (it may serve several merchants).

    ``grace``: how long after the last send attempt (and after the first read that found nothing) the gateway may
    still be processing a request: give it more than the gateway's timeout. ``call_bound``: after how long without
    an attempt a call that never reported its end (its process died) is presumed over. ``clock``: for tests
    only; by default every time is the backend's clock (see the module doc). ``monotonic`` and ``machine``: this
    machine's monotonic clock and a name for it (shared by its processes; another machine's reading is never
    compared), for tests only.

    Fleet settings (:mod:`.settings`): ``rate_limit``, ``grace`` and, with a hook, ``hook_in_transaction`` must be
    the same in every process on the ledger. The first process to give one stores it; a process given another
    value raises :class:`~merchant_gateway.errors.ConfigurationError` (naming the setting and both values) here,
    before anything is sent. ``rate_limit`` or ``grace`` not given (``None``): the stored value (else no ceiling,
    and 60 s). ``replace_settings=True``: the given values replace the stored ones for the whole fleet (a
    deliberate change, kept in ``mgw_settings_log``)."""

    def __init__(
        self,
        store: Store,
        *,
        on_final: Hook | None = None,
        hook_in_transaction: bool = False,
        schedule: PollSchedule = DEFAULT_SCHEDULE,
        grace: float | None = None,
        call_bound: float = 900.0,
        overdue_every: float = 900.0,
        give_up_after: float = 24 * 3600.0,
        hook_lease: float = 300.0,
        hook_retry: float = 30.0,
        rate_limit: RateLimit | None = None,
        replace_settings: bool = False,
        clock: Callable[[], float] | None = None,
        sleep: Callable[[float], None] = time.sleep,
        owner: str | None = None,
        monotonic: Callable[[], float] = time.monotonic,
        machine: str | None = None,
    ) -> None:
        self.store = store
        self.hook = on_final
        self.schedule = schedule
        self.call_bound = call_bound
        self.overdue_every = overdue_every
        self.give_up_after = give_up_after
        self.hook_lease = hook_lease
        self.hook_retry = hook_retry
        self._fixed_clock = clock
        self._offset = 0.0  # backend clock minus process clock, as last read (PostgreSQL)
        self.clock: Callable[[], float] = clock if clock is not None else self._backend_clock
        self.sleep = sleep
        self.owner = owner or default_owner()
        self.monotonic = monotonic
        self.machine = machine or machine_id()
        given = fleet_settings(
            rate_limit=rate_limit,
            grace=grace,
            hook_in_transaction=hook_in_transaction if on_final is not None else None,
        )
        self.settings: dict[str, str] = agree(store, given, by=self.owner, replace=replace_settings, clock=clock)
        """The fleet settings stored in the ledger (canonical text), as agreed when this process started."""
        self.hook_in_transaction = hook_in_transaction
        self.grace = float(self.settings.get("grace", DEFAULT_GRACE))
        self._rate_limit = rate_limit_of(self.settings)
        self._limiter: SharedRateLimiter | None = None
        self._observer: LedgerObserver | None = None

    @classmethod
    def open(cls, url: str | None = None, *, timeout: float | None = None, **options: Unpack[LedgerOptions]) -> Ledger:
        """``Ledger.open("sqlite:////srv/shop/payments.db")`` or ``Ledger.open("postgresql://...")`` of a ledger
        made by :meth:`migrate` (a missing or other schema is refused, naming it); ``url`` not given:
        ``MGW_LEDGER_URL``, and neither is a :class:`~merchant_gateway.errors.ConfigurationError` (never a ledger
        file made in the working directory, which no reconciler would see). ``timeout``: the bound of every database
        wait (give it the gateway's timeout). Other keyword arguments as for :class:`Ledger`; the store is closed
        again when they are refused."""
        store = open_store(url) if timeout is None else open_store(url, timeout=timeout)
        try:
            return cls(store, **options)
        except BaseException:
            store.close()
            raise

    @staticmethod
    def migrate(url: str | None = None, *, timeout: float | None = None) -> Migrated:
        """Bring the ledger's schema to this package's version, creating the ledger if there is none: the one
        call for deploy scripts (the command line's is ``mgw ledger migrate``). An ordinary :meth:`open` never
        changes the schema: it refuses a ledger that is not at this package's version, naming this call. Run it
        with a role allowed to create tables, before processes of the new version start; again, it changes
        nothing. ``url`` not given: ``MGW_LEDGER_URL``. docs/operations.md, "Upgrading"."""
        return migrate(url) if timeout is None else migrate(url, timeout=timeout)

    def _backend_clock(self) -> float:
        """The backend's clock without a round trip (the last offset read): for waits and lease margins only.
        Every time the ledger stores or compares is read inside its transaction (:meth:`_now`)."""
        return time.time() + self._offset

    def _now(self, tx: Tx) -> float:
        if self._fixed_clock is not None:
            return self._fixed_clock()
        now = self.store.now(tx)
        self._offset = now - time.time()
        return now

    def close(self) -> None:
        self.store.close()

    def __enter__(self) -> Ledger:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # --- what gateways and workers attach -----------------------------------------------------------------------

    @property
    def observer(self) -> LedgerObserver:
        """Give it to a gateway: ``Gateway(..., observer=ledger.observer)``. Every money-moving call is then
        recorded before it is sent and moved forward by its answer; final status reads move it too; and, with
        ``rate_limit``, every request waits for the fleet's shared rate ceiling."""
        if self._observer is None:
            from .observer import LedgerObserver

            self._observer = LedgerObserver(self, limiter=self.limiter)
        return self._observer

    @property
    def limiter(self) -> SharedRateLimiter | None:
        if self._limiter is None and self._rate_limit is not None:
            from .shared import SharedRateLimiter

            self._limiter = SharedRateLimiter(self.store, self._rate_limit, clock=self.clock, sleep=self.sleep)
        return self._limiter

    def token_cache(self, merchant_id: str, client_id: str, **kwargs: Any) -> SharedTokenCache:
        """A token cache shared by every process on this ledger: ``Gateway(..., tokens=ledger.token_cache(m, c))``."""
        from .shared import SharedTokenCache

        return SharedTokenCache(self.store, merchant_id, client_id, owner=self.owner, wall_clock=self.clock, **kwargs)

    # --- write-ahead, attempts and answers --------------------------------------------------------------------------

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
    ) -> Payment:
        """Write a payment down before its request is sent. Raises :class:`DuplicateTransactionError` when the id
        is already in the ledger, and, for a refund, :class:`ExcessRefundError` when its amount and the refunds of
        the same payment already sent or in progress would exceed the payment (``original_amount``, else the
        original payment's own row; see :mod:`.refunds`): nothing is written or sent then. Also for requests the
        merchant's server prepares but does not send itself (the mobile SDK's debit): the reconciler then settles
        them like any other (the call counts as in progress for ``call_bound``, since the phone may send it late)."""
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
                "next_check_at": model.first_check(self.schedule, now),
            }
            traceparent = self.instruments.trace_context() if self.instruments is not None else None
            if traceparent is not None:  # later checks, callbacks and hooks join the trace of this call
                row["traceparent"] = traceparent
            cols = ", ".join(row)
            marks = ", ".join("?" for _ in row)
            n = tx.rowcount(
                f"INSERT INTO mgw_payments ({cols}) VALUES ({marks}) ON CONFLICT DO NOTHING", list(row.values())
            )
            if n == 0:
                existing = self._row(tx, merchant_id, transaction_id)
                state = existing["state"] if existing else "?"
                raise DuplicateTransactionError(
                    "transactionId", f"{transaction_id} is already in the ledger (state {state}); use a new id"
                )
            self._event(tx, merchant_id, transaction_id, now, "intent", RECORDED, None, operation)
            self._announce(tx, merchant_id)
            got = self._row(tx, merchant_id, transaction_id)
        assert got is not None
        return Payment.from_row(got)

    def record_attempt(self, merchant_id: str, transaction_id: str) -> float:
        """Record that a request for the payment is about to be sent (every HTTP attempt, retries included), and
        refuse it if the payment is final: one conditional update, so no attempt can follow a final verdict
        (NOT_RECORDED above all). Returns the attempt's time. Raises :class:`PaymentClosedError` (nothing may be
        sent) or :class:`LedgerUnavailable` (nothing may be sent either)."""
        with self.store.transaction() as tx:
            now = self._now(tx)
            n = tx.rowcount(
                "UPDATE mgw_payments SET attempts = attempts + 1, updated_at = ?, call_until = ?, "
                "last_attempt_at = CASE WHEN last_attempt_at IS NULL OR last_attempt_at < ? THEN ? "
                "ELSE last_attempt_at END "
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
            tx.execute(
                "UPDATE mgw_payments SET call_until = NULL, answered_at = COALESCE(answered_at, ?) "
                "WHERE merchant_id = ? AND transaction_id = ?",
                (now, merchant_id, transaction_id),
            )
            n = tx.rowcount(
                "UPDATE mgw_payments SET state = ?, rank = ?, code = ?, updated_at = ?, "
                "next_check_at = CASE WHEN ? THEN ? ELSE next_check_at END "
                "WHERE merchant_id = ? AND transaction_id = ? AND rank < ?",
                (ACCEPTED, RANK[ACCEPTED], code, now, due_now, now, merchant_id, transaction_id, RANK[ACCEPTED]),
            )
            if n:
                self._event(tx, merchant_id, transaction_id, now, "answer", ACCEPTED, code, None)
                if due_now:
                    self._announce(tx, merchant_id)
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

    # --- reading --------------------------------------------------------------------------------------------------

    def get(self, transaction_id: str, merchant_id: str | None = None) -> Payment | None:
        with self.store.transaction() as tx:
            if merchant_id is None:
                rows = tx.execute("SELECT * FROM mgw_payments WHERE transaction_id = ? LIMIT 1", (transaction_id,))
                row = rows[0] if rows else None
            else:
                row = self._row(tx, merchant_id, transaction_id)
        return None if row is None else Payment.from_row(row)

    def unfinished(self, *, limit: int = 100, merchant_id: str | None = None) -> list[Payment]:
        """Open payments, the next due check first."""
        where, params = "rank < ?", list[Any]([RANK[FINAL]])
        if merchant_id is not None:
            where += " AND merchant_id = ?"
            params.append(merchant_id)
        with self.store.transaction() as tx:
            rows = tx.execute(
                f"SELECT * FROM mgw_payments WHERE {where} ORDER BY next_check_at LIMIT ?", (*params, int(limit))
            )
        return [Payment.from_row(r) for r in rows]

    def counts(self, merchant_id: str | None = None) -> dict[str, int]:
        """How many payments are in each state (``final:<code>`` for final ones) and ``hooks_pending``."""
        where, params = ("WHERE merchant_id = ?", [merchant_id]) if merchant_id else ("", [])
        with self.store.transaction() as tx:
            rows = tx.execute(
                f"SELECT state, CASE WHEN rank = 9 THEN code ELSE NULL END AS code, COUNT(*) AS n, "
                f"SUM(hook_pending) AS hooks FROM mgw_payments {where} GROUP BY 1, 2",
                params,
            )
        out: dict[str, int] = {}
        hooks = 0
        for r in rows:
            key = r["state"] if r["code"] is None else f"final:{r['code']}"
            out[key] = out.get(key, 0) + int(r["n"])
            hooks += int(r["hooks"] or 0)
        out["hooks_pending"] = hooks
        return out

    def events(self, transaction_id: str, merchant_id: str | None = None) -> list[dict[str, Any]]:
        where, params = "transaction_id = ?", [transaction_id]
        if merchant_id is not None:
            where += " AND merchant_id = ?"
            params.append(merchant_id)
        with self.store.transaction() as tx:
            return tx.execute(f"SELECT * FROM mgw_events WHERE {where} ORDER BY id", params)

    # --- the reconciler's side ------------------------------------------------------------------------------------

    def claim_due(self, merchant_id: str | Sequence[str], *, limit: int, lease: float) -> list[Claim]:
        """Claim up to ``limit`` due status checks of ``merchant_id`` (one merchant, or several: a reconciler
        serving many) for ``lease`` seconds, the earliest due first. A claimed check is invisible to every other
        worker until its lease ends (PostgreSQL: FOR UPDATE SKIP LOCKED; SQLite: the single writer)."""
        token = f"{self.owner}/{uuid.uuid4().hex[:12]}"
        merchants = _merchants(merchant_id)
        with self.store.transaction() as tx:
            now = self._now(tx)
            until = now + lease
            sql = _CLAIM_SQL[tx.dialect].replace("merchant_id = ?", _in(len(merchants)), 1)
            rows = tx.execute(sql, (*merchants, RANK[FINAL], now, now, int(limit), token, until))
        return [Claim(Payment.from_row(r), token, int(r["claim_seq"]), until, r["unknown_at"]) for r in rows]

    def finish_check(
        self,
        claim: Claim,
        *,
        answer: Answer | None = None,
        status: int = 200,
        code: str | None = None,
        amount: object = None,
        pay_response_code: str | None = None,
        provider_reference_id: str | None = None,
        not_found: bool = False,
        error: str | None = None,
        error_type: str | None = None,
        not_before: float | None = None,
    ) -> str:
        """Record the result of one claimed status check and release the claim. Returns ``final``, ``open`` or
        ``lost`` (the claim had expired and another worker took it: nothing written but a final state).

        ``answer``: the status answer's JSON object (or :class:`~merchant_gateway.verdicts.Unreadable`) and its HTTP
        ``status``, judged by :func:`~merchant_gateway.verdicts.judge` against the payment's amount and merchant and
        its send history. ``code`` with ``amount``, ``pay_response_code``, ``provider_reference_id``: an answer's
        decoded fields instead (an answer naming this transaction is built from them and judged alike);
        ``not_found``: TRANSACTION_NOT_FOUND. ``error``: the read failed (transport, 5xx, rate limit: ``not_before``
        is the gateway's TIME_WINDOW), ``error_type`` its ``error.type``. Every check leaves an event (source
        ``status``), a failed one too."""
        p = claim.payment
        if answer is None and not_found:
            answer = {"success": False, "code": "TRANSACTION_NOT_FOUND"}
        elif answer is None and code is not None:
            answer = answer_of(
                p.merchant_id,
                p.transaction_id,
                code,
                amount=amount,
                pay_response_code=pay_response_code,
                provider_reference_id=provider_reference_id,
            )
        outcome = "open"
        with self.store.transaction() as tx:
            now = self._now(tx)
            row = self._row(tx, p.merchant_id, p.transaction_id, lock=True)
            if row is None:
                return "lost"
            if row["rank"] >= RANK[FINAL]:
                return "final"
            judgement: Judgement | None = None
            if answer is not None:
                judgement = self._judge(row, now, STATUS_TABLE, status, answer)
                outcome = self._apply(tx, row, judgement, now, "status", answer, checked=True)
                if outcome == "doubt":
                    error = error or judgement.reason
            if outcome != "final":
                noted = outcome == "doubt"  # the doubt is an event already
                failure = f"{error} ({error_type})" if error and error_type else error
                outcome = self._reschedule(tx, claim, row, now, judgement, failure, not_before, noted=noted)
        if outcome == "final":
            self._run_hook_after(p.merchant_id, p.transaction_id)
        return outcome

    def _reschedule(
        self,
        tx: Tx,
        claim: Claim,
        row: dict[str, Any],
        now: float,
        judgement: Judgement | None,
        error: str | None,
        not_before: float | None,
        *,
        noted: bool = False,
    ) -> str:
        change, due = model.next_check(
            self.schedule,
            started_at=row["started_at"],
            deadline=row["deadline"],
            now=now,
            not_before=not_before,
            overdue_every=self.overdue_every,
            give_up_at=row["give_up_at"],
            checks=int(row["checks"] or 0),
        )
        code = judgement.code if judgement is not None else None
        if change == FINAL:
            self._finalize(tx, row, UNRESOLVED, now, "reconciler", detail=error or code)
            return "final"
        state = OVERDUE if change == OVERDUE else row["state"]
        if judgement is not None and judgement.verdict is Verdict.PENDING and RANK[state] < RANK[ACCEPTED]:
            state = ACCEPTED
        n = tx.rowcount(
            "UPDATE mgw_payments SET checks = checks + 1, last_check_at = ?, next_check_at = ?, updated_at = ?, "
            "lease_owner = NULL, lease_until = NULL, detail = COALESCE(?, detail), "
            "code = COALESCE(?, code), state = CASE WHEN rank < ? THEN ? ELSE state END, "
            "rank = CASE WHEN rank < ? THEN ? ELSE rank END "
            "WHERE merchant_id = ? AND transaction_id = ? AND lease_owner = ? AND claim_seq = ? AND rank < ?",
            (
                now,
                due,
                now,
                error,
                code,
                RANK[state],
                state,
                RANK[state],
                RANK[state],
                row["merchant_id"],
                row["transaction_id"],
                claim.token,
                claim.seq,
                RANK[FINAL],
            ),
        )
        if n and state != row["state"]:
            self._event(
                tx, row["merchant_id"], row["transaction_id"], now, "status", state, code, error, before=row["state"]
            )
        elif n and not noted:  # the check changed no state: still one line of the payment's history
            self._event(tx, row["merchant_id"], row["transaction_id"], now, "status", None, code, error or "open")
        return "open" if n else "lost"

    def release(self, claim: Claim) -> None:
        """Give a claimed check back unrun (shutting down, or too little of the lease left to run it safely)."""
        with self.store.transaction() as tx:
            tx.execute(
                "UPDATE mgw_payments SET lease_owner = NULL, lease_until = NULL "
                "WHERE merchant_id = ? AND transaction_id = ? AND lease_owner = ? AND claim_seq = ?",
                (claim.payment.merchant_id, claim.payment.transaction_id, claim.token, claim.seq),
            )

    def next_due(self, merchant_id: str | Sequence[str]) -> float | None:
        """When the earliest open check of ``merchant_id`` (one merchant or several) is due (None: nothing open)."""
        merchants = _merchants(merchant_id)
        with self.store.transaction() as tx:
            rows = tx.execute(
                f"SELECT MIN(next_check_at) AS due FROM mgw_payments WHERE {_in(len(merchants))} AND rank < 9",
                merchants,
            )
        due = rows[0]["due"] if rows else None
        return None if due is None else float(due)

    def next_work(self, merchant_id: str | Sequence[str], *, hooks: bool) -> tuple[float | None, float]:
        """``(when the earliest open check or, with ``hooks``, pending hook of these merchants is due (None:
        nothing), the ledger's time now)``: what an idle reconciler reads, in one query, to know how long it may
        wait (the partial indexes of open payments and pending hooks answer it)."""
        merchants = _merchants(merchant_id)
        where = _in(len(merchants))
        hook = (
            f", (SELECT MIN(hook_next_at) FROM mgw_payments WHERE hook_pending = 1 AND {where}) AS hook"
            if hooks
            else ""
        )
        with self.store.transaction() as tx:
            now = self._now(tx)
            rows = tx.execute(
                f"SELECT (SELECT MIN(next_check_at) FROM mgw_payments WHERE {where} AND rank < 9) AS due{hook}",
                (*merchants, *(merchants if hooks else ())),
            )
        found = [float(v) for v in rows[0].values() if v is not None] if rows else []
        return (min(found) if found else None), now

    # --- reconciler workers (heartbeats: ledger/workers.py) ------------------------------------------------------

    def workers(self, *, running_only: bool = False) -> list[WorkerStatus]:
        """The reconciler workers that wrote a heartbeat to this ledger (last beat first): name, host, pid, start,
        last beat, clean stop and exit status, and their counters. ``running_only``: those that have not stopped
        cleanly (a SIGKILLed one stays here: its ``beat_at`` gets old; compare with :meth:`clock`)."""
        with self.store.transaction() as tx:
            return workers.listing(tx, running_only=running_only)

    def forget_worker(self, name: str) -> bool:
        """Remove a worker's heartbeat row (:meth:`workers`), e.g. one that died without a clean stop and will not
        come back; True when there was one. A worker still running writes a new row with its next beat."""
        with self.store.transaction() as tx:
            return workers.forget(tx, name)

    def open_by_state(self) -> dict[str, tuple[int, float]]:
        """Open payments by state: how many, and when the oldest of them was written down (the backend's clock);
        for the metrics of open payments and the oldest open payment."""
        with self.store.transaction() as tx:
            rows = tx.execute(
                "SELECT state, COUNT(*) AS n, MIN(created_at) AS oldest FROM mgw_payments WHERE rank < ? "
                "GROUP BY state",
                (RANK[FINAL],),
            )
        return {r["state"]: (int(r["n"]), float(r["oldest"])) for r in rows}

    def worker_beat(
        self,
        counters: Mapping[str, int],
        *,
        merchant_id: str | None = None,
        stopped: bool = False,
        exit_status: int | None = None,
    ) -> None:
        """Write this process's heartbeat (named :attr:`owner`) with its counters; ``stopped``: its last one."""
        with self.store.transaction() as tx:
            workers.beat(
                tx,
                name=self.owner,
                now=self._now(tx),
                merchant_id=merchant_id,
                counters=counters,
                stopped=stopped,
                exit_status=exit_status,
            )

    # --- judging ----------------------------------------------------------------------------------------------------

    def sends(self, row: Mapping[str, Any], now: float) -> Sends:
        """What the ledger knows of the requests sent for a payment, for the TRANSACTION_NOT_FOUND time rule.

        The last moment a request may have been sent is the latest of the write-ahead, the last recorded attempt,
        the send deadline of a call that has not reported its end (``call_until``: the transport refuses an
        attempt's first byte after it, :meth:`send_fence`) and the first read that found nothing once the call had
        ended (this read itself when none came before): a clock that jumps forward between a send and a read cannot
        end the wait early, and NOT_RECORDED never comes before the send deadline plus ``grace``. No request can
        still be sent once the call has ended (or its send deadline passed): every later attempt is refused by
        :meth:`record_attempt` once the payment is final."""
        call_until = row["call_until"]
        times = [row["created_at"], row["last_attempt_at"], row["absent_since"], call_until]
        if row["absent_since"] is None:
            times.append(now)
        closed = call_until is None or now >= call_until
        return Sends(
            known=True, last_at=max(t for t in times if t is not None), now=now, grace=self.grace, closed=closed
        )

    def monotonic_sends(self, row: Mapping[str, Any]) -> Sends | None:
        """The same wait on this machine's monotonic clock, from the first empty read this machine made (None when
        another machine made it, or this one rebooted since): a jump of the backend's clock cannot shorten it."""
        mono, since = self.monotonic(), row["absent_mono"]
        if row["absent_host"] != self.machine or since is None or mono < since:
            return None
        return Sends(known=True, last_at=since, now=mono, grace=self.grace, closed=True)

    def _judge(self, row: Mapping[str, Any], now: float, key: str, status: int, answer: Answer | None) -> Judgement:
        """The verdict function on the answer. TRANSACTION_NOT_FOUND is judged on both clocks; NOT_RECORDED only
        when both say so (else "not yet found": the monotonic wait starts or goes on)."""
        outcomes = table(key)
        expect = Expect(row["transaction_id"], row["merchant_id"], row["amount"])
        judgement = judge(outcomes, status=status, answer=answer, expect=expect, sends=self.sends(row, now))
        if judgement.verdict is Verdict.NOT_RECORDED:
            mono = self.monotonic_sends(row)
            if mono is None:
                return judgement._replace(verdict=Verdict.NOT_YET_FOUND, reason="the wait starts on this machine")
            return judge(outcomes, status=status, answer=answer, expect=expect, sends=mono)
        return judgement

    def _apply(
        self,
        tx: Tx,
        row: dict[str, Any],
        judgement: Judgement,
        now: float,
        source: str,
        answer: Answer | None,
        *,
        checked: bool = False,
    ) -> str:
        """Act on a judgement in the transaction that read ``row`` (locked). Returns ``final``, ``duplicate`` (was
        final already), ``open`` or ``doubt`` (the answer proves nothing; recorded as an event)."""
        m, t = row["merchant_id"], row["transaction_id"]
        verdict = judgement.verdict
        if row["rank"] >= RANK[FINAL]:
            if verdict.final and judgement.code is not None:
                self._note_repeat(tx, row, now, source, judgement.code)
            return "duplicate"
        if verdict is Verdict.NOT_RECORDED and row["answered_at"] is not None:
            reason = "TRANSACTION_NOT_FOUND, but the gateway answered the request: not trusted"
            self._event(tx, m, t, now, source, None, judgement.code, reason)
            return "doubt"
        if verdict in (Verdict.SUCCEEDED, Verdict.FAILED):
            data = answer.get("data") if isinstance(answer, Mapping) else None
            ref = data.get("providerReferenceId") if isinstance(data, Mapping) else None
            assert judgement.code is not None
            self._finalize(
                tx,
                row,
                judgement.code,
                now,
                source,
                pay_response_code=judgement.pay_response_code,
                provider_reference_id=ref if isinstance(ref, str) else None,
            )
            return "final"
        if verdict is Verdict.NOT_RECORDED:
            self._finalize(tx, row, NOT_RECORDED, now, source, detail="TRANSACTION_NOT_FOUND")
            return "final"
        if verdict is Verdict.PENDING:
            tx.execute(
                "UPDATE mgw_payments SET answered_at = COALESCE(answered_at, ?) WHERE merchant_id = ? "
                "AND transaction_id = ?",
                (now, m, t),
            )
            if not checked and row["rank"] < RANK[ACCEPTED]:
                tx.execute(
                    "UPDATE mgw_payments SET state = ?, rank = ?, code = ?, updated_at = ? "
                    "WHERE merchant_id = ? AND transaction_id = ? AND rank < ?",
                    (ACCEPTED, RANK[ACCEPTED], judgement.code, now, m, t, RANK[ACCEPTED]),
                )
                self._event(tx, m, t, now, source, ACCEPTED, judgement.code, None, before=row["state"])
            return "open"
        if verdict is Verdict.NOT_YET_FOUND:
            if self.sends(row, now).closed and (row["absent_since"] is None or self.monotonic_sends(row) is None):
                tx.execute(  # the first empty read once the call ended (on this machine's monotonic clock)
                    "UPDATE mgw_payments SET absent_since = COALESCE(absent_since, ?), absent_mono = ?, "
                    "absent_host = ? WHERE merchant_id = ? AND transaction_id = ?",
                    (now, self.monotonic(), self.machine, m, t),
                )
            return "open"
        if verdict in _DOUBT:
            self._event(tx, m, t, now, source, None, judgement.code, judgement.reason[:200])
            log_event(30, "ledger_doubt", operation=row["operation"], transaction_id=t, code=judgement.code)
            return "doubt"
        return "open"

    # --- hooks ----------------------------------------------------------------------------------------------------

    # what telemetry attaches (merchant_gateway.telemetry.LedgerTelemetry.attach); None: nothing is recorded
    instruments: LedgerInstruments | None = None

    # hooks this process ran and saw fail (class defaults: the first count gives the instance its own)
    _tally_lock = threading.Lock()
    _hook_runs = 0
    _hook_failures = 0

    def hook_tally(self) -> tuple[int, int]:
        """How many hooks this ledger object ran to completion and how many raised, since it was made (a
        reconciler counts the difference; a failure is retried after ``hook_retry``)."""
        with self._tally_lock:
            return self._hook_runs, self._hook_failures

    def _tally_hook(self, payment: Payment, now: float, *, error: BaseException | None = None) -> None:
        with self._tally_lock:
            if error is not None:
                self._hook_failures += 1
            else:
                self._hook_runs += 1
        if self.instruments is not None:
            delay = None if payment.final_at is None else max(0.0, now - payment.final_at)
            self.instruments.hook_ran(payment.transaction_id, delay=delay, error=error)

    def deliver_hooks(self, *, limit: int = 100, merchant_id: str | Sequence[str] | None = None) -> int:
        """Run the hook of final payments whose hook has not run yet (their finalising process had no hook, failed
        it, or died). Returns how many hooks completed. Every process that has a hook may call it."""
        if self.hook is None:
            return 0
        done = 0
        if self.hook_in_transaction:
            for _ in range(limit):
                with self.store.transaction() as tx:
                    now = self._now(tx)
                    rows = tx.execute(
                        _HOOK_PICK_SQL[tx.dialect].format(m=_merchant_filter(merchant_id)),
                        _merchant_params(now, merchant_id),
                    )
                    if not rows:
                        break
                    done += self._run_hook_in_tx(tx, rows[0], now)
            return done
        token = f"{self.owner}/{uuid.uuid4().hex[:12]}"
        with self.store.transaction() as tx:
            now = self._now(tx)
            rows = tx.execute(
                _HOOK_CLAIM_SQL[tx.dialect].format(m=_merchant_filter(merchant_id)),
                (*_merchant_params(now, merchant_id), now, int(limit), token, now + self.hook_lease),
            )
        for row in rows:
            done += self._run_hook_leased(Payment.from_row(row), token)
        return done

    def _advance_final(
        self, merchant_id: str, transaction_id: str, code: str, *, source: str, detail: str | None = None
    ) -> bool:
        """End a payment with one of the ledger's own verdicts (NOT_SENT, REJECTED, UNRESOLVED)."""
        with self.store.transaction() as tx:
            now = self._now(tx)
            row = self._row(tx, merchant_id, transaction_id, lock=True)
            if row is None:
                self._event(tx, merchant_id, transaction_id, now, source, None, code, "not in the ledger")
                return False
            if row["rank"] >= RANK[FINAL]:
                self._note_repeat(tx, row, now, source, code)
                return False
            self._finalize(tx, row, code, now, source, detail=detail)
        self._run_hook_after(merchant_id, transaction_id)
        return True

    def _finalize(
        self,
        tx: Tx,
        row: dict[str, Any],
        code: str,
        now: float,
        source: str,
        *,
        detail: str | None = None,
        pay_response_code: str | None = None,
        provider_reference_id: str | None = None,
        actor: str | None = None,
    ) -> bool:
        """The one transition to a final state, in the caller's transaction (the row read and locked there)."""
        merchant_id, transaction_id = row["merchant_id"], row["transaction_id"]
        n = tx.rowcount(
            "UPDATE mgw_payments SET state = ?, rank = ?, code = ?, detail = COALESCE(?, detail), "
            "pay_response_code = COALESCE(?, pay_response_code), "
            "provider_reference_id = COALESCE(?, provider_reference_id), final_source = ?, final_at = ?, "
            "updated_at = ?, next_check_at = NULL, lease_owner = NULL, lease_until = NULL, call_until = NULL, "
            "hook_pending = 1, hook_next_at = ? "
            "WHERE merchant_id = ? AND transaction_id = ? AND rank < ? AND attempts = ?",
            (
                FINAL,
                RANK[FINAL],
                code,
                detail,
                pay_response_code,
                provider_reference_id,
                source,
                now,
                now,
                now,
                merchant_id,
                transaction_id,
                RANK[FINAL],
                row["attempts"],  # an attempt recorded since the row was read fences the verdict off
            ),
        )
        if not n:
            return False
        self._event(tx, merchant_id, transaction_id, now, source, FINAL, code, detail, before=row["state"], actor=actor)
        log_event(20, "ledger_final", operation=row["operation"], transaction_id=transaction_id, code=code)
        if self.hook is None:  # a worker with the hook delivers it
            self._announce(tx, merchant_id)
        if self.hook is not None and self.hook_in_transaction:
            final_row = self._row(tx, merchant_id, transaction_id)
            assert final_row is not None
            self._run_hook_in_tx(tx, final_row, now)
        return True

    def _run_hook_after(self, merchant_id: str, transaction_id: str) -> None:
        """After a final transition committed: run the leased hook here (the default form)."""
        if self.hook is None or self.hook_in_transaction:
            return
        token = f"{self.owner}/{uuid.uuid4().hex[:12]}"
        with self.store.transaction() as tx:
            now = self._now(tx)
            claimed = tx.execute(
                "UPDATE mgw_payments SET hook_lease_owner = ?, hook_lease_until = ? "
                "WHERE merchant_id = ? AND transaction_id = ? AND hook_pending = 1 "
                "AND (hook_lease_until IS NULL OR hook_lease_until < ?) RETURNING *",
                (token, now + self.hook_lease, merchant_id, transaction_id, now),
            )
        if claimed:
            self._run_hook_leased(Payment.from_row(claimed[0]), token)

    def _run_hook_in_tx(self, tx: Tx, row: dict[str, Any], now: float) -> int:
        assert self.hook is not None
        payment = Payment.from_row(row)
        tx.execute("SAVEPOINT mgw_hook")
        try:
            self._call_hook(payment, tx)
        except Exception as exc:  # noqa: BLE001 - the hook's effects are undone; it is retried later
            tx.execute("ROLLBACK TO SAVEPOINT mgw_hook")
            self._hook_failed(tx, payment, now, exc, None)
            return 0
        tx.execute("RELEASE SAVEPOINT mgw_hook")
        tx.execute(
            "UPDATE mgw_payments SET hook_pending = 0, hook_done_at = ?, hook_attempts = hook_attempts + 1, "
            "hook_error = NULL WHERE merchant_id = ? AND transaction_id = ?",
            (now, payment.merchant_id, payment.transaction_id),
        )
        self._event(tx, payment.merchant_id, payment.transaction_id, now, "hook", None, None, "ran")
        self._tally_hook(payment, now)
        return 1

    def _call_hook(self, payment: Payment, *tx: Tx) -> None:
        """The merchant's hook, in a span of the payment's trace when telemetry is attached."""
        assert self.hook is not None
        if self.instruments is None:
            self.hook(payment, *tx)
            return
        with self.instruments.hook(payment.transaction_id, payment.traceparent):
            self.hook(payment, *tx)

    def _run_hook_leased(self, payment: Payment, token: str) -> int:
        assert self.hook is not None
        try:
            self._call_hook(payment)
        except Exception as exc:  # noqa: BLE001 - retried after hook_retry seconds
            with self.store.transaction() as tx:
                self._hook_failed(tx, payment, self._now(tx), exc, token)
            return 0
        with self.store.transaction() as tx:
            now = self._now(tx)
            done = tx.rowcount(
                "UPDATE mgw_payments SET hook_pending = 0, hook_done_at = ?, hook_attempts = hook_attempts + 1, "
                "hook_error = NULL, hook_lease_owner = NULL, hook_lease_until = NULL "
                "WHERE merchant_id = ? AND transaction_id = ? AND hook_lease_owner = ?",
                (now, payment.merchant_id, payment.transaction_id, token),
            )
            # the lease lost meanwhile (the hook outlived hook_lease): it ran here all the same
            detail = "ran" if done else "ran after its lease ended (it may run again elsewhere)"
            self._event(tx, payment.merchant_id, payment.transaction_id, now, "hook", None, None, detail)
        self._tally_hook(payment, now)
        return 1

    def _hook_failed(self, tx: Tx, payment: Payment, now: float, exc: Exception, token: str | None) -> None:
        self._tally_hook(payment, now, error=exc)
        log_ledger_event(  # the error's type only: its message may quote the payment or the merchant's data
            logging.WARNING,
            "hook.failed",
            worker=self.owner,
            merchant_id=payment.merchant_id,
            transaction_id=payment.transaction_id,
            error_type=type(exc).__name__,
            wait=self.hook_retry,
        )
        # the error's type only: its message may quote the payment or the merchant's own data
        detail = f"failed ({error_type(exc)}); retried in {self.hook_retry:g} s"
        self._event(tx, payment.merchant_id, payment.transaction_id, now, "hook", None, None, detail)
        where = "" if token is None else " AND hook_lease_owner = ?"
        # operators see it (mgw ledger hooks): the class alone, never the message, which may quote a row's data
        params: list[Any] = [now + self.hook_retry, f"{type(exc).__module__}.{type(exc).__qualname__}"[:200]]
        params += [payment.merchant_id, payment.transaction_id] + ([] if token is None else [token])
        tx.execute(
            "UPDATE mgw_payments SET hook_attempts = hook_attempts + 1, hook_next_at = ?, hook_error = ?, "
            f"hook_lease_owner = NULL, hook_lease_until = NULL WHERE merchant_id = ? AND transaction_id = ?{where}",
            params,
        )

    # --- helpers --------------------------------------------------------------------------------------------------

    @staticmethod
    def _row(tx: Tx, merchant_id: str, transaction_id: str, *, lock: bool = False) -> dict[str, Any] | None:
        """The row; ``lock``: held until the transaction ends (PostgreSQL; SQLite's write lock holds already)."""
        suffix = " FOR UPDATE" if lock and tx.dialect == "postgresql" else ""
        rows = tx.execute(
            f"SELECT * FROM mgw_payments WHERE merchant_id = ? AND transaction_id = ?{suffix}",
            (merchant_id, transaction_id),
        )
        return rows[0] if rows else None

    def _event(
        self,
        tx: Tx,
        merchant_id: str,
        transaction_id: str,
        at: float,
        source: str,
        state: str | None,
        code: str | None,
        detail: str | None,
        *,
        before: str | None = None,
        actor: str | None = None,
    ) -> None:
        """One line of a payment's history; with ``state``, a transition to it (from ``before`` when the caller
        read it), which the ledger's instruments (telemetry) are told of. ``actor``: who wrote it (an operator's
        name; by default this process, :attr:`owner`)."""
        tx.execute(
            "INSERT INTO mgw_events (merchant_id, transaction_id, at, source, state, code, detail, actor) "
            "VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
            (merchant_id, transaction_id, at, source, state, code, detail, actor or self.owner),
        )
        if state is not None and self.instruments is not None:
            self.instruments.transition(transaction_id, source=source, before=before, after=state, code=code)

    def _note_repeat(self, tx: Tx, row: dict[str, Any], now: float, source: str, code: str) -> None:
        """A final payment seen final again: harmless; a *different* final code is kept as a conflict event."""
        if code != row["code"] and code in TERMINAL_CODES:
            detail = f"conflict: ledger says {row['code']}"
            self._event(tx, row["merchant_id"], row["transaction_id"], now, source, None, code, detail)

    @staticmethod
    def _due_now(tx: Tx, merchant_id: str, transaction_id: str, now: float) -> bool:
        n = tx.rowcount(
            "UPDATE mgw_payments SET next_check_at = ? WHERE merchant_id = ? AND transaction_id = ? AND rank < ? "
            "AND next_check_at > ?",
            (now, merchant_id, transaction_id, RANK[FINAL], now),
        )
        if n:
            Ledger._announce(tx, merchant_id)
        return bool(n)

    @staticmethod
    def _announce(tx: Tx, merchant_id: str) -> None:
        """Tell listening reconcilers that work of ``merchant_id`` was written (PostgreSQL; at commit)."""
        if tx.dialect == "postgresql":
            tx.execute(f"SELECT pg_notify('{NOTICE_CHANNEL}', ?)", (merchant_id,))


def _merchants(merchant_id: str | Sequence[str]) -> tuple[str, ...]:
    merchants = (merchant_id,) if isinstance(merchant_id, str) else tuple(merchant_id)
    if not merchants:
        raise ValueError("no merchant given")
    return merchants


def _in(n: int) -> str:
    """``merchant_id = ?`` for one merchant, ``merchant_id IN (?, ...)`` for several."""
    return "merchant_id = ?" if n == 1 else f"merchant_id IN ({', '.join('?' * n)})"


def _merchant_filter(merchant_id: str | Sequence[str] | None) -> str:
    return "" if merchant_id is None else " AND " + _in(len(_merchants(merchant_id)))


def _merchant_params(now: float, merchant_id: str | Sequence[str] | None) -> tuple[Any, ...]:
    return (now,) if merchant_id is None else (now, *_merchants(merchant_id))


_CLAIM_SQL = {
    "postgresql": (
        "WITH due AS (SELECT merchant_id, transaction_id FROM mgw_payments WHERE merchant_id = ? AND rank < ? "
        "AND next_check_at <= ? AND (lease_until IS NULL OR lease_until < ?) ORDER BY next_check_at LIMIT ? "
        "FOR UPDATE SKIP LOCKED) "
        "UPDATE mgw_payments p SET lease_owner = ?, lease_until = ?, claim_seq = p.claim_seq + 1 FROM due "
        "WHERE p.merchant_id = due.merchant_id AND p.transaction_id = due.transaction_id RETURNING p.*"
    ),
    "sqlite": (
        "WITH due AS (SELECT merchant_id, transaction_id FROM mgw_payments WHERE merchant_id = ? AND rank < ? "
        "AND next_check_at <= ? AND (lease_until IS NULL OR lease_until < ?) ORDER BY next_check_at LIMIT ?) "
        "UPDATE mgw_payments SET lease_owner = ?, lease_until = ?, claim_seq = claim_seq + 1 "
        "WHERE (merchant_id, transaction_id) IN (SELECT merchant_id, transaction_id FROM due) RETURNING *"
    ),
}
_HOOK_PICK_SQL = {
    "postgresql": "SELECT * FROM mgw_payments WHERE hook_pending = 1 AND hook_next_at <= ?{m} "
    "ORDER BY hook_next_at LIMIT 1 FOR UPDATE SKIP LOCKED",
    "sqlite": "SELECT * FROM mgw_payments WHERE hook_pending = 1 AND hook_next_at <= ?{m} "
    "ORDER BY hook_next_at LIMIT 1",
}
_HOOK_DUE = (
    "SELECT merchant_id, transaction_id FROM mgw_payments WHERE hook_pending = 1 AND hook_next_at <= ?{m} "
    "AND (hook_lease_until IS NULL OR hook_lease_until < ?) ORDER BY hook_next_at LIMIT ?"
)
_HOOK_CLAIM_SQL = {
    "postgresql": (
        "WITH due AS (" + _HOOK_DUE + " FOR UPDATE SKIP LOCKED) "
        "UPDATE mgw_payments p SET hook_lease_owner = ?, hook_lease_until = ? FROM due "
        "WHERE p.merchant_id = due.merchant_id AND p.transaction_id = due.transaction_id RETURNING p.*"
    ),
    "sqlite": (
        "WITH due AS (" + _HOOK_DUE + ") UPDATE mgw_payments SET hook_lease_owner = ?, hook_lease_until = ? "
        "WHERE (merchant_id, transaction_id) IN (SELECT merchant_id, transaction_id FROM due) RETURNING *"
    ),
}
