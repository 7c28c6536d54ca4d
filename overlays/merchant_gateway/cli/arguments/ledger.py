"""The flags of `mgw ledger` and its actions, `settings` and `migrate` included (cli/ledger.py,
ledger_settings.py and ledger_migrate.py run them). The names it offers (the codes an operator may record, the fleet
settings, the health thresholds' defaults) come from the ledger's light modules: the ledger itself loads when an
action runs."""

from __future__ import annotations

import argparse
import re
from typing import NoReturn, cast

from ...ledger.health import Thresholds
from ...ledger.model import FLEET_SETTINGS, RESOLVE_CODES
from ..options import add_config_flags
from .handler import Run

DEFAULT_DB_TIMEOUT = 5.0
_UNITS = {"s": 1, "m": 60, "h": 3600, "d": 86400}
_DURATION = re.compile(r"\s*(\d+(?:\.\d+)?)\s*([smhd]?)\s*")


def duration(text: str) -> float:
    """``90``, ``90s``, ``15m``, ``1h``, ``2d`` as seconds (argparse type: a bad value is a usage error)."""
    match = _DURATION.fullmatch(text)
    value = float(match.group(1)) * _UNITS[match.group(2) or "s"] if match else 0.0
    if not value > 0:
        raise argparse.ArgumentTypeError(f"{text!r} is not a duration: give e.g. 90s, 15m, 1h or 2d")
    return value


def share(text: str) -> float:
    """``0.05`` or ``5%`` as a share from 0 to 1."""
    try:
        value = float(text[:-1]) / 100 if text.endswith("%") else float(text)
    except ValueError:
        value = -1.0
    if not 0 <= value <= 1:
        raise argparse.ArgumentTypeError(f"{text!r} is not a share: give e.g. 0.05 or 5%")
    return value


def _pair(text: str) -> tuple[str, str]:
    name, sep, value = text.partition("=")
    if not sep or name.strip() not in FLEET_SETTINGS:
        raise argparse.ArgumentTypeError(f"{text!r}: give NAME=VALUE, NAME one of {', '.join(FLEET_SETTINGS)}")
    return name.strip(), value


class _ActionParser(argparse.ArgumentParser):
    """An action's parser: with ``--json`` its usage errors go through `mgw ledger`'s parser (one JSON document)."""

    owner: argparse.ArgumentParser | None = None

    def error(self, message: str) -> NoReturn:
        if self.owner is not None and getattr(self.owner, "json_errors", False):
            self.owner.error(message)
        super().error(message)


