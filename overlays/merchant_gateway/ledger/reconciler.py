"""The reconciler: drives every unfinished payment in the ledger to a final state on the gateway's
polling schedule (from its public reference, not the interface document).

Why this module exists: a payment must not depend on the process that started it staying alive, and waiting for a
final state must not hold a thread or task per payment for 15 minutes. The ledger holds each open payment's next
due check; any number of reconcilers (threads, processes, machines) claim due checks, each claim invisible to the
others until its lease ends, read the status once, record the result and release the claim. Memory per worker is
bounded by its concurrency, not by how many payments are open.

- A claim is run only if more than ``gateway.config.timeout`` (the bound of one attempt) plus ``safety`` seconds
  of its lease are left, so a check never outlives its claim and no two workers ever check one payment at once
  (unless a worker is frozen longer than the lease: size ``lease`` for your pauses).
- Each status read is a single attempt through the gateway (its ledger observer paces it under the fleet's rate
  ceiling); failures go back into the schedule, a 429 waits the gateway's TIME_WINDOW (bounded).
- The status answer is judged by the ledger (``merchant_gateway.verdicts.judge``) against the payment's amount,
  merchant and send history; an answer that proves nothing (amount ``1.0``, ``"1"`` or absent, another id)
  leaves the payment open and it is checked again.
- Final states go through the ledger's one-winner transition; the merchant's hook runs there (and the reconciler
  also delivers hooks left pending by processes that had none or died).
- A ledger that cannot be written (:class:`LedgerUnavailable`) ends nothing: the worker logs it and tries again;
  the payments stay open until the database is back.

``mgw reconcile --worker`` runs one as a process; ``Reconciler(ledger, gateway).start()`` runs one inside an
application (a daemon thread pool) until ``stop()``.
"""

from __future__ import annotations

import logging
import math
import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from ..errors import ConfigurationError, GatewayError, RateLimitedError
from ..hooks import includes
from ..retry import RetryPolicy
from .errors import LedgerUnavailable
from .ledger import Claim, Ledger
from .observer import status_answer

if TYPE_CHECKING:
    from ..gateway import Gateway

logger = logging.getLogger("merchant_gateway.ledger")
MAX_RATE_LIMIT_WAIT = 60.0


@dataclass
class ReconcilerStats:
    checks: int = 0
    finals: int = 0
    lost: int = 0  # results dropped because the claim had expired (another worker took the check)
    released: int = 0
    errors: int = 0
    hooks: int = 0
    codes: dict[str, int] = field(default_factory=dict)


