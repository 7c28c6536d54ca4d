"""What an operator reads from the ledger and does to it (``mgw ledger``): one payment's history, pending hooks and
their errors, a hook retried now, a payment checked now, a stuck payment resolved with a reason, and counts over a
window.

Why this module exists: these are the ledger's rules applied on a person's request, so they go through the same
transitions as every other writer (the one final transition, the reconciler's status check, the hook's lease) and
are recorded as events; none is a second way to change a payment. Reads over a window use the indexes on
``created_at`` (store.py), never a scan of the whole table. Nothing read here is a secret or a payload: events
hold codes, sources and reasons only.
"""

from __future__ import annotations

import uuid
from dataclasses import asdict, dataclass
from typing import TYPE_CHECKING, Any

from ..errors import ValidationError
from ..verdicts import OUTCOMES
from .ledger import Claim, Ledger
from .model import FINAL, RANK, RESOLVE_CODES, Payment
from .observer import status_answer
from .store import Tx

if TYPE_CHECKING:
    from ..gateway import Gateway

__all__ = [
    "RESOLVE_CODES",
    "CheckResult",
    "Event",
    "History",
    "PendingHook",
    "ResolveRefused",
    "check_now",
    "failed_hooks",
    "history",
    "now",
    "oldest_open",
    "open_payments",
    "pending_hooks",
    "resolve",
    "retry_failed_hooks",
    "retry_hook",
    "unknown_rate",
    "window_counts",
]

_STATUS_OUTCOMES = OUTCOMES["getTransactionStatus"].codes
OPERATOR_SOURCE = "operator"


class ResolveRefused(ValidationError):
    """The resolution asked for contradicts what the ledger already recorded (the message says what and where);
    nothing was changed."""

    def __init__(self, field: str, problem: str) -> None:
        super().__init__(field, problem)
        # the ledger's own words (what was read, when, and how to go on), not a server's: never cut short
        self.message = f"{field}: {problem}"
        self.args = (self.message,)


@dataclass(frozen=True)
class Event:
    """One recorded step of a payment: when, what observed it (``source``: intent, answer, status, callback, hook,
    reconciler, operator), the state it moved to, the code seen, and who wrote it (``actor``: the process, by the
    ledger's owner name, or the operator's name; None in rows written before actors were recorded)."""

    at: float
    source: str
    state: str | None
    code: str | None
    detail: str | None
    actor: str | None = None

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


@dataclass(frozen=True)
class History:
    payment: Payment
    events: tuple[Event, ...]


@dataclass(frozen=True)
class PendingHook:
    """A final payment whose hook has not completed: ``error`` is the last failure (None: not tried yet)."""

    merchant_id: str
    transaction_id: str
    code: str | None
    final_at: float | None
    attempts: int
    next_at: float | None
    error: str | None
    running_until: float | None  # a process holds the hook's lease until then

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


# The columns a PendingHook is read from, and the reading: one for every query of pending hooks
_HOOK_COLUMNS = "merchant_id, transaction_id, code, final_at, hook_attempts, hook_next_at, hook_error, hook_lease_until"


def _pending_hook(r: dict[str, Any]) -> PendingHook:
    return PendingHook(
        r["merchant_id"],
        r["transaction_id"],
        r["code"],
        r["final_at"],
        int(r["hook_attempts"]),
        r["hook_next_at"],
        r["hook_error"],
        r["hook_lease_until"],
    )


@dataclass(frozen=True)
class CheckResult:
    """``result``: ``final`` (this check made it final), ``open`` (still open; checked again on its schedule),
    ``busy`` (a worker is checking it now), ``already_final`` (the status read only compared; a different code is
    kept as a conflict event) or ``lost``/``released`` (the reconciler's own outcomes)."""

    result: str
    code: str | None
    payment: Payment


# --- reading ---------------------------------------------------------------------------------------------------


def now(ledger: Ledger) -> float:
    """The ledger's time now (the backend's clock, read in a transaction), to compare stored times with."""
    with ledger.store.transaction() as tx:
        return ledger._now(tx)


