"""What the ledger knows about one payment, and the rules by which that knowledge may change (no I/O).

Why this module exists: the ledger's promise is that a payment's state only moves forward. That promise is a
rank: every state has one, and every write is ``... WHERE rank < new rank``, so a late answer, a duplicate
callback or a slow worker can never move a payment back. The rules of what an observation means (an answer, an
OutcomeUnknown, a status read, a callback) live here as pure functions, shared by every backend.

States (``Payment.state``), in rank order:

- ``recorded`` (0): written before the request was sent (write-ahead). Whether it reached the gateway is not
  known until an answer, an error or a status read says so.
- ``unknown`` (1): the call ended in :class:`~merchant_gateway.errors.OutcomeUnknown`: it may have reached the
  gateway. A ledger state, not a lost exception: the reconciler settles it through the status operation.
- ``accepted`` (2): the gateway answered the request (PAYMENT_PENDING, PAYMENT_INITIATED, SUCCESS, a redirect...)
  or a status read said PAYMENT_PENDING; the final state is still to come.
- ``overdue`` (3): the polling schedule's deadline passed without a final state; checked every
  ``overdue_every`` seconds until ``give_up_at``.
- ``final`` (9): ``code`` says which: a terminal payment code (PAYMENT_SUCCESS, PAYMENT_ERROR, PAYMENT_DECLINED,
  PAYMENT_CANCELLED), or one of the ledger's own verdicts below. Nothing changes a final payment.

Ledger verdicts (``code`` of a final payment that is not a gateway payment code):

- ``NOT_RECORDED``: the status operation answered TRANSACTION_NOT_FOUND once no request for the payment could
  still be sent or be in processing (the sending call had ended, ``grace`` had passed since its last recorded
  attempt and since the first read that found nothing, the gateway never answered it), decided by
  ``merchant_gateway.verdicts.judge``; every later attempt is refused. The gateway never recorded it; safe to pay
  again under a new transaction id.
- ``NOT_SENT``: the request provably never left (connection refused, rate limited on every attempt).
- ``REJECTED``: the gateway refused the request with an error code (BAD_REQUEST, INVALID_TRANSACTION_ID...,
  kept in ``detail``); no status read is made, because the status of a refused id may describe another
  request (a duplicate id).
- ``AMOUNT_MISMATCH``: written by earlier versions, before every answer was judged by the verdict function, for a
  success whose amount differed from the amount sent. Now such an answer (and one whose amount is not an integer
  or absent) proves nothing: the payment stays open, the reason is kept as an event, and a payment never proven
  ends UNRESOLVED at ``give_up_at``.
- ``UNRESOLVED``: still not final at ``give_up_at``: a person has to look.
"""

from __future__ import annotations

import bisect
import functools
from dataclasses import dataclass
from typing import Any

from ..flows.schedule import PollSchedule
from ..verdicts import OUTCOMES

RECORDED, UNKNOWN, ACCEPTED, OVERDUE, FINAL = "recorded", "unknown", "accepted", "overdue", "final"
RANK = {RECORDED: 0, UNKNOWN: 1, ACCEPTED: 2, OVERDUE: 3, FINAL: 9}
OPEN_STATES = (RECORDED, UNKNOWN, ACCEPTED, OVERDUE)

# the codes by which a status read decides a payment, from the spec's outcome table (succeeded or failed there);
# which answer is believed is verdicts.judge's to say: this set only routes (a check due now, a conflict event)
TERMINAL_CODES = frozenset(
    code for code, outcome in OUTCOMES["getTransactionStatus"].codes.items() if outcome in ("succeeded", "failed")
)
NOT_RECORDED, NOT_SENT, REJECTED = "NOT_RECORDED", "NOT_SENT", "REJECTED"
AMOUNT_MISMATCH, UNRESOLVED = "AMOUNT_MISMATCH", "UNRESOLVED"
VERDICTS = frozenset({NOT_RECORDED, NOT_SENT, REJECTED, AMOUNT_MISMATCH, UNRESOLVED})
# what an operator may record: the gateway's final payment codes (after looking at the gateway's own record) or
# UNRESOLVED (settled outside the ledger). Never NOT_SENT or NOT_RECORDED: "safe to pay again" is the ledger's own
# rule to prove (an SDK's request, or one sent before a crash, leaves no attempt a person can see). Here, not in
# admin.py, so that `mgw`'s parser offers them without loading the ledger.
RESOLVE_CODES = (*sorted(TERMINAL_CODES), UNRESOLVED)
# the settings every process on one ledger must share (stored in the ledger: ledger.settings); named here for the
# same reason
FLEET_SETTINGS = (
    "rate_limit.limit",
    "rate_limit.window",
    "rate_limit.margin",
    "rate_limit.name",
    "hook_in_transaction",
    "grace",
)

# x-money-movement -> what the ledger calls the row
KINDS = {"debit": "payment", "collect": "collect", "refund": "refund", "deferred-refund": "refund"}


