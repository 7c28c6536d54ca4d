"""How many times a ledger call waits for PostgreSQL, counted from libpq's own trace of the messages it sends (each
wait ends a batch with a Sync, or is a simple Query): a statement whose result the ledger does not read (a history
line, an update whose count nobody needs) travels with the next one it waits for, or with the COMMIT; BEGIN, the lock
bound and the clock's read travel together. Money safety is unchanged: every transaction still waits for its COMMIT's
answer before the call returns, and an error of a statement sent without waiting fails its transaction, which then
commits nothing."""

from __future__ import annotations

import tempfile
from typing import Any

import pytest
from ledger_support import MERCHANT
from merchant_gateway.ledger import Ledger, LedgerUnavailable
from merchant_gateway.ledger.store import open_store

from tests.support.postgres import fresh_database


def waits(trace: str) -> int:
    """Round trips in a libpq trace: the frontend's Sync and Query messages."""
    return sum(
        1 for line in trace.splitlines() if line.split("\t")[:1] == ["F"] and line.split("\t")[2] in ("Sync", "Query")
    )


def traced(ledger: Ledger, call: Any) -> int:
    """The round trips of ``call()`` on the ledger's one pooled connection."""
    from psycopg import pq

    with ledger.store.transaction() as tx:
        conn = tx.connection
    with tempfile.TemporaryFile("w+") as f:
        conn.pgconn.trace(f.fileno())
        conn.pgconn.set_trace_flags(pq.Trace.SUPPRESS_TIMESTAMPS | pq.Trace.REGRESS_MODE)
        try:
            call()
        finally:
            conn.pgconn.untrace()
        f.seek(0)
        return waits(f.read())


def test_a_payment_of_the_shops_flow_waits_for_the_server_ten_times(postgres_url: str) -> None:
    url = fresh_database(postgres_url, "mgw_trips")
    Ledger.migrate(url)
    with Ledger(
        open_store(url, max_size=1), on_final=lambda p, tx: tx.execute("SELECT 1"), hook_in_transaction=True
    ) as ledger:

        def intent() -> None:
            ledger.record_intent(
                merchant_id=MERCHANT, transaction_id="RT1", operation="debitV4Web", amount=100, attempt=True
            )

        # the write-ahead: BEGIN with the clock; the insert (its row is read); its history line with the COMMIT
        assert traced(ledger, intent) == 3
        # the answer: BEGIN with the clock; both updates (the second's count is read); its history line with the COMMIT
        assert traced(ledger, lambda: ledger.record_answer(MERCHANT, "RT1", "PAYMENT_INITIATED")) == 3
        # the callback: BEGIN, the clock and the locked row; the final update; its history line and the savepoint with
        # the hook's statement; the savepoint's release, the hook's update and line with the COMMIT
        assert traced(ledger, lambda: ledger.observe_callback(MERCHANT, "RT1", "PAYMENT_SUCCESS", amount=100)) == 4
        payment = ledger.get("RT1", MERCHANT)
        assert payment is not None
        assert (payment.state, payment.code, payment.attempts, payment.hook_pending) == (
            "final",
            "PAYMENT_SUCCESS",
            1,
            False,
        )
        assert [e["source"] for e in ledger.events("RT1", MERCHANT)] == ["intent", "answer", "callback", "hook"]


def test_an_error_of_a_statement_sent_without_waiting_fails_its_transaction_and_commits_nothing(
    postgres_url: str,
) -> None:
    url = fresh_database(postgres_url, "mgw_trips_error")
    Ledger.migrate(url)
    with Ledger.open(url) as ledger:
        with ledger.store.transaction() as tx:
            tx.execute("CREATE TABLE trips_t (n INTEGER PRIMARY KEY)")

        def twice() -> None:
            with ledger.store.transaction() as tx:
                tx.run("INSERT INTO trips_t (n) VALUES (?)", (1,))
                tx.run("INSERT INTO trips_t (n) VALUES (?)", (1,))  # fails on the server; told at the COMMIT

        with pytest.raises(LedgerUnavailable, match="UniqueViolation"):
            twice()
        with ledger.store.transaction() as tx:
            assert tx.execute("SELECT count(*) AS n FROM trips_t") == [{"n": 0}]
            tx.run("INSERT INTO trips_t (n) VALUES (?)", (2,))
        with ledger.store.transaction() as tx:  # the connection serves the next transaction as usual
            assert tx.execute("SELECT n FROM trips_t") == [{"n": 2}]


def test_without_pipeline_mode_each_statement_waits_and_the_flow_is_the_same(
    postgres_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    import psycopg

    monkeypatch.setattr(psycopg.Pipeline, "is_supported", staticmethod(lambda: False))  # a libpq older than 14
    url = fresh_database(postgres_url, "mgw_trips_plain")
    Ledger.migrate(url)
    hook = lambda p, tx: tx.execute("SELECT 1")  # noqa: E731
    with Ledger(open_store(url, max_size=1), on_final=hook, hook_in_transaction=True) as ledger:

        def payment() -> None:
            ledger.record_intent(
                merchant_id=MERCHANT, transaction_id="RP1", operation="debitV4Web", amount=100, attempt=True
            )
            ledger.record_answer(MERCHANT, "RP1", "PAYMENT_INITIATED")
            assert ledger.observe_callback(MERCHANT, "RP1", "PAYMENT_SUCCESS", amount=100) == "final"

        # BEGIN with the lock bound and the clock, then at least one wait per statement (psycopg prepares a statement
        # in a round trip of its own the first time) and one for each COMMIT: 4 + 5 + 10 at the least
        assert traced(ledger, payment) >= 19
        payment_row = ledger.get("RP1", MERCHANT)
        assert payment_row is not None
        assert (payment_row.state, payment_row.hook_pending) == ("final", False)
        assert [e["source"] for e in ledger.events("RP1", MERCHANT)] == ["intent", "answer", "callback", "hook"]
