"""`mgw reconcile --worker`: one reconciler process of the fleet, settling the payment ledger's unfinished payments
(merchant_gateway.ledger, docs/operations.md "The reconciler worker").

It speaks: the package's log events on stderr (text, or JSON lines with --log-format json / MGW_LOG_FORMAT=json), a
heartbeat with its counters in the ledger's database (`Ledger.workers()`, `mgw ledger health`), OpenTelemetry traces
and metrics when the SDK is installed and configured by the standard OTEL_* variables, and exit statuses a
supervisor can act on (exit_codes.WORKER_HELP).
"""

from __future__ import annotations

import argparse
import contextlib
import logging
import os
import signal
import threading
from collections.abc import Callable
from typing import Any

from ..config import GatewayConfig
from ..errors import ConfigurationError
from ..gateway import Gateway
from ..ledger import Ledger, LedgerUnavailable, RateLimit, Reconciler
from ..ledger.settings import stored_margin
from ..log import LOG_FORMATS, log_to, stop_logging
from ..observers import combine
from . import exit_codes
from .arguments.worker import LOG_LEVELS
from .ledger_options import ledger_url, load_hook
from .merchants import load_merchants, merchants_file
from .options import CONFIG_FLAGS, config_from
from .output import Output


def _log_settings(args: argparse.Namespace) -> tuple[str, int]:
    fmt = (args.log_format or os.environ.get("MGW_LOG_FORMAT") or "text").lower()
    if fmt not in LOG_FORMATS:
        raise ConfigurationError("MGW_LOG_FORMAT", f"must be one of {', '.join(LOG_FORMATS)} (or give --log-format)")
    level = (args.log_level or os.environ.get("MGW_LOG_LEVEL") or "INFO").upper()
    if level not in LOG_LEVELS:
        raise ConfigurationError("MGW_LOG_LEVEL", f"must be one of {', '.join(LOG_LEVELS)} (or give --log-level)")
    return fmt, getattr(logging, level)


def _telemetry() -> tuple[Callable[[GatewayConfig], Any], Any]:
    """merchant_gateway.telemetry's observer (made per merchant's configuration) and the ledger's instruments when
    OpenTelemetry is installed (they record into the global providers the standard OTEL_* set-up configured, and
    cost nothing without an SDK); without it, no observer and no instruments."""
    try:
        from ..telemetry import LedgerTelemetry, Telemetry
    except ImportError:
        return lambda cfg: None, None
    return Telemetry, LedgerTelemetry()


# the flags of one merchant's identity: with a merchants file every merchant's comes from the file
_OWN_FLAGS = ("merchant_id", "salt_key", "salt_index", "client_id", "client_secret")


def _configs(args: argparse.Namespace) -> list[GatewayConfig]:
    """The configuration of each merchant served: the merchants file's (--merchants, MGW_MERCHANTS_FILE), else the
    one merchant of the MGW_* variables and the flags; with --gateway-timeout over each one's MGW_TIMEOUT."""
    chosen = merchants_file(args.merchants)
    if chosen is None:
        configs = [config_from(args)]
    else:
        setting, path = chosen
        flags = [f"--{flag.replace('_', '-')}" for flag in CONFIG_FLAGS if getattr(args, flag, None)]
        if flags:
            own = flags[0][2:].replace("-", "_") in _OWN_FLAGS
            where = "its entry in the file" if own else "the file's entries, or its MGW_* variable for every merchant"
            raise ConfigurationError(flags[0], f"is given together with {setting}: give it in {where}")
        configs = list(load_merchants(path, setting=setting).values())
    if args.gateway_timeout is not None:  # over MGW_TIMEOUT: each status check's wait for the gateway
        configs = [cfg.with_changes(timeout=args.gateway_timeout) for cfg in configs]
    return configs


def cmd_worker(args: argparse.Namespace, out: Output) -> int:
    fmt, level = _log_settings(args)
    package_logger = logging.getLogger("merchant_gateway")
    was = package_logger.level
    handler = log_to(level=level, fmt=fmt)
    try:
        return _run(args, out)
    finally:  # as it was (main() may run again in this process: tests, an embedding application)
        stop_logging(handler)
        package_logger.setLevel(was)


