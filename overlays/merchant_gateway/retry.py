"""Retry rules that cannot double-charge or silently act twice.

Why this module exists: a payment, collect or refund that may have reached the gateway must never be repeated
blindly (the interface document: "the status must be checked before retrying"), and neither may a call that is
not idempotent (an OTP send, an OTP verification, an unlink, an SSO grant-token exchange). This module decides,
for one failed attempt, whether to retry, wait, or stop; it holds no I/O so the rules are unit-testable.

Retry modes (the spec's ``x-retry``, the generated ``RETRY`` constant of each endpoint module):

* :data:`SAFE` -- may be re-sent automatically after any failure (reads, token issue);
* :data:`RECONCILE_FIRST` -- may move money: after a failure once the request may have been sent the outcome is
  unknown (:class:`~merchant_gateway.errors.OutcomeUnknown`) and is settled through the status operation;
* :data:`NEVER` -- not idempotent and no status operation settles it: after such a failure the outcome is unknown
  too and the caller (or a flow, e.g. :func:`merchant_gateway.flows.unlink`) decides; nothing is re-sent here.

In every mode a failure before any byte was sent and a rate limit (not processed) are retried.

Defaults (:class:`RetryPolicy`): at most 3 attempts in total, exponential backoff from 0.5 s, every single wait
capped at 30 s (server-given TIME_WINDOW / Retry-After included), with up to 25 % random jitter (see
:func:`wait_seconds`).
"""

from __future__ import annotations

import contextvars
import email.utils
import enum
import math
import random
import re
from dataclasses import dataclass

from .errors import ConfigurationError

SAFE = "safe"
RECONCILE_FIRST = "reconcile-first"
NEVER = "never"

# Seconds left of the call's ``total_timeout`` when the attempt being sent in this thread / task started (None: the
# call has no budget). The gateway sets it around each attempt; the default transports cut the attempt's deadline to
# it (a context variable: httpcore sends in the caller's thread or task).
attempt_budget: contextvars.ContextVar[float | None] = contextvars.ContextVar("mgw_attempt_budget", default=None)


class BudgetSpent(Exception):
    """The call's ``total_timeout`` was spent when an attempt was about to be handed to its transport (what came
    before it, a rate ceiling's wait or a wait for a free connection, used the rest): nothing of it was sent. Its own
    type, so that the gateway says what happened instead of "could not connect" (merchant_gateway/_core)."""


def check_budget() -> None:
    """Raise :class:`BudgetSpent` when the attempt about to be sent in this thread / task has no time left."""
    left = attempt_budget.get()
    if left is not None and left <= 0:
        raise BudgetSpent("the call's total_timeout was spent before the request was sent")


# matched through re's own cache of compiled patterns: compiled on the first Retry-After, not at import
_NUMBER = r"[0-9]{1,12}(\.[0-9]{1,9})?"


@dataclass(frozen=True)
class RetryPolicy:
    """How often and how long one call may try again (see :func:`decide` and :func:`wait_seconds`)."""

    max_attempts: int = 3
    backoff_base: float = 0.5
    max_wait: float = 30.0
    jitter: float = 0.25

    def __post_init__(self) -> None:
        if type(self.max_attempts) is not int or not 1 <= self.max_attempts <= 20:
            raise ConfigurationError("retry.max_attempts", "must be an integer from 1 to 20")
        for name in ("backoff_base", "max_wait", "jitter"):
            value = getattr(self, name)
            if not isinstance(value, int | float) or isinstance(value, bool) or not math.isfinite(value) or value < 0:
                raise ConfigurationError(f"retry.{name}", "must be a finite number >= 0")
        if self.jitter > 1:
            raise ConfigurationError("retry.jitter", "must be a fraction from 0 to 1")


class Failure(enum.Enum):
    NOT_SENT = "not_sent"  # ConnectError / ConnectTimeout / PoolTimeout: the request never left
    MAYBE_SENT = "maybe_sent"  # read/write timeout, dropped connection: the gateway may have acted
    RATE_LIMITED = "rate_limited"  # HTTP 429 / API_RATE_LIMIT_REACHED: rejected, not processed
    SERVER_ERROR = "server_error"  # 5xx, INTERNAL_SERVER_ERROR, TIMED_OUT: outcome unknown for money moves


class Action(enum.Enum):
    RETRY = "retry"
    GIVE_UP = "give_up"  # raise the error that matches the failure
    OUTCOME_UNKNOWN = "outcome_unknown"  # raise OutcomeUnknown; reconcile through status


def decide(failure: Failure, retry_mode: str, attempt: int, policy: RetryPolicy) -> Action:
    """What to do after attempt number ``attempt`` (1-based) failed with ``failure``.

    ``retry_mode`` is the endpoint's RETRY constant. NOT_SENT and RATE_LIMITED are retried in every mode (the
    gateway did not process the request). After MAYBE_SENT or SERVER_ERROR only ``"safe"`` is re-sent; every other
    mode -- ``"reconcile-first"``, ``"never"``, and a new or misspelt one (fails closed) -- gives
    OUTCOME_UNKNOWN. How an unknown outcome is settled (status operation, or the caller) is not decided here.
    """
    if failure in (Failure.MAYBE_SENT, Failure.SERVER_ERROR) and retry_mode != SAFE:
        return Action.OUTCOME_UNKNOWN
    return Action.RETRY if attempt < policy.max_attempts else Action.GIVE_UP


def parse_server_wait(value: object, *, now: float) -> float | None:
    """Seconds to wait from a TIME_WINDOW or Retry-After value, or None when the value is unusable.

    Accepts non-negative numbers (seconds) and HTTP dates (relative to the wall clock ``now``). Hostile values
    ("inf", "nan", "-1", garbage, booleans) give None; huge values are capped later by :func:`wait_seconds`.
    """
    if value is None or isinstance(value, bool):
        return None
    if isinstance(value, int | float):
        number = float(value)
        return number if math.isfinite(number) and number >= 0 else None
    if not isinstance(value, str) or len(value) > 64:
        return None
    text = value.strip()
    if re.fullmatch(_NUMBER, text):
        return float(text)
    try:
        when = email.utils.parsedate_to_datetime(text)
    except (TypeError, ValueError, IndexError, OverflowError):
        return None
    if when.tzinfo is None:  # "-0000" zone: no usable offset, so fall back to backoff rather than guess
        return None
    try:
        delta = when.timestamp() - now
    except (OverflowError, OSError, ValueError):
        return None
    return max(0.0, delta) if math.isfinite(delta) else None


def wait_seconds(policy: RetryPolicy, attempt: int, server_wait: float | None, rng: random.Random) -> float:
    """Bounded wait before retry number ``attempt`` (1-based): the server's hint or exponential backoff, plus up to
    ``jitter`` of it, never above ``policy.max_wait``.

    Drawn uniformly from [lo, hi] with hi = min(base * (1 + jitter), max_wait). Below the cap lo = base, so a
    server's hint is honoured; near or above the cap lo = max_wait * (1 - jitter), so clients that were all told
    "wait 99999 s" still spread out instead of retrying in lock-step at exactly max_wait.
    """
    base = server_wait if server_wait is not None else policy.backoff_base * (2.0 ** min(attempt - 1, 30))
    hi = min(base * (1.0 + policy.jitter), policy.max_wait)
    lo = min(base, policy.max_wait * (1.0 - policy.jitter))
    return rng.uniform(lo, hi)
