# Generated from tests/generator/fixtures/mini.yaml by generator/, do not edit.
"""The outcome table: what each code means on each operation and webhook (spec: x-codes with refine, x-evidence,
x-retry) and each code's error category (ResultCode's x-code-catalog).

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
