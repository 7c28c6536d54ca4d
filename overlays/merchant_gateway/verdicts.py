"""What an answer means: one pure function, driven by the spec's outcome table, for every layer.

Why this module exists: a verdict about money (paid, failed, pending, unknown, never recorded, a refund that
exists) must be decided once, the same way by the operation methods, the task layer, the pollers, the ledger,
the CLI and other languages. The meaning of each code per operation comes from the generated table
(``merchant_gateway_client.outcomes``: the spec's x-codes, refine and x-evidence); this module adds only the
rules every answer obeys (docs/design.md, "Verdicts"):

- evidence: an outcome that needs fields (``x-evidence``) gets them, of the documented type; wherever
  ``data.transactionId``, ``data.merchantId`` or ``data.amount`` appear they equal what was sent or expected;
- contradictions (ids of another JSON type, duplicate deciding keys, ``success`` against the code, an HTTP status
  against the body) are never a success: ``unknown`` on a call that may move money, ``unreadable`` on a read;
- time: TRANSACTION_NOT_FOUND on a status read is "not yet found" until ``grace`` after the last moment a request
  for that transaction may have been sent, and only final ("not recorded") once no request can still be sent.

Nothing here does I/O or reads a clock: callers pass what they know (:class:`Expect`, :class:`Sends`).
"""

from __future__ import annotations

import enum
import json
from collections.abc import Mapping
from typing import Any, NamedTuple, cast

from merchant_gateway_client.outcomes import CATEGORIES, OUTCOMES, REMEDIES, OutcomeTable

__all__ = [
    "CATEGORIES",
    "OUTCOMES",
    "REMEDIES",
    "Expect",
    "Judgement",
    "Sends",
    "Verdict",
    "judge",
    "not_found_verdict",
    "read_answer",
    "table",
]


class Verdict(enum.StrEnum):
    SUCCEEDED = "succeeded"  # proven: this transaction, this merchant, the expected amount
    ACCEPTED = "accepted"  # a start the gateway took; the payment itself is not decided
    PENDING = "pending"
    FAILED = "failed"  # final failure of this transaction (proven identity where the table asks for it)
    REJECTED = "rejected"  # the request was refused and moved nothing (bad request, signature, user state ...)
    DUPLICATE = "duplicate"  # the id was used before: what it names may exist; learn its status, never a failure
    RATE_LIMITED = "rate-limited"  # not processed; may be sent again later
    UNKNOWN = "unknown"  # the gateway may have acted; only the status operation can tell
    UNREADABLE = "unreadable"  # a read whose answer proves nothing (contradictory, unreadable)
    UNCONFIRMED = "unconfirmed"  # says succeeded, but no expected amount was given to prove it
    NOT_FOUND = "not-found"  # the gateway has no record; nothing is known of what was sent
    NOT_YET_FOUND = "not-yet-found"  # no record yet, but a request may still arrive or be in processing
    NOT_RECORDED = "not-recorded"  # no record, the grace is over and no request for it can still be sent

    @property
    def final(self) -> bool:
        """A payment's final verdict: nothing later can change it (used by pollers, reconcile, the ledger)."""
        return self in _FINAL


_FINAL = frozenset({Verdict.SUCCEEDED, Verdict.FAILED, Verdict.NOT_RECORDED})
_SAYS_DONE = frozenset({"succeeded", "accepted"})  # outcomes that contradict success: false
_SAYS_NOT_DONE = frozenset({"failed", "rejected", "duplicate", "not-found"})  # ... and success: true
_NEEDS_2XX = frozenset({"succeeded", "accepted", "pending"})


class Expect(NamedTuple):
    """What the answer must name: the request's transaction and merchant, and the amount it must carry (the
    request's for a money move; the forward payment's for a status read). None: not known, not checked."""

    transaction_id: str | None = None
    merchant_id: str | None = None
    amount: int | None = None


_NOTHING_EXPECTED = Expect()


