"""The flags of `mgw reconcile --worker`, added to `mgw reconcile` (cli/worker.py runs the worker mode)."""

from __future__ import annotations

import argparse

from ...log import LOG_FORMATS
from .. import exit_codes
from ..options import add_config_flags
from ..output import Output
from .handler import Handler, Run

LOG_LEVELS = ("DEBUG", "INFO", "WARNING", "ERROR")


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Extends `mgw reconcile` (payments.py, registered first) with the worker mode."""
    rec = sub.choices.get("reconcile")
    if rec is None:  # pragma: no cover - payments.register runs first
        rec = sub.add_parser("reconcile")
        add_config_flags(rec)
    rec.epilog = f"{rec.epilog}\n\n{exit_codes.WORKER_HELP}" if rec.epilog else exit_codes.WORKER_HELP
    group = rec.add_argument_group("worker mode (--worker): reconcile the ledger's unfinished payments")
    group.add_argument("--worker", action="store_true", help="run one reconciler process of the fleet")
    group.add_argument("--ledger", help="ledger URL (default MGW_LEDGER_URL)")
    group.add_argument(
        "--merchants",
        metavar="FILE",
        help="serve every merchant of this TOML file, each with its own credentials (default MGW_MERCHANTS_FILE; "
        "neither: the one merchant of the MGW_* settings); docs/operations.md, Many merchants, one worker",
    )
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
    group.add_argument(
        "--gateway-timeout",
        type=float,
        metavar="SECONDS",
        help="the longest wait for one gateway answer (default MGW_TIMEOUT, else 15); also bounds each wait for "
        "the ledger's database",
    )
    group.add_argument("--once", action="store_true", help="settle what is due now, then exit")
    group.add_argument(
        "--database-bound",
        type=float,
        default=300.0,
        metavar="SECONDS",
        help="exit with status 6 once the ledger's database has been unavailable this long (default 300)",
    )
    group.add_argument(
        "--heartbeat",
        type=float,
        default=10.0,
        metavar="SECONDS",
        help="write the heartbeat and counters to the ledger every SECONDS (default 10; Ledger.workers())",
    )
    group.add_argument(
        "--log-format", choices=LOG_FORMATS, help="log events as text or JSON lines (default MGW_LOG_FORMAT, text)"
    )
    group.add_argument("--log-level", choices=LOG_LEVELS, help="least level logged (default MGW_LOG_LEVEL, INFO)")
    original: Handler = rec.get_default("handler")
    worker: Handler = Run("worker", "cmd_worker")

    def dispatch(args: argparse.Namespace, out: Output) -> int:
        return worker(args, out) if args.worker else original(args, out)

    rec.set_defaults(handler=dispatch)
