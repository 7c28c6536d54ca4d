"""`mgw ledger settings`: the fleet settings stored in the ledger (rate ceiling, hook form, grace), their latest
changes, and a deliberate change for the whole fleet (`--set NAME=VALUE`, kept in mgw_settings_log). What each
setting means and why the fleet must agree on it: merchant_gateway.ledger.settings, docs/operations.md
"Fleet settings"."""

from __future__ import annotations

import argparse
import logging
import socket
from collections.abc import Callable

from ..errors import ConfigurationError
from ..ledger import open_store
from ..ledger.settings import FLEET_SETTINGS, change_settings, read_settings, settings_log
from .ledger_options import ledger_url
from .output import Output, iso_time

Common = Callable[..., None]


def _pair(text: str) -> tuple[str, str]:
    name, sep, value = text.partition("=")
    if not sep or name.strip() not in FLEET_SETTINGS:
        raise argparse.ArgumentTypeError(f"{text!r}: give NAME=VALUE, NAME one of {', '.join(FLEET_SETTINGS)}")
    return name.strip(), value


def cmd_settings(args: argparse.Namespace, out: Output) -> int:
    changes = dict(args.set or [])
    if changes and not args.by:
        raise ConfigurationError("--by", "a change of the fleet settings needs who makes it (kept in mgw_settings_log)")
    logging.getLogger("psycopg").addHandler(logging.NullHandler())  # the one line that matters is our error
    store = open_store(ledger_url(args), timeout=args.timeout)
    try:
        if changes:
            change_settings(store, changes, by=f"{args.by} (mgw ledger settings on {socket.gethostname()})")
        with store.transaction() as tx:
            stored = read_settings(tx)
        log = settings_log(store, limit=args.log)
    finally:
        store.close()
    lines = [
        f"  {name:<20} {stored[name].value:<10} set {iso_time(stored[name].set_at)} by {stored[name].set_by}"
        if name in stored
        else f"  {name:<20} {'-':<10} not stored (each process's own, or the built-in default)"
        for name in FLEET_SETTINGS
    ]
    if changes:
        lines.insert(0, "changed for the whole fleet; processes already running take a new value when they restart")
    if log:
        lines.append("latest changes:")
        lines += [
            f"  {iso_time(float(str(r['at'])))} {r['name']}: {r['old_value'] or '-'} -> {r['new_value']} by {r['by']}"
            for r in log
        ]
    out.result(
        "\n".join(lines),
        settings={name: s.value for name, s in stored.items()},
        set={name: {"at": iso_time(s.set_at), "by": s.set_by} for name, s in stored.items()},
        log=[
            {**r, "at": iso_time(float(str(r["at"])))} for r in log
        ],  # ISO 8601 times, as in every --json (output.iso_time)
    )
    return 0


def register(actions: argparse._SubParsersAction[argparse.ArgumentParser], common: Common) -> None:
    """`settings` under `mgw ledger` (``common`` adds the options every ledger action takes)."""
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
    common(p, sub=True, merchant=False)
    p.set_defaults(handler=cmd_settings)
