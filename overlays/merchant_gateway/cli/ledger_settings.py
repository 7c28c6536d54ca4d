"""`mgw ledger settings`: the fleet settings stored in the ledger (rate ceiling, hook form, grace), their latest
changes, and a deliberate change for the whole fleet (`--set NAME=VALUE`, kept in mgw_settings_log). What each
setting means and why the fleet must agree on it: merchant_gateway.ledger.settings, docs/operations.md
"Fleet settings"."""

from __future__ import annotations

import argparse
import logging
import socket

from ..errors import ConfigurationError
from ..ledger import open_store
from ..ledger.settings import FLEET_SETTINGS, change_settings, read_settings, settings_log
from .ledger_options import ledger_url
from .output import Output, iso_time


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
