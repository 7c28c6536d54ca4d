"""The layering holds by test: spec -> generator -> generated client -> overlay -> CLI/demo, the sandbox (a
gateway) imports no client, and inside merchant_gateway every module keeps its layer with no import cycle (issue 25).

The rules are import-linter contracts in pyproject.toml, run by `make lint`. Here each rule is broken on purpose, on a
copy of the packages with one import added, and `lint-imports` must fail naming that rule: a contract that cannot fail
checks nothing.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PACKAGE_DIRS = {  # import name -> folder that holds it
    "generator": ".",
    "merchant_gateway_client": "generated_client",
    "merchant_gateway": "overlays",
    "merchant_gateway_sandbox": "sandbox",
}
CONTRACTS = {
    c["id"]: c for c in tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["importlinter"]["contracts"]
}

# an import seen only by type checkers is an edge all the same (no cycle under TYPE_CHECKING either)
TYPE_ONLY = "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    "

# (contract id, module file to change, the back-edge added to it); every contract has at least one
BACK_EDGES = [
    ("overlay-over-generated", "merchant_gateway_client/types.py", "import merchant_gateway.errors"),
    ("generated-imports-nothing-above", "merchant_gateway_client/types.py", "import merchant_gateway_sandbox"),
    ("cli-on-top", "merchant_gateway/checks/amounts.py", "import merchant_gateway.cli.output"),
    ("sandbox-only-in-cli", "merchant_gateway/checks/amounts.py", "import merchant_gateway_sandbox.config"),
    ("sandbox-imports-no-client", "merchant_gateway_sandbox/app.py", "import merchant_gateway"),
    ("generator-is-build-time", "generator/__init__.py", "import merchant_gateway_client"),
    # the cycles issue 25 broke, each closed again
    ("package-layers", "merchant_gateway/flows/status.py", TYPE_ONLY + "from merchant_gateway.gateway import Gateway"),
    ("package-layers", "merchant_gateway/tasks/_async.py", TYPE_ONLY + "from merchant_gateway.gateway import _Base"),
    ("package-layers", "merchant_gateway/flows/__init__.py", "from merchant_gateway.tasks.mobile import AppRequest"),
    ("package-layers", "merchant_gateway/abstract.py", "import merchant_gateway.gateway"),
    ("package-layers", "merchant_gateway/gateway/_async.py", "import merchant_gateway.ledger"),
    ("package-layers", "merchant_gateway/_core/records.py", "import merchant_gateway.observers"),
    ("package-layers", "merchant_gateway/errors.py", "import merchant_gateway.config"),
    ("package-layers", "merchant_gateway/callbacks.py", "import merchant_gateway.tokens"),  # independent siblings
    (
        "package-acyclic",
        "merchant_gateway/ledger/observer.py",
        TYPE_ONLY + "from merchant_gateway.ledger import ledger",
    ),
    ("package-acyclic", "merchant_gateway/cli/output.py", "from merchant_gateway.cli import commands"),
    ("cli-commands-independent", "merchant_gateway/cli/payments.py", "from merchant_gateway.cli import demo"),
    (
        "cli-commands-independent",
        "merchant_gateway/cli/worker.py",
        TYPE_ONLY + "from merchant_gateway.cli import ledger",
    ),
    ("cli-commands-independent", "merchant_gateway/cli/output.py", "from merchant_gateway.cli import options"),
    ("package-acyclic", "merchant_gateway/flows/schedule.py", "from merchant_gateway.flows import reconcile"),
]


def test_the_contracts_name_the_rules() -> None:
    assert set(CONTRACTS) == {contract for contract, _, _ in BACK_EDGES}
    assert CONTRACTS["overlay-over-generated"]["layers"] == ["merchant_gateway", "merchant_gateway_client"]
    assert CONTRACTS["cli-on-top"]["protected_modules"] == ["merchant_gateway.cli"]
    assert CONTRACTS["package-acyclic"]["type"] == "acyclic_siblings"
    assert CONTRACTS["package-acyclic"]["ancestors"] == ["merchant_gateway"]  # every sub-package, at every depth
    layers = CONTRACTS["package-layers"]
    assert layers["containers"] == ["merchant_gateway"]
    assert layers["exhaustive"] is True
    order = [layer.split()[0].strip("()") for layer in layers["layers"]]
    assert order.index("cli") < order.index("ledger") < order.index("gateway") < order.index("tasks")
    assert order.index("tasks") < order.index("flows") < order.index("abstract") < order.index("_core")
    assert order.index("_core") < order.index("transports") < order.index("errors") == len(order) - 1
    assert set(CONTRACTS["sandbox-imports-no-client"]["forbidden_modules"]) >= {"merchant_gateway"}
    assert set(CONTRACTS["sandbox-only-in-cli"]["forbidden_modules"]) >= {"merchant_gateway_sandbox"}
    assert set(CONTRACTS["generated-imports-nothing-above"]["forbidden_modules"]) >= {
        "merchant_gateway",
        "merchant_gateway_sandbox",
    }


def lint_imports(tree: Path) -> subprocess.CompletedProcess[str]:
    paths = [str(tree / folder) for folder in dict.fromkeys(PACKAGE_DIRS.values())]
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(paths)}  # the copy, before any installed package
    code = "import sys; from importlinter.cli import lint_imports_command; sys.exit(lint_imports_command())"
    return subprocess.run(
        [sys.executable, "-c", code, "--no-cache", "--no-logo", "--config", str(tree / "pyproject.toml")],
        cwd=tree,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )


@pytest.fixture(scope="module")
def tree(tmp_path_factory: pytest.TempPathFactory) -> Path:
    pytest.importorskip("importlinter")
    dest = tmp_path_factory.mktemp("layering")
    shutil.copy(ROOT / "pyproject.toml", dest / "pyproject.toml")
    ignore = shutil.ignore_patterns("__pycache__", "*.pyc", "golden", "templates", "static", "*.json")
    for name, folder in PACKAGE_DIRS.items():
        shutil.copytree(ROOT / folder / name, dest / folder / name, ignore=ignore)
    return dest


def test_the_tree_as_it_is_keeps_every_contract(tree: Path) -> None:
    done = lint_imports(tree)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "0 broken" in done.stdout


def _broken(done: subprocess.CompletedProcess[str]) -> set[str]:
    report = " ".join(done.stdout.split())  # long contract names wrap in the report
    return {cid for cid, c in CONTRACTS.items() if f"{c['name']} BROKEN" in report}


@pytest.mark.parametrize(
    ("contract", "module", "line"), BACK_EDGES, ids=[f"{c}:{m}:{line[-40:]}" for c, m, line in BACK_EDGES]
)
def test_a_back_edge_breaks_its_contract(tree: Path, contract: str, module: str, line: str) -> None:
    folder = PACKAGE_DIRS[module.split("/", 1)[0]]
    path = tree / folder / module
    original = path.read_text()
    path.write_text(original + f"\n{line}  # back-edge added by {Path(__file__).name}\n")
    try:
        done = lint_imports(tree)
    finally:
        path.write_text(original)
    assert done.returncode == 1, done.stdout + done.stderr
    assert contract in _broken(done), done.stdout


def test_a_new_module_must_be_given_its_layer(tree: Path) -> None:
    """exhaustive: a module nobody placed breaks the layers contract until docs/design.md's picture places it."""
    path = tree / "overlays" / "merchant_gateway" / "unplaced.py"
    path.write_text("from . import errors\n")
    try:
        done = lint_imports(tree)
    finally:
        path.unlink()
    assert done.returncode == 1, done.stdout + done.stderr
    assert _broken(done) == {"package-layers"}, done.stdout
    assert "merchant_gateway.unplaced" in done.stdout
