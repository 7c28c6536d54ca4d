"""`mgw`'s arguments: every command's flags and help, registered without loading any command.

Why this package exists: building the parser must cost only the parser. Each module here registers one command
module's flags (``payments`` for cli/payments.py, ...) from light modules only (the options, the exit-status table,
the ledger's names), and names each handler with :class:`~.handler.Run`; the command's own module, with the
gateways, httpx or the ledger it needs, loads when that command runs (tests/unit/cli/test_cli_import_weight.py pins it).
"""

from __future__ import annotations

import argparse

from . import artifacts, commands, demo, jobs, ledger, payments, worker


def register_all(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Every command of `mgw` but `sandbox` (handed over before parsing), in the order `mgw --help` lists them."""
    commands.register(sub)
    payments.register(sub)
    jobs.register(sub)  # mgw collect, mgw intent
    demo.register(sub)
    ledger.register(sub)  # mgw ledger and its actions
    worker.register(sub)  # mgw reconcile --worker (after payments: it extends reconcile)
    artifacts.register(sub)  # mgw artifacts: the release artifacts shipped in the package