def _find(tx: Tx, transaction_id: str, merchant_id: str | None, *, lock: bool = False) -> dict[str, Any] | None:
    """The payment's row; with several merchants' rows under one id, ``merchant_id`` must say which."""
    if merchant_id is not None:
        return Ledger._row(tx, merchant_id, transaction_id, lock=lock)
    rows = tx.execute("SELECT merchant_id FROM mgw_payments WHERE transaction_id = ? LIMIT 2", (transaction_id,))
    if len(rows) > 1:
        raise ValidationError("--merchant-id", f"{transaction_id} is in the ledger for several merchants: name one")
    return Ledger._row(tx, rows[0]["merchant_id"], transaction_id, lock=lock) if rows else None


def history(ledger: Ledger, transaction_id: str, *, merchant_id: str | None = None) -> History | None:
    """The payment and its events in the order they were recorded (None: not in the ledger)."""
    with ledger.store.transaction() as tx:
        row = _find(tx, transaction_id, merchant_id)
        if row is None:
            return None
        events = tx.execute(
            "SELECT at, source, state, code, detail, actor FROM mgw_events "
            "WHERE merchant_id = ? AND transaction_id = ? ORDER BY id",
            (row["merchant_id"], transaction_id),
        )
    return History(Payment.from_row(row), tuple(Event(**e) for e in events))


def pending_hooks(ledger: Ledger, *, merchant_id: str | None = None, limit: int = 50) -> list[PendingHook]:
    """Final payments whose hook has not completed, the next due first, with each one's last error."""
    where, params = ("AND merchant_id = ? ", [merchant_id]) if merchant_id else ("", [])
    with ledger.store.transaction() as tx:
        rows = tx.execute(
            f"SELECT {_HOOK_COLUMNS} FROM mgw_payments WHERE hook_pending = 1 {where}ORDER BY hook_next_at LIMIT ?",
            (*params, int(limit)),
        )
    return [_pending_hook(r) for r in rows]


def _window(tx: Tx, ledger: Ledger, since: float | None, merchant_id: str | None) -> tuple[str, list[Any]]:
    clauses, params = [], list[Any]()
    if since is not None:
        clauses.append("created_at >= ?")
        params.append(ledger._now(tx) - since)
    if merchant_id is not None:
        clauses.append("merchant_id = ?")
        params.append(merchant_id)
    return (" WHERE " + " AND ".join(clauses) if clauses else ""), params


COUNTS_SQL = (
    "SELECT state, CASE WHEN rank = 9 THEN code ELSE NULL END AS code, COUNT(*) AS n, SUM(hook_pending) AS hooks "
    "FROM mgw_payments{where} GROUP BY 1, 2"
)
UNKNOWN_RATE_SQL = (
    "SELECT COUNT(*) AS n, SUM(CASE WHEN unknown_at IS NOT NULL THEN 1 ELSE 0 END) AS unknown FROM mgw_payments{where}"
)
# the literal ``rank < 9`` lets both databases use the partial index mgw_payments_open (a parameter would not)
OLDEST_OPEN_SQL = "SELECT MIN(created_at) AS oldest FROM mgw_payments WHERE rank < 9{m}"
OPEN_SQL = "SELECT * FROM mgw_payments WHERE rank < 9{window} ORDER BY next_check_at LIMIT ?"


def window_counts(ledger: Ledger, *, since: float | None = None, merchant_id: str | None = None) -> dict[str, int]:
    """Payments created in the last ``since`` seconds (None: all) by state (``final:<code>`` for final ones), and
    ``hooks_pending``."""
    with ledger.store.transaction() as tx:
        where, params = _window(tx, ledger, since, merchant_id)
        rows = tx.execute(COUNTS_SQL.format(where=where), params)
    out: dict[str, int] = {}
    hooks = 0
    for r in rows:
        key = r["state"] if r["code"] is None else f"final:{r['code']}"
        out[key] = out.get(key, 0) + int(r["n"])
        hooks += int(r["hooks"] or 0)
    out["hooks_pending"] = hooks
    return out


def open_payments(
    ledger: Ledger, *, since: float | None = None, merchant_id: str | None = None, limit: int = 20
) -> list[Payment]:
    """Open payments created in the last ``since`` seconds (None: all), the next due check first."""
    with ledger.store.transaction() as tx:
        where, params = _window(tx, ledger, since, merchant_id)
        window = where.replace(" WHERE ", " AND ", 1)
        rows = tx.execute(OPEN_SQL.format(window=window), (*params, int(limit)))
    return [Payment.from_row(r) for r in rows]


