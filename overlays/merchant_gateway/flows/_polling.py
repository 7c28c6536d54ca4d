"""The decisions of a wait for a payment's final status, free of I/O (the loops are in ``_async.py``/``_sync.py``;
:mod:`.polling` is the public module and explains the rules).
"""

from __future__ import annotations

import asyncio
import math
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Protocol, runtime_checkable

from ..errors import (
    AmountMismatchError,
    GatewayError,
    RateLimitedError,
    ServerError,
    TransactionNotFoundError,
    TransportError,
)
from ..verdicts import Sends, Verdict, not_found_verdict
from .schedule import PollSchedule

MAX_RATE_LIMIT_WAIT = 60.0  # a hostile or garbled TIME_WINDOW must not park a poller for hours
# Our choice, not the document's: a collect request "is always closed within the expiry time", but the closed state
# can reach the status operation a moment later; one last check this long after the expiry sees it.
EXPIRY_GRACE = 10.0

# How a wait sleeps, in each flavour (the async names turn into the sync ones in _sync.py, tools/derive_sync.py).
Sleep = Callable[[float], None]
AsyncSleep = Callable[[float], Awaitable[None]]
default_sleep: Sleep = time.sleep
async_default_sleep: AsyncSleep = asyncio.sleep


@dataclass(frozen=True)
class StatusSnapshot:
    """What one status answer says, reduced to the fields decisions are made on, with its verdict
    (merchant_gateway.verdicts: decided from the spec's outcome table, never from the code alone here)."""

    transaction_id: str
    code: str
    amount: int | None = None
    payment_state: str | None = None
    pay_response_code: str | None = None
    provider_reference_id: str | None = None
    verdict: Verdict = Verdict.UNKNOWN
    mismatch: str | None = None  # the answer field naming another value than expected ("amount")

    @property
    def is_final(self) -> bool:
        return self.verdict.final

    @property
    def succeeded(self) -> bool:
        return self.verdict is Verdict.SUCCEEDED


# A final verdict already known without a status read (a final status this gateway read, a verified callback the
# ledger recorded), or None; asked before every sleep of a wait (and every KNOWN_CHECK_EVERY seconds while the
# gateway follows callbacks), so a wait never sleeps past a verdict it could know. Local and cheap: never a request.
KnownFinal = Callable[[str], "StatusSnapshot | None"]
# how often a wait asks a source that learns verdicts while it sleeps (the ledger, from callbacks)
KNOWN_CHECK_EVERY = 1.0


@runtime_checkable
class KnowsFinals(Protocol):
    """A gateway that remembers final verdicts (:class:`merchant_gateway.Gateway` and ``AsyncGateway`` do)."""

    def known_final(self, transaction_id: str) -> StatusSnapshot | None: ...

    def remember_final(self, snapshot: StatusSnapshot) -> None: ...

    @property
    def follows_callbacks(self) -> bool: ...


# One status read of a wait, in each flavour.
FetchSnapshot = Callable[[], StatusSnapshot]
AsyncFetchSnapshot = Callable[[], Awaitable[StatusSnapshot]]


@dataclass(frozen=True)
class FinalStatus:
    snapshot: StatusSnapshot
    checks: int
    elapsed: float

    @property
    def code(self) -> str:
        return self.snapshot.code

    @property
    def succeeded(self) -> bool:
        return self.snapshot.succeeded


class PollTimeout(GatewayError):
    """No final status before the deadline (schedule timeout or collect expiry). ``code`` is the last one seen."""