class Sends(NamedTuple):
    """What is known of the requests sent for one transaction, on one clock (``now`` and ``last_at`` alike).

    ``known``: whether the caller knows what was sent at all (a bare transaction id from elsewhere: no).
    ``last_at``: the last moment a request for it may have been sent (None with ``known``: none ever was).
    ``closed``: no further request for it can be sent (the call returned; the ledger forbids new attempts)."""

    known: bool
    last_at: float | None
    now: float
    grace: float
    closed: bool = True


class Judgement(NamedTuple):
    verdict: Verdict
    code: str | None = None
    pay_response_code: str | None = None
    reason: str = ""  # why, in words; never a value taken from the answer other than its codes and amount
    mismatch: str | None = None  # the answer field naming another transaction, merchant or amount than expected

    @property
    def category(self) -> str | None:
        """The code's error category (ResultCode's x-code-catalog), for a client's error types."""
        return CATEGORIES.get(self.code or "")


class Unreadable(NamedTuple):
    why: str


def table(key: str) -> OutcomeTable:
    """The outcome table of an operation id or a webhook name."""
    return OUTCOMES[key]


# --- reading ------------------------------------------------------------------------------------------------------

_DECIDING = ("success", "code", "transactionId", "merchantId", "amount", "paymentState", "state", "payResponseCode")
_DECIDING_BYTES = tuple(f'"{k}"'.encode() for k in _DECIDING)


