"""OpenTelemetry semantic-convention values this package computes without importing OpenTelemetry.

Why this module exists: the ledger and its reconciler tell the optional telemetry (``merchant_gateway.telemetry``)
how a read or a hook failed, and a process without OpenTelemetry must not import it to do so. One vocabulary for
``error.type`` everywhere, as the conventions say: the fully qualified class name of the exception that ended the
operation; on an HTTP client span that ended with an error status and no exception, the status code as text
(``"500"``); ``_OTHER`` when neither exists (a status answer that could not be read). A gateway code
(``merchant_gateway.code``) is never an ``error.type``, and a class name never a code.
"""

from __future__ import annotations

OTHER = "_OTHER"


def error_type(exc: BaseException) -> str:
    """``error.type`` of an exception: its fully qualified class name (never its message)."""
    cls = type(exc)
    return f"{cls.__module__}.{cls.__qualname__}"
