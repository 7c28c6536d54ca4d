"""Fixtures of the ledger tests: both backends on real servers (a SQLite file; a database of its own on the
session's PostgreSQL server, tests/conftest.py's postgres_server, skipped with the reason when none can start), the
sandbox on a manual clock, and a fake wall clock for the ledger. Nothing sleeps: time moves when a test says so."""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from typing import Any

import pytest
from ledger_support import MERCHANT, SALT, FakeClock, settings
from merchant_gateway import Gateway
from merchant_gateway.ledger import Ledger, migrate, open_store

from tests.support.postgres import fresh_database


@pytest.fixture(scope="session")
def postgres_url(postgres_server: Any) -> str:
    """The session's PostgreSQL server (tests/conftest.py); its own database is a ledger too (tests that use it
    directly)."""
    migrate(postgres_server.url)
    return str(postgres_server.url)


@pytest.fixture(params=["sqlite", "postgres"])
def store_url(request: pytest.FixtureRequest, tmp_path: Any) -> str:
    """A new ledger, migrated as a deployment would (an ordinary open never creates the schema)."""
    if request.param == "sqlite":
        url = f"sqlite:///{tmp_path}/ledger.db"
    else:
        url = fresh_database(request.getfixturevalue("postgres_url"))
    migrate(url)
    return url


_run_ids = itertools.count()


@pytest.fixture
def t() -> Any:
    """Transaction ids unique across the tests sharing one sandbox: ``t("PAY1")``."""
    run = next(_run_ids)
    return lambda name: f"{name}X{run}"


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture
def make_ledger(store_url: str, clock: FakeClock) -> Iterator[Any]:
    made: list[Ledger] = []

    def make(**kwargs: Any) -> Ledger:
        kwargs.setdefault("clock", clock)
        kwargs.setdefault("sleep", clock.sleep)
        kwargs.setdefault("monotonic", clock)  # time that passes moves both; a test that jumps gives its own
        ledger = Ledger(open_store(store_url), **kwargs)
        made.append(ledger)
        return ledger

    yield make
    for ledger in made:
        ledger.close()


@pytest.fixture
def ledger(make_ledger: Any) -> Ledger:
    ledger: Ledger = make_ledger()
    return ledger


@pytest.fixture(scope="module")
def sandbox() -> Iterator[Any]:
    sb = pytest.importorskip("merchant_gateway_sandbox")
    with sb.start_sandbox(
        port=0, merchant_id=MERCHANT, salts={"1": SALT}, settle_after=5.0, clock=sb.ManualClock()
    ) as running:
        yield running


@pytest.fixture
def gateway(sandbox: Any, ledger: Ledger) -> Iterator[Gateway]:
    sandbox.sandbox.faults.clear()
    with Gateway(**settings(sandbox), observer=ledger.observer) as gw:
        yield gw
    sandbox.sandbox.faults.clear()


@pytest.fixture
def own_postgres() -> Iterator[Any]:
    """A PostgreSQL server of this test's own, migrated, for tests that stop, restart or break it (doing that to the
    session's server would break the other tests' connections)."""
    pytest.importorskip("psycopg_pool")
    from merchant_gateway.ledger.testing import PostgresUnavailable, local_postgres

    manager = local_postgres()
    try:
        server = manager.__enter__()
    except PostgresUnavailable as exc:
        pytest.skip(str(exc))
    try:
        Ledger.migrate(server.url)
        yield server
    finally:
        manager.__exit__(None, None, None)
