"""Every I/O path is written once (issue 25): each ``_sync.py`` of merchant_gateway is its ``_async.py`` derived by
``tools/derive_sync.py`` and current, a stale copy fails the check, no hand-written sync/async twin is left outside
the listed exceptions, and hand-written coroutines follow the async naming rule (docs/design.md, "Async names")."""

from __future__ import annotations

import ast
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tools.derive_sync import (
    DOCSTRING_DECORATORS,
    HEADER,
    PACKAGE,
    SOURCE_NAME,
    TARGET_NAME,
    TWIN_EXCEPTIONS,
    sources,
    sync_name,
    twin_problems,
    twins,
    without_given_docstrings,
)

ROOT = Path(__file__).resolve().parents[2]
# Names Python or httpx fix for the async flavour (contextlib.aclosing, async with, httpx.AsyncBaseTransport,
# httpx.Auth): kept as they are.
PROTOCOL_NAMES = {"aclose", "__aenter__", "__aexit__", "__aiter__", "__anext__", "handle_async_request"}
PROTOCOL_NAMES.add("async_auth_flow")


def run_check(root: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "tools/derive_sync.py", *args],
        cwd=root,
        capture_output=True,
        text=True,
        check=False,
        timeout=300,
    )


def test_every_sync_module_is_derived_from_its_async_source_and_current() -> None:
    done = run_check(ROOT, "--check")
    assert done.returncode == 0, done.stderr[-3000:]
    derived = sorted(PACKAGE.rglob(TARGET_NAME))
    assert [path.with_name(SOURCE_NAME) for path in derived] == sources()  # no sync module without its source
    assert {path.parent.name for path in derived} >= {"tasks", "flows", "tokens", "pipeline", "gateway"}
    for path in derived:
        assert path.read_text(encoding="utf-8").startswith(HEADER), path


