"""A JSON worker through a database outage, end to end (issue 34): `mgw reconcile --worker --log-format json`, serving
two merchants from a merchants file, on a PostgreSQL server of its own that is stopped and started again. Every
stderr line parses as JSON (the database driver's reconnect warnings included), the worker says the database went
away and came back, and it settles the payments open through the outage and those written after it.

The run is soak/ledger_outage.py's (``run(outage=...)``); here with a short outage, the issue's 60 s one is a soak
step (``python soak/ledger_outage.py --outage 60``). Waits are bounded; no duration is asserted."""

from __future__ import annotations

import pytest

OUTAGE = 4.0  # seconds: past several heartbeats (1 s) and a few of the pool's reconnection tries


@pytest.mark.timeout(600)
def test_a_json_worker_speaks_json_through_an_outage_and_settles_payments_after_it() -> None:
    pytest.importorskip("psycopg_pool")
    pytest.importorskip("merchant_gateway_sandbox")
    from merchant_gateway.ledger.testing import PostgresUnavailable

    from soak.ledger_outage import run

    try:
        report = run(outage=OUTAGE, per_merchant=2, settle_bound=120.0)
    except PostgresUnavailable as exc:
        pytest.skip(str(exc))
    assert report.not_json == []
    assert report.lines > 0
    assert report.events.get("worker.started") == 1
    assert report.events.get("database.unavailable", 0) >= 1
    assert report.events.get("database.recovered", 0) >= 1
    assert report.events.get("worker.stopped") == 1
    assert report.settled == {"before": True, "through": True, "after": True}
    assert report.open_left == []
    assert report.exit_status == 0
    assert not report.secrets_seen
    assert report.problems == []
