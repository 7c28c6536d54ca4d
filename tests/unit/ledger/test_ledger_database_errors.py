"""Every database failure reaches the ledger's callers as LedgerUnavailable, and a PostgreSQL restart costs nothing
once the server is back (issue 23: after a restart, stale pooled connections made ``payments.start`` raise
``AdminShutdown`` and callbacks answer 503 and 200 in turn).

The restart test runs its own server (restarting the session's would break the other tests' connections)."""

from __future__ import annotations

import asyncio
import threading
from typing import Any

import pytest
from ledger_support import MERCHANT, SALT, settings
from merchant_gateway import AsyncGateway, Gateway
from merchant_gateway.callbacks import CallbackVerifier
from merchant_gateway.errors import ConfigurationError
from merchant_gateway.ledger import ACCEPTED, CallbackHandler, Ledger, LedgerUnavailable
from test_callbacks_and_shared import signed

from tests.support.ports import refusing_port

POOLED = 4  # connections held open at once before the restart: each one is stale afterwards
BACK = "https://shop.example/return"


def fill_the_pool(ledger: Ledger, n: int) -> None:
    """``n`` transactions open at once, so the pool holds ``n`` connections when they end."""
    together = threading.Barrier(n)

    def hold() -> None:
        with ledger.store.transaction() as tx:
            together.wait(30)
            tx.execute("SELECT 1")

    threads = [threading.Thread(target=hold) for _ in range(n)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(60)


def test_after_a_postgres_restart_starts_and_callbacks_succeed_every_time(
    own_postgres: Any, sandbox: Any, t: Any
) -> None:
    server = own_postgres
    ledger = Ledger.open(server.url, timeout=5.0)
    handler = CallbackHandler(ledger, CallbackVerifier({"1": SALT}, MERCHANT))
    try:
        fill_the_pool(ledger, POOLED)
        server._run("pg_ctl", "-D", server.datadir, "-m", "fast", "-w", "restart")
        answers = []
        with Gateway(**settings(sandbox), observer=ledger.observer) as gw:
            for i in range(POOLED + 2):  # more calls than stale connections: each would have met one
                txn = t(f"RESTART{i}")
                gw.payments.start(
                    amount=100 + i, transaction_id=txn, merchant_order_id="O", merchant_user_id="U", redirect_url=BACK
                )
                answers.append(handler.handle(*signed(txn, "PAYMENT_SUCCESS", 100 + i)).status)
        assert answers == [200] * (POOLED + 2)  # never a 503 from a stale connection

        fill_the_pool(ledger, POOLED)
        server._run("pg_ctl", "-D", server.datadir, "-m", "fast", "-w", "restart")

        async def start_async() -> list[str]:
            async with AsyncGateway(**settings(sandbox), observer=ledger.observer) as agw:
                for i in range(POOLED + 2):
                    await agw.payments.start(
                        amount=200 + i,
                        transaction_id=t(f"ARESTART{i}"),
                        merchant_order_id="O",
                        merchant_user_id="U",
                        redirect_url=BACK,
                    )
            return [ledger.get(t(f"ARESTART{i}"), MERCHANT).state for i in range(POOLED + 2)]  # type: ignore[union-attr]

        assert asyncio.run(start_async()) == [ACCEPTED] * (POOLED + 2)
    finally:
        ledger.close()


def test_a_postgres_server_that_is_down_is_named_with_its_own_reason() -> None:
    """Opening a ledger on a server that refuses connections fails at once with the driver's reason in our error,
    not after the pool's whole wait as "couldn't get a connection"."""
    pytest.importorskip("psycopg_pool")
    with refusing_port() as port, pytest.raises(LedgerUnavailable) as caught:
        Ledger.open(f"postgresql://postgres:not-shown-9c1@127.0.0.1:{port}/postgres", timeout=2.0)
    message = str(caught.value)
    assert "Connection refused" in message
    assert "PoolTimeout" not in message
    assert message.endswith("settled by the reconciler once the database is back")  # said in full, never cut
    assert "not-shown-9c1" not in message
    assert "\n" not in message


def test_a_sqlite_file_that_does_not_exist_is_never_created_by_an_open(tmp_path: Any) -> None:
    """A mistyped path used to start a new, empty ledger that no other process saw."""
    with pytest.raises(ConfigurationError) as caught:
        Ledger.open(f"sqlite:///{tmp_path}/no-such-folder/ledger.db", timeout=1.0)
    assert "holds no ledger" in str(caught.value)
    assert "mgw ledger migrate" in str(caught.value)
    with pytest.raises(ConfigurationError) as caught:
        Ledger.migrate(f"sqlite:///{tmp_path}/no-such-folder/ledger.db", timeout=1.0)
    assert "folder of the SQLite file does not exist" in str(caught.value)
    with pytest.raises(ConfigurationError):
        Ledger.open(f"sqlite:///{tmp_path}/ledger.db", timeout=1.0)
    assert not (tmp_path / "ledger.db").exists()


def test_a_password_the_driver_quotes_is_masked_and_its_exception_not_kept() -> None:
    """libpq quotes a malformed password in its message (spaces in it): neither our message nor the exception chain
    a log would print carries it."""
    pytest.importorskip("psycopg_pool")
    with pytest.raises(LedgerUnavailable) as caught:
        Ledger.open("postgresql://shop:open sesame@127.0.0.1:1/shop", timeout=1.0)
    assert "open sesame" not in str(caught.value)
    assert "***" in str(caught.value)
    assert caught.value.__cause__ is None
    assert caught.value.__suppress_context__
