"""What the ledger and its reconciler tell the instruments attached to them (telemetry), without importing any.

Why this module exists: OpenTelemetry is an optional extra, and a ledger without it must pay nothing. The ledger and
the reconciler hold ``instruments = None`` unless :class:`merchant_gateway.telemetry.LedgerTelemetry` attached
itself; they call these methods only when it did.
"""

from __future__ import annotations

import contextlib
from typing import Protocol


class LedgerInstruments(Protocol):
    def transition(self, transaction_id: str, *, source: str, before: str | None, after: str, code: str | None) -> None:
        """A payment moved to ``after`` (from ``before`` when known), told by ``source`` (intent, answer, status,
        callback, reconciler ...), in the transaction that writes it."""

    def hook_ran(self, transaction_id: str, *, delay: float | None, error: BaseException | None) -> None:
        """The merchant's hook ran for a final payment ``delay`` seconds after the final transition (``error``:
        it raised; retried later)."""

    def check(self, transaction_id: str) -> contextlib.AbstractContextManager[dict[str, str | None]]:
        """Around one reconciler status check; the check puts ``result``, ``code`` and ``error`` (the failed
        read's error type, or None) in the dict it yields."""
