"""Fixtures of the example shop's tests: a throwaway PostgreSQL server from the installed binaries (skipped with
the reason when it cannot be started) and the embedded sandbox on a free loopback port."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest


@pytest.fixture(scope="module")
def postgres_url() -> Iterator[str]:
    pytest.importorskip("psycopg_pool", reason="psycopg is not installed (extra 'postgres')")
    from merchant_gateway.ledger.testing import PostgresUnavailable, local_postgres

    manager = local_postgres()
    try:
        server = manager.__enter__()
    except PostgresUnavailable as exc:
        pytest.skip(str(exc))
    try:
        yield server.url
    finally:
        manager.__exit__(None, None, None)


@pytest.fixture(scope="module")
def sandbox() -> Iterator[Any]:
    sb = pytest.importorskip("merchant_gateway_sandbox")
    from run_example import MERCHANT, SALT

    with sb.start_sandbox(port=0, merchant_id=MERCHANT, salts={"1": SALT}, settle_after=0.5) as running:
        yield running
