"""What an answer means: one pure function, driven by the spec's outcome table and verdict rules, for every layer.

Why this module exists: a verdict about money (paid, failed, pending, unknown, never recorded, a refund that
exists) must be decided once, the same way by the operation methods, the task layer, the pollers, the ledger,
the CLI and other languages. The meaning of each code per operation comes from the generated table
(``merchant_gateway_client.outcomes``: the spec's x-codes, refine and x-evidence), and every rule about reading
and judging an answer from the spec's ``x-verdict-rules`` (generated as READING, JUDGING and RULE_IDS; normative
text in docs/design.md, "Reading an answer"). :func:`judge` walks the spec's ordered step list (generated as
STEP_IDS) through one implementation per step id (:data:`STEPS`), so the order is the spec's, not this module's;
it keeps no rule of its own, and :mod:`merchant_gateway.answer_json` reads the bytes.

Nothing here does I/O or reads a clock: callers pass what they know (:class:`Expect`, :class:`Sends`).
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Mapping, Sequence
from types import MappingProxyType
from typing import Any, NamedTuple, cast

from merchant_gateway_client.outcomes import CATEGORIES, JUDGING, OUTCOMES, REMEDIES, STEP_IDS, OutcomeTable

from .answer_json import NOT_JSON, JsonProblem, load_json

__all__ = [
    "CATEGORIES",
    "OUTCOMES",
    "REMEDIES",
    "STEPS",
    "Expect",
    "Judgement",
    "Sends",
    "Verdict",
    "judge",
    "not_found_verdict",
    "read_answer",
    "table",
    "walk_order",
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
    """The verdict on one answer of the operation (or webhook) ``outcomes`` describes: the spec's steps
    (``STEP_IDS``) walked in order, the first that decides gives it.

    ``status``: the HTTP status (200 for a callback); ``answer``: :func:`read_answer`'s result (None: no body);
    ``location``: the Location header of a redirect; ``attempt``: which attempt of the call this answers (a
    duplicate-id answer to a later attempt may be about this call's own earlier attempt)."""
    case = _Case(outcomes, status, answer, expect, sends, attempt, location)
    for step in _WALK:
        decided = step(case)
        if decided is not None:
            return decided
    # outcome-stands always decides; a spec without it proves nothing here
    return Judgement(case.doubt, case.code, case.prc, "no verdict step decided")


class _Case:
    """One answer on its way through the steps: the inputs, and what earlier steps learnt of it (its body as an
    object, its codes and flag, its outcome and data). A step reads only what the steps before it in the spec's
    order have set."""

    __slots__ = (
        "answer",
        "attempt",
        "body",
        "code",
        "data",
        "doubt",
        "expect",
        "location",
        "outcome",
        "outcomes",
        "prc",
        "sends",
        "status",
        "success",
    )

    def __init__(
        self,
        outcomes: OutcomeTable,
        status: int,
        answer: Mapping[str, Any] | Unreadable | None,
        expect: Expect,
        sends: Sends | None,
        attempt: int,
        location: str | None,
    ) -> None:
        self.outcomes = outcomes
        self.status = status
        self.answer = answer
        self.expect = expect
        self.sends = sends
        self.attempt = attempt
        self.location = location
        self.doubt = Verdict.UNKNOWN if outcomes.may_move_money else Verdict.UNREADABLE
        self.body: Mapping[str, Any] = {}  # the answer, once the unreadable-body step found it an object
        self.code: str | None = None
        self.prc: str | None = None
        self.success: object = None
        self.outcome: str | None = None
        self.data: Mapping[str, Any] = {}

    def says(self, rule: str, verdict: Verdict, reason: str, mismatch: str | None = None) -> Judgement:
        return Judgement(verdict, self.code, self.prc, reason, mismatch, rule=rule)


Step = Callable[[_Case], Judgement | None]


def _redirect(c: _Case) -> Judgement | None:
    if not (c.outcomes.redirect and 300 <= c.status < 400):
        return None
    if isinstance(c.location, str) and c.location.strip():
        return Judgement(Verdict.ACCEPTED, reason="redirected to the payments page", rule="redirect")
    return Judgement(c.doubt, reason=f"HTTP {c.status} without a Location", rule="redirect")


def _server_error(c: _Case) -> Judgement | None:
    if c.status < 500:
        return None
    return Judgement(
        Verdict.UNKNOWN, *_codes(c.answer), reason=f"HTTP {c.status}: the gateway may have acted", rule="server-error"
    )


def _unreadable_body(c: _Case) -> Judgement | None:
    answer = c.answer
    if not (isinstance(answer, Unreadable) or answer is None):
        c.body = answer
        return None
    why = answer.why if isinstance(answer, Unreadable) else "the answer has no body"
    # a rate-limit status without a JSON body (an intermediary's page) is "not processed"; a JSON body that
    # contradicts itself is not evidence of anything
    if c.status == JUDGING.rate_limit_status and (answer is None or answer.why == NOT_JSON):
        return Judgement(Verdict.RATE_LIMITED, reason=f"HTTP {c.status}; {why}", rule="unreadable-body")
    return Judgement(c.doubt, reason=why, rule="unreadable-body")


def _types(c: _Case) -> Judgement | None:
    c.code, c.prc = _codes(c.body)
    if c.body.get("code") is not None and c.code is None:
        c.prc = None
        return c.says("types", c.doubt, "code is not a string")
    c.success = c.body.get("success")
    if c.success is not None and not isinstance(c.success, bool):
        return c.says("types", c.doubt, "success is not a boolean")
    return None


def _no_code(c: _Case) -> Judgement | None:
    if c.code is not None:
        return None
    status, success = c.status, c.success
    if not c.outcomes.codes and 200 <= status < 300:  # an answer without an envelope (the token call)
        if success is False:  # envelope-like, and not a success
            return Judgement(Verdict.REJECTED, reason="success false", rule="no-code")
        return Judgement(Verdict.SUCCEEDED, reason="answered without an envelope", rule="no-code")
    if status == JUDGING.rate_limit_status and success is not True:
        return Judgement(Verdict.RATE_LIMITED, reason=f"HTTP {status}", rule="no-code")
    return Judgement(
        c.doubt, reason=f"HTTP {status} without a code" + (" and success true" if success else ""), rule="no-code"
    )


def _rate_limit_code(c: _Case) -> Judgement | None:
    """A rate-limit code means "not processed" only where status and flag agree."""
    if c.code not in JUDGING.rate_limit_codes:
        return None
    if c.status == JUDGING.rate_limit_status and c.success is not True:
        return c.says("rate-limit-code", Verdict.RATE_LIMITED, str(c.code))
    return c.says("rate-limit-code", c.doubt, f"{c.code} contradicted by HTTP {c.status} and success {c.success}")


def _outcome(c: _Case) -> Judgement | None:
    """Decides nothing: finds the outcome the later steps test."""
    code = c.code or ""
    outcome: str | None = c.outcomes.codes.get(code)
    if outcome is not None and c.prc is not None:
        outcome = c.outcomes.refine.get((code, c.prc), outcome)
    data_value = c.body.get("data")
    c.data = data_value if isinstance(data_value, dict) else {}
    if outcome is None:
        outcome = _positive_by_data(c.outcomes, c.success, c.status, c.data, c.expect) or c.outcomes.unlisted
        # the gateway failed (TIMED_OUT on a read): it may have acted
        outcome = JUDGING.unlisted_categories.get(CATEGORIES.get(code, ""), outcome)
    c.outcome = outcome
    return None


def _status_429(c: _Case) -> Judgement | None:
    """Only a plain rate-limit answer (the steps before) means "not processed"."""
    if c.status != JUDGING.rate_limit_status:
        return None
    return c.says("status-429", c.doubt, f"HTTP {c.status} with {c.code}: not a rate-limit answer")


def _unknown(c: _Case) -> Judgement | None:
    if c.outcome != "unknown":
        return None
    return c.says("unknown", Verdict.UNKNOWN, f"{c.code} on {c.outcomes.key}: the gateway may have acted")


def _status_needs_2xx(c: _Case) -> Judgement | None:
    if c.outcome not in JUDGING.needs_2xx or 200 <= c.status < 300:
        return None
    return c.says("status-needs-2xx", c.doubt, f"HTTP {c.status} contradicts {c.code}")


def _status_other(c: _Case) -> Judgement | None:
    if 200 <= c.status < 500 and not 300 <= c.status < 400:
        return None
    return c.says("status-other", c.doubt, f"HTTP {c.status} is not an answer of {c.outcomes.key}")


def _success_flag(c: _Case) -> Judgement | None:
    success = c.success
    if (success is False and c.outcome in JUDGING.success_false_contradicts) or (
        success is True and c.outcome in JUDGING.success_true_contradicts
    ):
        return c.says("success-flag", c.doubt, f"success {str(success).lower()} contradicts {c.code}")
    return None


def _identity(c: _Case) -> Judgement | None:
    problem = _identity_problem(c.data, c.expect)
    if problem is None:
        return None
    why, field = problem
    return c.says("identity", c.doubt, why, field)


def _evidence(c: _Case) -> Judgement | None:
    missing = _proves(_needed(c.outcomes, str(c.outcome)), c.data, c.expect)
    if missing is None:
        return None
    if missing == "data.amount" and c.expect.amount is None and c.outcome == "succeeded":
        return c.says("evidence", Verdict.UNCONFIRMED, "no expected amount was given to check")
    return c.says("evidence", c.doubt, f"{c.code} without {missing}")


def _time(c: _Case) -> Judgement | None:
    if c.outcome != "not-found" or not c.outcomes.payment_state:
        return None
    return c.says("time", not_found_verdict(c.sends), _not_found_reason(c.sends))


def _duplicate_retry(c: _Case) -> Judgement | None:
    if c.outcome != "duplicate" or c.attempt <= 1 or not c.outcomes.may_move_money:
        return None
    return c.says("duplicate-retry", Verdict.UNKNOWN, "an earlier attempt of this call may have been recorded")


def _outcome_stands(c: _Case) -> Judgement | None:
    return c.says("outcome-stands", Verdict(str(c.outcome)), f"{c.code} on {c.outcomes.key}")


#: One implementation per step id of the spec's ``x-verdict-rules`` steps (generated as STEP_IDS); judge walks
#: them in the spec's order. tests/conformance/test_verdict_steps.py fails when the two sets differ.
STEPS: Mapping[str, Step] = MappingProxyType(
    {
        "redirect": _redirect,
        "server-error": _server_error,
        "unreadable-body": _unreadable_body,
        "types": _types,
        "no-code": _no_code,
        "rate-limit-code": _rate_limit_code,
        "outcome": _outcome,
        "status-429": _status_429,
        "unknown": _unknown,
        "status-needs-2xx": _status_needs_2xx,
        "status-other": _status_other,
        "success-flag": _success_flag,
        "identity": _identity,
        "evidence": _evidence,
        "time": _time,
        "duplicate-retry": _duplicate_retry,
        "outcome-stands": _outcome_stands,
    }
)


def walk_order(step_ids: Sequence[str], implementations: Mapping[str, Step]) -> tuple[Step, ...]:
    """The implementations in the spec's order. Raises LookupError naming every spec step without an
    implementation and every implementation the spec does not list: a verdict function that skipped a step, or
    applied one of its own, would decide what the spec does not say."""
    missing = [s for s in step_ids if s not in implementations]
    extra = [s for s in implementations if s not in step_ids]
    if missing or extra:
        raise LookupError(
            "the verdict steps differ from the spec's x-verdict-rules steps: "
            f"not implemented {missing or 'none'}; not in the spec {extra or 'none'}"
        )
    return tuple(implementations[s] for s in step_ids)


_WALK = walk_order(STEP_IDS, STEPS)


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
    if outcome is None or _proves(_needed(outcomes, outcome), data, expect) is not None:
        return None
    return outcome


def _needed(outcomes: OutcomeTable, outcome: str) -> tuple[str, ...]:
    evidence = cast("Mapping[str, tuple[str, ...]]", outcomes.evidence)  # keyed by outcome names
    return evidence.get(outcome, ())


def _codes(answer: object) -> tuple[str | None, str | None]:
    if not isinstance(answer, Mapping):
        return None, None
    code = answer.get("code")
    data = answer.get("data")
    prc = data.get("payResponseCode") if isinstance(data, dict) else None
    return (code if isinstance(code, str) else None), (prc if isinstance(prc, str) else None)


def _identity_problem(data: Mapping[str, Any], expect: Expect) -> tuple[str, str | None] | None:
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