class Reconciler:
    """Reconcile one merchant's open payments from ``ledger`` through ``gateway`` (built with
    ``observer=ledger.observer``)."""

    def __init__(
        self,
        ledger: Ledger,
        gateway: Gateway,
        *,
        concurrency: int = 4,
        lease: float = 60.0,
        safety: float = 5.0,
        idle: float = 1.0,
        hooks_every: float = 1.0,
        on_check: Callable[[dict[str, Any]], None] | None = None,
    ) -> None:
        if type(concurrency) is not int or not 1 <= concurrency <= 256:
            raise ConfigurationError("concurrency", "must be an integer from 1 to 256")
        if not includes(gateway.observer, ledger.observer):
            raise ConfigurationError(
                "gateway", "build the gateway with observer=ledger.observer (alone or in hooks.combine(...))"
            )
        if lease <= gateway.config.timeout + safety:
            raise ConfigurationError("lease", "must exceed the gateway's timeout plus the safety margin")
        if ledger.grace <= gateway.config.timeout:
            raise ConfigurationError(
                "grace",
                "the ledger's grace must exceed the gateway's timeout (a request may be in processing that long)",
            )
        self.ledger = ledger
        self.gateway = gateway.with_options(retry=RetryPolicy(max_attempts=1))
        self.merchant_id = gateway.config.merchant_id
        self.concurrency = concurrency
        self.lease = lease
        self.safety = safety
        self.idle = idle
        self.hooks_every = hooks_every
        self.on_check = on_check
        self.stats = ReconcilerStats()
        self._stats_lock = threading.Lock()
        self._stop = threading.Event()
        self._threads: list[threading.Thread] = []
        self._last_hooks = -math.inf

    # --- one step (tests drive this with a fake clock) -----------------------------------------------------------

    def run_once(self, *, limit: int | None = None) -> int:
        """Deliver pending hooks, then claim and run the due checks (up to ``limit``) in this thread."""
        self.deliver_hooks()
        claims = self.ledger.claim_due(self.merchant_id, limit=limit or self.concurrency, lease=self.lease)
        for claim in claims:
            self.check(claim)
        return len(claims)

    def deliver_hooks(self) -> int:
        n = self.ledger.deliver_hooks(limit=100, merchant_id=self.merchant_id)
        with self._stats_lock:
            self.stats.hooks += n
        return n

    def check(self, claim: Claim) -> str:
        """Read the status of one claimed payment and record what it says."""
        txn = claim.payment.transaction_id
        started = self.ledger.clock()
        if claim.lease_until - started < self.gateway.config.timeout + self.safety:
            self.ledger.release(claim)
            self._count("released")
            return "released"
        result: str
        code: str | None = None
        try:
            resp = self.gateway.get_transaction_status(txn)
        except RateLimitedError as exc:
            code = exc.code
            wait = _bounded(exc.time_window)
            result = self.ledger.finish_check(claim, error="rate limited", not_before=self.ledger.clock() + wait)
            self._count("errors")
        except LedgerUnavailable:
            raise  # nothing is written; the claim's lease ends and the check runs again
        except GatewayError as exc:
            code = exc.code or type(exc).__name__
            if exc.code == "TRANSACTION_NOT_FOUND":  # the ledger's time rule decides what it means
                not_found = {"success": False, "code": exc.code}
                result = self.ledger.finish_check(claim, answer=not_found, status=exc.status or 200)
            else:
                result = self.ledger.finish_check(claim, error=code)
                self._count("errors")
        else:
            answer = status_answer(resp)
            code = str(answer.get("code")) if answer is not None else None
            result = self.ledger.finish_check(claim, answer=answer, error=None if answer else "no answer")
        ended = self.ledger.clock()
        with self._stats_lock:
            self.stats.checks += 1
            self.stats.codes[code or "?"] = self.stats.codes.get(code or "?", 0) + 1
            if result == "final":
                self.stats.finals += 1
            elif result == "lost":
                self.stats.lost += 1
        if self.on_check is not None:
            self.on_check(
                {
                    "transaction_id": txn,
                    "seq": claim.seq,
                    "token": claim.token,
                    "start": started,
                    "end": ended,
                    "lease_until": claim.lease_until,
                    "code": code,
                    "result": result,
                }
            )
        return result

    def _count(self, name: str) -> None:
        with self._stats_lock:
            setattr(self.stats, name, getattr(self.stats, name) + 1)

    # --- running -------------------------------------------------------------------------------------------------

    def _loop(self, index: int) -> None:
        while not self._stop.is_set():
            try:
                if index == 0 and self.ledger.clock() - self._last_hooks >= self.hooks_every:
                    self._last_hooks = self.ledger.clock()
                    self.deliver_hooks()
                claims = self.ledger.claim_due(self.merchant_id, limit=1, lease=self.lease)
                if claims:
                    self.check(claims[0])
                    continue
                due = self.ledger.next_due(self.merchant_id)
                wait = self.idle if due is None else min(self.idle, max(0.01, due - self.ledger.clock()))
            except Exception:  # noqa: BLE001 - a database hiccup must not end the worker; the lease protects
                logger.exception("reconciler step failed; retrying")
                wait = self.idle
            self._stop.wait(wait)

    def start(self) -> Reconciler:
        """Run ``concurrency`` daemon threads until :meth:`stop`."""
        if self._threads:
            return self
        self._stop.clear()
        self._threads = [
            threading.Thread(target=self._loop, args=(i,), name=f"mgw-reconciler-{i}", daemon=True)
            for i in range(self.concurrency)
        ]
        for t in self._threads:
            t.start()
        return self

    def stop(self, timeout: float | None = None) -> None:
        self._stop.set()
        for t in self._threads:
            t.join(timeout)
        self._threads = []

    def run_forever(self, stop: threading.Event | None = None) -> None:
        """Run in the calling thread's process until ``stop`` is set (``mgw reconcile --worker``)."""
        self.start()
        try:
            while not (stop or self._stop).wait(0.5):
                pass
        finally:
            self.stop(timeout=self.gateway.config.timeout + 1)


def _bounded(time_window: str | None) -> float:
    try:
        value = float(time_window) if time_window is not None else 1.0
    except ValueError:
        value = 1.0
    return min(value, MAX_RATE_LIMIT_WAIT) if math.isfinite(value) and value > 0 else 1.0
