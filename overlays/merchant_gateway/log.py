"""The one logger of the package, "merchant_gateway", and the only function that writes to it.

Why this module exists: a payment client handles salts, tokens, OTPs, client secrets and base64 payloads that
carry personal data. Funnelling every log line through :func:`log_event`, whose parameters are metadata only
(operation, status, code, attempt, transaction id, wait), makes it structurally impossible to log a secret.
httpx's own "httpx" logger prints request URLs at INFO, and the wallet-balance URL carries the userAuthToken in
its path; :class:`TokenPathRedactor`, attached to that logger once on import, masks it (the only secret that
the interface puts in a URL).
"""

from __future__ import annotations

import json
import logging
import re
import sys
import time
from collections.abc import Mapping
from typing import IO

logger = logging.getLogger("merchant_gateway")

# /v3/account/token/{merchantId}/{userAuthToken}/debit/suggest: mask the token segment wherever it is logged
# (matched through re's own cache: compiled with the first such URL, not at import)
_TOKEN_IN_PATH = r"(/account/token/[^/\s]+/)[^/\s]+"


class TokenPathRedactor(logging.Filter):
    """Masks the userAuthToken of wallet-balance URLs in other libraries' log records (httpx logs URLs)."""

    def filter(self, record: logging.LogRecord) -> bool:
        if record.args and isinstance(record.args, tuple):
            record.args = tuple(
                re.sub(_TOKEN_IN_PATH, r"\1***", str(a)) if "/account/token/" in str(a) else a for a in record.args
            )
        elif isinstance(record.msg, str) and "/account/token/" in record.msg:
            record.msg = re.sub(_TOKEN_IN_PATH, r"\1***", record.msg)
        return True


def _install_redactor(name: str) -> None:
    target = logging.getLogger(name)
    if not any(isinstance(f, TokenPathRedactor) for f in target.filters):
        target.addFilter(TokenPathRedactor())


_install_redactor("httpx")

_MAX = 64


def _clip(value: object) -> object:
    # server-provided codes are short enums; clip anything odd so a hostile answer cannot flood the logs
    return value[:_MAX] if isinstance(value, str) else value


def log_event(
    level: int,
    event: str,
    *,
    operation: str,
    status: int | None = None,
    code: str | None = None,
    attempt: int | None = None,
    transaction_id: str | None = None,
    wait: float | None = None,
    field: str | None = None,
    verdict: str | None = None,
) -> None:
    if not logger.isEnabledFor(level):
        return
    fields = {
        "operation": operation,
        "status": status,
        "code": _clip(code),
        "attempt": attempt,
        "transaction_id": _clip(transaction_id),
        "wait": None if wait is None else round(wait, 3),
        "field": field,
        "verdict": verdict,
    }
    text = " ".join(f"{k}={v}" for k, v in fields.items() if v is not None)
    logger.log(level, "%s %s", event, text, extra={"mgw": {"event": event, **fields}})


# --- the payment ledger's and its reconciler workers' events (docs/operations.md, "The reconciler worker") ------

ledger_logger = logging.getLogger("merchant_gateway.ledger")


