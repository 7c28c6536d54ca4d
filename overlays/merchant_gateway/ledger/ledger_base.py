"""The ledger's state and what every part of it uses: its settings and clocks, what gateways and workers attach
(the observer, the shared rate ceiling and token cache), and the helpers that read a payment's row, write a line of
its history and announce work to listening reconcilers. The parts (:mod:`.finals`, :mod:`.judging`,
:mod:`.recording`, :mod:`.due_checks`, :mod:`.queries`) build on it; :class:`~merchant_gateway.ledger.Ledger`
composes them (the rules: :mod:`merchant_gateway.ledger.ledger`)."""

from __future__ import annotations

import functools
import logging
import os
import socket
import time
import uuid
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Self, TypedDict

from ..flows.schedule import DEFAULT_SCHEDULE, PollSchedule
from ..verdicts import Unreadable
from .migrations import PAYMENT_SELECT
from .model import FINAL, RANK, TERMINAL_CODES, Payment
from .settings import DEFAULT_GRACE, agree, fleet_settings, rate_limit_of
from .shared import RateLimit
from .store import Store, Tx

if TYPE_CHECKING:
    from .instruments import LedgerInstruments
    from .observer import LedgerObserver
    from .shared import SharedRateLimiter, SharedTokenCache

logger = logging.getLogger("merchant_gateway.ledger")
Hook = Callable[..., object]
Answer = Mapping[str, Any] | Unreadable

STATUS_TABLE = "getTransactionStatus"
# PostgreSQL: work written to the ledger (a check made due, a hook to deliver, a payment whose first check is due
# soon) is announced here (NOTIFY, delivered at commit), so an idle reconciler listening (LISTEN) wakes at once
# instead of polling. The payload is the merchant and when the work is due (notice_payload): a listener skips other
# merchants' work and work due after its next read, which it finds then anyway
NOTICE_CHANNEL = "mgw_work"
# A payment written down is announced only when its first check is due within this many seconds: each notice costs
# every listening server session a transaction (it reads the notice queue), and a reconciler reads when its next
# work is due at least this often (its default idle_max), so it finds a later first check in time without one
NOTICE_AHEAD = 5.0


def notice_payload(merchant_id: str, due: float) -> str:
    """A notice's payload: the merchant, a space, when its work is due (the ledger's clock, seconds)."""
    return f"{merchant_id} {due:.3f}"


def notice_of(payload: str) -> tuple[str, float | None]:
    """(merchant, when due) of a notice's payload; when due is None for a payload without a time."""
    merchant, _, due = payload.rpartition(" ")
    try:
        return merchant, float(due)
    except ValueError:
        return payload, None


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


class LedgerBase:
    """The state of a :class:`~merchant_gateway.ledger.Ledger` (its parameters: that class) and the helpers its
    parts share."""

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

    def __enter__(self) -> Self:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # --- what gateways and workers attach -----------------------------------------------------------------------

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

    # what telemetry attaches (merchant_gateway.telemetry.LedgerTelemetry.attach); None: nothing is recorded
    instruments: LedgerInstruments | None = None

    # --- helpers --------------------------------------------------------------------------------------------------

    @staticmethod
    def _row(tx: Tx, merchant_id: str, transaction_id: str, *, lock: bool = False) -> dict[str, Any] | None:
        """The row; ``lock``: held until the transaction ends (PostgreSQL; SQLite's write lock holds already)."""
        suffix = " FOR UPDATE" if lock and tx.dialect == "postgresql" else ""
        rows = tx.execute(
            f"SELECT {PAYMENT_SELECT} FROM mgw_payments WHERE merchant_id = ? AND transaction_id = ?{suffix}",
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
        tx.execute(_EVENT_SQL, (merchant_id, transaction_id, at, source, state, code, detail, actor or self.owner))
        if state is not None and self.instruments is not None:
            self.instruments.transition(transaction_id, source=source, before=before, after=state, code=code)

    def _write_with_event(
        self,
        tx: Tx,
        sql: str,
        params: Sequence[Any],
        returning: str,
        event: tuple[float, str, str | None, str | None, str | None],
        *,
        before: str | None = None,
        actor: str | None = None,
    ) -> list[dict[str, Any]]:
        """A write of one payment's row (``sql``, an INSERT or UPDATE without its RETURNING clause) and, when it wrote
        the row, the line of its history (``event``: at, source, state, code, detail; as :meth:`_event`). Returns the
        written rows' ``returning`` columns (which name merchant_id and transaction_id); none: nothing
        was written, and no event either.

        PostgreSQL: one statement (the event inserted by a data-modifying WITH from the written row), so one round
        trip where a write and its event took two. SQLite has no data-modifying WITH: two statements, which cost
        no round trip there (the database is in this process). The same rule either way: the event exists exactly
        when the write changed the row, in the same transaction."""
        at, source, state, code, detail = event
        event_params = (at, source, state, code, detail, actor or self.owner)
        if tx.dialect == "postgresql":
            rows = tx.execute(_with_event(sql, returning), (*params, *event_params))
        else:
            rows = tx.execute(f"{sql} RETURNING {returning}", params)
            for row in rows:
                tx.execute(_EVENT_SQL, (row["merchant_id"], row["transaction_id"], *event_params))
        if rows and state is not None and self.instruments is not None:
            for row in rows:
                self.instruments.transition(row["transaction_id"], source=source, before=before, after=state, code=code)
        return rows

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
            LedgerBase._announce(tx, merchant_id, now)
        return bool(n)

    @staticmethod
    def _announce(tx: Tx, merchant_id: str, due: float) -> None:
        """Tell listening reconcilers that work of ``merchant_id``, due at ``due``, was written (PostgreSQL; at
        commit)."""
        if tx.dialect == "postgresql":
            tx.execute(f"SELECT pg_notify('{NOTICE_CHANNEL}', ?)", (notice_payload(merchant_id, due),))


_EVENT_COLUMNS = "merchant_id, transaction_id, at, source, state, code, detail, actor"
_EVENT_SQL = f"INSERT INTO mgw_events ({_EVENT_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?)"


@functools.lru_cache(maxsize=64)
def _with_event(write: str, returning: str) -> str:
    """A write and its event in one statement (PostgreSQL): the event's row made from each row the write returned;
    the statement returns what the write returned (its columns named, not ``*``, so that it can be prepared)."""
    return (
        f"WITH w AS ({write} RETURNING {returning}), "
        f"e AS (INSERT INTO mgw_events ({_EVENT_COLUMNS}) SELECT w.merchant_id, w.transaction_id, ?, ?, ?, ?, ?, ? "
        f"FROM w) SELECT {returning} FROM w"
    )


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
