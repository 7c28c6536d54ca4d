"""What an answer means: one pure function, driven by the spec's outcome table and verdict rules, for every layer.

Why this module exists: a verdict about money (paid, failed, pending, unknown, never recorded, a refund that
exists) must be decided once, the same way by the operation methods, the task layer, the pollers, the ledger,
the CLI and other languages. The meaning of each code per operation comes from the generated table
(``merchant_gateway_client.outcomes``: the spec's x-codes, refine and x-evidence), and every rule about reading
and judging an answer from the spec's ``x-verdict-rules`` (generated as READING, JUDGING and RULE_IDS; normative
text in docs/design.md, "Reading an answer"). This module applies those steps in the spec's order (each branch
names its rule id) and keeps no rule of its own; :mod:`merchant_gateway.answer_json` reads the bytes.

Nothing here does I/O or reads a clock: callers pass what they know (:class:`Expect`, :class:`Sends`).
"""

from __future__ import annotations

import enum
from collections.abc import Mapping
from typing import Any, NamedTuple, cast

from merchant_gateway_client.outcomes import CATEGORIES, JUDGING, OUTCOMES, REMEDIES, OutcomeTable

from .answer_json import NOT_JSON, JsonProblem, load_json

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


_FINAL = frozenset(Verdict(v) for v in JUDGING.final)


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
    rule: str = ""  # the id of the spec's verdict step that decided (x-verdict-rules steps; RULE_IDS)

    @property
    def category(self) -> str | None:
        """The code's error category (ResultCode's x-code-catalog), for a client's error types."""
        return CATEGORIES.get(self.code or "")


class Unreadable(NamedTuple):
    why: str
    rule: str = "read-json"  # the reading rule that refused the answer (x-verdict-rules reading.rules)


def table(key: str) -> OutcomeTable:
    """The outcome table of an operation id or a webhook name."""
    return OUTCOMES[key]


# --- reading ------------------------------------------------------------------------------------------------------


