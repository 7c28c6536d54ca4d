"""`mgw ledger` (unfinished payments, their next check and a progress view) and `mgw reconcile --worker` (one
reconciler process of the fleet): the payment ledger's commands (merchant_gateway.ledger, docs/operations.md)."""

from __future__ import annotations

import argparse
import importlib
import os
import signal
import threading
import time
from collections.abc import Callable

from ..errors import ConfigurationError
from ..gateway import Gateway
from ..ledger import Ledger, RateLimit, Reconciler
from .options import config_from
from .output import Output

Handler = Callable[[argparse.Namespace, Output], int]


def _ledger_url(args: argparse.Namespace) -> str:
    url: str | None = args.ledger or os.environ.get("MGW_LEDGER_URL")
    if not url:
        raise ConfigurationError("MGW_LEDGER_URL", "is not set (or give --ledger sqlite:///PATH or postgresql://...)")
    return url


def _load_hook(spec: str) -> Callable[..., object]:
    module, _, name = spec.partition(":")
    if not module or not name:
        raise ConfigurationError("--hook", "must be module:function, e.g. shop.payments:fulfil")
    try:
        fn = getattr(importlib.import_module(module), name)
    except (ImportError, AttributeError) as exc:
        raise ConfigurationError("--hook", f"cannot load {spec}: {exc}") from None
    if not callable(fn):
        raise ConfigurationError("--hook", f"{spec} is not callable")
    return fn  # type: ignore[no-any-return]


# --- mgw ledger --------------------------------------------------------------------------------------------------


def _bar(done: int, total: int, width: int = 30) -> str:
    filled = int(width * done / total) if total else width
    return f"[{'#' * filled}{'.' * (width - filled)}]"


def _show(ledger: Ledger, args: argparse.Namespace, out: Output) -> int:
    counts = ledger.counts(args.merchant_id)
    hooks = counts.pop("hooks_pending", 0)
    total = sum(counts.values())
    final = sum(n for k, n in counts.items() if k.startswith("final:"))
    rows = ledger.unfinished(limit=args.limit, merchant_id=args.merchant_id)
    now = ledger.clock()
    listing = [
        {
            "transaction_id": p.transaction_id,
            "merchant_id": p.merchant_id,
            "state": p.state,
            "operation": p.operation,
            "amount": p.amount,
            "age_s": round(now - p.created_at, 1),
            "checks": p.checks,
            "next_check_in_s": None if p.next_check_at is None else round(p.next_check_at - now, 1),
            "last_code": p.code,
        }
        for p in rows
    ]
    pct = 100.0 * final / total if total else 100.0
    lines = [
        f"{_bar(final, total)} {final}/{total} final ({pct:.1f} %), {total - final} open, {hooks} hooks pending",
        "  " + ", ".join(f"{k} {n}" for k, n in sorted(counts.items())) if counts else "  (empty ledger)",
    ]
    if listing:
        lines.append(
            f"  {'transaction':<38} {'state':<9} {'operation':<22} {'amount':>9} {'age':>8} {'checks':>6} next"
        )
        for r in listing:
            nxt = "-" if r["next_check_in_s"] is None else f"{r['next_check_in_s']:+.0f}s"
            lines.append(
                f"  {r['transaction_id']:<38} {r['state']:<9} {r['operation']:<22} {r['amount'] or '-':>9} "
                f"{r['age_s']:>7.0f}s {r['checks']:>6} {nxt}"
            )
        if total - final > len(listing):
            lines.append(f"  ... {total - final - len(listing)} more open (--limit)")
    out.result(
        "\n".join(lines),
        total=total,
        final=final,
        open=total - final,
        hooks_pending=hooks,
        states=counts,
        unfinished=listing,
    )
    return 0


def cmd_ledger(args: argparse.Namespace, out: Output) -> int:
    with Ledger.open(_ledger_url(args)) as ledger:
        if not args.watch:
            return _show(ledger, args, out)
        try:
            while True:
                _show(ledger, args, out)
                counts = ledger.counts(args.merchant_id)
                if not any(k in counts for k in ("recorded", "unknown", "accepted", "overdue")):
                    return 0
                time.sleep(args.watch)
        except KeyboardInterrupt:
            return 0