def log_ledger_event(
    level: int,
    event: str,
    *,
    worker: str | None = None,
    merchant_id: str | None = None,
    transaction_id: str | None = None,
    code: str | None = None,
    result: str | None = None,
    error_type: str | None = None,
    source: str | None = None,
    state: str | None = None,
    wait: float | None = None,
    down_for: float | None = None,
    attempts: int | None = None,
    exit_status: int | None = None,
    counters: Mapping[str, int] | None = None,
    settings: Mapping[str, str | int | float | bool | None] | None = None,
    exc_info: bool = False,
) -> None:
    """One event of the ledger or a reconciler worker: metadata only (names, ids, codes, counts, an error's type;
    never an error's message, which may quote a database URL's password or an answer). ``settings``: a worker's
    own settings at start (flags, never a URL or a secret). The fields are the record's ``mgw`` attribute."""
    if not ledger_logger.isEnabledFor(level):
        return
    fields: dict[str, object] = {
        "worker": worker,
        "merchant_id": merchant_id,
        "transaction_id": _clip(transaction_id),
        "code": _clip(code),
        "result": result,
        "error_type": error_type,
        "source": source,
        "state": state,
        "wait": None if wait is None else round(wait, 3),
        "down_for": None if down_for is None else round(down_for, 1),
        "attempts": attempts,
        "exit_status": exit_status,
    }
    fields = {k: v for k, v in fields.items() if v is not None}
    if counters is not None:
        fields.update({k: int(v) for k, v in counters.items()})
    if settings is not None:
        fields.update(settings)
    text = " ".join(f"{k}={v}" for k, v in fields.items())
    ledger_logger.log(level, "%s %s", event, text, extra={"mgw": {"event": event, **fields}}, exc_info=exc_info)


class JsonFormatter(logging.Formatter):
    """One JSON object per line: time (UTC, ISO 8601), level, logger, event and the event's fields (a record of
    another library: its message), and the exception's type and traceback when the record carries one."""

    def format(self, record: logging.LogRecord) -> str:
        doc: dict[str, object] = {
            "time": time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(record.created)) + f".{int(record.msecs):03d}Z",
            "level": record.levelname,
            "logger": record.name,
        }
        fields = getattr(record, "mgw", None)
        if isinstance(fields, dict):
            doc.update(fields)
        else:
            doc["message"] = record.getMessage()
        if record.exc_info and record.exc_info[0] is not None:
            doc["exception"] = record.exc_info[0].__qualname__
            doc["traceback"] = self.formatException(record.exc_info)
        return json.dumps(doc, default=str)


class TextFormatter(logging.Formatter):
    """One line per record for people: time, level, logger, message (a message of several lines, as the database
    driver writes during an outage, is joined with `` | ``; a traceback, when a record carries one, follows)."""

    def __init__(self) -> None:
        super().__init__("%(asctime)s %(levelname)s %(name)s %(message)s")

    def formatMessage(self, record: logging.LogRecord) -> str:
        return super().formatMessage(record).replace("\r\n", " | ").replace("\n", " | ")


LOG_FORMATS = ("text", "json")
# other libraries whose records a process of ours writes through the same formatter: the PostgreSQL driver and its
# pool ("psycopg", "psycopg.pool") warn on every failed reconnect, in several plain-text lines, which broke a JSON
# worker's stderr during an outage
DRIVER_LOGGERS = ("psycopg",)


def log_to(stream: IO[str] | None = None, *, level: int = logging.INFO, fmt: str = "text") -> logging.Handler:
    """Send the package's log records (``merchant_gateway`` and below) and the database driver's warnings
    (:data:`DRIVER_LOGGERS`) to ``stream`` (default stderr) as ``text`` lines or ``json`` objects, one per line:
    what ``mgw reconcile --worker`` does. Returns the handler (:func:`stop_logging` removes it)."""
    if fmt not in LOG_FORMATS:
        raise ValueError(f"fmt must be one of {', '.join(LOG_FORMATS)}")
    handler = logging.StreamHandler(stream if stream is not None else sys.stderr)
    handler.setFormatter(JsonFormatter() if fmt == "json" else TextFormatter())
    logger.addHandler(handler)
    logger.setLevel(level)
    for name in DRIVER_LOGGERS:
        driver = logging.getLogger(name)
        driver.addHandler(handler)
        # written here once: not again by a handler of the root logger, nor by logging's last resort (plain text)
        driver.propagate = False
    return handler


def stop_logging(handler: logging.Handler) -> None:
    """Undo :func:`log_to` (the driver's records propagate again)."""
    logger.removeHandler(handler)
    for name in DRIVER_LOGGERS:
        driver = logging.getLogger(name)
        driver.removeHandler(handler)
        if not any(isinstance(h, logging.StreamHandler) for h in driver.handlers):
            driver.propagate = True