def read_answer(content: bytes) -> dict[str, Any] | Unreadable:
    """The answer's JSON object, or why it cannot be trusted, by the spec's reading rules (read-bom ... read-object):
    one leading byte order mark dropped, strict UTF-8, RFC 8259 JSON, no key twice in any object, bounded depth."""
    value = load_json(content)
    if isinstance(value, JsonProblem):
        return Unreadable(value.why, value.rule)
    if not isinstance(value, dict):
        return Unreadable("the answer is not a JSON object", "read-object")
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
    limit = JUDGING.rate_limit_status
    if outcomes.redirect and 300 <= status < 400:  # redirect
        if isinstance(location, str) and location.strip():
            return Judgement(Verdict.ACCEPTED, reason="redirected to the payments page", rule="redirect")
        return Judgement(doubt, reason=f"HTTP {status} without a Location", rule="redirect")
    if status >= 500:  # server-error
        return Judgement(
            Verdict.UNKNOWN, *_codes(answer), reason=f"HTTP {status}: the gateway may have acted", rule="server-error"
        )
    if isinstance(answer, Unreadable) or answer is None:  # unreadable-body
        why = answer.why if isinstance(answer, Unreadable) else "the answer has no body"
        # a rate-limit status without a JSON body (an intermediary's page) is "not processed"; a JSON body that
        # contradicts itself is not evidence of anything
        if status == limit and (answer is None or answer.why == NOT_JSON):
            return Judgement(Verdict.RATE_LIMITED, reason=f"HTTP {status}; {why}", rule="unreadable-body")
        return Judgement(doubt, reason=why, rule="unreadable-body")
    code, prc = _codes(answer)
    raw_code = answer.get("code")
    if raw_code is not None and code is None:  # types
        return Judgement(doubt, reason="code is not a string", rule="types")
    success = answer.get("success")
    if success is not None and not isinstance(success, bool):
        return Judgement(doubt, code, prc, "success is not a boolean", rule="types")
    if code is None:  # no-code
        if not outcomes.codes and 200 <= status < 300:  # an answer without an envelope (the token call)
            if success is False:  # envelope-like, and not a success
                return Judgement(Verdict.REJECTED, reason="success false", rule="no-code")
            return Judgement(Verdict.SUCCEEDED, reason="answered without an envelope", rule="no-code")
        if status == limit and success is not True:
            return Judgement(Verdict.RATE_LIMITED, reason=f"HTTP {status}", rule="no-code")
        return Judgement(
            doubt, reason=f"HTTP {status} without a code" + (" and success true" if success else ""), rule="no-code"
        )
    if code in JUDGING.rate_limit_codes:  # rate-limit-code: "not processed" only where status and flag agree
        if status == limit and success is not True:
            return Judgement(Verdict.RATE_LIMITED, code, prc, code, rule="rate-limit-code")
        return Judgement(
            doubt, code, prc, f"{code} contradicted by HTTP {status} and success {success}", rule="rate-limit-code"
        )
    outcome: str | None = outcomes.codes.get(code)  # outcome
    if outcome is not None and prc is not None:
        outcome = outcomes.refine.get((code, prc), outcome)
    data_value = answer.get("data")
    data: Mapping[str, Any] = data_value if isinstance(data_value, dict) else {}
    if outcome is None:
        outcome = _positive_by_data(outcomes, success, status, data, expect) or outcomes.unlisted
        # the gateway failed (TIMED_OUT on a read): it may have acted
        outcome = JUDGING.unlisted_categories.get(CATEGORIES.get(code, ""), outcome)
    if status == limit:  # status-429: only a plain rate-limit answer (the steps above) means "not processed"
        return Judgement(doubt, code, prc, f"HTTP {status} with {code}: not a rate-limit answer", rule="status-429")
    if outcome == "unknown":  # unknown
        return Judgement(
            Verdict.UNKNOWN, code, prc, f"{code} on {outcomes.key}: the gateway may have acted", rule="unknown"
        )
    if outcome in JUDGING.needs_2xx and not 200 <= status < 300:  # status-needs-2xx
        return Judgement(doubt, code, prc, f"HTTP {status} contradicts {code}", rule="status-needs-2xx")
    if not 200 <= status < 500 or 300 <= status < 400:  # status-other
        return Judgement(doubt, code, prc, f"HTTP {status} is not an answer of {outcomes.key}", rule="status-other")
    if (success is False and outcome in JUDGING.success_false_contradicts) or (  # success-flag
        success is True and outcome in JUDGING.success_true_contradicts
    ):
        return Judgement(doubt, code, prc, f"success {str(success).lower()} contradicts {code}", rule="success-flag")
    problem = _identity(data, expect)  # identity
    if problem is not None:
        why, field = problem
        return Judgement(doubt, code, prc, why, field, rule="identity")
    needed = _evidence(outcomes, outcome)  # evidence
    if needed:
        missing = _proves(needed, data, expect)
        if missing is not None:
            if missing == "data.amount" and expect.amount is None and outcome == "succeeded":
                return Judgement(
                    Verdict.UNCONFIRMED, code, prc, "no expected amount was given to check", rule="evidence"
                )
            return Judgement(doubt, code, prc, f"{code} without {missing}", rule="evidence")
    if outcome == "not-found" and outcomes.payment_state:  # time
        return Judgement(not_found_verdict(sends), code, prc, _not_found_reason(sends), rule="time")
    if outcome == "duplicate" and attempt > 1 and outcomes.may_move_money:  # duplicate-retry
        return Judgement(
            Verdict.UNKNOWN, code, prc, "an earlier attempt of this call may have been recorded", rule="duplicate-retry"
        )
    return Judgement(Verdict(outcome), code, prc, f"{code} on {outcomes.key}", rule="outcome-stands")  # outcome-stands


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
    """Why the answer is not about this request (and the field naming another value), or None. The fields and their
    types are the spec's (JUDGING.identity); absent (or null) fields prove nothing and are checked by the evidence
    rule where an outcome needs them."""
    wanted: Mapping[str, object] = {
        "transactionId": expect.transaction_id,
        "merchantId": expect.merchant_id,
        "amount": expect.amount,
    }
    for path, kind in JUDGING.identity.items():
        name = path.removeprefix("data.")
        got = data.get(name)
        if got is None:
            continue
        if kind == "integer" and type(got) is not int:
            return f"{path} is not an integer", None
        if kind == "string" and not isinstance(got, str):
            return f"{path} is not a string", None
        want = wanted.get(name)
        if want is not None and got != want:
            if kind == "integer":
                return f"the answer's {name} {got} differs from the expected {want}", name
            return f"the answer names another {name}", name
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
