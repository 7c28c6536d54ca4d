"""merchant_gateway.log: the package's one logger, whose writers take metadata only; the token masked in httpx's
URL lines; the worker's text and JSON lines (log_to). (The database driver's records through log_to, from a real
PostgreSQL outage, are tests/unit/ledger/test_driver_logs.py.)"""

from __future__ import annotations

import io
import json
import logging
import sys
from collections.abc import Iterator

import pytest
from merchant_gateway import log as mg_log
from merchant_gateway.log import JsonFormatter, TextFormatter, log_event, log_ledger_event, log_to, stop_logging

TOKEN = "UAT-8f1c0e-secret"
WALLET_URL = f"https://gw.example/v3/account/token/M1/{TOKEN}/debit/suggest"


@pytest.fixture
def levels() -> Iterator[None]:
    """log_to sets the package logger's level: put it back."""
    loggers = [mg_log.logger, mg_log.ledger_logger, logging.getLogger("psycopg")]
    before = [(lg.level, lg.propagate) for lg in loggers]
    yield
    for lg, (level, propagate) in zip(loggers, before, strict=True):
        lg.setLevel(level)
        lg.propagate = propagate


def test_httpx_url_lines_have_the_wallet_token_masked(caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.INFO, logger="httpx")
    logging.getLogger("httpx").info('HTTP Request: %s %s "%s"', "GET", WALLET_URL, "HTTP/1.1 200 OK")
    logging.getLogger("httpx").info(f"plain message {WALLET_URL}")
    text = "\n".join(r.getMessage() for r in caplog.records)
    assert TOKEN not in text
    assert text.count("/v3/account/token/M1/***/debit/suggest") == 2


def test_log_event_writes_metadata_with_a_hostile_code_clipped(caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.INFO, logger="merchant_gateway")
    log_event(logging.INFO, "retry", operation="debitV3", status=503, code="X" * 500, attempt=2, wait=1.23456)
    (record,) = caplog.records
    assert record.getMessage() == f"retry operation=debitV3 status=503 code={'X' * 64} attempt=2 wait=1.235"
    assert record.mgw == {  # type: ignore[attr-defined]
        "event": "retry",
        "operation": "debitV3",
        "status": 503,
        "code": "X" * 64,
        "attempt": 2,
        "transaction_id": None,
        "wait": 1.235,
        "field": None,
        "verdict": None,
    }


def test_nothing_is_built_below_the_loggers_level(caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.WARNING, logger="merchant_gateway")
    log_event(logging.INFO, "answer", operation="debitV3")
    log_ledger_event(logging.INFO, "recorded", transaction_id="TX1")
    assert caplog.records == []


def test_a_ledger_event_keeps_only_the_fields_given_and_its_counters(caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.INFO, logger="merchant_gateway.ledger")
    log_ledger_event(logging.INFO, "sweep", worker="w1", down_for=12.345, counters={"checked": 3, "final": True})
    (record,) = caplog.records
    assert record.mgw == {"event": "sweep", "worker": "w1", "down_for": 12.3, "checked": 3, "final": 1}  # type: ignore[attr-defined]
    assert record.getMessage() == "sweep worker=w1 down_for=12.3 checked=3 final=1"


def test_json_lines_carry_the_events_fields_and_an_exceptions_type(levels: None) -> None:
    out = io.StringIO()
    handler = log_to(out, fmt="json")
    try:
        log_event(logging.WARNING, "gave up", operation="debitV3", transaction_id="TX9")
        try:
            raise TimeoutError("the answer did not come")
        except TimeoutError:
            log_ledger_event(logging.ERROR, "read failed", transaction_id="TX9", exc_info=True)
    finally:
        stop_logging(handler)
    first, second = (json.loads(line) for line in out.getvalue().splitlines())
    assert first["time"].endswith("Z")
    assert {k: v for k, v in first.items() if k != "time"} == {
        "level": "WARNING",
        "logger": "merchant_gateway",
        "event": "gave up",
        "operation": "debitV3",
        "status": None,
        "code": None,
        "attempt": None,
        "transaction_id": "TX9",
        "wait": None,
        "field": None,
        "verdict": None,
    }
    assert second["logger"] == "merchant_gateway.ledger"
    assert second["exception"] == "TimeoutError"
    assert "raise TimeoutError" in second["traceback"]


def test_text_lines_join_a_message_of_several_lines(levels: None) -> None:
    out = io.StringIO()
    handler = log_to(out, fmt="text")
    try:
        logging.getLogger("psycopg").warning("connection failed:\nserver closed the connection\r\nunexpectedly")
    finally:
        stop_logging(handler)
    (line,) = out.getvalue().splitlines()
    assert line.endswith("WARNING psycopg connection failed: | server closed the connection | unexpectedly")


def test_the_drivers_records_are_written_once_while_logging_and_propagate_again_after(levels: None) -> None:
    driver = logging.getLogger("psycopg")
    handler = log_to(io.StringIO())
    assert handler in driver.handlers
    assert driver.propagate is False
    stop_logging(handler)
    assert handler not in driver.handlers
    assert driver.propagate is True


def test_an_unknown_format_is_refused_naming_the_ones_there_are() -> None:
    with pytest.raises(ValueError, match="fmt must be one of text, json"):
        log_to(sys.stderr, fmt="xml")


def test_the_formatters_read_records_of_other_libraries_by_their_message() -> None:
    record = logging.LogRecord("httpx", logging.INFO, __file__, 1, "GET %s", ("https://gw.example/x",), None)
    doc = json.loads(JsonFormatter().format(record))
    assert doc["message"] == "GET https://gw.example/x"
    assert "event" not in doc
    assert TextFormatter().format(record).endswith("INFO httpx GET https://gw.example/x")
