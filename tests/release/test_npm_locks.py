"""The npm tools are installed from committed lock files (`npm ci`), so every machine gets the same tree. These checks
keep the lock files in step with their package.json and the tools' copy of the TypeScript package's versions in step
with clients/typescript/package.json (the package's own manifest, which is what gets published)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
LOCKED = ["tools/npm", "tests/release/recipes", "clients/typescript/e2e"]


def _json(path: Path) -> dict[str, object]:
    data = json.loads(path.read_text(encoding="utf-8"))
    assert isinstance(data, dict)
    return data


@pytest.mark.parametrize("folder", LOCKED)
def test_each_lock_records_exactly_its_package_json(folder: str) -> None:
    manifest = _json(ROOT / folder / "package.json")
    lock = _json(ROOT / folder / "package-lock.json")
    root = lock["packages"][""]  # type: ignore[index]
    for field in ("dependencies", "devDependencies"):
        assert root.get(field, {}) == manifest.get(field, {}), f"{folder}: run `make npm-lock` ({field} differ)"
    for name in {**manifest.get("dependencies", {}), **manifest.get("devDependencies", {})}:  # type: ignore[dict-item]
        assert f"node_modules/{name}" in lock["packages"], f"{folder}: {name} is not in the lock"  # type: ignore[operator]


def test_the_tools_tree_has_the_typescript_packages_versions() -> None:
    tools = _json(ROOT / "tools/npm/package.json")["devDependencies"]
    package = _json(ROOT / "clients/typescript/package.json")
    assert isinstance(tools, dict)
    for name, wanted in package["devDependencies"].items():  # type: ignore[attr-defined]
        assert tools.get(name) == wanted, f"tools/npm pins {name} {tools.get(name)}, the TypeScript package {wanted}"
    for name, wanted in package["dependencies"].items():  # type: ignore[attr-defined]
        # the published manifest declares a range (^0.17.0); the tools tree pins its lower end, so what we test
        # the package with is a version every install of it may get
        assert tools.get(name) == wanted.lstrip("^~"), f"tools/npm pins {name} {tools.get(name)}, the package {wanted}"


def test_every_npm_install_in_the_makefile_uses_a_lock() -> None:
    makefile = (ROOT / "Makefile").read_text(encoding="utf-8")
    installs = [line for line in makefile.splitlines() if "npm install" in line or "npm ci" in line]
    assert installs, "the Makefile installs no npm tools?"
    for line in installs:
        assert "npm ci" in line or "--package-lock-only" in line, f"npm install without the lock: {line.strip()}"
