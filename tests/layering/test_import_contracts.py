"""The layering holds by test: spec -> generator -> generated client -> overlay -> CLI/demo, and the sandbox (a
gateway) imports no client.

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

# contract id -> (module file to change, the back-edge added to it)
BACK_EDGES = {
    "overlay-over-generated": ("merchant_gateway_client/types.py", "import merchant_gateway.errors"),
    "generated-imports-nothing-above": ("merchant_gateway_client/types.py", "import merchant_gateway_sandbox"),
    "cli-on-top": ("merchant_gateway/amounts.py", "import merchant_gateway.cli.output"),
    "sandbox-only-in-cli": ("merchant_gateway/amounts.py", "import merchant_gateway_sandbox.config"),
    "sandbox-imports-no-client": ("merchant_gateway_sandbox/app.py", "import merchant_gateway"),
    "generator-is-build-time": ("generator/__init__.py", "import merchant_gateway_client"),
    "cli-acyclic": ("merchant_gateway/cli/output.py", "from merchant_gateway.cli import commands"),
}


def test_the_contracts_name_the_rules() -> None:
    assert set(CONTRACTS) == set(BACK_EDGES)
    assert CONTRACTS["overlay-over-generated"]["layers"] == ["merchant_gateway", "merchant_gateway_client"]
    assert CONTRACTS["cli-on-top"]["protected_modules"] == ["merchant_gateway.cli"]
    assert CONTRACTS["cli-acyclic"]["type"] == "acyclic_siblings"
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


@pytest.mark.parametrize("contract", sorted(BACK_EDGES))
def test_a_back_edge_breaks_its_contract(tree: Path, contract: str) -> None:
    module, line = BACK_EDGES[contract]
    folder = PACKAGE_DIRS[module.split("/", 1)[0]]
    path = tree / folder / module
    original = path.read_text()
    path.write_text(original + f"\n{line}  # back-edge added by {Path(__file__).name}\n")
    try:
        done = lint_imports(tree)
    finally:
        path.write_text(original)
    assert done.returncode == 1, done.stdout + done.stderr
    report = " ".join(done.stdout.split())  # long contract names wrap in the report
    assert f"{CONTRACTS[contract]['name']} BROKEN" in report, done.stdout