class _Poll:
    """The decisions of one wait, free of I/O, shared by the sync and async loops."""

    def __init__(
        self,
        transaction_id: str,
        *,
        expected_amount: int | None,
        schedule: PollSchedule,
        started_at: float,
        expires_in: float | None,
        sent_at: float | None = None,
        grace: float = 60.0,
    ) -> None:
        self.transaction_id = transaction_id
        self.sent_at = sent_at  # when the start's request was last sent, if the caller knows (the time rule)
        self.grace = grace
        self.expected_amount = expected_amount
        self.started_at = started_at
        self.expires_in = expires_in
        self._offsets = list(schedule.offsets(limit=None if expires_in is None else expires_in + EXPIRY_GRACE))
        self._next = 0
        self._last_check = -math.inf
        self._not_before = started_at
        self.checks = 0
        self.last_code: str | None = None

    def delay(self, now: float) -> float | None:
        """Seconds to sleep before the next check, or None when the deadline has passed.

        Moments that passed while a check was under way (or before the wait began) collapse into one check,
        never a burst; a 429 pushes the next check back, but never past the deadline.
        """
        deadline = self.started_at + self._offsets[-1] if self._offsets else now
        while self._next < len(self._offsets):
            moment = self.started_at + self._offsets[self._next]
            self._next += 1
            if moment <= self._last_check:
                continue
            due = min(max(moment, self._not_before), deadline)
            return max(0.0, due - now)
        return None

    def on_snapshot(self, snapshot: StatusSnapshot, now: float) -> FinalStatus | None:
        self.checks += 1
        self._last_check = now
        self.last_code = snapshot.code
        checked(snapshot, self.expected_amount)
        if not snapshot.is_final:
            return None
        return FinalStatus(snapshot, self.checks, now - self.started_at)

    def on_known(self, snapshot: StatusSnapshot | None, now: float) -> FinalStatus | None:
        """A verdict known without a read: final only when it is final and names this payment's amount."""
        if snapshot is None or not snapshot.is_final or snapshot.transaction_id != self.transaction_id:
            return None
        if self.expected_amount is not None and snapshot.amount not in (None, self.expected_amount):
            return None  # another amount proves nothing here: the status read decides
        if snapshot.succeeded and snapshot.amount != self.expected_amount:
            return None  # a success counts only at the amount this wait expects
        return FinalStatus(snapshot, self.checks, now - self.started_at)

    def on_error(self, exc: Exception, now: float) -> FinalStatus | None:
        """Turn an exception of one status read into a decision; re-raises what is not transient."""
        self.checks += 1
        self._last_check = now
        if isinstance(exc, TransactionNotFoundError):
            # final only as "not recorded" (verdicts' time rule); the start this wait knows counts as a send
            self.last_code = exc.code
            verdict = Verdict(exc.verdict) if exc.verdict in set(Verdict) else Verdict.NOT_FOUND
            if verdict is Verdict.NOT_FOUND and self.sent_at is not None:
                verdict = not_found_verdict(Sends(known=True, last_at=self.sent_at, now=now, grace=self.grace))
            if not verdict.final:
                return None
            snap = StatusSnapshot(self.transaction_id, exc.code or "TRANSACTION_NOT_FOUND", verdict=verdict)
            return FinalStatus(snap, self.checks, now - self.started_at)
        if isinstance(exc, RateLimitedError):
            self.last_code = exc.code
            self._not_before = now + _bounded_wait(exc.time_window)
            return None
        if isinstance(exc, ServerError | TransportError):
            self.last_code = exc.code or type(exc).__name__
            return None
        raise exc

    def timeout(self) -> PollTimeout:
        if self.expires_in is not None:
            remedy = (
                "the collect request's expiry has passed and the gateway closes it within its expiry: read the "
                "status again later (payments.retrieve) before deciding; never treat it as failed until then"
            )
        else:
            remedy = (
                "it is not final yet: keep the order open and reconcile it later (gateway.reconcile, or the "
                "ledger's reconciler); never treat it as failed"
            )
        return PollTimeout(
            f"no final status after {self.checks} checks",
            code=self.last_code,
            transaction_id=self.transaction_id,
            remedy=remedy,
        )


def checked(snapshot: StatusSnapshot, expected_amount: int | None) -> StatusSnapshot:
    """The snapshot, unless its answer names another amount than the forward payment's (interface document: the
    amount in the status response must be cross-checked): then AmountMismatchError, do not fulfil the order."""
    if snapshot.mismatch == "amount":
        raise AmountMismatchError(
            f"status amount {snapshot.amount} differs from the forward request {expected_amount}",
            code=snapshot.code,
            transaction_id=snapshot.transaction_id,
        )
    return snapshot


def _bounded_wait(time_window: str | None) -> float:
    try:
        value = float(time_window) if time_window is not None else 0.0
    except ValueError:
        value = 0.0
    return min(value, MAX_RATE_LIMIT_WAIT) if math.isfinite(value) and value > 0 else 0.0
