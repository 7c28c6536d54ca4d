"""Fixtures of the ledger tests: both backends on real servers (a SQLite file; a PostgreSQL server started here
from the installed binaries, skipped with the reason when it cannot be), the sandbox on a manual clock, and a fake
wall clock for the ledger. Nothing sleeps: time moves when a test says so."""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from typing import Any

import pytest
from ledger_support import MERCHANT, SALT, FakeClock, settings
from merchant_gateway import Gateway
from merchant_gateway.ledger import Ledger, migrate, open_store


@pytest.fixture(scope="session")
def postgres_url() -> Iterator[str]:
    try:
        import psycopg  # noqa: F401
        import psycopg_pool  # noqa: F401
    except ImportError:
        pytest.skip("psycopg is not installed (extra 'postgres'): PostgreSQL ledger tests skipped")
    from merchant_gateway.ledger.testing import PostgresUnavailable, local_postgres

    manager = local_postgres()
    try:
        server = manager.__enter__()
    except PostgresUnavailable as exc:
        pytest.skip(str(exc))
    try:
        migrate(server.url)  # the server's own database is a ledger too (tests that use it directly)
        yield server.url
    finally:
        manager.__exit__(None, None, None)


_dbs = itertools.count()


def fresh_postgres_db(server_url: str) -> str:
    import psycopg

    name = f"mgw_t{next(_dbs)}"
    with psycopg.connect(server_url, autocommit=True) as conn:
        conn.execute(f"CREATE DATABASE {name}")
    return server_url.rsplit("/", 1)[0] + "/" + name


@pytest.fixture(params=["sqlite", "postgres"])
def store_url(request: pytest.FixtureRequest, tmp_path: Any) -> str:
    """A new ledger, migrated as a deployment would (an ordinary open never creates the schema)."""
    if request.param == "sqlite":
        url = f"sqlite:///{tmp_path}/ledger.db"
    else:
        url = fresh_postgres_db(request.getfixturevalue("postgres_url"))
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
