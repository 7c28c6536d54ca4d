"""What `mgw --help`, `mgw <command> --help` and a usage error load (issue 37, a light `mgw`): the parser only. Which
modules load is deterministic, so this pins the work without timing it: no HTTP engine, database driver, gateway,
ledger or command module until a command runs; each command's handler is named in the parser (cli/arguments) and
loads then, so every name must resolve."""

from __future__ import annotations

import argparse
import importlib
import json
import subprocess
import sys
import textwrap

import pytest
from merchant_gateway.cli import _parser
from merchant_gateway.cli.arguments.handler import Run

# what running a command loads, never the parser (module -> why it is heavy)
HEAVY = {
    "httpx": "the HTTP client (the gateways, the token fetch)",
    "httpcore": "the gateways' transports",
    "anyio": "httpcore's async backend",
    "attrs": "the generated models",
    "attr": "the generated models",
    "psycopg": "the ledger's PostgreSQL driver",
    "psycopg_pool": "the ledger's PostgreSQL pool",
    "sqlite3": "the ledger's SQLite store",
    "merchant_gateway.gateway": "Gateway / AsyncGateway",
    "merchant_gateway.tasks": "the task layer",
    "merchant_gateway.ledger.ledger": "the ledger",
    "merchant_gateway.ledger.store": "the ledger's stores",
    "merchant_gateway_sandbox": "the sandbox (an optional extra)",
}
COMMAND_MODULES = ("artifacts", "commands", "demo", "jobs", "ledger", "ledger_migrate", "ledger_settings", "payments")
HEAVY.update({f"merchant_gateway.cli.{name}": "a command's implementation" for name in (*COMMAND_MODULES, "worker")})


def _heavy_in(modules: list[str]) -> list[str]:
    return sorted(m for m in modules if any(m == name or m.startswith(name + ".") for name in HEAVY))


def _commands(parser: argparse.ArgumentParser, prefix: tuple[str, ...] = ()) -> list[tuple[str, ...]]:
    """Every command and action of the parser, as the argv that names it."""
    found = []
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for name, sub in action.choices.items():
                found.append((*prefix, name))
                found += _commands(sub, (*prefix, name))
    return found


def _handlers(parser: argparse.ArgumentParser) -> list[object]:
    found = [parser.get_default("handler")]
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for sub in action.choices.values():
                found += _handlers(sub)
    return [h for h in found if h is not None]


PROBE = """
import contextlib, io, json, sys
from merchant_gateway.cli import main
for argv in json.loads(sys.argv[1]):
    with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
        try:
            main(argv)
        except SystemExit:
            pass
print(json.dumps(sorted(sys.modules)))
"""


def _loaded_by(argvs: list[list[str]], before: str = "") -> list[str]:
    code = before + textwrap.dedent(PROBE)
    done = subprocess.run(
        [sys.executable, "-c", code, json.dumps(argvs)], capture_output=True, text=True, timeout=120, check=False
    )
    assert done.returncode == 0, done.stderr[-3000:]
    loaded: list[str] = json.loads(done.stdout.strip().splitlines()[-1])
    return loaded


def test_mgw_help_in_its_own_process_imports_only_the_parser() -> None:
    """`python -X importtime -m merchant_gateway --help`: the whole process, interpreter start-up included."""
    done = subprocess.run(
        [sys.executable, "-X", "importtime", "-m", "merchant_gateway", "--help"],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    assert "usage: mgw" in done.stdout
    imported = [line.rsplit("|", 1)[1].strip() for line in done.stderr.splitlines() if line.startswith("import time:")]
    assert "merchant_gateway.cli.arguments" in imported  # the probe saw the parser being built
    assert _heavy_in(imported) == []


def test_every_command_help_and_usage_error_imports_only_the_parser() -> None:
    commands = _commands(_parser())
    assert ("ledger", "resolve") in commands
    assert ("reconcile",) in commands
    argvs = [[*command, "--help"] for command in commands if command != ("sandbox",)]
    argvs += [["pay", "--no-such-flag"], ["ledger", "resolve", "TXN", "--state", "NOT-A-CODE"], ["--json", "status"]]
    loaded = _loaded_by(argvs)
    assert "merchant_gateway.cli.arguments.ledger" in loaded
    assert _heavy_in(loaded) == []


def test_the_check_sees_what_a_command_loads() -> None:
    """The same probe, running a command: its module (and what it needs) is seen, so the checks above can fail."""
    loaded = _loaded_by([["artifacts", "--json"]])
    assert "merchant_gateway.cli.artifacts" in _heavy_in(loaded)
    assert "httpx" in _heavy_in(_loaded_by([["--help"]], before="import httpx\n"))


def test_every_handler_names_a_function_that_exists() -> None:
    """A handler is named, not imported, by the parser: a renamed function or module fails here, not in a user's
    terminal."""
    handlers = _handlers(_parser())
    named = [h for h in handlers if isinstance(h, Run)]
    assert len(named) >= 20
    for handler in named:
        module = importlib.import_module(f"merchant_gateway.cli.{handler.module}")
        assert callable(getattr(module, handler.function, None)), handler
    # the one handler that is not a Run: `mgw reconcile`'s, which picks the worker mode or the one-off reconcile
    others = [h for h in handlers if not isinstance(h, Run)]
    assert [getattr(h, "__name__", h) for h in others] == ["dispatch"]


@pytest.mark.parametrize("argv", [["reconcile", "--worker"], ["reconcile", "T1:100"]])
def test_reconcile_dispatches_to_the_worker_or_the_one_off_run(
    argv: list[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    import merchant_gateway.cli.payments as payments
    import merchant_gateway.cli.worker as worker

    ran: list[str] = []
    monkeypatch.setattr(worker, "cmd_worker", lambda args, out: ran.append("worker") or 0)
    monkeypatch.setattr(payments, "cmd_reconcile", lambda args, out: ran.append("reconcile") or 0)
    args = _parser().parse_args(argv)
    assert args.handler(args, None) == 0
    assert ran == (["worker"] if "--worker" in argv else ["reconcile"])
