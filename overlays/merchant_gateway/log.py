"""The one logger of the package, "merchant_gateway", and the only function that writes to it.

Why this module exists: a payment client handles salts, tokens, OTPs, client secrets and base64 payloads that
carry personal data. Funnelling every log line through :func:`log_event`, whose parameters are metadata only
(operation, status, code, attempt, transaction id, wait), makes it structurally impossible to log a secret.
Note: httpx's own "httpx" logger (INFO) prints request URLs; the wallet-balance URL contains the userAuthToken,
so keep the "httpx" logger above INFO in production.
"""

from __future__ import annotations

import logging

logger = logging.getLogger("merchant_gateway")

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
    }
    text = " ".join(f"{k}={v}" for k, v in fields.items() if v is not None)
    logger.log(level, "%s %s", event, text, extra={"mgw": fields})
