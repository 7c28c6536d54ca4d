"""The ledger's pool through a PostgreSQL outage, for the calls that wait for a connection and for nobody.

A series of reconnection tries gives up after RECONNECT_WITHIN, and the next starts at once only while a ledger call
waits for a connection (store._try_again): a call waiting through the outage is served once the server is back
(test_ledger_recovery.py). Here: once no call waits, nothing more is tried, however long the outage (each try is a
connection attempt on the server and two warning lines of the driver's pool, about two a second); and the ledger
closed during an outage ends its waiting calls and its pool's threads at once. A real server of the test's own.

Windows of real time, not measured durations: each try is logged by psycopg_pool ("error connecting in
'mgw-ledger'"), a series lasts RECONNECT_WITHIN, and a window of several series with no try in it is what "nothing
tried" looks like."""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from typing import Any

import pytest
from ledger_support import MERCHANT
from merchant_gateway.ledger import Ledger, LedgerUnavailable
from merchant_gateway.ledger.store import RECONNECT_WITHIN, STATEMENT_GRACE

from tests.support.postgres import PoolLog, pool_log

BOUND = 2.0  # every wait of one ledger call in this test
RETRY = 1  # PgBouncer's server_login_retry in this test: seconds


def intent(ledger: Ledger, txn: str) -> None:
    ledger.record_intent(merchant_id=MERCHANT, transaction_id=txn, operation="debitV4Web", amount=100)


@pytest.fixture
def tries() -> Iterator[PoolLog]:
    with pool_log("mgw-ledger") as logged:
        yield logged


@pytest.mark.timeout(180)
def test_once_no_call_waits_nothing_more_is_tried(own_postgres: Any, tries: PoolLog) -> None:
    """A call that waited and gave up (LedgerUnavailable at its bound) is not waiting any more: the series running
    then gives up, and no other starts until a call asks. psycopg_pool keeps a request that timed out in its queue of
    waiting requests until a connection is made (its ``requests_waiting`` still counts it), so asking it kept a series
    of tries going for the whole outage on behalf of nobody."""
    server = own_postgres
    with Ledger.open(server.url, timeout=BOUND) as ledger:
        intent(ledger, "BEFORE")
        server.stop()
        try:
            with pytest.raises(LedgerUnavailable):
                intent(ledger, "GAVEUP")  # waits for a connection to its bound
            # the series started for it end within RECONNECT_WITHIN of its end (one more if it gave up meanwhile)
            time.sleep(2 * RECONNECT_WITHIN + 1.0)
            before = tries.tries
            assert before > 0
            assert tries.gave_up > 0
            time.sleep(3 * RECONNECT_WITHIN)  # three series' worth of time with no call waiting
            assert tries.tries == before, f"{tries.tries - before} connection tries with no ledger call waiting"
            # a call that asks again has tries made for it again
            with pytest.raises(LedgerUnavailable):
                intent(ledger, "ASKED")
            assert tries.tries > before
        finally:
            server.start()
        intent(ledger, "AFTER")  # within the bound, else LedgerUnavailable
        assert ledger.get("AFTER", MERCHANT) is not None
    assert tries.failed_tasks == []


@pytest.mark.timeout(180)
def test_closing_the_ledger_during_an_outage_ends_its_waiting_calls_and_the_pools_threads(
    own_postgres: Any, tries: PoolLog
) -> None:
    """Ledger.close() while a call waits through an outage and series of tries run (and give up, and start again):
    close returns, the waiting call fails closed (LedgerUnavailable, not a hang to its bound), no thread of the
    pool is left, and no task of the pool raised (a series giving up on a closing pool starts nothing)."""
    server = own_postgres
    ledger = Ledger.open(server.url, timeout=60.0)  # the waiting call's bound: far past the test's end
    intent(ledger, "BEFORE")
    server.stop()
    outcome: list[BaseException | None] = []

    def waiting_call() -> None:
        try:
            intent(ledger, "WAITING")
            outcome.append(None)
        except BaseException as exc:  # noqa: BLE001 - reported by the assertion below
            outcome.append(exc)

    caller = threading.Thread(target=waiting_call)
    try:
        caller.start()
        deadline = time.monotonic() + 30
        while tries.gave_up < 2 and time.monotonic() < deadline:  # a series gave up and the next one started
            time.sleep(0.05)
        assert tries.gave_up >= 2
        closing = threading.Thread(target=ledger.close)
        closing.start()
        closing.join(30)
        assert not closing.is_alive(), "Ledger.close() did not return"
        caller.join(30)
        assert not caller.is_alive(), "the waiting call still waits after Ledger.close()"
        assert len(outcome) == 1, outcome
        assert isinstance(outcome[0], LedgerUnavailable), outcome
        pool_threads = [t.name for t in threading.enumerate() if t.name.startswith("mgw-ledger")]
        assert pool_threads == []
        assert tries.failed_tasks == []
    finally:
        server.start()
        ledger.close()


