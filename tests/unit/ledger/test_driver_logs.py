"""Every line a worker writes goes through its formatter (issue 34): the PostgreSQL driver's pool warns on every
failed reconnect in several plain-text lines, which broke a ``--log-format json`` worker's stderr during an
outage. A real pool against a port nothing listens on produces those warnings here."""

from __future__ import annotations

import io
import json
import logging
import time

import pytest
from merchant_gateway.log import TextFormatter, log_to, stop_logging

from tests.support.ports import refusing_port


def _pool_warnings(stream: io.StringIO) -> list[str]:
    """The lines written while a real pool fails to connect (until it has warned at least once)."""
    pool_mod = pytest.importorskip("psycopg_pool")
    with refusing_port() as port:
        pool = pool_mod.ConnectionPool(
            f"postgresql://nobody@127.0.0.1:{port}/none", min_size=1, open=False, kwargs={"connect_timeout": 1}
        )
        pool.open(wait=False)
        try:
            deadline = time.monotonic() + 60
            while "psycopg.pool" not in stream.getvalue() and time.monotonic() < deadline:
                time.sleep(0.05)
        finally:
            pool.close()
    return stream.getvalue().splitlines()


def test_the_drivers_warnings_are_json_lines_in_a_json_worker() -> None:
    stream = io.StringIO()
    handler = log_to(stream, fmt="json")
    try:
        lines = _pool_warnings(stream)
    finally:
        stop_logging(handler)
    docs = [json.loads(line) for line in lines]  # every line parses
    pool = [d for d in docs if d["logger"].startswith("psycopg")]
    assert pool, lines
    assert all(d["level"] in ("WARNING", "ERROR", "INFO") for d in pool)
    assert all(d["time"].endswith("Z") for d in docs)
    assert logging.getLogger("psycopg").propagate  # as it was once the worker stops


def test_a_drivers_message_of_several_lines_is_one_text_line() -> None:
    record = logging.LogRecord(
        "psycopg.pool", logging.WARNING, __file__, 1, "error connecting:\nIs the server up?", (), None
    )
    assert "\n" not in TextFormatter().format(record)
    assert "error connecting: | Is the server up?" in TextFormatter().format(record)
    stream = io.StringIO()
    handler = log_to(stream, fmt="text")
    try:
        logging.getLogger("psycopg.pool").warning("first line\nsecond line")
    finally:
        stop_logging(handler)
    (line,) = stream.getvalue().splitlines()
    assert line.endswith("WARNING psycopg.pool first line | second line")
