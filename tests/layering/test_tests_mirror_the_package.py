"""The tests mirror the package (issue 37): each module of merchant_gateway (a top-level module or subpackage) has
its folder tests/unit/<module>/ holding its tests, ``_core`` as ``core``, and each folder of tests/unit tests a
module of the package. A module added to the package gets its folder at once (tests/README.md says how tests are
laid out)."""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = ROOT / "overlays" / "merchant_gateway"
UNIT = ROOT / "tests" / "unit"

# What is not a module of its own: the package's face (its re-exports, tested through every module's tests) and
# the ``python -m merchant_gateway`` entry (the CLI's tests run it).
NOT_A_MODULE = frozenset({"__init__", "__main__"})


def modules(package: Path = PACKAGE) -> set[str]:
    """The package's modules by their test folder's name: each .py file and each subpackage, ``_x`` as ``x``."""
    found = {path.stem for path in package.glob("*.py")}
    found |= {path.name for path in package.iterdir() if (path / "__init__.py").is_file()}
    return {name.removeprefix("_") if not name.startswith("__") else name for name in found} - NOT_A_MODULE


def with_tests(unit: Path = UNIT) -> set[str]:
    """The folders of tests/unit that hold a test module."""
    return {path.name for path in unit.iterdir() if path.is_dir() and any(path.glob("test_*.py"))}


def layout_problems(package: Path, unit: Path) -> list[str]:
    found, tested = modules(package), with_tests(unit)
    problems = [
        f"merchant_gateway.{name} has no tests/unit/{name}/: put its tests there (a test_<x>_async.py is the source "
        "of its derived test_<x>_sync.py, tools/derive_sync.py)"
        for name in sorted(found - tested)
    ]
    problems += [f"tests/unit/{name}/ tests no module of merchant_gateway" for name in sorted(tested - found)]
    return problems


def test_each_module_has_its_test_folder_and_each_folder_its_module() -> None:
    assert layout_problems(PACKAGE, UNIT) == []
    assert with_tests() >= {"gateway", "flows", "tasks", "core", "ledger", "cli"}


def test_the_check_fails_for_a_module_without_its_folder_and_for_a_folder_without_its_module(tmp_path: Path) -> None:
    package, unit = tmp_path / "merchant_gateway", tmp_path / "unit"
    (package / "flows").mkdir(parents=True)
    (package / "flows" / "__init__.py").write_text("", encoding="utf-8")
    for name in ("__init__.py", "__main__.py", "_core.py", "ids.py"):
        (package / name).write_text("", encoding="utf-8")
    (unit / "flows").mkdir(parents=True)
    (unit / "flows" / "test_polling_async.py").write_text("", encoding="utf-8")
    (unit / "core").mkdir()
    (unit / "core" / "test_prepare.py").write_text("", encoding="utf-8")
    (unit / "ids").mkdir()  # a folder without tests counts as none

    assert modules(package) == {"flows", "core", "ids"}
    assert layout_problems(package, unit) == [
        "merchant_gateway.ids has no tests/unit/ids/: put its tests there (a test_<x>_async.py is the source of its "
        "derived test_<x>_sync.py, tools/derive_sync.py)"
    ]
    (unit / "ids" / "test_ids.py").write_text("", encoding="utf-8")
    assert layout_problems(package, unit) == []
    (unit / "ledger").mkdir()
    (unit / "ledger" / "test_x.py").write_text("", encoding="utf-8")
    assert layout_problems(package, unit) == ["tests/unit/ledger/ tests no module of merchant_gateway"]