def unknown_rate(ledger: Ledger, *, since: float, merchant_id: str | None = None) -> tuple[int, int]:
    """``(payments whose call ended in outcome unknown, payments)`` created in the last ``since`` seconds."""
    with ledger.store.transaction() as tx:
        where, params = _window(tx, ledger, since, merchant_id)
        row = tx.execute(UNKNOWN_RATE_SQL.format(where=where), params)[0]
    return int(row["unknown"] or 0), int(row["n"])


def oldest_open(ledger: Ledger, *, merchant_id: str | None = None) -> float | None:
    """Seconds since the oldest open payment was written down (None: nothing open)."""
    with ledger.store.transaction() as tx:
        m = "" if merchant_id is None else " AND merchant_id = ?"
        rows = tx.execute(OLDEST_OPEN_SQL.format(m=m), [] if merchant_id is None else [merchant_id])
        oldest = rows[0]["oldest"]
        return None if oldest is None else max(0.0, ledger._now(tx) - float(oldest))


# --- acting ----------------------------------------------------------------------------------------------------


def retry_hook(
    ledger: Ledger, transaction_id: str, *, merchant_id: str | None = None, operator: str | None = None
) -> tuple[str, str | None]:
    """Make a pending hook due now and, when ``ledger`` has the hook, run it here through the ledger's own path
    (its lease, or the ledger's transaction). Returns ``(result, last error)``: ``ran``, ``failed`` (its error),
    ``due`` (no hook here: a worker with the hook runs it on its next pass), ``running`` (a process holds its
    lease now), ``not_pending`` (done already, or the payment is not final) or ``unknown_transaction``. The
    request is an event of the payment (source ``operator``, actor ``operator`` or this process)."""
    with ledger.store.transaction() as tx:
        now = ledger._now(tx)
        row = _find(tx, transaction_id, merchant_id, lock=True)
        if row is None:
            return "unknown_transaction", None
        if not row["hook_pending"]:
            return "not_pending", None
        if row["hook_lease_until"] is not None and row["hook_lease_until"] >= now:
            return "running", row["hook_error"]
        m = row["merchant_id"]
        tx.execute(
            "UPDATE mgw_payments SET hook_next_at = ? WHERE merchant_id = ? AND transaction_id = ? "
            "AND hook_pending = 1",
            (now, m, transaction_id),
        )
        actor = None if operator is None else _text("--operator", operator, 100)
        ledger._event(tx, m, transaction_id, now, OPERATOR_SOURCE, None, None, "hook retry asked for", actor=actor)
    if ledger.hook is None:
        return "due", row["hook_error"]
    if ledger.hook_in_transaction:
        with ledger.store.transaction() as tx:
            locked = Ledger._row(tx, m, transaction_id, lock=True)
            if locked is not None and locked["hook_pending"]:
                ledger._run_hook_in_tx(tx, locked, ledger._now(tx))
    else:
        ledger._run_hook_after(m, transaction_id)
    with ledger.store.transaction() as tx:
        after = Ledger._row(tx, m, transaction_id)
    assert after is not None
    return ("failed", after["hook_error"]) if after["hook_pending"] else ("ran", None)


def failed_hooks(ledger: Ledger, *, merchant_id: str | None = None, limit: int = 1000) -> list[PendingHook]:
    """Pending hooks that failed at least once and no process runs now (the oldest final first)."""
    where, params = ("AND merchant_id = ? ", [merchant_id]) if merchant_id else ("", [])
    with ledger.store.transaction() as tx:
        now = ledger._now(tx)
        rows = tx.execute(
            f"SELECT {_HOOK_COLUMNS} FROM mgw_payments WHERE hook_pending = 1 AND hook_error IS NOT NULL "
            f"AND (hook_lease_until IS NULL OR hook_lease_until < ?) {where}ORDER BY final_at LIMIT ?",
            (now, *params, int(limit)),
        )
    return [_pending_hook(r) for r in rows]


def retry_failed_hooks(
    ledger: Ledger, *, merchant_id: str | None = None, operator: str | None = None, limit: int = 1000
) -> dict[str, list[str]]:
    """:func:`retry_hook` for every failed pending hook (up to ``limit``, the oldest final first): transaction ids
    by result (``ran``, ``failed``, ``due``, ``running``, ``not_pending``). One payment at a time, each through the
    hook's own lease: a hook that fails again stays pending for the workers, and the others go on."""
    results: dict[str, list[str]] = {}
    for hook in failed_hooks(ledger, merchant_id=merchant_id, limit=limit):
        result, _ = retry_hook(ledger, hook.transaction_id, merchant_id=hook.merchant_id, operator=operator)
        results.setdefault(result, []).append(hook.transaction_id)
    return results


