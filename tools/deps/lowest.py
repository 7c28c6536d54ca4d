"""The lowest versions pyproject.toml's dependency ranges allow, read from pyproject.toml itself (so each floor is
written once, where users read it).

    python tools/deps/lowest.py [--extras a,b]           # pip constraints: one `name==floor` a line
    python tools/deps/lowest.py [--extras a,b] --check   # this environment has each of them at its floor?

`make test-lowest` installs the package and the extras it names with these constraints in a venv of its own and runs
their tests there, so every declared floor is a tested one; `--check` then proves the venv really holds the floors
(a constraint pip could not honour would otherwise leave a newer version, and a test run that proves nothing)."""

from __future__ import annotations

import argparse
import sys
import tomllib
from collections.abc import Mapping
from importlib import metadata
from pathlib import Path
from typing import Any

from packaging.requirements import Requirement
from packaging.utils import canonicalize_name
from packaging.version import Version

PYPROJECT = Path(__file__).resolve().parents[2] / "pyproject.toml"
# The operators that name a lowest version: `>=X`, the compatible release `~=X` and a pin `==X` (`==X.*`: X), all of
# which allow X itself. `>X` names none we could install, so such a range fails below rather than being tested at a
# guess.
FLOOR_OPERATORS = (">=", "~=", "==")


class NoFloor(ValueError):
    """A requirement whose range names no lowest version."""


def floor(requirement: Requirement) -> Version:
    """The lowest version ``requirement``'s range allows; `NoFloor` when it names none."""
    bounds = [
        Version(spec.version.removesuffix(".*")) for spec in requirement.specifier if spec.operator in FLOOR_OPERATORS
    ]
    if not bounds:
        raise NoFloor(
            f"{requirement} names no lowest version (allowed: {' or '.join(FLOOR_OPERATORS)}); give it one in "
            f"pyproject.toml, e.g. {requirement.name}>=X: make test-lowest installs and tests every floor"
        )
    lowest = max(bounds)
    if not requirement.specifier.contains(lowest, prereleases=True):  # e.g. `>=1.0,!=1.0`
        raise NoFloor(
            f"{requirement}: its lowest version {lowest} is excluded by the range itself; write the floor as the "
            f"lowest version it allows (e.g. {requirement.name}>=X): make test-lowest installs and tests every floor"
        )
    return lowest


def requirements(pyproject: Mapping[str, Any], extras: list[str]) -> list[Requirement]:
    """The runtime dependencies and those of each of ``extras``, as pyproject.toml writes them."""
    project = pyproject["project"]
    declared: dict[str, list[str]] = project.get("optional-dependencies", {})
    unknown = [name for name in extras if name not in declared]
    if unknown:
        raise SystemExit(
            f"lowest.py: no extra {', '.join(unknown)} in pyproject.toml (its extras: {', '.join(declared)}); "
            "name the extras whose floors to list with --extras a,b"
        )
    texts = list(project["dependencies"]) + [text for name in extras for text in declared[name]]
    return [Requirement(text) for text in texts]


def floors(pyproject: Mapping[str, Any], extras: list[str]) -> dict[str, Version]:
    """canonical name -> lowest allowed version, for every requirement that applies to this interpreter."""
    found: dict[str, Version] = {}
    for requirement in requirements(pyproject, extras):
        if requirement.marker is not None and not requirement.marker.evaluate():
            continue
        name = canonicalize_name(requirement.name)
        # the same package in two places (the runtime list and an extra): the higher floor is the one both allow
        found[name] = max(floor(requirement), found.get(name, Version("0")))
    return found


def constraints(pins: dict[str, Version]) -> str:
    """pip's constraints format; no extras there (pip refuses them): a package's extras come from the install line."""
    return "".join(f"{name}=={version}\n" for name, version in sorted(pins.items()))


def mismatches(pins: dict[str, Version]) -> list[str]:
    """Each pinned package this environment lacks or holds at another version than its floor."""
    wrong = []
    for name, version in sorted(pins.items()):
        try:
            installed = metadata.version(name)
        except metadata.PackageNotFoundError:
            wrong.append(f"{name}: not installed, its floor is {version}")
            continue
        if Version(installed) != version:
            wrong.append(f"{name}: {installed} installed, its floor is {version}")
    return wrong


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--extras", default="", help="comma-separated extras whose floors to add (default: none)")
    parser.add_argument("--check", action="store_true", help="compare this environment with the floors")
    args = parser.parse_args(argv)
    extras = [name.strip() for name in args.extras.split(",") if name.strip()]
    try:
        pins = floors(tomllib.loads(PYPROJECT.read_text(encoding="utf-8")), extras)
    except NoFloor as exc:
        print(f"lowest.py: {exc}", file=sys.stderr)
        return 2
    if not args.check:
        sys.stdout.write(constraints(pins))
        return 0
    wrong = mismatches(pins)
    for name, version in sorted(pins.items()):
        print(f"{name}=={version}" + ("" if any(w.startswith(f"{name}:") for w in wrong) else "  (installed)"))
    for line in wrong:
        print(f"lowest.py: {line}: pip did not install the declared floor", file=sys.stderr)
    return 1 if wrong else 0


if __name__ == "__main__":
    sys.exit(main())