@pytest.mark.timeout(180)
def test_behind_pgbouncer_a_call_during_an_outage_fails_within_the_ledgers_timeout(own_postgres: Any) -> None:
    """Behind PgBouncer in transaction mode the pool's connections (to PgBouncer) outlive the server: a ledger call
    gets one at once and its first statement waits in PgBouncer for a server connection, where no bound of the
    server's reaches it (nothing arrives at the server). PgBouncer left at its default ``query_wait_timeout`` (120 s:
    before the store's own bound, a ledger call with a 2 s bound took 120 s): the store's client-side bound
    (statement_bound.py) ends the wait, the call fails closed with LedgerUnavailable long before PgBouncer's 120 s,
    and the statement it had queued never reaches the server. After the server's return, writes go through on the
    same ledger once PgBouncer has logged in to it again (``server_login_retry`` at 1 s here, only to keep the test
    short): no connection the bound closed is handed out again."""
    from merchant_gateway.ledger.testing import PostgresUnavailable, local_pgbouncer

    server = own_postgres
    try:
        bouncer = local_pgbouncer(server, server_login_retry=RETRY)  # query_wait_timeout: PgBouncer's default
        running = bouncer.__enter__()
    except PostgresUnavailable as exc:
        pytest.skip(str(exc))
    try:
        with Ledger.open(running.url, timeout=BOUND) as ledger:
            intent(ledger, "BEFORE")
            server.stop()
            outcomes: list[BaseException | None] = []

            def call(txn: str) -> None:
                try:
                    intent(ledger, txn)
                    outcomes.append(None)
                except BaseException as exc:  # noqa: BLE001 - reported by the assertion below
                    outcomes.append(exc)

            try:
                # two calls, one after the other: the first waits in PgBouncer until the store's bound ends it; the
                # second gets a connection the pool made after the first's was closed (PgBouncer may refuse it at
                # once, "server login has been failing", or it waits and is bounded the same way)
                for txn in ("DOWN1", "DOWN2"):
                    caller = threading.Thread(target=call, args=(txn,), daemon=True)
                    caller.start()
                    caller.join(60)  # far past the ledger's bound, half PgBouncer's default 120 s
                    assert not caller.is_alive(), "the ledger call still waits in PgBouncer for a server"
                assert len(outcomes) == 2
                assert all(isinstance(outcome, LedgerUnavailable) for outcome in outcomes), outcomes
                assert f"did not answer within {BOUND + STATEMENT_GRACE:g} s" in str(outcomes[0])
            finally:
                server.start()
            # PgBouncer refuses the first query after its failed logins at once ("server login has been failing",
            # the call fails closed) and only then logs in to the server again: a later write goes through
            written = None
            for attempt in range(20):
                try:
                    intent(ledger, f"AFTER{attempt}")
                except LedgerUnavailable:
                    time.sleep(RETRY / 2)
                else:
                    written = f"AFTER{attempt}"
                    break
            assert written is not None, "no write went through PgBouncer after the server's return"
            # every later call on the same ledger goes through: no broken connection went back to its pool
            for n in range(12):
                intent(ledger, f"LATER{n}")
            for txn in (written, "LATER11", "BEFORE"):
                assert ledger.get(txn, MERCHANT) is not None
            # the calls that failed closed wrote nothing, then or once the server was back
            assert ledger.get("DOWN1", MERCHANT) is None
            assert ledger.get("DOWN2", MERCHANT) is None
    finally:
        bouncer.__exit__(None, None, None)