def check_now(
    ledger: Ledger, gateway: Gateway, transaction_id: str, *, lease: float = 60.0, operator: str | None = None
) -> CheckResult:
    """Read the payment's status now through ``gateway`` (built with ``observer=ledger.observer``), judged and
    recorded by the reconciler's own check (:meth:`Reconciler.check`). A final payment's status is read and
    compared only (a different final code is kept as a conflict event). The merchant is the gateway's. The
    request is an event of the payment (source ``operator``, actor ``operator`` or this process)."""
    from .reconciler import Reconciler

    merchant_id = gateway.config.merchant_id
    reconciler = Reconciler(ledger, gateway, concurrency=1, lease=lease)  # checks the gateway's observer and grace
    token = f"{ledger.owner}/{uuid.uuid4().hex[:12]}"
    with ledger.store.transaction() as tx:
        now = ledger._now(tx)
        claimed = tx.execute(
            "UPDATE mgw_payments SET lease_owner = ?, lease_until = ?, claim_seq = claim_seq + 1 "
            "WHERE merchant_id = ? AND transaction_id = ? AND rank < ? AND (lease_until IS NULL OR lease_until < ?) "
            "RETURNING *",
            (token, now + lease, merchant_id, transaction_id, RANK[FINAL], now),
        )
        row = claimed[0] if claimed else Ledger._row(tx, merchant_id, transaction_id)
        if row is not None:
            actor = None if operator is None else _text("--operator", operator, 100)
            ledger._event(
                tx, merchant_id, transaction_id, now, OPERATOR_SOURCE, None, None, "status check asked for", actor=actor
            )
    if row is None:
        raise ValidationError(
            "transaction_id", f"{transaction_id} is not in the ledger for merchant {merchant_id} (MGW_MERCHANT_ID)"
        )
    if not claimed:
        payment = Payment.from_row(row)
        if row["rank"] < RANK[FINAL]:
            return CheckResult("busy", None, payment)
        answer = status_answer(reconciler.gateway.get_transaction_status(transaction_id))
        code = answer.get("code") if answer is not None else None
        return CheckResult("already_final", code if isinstance(code, str) else None, payment)
    seen: list[str | None] = []
    reconciler.on_check = lambda record: seen.append(record["code"])
    claim = Claim(Payment.from_row(row), token, int(row["claim_seq"]), now + lease, row["unknown_at"])
    result = reconciler.check(claim)
    after = ledger.get(transaction_id, merchant_id)
    assert after is not None
    return CheckResult(result, seen[0] if seen else None, after)


def _text(field: str, value: str, limit: int) -> str:
    value = " ".join(value.split())
    if not value or len(value) > limit:
        raise ValidationError(field, f"must be given, up to {limit} characters (it is kept in the payment's events)")
    return value


