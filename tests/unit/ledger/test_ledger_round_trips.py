"""What one payment of the shop's flow costs the ledger in statements, on a real PostgreSQL: each statement sent is a
round trip to the server (psycopg's ``Connection.execute``, which is all the store sends through), and round trips,
not the server's commits, were most of a payment's time. The flow: the write-ahead with its first attempt, the
answer, the callback that makes the payment final with the hook in the ledger's transaction. Each transaction
starts with one round trip (BEGIN, the lock bound and the server's clock) and ends with COMMIT; a write and its
history event are one statement. What the flow writes is checked too: a statement saved must not be a step lost.

Also: the columns the ledger names where it reads a whole payment are the migrated table's, on both backends."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest
from ledger_support import MERCHANT
from merchant_gateway.ledger import Ledger, open_store
from merchant_gateway.ledger.migrations import PAYMENT_COLUMNS, columns


class _Sent:
    """Every statement psycopg connections send while counting, tagged with the ledger call that sent it."""

    def __init__(self) -> None:
        self.by_call: Counter[str] = Counter()
        self.call = ""
        self.texts: list[str] = []


@pytest.fixture
def sent(monkeypatch: pytest.MonkeyPatch) -> _Sent:
    import psycopg

    log = _Sent()
    real = psycopg.Connection.execute

    def counting(self: Any, query: Any, *args: Any, **kwargs: Any) -> Any:
        log.by_call[log.call] += 1
        log.texts.append(str(query))
        return real(self, query, *args, **kwargs)

    monkeypatch.setattr(psycopg.Connection, "execute", counting)
    return log


def _payment(ledger: Ledger, sent: _Sent, txn: str) -> None:
    sent.call = "intent"
    ledger.record_intent(merchant_id=MERCHANT, transaction_id=txn, operation="debitV4Web", amount=100, attempt=True)
    sent.call = "answer"
    assert ledger.record_answer(MERCHANT, txn, "PAYMENT_INITIATED")
    sent.call = "callback"
    assert ledger.observe_callback(MERCHANT, txn, "PAYMENT_SUCCESS", amount=100) == "final"
    sent.call = ""


def test_a_payment_of_the_shops_flow_is_thirteen_statements_on_postgresql(postgres_url: str, sent: _Sent) -> None:
    from tests.support.postgres import fresh_database

    url = fresh_database(postgres_url)
    Ledger.migrate(url)
    hooked: list[str] = []

    def hook(payment: Any, tx: Any) -> None:
        hooked.append(payment.transaction_id)
        tx.execute("UPDATE mgw_settings SET value = value WHERE name = 'none'")  # the shop's one write (no table)

    with Ledger.open(url, on_final=hook, hook_in_transaction=True, owner="rt-worker") as ledger:
        _payment(ledger, sent, "RT-WARM")  # the connection's first use (nothing prepared yet) is not the steady state
        sent.by_call.clear()
        sent.texts.clear()
        _payment(ledger, sent, "RT-1")
        per_call, texts = dict(sent.by_call), list(sent.texts)
        events = ledger.events("RT-1", MERCHANT)
        payment = ledger.get("RT-1", MERCHANT)
    # intent: BEGIN+clock, the row with its event, COMMIT; answer: the same; callback: BEGIN+clock, the row locked,
    # the final row with its event, SAVEPOINT, the hook's statement, the hook's mark with its event, COMMIT
    assert per_call == {"intent": 3, "answer": 3, "callback": 7}, texts
    assert sum(t.startswith("BEGIN") for t in texts) == 3
    assert texts.count("COMMIT") == 3
    assert hooked == ["RT-WARM", "RT-1"]
    assert payment is not None
    assert payment.code == "PAYMENT_SUCCESS"
    assert not payment.hook_pending
    assert payment.attempts == 1
    assert payment.last_attempt_at is not None
    seen = [(e["source"], e["state"], e["code"], e["detail"], e["actor"]) for e in events]
    assert seen == [
        ("intent", "recorded", None, "debitV4Web", "rt-worker"),
        ("answer", "accepted", "PAYMENT_INITIATED", None, "rt-worker"),
        ("callback", "final", "PAYMENT_SUCCESS", None, "rt-worker"),
        ("hook", None, None, "ran", "rt-worker"),
    ]


def test_an_answer_after_the_payment_moved_on_only_ends_the_call(store_url: str) -> None:
    """record_answer writes the end of the call always and the accepted state only when it is a step forward: on a
    payment already final, the call's end alone, and no event."""
    with Ledger.open(store_url) as ledger:
        ledger.record_intent(merchant_id=MERCHANT, transaction_id="RT-LATE", operation="debitV4Web", amount=5)
        assert ledger.observe_callback(MERCHANT, "RT-LATE", "PAYMENT_SUCCESS", amount=5) == "final"
        assert not ledger.record_answer(MERCHANT, "RT-LATE", "PAYMENT_INITIATED")
        payment = ledger.get("RT-LATE", MERCHANT)
        with ledger.store.transaction() as tx:
            row = tx.execute(
                "SELECT answered_at, call_until FROM mgw_payments WHERE merchant_id = ? AND transaction_id = ?",
                (MERCHANT, "RT-LATE"),
            )[0]
        sources = [e["source"] for e in ledger.events("RT-LATE", MERCHANT)]
    assert payment is not None
    assert payment.code == "PAYMENT_SUCCESS"
    assert row["answered_at"] is not None
    assert row["call_until"] is None
    assert sources == ["intent", "callback"]


def test_the_payment_columns_the_ledger_names_are_the_migrated_tables(store_url: str) -> None:
    store = open_store(store_url)
    try:
        with store.transaction(read=True) as tx:
            assert set(PAYMENT_COLUMNS) == columns(tx, "mgw_payments")
            assert len(set(PAYMENT_COLUMNS)) == len(PAYMENT_COLUMNS)
    finally:
        store.close()


def test_a_transaction_the_server_rolled_back_is_not_taken_for_committed(postgres_url: str) -> None:
    """PostgreSQL answers COMMIT with ROLLBACK when a statement of the transaction failed (and its error was caught):
    the store says so (LedgerUnavailable) instead of returning as if the writes before it had been committed."""
    import psycopg
    from merchant_gateway.ledger import LedgerUnavailable

    from tests.support.postgres import fresh_database

    url = fresh_database(postgres_url)
    Ledger.migrate(url)
    store = open_store(url)
    try:

        def swallowed_failure() -> None:
            with store.transaction() as tx:
                tx.execute("INSERT INTO mgw_settings (name, value, set_at, set_by) VALUES ('rt', 'x', 0, 'test')")
                with pytest.raises(psycopg.Error):
                    tx.execute("SELECT no_such_column FROM mgw_settings")

        with pytest.raises(LedgerUnavailable, match="rolled back"):
            swallowed_failure()
        with store.transaction() as tx:  # nothing was written, and the connection serves the next transaction
            assert tx.execute("SELECT value FROM mgw_settings WHERE name = 'rt'") == []
    finally:
        store.close()
