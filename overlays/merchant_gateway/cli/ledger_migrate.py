"""`mgw ledger migrate`: the one command that changes the ledger's schema (creates a new ledger, or brings an older
one to this package's version); `--check` only says where it stands. Every other command refuses a ledger at
another version and names this one. What a migration does and why: merchant_gateway.ledger.migrations,
docs/operations.md "Upgrading"."""

from __future__ import annotations

import argparse
import logging

from ..ledger.migrations import SCHEMA_VERSION, shown_url
from ..ledger.store import migrate, read_version
from . import exit_codes
from .ledger_options import ledger_url
from .output import Output


def cmd_migrate(args: argparse.Namespace, out: Output) -> int:
    url = ledger_url(args)
    logging.getLogger("psycopg").addHandler(logging.NullHandler())  # the one line that matters is our error
    where = shown_url(url)
    if args.check:
        found = read_version(url, timeout=args.timeout)
        state = (
            "current"
            if found == SCHEMA_VERSION
            else "missing"
            if found is None
            else ("older" if found < SCHEMA_VERSION else "newer")
        )
        text = {
            "current": f"{where}: schema version {found}, this package's: nothing to do",
            "missing": f"{where}: no ledger yet: mgw ledger migrate creates it",
            "older": f"{where}: schema version {found}, this package needs {SCHEMA_VERSION}: run mgw ledger migrate",
            "newer": f"{where}: schema version {found}, newer than this package knows ({SCHEMA_VERSION}): upgrade "
            "the package",
        }[state]
        out.result(text, schema=found, package_schema=SCHEMA_VERSION, state=state)
        return exit_codes.OK if state == "current" else exit_codes.FAILED
    done = migrate(url, timeout=args.timeout)
    if not done.applied:
        text = f"{where}: schema version {done.after} already: nothing changed"
    else:
        text = "\n".join(
            [f"{where}: schema version {done.before or 'none'} -> {done.after}"] + [f"  {s}" for s in done.applied]
        )
    out.result(text, before=done.before, after=done.after, applied=list(done.applied))
    return exit_codes.OK
