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


class PoolLog(logging.Handler):
    """What psycopg_pool logged about the pool named ``pool``: its connection tries ("error connecting in '<name>'"),
    its series of tries that gave up ("reconnection attempt in pool '<name>' failed"; ``gave_up_event`` set at the
    first) and maintenance tasks that raised in its workers ("task run ... failed"). A test waits for these lines
    instead of guessing a time; reworded by a later psycopg_pool, the counts stay 0 and the test fails saying so."""

    def __init__(self, pool: str) -> None:
        super().__init__()
        self._try = f"error connecting in {pool!r}"
        self._gave_up = f"reconnection attempt in pool {pool!r} failed"
        self.tries = 0
        self.gave_up = 0
        self.gave_up_event = threading.Event()
        self.failed_tasks: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        message = record.getMessage()
        if message.startswith(self._try):
            self.tries += 1
        elif message.startswith(self._gave_up):
            self.gave_up += 1
            self.gave_up_event.set()
        elif message.startswith("task run"):
            self.failed_tasks.append(message.splitlines()[0])


@contextlib.contextmanager
def pool_log(pool: str) -> Iterator[PoolLog]:
    """A PoolLog on psycopg_pool's logger for as long as the block runs."""
    handler = PoolLog(pool)
    log = logging.getLogger("psycopg.pool")
    log.addHandler(handler)
    try:
        yield handler
    finally:
        log.removeHandler(handler)
