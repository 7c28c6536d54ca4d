# Generated from tests/generator/fixtures/mini.yaml by generator/, do not edit.
"""The outcome table: what each code means on each operation and webhook (spec: x-codes with refine, x-evidence,
x-retry), each code's error category (ResultCode's x-code-catalog) and the verdict rules every answer obeys (the
spec's x-verdict-rules: READING, JUDGING, RULE_IDS, STEP_IDS).

Rendered by generator/outcomes.py; operations.json carries the same rows for other languages. The overlay decides
every verdict from this table (merchant_gateway.verdicts) and keeps no code list of its own.
"""

# No `from __future__ import annotations`: typing.NamedTuple turns a string annotation into a ForwardRef, compiling
# it, once per field at import; the types written here are cheaper to evaluate than to compile.
from collections.abc import Mapping
from typing import Literal, NamedTuple

Outcome = Literal["succeeded", "accepted", "pending", "failed", "unknown", "rejected", "not-found", "duplicate"]


# A NamedTuple, not a frozen dataclass: a record whose class creation costs a tenth as much at import time.
class OutcomeTable(NamedTuple):
    key: str  # operationId, or the webhook's name
    kind: Literal["operation", "webhook"]
    codes: Mapping[str, Outcome]  # x-codes: code -> outcome
    refine: Mapping[tuple[str, str], Outcome]  # (code, data.payResponseCode) -> outcome where that changes it
    evidence: Mapping[Outcome, tuple[str, ...]]  # x-evidence: fields an answer of that outcome must prove
    unlisted: Outcome  # a code the table does not list
    may_move_money: bool  # x-retry is not safe: a doubtful answer is unknown, never unreadable
    payment_state: bool  # every answer is a payment state (status reads, callbacks)
    redirect: bool  # x-follow-redirects false: the answer is a redirect whose Location is the result (debitV3)


OUTCOMES: Mapping[str, OutcomeTable] = {
    "debitV3": OutcomeTable(
        key="debitV3",
        kind="operation",
        codes={},
        refine={},
        evidence={},
        unlisted="unknown",
        may_move_money=True,
        payment_state=False,
        redirect=True,
    ),
    "getTransactionStatus": OutcomeTable(
        key="getTransactionStatus",
        kind="operation",
        codes={},
        refine={},
        evidence={},
        unlisted="rejected",
        may_move_money=False,
        payment_state=False,
        redirect=False,
    ),
    "getTransactionStatusAppsHost": OutcomeTable(
        key="getTransactionStatusAppsHost",
        kind="operation",
        codes={},
        refine={},
        evidence={},
        unlisted="rejected",
        may_move_money=False,
        payment_state=False,
        redirect=False,
    ),
    "getAuthorizationToken": OutcomeTable(
        key="getAuthorizationToken",
        kind="operation",
        codes={},
        refine={},
        evidence={},
        unlisted="rejected",
        may_move_money=False,
        payment_state=False,
        redirect=False,
    ),
}

CATEGORIES: Mapping[str, str] = {}

# What a merchant does next after a code (ResultCode's x-code-catalog `remedy`): every client says it in its errors.
REMEDIES: Mapping[str, str] = {}


# x-verdict-rules `reading`: how an answer's bytes are read (merchant_gateway.answer_json applies it).
class ReadingRules(NamedTuple):
    byte_order_mark: Literal["strip", "refuse"]  # one leading UTF-8 byte order mark
    duplicate_keys: Literal["unreadable"]  # a key twice in any object, at any depth
    max_depth: int  # objects and arrays nested deeper: unreadable
    max_integer_digits: int  # a longer integer literal: not JSON


READING = ReadingRules(
    byte_order_mark="strip",
    duplicate_keys="unreadable",
    max_depth=64,
    max_integer_digits=4300,
)


# x-verdict-rules `judging`: the sets and values the steps name (merchant_gateway.verdicts applies them).
class JudgingRules(NamedTuple):
    rate_limit_status: int  # the only status on which a rate-limit answer means "not processed"
    rate_limit_codes: frozenset[str]
    needs_2xx: frozenset[str]  # outcomes a non-2xx status contradicts
    success_false_contradicts: frozenset[str]
    success_true_contradicts: frozenset[str]
    unlisted_categories: Mapping[str, Outcome]  # an unlisted code of this catalog category: this outcome
    identity: Mapping[str, Literal["string", "integer"]]  # data field -> the type it must have wherever it appears
    final: frozenset[str]  # verdicts nothing later can change


JUDGING = JudgingRules(
    rate_limit_status=429,
    rate_limit_codes=frozenset({"API_RATE_LIMIT_REACHED"}),
    needs_2xx=frozenset({"succeeded", "accepted", "pending"}),
    success_false_contradicts=frozenset({"succeeded", "accepted"}),
    success_true_contradicts=frozenset({"failed", "rejected", "duplicate", "not-found"}),
    unlisted_categories={
        "server-error": "unknown",
    },
    identity={
        "data.transactionId": "string",
        "data.merchantId": "string",
        "data.amount": "integer",
    },
    final=frozenset({"succeeded", "failed", "not-recorded"}),
)

# Every rule id of x-verdict-rules (reading rules, then the steps), in the order a client applies them.
RULE_IDS: tuple[str, ...] = (
    "read-bom",
    "read-utf8",
    "read-json",
    "read-duplicate-keys",
    "read-depth",
    "read-object",
    "redirect",
    "server-error",
    "unreadable-body",
    "types",
    "no-code",
    "rate-limit-code",
    "outcome",
    "status-429",
    "unknown",
    "status-needs-2xx",
    "status-other",
    "success-flag",
    "identity",
    "evidence",
    "time",
    "duplicate-retry",
    "outcome-stands",
)

# The judging steps alone (x-verdict-rules `steps`), in the order a verdict function walks them: the first that
# decides gives the verdict (merchant_gateway.verdicts has one implementation per id).
STEP_IDS: tuple[str, ...] = (
    "redirect",
    "server-error",
    "unreadable-body",
    "types",
    "no-code",
    "rate-limit-code",
    "outcome",
    "status-429",
    "unknown",
    "status-needs-2xx",
    "status-other",
    "success-flag",
    "identity",
    "evidence",
    "time",
    "duplicate-retry",
    "outcome-stands",
)