@pytest.fixture(scope="module")
def copy(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The tool, its ruff configuration and the package, where they can be broken."""
    root = tmp_path_factory.mktemp("unasync")
    shutil.copy(ROOT / "pyproject.toml", root / "pyproject.toml")
    (root / "tools").mkdir()
    shutil.copy(ROOT / "tools" / "derive_sync.py", root / "tools" / "derive_sync.py")
    shutil.copytree(PACKAGE, root / "overlays" / "merchant_gateway", ignore=shutil.ignore_patterns("__pycache__"))
    return root


def test_a_stale_sync_module_fails_the_check_until_derived_again(copy: Path) -> None:
    package = copy / "overlays" / "merchant_gateway"
    derived = package / "flows" / TARGET_NAME
    derived.write_text(derived.read_text(encoding="utf-8") + "\n# edited by hand\n", encoding="utf-8")
    source = package / "pipeline" / SOURCE_NAME
    text = source.read_text(encoding="utf-8")
    assert "await self._sleep(step.seconds)" in text
    source.write_text(text.replace("await self._sleep(step.seconds)", "await self._sleep(2 * step.seconds)"))

    done = run_check(copy, "--check")
    assert done.returncode == 1
    assert "overlays/merchant_gateway/flows/_sync.py is out of date" in done.stderr
    assert "overlays/merchant_gateway/pipeline/_sync.py is out of date" in done.stderr
    assert "+            self._sleep(2 * step.seconds)" in done.stderr  # the diff shows what the source now gives
    assert "tasks/_sync.py" not in done.stderr

    assert run_check(copy).returncode == 0  # derives them again
    assert "self._sleep(2 * step.seconds)" in (package / "pipeline" / TARGET_NAME).read_text(encoding="utf-8")
    assert run_check(copy, "--check").returncode == 0


def test_the_naming_rule_gives_the_sync_names() -> None:
    assert sync_name("AsyncGateway") == "Gateway"
    assert sync_name("async_wait_for_payment") == "wait_for_payment"
    assert sync_name("_async_new_client") == "_new_client"
    assert sync_name("handle_async_request") == "handle_request"  # httpx's, from the table
    assert sync_name("Asynchronous") is None
    assert sync_name("asyncio") is None
    assert sync_name("get") is None


TWINNED = '''
def wait(fetch):
    return fetch()


async def async_wait(fetch):
    return await fetch()


def _run():
    return 1


class Cache:
    def get(self, fetch):
        return fetch()

    async def aget(self, fetch):
        return await fetch()


class Reader:
    def read(self):
        return 1


class AsyncReader:
    async def read(self):
        return 1

    async def aclose(self):
        return None


class Host:
    def reconcile(self): ...


class AsyncHost:
    async def reconcile(self):
        """declared only: nothing to write twice"""
'''


def test_the_twin_check_finds_hand_written_twins_and_stale_exceptions(tmp_path: Path) -> None:
    (tmp_path / "m.py").write_text(TWINNED, encoding="utf-8")
    (tmp_path / "_sync.py").write_text(TWINNED, encoding="utf-8")  # derived: never a twin
    (tmp_path / "other.py").write_text("async def _async_run():\n    return 1\n", encoding="utf-8")  # private
    found = twins(tmp_path)
    assert sorted(found) == ["m.py"]
    assert sorted(found["m.py"]) == [
        "m.py:Cache.get / Cache.aget",
        "m.py:Reader / m.py:AsyncReader (read)",
        "m.py:wait / m.py:async_wait",
    ]
    assert len(twin_problems(tmp_path, {})) == 3
    assert twin_problems(tmp_path, {"m.py": "why"}) == []
    assert twin_problems(tmp_path, {"m.py": "why", "gone.py": "converted"}) == [
        "gone.py is listed in TWIN_EXCEPTIONS but holds no twin any more: remove it from the list"
    ]


def test_no_hand_written_twin_outside_the_listed_exceptions() -> None:
    assert twin_problems() == []
    assert set(twins()) == set(TWIN_EXCEPTIONS)


def test_hand_written_coroutines_follow_the_async_naming_rule() -> None:
    """A coroutine is ``async_x`` (``_async_x`` when private), or a method of an ``AsyncX`` class, or a name Python
    or httpx fixes; local functions inside another are free. The modules still holding twins are listed apart."""
    odd = []
    for path in sorted(PACKAGE.rglob("*.py")):
        where = path.relative_to(PACKAGE).as_posix()
        if path.name == TARGET_NAME or where in TWIN_EXCEPTIONS:
            continue
        for node in ast.parse(path.read_text(encoding="utf-8")).body:
            if isinstance(node, ast.AsyncFunctionDef) and not node.name.startswith(("async_", "_async_")):
                odd.append(f"{where}:{node.name}")
            if isinstance(node, ast.ClassDef) and not node.name.startswith(("Async", "_Async")):
                odd += [
                    f"{where}:{node.name}.{method.name}"
                    for method in node.body
                    if isinstance(method, ast.AsyncFunctionDef)
                    and not method.name.startswith(("async_", "_async_"))
                    and method.name not in PROTOCOL_NAMES
                ]
    assert odd == []


DOCUMENTED = '''
class AsyncThing:
    @task("op")
    async def send(self):
        """Written once: the decorator gives the sync twin this text."""
        return await self.go()

    @other
    async def keep(self):
        """Not given by a listed decorator: kept."""
        return 1

    @_docs.task("op")
    async def only(self):
        """A body that is only its docstring keeps it."""
'''


def test_the_docstrings_a_listed_decorator_gives_are_left_out_of_the_derived_module() -> None:
    assert "task" in DOCSTRING_DECORATORS
    out = without_given_docstrings(DOCUMENTED)
    assert "Written once" not in out
    assert "return await self.go()" in out
    assert "Not given by a listed decorator: kept." in out
    assert "A body that is only its docstring keeps it." in out
    assert without_given_docstrings(DOCUMENTED, frozenset()) == DOCUMENTED
    inline = 'class A:\n    @task("op")\n    def f(self):\n        """Doc."""; return 1\n'
    with pytest.raises(SystemExit, match="does not stand on lines of its own"):
        without_given_docstrings(inline)
