"""The ledger behind PgBouncer in transaction pooling mode (issue 34): Debian's pgbouncer, started here in front of a
real PostgreSQL server with its startup parameters at their defaults (it refuses unknown ones such as ``options``),
and the ledger's URL saying ``?pool_mode=transaction``. Every kind of ledger transaction goes through it: write-ahead,
attempts, answers, claims and checks, hooks, heartbeats, the shared rate ceiling and token cache, settings."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from typing import Any

import pytest
from ledger_support import MERCHANT, FakeClock
from merchant_gateway.errors import ConfigurationError
from merchant_gateway.ledger import FINAL, Ledger, RateLimit, admin


@pytest.fixture(scope="module")
def bouncer() -> Iterator[Any]:
    pytest.importorskip("psycopg_pool")
    from merchant_gateway.ledger.testing import PostgresUnavailable, local_pgbouncer, local_postgres

    try:
        with local_postgres() as server, local_pgbouncer(server, pool_size=2) as running:
            Ledger.migrate(server.url)  # a deploy step, on a direct connection
            yield running
    except PostgresUnavailable as exc:
        pytest.skip(str(exc))


def test_the_ledger_works_behind_pgbouncer_in_transaction_mode(bouncer: Any) -> None:
    assert bouncer.url.endswith("?pool_mode=transaction")
    ran: list[str] = []
    clock = FakeClock()
    with Ledger.open(bouncer.url, on_final=lambda p: ran.append(p.transaction_id), clock=clock) as ledger:
        assert ledger.store.pool_mode == "transaction"

        def payments(n: int, prefix: str) -> None:  # several threads: server connections change hands
            for i in range(n):
                txn = f"{prefix}{i}"
                ledger.record_intent(merchant_id=MERCHANT, transaction_id=txn, operation="debitV4Web", amount=100)
                ledger.record_attempt(MERCHANT, txn)
                ledger.record_answer(MERCHANT, txn, "PAYMENT_PENDING")

        threads = [threading.Thread(target=payments, args=(20, f"PB{k}X")) for k in range(4)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(60)
        assert ledger.counts(MERCHANT)["accepted"] == 80
        clock.advance(3600)
        claims = ledger.claim_due(MERCHANT, limit=5, lease=60)
        assert len(claims) == 5
        answer = {
            "success": True,
            "code": "PAYMENT_SUCCESS",
            "data": {"merchantId": MERCHANT, "transactionId": claims[0].payment.transaction_id, "amount": 100},
        }
        assert ledger.finish_check(claims[0], answer=answer) == "final"
        assert ledger.finish_check(claims[1], error="INTERNAL_SERVER_ERROR") == "open"
        assert ran == [claims[0].payment.transaction_id]
        assert ledger.get(claims[0].payment.transaction_id, MERCHANT).state == FINAL  # type: ignore[union-attr]
        ledger.worker_beat({"checks": 2}, merchant_id=MERCHANT)
        assert [w.name for w in ledger.workers()] == [ledger.owner]
        history = admin.history(ledger, claims[1].payment.transaction_id)
        assert history is not None
        assert history.events[-1].source == "status"


def test_the_shared_rate_ceiling_and_token_cache_behind_pgbouncer(bouncer: Any) -> None:
    with Ledger.open(bouncer.url, rate_limit=RateLimit(1000, 1.0), replace_settings=True) as ledger:
        limiter = ledger.limiter
        assert limiter is not None
        for _ in range(50):
            limiter.acquire()
    with Ledger.open(bouncer.url) as again:  # the stored ceiling, read through PgBouncer too
        assert again.settings["rate_limit.limit"] == "1000"


def test_a_pool_mode_that_is_not_one_is_refused_naming_the_values(bouncer: Any) -> None:
    with pytest.raises(ConfigurationError) as caught:
        Ledger.open(bouncer.url.replace("transaction", "statement"))
    assert "pool_mode must be given once, one of session, transaction" in str(caught.value)
