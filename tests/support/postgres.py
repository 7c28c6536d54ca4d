"""PostgreSQL for the tests: a throwaway server from the installed binaries (merchant_gateway.ledger.testing), the
test skipped with the reason where none can start, and a database of its own on a server for each test or module
that needs one (so one server per test process serves every folder: tests/conftest.py's postgres_server)."""

from __future__ import annotations

import contextlib
import itertools
import logging
import threading
from collections.abc import Iterator
from typing import Any

import pytest

# Database names unique on a server this process uses: one counter for every folder sharing it.
_names = itertools.count()


@contextlib.contextmanager
def postgres_or_skip(**options: Any) -> Iterator[Any]:
    """A server of its own (local_postgres with ``options``), stopped and deleted afterwards; the test is skipped,
    saying why, where psycopg or the server binaries are missing."""
    pytest.importorskip("psycopg", reason="psycopg is not installed (extra 'postgres'): PostgreSQL tests skipped")
    pytest.importorskip("psycopg_pool", reason="psycopg is not installed (extra 'postgres'): PostgreSQL tests skipped")
    from merchant_gateway.ledger.testing import PostgresUnavailable, local_postgres

    manager = local_postgres(**options)
    try:
        server = manager.__enter__()
    except PostgresUnavailable as exc:
        pytest.skip(str(exc))
    try:
        yield server
    finally:
        manager.__exit__(None, None, None)


def fresh_database(server_url: str, prefix: str = "mgw_t") -> str:
    """A new, empty database on the server at ``server_url``; its URL."""
    import psycopg

    name = f"{prefix}{next(_names)}"
    with psycopg.connect(server_url, autocommit=True) as conn:
        conn.execute(f"CREATE DATABASE {name}")
    return server_url.rsplit("/", 1)[0] + "/" + name


class _GaveUp(logging.Handler):
    def __init__(self, pool_name: str) -> None:
        super().__init__()
        self.text, self.seen = f"reconnection attempt in pool {pool_name!r} failed", threading.Event()

    def emit(self, record: logging.LogRecord) -> None:
        if record.getMessage().startswith(self.text):
            self.seen.set()


@contextlib.contextmanager
def pool_gave_up(pool_name: str) -> Iterator[threading.Event]:
    """An event set once a series of reconnection tries of the psycopg_pool named ``pool_name`` gives up (its warning
    "reconnection attempt in pool '<name>' failed"): a test waits for that instead of guessing a time. Reworded by a
    later psycopg_pool, the event is never set and the test's wait fails saying so."""
    handler = _GaveUp(pool_name)
    log = logging.getLogger("psycopg.pool")
    log.addHandler(handler)
    try:
        yield handler.seen
    finally:
        log.removeHandler(handler)