def _run(args: argparse.Namespace, out: Output) -> int:
    try:
        hook = load_hook(args.hook) if args.hook else None
    except ConfigurationError as exc:
        out.error(str(exc), kind="hook_unloadable")
        return exit_codes.HOOK_UNUSABLE
    for flag, value in (("--database-bound", args.database_bound), ("--heartbeat", args.heartbeat)):
        if not (value > 0 and value != float("inf")):
            raise ConfigurationError(flag, "must be a positive number of seconds")
    rate = RateLimit.parse(args.rate_limit) if args.rate_limit else None  # checked before the database is opened
    configs = _configs(args)  # every merchant's, checked before the database is opened and anything is sent
    timeout = max(cfg.timeout for cfg in configs)  # the longest gateway wait bounds each wait for the database
    if rate is not None:  # the margin is a fleet setting: not given, the ledger's stored one (else 0.5 s)
        given = args.rate_margin
        margin = given if given is not None else stored_margin(ledger_url(args), timeout=timeout)
        rate = RateLimit.parse(args.rate_limit, margin=margin)
    ledger = Ledger.open(  # the gateway's timeout; the grace is the fleet's (the reconciler checks it is longer)
        ledger_url(args),
        on_final=hook,
        hook_in_transaction=args.hook_in_transaction,
        rate_limit=rate,
        timeout=timeout,
    )
    tracing, instruments = _telemetry()
    if instruments is not None:
        instruments.attach(ledger)
    stop = threading.Event()
    status = exit_codes.OK
    try:
        with contextlib.ExitStack() as gateways:
            served: dict[str, Gateway] = {}
            for cfg in configs:  # each merchant's status reads with its own credentials, paced by the one ledger
                tokens = ledger.token_cache(cfg.merchant_id, cfg.client_id) if cfg.client_id else None
                observer = combine(tracing(cfg), ledger.observer)
                served[cfg.merchant_id] = gateways.enter_context(Gateway(cfg, observer=observer, tokens=tokens))
            rec = Reconciler(
                ledger,
                served,
                concurrency=args.concurrency,
                lease=args.lease,
                database_bound=args.database_bound,
                beat_every=args.heartbeat,
            )
            if instruments is not None:
                instruments.attach(rec)
            if args.once:  # settle what is due now, then exit (cron, tests)
                rec.begin()
                try:
                    while rec.run_once(limit=100):
                        pass
                except LedgerUnavailable:
                    rec.failure = "database"
            else:
                for sig in (signal.SIGTERM, signal.SIGINT):
                    signal.signal(sig, lambda *_: stop.set())
                who = f"merchant {configs[0].merchant_id}" if len(configs) == 1 else f"{len(configs)} merchants"
                out.step(
                    f"reconciler {ledger.owner}: {who}, ledger {ledger.store.dialect}, "
                    f"concurrency {args.concurrency}, rate ceiling {args.rate_limit or 'none'}; stop with SIGTERM"
                )
                rec.start()
                while not stop.wait(0.5) and not rec.stopping:
                    pass
            status = exit_codes.LEDGER_DOWN if rec.failure == "database" else exit_codes.OK
            rec.stop(timeout=timeout + 1, exit_status=status)
    finally:
        ledger.close()
    s = rec.stats
    text = (
        f"{s.checks} status checks, {s.finals} made final, {s.hooks} hooks run, {s.hook_failures} hooks failed, "
        f"{s.errors} errors"
    )
    if status == exit_codes.LEDGER_DOWN:
        out.error(f"{text}; stopped: the ledger's database was unavailable too long", kind="ledger_unavailable")
        return status
    out.result(
        text,
        checks=s.checks,
        finals=s.finals,
        hooks=s.hooks,
        hook_failures=s.hook_failures,
        errors=s.errors,
        lost=s.lost,
        codes=s.codes,
    )
    return status
