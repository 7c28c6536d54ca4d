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
- A ledger that cannot be written (:class:`LedgerUnavailable`) ends nothing: the worker logs it
  (``database.unavailable``) and tries again; the payments stay open until the database is back. With
  ``database_bound``, a database unavailable longer than that stops the worker (:attr:`Reconciler.failure`), so that
  its supervisor sees it (``mgw reconcile --worker`` exits with status 6).
- It speaks: structured log events (``merchant_gateway.log.log_ledger_event``; docs/operations.md, "The reconciler
  worker") and a heartbeat with its counters in the ledger's database every ``beat_every`` seconds
  (:meth:`Ledger.workers`), so a worker that died is seen by what it no longer writes.

``mgw reconcile --worker`` runs one as a process; ``Reconciler(ledger, gateway).start()`` runs one inside an
application (a daemon thread pool) until ``stop()``.
"""

from __future__ import annotations

import logging
import math
import threading
import traceback
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from ..errors import ConfigurationError, GatewayError, RateLimitedError
from ..log import log_ledger_event
from ..observers import includes
from ..retry import RetryPolicy
from ..semconv import OTHER, error_type
from .errors import LedgerUnavailable
from .ledger import NOTICE_CHANNEL, Claim, Ledger, notice_of
from .observer import claimed_check, status_answer

if TYPE_CHECKING:
    from ..gateway import Gateway
    from .instruments import LedgerInstruments

logger = logging.getLogger("merchant_gateway.ledger")
MAX_RATE_LIMIT_WAIT = 60.0


@dataclass
class ReconcilerStats:
    """What a reconciler did since it was made. ``errors`` counts every failure an operator must look at: a status
    read that failed, a hook that raised (also counted in ``hook_failures``), an outage of the database, a step
    that failed unexpectedly."""

    checks: int = 0
    finals: int = 0
    lost: int = 0  # results dropped because the claim had expired (another worker took the check)
    released: int = 0
    errors: int = 0
    hooks: int = 0  # hooks completed by this process's ledger (after a status check, or pending ones delivered)
    hook_failures: int = 0
    codes: dict[str, int] = field(default_factory=dict)

    def counters(self) -> dict[str, int]:
        """The counters a heartbeat stores (ledger/workers.py COUNTERS)."""
        return {
            "checks": self.checks,
            "finals": self.finals,
            "hooks": self.hooks,
            "hook_failures": self.hook_failures,
            "errors": self.errors,
            "lost": self.lost,
            "released": self.released,
        }


class Reconciler:
    """Reconcile the open payments of one merchant, or of many, from ``ledger``: ``gateway`` is the merchant's
    gateway (built with ``observer=ledger.observer``), or a mapping merchant id -> that merchant's gateway (each with
    its own credentials, each built with the ledger's observer): one process then serves every merchant given.

    Idle, it costs almost nothing: one worker thread reads when the next check or hook is due (one query for every
    merchant served) and sleeps until then, at most ``idle_max`` seconds (from ``idle``, doubling while nothing is
    due); the other threads sleep until it finds work. On PostgreSQL (not behind PgBouncer in transaction mode) it
    also listens (``LISTEN``) for the ledger's notice of work (a check made due, a hook to deliver, a payment
    whose first check is due within ``NOTICE_AHEAD`` seconds), and wakes at once when that work of a merchant it
    serves is due before its next read (a later one it finds then); elsewhere, or with ``idle_max`` above
    ``NOTICE_AHEAD``, a new payment's first check may start up to ``idle_max`` late."""

    def __init__(
        self,
        ledger: Ledger,
        gateway: Gateway | Mapping[str, Gateway],
        *,
        concurrency: int = 4,
        lease: float = 60.0,
        safety: float = 5.0,
        idle: float = 1.0,
        idle_max: float = 5.0,
        hooks_every: float = 1.0,
        beat_every: float = 10.0,
        database_bound: float | None = None,
        listen: bool = True,
        on_check: Callable[[dict[str, Any]], None] | None = None,
    ) -> None:
        if type(concurrency) is not int or not 1 <= concurrency <= 256:
            raise ConfigurationError("concurrency", "must be an integer from 1 to 256")
        given = dict(gateway) if isinstance(gateway, Mapping) else {gateway.config.merchant_id: gateway}
        if not given:
            raise ConfigurationError("gateway", "give the gateway of at least one merchant")
        for merchant, gw in given.items():
            if gw.config.merchant_id != merchant:
                raise ConfigurationError(
                    "gateway", f"the gateway given for merchant {merchant} is configured for {gw.config.merchant_id}"
                )
            if not includes(gw.observer, ledger.observer):
                raise ConfigurationError(
                    "gateway", "build the gateway with observer=ledger.observer (alone or in observers.combine(...))"
                )
            if lease <= gw.config.timeout + safety:
                raise ConfigurationError("lease", "must exceed the gateway's timeout plus the safety margin")
            if ledger.grace <= gw.config.timeout:
                raise ConfigurationError(
                    "grace",
                    "the ledger's grace must exceed the gateway's timeout (a request may be in processing that long)",
                )
        if not (0 < idle <= idle_max):
            raise ConfigurationError("idle_max", "must be at least idle, and idle above 0")
        self.ledger = ledger
        self.gateways = {m: gw.with_options(retry=RetryPolicy(max_attempts=1)) for m, gw in given.items()}
        self.merchants: tuple[str, ...] = tuple(self.gateways)
        self.gateway = self.gateways[self.merchants[0]]  # the first merchant's (one merchant: its only one)
        # the heartbeat's merchant: the one served, or None for a worker serving several
        self.merchant_id: str | None = self.merchants[0] if len(self.merchants) == 1 else None
        self.concurrency = concurrency
        self.lease = lease
        self.safety = safety
        self.idle = idle
        self.idle_max = idle_max
        self.listen = listen
        self.hooks_every = hooks_every
        self.beat_every = beat_every
        self.database_bound = database_bound
        self.on_check = on_check
        self.name = ledger.owner  # its heartbeat's row and its log events' "worker"
        self.instruments: LedgerInstruments | None = None  # telemetry.LedgerTelemetry.attach sets it
        self.stats = ReconcilerStats()
        self.failure: str | None = None  # "database": it stopped itself, the database down beyond database_bound
        self._stats_lock = threading.Lock()
        self._stop = threading.Event()
        self._threads: list[threading.Thread] = []
        self._last_hooks = -math.inf
        self._last_beat = -math.inf
        self._begun = False
        self._down_since: float | None = None  # ledger.monotonic() when the database was first found unavailable
        self._down_logged = -math.inf
        self._hook_tally = ledger.hook_tally()  # the ledger's hook runs and failures counted from here
        self._wake = threading.Event()  # work was found (or announced): every thread looks
        self._resting = idle  # the scheduling thread's next wait while nothing is due (doubles to idle_max)
        self._listener: Any = None
        self._next_read = math.inf  # when the scheduling thread reads next, while it waits (ledger.clock())

    # --- one step (tests drive this with a fake clock) -----------------------------------------------------------

    def run_once(self, *, limit: int | None = None) -> int:
        """Deliver pending hooks, then claim and run the due checks (up to ``limit``) in this thread."""
        self.deliver_hooks()
        claims = self.ledger.claim_due(self.merchants, limit=limit or self.concurrency, lease=self.lease)
        for claim in claims:
            self.check(claim)
        return len(claims)

    def deliver_hooks(self) -> int:
        n = self.ledger.deliver_hooks(limit=100, merchant_id=self.merchants)
        self._count_hooks()
        return n

    def _count_hooks(self) -> None:
        """Hooks this process's ledger ran or saw fail since the last count (after a check's final transition,
        or delivered): a hook failure is an error."""
        runs, failures = self.ledger.hook_tally()
        with self._stats_lock:
            seen_runs, seen_failures = self._hook_tally
            self._hook_tally = (runs, failures)
            self.stats.hooks += runs - seen_runs
            self.stats.hook_failures += failures - seen_failures
            self.stats.errors += failures - seen_failures

    def check(self, claim: Claim) -> str:
        """Read the status of one claimed payment and record what it says."""
        if self.instruments is None:
            return self._check(claim, None)
        with self.instruments.check(claim.payment.transaction_id, claim.payment.traceparent) as note:
            return self._check(claim, note)

    def _check(self, claim: Claim, note: dict[str, str | None] | None) -> str:
        txn = claim.payment.transaction_id
        gateway = self.gateways.get(claim.payment.merchant_id)
        started = self.ledger.clock()
        if gateway is None or claim.lease_until - started < gateway.config.timeout + self.safety:
            self.ledger.release(claim)
            self._count("released")
            if note is not None:
                note["result"] = "released"
            return "released"
        result: str
        code: str | None = None
        failed: str | None = None  # the failed read's error.type (semconv.error_type)
        try:
            with claimed_check():  # recorded below, under the claim (the observer leaves it)
                resp = gateway.get_transaction_status(txn)
        except RateLimitedError as exc:
            code = exc.code
            wait = _bounded(exc.time_window)
            failed = error_type(exc)
            result = self.ledger.finish_check(
                claim, error="rate limited", not_before=self.ledger.clock() + wait, error_type=failed
            )
            self._check_failed(txn, code, failed, wait=wait)
        except LedgerUnavailable:
            raise  # nothing is written; the claim's lease ends and the check runs again
        except GatewayError as exc:
            code = exc.code  # a gateway code or nothing: never the error's class (that is error.type)
            if exc.code == "TRANSACTION_NOT_FOUND":  # the ledger's time rule decides what it means
                not_found = {"success": False, "code": exc.code}
                result = self.ledger.finish_check(claim, answer=not_found, status=exc.status or 200)
            else:
                failed = error_type(exc)
                result = self.ledger.finish_check(claim, error=exc.code or type(exc).__name__, error_type=failed)
                self._check_failed(txn, exc.code, failed)
        else:
            answer = status_answer(resp)
            code = str(answer.get("code")) if answer is not None else None
            failed = None if answer is not None else OTHER
            result = self.ledger.finish_check(
                claim, answer=answer, error=None if answer else "no answer", error_type=failed
            )
            if failed is not None:
                self._check_failed(txn, None, failed)
        self._count_hooks()
        log_ledger_event(logging.DEBUG, "check.done", worker=self.name, transaction_id=txn, code=code, result=result)
        if note is not None:
            note.update(result=result, code=code, error=failed)
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

    def _check_failed(self, txn: str, code: str | None, error_type: str, *, wait: float | None = None) -> None:
        self._count("errors")
        log_ledger_event(
            logging.WARNING,
            "check.failed",
            worker=self.name,
            transaction_id=txn,
            code=code,
            error_type=error_type,
            wait=wait,
        )

    # --- heartbeat and the database's health --------------------------------------------------------------------

    def counters(self) -> dict[str, int]:
        with self._stats_lock:
            return self.stats.counters()

    def beat(self, *, stopped: bool = False, exit_status: int | None = None) -> bool:
        """Write the heartbeat with the counters (:meth:`Ledger.workers`); False when the database is unavailable
        (logged; the next beat tries again)."""
        self._last_beat = self.ledger.clock()
        try:
            self.ledger.worker_beat(
                self.counters(), merchant_id=self.merchant_id, stopped=stopped, exit_status=exit_status
            )
        except LedgerUnavailable:
            self._database_down("heartbeat")
            return False
        log_ledger_event(logging.DEBUG, "worker.heartbeat", worker=self.name, counters=self.counters())
        return True

    def _database_down(self, step: str) -> None:
        now = self.ledger.monotonic()
        with self._stats_lock:
            first = self._down_since is None
            if self._down_since is None:
                self._down_since = now
                self.stats.errors += 1  # one per outage, not one per retry
            down_for = now - self._down_since
            speak = first or now - self._down_logged >= 30.0
            if speak:
                self._down_logged = now
        if speak:  # the first failure, then every 30 s while it lasts
            log_ledger_event(
                logging.ERROR,
                "database.unavailable",
                worker=self.name,
                result=step,
                down_for=down_for,
                error_type="LedgerUnavailable",
            )
        if self.database_bound is not None and down_for > self.database_bound and self.failure is None:
            self.failure = "database"
            log_ledger_event(logging.CRITICAL, "worker.giving_up", worker=self.name, down_for=down_for)
            self._stop.set()
            self._wake.set()
            self._announced.set()

    def _database_back(self) -> None:
        if self._down_since is None:
            return
        with self._stats_lock:
            since, self._down_since = self._down_since, None
        if since is not None:
            down_for = self.ledger.monotonic() - since
            log_ledger_event(logging.INFO, "database.recovered", worker=self.name, down_for=down_for)

    # --- running -------------------------------------------------------------------------------------------------

    def step(self, index: int = 0) -> float:
        """One step of a worker thread: run one due check, or return how long to wait. Thread 0 also beats,
        delivers pending hooks when one is due, and, finding nothing to claim, reads when the next check or hook is
        due (waiting until then, from ``idle`` doubling to ``idle_max`` while nothing is due); the other threads
        wait for it to find work (``math.inf``). Never raises: a database outage or an unexpected failure is logged
        and counted, and the step is tried again after ``idle``."""
        try:
            if index == 0 and self.ledger.clock() - self._last_beat >= self.beat_every:
                self.beat()
            claims = self.ledger.claim_due(self.merchants, limit=1, lease=self.lease)
            if claims:
                self._wake.set()  # work is flowing: every thread claims until nothing is due
                self._resting = self.idle
                self.check(claims[0])
                self._database_back()
                return 0.0
            if index != 0:
                self._database_back()
                return math.inf
            self._wake.clear()
            due, now = self.ledger.next_work(self.merchants, hooks=self.ledger.hook is not None)
            hooks_due = self.ledger.hook is not None and due is not None and due <= now
            if hooks_due and now - self._last_hooks >= self.hooks_every:
                self._last_hooks = now
                self.deliver_hooks()
                due, now = self.ledger.next_work(self.merchants, hooks=False)
            self._database_back()
            resting, self._resting = self._resting, min(self.idle_max, self._resting * 2)
            if due is None:
                return resting
            if due <= now:  # due, but leased by another worker (or a hook retried too soon): look again soon
                return self.idle
            return min(max(0.01, due - now), self.idle_max)
        except LedgerUnavailable:  # nothing was written; the claim's lease ends and the check runs again
            self._database_down("step")
        except Exception as exc:  # noqa: BLE001 - one failing step must not end the worker; the lease protects
            self._count("errors")
            log_ledger_event(
                logging.ERROR,
                "worker.step_failed",
                worker=self.name,
                error_type=type(exc).__name__,
                result=_where(exc),
            )
        return self.idle

    def _loop(self, index: int) -> None:
        while not self._stop.is_set():
            wait = self.step(index)
            if not wait:
                continue
            if index == 0:  # the scheduler: until the next due moment, or a notice that work was written
                self._next_read = self.ledger.clock() + min(wait, self.idle_max)
                self._announced.wait(min(wait, self.idle_max))
                self._announced.clear()
                self._next_read = math.inf  # reading again: until the next wait, every notice wakes it
            else:  # until thread 0 finds work or an error's pause ends: an idle worker's threads read nothing
                # (thread 0 alone still does all the work if a wake-up were lost; stop() wakes them)
                self._wake.wait(None if math.isinf(wait) else min(wait, self.idle_max))

    def _wanted(self, payload: str) -> bool:
        """Whether a notice of the ledger wakes the scheduling thread: work of a merchant served, due before the
        thread's next read (it reads then anyway); a notice without a time always does."""
        merchant, due = notice_of(payload)
        return due is None or (merchant in self.merchants and due < self._next_read)

    @property
    def _announced(self) -> threading.Event:
        """Set by the LISTEN thread when the ledger announces work (PostgreSQL), and by :meth:`stop`."""
        if self._listener is None:
            self._listener = threading.Event()
        event: threading.Event = self._listener
        return event

    def begin(self) -> None:
        """Announce the worker (``worker.started``) and write its first heartbeat; :meth:`start` does it."""
        if self._begun:
            return
        self._begun = True
        log_ledger_event(
            logging.INFO,
            "worker.started",
            worker=self.name,
            merchant_id=self.merchant_id,
            settings={
                "ledger": self.ledger.store.dialect,
                "merchants": ",".join(self.merchants),  # every merchant served (merchant_id: the only one, if one)
                "concurrency": self.concurrency,
                "lease": self.lease,
                "grace": self.ledger.grace,
                "timeout": self.gateway.config.timeout,
                "hook": self.ledger.hook is not None,
                "hook_in_transaction": self.ledger.hook_in_transaction,
                "database_bound": self.database_bound,
            },
        )
        self.beat()

    def end(self, exit_status: int | None = None) -> None:
        """The last heartbeat (stopped, with ``exit_status``) and ``worker.stopped`` with the counters."""
        try:
            self.beat(stopped=True, exit_status=exit_status)
        except Exception as exc:  # noqa: BLE001 - stopping must not fail on its last beat (a ledger closed first)
            log_ledger_event(logging.WARNING, "worker.step_failed", worker=self.name, error_type=type(exc).__name__)
        level = logging.INFO if exit_status in (None, 0) else logging.ERROR
        log_ledger_event(level, "worker.stopped", worker=self.name, exit_status=exit_status, counters=self.counters())

    def start(self) -> Reconciler:
        """Run ``concurrency`` daemon threads until :meth:`stop`."""
        if self._threads:
            return self
        self._stop.clear()
        self.begin()
        self._threads = [
            threading.Thread(target=self._loop, args=(i,), name=f"mgw-reconciler-{i}", daemon=True)
            for i in range(self.concurrency)
        ]
        listen = getattr(self.ledger.store, "listen", None)
        if self.listen and callable(listen) and getattr(self.ledger.store, "pool_mode", "") == "session":
            self._threads.append(
                threading.Thread(
                    target=listen,
                    args=(NOTICE_CHANNEL, self._announced.set, self._stop),
                    kwargs={"wanted": self._wanted},
                    name="mgw-reconciler-listen",
                    daemon=True,
                )
            )
        for t in self._threads:
            t.start()
        return self

    @property
    def stopping(self) -> bool:
        """:meth:`stop` was called, or the worker stopped itself (see :attr:`failure`)."""
        return self._stop.is_set()

    def stop(self, timeout: float | None = None, *, exit_status: int | None = None) -> None:
        """Stop the threads (each ends its check in progress), then write the last heartbeat and log
        ``worker.stopped`` (``exit_status``: what the process exits with, stored with the heartbeat)."""
        self._stop.set()
        self._wake.set()
        self._announced.set()
        for t in self._threads:
            t.join(timeout)
        self._threads = []
        self.end(exit_status)

    def run_forever(self, stop: threading.Event | None = None) -> None:
        """Run in the calling thread's process until ``stop`` is set or the worker stops itself (:attr:`failure`)."""
        self.start()
        try:
            while not (stop or self._stop).wait(0.5) and not self._stop.is_set():
                pass
        finally:
            self.stop(timeout=self.gateway.config.timeout + 1)


def _where(exc: BaseException) -> str:
    """Where an unexpected exception was raised (file:line of its last frame): never its message."""
    frames = traceback.extract_tb(exc.__traceback__)
    return f"{frames[-1].filename.rsplit('/', 1)[-1]}:{frames[-1].lineno}" if frames else "?"


def _bounded(time_window: str | None) -> float:
    try:
        value = float(time_window) if time_window is not None else 1.0
    except ValueError:
        value = 1.0
    return min(value, MAX_RATE_LIMIT_WAIT) if math.isfinite(value) and value > 0 else 1.0
