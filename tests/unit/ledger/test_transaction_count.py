"""How many database transactions the ledger costs, counted by PostgreSQL itself (``pg_stat_database`` of a
database of the test's own, read once every connection to it has closed, when a backend flushes its statistics).

The shop's flow writes a payment three times: the write-ahead with its first attempt, the answer, the callback that
makes it final with the hook in the same transaction. The pool's check of a connection it hands out costs no
transaction while the connection is alive (it once sent an empty query each time: a second transaction for every
ledger transaction). A reconciler listening for notices is not woken by a payment whose first check is due after
its next read."""

from __future__ import annotations

import math
import time
from typing import Any

import pytest
from ledger_support import MERCHANT
from merchant_gateway.ledger import Ledger

from tests.support.postgres import fresh_database


def fresh_db(server_url: str) -> tuple[str, str]:
    url = fresh_database(server_url, "mgw_count")
    Ledger.migrate(url)
    return url, url.rsplit("/", 1)[1]


def server_count(server_url: str, name: str) -> int:
    """Committed and rolled-back transactions of database ``name`` but the sessions' starts (each is a transaction of
    its own, a pool's cost and not a ledger call's), read over a connection to another database once no connection
    to it is left and the figure no longer moves (a backend that just exited may not have flushed)."""
    import psycopg

    deadline = time.monotonic() + 30
    with psycopg.connect(server_url, autocommit=True) as conn:
        while _one(conn, "SELECT count(*) FROM pg_stat_activity WHERE datname = %s", name):
            assert time.monotonic() < deadline, f"connections to {name} still open"
            time.sleep(0.05)
        last = None
        while True:
            conn.execute("SELECT pg_stat_clear_snapshot()")
            sql = "SELECT xact_commit + xact_rollback - sessions FROM pg_stat_database WHERE datname = %s"
            value = _one(conn, sql, name)
            if value == last:
                return value
            assert time.monotonic() < deadline, "the statistics of the database do not settle"
            last = value
            time.sleep(0.3)


def _one(conn: Any, sql: str, name: str) -> int:
    row = conn.execute(sql, (name,)).fetchone()
    assert row is not None
    return int(row[0])


def counted(server_url: str, url: str, name: str, work: Any) -> int:
    """The server's transactions of ``work(ledger)`` on a ledger opened and closed around it."""
    before = server_count(server_url, name)
    with Ledger.open(url, on_final=lambda payment, tx: None, hook_in_transaction=True) as ledger:
        work(ledger)
    return server_count(server_url, name) - before


def callback_answer(txn: str, amount: int) -> dict[str, Any]:
    data = {"merchantId": MERCHANT, "transactionId": txn, "amount": amount, "providerReferenceId": "P1"}
    return {"success": True, "code": "PAYMENT_SUCCESS", "data": data}


def test_a_payment_of_the_shops_flow_is_three_transactions_and_the_pool_check_costs_none(postgres_url: str) -> None:
    import psycopg

    with psycopg.connect(postgres_url) as conn:  # else its workers' visits would count as the ledger's transactions
        assert conn.execute("SHOW autovacuum").fetchone() == ("off",)
    url, name = fresh_db(postgres_url)
    opened = counted(postgres_url, url, name, lambda ledger: None)  # opening and closing: the fixed part

    def payments(n: int) -> Any:
        def work(ledger: Ledger) -> None:
            for i in range(n):
                txn = f"COUNT{n}X{i}"
                ledger.record_intent(
                    merchant_id=MERCHANT, transaction_id=txn, operation="debitV4Web", amount=100, attempt=True
                )
                ledger.record_answer(MERCHANT, txn, "PAYMENT_INITIATED")
                outcome = ledger.observe_callback(
                    MERCHANT, txn, "PAYMENT_SUCCESS", amount=100, answer=callback_answer(txn, 100)
                )
                assert outcome == "final"

        return work

    assert counted(postgres_url, url, name, payments(10)) - opened == 3 * 10
    with Ledger.open(url) as ledger:
        payment = ledger.get("COUNT10X3", MERCHANT)
        assert payment is not None
        assert (payment.attempts, payment.state, payment.hook_pending) == (1, "final", False)
        assert [e["source"] for e in ledger.events("COUNT10X3", MERCHANT)] == ["intent", "answer", "callback", "hook"]


def test_a_notice_wakes_a_listening_reconciler_only_for_work_due_before_its_next_read() -> None:
    from merchant_gateway.ledger import Reconciler
    from merchant_gateway.ledger.ledger import notice_of, notice_payload

    now = [1000.0]
    fake = type("R", (), {"merchants": (MERCHANT, "OTHER"), "_next_read": math.inf})()
    fake.ledger = type("L", (), {"clock": staticmethod(lambda: now[0])})()
    wanted = Reconciler._wanted.__get__(fake)
    assert notice_of(notice_payload(MERCHANT, 1020.5)) == (MERCHANT, 1020.5)
    assert wanted(notice_payload(MERCHANT, 1020.0))  # reading now: every notice counts
    fake._next_read = 1005.0  # it waits, and reads again at 1005
    assert not wanted(notice_payload(MERCHANT, 1020.0))  # a first check due later: found at that read
    assert wanted(notice_payload(MERCHANT, 1000.0))  # due now (an answer, a customer's return)
    assert not wanted(notice_payload("NOTSERVED", 1000.0))  # another merchant's work
    assert wanted(MERCHANT)  # a notice without a time (an older version's): always


def test_the_write_ahead_announces_a_payment_only_when_its_first_check_is_due_soon(postgres_url: str) -> None:
    import threading

    from merchant_gateway.flows.schedule import Phase, PollSchedule
    from merchant_gateway.ledger.ledger import NOTICE_AHEAD, notice_of

    url, _ = fresh_db(postgres_url)

    def schedule(first: float) -> PollSchedule:
        return PollSchedule(first_check_after=first, phases=(Phase(5.0, None),), timeout=900.0)

    notes: list[str] = []
    got = threading.Event()
    listening = threading.Event()  # told on connecting, once its LISTEN is in place
    stop = threading.Event()
    later, soon = Ledger.open(url, schedule=schedule(NOTICE_AHEAD + 15)), Ledger.open(url, schedule=schedule(1))
    with later, soon:

        def keep(payload: str) -> bool:
            notes.append(payload)
            got.set()
            return True

        listener = threading.Thread(
            target=getattr(later.store, "listen"),  # noqa: B009 - PostgresStore's (the Store protocol has none)
            args=("mgw_work", listening.set, stop),
            kwargs={"wanted": keep},
            daemon=True,
        )
        listener.start()
        try:
            assert listening.wait(30)
            later.record_intent(merchant_id=MERCHANT, transaction_id="NOTE1", operation="debitV4Web")
            payment = soon.record_intent(merchant_id=MERCHANT, transaction_id="NOTE2", operation="debitV4Web")
            assert got.wait(30)  # notices come in commit order: NOTE1's would be first
        finally:
            stop.set()
            listener.join(10)
    assert notice_of(notes[0]) == (MERCHANT, pytest.approx(payment.next_check_at, abs=0.001))
    assert payment.next_check_at - payment.created_at == pytest.approx(1.0, abs=0.01)
