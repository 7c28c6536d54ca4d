"""Health of a payment fleet, for web apps' probes and for alerting (``mgw ledger health``).

Why this module exists: an orchestrator asks two questions of a web process, "can it take traffic?" (readiness: its
ledger's database answers within a bound, its gateway configuration is complete) and "is it alive?" (liveness:
the process answers; deliberately nothing else, so a database outage never restarts every web process at once).
An operator asks a third, of the fleet: are payments being settled? (the share of calls that ended in outcome
unknown, the oldest open payment, the reconciler workers' heartbeats), each against thresholds. Every answer is a
small typed result with a JSON-able dict; it names checks and problems, never a secret, a payload or a URL's
password.

Wiring into FastAPI/Starlette: docs/operations.md, "Operator commands and health".
"""

from __future__ import annotations

import math
import threading
from collections.abc import Mapping
from dataclasses import asdict, dataclass
from typing import TYPE_CHECKING, Any

from ..errors import ConfigurationError, GatewayError, ValidationError

if TYPE_CHECKING:
    from ..config import GatewayConfig
    from .ledger import Ledger

__all__ = ["CRITICAL", "OK", "WARN", "Check", "HealthResult", "Thresholds", "fleet_health", "liveness", "readiness"]

OK, WARN, CRITICAL = "ok", "warn", "critical"
_SEVERITY = {OK: 0, WARN: 1, CRITICAL: 2}


@dataclass(frozen=True)
class Check:
    """One check: ``status`` ok, warn or critical; ``message`` for people; ``value`` the measured number (None
    when there is nothing to measure)."""

    name: str
    status: str
    message: str
    value: float | None = None

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


@dataclass(frozen=True)
class HealthResult:
    """Checks and their worst status (``ok`` when every check is ok)."""

    checks: tuple[Check, ...]

    @property
    def status(self) -> str:
        return max((c.status for c in self.checks), key=_SEVERITY.__getitem__, default=OK)

    @property
    def ok(self) -> bool:
        return self.status == OK

    def to_dict(self) -> dict[str, Any]:
        return {"status": self.status, "checks": [c.to_dict() for c in self.checks]}


# --- web processes -----------------------------------------------------------------------------------------------


def liveness() -> HealthResult:
    """The process answers. Nothing else on purpose: a liveness probe that reads the database restarts every web
    process during a database outage, which helps nobody (readiness takes them out of rotation instead)."""
    return HealthResult((Check("process", OK, "alive"),))


def readiness(
    ledger: Ledger | None = None,
    *,
    config: GatewayConfig | None = None,
    environ: Mapping[str, str] | None = None,
    timeout: float = 2.0,
) -> HealthResult:
    """Can this process take payments? ``database``: the ledger's database answered within ``timeout`` seconds
    (skipped without a ledger); ``gateway_config``: ``config`` (else the MGW_* variables of ``environ`` or the
    process) is complete and valid. Blocks up to ``timeout``: call it from a sync endpoint or a worker thread."""
    if not (isinstance(timeout, int | float) and math.isfinite(timeout) and timeout > 0):
        raise ValidationError("timeout", "must be a positive number of seconds")
    checks = []
    if ledger is not None:
        checks.append(_database(ledger, float(timeout)))
    checks.append(_gateway_config(config, environ))
    return HealthResult(tuple(checks))


def _database(ledger: Ledger, timeout: float) -> Check:
    done = threading.Event()
    failure: list[BaseException] = []

    def probe() -> None:
        try:
            with ledger.store.transaction() as tx:
                tx.execute("SELECT 1 AS one")
        except BaseException as exc:  # noqa: BLE001 - reported as the check's result
            failure.append(exc)
        finally:
            done.set()

    # a daemon thread: a database that hangs holds the probe, never the endpoint past its bound
    threading.Thread(target=probe, name="mgw-readiness", daemon=True).start()
    if not done.wait(timeout):
        return Check("database", CRITICAL, f"the ledger's database did not answer within {timeout:g} s")
    if failure:
        exc = failure[0]
        message = str(exc) if isinstance(exc, GatewayError) else type(exc).__name__
        return Check("database", CRITICAL, message)
    return Check("database", OK, f"the ledger's {ledger.store.dialect} database answers")


def _gateway_config(config: GatewayConfig | None, environ: Mapping[str, str] | None) -> Check:
    if config is None:
        from ..config import GatewayConfig

        try:
            config = GatewayConfig.from_env(environ)
        except ConfigurationError as exc:  # names the variable and what to set, never its value
            return Check("gateway_config", CRITICAL, str(exc))
    return Check("gateway_config", OK, f"complete ({config.environment}, merchant {config.merchant_id})")


# --- the fleet (mgw ledger health) -------------------------------------------------------------------------------


