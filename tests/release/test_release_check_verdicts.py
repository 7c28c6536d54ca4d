"""The release check files every change of what an answer means as breaking (issue 33): the spec's verdict rules
(x-verdict-rules), an operation's evidence fields (x-evidence), an outcome (x-codes and their refine, a code listed or
no longer listed where that changes its verdict) and the catalog categories a rule decides by. Only text is docs."""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import Any

import pytest
import release_check  # tools/release (pytest's `pythonpath`)
import specdiff

SPEC = release_check.load(release_check.ROOT / "spec" / "openapi.yaml")


def _op(doc: dict[str, Any], path: str) -> dict[str, Any]:
    return doc["paths"][path]["post"] if "post" in doc["paths"][path] else doc["paths"][path]["get"]


def _refund(doc: dict[str, Any]) -> dict[str, Any]:
    return _op(doc, "/v4/credit/backToSource")


def _code(op: dict[str, Any], code: str) -> dict[str, Any]:
    return next(c for c in op["x-codes"] if c["code"] == code)


def _catalog(doc: dict[str, Any], code: str) -> dict[str, Any]:
    catalog = doc["components"]["schemas"]["ResultCode"]["x-code-catalog"]
    return next(e for e in catalog if e["code"] == code)


def _set(doc: dict[str, Any], *path: str, value: Any) -> None:
    node = doc
    for key in path[:-1]:
        node = node[key]
    node[path[-1]] = value


BREAKING_EDITS: dict[str, tuple[Callable[[dict[str, Any]], None], str]] = {
    "a judging set": (
        lambda d: _set(d, "x-verdict-rules", "judging", "needs_2xx", value=["succeeded", "accepted"]),
        "verdict-rule-changed",
    ),
    "the rate-limit codes": (
        lambda d: d["x-verdict-rules"]["judging"]["rate_limit"]["codes"].append("TOO_MANY"),
        "verdict-rule-changed",
    ),
    "a step's text": (
        lambda d: _set(d, "x-verdict-rules", "steps", 0, "rule", value="A 3xx is accepted."),
        "verdict-rule-changed",
    ),
    "the byte order mark rule": (
        lambda d: _set(d, "x-verdict-rules", "reading", "byte_order_mark", value="refuse"),
        "verdict-rule-changed",
    ),
    "a verdict's meaning": (
        lambda d: _set(d, "x-verdict-rules", "verdicts", "unknown", value="the gateway did nothing"),
        "verdict-rule-changed",
    ),
    "the rules removed": (lambda d: d.pop("x-verdict-rules"), "verdict-rules-removed"),
    "an evidence field": (
        lambda d: _set(_refund(d), "x-evidence", value={"succeeded": ["data.transactionId", "data.amount"]}),
        "x-evidence-changed",
    ),
    "a refine outcome": (
        lambda d: _set(_code(_refund(d), "PAYMENT_ERROR")["refine"][1], "outcome", value="failed"),
        "x-codes-refine-changed",
    ),
    "a refine added": (
        lambda d: _code(_refund(d), "PAYMENT_ERROR")["refine"].append(
            {"payResponseCode": "NEW_PRC", "outcome": "unknown", "meaning": "m"}
        ),
        "x-codes-refine-changed",
    ),
    "a code added with its own outcome": (
        lambda d: _refund(d)["x-codes"].append({"code": "NEW_CODE", "outcome": "failed", "meaning": "m"}),
        "x-codes-code-added",
    ),
    "a code no longer listed": (
        lambda d: _refund(d)["x-codes"].remove(_code(_refund(d), "PAYMENT_PENDING")),
        "x-codes-code-removed",
    ),
    "an outcome": (
        lambda d: _set(_code(_refund(d), "PAYMENT_PENDING"), "outcome", value="failed"),
        "x-codes-outcome-changed",
    ),
    "a deciding catalog category": (
        lambda d: _set(_catalog(d, "TIMED_OUT"), "category", value="payment-failed"),
        "unlisted-category-changed",
    ),
}


@pytest.mark.parametrize("edit", sorted(BREAKING_EDITS))
def test_a_verdict_change_is_breaking(edit: str) -> None:
    change, kind = BREAKING_EDITS[edit]
    new = copy.deepcopy(SPEC)
    change(new)
    changes = specdiff.compare(SPEC, new)
    assert specdiff.required_level(changes) == specdiff.BREAKING, changes
    assert kind in {c.kind for c in changes if c.level == specdiff.BREAKING}, changes
    assert release_check.needed_bump(specdiff.BREAKING, (3, 0, 0)) == "major"


def test_rules_stated_for_the_first_time_are_breaking() -> None:
    old = copy.deepcopy(SPEC)
    old.pop("x-verdict-rules")
    changes = specdiff.compare(old, SPEC)
    assert "verdict-rules-stated" in {c.kind for c in changes if c.level == specdiff.BREAKING}, changes


@pytest.mark.parametrize(
    ("edit", "level"),
    [
        (lambda d: _set(d, "x-verdict-rules", "about", value="Other words."), specdiff.DOCS),
        (
            lambda d: _set(_code(_refund(d), "PAYMENT_ERROR")["refine"][0], "meaning", value="Other words."),
            specdiff.DOCS,
        ),
        (lambda d: _set(_code(_refund(d), "PAYMENT_ERROR"), "meaning", value="Other words."), specdiff.DOCS),
        # listed with the outcome it had unlisted (a refund may move money: unknown): no verdict changes
        (
            lambda d: _refund(d)["x-codes"].append({"code": "NEW_CODE", "outcome": "unknown", "meaning": "m"}),
            specdiff.ADDITIVE,
        ),
    ],
    ids=["about", "refine-meaning", "code-meaning", "code-added-as-unlisted"],
)
def test_text_alone_is_not_breaking(edit: Callable[[dict[str, Any]], None], level: str) -> None:
    new = copy.deepcopy(SPEC)
    edit(new)
    changes = specdiff.compare(SPEC, new)
    assert specdiff.required_level(changes) == level, changes