def resolve(
    ledger: Ledger,
    transaction_id: str,
    *,
    code: str,
    reason: str,
    operator: str,
    merchant_id: str | None = None,
    force: bool = False,
    second_operator: str | None = None,
) -> Payment:
    """End a stuck (open) payment with ``code`` (one of :data:`RESOLVE_CODES`), recorded as an event with the
    operator's name and reason, through the ledger's one final transition (the merchant's hook follows, as for any
    final payment). Raises :class:`ResolveRefused`, changing nothing, when the payment is final already, a call is
    still sending it, or ``code`` contradicts the gateway's evidence: a success after a failure code or when the
    latest read was TRANSACTION_NOT_FOUND or a failure; a failure after PAYMENT_SUCCESS (even one whose amount was
    not proven) or while the latest read says PAYMENT_PENDING. Only a contradiction of the evidence can be forced:
    ``force`` with a ``second_operator`` (another person than ``operator``) who agrees, and the reason; the event
    then names both and the evidence overridden."""
    if code not in RESOLVE_CODES:
        raise ValidationError("--state", f"must be one of {', '.join(RESOLVE_CODES)}")
    operator = _text("--operator", operator, 100)
    reason = _text("--reason", reason, 500)
    second = _second(operator, second_operator) if force else None
    with ledger.store.transaction() as tx:
        now = ledger._now(tx)
        row = _find(tx, transaction_id, merchant_id, lock=True)
        if row is None:
            raise ValidationError("transaction_id", f"{transaction_id} is not in the ledger")
        m = row["merchant_id"]
        events = tx.execute(
            # a money-moving call's own answer is left out: a debit's PAYMENT_SUCCESS there only says "initiated"
            "SELECT at, source, code FROM mgw_events WHERE merchant_id = ? AND transaction_id = ? AND code IS NOT NULL "
            "AND source <> 'answer' ORDER BY id",
            (m, transaction_id),
        )
        _refuse_if_closed(ledger, row, now)
        contradiction = _contradiction(row, events, code, now)
        if contradiction is not None and second is None:
            raise ResolveRefused(
                "--state",
                f"{contradiction}; check it with mgw ledger check, or resolve it as UNRESOLVED and settle it with "
                "the gateway; to record it anyway, a second operator must agree: --force --second-operator NAME",
            )
        detail = f"resolved by {operator}: {reason}"
        if second is not None:
            against = f" against the evidence ({contradiction})" if contradiction else ""
            detail = f"resolved by {operator}, forced with second operator {second}{against}: {reason}"
        if not ledger._finalize(
            tx, row, code, now, OPERATOR_SOURCE, detail=detail, actor=operator
        ):  # pragma: no cover - row locked
            raise ResolveRefused("transaction_id", f"{transaction_id} changed while it was resolved: run it again")
    ledger._run_hook_after(m, transaction_id)
    resolved = ledger.get(transaction_id, m)
    assert resolved is not None
    return resolved


def _second(operator: str, second_operator: str | None) -> str:
    if second_operator is None:
        raise ValidationError(
            "--second-operator", "is required with --force: the name of a second person who agrees with it"
        )
    second = _text("--second-operator", second_operator, 100)
    if second.casefold() == operator.casefold():
        raise ValidationError("--second-operator", f"must be another person than --operator ({operator})")
    return second


def _refuse_if_closed(ledger: Ledger, row: dict[str, Any], now: float) -> None:
    """What no operator may override: a final payment, a call that may still send it."""
    txn = row["transaction_id"]
    if row["rank"] >= RANK[FINAL]:
        raise ResolveRefused(
            "transaction_id",
            f"{txn} is final already ({row['code']}, by {row['final_source']}): the ledger never changes a final "
            "payment; record any correction in your own books",
        )
    if not ledger.sends(row, now).closed:
        raise ResolveRefused(
            "transaction_id",
            f"{txn}: a call is still sending it (presumed over {row['call_until'] - now:.0f} s from now): its answer "
            "may still come; check it with mgw ledger check, or resolve it once the call has ended",
        )


def _latest_read(row: dict[str, Any], events: list[dict[str, Any]]) -> tuple[str, str, float] | None:
    """The gateway's latest word on the payment, as (code, source, time): a status or callback event with a code,
    or the code every status check that got an answer writes to the row (TRANSACTION_NOT_FOUND and
    PAYMENT_PENDING leave no event), whichever came last."""
    latest: tuple[str, str, float] | None = None
    if row["last_check_at"] is not None and row["code"] is not None:
        latest = (row["code"], "status check", row["last_check_at"])
    for event in events:
        if latest is None or event["at"] >= latest[2]:
            latest = (event["code"], event["source"], event["at"])
    return latest


def _contradiction(row: dict[str, Any], events: list[dict[str, Any]], code: str, now: float) -> str | None:
    """How ``code`` contradicts what the gateway reported (None: it does not)."""
    txn = row["transaction_id"]
    wanted = _STATUS_OUTCOMES.get(code)
    for event in events:
        seen = _STATUS_OUTCOMES.get(event["code"])
        if wanted is not None and seen in ("succeeded", "failed") and seen != wanted:
            return (
                f"{txn}: the gateway reported {event['code']} ({event['source']}, {_ago(now, event['at'])}), which "
                f"contradicts {code}"
            )
    latest = _latest_read(row, events)
    if latest is None:
        return None
    seen = _STATUS_OUTCOMES.get(latest[0])
    if (wanted == "succeeded" and seen in ("not-found", "failed")) or (wanted == "failed" and seen == "pending"):
        return (
            f"{txn}: the gateway's latest read was {latest[0]} ({latest[1]}, {_ago(now, latest[2])}), which "
            f"contradicts {code}"
        )
    return None


def _ago(now: float, at: float) -> str:
    return f"{max(0.0, now - at):.0f} s ago"