@dataclass(frozen=True)
class Thresholds:
    """What ``mgw ledger health`` judges against (its options carry the same names).

    ``window``: the seconds of payments the outcome-unknown rate is computed over; it is judged only from
    ``min_payments`` payments in the window (fewer are reported, not judged). ``oldest_open_*``: seconds since the
    oldest open payment was written down (the polling schedule ends at 15 minutes; after that a payment is
    overdue). ``heartbeat_*``: seconds since the freshest running reconciler worker's last beat; another running
    worker silent for ``heartbeat_critical`` is a warning until it has been silent for ``heartbeat_gone``: then it
    is presumed gone (it died without a clean stop, e.g. during a database outage) and only named, so a dead worker
    never holds the fleet at a warning (``mgw ledger workers --forget NAME`` removes it at once). ``workers``
    False for a fleet none of whose reconcilers writes heartbeats (nothing to judge)."""

    window: float = 3600.0
    unknown_rate_warn: float = 0.05
    unknown_rate_critical: float = 0.20
    min_payments: int = 10
    oldest_open_warn: float = 1200.0
    oldest_open_critical: float = 3600.0
    heartbeat_warn: float = 60.0
    heartbeat_critical: float = 300.0
    heartbeat_gone: float = 3600.0
    workers: bool = True

    def __post_init__(self) -> None:
        for name in (
            "window",
            "oldest_open_warn",
            "oldest_open_critical",
            "heartbeat_warn",
            "heartbeat_critical",
            "heartbeat_gone",
        ):
            value = getattr(self, name)
            if not (isinstance(value, int | float) and math.isfinite(value) and value > 0):
                raise ValidationError(name, "must be a positive number of seconds")
        for name in ("unknown_rate_warn", "unknown_rate_critical"):
            value = getattr(self, name)
            if not (isinstance(value, int | float) and 0 <= value <= 1):
                raise ValidationError(name, "must be a share from 0 to 1 (0.05 is 5 %)")
        if type(self.min_payments) is not int or self.min_payments < 1:
            raise ValidationError("min_payments", "must be a whole number from 1")
        for kind in ("unknown_rate", "oldest_open", "heartbeat"):
            if getattr(self, f"{kind}_warn") > getattr(self, f"{kind}_critical"):
                raise ValidationError(f"{kind}_warn", f"must not exceed {kind}_critical")
        if self.heartbeat_gone < self.heartbeat_critical:
            raise ValidationError("heartbeat_gone", "must not be less than heartbeat_critical")


def _judge(value: float, warn: float, critical: float) -> str:
    return CRITICAL if value >= critical else WARN if value >= warn else OK


def fleet_health(
    ledger: Ledger, thresholds: Thresholds | None = None, *, merchant_id: str | None = None
) -> HealthResult:
    """Is the fleet settling payments? One check per question, judged against ``thresholds``: ``unknown_rate``,
    ``oldest_open`` and ``worker_heartbeat`` (the freshest running worker; stale ones, e.g. SIGKILLed, are a
    warning). Raises :class:`LedgerUnavailable` when the database cannot be read (that is not a health verdict)."""
    th = thresholds or Thresholds()
    checks = [_unknown_rate(ledger, th, merchant_id), _oldest_open(ledger, th, merchant_id)]
    if th.workers:
        checks.append(_heartbeat(ledger, th, merchant_id))
    return HealthResult(tuple(checks))


def _unknown_rate(ledger: Ledger, th: Thresholds, merchant_id: str | None) -> Check:
    # the ledger's queries load with the first check: `mgw`'s parser (Thresholds' defaults) and the probes need none
    from . import admin

    unknown, total = admin.unknown_rate(ledger, since=th.window, merchant_id=merchant_id)
    span = _span(th.window)
    if total < th.min_payments:
        return Check(
            "unknown_rate",
            OK,
            f"{unknown}/{total} payments in the last {span}: too few to judge (min {th.min_payments})",
        )
    rate = unknown / total
    return Check(
        "unknown_rate",
        _judge(rate, th.unknown_rate_warn, th.unknown_rate_critical),
        f"{100 * rate:.1f} % ({unknown}/{total}) of payments in the last {span} ended in outcome unknown "
        f"(warn {100 * th.unknown_rate_warn:g} %, critical {100 * th.unknown_rate_critical:g} %)",
        rate,
    )


def _oldest_open(ledger: Ledger, th: Thresholds, merchant_id: str | None) -> Check:
    from . import admin

    age = admin.oldest_open(ledger, merchant_id=merchant_id)
    if age is None:
        return Check("oldest_open", OK, "no open payment")
    return Check(
        "oldest_open",
        _judge(age, th.oldest_open_warn, th.oldest_open_critical),
        f"the oldest open payment was written {_span(age)} ago "
        f"(warn {_span(th.oldest_open_warn)}, critical {_span(th.oldest_open_critical)})",
        age,
    )


def _heartbeat(ledger: Ledger, th: Thresholds, merchant_id: str | None) -> Check:
    from . import admin

    now = admin.now(ledger)
    # a worker serving several merchants has no merchant of its own (None): it counts for each of them
    running = [
        w for w in ledger.workers(running_only=True) if merchant_id is None or w.merchant_id in (None, merchant_id)
    ]
    limits = f"(warn {_span(th.heartbeat_warn)}, critical {_span(th.heartbeat_critical)})"
    if not running:
        return Check(
            "worker_heartbeat",
            CRITICAL,
            "no reconciler worker is running (none has a heartbeat without a clean stop): start mgw reconcile "
            "--worker, or give --no-workers if no reconciler of this fleet writes heartbeats",
        )
    ages = sorted(w.age(now) for w in running)
    status = _judge(ages[0], th.heartbeat_warn, th.heartbeat_critical)
    stale = sum(1 for a in ages if th.heartbeat_critical <= a < th.heartbeat_gone)
    gone = sum(1 for a in ages[1:] if a >= th.heartbeat_gone)
    message = f"the freshest of {len(ages)} running worker(s) beat {_span(ages[0])} ago {limits}"
    if stale and status == OK:
        status = WARN
    if stale:
        message += f"; {stale} silent for {_span(th.heartbeat_critical)} or more (stopped without a clean exit?)"
    if gone:
        message += (
            f"; {gone} silent for {_span(th.heartbeat_gone)} or more, presumed gone (not judged; mgw ledger workers "
            "--forget NAME removes one)"
        )
    return Check("worker_heartbeat", status, message, ages[0])


def _span(seconds: float) -> str:
    if seconds >= 3600 and seconds % 3600 == 0:
        return f"{seconds / 3600:g} h"
    if seconds >= 120:
        return f"{seconds / 60:.0f} min"
    return f"{seconds:.0f} s"
