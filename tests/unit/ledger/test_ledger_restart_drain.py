"""A PostgreSQL restart met by several ledger calls at once drains the store's pool once, not once per call.

After a restart every idle pooled connection is stale; the first call whose connection fails the pool's check drains
the pool (store._check_connection), so the others are replaced at once instead of failing one by one with a growing
back-off. Every call that met a stale connection used to drain too (measured here before the fix: two to six drains
per restart with four to eight calls at once), and a drain after the first closes the connections the first one has
just made. A real server of the test's own, restarted while the calls are idle; the calls start together (a barrier)
and each holds its connection until all hold one, so each meets a different stale connection."""

from __future__ import annotations

import threading
from typing import Any

import pytest
from merchant_gateway.ledger.store import PostgresStore

CALLS = 6  # calls at once, and the pool's size: every pooled connection is met by one call
RESTARTS = 3


def all_at_once(store: PostgresStore) -> list[BaseException | None]:
    """CALLS transactions at once, each holding its connection until every one holds one; their outcomes."""
    together = threading.Barrier(CALLS)
    outcomes: list[BaseException | None] = []

    def call() -> None:
        try:
            together.wait(30)
            with store.transaction() as tx:
                tx.execute("SELECT 1 AS one")
                together.wait(30)
            outcomes.append(None)
        except BaseException as exc:  # noqa: BLE001 - reported by the caller's assertion
            outcomes.append(exc)

    threads = [threading.Thread(target=call, daemon=True) for _ in range(CALLS)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(60)
    assert not any(thread.is_alive() for thread in threads), "a ledger call still runs"
    return outcomes


@pytest.mark.timeout(240)
def test_a_restart_met_by_several_calls_at_once_drains_the_pool_once(own_postgres: Any) -> None:
    server = own_postgres
    store = PostgresStore(server.url, min_size=CALLS, max_size=CALLS, timeout=10.0)
    try:
        assert all_at_once(store) == [None] * CALLS  # CALLS pooled connections, each used
        for restart in range(RESTARTS):
            drains = store.drains
            server.stop()
            server.start()
            outcomes = all_at_once(store)
            assert outcomes == [None] * CALLS, f"restart {restart}: {outcomes}"
            assert store.drains == drains + 1, f"restart {restart}: {store.drains - drains} drains"
        # the connections made after the last restart serve as they are: no call meets a stale one, none drains
        drains = store.drains
        assert all_at_once(store) == [None] * CALLS
        assert store.drains == drains
    finally:
        store.close()
