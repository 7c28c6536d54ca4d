"""What the ledger and its reconciler tell the instruments attached to them (telemetry), without importing any.

Why this module exists: OpenTelemetry is an optional extra, and a ledger without it must pay nothing. The ledger and
the reconciler hold ``instruments = None`` unless :class:`merchant_gateway.telemetry.LedgerTelemetry` attached
itself; they call these methods only when it did.

One trace per payment: :meth:`LedgerInstruments.trace_context` gives the W3C ``traceparent`` of the span current
at write-ahead (the call that starts the payment), stored with the payment; every later check, callback and hook
of that payment hands it back, and its span joins that trace (a child of it, or, for a callback that arrives
under a web request's own span, a link to it). Failures are named by ``error.type`` values of
:mod:`merchant_gateway.semconv`.
"""

from __future__ import annotations

import contextlib
from typing import Protocol


class TraceLink(Protocol):
    def link(self, traceparent: str | None) -> None:
        """The payment's stored trace context, once the ledger has read it."""


class LedgerInstruments(Protocol):
    def trace_context(self) -> str | None:
        """The ``traceparent`` of the current span (None: none, or not sampled), stored at write-ahead."""

    def transition(self, transaction_id: str, *, source: str, before: str | None, after: str, code: str | None) -> None:
        """A payment moved to ``after`` (from ``before`` when known), told by ``source`` (intent, answer, status,
        callback, reconciler ...), in the transaction that writes it."""

    def hook_ran(self, transaction_id: str, *, delay: float | None, error: BaseException | None) -> None:
        """The merchant's hook ran for a final payment ``delay`` seconds after the final transition (``error``:
        it raised; retried later)."""

    def hook(self, transaction_id: str, traceparent: str | None) -> contextlib.AbstractContextManager[None]:
        """Around one run of the merchant's hook (an exception it raises passes through)."""

    def callback(self, transaction_id: str, webhook: str) -> contextlib.AbstractContextManager[TraceLink]:
        """Around one verified callback's recording; the ledger links the payment's trace once it read it."""

    def check(
        self, transaction_id: str, traceparent: str | None = None
    ) -> contextlib.AbstractContextManager[dict[str, str | None]]:
        """Around one reconciler status check; the check puts ``result``, ``code`` (a gateway code, or None) and
        ``error`` (the failed read's ``error.type``, or None) in the dict it yields."""
