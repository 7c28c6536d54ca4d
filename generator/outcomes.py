"""The outcome table: what every code means on every operation and webhook, from the spec's x-codes (with
refine), x-evidence and x-retry, and each code's error category from ResultCode's x-code-catalog.

Why this module exists: one table decides what an answer means, in every layer and every language. The generator
renders it into the generated package (`outcomes.py`, read by merchant_gateway.verdicts) and tools/artifacts
writes the same rows into operations.json for other languages; both take them from here.
"""

from __future__ import annotations

from typing import Any

from .spec import OperationMeta, code_table


def unlisted_outcome(retry: str | None) -> str:
    """What a code the table does not list means: a call that may have acted (x-retry not safe, and callbacks)
    cannot be called failed or rejected on an unknown code, so it is unknown; a safe read is rejected."""
    return "rejected" if retry == "safe" else "unknown"


def _row(
    key: str, kind: str, op: dict[str, Any], retry: str | None, payment_state: bool, redirect: bool = False
) -> dict[str, Any]:
    codes, refinements, evidence = code_table(op)
    return {
        "key": key,
        "kind": kind,
        "codes": dict(codes),
        "refine": [[code, prc, outcome] for code, prc, outcome in refinements],
        "evidence": {outcome: list(fields) for outcome, fields in evidence},
        "unlisted": unlisted_outcome(retry),
        "may_move_money": retry != "safe",
        "payment_state": payment_state,
        "redirect": redirect,
    }


def outcome_rows(spec: dict[str, Any], metas: list[OperationMeta]) -> list[dict[str, Any]]:
    """One row per server operation (by operationId) and per webhook with x-codes (by webhook name)."""
    by_id = {
        op.get("operationId"): op
        for item in (spec.get("paths") or {}).values()
        for op in item.values()
        if isinstance(op, dict)
    }
    rows = [
        _row(
            m.operation_id,
            "operation",
            by_id[m.operation_id],
            m.retry,
            m.answer_codes == "payment-state",
            redirect=not m.follow_redirects,
        )
        for m in metas
        if not m.mobile_sdk_only
    ]
    for name, item in (spec.get("webhooks") or {}).items():
        for op in item.values():
            if isinstance(op, dict) and op.get("x-codes"):
                rows.append(_row(str(name), "webhook", op, None, True))
    return rows


def categories(spec: dict[str, Any]) -> dict[str, str]:
    """Each documented code's error category (x-code-catalog `category`): what kind of error it is, so a client
    maps categories, never codes, to its error types."""
    catalog = ((spec.get("components") or {}).get("schemas") or {}).get("ResultCode") or {}
    return {
        str(entry["code"]): str(entry["category"])
        for entry in catalog.get("x-code-catalog") or []
        if isinstance(entry, dict) and "category" in entry
    }
