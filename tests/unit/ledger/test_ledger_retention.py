"""docs/operations.md "Retention": the documented SQL, as written, on each backend's own ledger: it deletes what
the section says may go (payments final for longer than the window with their hook done, events of payments no
longer in the ledger, heartbeats of workers silent for a week) and nothing the ledger still needs (open payments,
pending hooks, UNRESOLVED payments, anything recent, the shared token, the rate ceiling, the fleet settings); the
ledger works on afterwards."""

from __future__ import annotations

import re
import sqlite3
import time
from pathlib import Path
from typing import Any

from ledger_support import MERCHANT, FakeClock
from merchant_gateway.ledger import Ledger, RateLimit, open_store

DOC = Path(__file__).resolve().parents[3] / "docs" / "operations.md"
DAY = 86400.0


def retention_sql(dialect: str) -> list[str]:
    """The statements of the section's SQL block for this backend (its first line names it)."""
    section = DOC.read_text(encoding="utf-8").split("## 10. Retention", 1)[1].split("\n## ", 1)[0]
    label = {"sqlite": "-- SQLite", "postgresql": "-- PostgreSQL"}[dialect]
    found = [b for b in re.findall(r"^```sql\n(.*?)^```", section, re.S | re.M) if b.startswith(label)]
    assert len(found) == 1, f"one SQL block starting with {label!r}"
    code = "\n".join(line for line in found[0].splitlines() if not line.startswith("--"))
    return [statement.strip() for statement in code.split(";") if statement.strip()]


def run(url: str, dialect: str) -> None:
    statements = retention_sql(dialect)
    if dialect == "sqlite":
        with sqlite3.connect(url.removeprefix("sqlite:///")) as conn:
            for statement in statements:
                conn.execute(statement)
    else:
        import psycopg

        with psycopg.connect(url, autocommit=True) as conn:
            for statement in statements:
                conn.execute(statement)


def at(url: str, seconds_ago: float, **options: Any) -> Ledger:
    """A ledger whose clock reads ``seconds_ago`` before now (the SQL compares with the database's own now)."""
    clock = FakeClock(time.time() - seconds_ago)
    return Ledger(open_store(url), clock=clock, monotonic=clock, **options)


def final(ledger: Ledger, txn: str, code: str = "PAYMENT_SUCCESS") -> None:
    ledger.record_intent(merchant_id=MERCHANT, transaction_id=txn, operation="debitV4Web", amount=100)
    ledger.record_answer(MERCHANT, txn, "PAYMENT_PENDING")
    assert ledger.record_final(MERCHANT, txn, code, source="callback", amount=100)


def test_the_documented_retention_sql_deletes_only_what_may_go(store_url: str) -> None:
    dialect = "sqlite" if store_url.startswith("sqlite") else "postgresql"
    old = at(store_url, 100 * DAY, on_final=lambda p: None)  # 100 days ago, hooks done as they finalise
    final(old, "OLD-DONE")
    old.observe_callback(MERCHANT, "NOT-OURS", "PAYMENT_SUCCESS", amount=1)  # an event with no payment
    old.worker_beat({"checks": 1}, merchant_id=MERCHANT)
    old.close()
    pending = at(store_url, 100 * DAY)  # no hook in this process: the hook is still pending
    final(pending, "OLD-HOOK-PENDING")
    pending.record_intent(merchant_id=MERCHANT, transaction_id="OLD-OPEN", operation="debitV4Web", amount=100)
    pending.close()
    review = at(store_url, 100 * DAY, on_final=lambda p: None)
    review.record_intent(merchant_id=MERCHANT, transaction_id="OLD-UNRESOLVED", operation="debitV4Web", amount=1)
    assert review.record_final(MERCHANT, "OLD-UNRESOLVED", "UNRESOLVED", source="reconciler")
    review.close()
    recent = at(store_url, 1 * DAY, on_final=lambda p: None, rate_limit=RateLimit(40, 1.0), replace_settings=True)
    final(recent, "RECENT-DONE")
    recent.worker_beat({"checks": 1}, merchant_id=MERCHANT)
    assert recent.limiter is not None
    assert recent.token_cache(MERCHANT, "CLIENT") is not None
    recent.close()

    run(store_url, dialect)
    run(store_url, dialect)  # again: nothing more to delete, no error
    if dialect == "sqlite":  # the payments' statement searches the created_at index, never the whole table
        with sqlite3.connect(store_url.removeprefix("sqlite:///")) as conn:
            plan = conn.execute(f"EXPLAIN QUERY PLAN {retention_sql(dialect)[0]}").fetchall()
        assert "USING INDEX mgw_payments_created" in str(plan)

    with Ledger.open(store_url) as ledger:
        kept = {t for t in ("OLD-DONE", "OLD-HOOK-PENDING", "OLD-OPEN", "OLD-UNRESOLVED", "RECENT-DONE")
                if ledger.get(t, MERCHANT) is not None}  # fmt: skip
        assert kept == {"OLD-HOOK-PENDING", "OLD-OPEN", "OLD-UNRESOLVED", "RECENT-DONE"}
        assert ledger.events("OLD-DONE", MERCHANT) == []
        assert ledger.events("NOT-OURS", MERCHANT) == []
        assert ledger.events("OLD-OPEN", MERCHANT)
        assert ledger.events("RECENT-DONE", MERCHANT)
        assert len(ledger.workers()) == 1  # the worker silent for 100 days is gone, the recent one stays
        with ledger.store.transaction() as tx:
            for table in ("mgw_tokens", "mgw_rate", "mgw_rate_slots", "mgw_settings", "mgw_schema"):
                assert tx.execute(f"SELECT COUNT(*) AS n FROM {table}")[0]["n"] > 0, table
        # the ledger works on: a new payment, and the old id is simply unknown now
        ledger.record_intent(merchant_id=MERCHANT, transaction_id="AFTER", operation="debitV4Web", amount=5)
        assert ledger.counts(MERCHANT)["recorded"] == 2  # OLD-OPEN and AFTER
