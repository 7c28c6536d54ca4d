"""The one logger of the package, "merchant_gateway", and the only function that writes to it.

Why this module exists: a payment client handles salts, tokens, OTPs, client secrets and base64 payloads that
carry personal data. Funnelling every log line through :func:`log_event`, whose parameters are metadata only
(operation, status, code, attempt, transaction id, wait), makes it structurally impossible to log a secret.
httpx's own "httpx" logger prints request URLs at INFO, and the wallet-balance URL carries the userAuthToken in
its path; :class:`TokenPathRedactor`, attached to that logger once on import, masks it (the only secret that
the interface puts in a URL).
"""

from __future__ import annotations

import logging
import re

logger = logging.getLogger("merchant_gateway")

# /v3/account/token/{merchantId}/{userAuthToken}/debit/suggest: mask the token segment wherever it is logged
_TOKEN_IN_PATH = re.compile(r"(/account/token/[^/\s]+/)[^/\s]+")


class TokenPathRedactor(logging.Filter):
    """Masks the userAuthToken of wallet-balance URLs in other libraries' log records (httpx logs URLs)."""

    def filter(self, record: logging.LogRecord) -> bool:
        if record.args and isinstance(record.args, tuple):
            record.args = tuple(
                _TOKEN_IN_PATH.sub(r"\1***", str(a)) if "/account/token/" in str(a) else a for a in record.args
            )
        elif isinstance(record.msg, str) and "/account/token/" in record.msg:
            record.msg = _TOKEN_IN_PATH.sub(r"\1***", record.msg)
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
    logger.log(level, "%s %s", event, text, extra={"mgw": fields})
