"""The development environment: tools in a dependency group (never a published extra), one lock that every venv
installs from and that matches pyproject.toml, and CI on the oldest and newest Python the package declares."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

from packaging.requirements import Requirement
from packaging.specifiers import SpecifierSet
from packaging.utils import canonicalize_name

ROOT = Path(__file__).resolve().parents[2]
PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
LOCK = ROOT / "tools" / "deps" / "dev-lock.txt"


def locked() -> dict[str, str]:
    """name -> exact version of every package in the lock (each must also carry hashes)."""
    pins: dict[str, str] = {}
    for entry in re.split(r"\n(?=[A-Za-z0-9])", LOCK.read_text(encoding="utf-8")):
        if entry.startswith("#") or not entry.strip():
            continue
        match = re.match(r"([A-Za-z0-9._-]+)==([^ ;\\\n]+)", entry)
        assert match, f"not an exact pin: {entry[:80]!r}"
        assert "--hash=sha256:" in entry, f"no hash for {match[1]}"
        pins[canonicalize_name(match[1])] = match[2]
    return pins


def test_dev_tools_are_a_group_not_a_published_extra() -> None:
    extras = PYPROJECT["project"]["optional-dependencies"]
    assert "sandbox" in extras  # extras are what users install (sandbox, postgres ...)
    assert not {"dev", "test", "tests", "lint", "docs"} & set(extras)
    groups = PYPROJECT["dependency-groups"]
    assert {"dev", "lock"} <= set(groups)
    assert not any("merchant-gateway-client" in r for r in groups["dev"])  # the lock pins; `-e . --no-deps` adds us


def test_the_lock_pins_everything_pyproject_asks_for() -> None:
    """Drift check: a requirement added to pyproject.toml without `make lock` fails here."""
    pins = locked()
    project = PYPROJECT["project"]
    wanted = (
        project["dependencies"] + project["optional-dependencies"]["sandbox"] + PYPROJECT["dependency-groups"]["dev"]
    )
    for text in wanted:
        req = Requirement(text)
        name = canonicalize_name(req.name)
        assert name in pins, f"{req.name} is not in {LOCK.name}: run `make lock`"
        assert SpecifierSet(str(req.specifier)).contains(pins[name], prereleases=True), (
            f"{LOCK.name} has {req.name}=={pins[name]}, pyproject.toml asks for {req.specifier}: run `make lock`"
        )


def test_runtime_dependencies_keep_wide_ranges() -> None:
    extras = PYPROJECT["project"]["optional-dependencies"].values()
    for text in PYPROJECT["project"]["dependencies"] + [r for extra in extras for r in extra]:
        assert "==" not in text, f"a library must not pin a merchant's application: {text}"


def test_every_venv_installs_from_the_lock() -> None:
    makefile = (ROOT / "Makefile").read_text(encoding="utf-8")
    assert "LOCK := tools/deps/dev-lock.txt" in makefile
    stamp = re.search(r"^\$\(STAMP\): (.*)$\n((?:\t.*\n)+)", makefile, re.M)
    assert stamp, "no $(STAMP) rule"
    assert "$(LOCK)" in stamp[1].split()  # a new lock re-installs the venv
    assert "pip install -q -r $(LOCK)" in stamp[2]
    assert "--no-deps -e ." in stamp[2]
    assert "[dev]" not in makefile


def test_ci_runs_the_oldest_and_newest_declared_python() -> None:
    declared = sorted(
        tuple(int(p) for p in c.rsplit(" ", 1)[1].split("."))
        for c in PYPROJECT["project"]["classifiers"]
        if re.fullmatch(r"Programming Language :: Python :: 3\.\d+", c)
    )
    assert PYPROJECT["project"]["requires-python"] == f">={declared[0][0]}.{declared[0][1]}"
    assert declared[-1] == (3, 13)
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8").split()
    assert "test" in ci
    assert "test-py313" in ci