@dataclass(frozen=True)
class Payment:
    """One row of the ledger, as read. Times are epoch seconds of the ledger's clock."""

    merchant_id: str
    transaction_id: str
    operation: str  # operationId of the money-moving call (or what record_intent was told)
    kind: str  # payment | collect | refund
    amount: int | None
    order_id: str | None
    original_transaction_id: str | None
    state: str
    code: str | None  # the final code (or the last code seen while open)
    detail: str | None
    pay_response_code: str | None
    provider_reference_id: str | None
    final_source: str | None  # answer | status | callback | reconciler
    created_at: float
    started_at: float  # origin of the polling schedule
    deadline: float  # end of the polling schedule (collect / SDK-less: their expiry)
    give_up_at: float
    final_at: float | None
    next_check_at: float | None
    checks: int
    hook_pending: bool
    hook_done_at: float | None
    attempts: int = 0  # HTTP attempts recorded before they were sent (retries included)
    last_attempt_at: float | None = None
    traceparent: str | None = None  # W3C trace context of the call that wrote it down (telemetry attached)

    @property
    def is_final(self) -> bool:
        return self.state == FINAL

    @property
    def succeeded(self) -> bool:
        """True only for a final PAYMENT_SUCCESS whose amount matched the amount sent."""
        return self.state == FINAL and self.code == "PAYMENT_SUCCESS"

    @property
    def idempotency_key(self) -> str:
        """Stable per payment and final outcome: store it with the side effect of a hook that runs outside the
        ledger's transaction, and skip an effect whose key is already stored (see docs/operations.md)."""
        return f"{self.merchant_id}:{self.transaction_id}:{self.code}"

    @classmethod
    def from_row(cls, row: dict[str, Any]) -> Payment:
        return cls(
            merchant_id=row["merchant_id"],
            transaction_id=row["transaction_id"],
            operation=row["operation"],
            kind=row["kind"],
            amount=row["amount"],
            order_id=row["order_id"],
            original_transaction_id=row["original_transaction_id"],
            state=row["state"],
            code=row["code"],
            detail=row["detail"],
            pay_response_code=row["pay_response_code"],
            provider_reference_id=row["provider_reference_id"],
            final_source=row["final_source"],
            created_at=row["created_at"],
            started_at=row["started_at"],
            deadline=row["deadline"],
            give_up_at=row["give_up_at"],
            final_at=row["final_at"],
            next_check_at=row["next_check_at"],
            checks=row["checks"],
            hook_pending=bool(row["hook_pending"]),
            hook_done_at=row["hook_done_at"],
            attempts=int(row.get("attempts") or 0),
            last_attempt_at=row.get("last_attempt_at"),
            traceparent=row.get("traceparent"),
        )


@functools.lru_cache(maxsize=64)
def _offsets(schedule: PollSchedule, limit: float | None) -> tuple[float, ...]:
    return tuple(schedule.offsets(limit=limit))


def schedule_deadline(schedule: PollSchedule, expires_in: float | None) -> float:
    """Seconds after the start at which the polling schedule (the gateway's public reference) ends (a collect's
    expiry ends it sooner)."""
    offsets = _offsets(schedule, expires_in)
    return offsets[-1] if offsets else 0.0


def next_check(
    schedule: PollSchedule,
    *,
    started_at: float,
    deadline: float,
    now: float,
    not_before: float | None = None,
    overdue_every: float,
    give_up_at: float,
    checks: int,
) -> tuple[str | None, float | None]:
    """When the next status check of an open payment is due, after a check at ``now`` (``checks``: how many checks
    of it came before this one).

    Returns ``(state change or None, due time)``: the next moment of the polling schedule after ``now``
    (moments that passed while the payment waited collapse into one check, never a burst); past the deadline
    ``(OVERDUE, now + overdue_every)``; ``(FINAL, None)`` (UNRESOLVED) once the give-up bound has passed on the
    ledger's clock (``now`` at or past ``give_up_at``) *and* in checks made (:func:`checks_to_give_up`), so a
    clock that jumps forward never ends a payment early: after a jump the checks go on every ``overdue_every``
    until their count says the bound has passed. ``not_before`` (a rate limit's TIME_WINDOW) pushes the check
    back.
    """
    floor = now if not_before is None else max(now, not_before)
    if now >= give_up_at:
        needed = checks_to_give_up(
            schedule, started_at=started_at, deadline=deadline, give_up_at=give_up_at, overdue_every=overdue_every
        )
        if checks >= needed:
            return FINAL, None
        return OVERDUE, floor + overdue_every
    if floor < deadline:
        span = deadline - started_at
        limit = None if span >= schedule.timeout else span
        offsets = _offsets(schedule, limit)
        i = bisect.bisect_right(offsets, floor - started_at + 1e-9)
        if i < len(offsets):
            return None, started_at + offsets[i]
    return OVERDUE, min(floor + overdue_every, give_up_at)


def checks_to_give_up(
    schedule: PollSchedule, *, started_at: float, deadline: float, give_up_at: float, overdue_every: float
) -> int:
    """How many status checks the schedule makes before the one at ``give_up_at`` (one short, for rounding): the
    moments up to the deadline, then one every ``overdue_every``. Each check is one status read made when the
    ledger's clock said it was due, so their count measures the payment's age in a way a clock jump cannot
    shorten (a jump skips checks; the bound then needs them made). Checks a reconciler outage skipped delay
    UNRESOLVED by one ``overdue_every`` each, never hasten it."""
    span = deadline - started_at
    limit = None if span >= schedule.timeout else span
    before = len(_offsets(schedule, limit))
    after = int(max(0.0, give_up_at - deadline) // overdue_every) if overdue_every > 0 else 0
    return max(0, before + after - 1)


def first_check(schedule: PollSchedule, started_at: float) -> float:
    offsets = _offsets(schedule, None)
    return started_at + (offsets[0] if offsets else 0.0)
