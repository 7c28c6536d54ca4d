"""`mgw reconcile --worker`: one reconciler process of the fleet, settling the payment ledger's unfinished payments
(merchant_gateway.ledger, docs/operations.md "The reconciler worker")."""

from __future__ import annotations

import argparse
import signal
import threading
from collections.abc import Callable

from ..gateway import Gateway
from ..ledger import Ledger, RateLimit, Reconciler
from ..ledger.settings import stored_margin
from .ledger_options import ledger_url, load_hook
from .options import config_from
from .output import Output

Handler = Callable[[argparse.Namespace, Output], int]


def cmd_worker(args: argparse.Namespace, out: Output) -> int:
    hook = load_hook(args.hook) if args.hook else None
    rate = RateLimit.parse(args.rate_limit) if args.rate_limit else None  # checked before the database is opened
    cfg = config_from(args)
    if rate is not None:  # the margin is a fleet setting: not given, the ledger's stored one (else 0.5 s)
        given = args.rate_margin
        margin = given if given is not None else stored_margin(ledger_url(args), timeout=cfg.timeout)
        rate = RateLimit.parse(args.rate_limit, margin=margin)
    ledger = Ledger.open(  # the gateway's timeout; the grace is the fleet's (the reconciler checks it is longer)
        ledger_url(args),
        on_final=hook,
        hook_in_transaction=args.hook_in_transaction,
        rate_limit=rate,
        timeout=cfg.timeout,
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
    """Extends `mgw reconcile` (payments.py, registered first) with the worker mode."""
    from .options import add_config_flags

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
    group.add_argument(
        "--rate-limit",
        help="the fleet's ceiling, LIMIT/WINDOW_SECONDS (e.g. 40/1), shared by every process on the ledger; a fleet "
        "setting: not given, the ceiling stored in the ledger (if any); another one than stored is refused (exit 2)",
    )
    group.add_argument(
        "--rate-margin",
        type=float,
        help="seconds added to the window for the spread between a grant and the request's arrival (0.2 s was too "
        "little on a loaded 2-core machine, 0.5 s was enough); a fleet setting: not given, the ledger's stored "
        "margin, else 0.5",
    )
    group.add_argument("--once", action="store_true", help="settle what is due now, then exit")
    original: Handler = rec.get_default("handler")

    def dispatch(args: argparse.Namespace, out: Output) -> int:
        return cmd_worker(args, out) if args.worker else original(args, out)

    rec.set_defaults(handler=dispatch)
