"""A PostgreSQL ledger transaction that starts in one round trip (BEGIN, the lock bound, the clock) and writes a
payment with its event in one statement, attacked on a real server: a row lock held by another session (the lock
bound fires: LedgerUnavailable, nothing half-written), the ledger's backend terminated between BEGIN and COMMIT, a
COMMIT whose answer is lost after the server applied it (never reported as success, and the record is not lost), a
hook that raises after writing (the payment's writes kept, the hook's undone), and two ledgers recording the same
payment's final at once (one final event, never two)."""

from __future__ import annotations

import threading
import uuid
from collections.abc import Iterator
from typing import Any

import psycopg
import pytest
from ledger_support import MERCHANT
from merchant_gateway.ledger import FINAL, Ledger, LedgerUnavailable

from tests.support.postgres import fresh_database


@pytest.fixture
def url(postgres_url: str) -> str:
    made: str = fresh_database(postgres_url)
    Ledger.migrate(made)
    return made


@pytest.fixture
def ledger(url: str) -> Iterator[Ledger]:
    with Ledger.open(url, timeout=1.0, owner="attacked") as opened:
        yield opened


def _intent(ledger: Ledger, txn: str) -> None:
    ledger.record_intent(merchant_id=MERCHANT, transaction_id=txn, operation="debitV4Web", amount=100, attempt=True)


def _sources(ledger: Ledger, txn: str) -> list[str]:
    return [e["source"] for e in ledger.events(txn, MERCHANT)]


def test_a_row_lock_held_elsewhere_ends_in_ledger_unavailable_with_nothing_written(url: str, ledger: Ledger) -> None:
    _intent(ledger, "TF-LOCK")
    with psycopg.connect(url.split("?")[0], autocommit=False) as other:
        other.execute("SELECT 1 FROM mgw_payments WHERE transaction_id = 'TF-LOCK' FOR UPDATE")
        with pytest.raises(LedgerUnavailable, match="55P03"):  # lock_not_available: the lock bound fired
            ledger.record_answer(MERCHANT, "TF-LOCK", "PAYMENT_INITIATED")
        other.rollback()
    payment = ledger.get("TF-LOCK", MERCHANT)
    assert payment is not None
    assert payment.state != "accepted"
    assert _sources(ledger, "TF-LOCK") == ["intent"]
    assert ledger.record_answer(MERCHANT, "TF-LOCK", "PAYMENT_INITIATED")  # the pool's connection serves again
    assert _sources(ledger, "TF-LOCK") == ["intent", "answer"]


def test_a_backend_terminated_between_begin_and_commit_writes_nothing(url: str) -> None:
    """The hook runs inside the ledger's transaction: there another session terminates the ledger's backend."""

    def kill(payment: Any, tx: Any) -> None:
        pid = tx.execute("SELECT pg_backend_pid() AS pid")[0]["pid"]
        with psycopg.connect(url.split("?")[0], autocommit=True) as other:
            other.execute("SELECT pg_terminate_backend(%s)", (pid,))
        tx.execute("SELECT 1")

    armed = [True]

    def hook(payment: Any, tx: Any) -> None:
        if armed[0]:
            kill(payment, tx)

    with Ledger.open(url, timeout=1.0, on_final=hook, hook_in_transaction=True) as ledger:
        _intent(ledger, "TF-KILL")
        with pytest.raises(LedgerUnavailable):
            ledger.observe_callback(MERCHANT, "TF-KILL", "PAYMENT_SUCCESS", amount=100)
        payment = ledger.get("TF-KILL", MERCHANT)
        assert payment is not None
        assert payment.state != FINAL
        assert _sources(ledger, "TF-KILL") == ["intent"]
        armed[0] = False
        assert ledger.observe_callback(MERCHANT, "TF-KILL", "PAYMENT_SUCCESS", amount=100) == "final"
        assert _sources(ledger, "TF-KILL") == ["intent", "callback", "hook"]


