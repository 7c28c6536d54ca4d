"""The tests mirror the package (issue 37): each module of merchant_gateway (a top-level module or subpackage) has
its folder tests/unit/<module>/ holding its tests, ``_core`` as ``core``. The modules whose tests have not moved
there yet are listed in NOT_MOVED_YET; the list only shrinks: a module moved must leave it, and a module added to
the package gets its folder at once (tests/README.md says how tests are laid out)."""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = ROOT / "overlays" / "merchant_gateway"
UNIT = ROOT / "tests" / "unit"

# What is not a module of its own: the package's face (its re-exports, tested through every module's tests) and
# the ``python -m merchant_gateway`` entry (the CLI's tests run it).
NOT_A_MODULE = frozenset({"__init__", "__main__"})

# Modules whose tests are still in the older folders (tests/overlay, tests/cli, tests/ledger, ...): moved one by
# one, each leaving this list when tests/unit/<module>/ holds its tests. Never add to it.
NOT_MOVED_YET = frozenset(
    {
        "answer_json",
        "fence",
        "host",
        "ids",
        "log",
        "semconv",
    }
)


def modules(package: Path = PACKAGE) -> set[str]:
    """The package's modules by their test folder's name: each .py file and each subpackage, ``_x`` as ``x``."""
    found = {path.stem for path in package.glob("*.py")}
    found |= {path.name for path in package.iterdir() if (path / "__init__.py").is_file()}
    return {name.removeprefix("_") if not name.startswith("__") else name for name in found} - NOT_A_MODULE


def with_tests(unit: Path = UNIT) -> set[str]:
    """The folders of tests/unit that hold a test module."""
    return {path.name for path in unit.iterdir() if path.is_dir() and any(path.glob("test_*.py"))}


def layout_problems(package: Path, unit: Path, not_moved: frozenset[str]) -> list[str]:
    found, moved = modules(package), with_tests(unit)
    problems = [
        f"merchant_gateway.{name} has no tests/unit/{name}/: put its tests there (a test_<x>_async.py is the source "
        "of its derived test_<x>_sync.py, tools/derive_sync.py)"
        for name in sorted(found - moved - not_moved)
    ]
    problems += [
        f"{name} has its tests/unit/{name}/ now: remove it from NOT_MOVED_YET" for name in sorted(not_moved & moved)
    ]
    problems += [
        f"{name} is in NOT_MOVED_YET but is no module of merchant_gateway: remove it"
        for name in sorted(not_moved - found)
    ]
    problems += [f"tests/unit/{name}/ tests no module of merchant_gateway" for name in sorted(moved - found)]
    return problems


def test_each_module_has_its_test_folder_or_is_listed_as_not_moved_yet() -> None:
    assert layout_problems(PACKAGE, UNIT, NOT_MOVED_YET) == []
    assert with_tests() >= {"gateway", "flows", "tasks"}


def test_the_check_fails_for_a_module_without_its_folder_and_for_a_stale_list(tmp_path: Path) -> None:
    package, unit = tmp_path / "merchant_gateway", tmp_path / "unit"
    (package / "flows").mkdir(parents=True)
    (package / "flows" / "__init__.py").write_text("", encoding="utf-8")
    for name in ("__init__.py", "__main__.py", "_core.py", "ids.py"):
        (package / name).write_text("", encoding="utf-8")
    (unit / "flows").mkdir(parents=True)
    (unit / "flows" / "test_polling_async.py").write_text("", encoding="utf-8")
    (unit / "ids").mkdir()  # a folder without tests counts as none

    assert modules(package) == {"flows", "core", "ids"}
    assert layout_problems(package, unit, frozenset({"core", "ids"})) == []
    assert layout_problems(package, unit, frozenset({"core"})) == [
        "merchant_gateway.ids has no tests/unit/ids/: put its tests there (a test_<x>_async.py is the source of its "
        "derived test_<x>_sync.py, tools/derive_sync.py)"
    ]
    assert layout_problems(package, unit, frozenset({"core", "ids", "flows", "gone"})) == [
        "flows has its tests/unit/flows/ now: remove it from NOT_MOVED_YET",
        "gone is in NOT_MOVED_YET but is no module of merchant_gateway: remove it",
    ]
    (unit / "ledger").mkdir()
    (unit / "ledger" / "test_x.py").write_text("", encoding="utf-8")
    assert layout_problems(package, unit, frozenset({"core", "ids"})) == [
        "tests/unit/ledger/ tests no module of merchant_gateway"
    ]
