"""Tests are derived like the package (issue 37): under tests/unit/<module>/ each ``test_<x>_async.py`` is the source
of ``test_<x>_sync.py`` beside it, by ``tools/derive_sync.py`` and its rules; ``--check`` (in ``make lint``) fails on
a derived test module edited by hand, on one whose source changed, and on a sync test module without a source."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tools.derive_sync import TEST_ROOTS, header_of, orphan_sync_tests, sources_of_tests, stale, target_of

ROOT = Path(__file__).resolve().parents[2]
UNIT = ROOT / "tests" / "unit"


def run_tool(root: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "tools/derive_sync.py", *args],
        cwd=root,
        capture_output=True,
        text=True,
        check=False,
        timeout=300,
    )


def test_every_derived_test_module_is_its_source_derived_and_current() -> None:
    sources = sources_of_tests()
    assert UNIT / "gateway" / "test_gateway_async.py" in sources
    assert {source.parent.name for source in sources} >= {"gateway", "flows", "tasks"}
    assert orphan_sync_tests() == []
    for source in sources:
        target = target_of(source)
        assert target.name == source.name.replace("_async.py", "_sync.py")
        assert target.read_text(encoding="utf-8").startswith(header_of(source)), target
        assert stale(source) is None, f"{target} is out of date: run python tools/derive_sync.py"
    # what make lint asks of every test module, the derived ones included (ruff's rules for tests)
    targets = [str(target_of(source)) for source in sources]
    linted = subprocess.run(
        [sys.executable, "-m", "ruff", "check", *targets], cwd=ROOT, capture_output=True, text=True, check=False
    )
    assert linted.returncode == 0, linted.stdout[-3000:]


@pytest.fixture
def copy(tmp_path: Path) -> Path:
    """The tool, its ruff configuration and the derived gateway tests with the helpers they import (ruff sorts
    their imports by what exists), where they can be broken (the package is left out: its derivation is
    tests/unasync/test_derived_modules.py's)."""
    shutil.copy(ROOT / "pyproject.toml", tmp_path / "pyproject.toml")
    ignore = shutil.ignore_patterns("__pycache__")
    shutil.copytree(ROOT / "tests" / "support", tmp_path / "tests" / "support", ignore=ignore)
    shutil.copy(ROOT / "tests" / "__init__.py", tmp_path / "tests" / "__init__.py")
    (tmp_path / "tools").mkdir()
    shutil.copy(ROOT / "tools" / "derive_sync.py", tmp_path / "tools" / "derive_sync.py")
    (tmp_path / "overlays" / "merchant_gateway").mkdir(parents=True)
    gateway = tmp_path / "tests" / "unit" / "gateway"
    gateway.mkdir(parents=True)
    for name in ("test_gateway_async.py", "test_gateway_sync.py"):
        shutil.copy(UNIT / "gateway" / name, gateway / name)
    return tmp_path


def test_a_hand_edited_derived_test_module_fails_the_check_until_derived_again(copy: Path) -> None:
    derived = copy / "tests" / "unit" / "gateway" / "test_gateway_sync.py"
    text = derived.read_text(encoding="utf-8")
    assert run_tool(copy, "--check").returncode == 0
    assert "assert len(rec.requests) == 1\n" in text
    derived.write_text(text.replace("assert len(rec.requests) == 1\n", "assert len(rec.requests) >= 0\n", 1))

    done = run_tool(copy, "--check")
    assert done.returncode == 1
    assert "tests/unit/gateway/test_gateway_sync.py is out of date: run python tools/derive_sync.py" in done.stderr
    assert "-    assert len(rec.requests) >= 0" in done.stderr  # the diff shows the hand edit going away

    assert run_tool(copy).returncode == 0  # derives it again
    assert derived.read_text(encoding="utf-8") == text
    assert run_tool(copy, "--check").returncode == 0


def test_a_changed_async_test_makes_its_sync_twin_stale(copy: Path) -> None:
    source = copy / "tests" / "unit" / "gateway" / "test_gateway_async.py"
    source.write_text(
        source.read_text(encoding="utf-8")
        + "\n\nasync def test_added(fake_time: FakeTime) -> None:\n"
        + "    async with async_make(Recorder(), fake_time) as gw:\n"
        + '        await gw.get_transaction_status("TXV4")\n',
        encoding="utf-8",
    )
    done = run_tool(copy, "--check")
    assert done.returncode == 1
    assert "+def test_added(fake_time: FakeTime) -> None:" in done.stderr
    assert "+    with make(Recorder(), fake_time) as gw:" in done.stderr
    assert '+        gw.get_transaction_status("TXV4")' in done.stderr
    assert run_tool(copy).returncode == 0
    assert run_tool(copy, "--check").returncode == 0


def test_a_sync_test_module_without_its_async_source_is_refused(copy: Path) -> None:
    flows = copy / "tests" / "unit" / "flows"
    flows.mkdir()
    (flows / "test_polling_sync.py").write_text("def test_by_hand() -> None:\n    assert True\n", encoding="utf-8")
    for args in (("--check",), ()):
        done = run_tool(copy, *args)
        assert done.returncode == 1
        assert "tests/unit/flows/test_polling_sync.py has no test_polling_async.py" in done.stderr
        assert "never written by hand" in done.stderr


def test_derived_tests_live_where_the_issue_puts_them() -> None:
    assert TEST_ROOTS == (ROOT / "tests" / "unit", ROOT / "tests" / "system")