def _no_duplicates(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    seen: dict[str, Any] = {}
    for key, value in pairs:
        if key in seen and key in _DECIDING:
            raise _DuplicateKey(key)
        seen[key] = value
    return seen


class _DuplicateKey(ValueError):
    pass


_NOT_JSON = "the answer is not JSON"


def read_answer(content: bytes) -> dict[str, Any] | Unreadable:
    """The answer's JSON object, or why it cannot be trusted (not JSON, not an object, a deciding key twice).

    A deciding key can only appear twice if its quoted name does, or if the body escapes characters: only then
    is the slower duplicate-aware parse needed (``json`` keeps the last of two equal keys silently)."""
    slow = b"\\" in content or any(content.count(k) > 1 for k in _DECIDING_BYTES)
    try:
        # JSON is UTF-8 (RFC 8259): json.loads would also guess UTF-16/32 from bytes, where the byte counts above
        # see nothing; decoding strictly first keeps one reading of the body
        text = content.decode("utf-8")
        value = json.loads(text, object_pairs_hook=_no_duplicates) if slow else json.loads(text)
    except _DuplicateKey as dup:
        return Unreadable(f"the answer names {dup.args[0]!s} twice")
    except (ValueError, RecursionError):  # UnicodeDecodeError is a ValueError
        return Unreadable(_NOT_JSON)
    if not isinstance(value, dict):
        return Unreadable("the answer is not a JSON object")
    return value


# --- judging ------------------------------------------------------------------------------------------------------


def judge(
    outcomes: OutcomeTable,
    *,
    status: int,
    answer: Mapping[str, Any] | Unreadable | None,
    expect: Expect = _NOTHING_EXPECTED,
    sends: Sends | None = None,
    attempt: int = 1,
    location: str | None = None,
) -> Judgement:
    """The verdict on one answer of the operation (or webhook) ``outcomes`` describes.

    ``status``: the HTTP status (200 for a callback); ``answer``: :func:`read_answer`'s result (None: no body);
    ``location``: the Location header of a redirect; ``attempt``: which attempt of the call this answers (a
    duplicate-id answer to a later attempt may be about this call's own earlier attempt)."""
    doubt = Verdict.UNKNOWN if outcomes.may_move_money else Verdict.UNREADABLE
    if outcomes.redirect and 300 <= status < 400:
        if isinstance(location, str) and location.strip():
            return Judgement(Verdict.ACCEPTED, reason="redirected to the payments page")
        return Judgement(doubt, reason=f"HTTP {status} without a Location")
    if status >= 500:
        return Judgement(Verdict.UNKNOWN, *_codes(answer), reason=f"HTTP {status}: the gateway may have acted")
    if isinstance(answer, Unreadable) or answer is None:
        why = answer.why if isinstance(answer, Unreadable) else "the answer has no body"
        # a 429 without a JSON body (an intermediary's page) is the documented "not processed"; a JSON body that
        # contradicts itself is not evidence of anything
        if status == 429 and (answer is None or answer.why == _NOT_JSON):
            return Judgement(Verdict.RATE_LIMITED, reason=f"HTTP 429; {why}")
        return Judgement(doubt, reason=why)
    code, prc = _codes(answer)
    raw_code = answer.get("code")
    if raw_code is not None and code is None:
        return Judgement(doubt, reason="code is not a string")
    success = answer.get("success")
    if success is not None and not isinstance(success, bool):
        return Judgement(doubt, code, prc, "success is not a boolean")
    if code is None:
        if not outcomes.codes and 200 <= status < 300:  # an answer without an envelope (the token call)
            if success is False:  # envelope-like, and not a success
                return Judgement(Verdict.REJECTED, reason="success false")
            return Judgement(Verdict.SUCCEEDED, reason="answered without an envelope")
        if status == 429:
            return Judgement(Verdict.RATE_LIMITED, reason="HTTP 429")
        return Judgement(doubt, reason=f"HTTP {status} without a code")
    if code == "API_RATE_LIMIT_REACHED":  # documented with HTTP 429: not processed
        return Judgement(Verdict.RATE_LIMITED, code, prc, "API_RATE_LIMIT_REACHED")
    outcome: str | None = outcomes.codes.get(code)
    if outcome is not None and prc is not None:
        outcome = outcomes.refine.get((code, prc), outcome)
    data_value = answer.get("data")
    data: Mapping[str, Any] = data_value if isinstance(data_value, dict) else {}
    if outcome is None:
        outcome = _positive_by_data(outcomes, success, status, data, expect) or outcomes.unlisted
        if CATEGORIES.get(code) == "server-error":  # the gateway failed (TIMED_OUT on a read): it may have acted
            outcome = "unknown"
    if status == 429:
        if outcome in _NEEDS_2XX or success is True:
            return Judgement(doubt, code, prc, f"HTTP 429 contradicts {code} (success {success})")
        return Judgement(Verdict.RATE_LIMITED, code, prc, "HTTP 429")
    if outcome == "unknown":
        return Judgement(Verdict.UNKNOWN, code, prc, f"{code} on {outcomes.key}: the gateway may have acted")
    if outcome in _NEEDS_2XX and not 200 <= status < 300:
        return Judgement(doubt, code, prc, f"HTTP {status} contradicts {code}")
    if not 200 <= status < 500 or 300 <= status < 400:
        return Judgement(doubt, code, prc, f"HTTP {status} is not an answer of {outcomes.key}")
    if (success is False and outcome in _SAYS_DONE) or (success is True and outcome in _SAYS_NOT_DONE):
        return Judgement(doubt, code, prc, f"success {str(success).lower()} contradicts {code}")
    problem = _identity(data, expect)
    if problem is not None:
        why, field = problem
        return Judgement(doubt, code, prc, why, field)
    needed = _evidence(outcomes, outcome)
    if needed:
        missing = _proves(needed, data, expect)
        if missing is not None:
            if missing == "data.amount" and expect.amount is None and outcome == "succeeded":
                return Judgement(Verdict.UNCONFIRMED, code, prc, "no expected amount was given to check")
            return Judgement(doubt, code, prc, f"{code} without {missing}")
    if outcome == "not-found" and outcomes.payment_state:
        return Judgement(not_found_verdict(sends), code, prc, _not_found_reason(sends))
    if outcome == "duplicate" and attempt > 1 and outcomes.may_move_money:
        return Judgement(Verdict.UNKNOWN, code, prc, "an earlier attempt of this call may have been recorded")
    return Judgement(Verdict(outcome), code, prc, f"{code} on {outcomes.key}")


def _positive_by_data(
    outcomes: OutcomeTable, success: object, status: int, data: Mapping[str, Any], expect: Expect
) -> str | None:
    """A tolerant reader's verdict on a code the table does not list, decided by the data: ``success: true`` on a
    2xx with the evidence the outcome needs is an acceptance on an operation that answers acceptances (a start:
    accepted never means paid, the status decides), and a success on a safe read that is not a payment state.
    Never a success of a call that may move money, nor a paid status: those need a code the table lists."""
    if success is not True or not 200 <= status < 300:
        return None
    outcome = "accepted" if "accepted" in outcomes.codes.values() else None
    if (
        outcome is None
        and not outcomes.may_move_money
        and not outcomes.payment_state  # a payment state decides money: only a code its table lists
        and "succeeded" in outcomes.codes.values()
    ):
        outcome = "succeeded"
    if outcome is None or _proves(_evidence(outcomes, outcome), data, expect) is not None:
        return None
    return outcome


def _evidence(outcomes: OutcomeTable, outcome: str) -> tuple[str, ...]:
    evidence = cast("Mapping[str, tuple[str, ...]]", outcomes.evidence)  # keyed by outcome names
    return evidence.get(outcome, ())


def _codes(answer: object) -> tuple[str | None, str | None]:
    if not isinstance(answer, Mapping):
        return None, None
    code = answer.get("code")
    data = answer.get("data")
    prc = data.get("payResponseCode") if isinstance(data, dict) else None
    return (code if isinstance(code, str) else None), (prc if isinstance(prc, str) else None)


def _identity(data: Mapping[str, Any], expect: Expect) -> tuple[str, str | None] | None:
    """Why the answer is not about this request (and the field naming another value), or None. Absent (or null)
    fields prove nothing and are checked by the evidence rule where an outcome needs them."""
    for field, want in (("transactionId", expect.transaction_id), ("merchantId", expect.merchant_id)):
        got = data.get(field)
        if got is None:
            continue
        if not isinstance(got, str):
            return f"data.{field} is not a string", None
        if want is not None and got != want:
            return f"the answer names another {field}", field
    amount = data.get("amount")
    if amount is not None:
        if type(amount) is not int:
            return "data.amount is not an integer", None
        if expect.amount is not None and amount != expect.amount:
            return f"the answer's amount {amount} differs from the expected {expect.amount}", "amount"
    return None


def _proves(fields: tuple[str, ...], data: Mapping[str, Any], expect: Expect) -> str | None:
    """The first of ``fields`` the answer lacks (identity and types were checked before), or None."""
    for field in fields:
        name = field.removeprefix("data.")
        value = data.get(name)
        if value is None or (isinstance(value, str) and not value.strip()):
            return field
        if name == "transactionId" and expect.transaction_id is None:
            return field  # nothing to prove it against
        if name == "amount" and expect.amount is None:
            return field
        if name == "redirectURL" and not isinstance(value, str):
            return field
    return None


def not_found_verdict(sends: Sends | None) -> Verdict:
    """TRANSACTION_NOT_FOUND on a status read, given what is known of the requests sent (the time rule)."""
    if sends is None or not sends.known:
        return Verdict.NOT_FOUND
    if not sends.closed:
        return Verdict.NOT_YET_FOUND
    if sends.last_at is None:
        return Verdict.NOT_RECORDED
    if sends.now < sends.last_at or sends.now - sends.last_at < sends.grace:  # a clock that went back waits too
        return Verdict.NOT_YET_FOUND
    return Verdict.NOT_RECORDED


def _not_found_reason(sends: Sends | None) -> str:
    verdict = not_found_verdict(sends)
    if verdict is Verdict.NOT_FOUND:
        return "the gateway has no record, and nothing is known of what was sent for it"
    if verdict is Verdict.NOT_RECORDED:
        return "the gateway has no record, the grace is over and no request for it can still be sent"
    if sends is not None and not sends.closed:
        return "the gateway has no record yet; a request for it may still be sent"
    assert sends is not None
    assert sends.last_at is not None
    left = max(0.0, sends.grace - max(0.0, sends.now - sends.last_at))
    return f"the gateway has no record yet; the last request may still be in processing (grace: {left:.0f} s left)"