# --- mgw reconcile --worker -----------------------------------------------------------------------------------------


def cmd_worker(args: argparse.Namespace, out: Output) -> int:
    hook = _load_hook(args.hook) if args.hook else None
    rate = RateLimit.parse(args.rate_limit, margin=args.rate_margin) if args.rate_limit else None
    cfg = config_from(args)
    ledger = Ledger.open(  # one timeout and one grace for the gateway and the ledger
        _ledger_url(args),
        on_final=hook,
        hook_in_transaction=args.hook_in_transaction,
        rate_limit=rate,
        timeout=cfg.timeout,
        grace=max(cfg.reconcile_grace, cfg.timeout + 1.0),
    )
    tokens = ledger.token_cache(cfg.merchant_id, cfg.client_id) if cfg.client_id else None
    stop = threading.Event()
    try:
        with Gateway(cfg, observer=ledger.observer, tokens=tokens) as gateway:
            rec = Reconciler(ledger, gateway, concurrency=args.concurrency, lease=args.lease)
            if args.once:  # settle what is due now, then exit (cron, tests)
                while rec.run_once(limit=100):
                    pass
            else:
                for sig in (signal.SIGTERM, signal.SIGINT):
                    signal.signal(sig, lambda *_: stop.set())
                out.step(
                    f"reconciler {ledger.owner}: merchant {cfg.merchant_id}, ledger {ledger.store.dialect}, "
                    f"concurrency {args.concurrency}, rate ceiling {args.rate_limit or 'none'}; stop with SIGTERM"
                )
                rec.run_forever(stop)
    finally:
        ledger.close()
    s = rec.stats
    out.result(
        f"{s.checks} status checks, {s.finals} made final, {s.hooks} hooks delivered, {s.errors} errors",
        checks=s.checks,
        finals=s.finals,
        hooks=s.hooks,
        errors=s.errors,
        lost=s.lost,
        codes=s.codes,
    )
    return 0


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    from .options import add_config_flags

    p = sub.add_parser("ledger", help="the payment ledger: unfinished payments, their next check, progress")
    p.add_argument("--ledger", help="ledger URL (default MGW_LEDGER_URL): sqlite:///PATH or postgresql://...")
    p.add_argument("--merchant-id", help="only this merchant's payments")
    p.add_argument("--limit", type=int, default=20, help="unfinished payments listed (next due first)")
    p.add_argument("--watch", type=float, metavar="SECONDS", help="refresh every SECONDS until nothing is open")
    p.add_argument("--json", action="store_true", help="print one JSON document instead of text")
    p.set_defaults(handler=cmd_ledger)

    # `mgw reconcile --worker`: the existing command (payments.py) gains a worker mode
    rec = sub.choices.get("reconcile")
    if rec is None:  # pragma: no cover - payments.register runs first
        rec = sub.add_parser("reconcile")
        add_config_flags(rec)
    group = rec.add_argument_group("worker mode (--worker): reconcile the ledger's unfinished payments")
    group.add_argument("--worker", action="store_true", help="run one reconciler process of the fleet")
    group.add_argument("--ledger", help="ledger URL (default MGW_LEDGER_URL)")
    group.add_argument("--hook", help="module:function called once per final payment (the merchant's hook)")
    group.add_argument(
        "--hook-in-transaction",
        action="store_true",
        help="call hook(payment, tx) inside the ledger's transaction (the strong form)",
    )
    group.add_argument("--concurrency", type=int, default=4, help="status checks in flight in this process")
    group.add_argument("--lease", type=float, default=60.0, help="seconds a claimed check stays this worker's")
    group.add_argument("--rate-limit", help="the fleet's ceiling, LIMIT/WINDOW_SECONDS (e.g. 50/1), shared by all")
    group.add_argument("--rate-margin", type=float, default=0.0, help="seconds added to the window (arrival spread)")
    group.add_argument("--once", action="store_true", help="settle what is due now, then exit")
    original: Handler = rec.get_default("handler")

    def dispatch(args: argparse.Namespace, out: Output) -> int:
        return cmd_worker(args, out) if args.worker else original(args, out)

    rec.set_defaults(handler=dispatch)
