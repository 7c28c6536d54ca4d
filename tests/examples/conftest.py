"""Fixtures of the example shop's tests: a database of the module's own on the session's throwaway PostgreSQL server
(tests/conftest.py; skipped with the reason when none can start) and the embedded sandbox on a free loopback port."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from tests.support.postgres import fresh_database


@pytest.fixture(scope="module")
def postgres_url(postgres_server: Any) -> str:
    """A database of the module's own on the session's PostgreSQL server (tests/conftest.py)."""
    return fresh_database(postgres_server.url, "mgw_shop")


@pytest.fixture(scope="module")
def sandbox() -> Iterator[Any]:
    sb = pytest.importorskip("merchant_gateway_sandbox")
    from run_example import MERCHANT, SALT

    with sb.start_sandbox(port=0, merchant_id=MERCHANT, salts={"1": SALT}, settle_after=0.5) as running:
        yield running
