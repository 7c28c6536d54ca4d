"""After a PostgreSQL outage the ledger serves again at once (issue 34): the pool's reconnection back-off (1, 2, 4,
8 s... while the server is down) no longer decides when the first write after the outage may run, and readiness
says what a ledger call would meet meanwhile. A real server, stopped and started again (its own: stopping the
session's would break the other tests' connections).

No timing is measured here: the ledger's own database bound (``timeout``) is the property. A write that had to wait
for an old back-off would not get a connection within it and would raise LedgerUnavailable. How long the first
write after an outage takes is a figure of ``make bench-ledger``."""

from __future__ import annotations

import threading
import time
from typing import Any

import pytest
from ledger_support import MERCHANT
from merchant_gateway.ledger import Ledger, LedgerUnavailable
from merchant_gateway.ledger.health import CRITICAL, OK, readiness
from merchant_gateway.ledger.store import RECONNECT_WITHIN

from tests.support.postgres import pool_log

BOUND = 2.0  # the ledger's database bound in this test: every wait of one ledger call
OUTAGE = 9.0  # long enough for the pool's back-off to reach 8 s between tries


def intent(ledger: Ledger, txn: str) -> None:
    ledger.record_intent(merchant_id=MERCHANT, transaction_id=txn, operation="debitV4Web", amount=100)


@pytest.mark.timeout(180)
def test_the_first_write_after_an_outage_needs_no_old_back_off_and_readiness_tells_the_truth(
    own_postgres: Any,
) -> None:
    server = own_postgres
    with Ledger.open(server.url, timeout=BOUND) as ledger:
        intent(ledger, "BEFORE")
        server.stop()
        # the outage: the web process keeps trying (each try fails within the bound, never hangs)
        failed = 0
        ends = time.monotonic() + OUTAGE
        while time.monotonic() < ends:
            with pytest.raises(LedgerUnavailable):
                intent(ledger, f"DOWN{failed}")
            failed += 1
            assert readiness(ledger, timeout=BOUND * 2).checks[0].status == CRITICAL
        assert failed >= 2
        server.start()
        # readiness's probe is a ledger transaction: it passes only when a write would
        assert readiness(ledger, timeout=BOUND * 2).checks[0].status == OK
        intent(ledger, "AFTER1")  # within the bound, else LedgerUnavailable
        intent(ledger, "AFTER2")
        assert ledger.get("AFTER1", MERCHANT) is not None
        assert ledger.get("BEFORE", MERCHANT) is not None


@pytest.mark.timeout(180)
def test_the_first_write_after_an_outage_with_no_request_meanwhile_needs_no_old_back_off(
    own_postgres: Any,
) -> None:
    server = own_postgres
    with Ledger.open(server.url, timeout=BOUND) as ledger:
        intent(ledger, "QUIET0")
        server.stop()
        with pytest.raises(LedgerUnavailable):
            intent(ledger, "QUIET1")  # one failure starts the pool's reconnection tries
        time.sleep(OUTAGE)  # the outage itself: nobody asks for the ledger meanwhile
        server.start()
        intent(ledger, "QUIET2")  # within the bound, else LedgerUnavailable
        assert ledger.get("QUIET2", MERCHANT) is not None


@pytest.mark.timeout(180)
def test_a_call_waiting_through_an_outage_is_served_once_the_server_is_back(own_postgres: Any) -> None:
    """A ledger call that asks for a connection during an outage waits for one up to its timeout. Each series of
    reconnection tries gives up after RECONNECT_WITHIN; the call must not be left waiting for a new request to start
    the next series: once the server is back, it gets its connection and writes."""
    server = own_postgres
    # the waiting call's bound, 60 s: well past the outage
    with pool_log("mgw-ledger") as logged, Ledger.open(server.url, timeout=60.0) as ledger:
        intent(ledger, "BEFORE")
        server.stop()
        outcome: list[BaseException | None] = []

        def waiting_call() -> None:
            try:
                intent(ledger, "WAITED")
                outcome.append(None)
            except BaseException as exc:  # noqa: BLE001 - reported by the assertion below
                outcome.append(exc)

        caller = threading.Thread(target=waiting_call)
        caller.start()
        # a series of tries gave up while the call waits (each lasts RECONNECT_WITHIN); only then the server
        # comes back, with no other ledger call made
        assert logged.gave_up_event.wait(30), "no series of reconnection tries gave up within 30 s"
        assert RECONNECT_WITHIN <= 2.0
        server.start()
        caller.join(90)
        assert outcome == [None]
        assert ledger.get("WAITED", MERCHANT) is not None