@pytest.mark.parametrize("applied", [True, False])
def test_a_commit_whose_answer_is_lost_is_never_reported_as_success(
    url: str, ledger: Ledger, monkeypatch: pytest.MonkeyPatch, applied: bool
) -> None:
    """The connection fails as COMMIT is sent: the server applied it (answer lost) or never got it. Either way the
    write-ahead raises LedgerUnavailable (its caller sends nothing); when applied, the payment is in the ledger."""
    real = psycopg.Connection.execute

    def lossy(self: Any, query: Any, *args: Any, **kwargs: Any) -> Any:
        if query == "COMMIT":
            if applied:
                real(self, query, *args, **kwargs)
            else:
                pid = self.info.backend_pid
                with psycopg.connect(url.split("?")[0], autocommit=True) as other:
                    other.execute("SELECT pg_terminate_backend(%s)", (pid,))
                return real(self, query, *args, **kwargs)
            self.close()
            raise psycopg.OperationalError("server closed the connection unexpectedly")
        return real(self, query, *args, **kwargs)

    monkeypatch.setattr(psycopg.Connection, "execute", lossy)
    with pytest.raises(LedgerUnavailable):
        _intent(ledger, "TF-COMMIT")
    monkeypatch.setattr(psycopg.Connection, "execute", real)
    payment = ledger.get("TF-COMMIT", MERCHANT)
    if applied:
        assert payment is not None
        assert _sources(ledger, "TF-COMMIT") == ["intent"]
    else:
        assert payment is None
        _intent(ledger, "TF-COMMIT")  # nothing was written: the same id records now
        assert _sources(ledger, "TF-COMMIT") == ["intent"]


def test_a_hook_that_raises_after_writing_keeps_the_payments_writes_and_undoes_its_own(store_url: str) -> None:
    """Both backends: the hook's savepoint is rolled back to, never released, and COMMIT keeps the rest."""
    url = store_url

    def hook(payment: Any, tx: Any) -> None:
        tx.execute("INSERT INTO mgw_settings (name, value, set_at, set_by) VALUES ('tf-hook', 'x', 0, 'hook')")
        tx.execute("SELECT no_such_column FROM mgw_settings")  # a failed statement: the transaction in error

    with Ledger.open(url, timeout=1.0, on_final=hook, hook_in_transaction=True) as ledger:
        _intent(ledger, "TF-HOOK")
        assert ledger.observe_callback(MERCHANT, "TF-HOOK", "PAYMENT_SUCCESS", amount=100) == "final"
        payment = ledger.get("TF-HOOK", MERCHANT)
        with ledger.store.transaction() as tx:
            written = tx.execute("SELECT value FROM mgw_settings WHERE name = 'tf-hook'")
        events = [(e["source"], e["detail"]) for e in ledger.events("TF-HOOK", MERCHANT)]
    assert payment is not None
    assert payment.state == FINAL
    assert payment.code == "PAYMENT_SUCCESS"
    assert payment.hook_pending
    assert written == []
    assert [source for source, _ in events[:2]] == ["intent", "callback"]
    assert ("hook", "ran") not in events  # the hook failed: it is retried later


def _observe_at_once(ledgers: tuple[Ledger, Ledger], txn: str) -> list[str]:
    """Both ledgers observe the payment's success callback together (released by one barrier)."""
    start = threading.Barrier(2)
    outcomes: list[str] = []

    def observe(ledger: Ledger) -> None:
        start.wait(5)
        outcomes.append(ledger.observe_callback(MERCHANT, txn, "PAYMENT_SUCCESS", amount=100))

    threads = [threading.Thread(target=observe, args=(ledger,)) for ledger in ledgers]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(10)
    return outcomes


def test_two_ledgers_recording_one_payments_final_at_once_write_one_final_event(url: str) -> None:
    with Ledger.open(url, timeout=5.0) as first, Ledger.open(url, timeout=5.0) as second:
        for n in range(12):
            txn = f"TF-RACE-{n}"
            _intent(first, txn)
            first.record_answer(MERCHANT, txn, "PAYMENT_INITIATED")
            outcomes = _observe_at_once((first, second), txn)
            events = first.events(txn, MERCHANT)
            assert len([e for e in events if e["state"] == FINAL]) == 1, events
            assert len(outcomes) == 2
            assert outcomes.count("final") == 1, outcomes
            payment = first.get(txn, MERCHANT)
            assert payment is not None
            assert payment.state == FINAL


def test_two_ledgers_writing_one_new_payment_at_once_write_one_intent_event(url: str) -> None:
    """The INSERT ... ON CONFLICT DO NOTHING with its event in one statement: the insert that lost the race returns
    no row, so it writes no event, and its caller is told the id is taken."""
    from merchant_gateway.ledger import DuplicateTransactionError

    with Ledger.open(url, timeout=5.0) as first, Ledger.open(url, timeout=5.0) as second:
        for n in range(12):
            txn = f"TF-NEW-{n}"
            start = threading.Barrier(2)
            results: list[str] = []

            def write(
                ledger: Ledger, txn: str = txn, start: threading.Barrier = start, results: list[str] = results
            ) -> None:
                start.wait(5)
                try:
                    _intent(ledger, txn)
                    results.append("recorded")
                except DuplicateTransactionError:
                    results.append("duplicate")

            threads = [threading.Thread(target=write, args=(ledger,)) for ledger in (first, second)]
            for thread in threads:
                thread.start()
            for thread in threads:
                thread.join(10)
            assert sorted(results) == ["duplicate", "recorded"]
            assert _sources(first, txn) == ["intent"]