def _common(p: argparse.ArgumentParser, *, sub: bool, merchant: bool = True, json: bool = True) -> None:
    """The options every action takes, before or after its name (an action's copy changes only what is given)."""
    keep = argparse.SUPPRESS if sub else None
    p.add_argument(
        "--ledger", default=keep, help="ledger URL (default MGW_LEDGER_URL): sqlite:///PATH or postgresql://..."
    )
    if merchant:
        p.add_argument("--merchant-id", default=keep, help="only this merchant's payments")
    p.add_argument(
        "--timeout",
        type=duration,
        default=argparse.SUPPRESS if sub else DEFAULT_DB_TIMEOUT,
        help=f"the longest wait for the ledger's database (default {DEFAULT_DB_TIMEOUT:g} s; then exit 6)",
    )
    if json:
        p.add_argument(
            "--json", action="store_true", default=argparse.SUPPRESS if sub else False, help="print one JSON document"
        )


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser(
        "ledger",
        help="the payment ledger: progress, one payment's history, hooks, check or resolve a payment, health",
        description="Without an action: progress and the unfinished payments, the next due first.",
        epilog="exit status: 0 done; 1 refused or failed (the message says why); 2 bad input; 4 (check) still "
        "open; 6 the ledger's database cannot be used; 7 / 8 (health) a check at its warning / critical threshold",
    )
    _common(p, sub=False)
    p.add_argument("--limit", type=int, default=20, help="unfinished payments listed (next due first)")
    p.add_argument("--since", type=duration, help="count only payments created in this window (e.g. 15m, 1h, 2d)")
    p.add_argument("--watch", type=float, metavar="SECONDS", help="refresh every SECONDS until nothing is open")
    p.set_defaults(handler=Run("ledger", "cmd_ledger"), since=None)
    actions = cast(
        "argparse._SubParsersAction[argparse.ArgumentParser]",
        p.add_subparsers(dest="action", metavar="ACTION", parser_class=_ActionParser),
    )

    show = actions.add_parser("show", help="one payment: its state and its events in order, with times")
    show.add_argument("transaction_id", metavar="TXN")
    _common(show, sub=True)
    show.set_defaults(handler=Run("ledger", "cmd_show"))

    hooks = actions.add_parser("hooks", help="final payments whose hook has not completed, with each one's error")
    _common(hooks, sub=True)
    hooks.add_argument("--limit", type=int, default=argparse.SUPPRESS, help="hooks listed (next due first)")
    hooks.set_defaults(handler=Run("ledger", "cmd_hooks"))

    retry = actions.add_parser(
        "retry-hook", help="make a pending hook (or every failed one: --all-failed) due now, or run it here with --hook"
    )
    retry.add_argument("transaction_id", metavar="TXN", nargs="?")
    _common(retry, sub=True)
    retry.add_argument(
        "--all-failed", action="store_true", help="every pending hook that failed and no process runs now"
    )
    retry.add_argument("--limit", type=int, default=None, help="with --all-failed: at most this many (default 1000)")
    retry.add_argument("--operator", help="who asked (kept in the payment's events; default this process's name)")
    retry.add_argument("--hook", help="module:function: run the hook in this process now (as the worker would)")
    retry.add_argument("--hook-in-transaction", action="store_true", help="the hook's strong form, hook(payment, tx)")
    retry.set_defaults(handler=Run("ledger", "cmd_retry_hook"))

    workers = actions.add_parser(
        "workers", help="the reconciler workers' heartbeats (running ones; --all), or --forget NAME one that is gone"
    )
    _common(workers, sub=True, merchant=False)
    workers.add_argument("--all", action="store_true", help="stopped workers too")
    workers.add_argument("--forget", metavar="NAME", help="remove this worker's row (it died and will not come back)")
    workers.set_defaults(handler=Run("ledger", "cmd_workers"))

    check = actions.add_parser(
        "check",
        help="read a payment's status now through the gateway (MGW_* settings), judged as the reconciler judges",
    )
    check.add_argument("transaction_id", metavar="TXN")
    _common(check, sub=True, merchant=False, json=False)
    add_config_flags(check)  # the gateway's settings: its --merchant-id is the payment's merchant
    check.add_argument(
        "--merchants",
        metavar="FILE",
        help="the merchants file of the fleet's worker (default MGW_MERCHANTS_FILE): the check reads the status with "
        "the settings of the payment's merchant in it (--merchant-id chooses when the ledger holds the id for "
        "several); docs/operations.md, Many merchants, one worker",
    )
    check.set_defaults(handler=Run("ledger", "cmd_check"))

    resolve = actions.add_parser(
        "resolve",
        help="end a stuck payment with the outcome you established, your name and why (recorded as an event)",
        description="Refused, changing nothing, when the payment is final, a call still sends it, or the outcome "
        "contradicts the gateway's evidence (PAYMENT_ERROR for a payment it said was PAYMENT_SUCCESS or is still "
        "PAYMENT_PENDING; PAYMENT_SUCCESS after TRANSACTION_NOT_FOUND or a failure). A contradiction of the evidence "
        "is recorded only with --force and a second operator who agrees (both names are kept in the event).",
    )
    resolve.add_argument("transaction_id", metavar="TXN")
    resolve.add_argument("--state", required=True, choices=RESOLVE_CODES, help="the final code to record")
    resolve.add_argument("--reason", required=True, help="why (kept in the payment's events)")
    resolve.add_argument("--operator", required=True, help="who decided (kept in the payment's events)")
    resolve.add_argument(
        "--force", action="store_true", help="record it although it contradicts the gateway's evidence"
    )
    resolve.add_argument(
        "--second-operator", metavar="NAME", help="with --force: the second person who agrees (kept in the event)"
    )
    _common(resolve, sub=True)
    resolve.set_defaults(handler=Run("ledger", "cmd_resolve"))

    th = Thresholds()
    health = actions.add_parser(
        "health",
        help="is the fleet settling payments? one line per check; exit 0 ok, 7 warning, 8 critical, 6 database",
    )
    _common(health, sub=True)
    health.add_argument(
        "--since",
        type=duration,
        default=argparse.SUPPRESS,
        help=f"the window of the outcome-unknown rate (default {th.window:g} s)",
    )
    for name, kind, what in (
        ("unknown_rate", share, "share of payments that ended in outcome unknown (0.05 or 5%%)"),
        ("oldest_open", duration, "age of the oldest open payment"),
        ("heartbeat", duration, "age of the freshest running worker's heartbeat"),
    ):
        for level in ("warn", "critical"):
            default = getattr(th, f"{name}_{level}")
            health.add_argument(
                f"--{name.replace('_', '-')}-{level}",
                type=kind,
                default=default,
                help=f"{what} at which the check is {level} (default {default:g})",
            )
    health.add_argument(
        "--heartbeat-gone",
        type=duration,
        default=th.heartbeat_gone,
        help=f"a worker silent this long is presumed gone and no longer judged (default {th.heartbeat_gone:g})",
    )
    health.add_argument(
        "--min-payments",
        type=int,
        default=th.min_payments,
        help=f"fewer payments in the window are not judged (default {th.min_payments})",
    )
    health.add_argument(
        "--no-workers",
        action="store_true",
        help="no heartbeat check: no reconciler of this fleet writes heartbeats",
    )
    health.set_defaults(handler=Run("ledger", "cmd_health"))

    _settings(actions)  # mgw ledger settings: the fleet settings (ledger_settings.py)
    _migrate(actions)  # mgw ledger migrate: the schema (ledger_migrate.py)
    for action in actions.choices.values():
        if isinstance(action, _ActionParser):
            action.owner = p


