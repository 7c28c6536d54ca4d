"""`mgw ledger migrate`: the one command that changes the ledger's schema (creates a new ledger, or brings an older
one to this package's version); `--check` only says where it stands. Every other command refuses a ledger at
another version and names this one. What a migration does and why: merchant_gateway.ledger.migrations,
docs/operations.md "Upgrading"."""

from __future__ import annotations

import argparse
import logging
from collections.abc import Callable

from ..ledger.migrations import SCHEMA_VERSION, shown_url
from ..ledger.store import migrate, read_version
from . import exit_codes
from .ledger_options import ledger_url
from .output import Output

Common = Callable[..., None]


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


def register(actions: argparse._SubParsersAction[argparse.ArgumentParser], common: Common) -> None:
    """`migrate` under `mgw ledger` (``common`` adds the options every ledger action takes)."""
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
    common(p, sub=True, merchant=False)
    p.set_defaults(handler=cmd_migrate)