@pytest.fixture(scope="module")
def bouncer(postgres_server: Any, postgres_url: str) -> Iterator[Any]:
    """PgBouncer in transaction mode in front of the session's server (its ``postgres`` database, a ledger)."""
    from merchant_gateway.ledger.testing import local_pgbouncer

    with local_pgbouncer(postgres_server, pool_size=2) as running:
        yield running


def test_behind_pgbouncer_a_held_lock_and_a_terminated_backend_end_in_ledger_unavailable(
    bouncer: Any, postgres_url: str
) -> None:
    """The one-round-trip BEGIN through PgBouncer in transaction mode: the lock bound still fires (SET LOCAL goes
    with the transaction's server connection), a backend terminated mid-transaction writes nothing, and the next
    transactions succeed on the server connections PgBouncer hands out next."""
    run = uuid.uuid4().hex[:8]
    armed = [False]

    def hook(payment: Any, tx: Any) -> None:
        if armed[0]:
            pid = tx.execute("SELECT pg_backend_pid() AS pid")[0]["pid"]
            with psycopg.connect(postgres_url, autocommit=True) as other:
                other.execute("SELECT pg_terminate_backend(%s)", (pid,))
            tx.execute("SELECT 1")

    with Ledger.open(bouncer.url, timeout=1.0, on_final=hook, hook_in_transaction=True) as ledger:
        assert ledger.store.pool_mode == "transaction"
        locked, killed = f"TF-PB-LOCK-{run}", f"TF-PB-KILL-{run}"
        _intent(ledger, locked)
        with psycopg.connect(postgres_url, autocommit=False) as other:
            other.execute("SELECT 1 FROM mgw_payments WHERE transaction_id = %s FOR UPDATE", (locked,))
            with pytest.raises(LedgerUnavailable, match="55P03"):
                ledger.record_answer(MERCHANT, locked, "PAYMENT_INITIATED")
            other.rollback()
        assert _sources(ledger, locked) == ["intent"]
        assert ledger.record_answer(MERCHANT, locked, "PAYMENT_INITIATED")

        _intent(ledger, killed)
        armed[0] = True
        with pytest.raises(LedgerUnavailable):
            ledger.observe_callback(MERCHANT, killed, "PAYMENT_SUCCESS", amount=100)
        armed[0] = False
        assert _sources(ledger, killed) == ["intent"]
        for _ in range(3):  # whichever server connection PgBouncer hands out, each transaction succeeds
            assert ledger.get(killed, MERCHANT) is not None
        assert ledger.observe_callback(MERCHANT, killed, "PAYMENT_SUCCESS", amount=100) == "final"
        assert _sources(ledger, killed) == ["intent", "callback", "hook"]


def test_a_server_restarted_mid_transaction_writes_nothing_and_the_next_calls_succeed(own_postgres: Any) -> None:
    """The server restarts (fast shutdown: open transactions rolled back) while a final's transaction is open, between
    its one-round-trip BEGIN and its COMMIT: LedgerUnavailable, nothing written; once it is back, the same callback
    records the final on a fresh connection."""
    server = own_postgres
    armed = [True]

    def hook(payment: Any, tx: Any) -> None:
        if armed[0]:
            armed[0] = False
            server._run("pg_ctl", "-D", server.datadir, "-m", "fast", "-w", "restart")
            tx.execute("SELECT 1")

    with Ledger.open(server.url, timeout=5.0, on_final=hook, hook_in_transaction=True) as ledger:
        _intent(ledger, "TF-RESTART")
        with pytest.raises(LedgerUnavailable):
            ledger.observe_callback(MERCHANT, "TF-RESTART", "PAYMENT_SUCCESS", amount=100)
        assert _sources(ledger, "TF-RESTART") == ["intent"]
        assert ledger.observe_callback(MERCHANT, "TF-RESTART", "PAYMENT_SUCCESS", amount=100) == "final"
        assert _sources(ledger, "TF-RESTART") == ["intent", "callback", "hook"]