def _settings(actions: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """`settings` under `mgw ledger`."""
    p = actions.add_parser(
        "settings",
        help="the fleet settings stored in the ledger (rate ceiling, hook form, grace); --set changes them",
        description="Every process on one ledger must use the same fleet settings: a process started with others "
        "refuses to start (exit 2) and names both values. --set changes them for the whole fleet, deliberately.",
    )
    p.add_argument(
        "--set",
        type=_pair,
        action="append",
        metavar="NAME=VALUE",
        help=f"store VALUE for NAME ({', '.join(FLEET_SETTINGS)}); repeat for several",
    )
    p.add_argument("--by", help="who makes the change (kept in mgw_settings_log); needed with --set")
    p.add_argument("--log", type=int, default=10, help="latest changes listed (default 10)")
    _common(p, sub=True, merchant=False)
    p.set_defaults(handler=Run("ledger_settings", "cmd_settings"))


def _migrate(actions: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """`migrate` under `mgw ledger`."""
    p = actions.add_parser(
        "migrate",
        help="create the ledger or bring its schema to this package's version (the only command that changes it)",
        description="Run once per deployment, with a database role allowed to create tables, before starting "
        "processes of a new version; processes of the previous version keep working meanwhile. Running it again "
        "changes nothing. Every other command refuses a ledger at another schema version (exit 2).",
        epilog="exit status: 0 done (or, with --check, up to date); 1 (--check) not at this package's version; 2 bad "
        "input or configuration (a refused role, a relative SQLite path); 6 the database cannot be used",
    )
    p.add_argument("--check", action="store_true", help="only say the schema's version; change nothing")
    _common(p, sub=True, merchant=False)
    p.set_defaults(handler=Run("ledger_migrate", "cmd_migrate"))
