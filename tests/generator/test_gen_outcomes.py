"""The outcome table: generated from the spec into the package, operations.json and docs/design.md alike."""

from __future__ import annotations

from pathlib import Path

import pytest

from generator import outcomes
from generator.spec import collect, load_spec

REPO = Path(__file__).resolve().parents[2]


def test_the_design_doc_shows_the_current_table() -> None:
    assert outcomes.main([]) == 0, "run: python -m generator.outcomes --write"


def test_the_doc_check_fails_on_a_stale_table(monkeypatch: pytest.MonkeyPatch) -> None:
    real = outcomes.markdown
    monkeypatch.setattr(outcomes, "markdown", lambda rows: real(rows).replace(": duplicate", ": failed"))
    assert outcomes.main([]) == 1


def test_rows_follow_the_spec() -> None:
    spec = load_spec(REPO / "spec" / "openapi.yaml")
    rows = {r["key"]: r for r in outcomes.outcome_rows(spec, collect(spec))}
    assert rows["debitV4Web"]["codes"]["PAYMENT_SUCCESS"] == "accepted"  # never a paid order
    assert ["PAYMENT_ERROR", "EXCESS_REFUND_AMOUNT", "unknown"] in rows["refundV4"]["refine"]
    assert rows["getTransactionStatus"]["evidence"]["succeeded"] == ["data.transactionId", "data.amount"]
    assert rows["instantDebit"]["unlisted"] == "unknown"
    assert rows["getWalletBalance"]["unlisted"] == "rejected"
    assert rows["paymentCallback"]["kind"] == "webhook"
    assert rows["paymentCallback"]["payment_state"]
    assert outcomes.categories(spec)["INVALID_TRANSACTION_ID"] == "duplicate-id"
