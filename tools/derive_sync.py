"""Derive every sync I/O module of merchant_gateway from its async source: each ``_async.py`` -> ``_sync.py``.

Why this tool exists: the hand-written package does its I/O once, async. In each package that does I/O
(``tasks``, ``flows``, ...) ``_async.py`` is the source; its sibling ``_sync.py`` is the same code without
``async``/``await`` and with the async names turned into their sync ones, produced by the ``unasync`` package (as
httpcore does for its whole package), then import-sorted and formatted with ruff so the committed file passes
``make lint``. The derived files are committed: the package imports without dev tools.

The names follow the package's one naming rule for async (docs/design.md, "Async names"), which makes the sync
name a function of the async one: ``AsyncX`` -> ``X``, ``async_x`` -> ``x``, ``_async_x`` -> ``_x``.
:data:`REPLACEMENTS` holds only the names that rule cannot give (httpx's and unasync's own); a name the rule and the
table leave async fails the tool.

Tests are derived the same way: under ``tests/unit/<module>/`` (and ``tests/system/``) a test module
``test_<x>_async.py`` is the source of ``test_<x>_sync.py`` beside it, by the same rules, so each sync flavour is
tested by the async tests derived. A ``test_*_sync.py`` there without its ``test_*_async.py`` fails the check: no
sync test module is written by hand. Why file pairs and not httpcore's ``_async/`` and ``_sync/`` folders: the two
flavours of one module's tests sit side by side in that module's folder, named like the package's own
``_async.py``/``_sync.py`` pairs, and their basenames stay unique across the suite (the test folders are not
packages, so pytest imports each test module by its basename).

The check also looks for the twins this step exists to remove: outside the derived ``_sync.py`` files, a sync
function and its async twin (``x`` / ``async_x``), a class's sync and async method (``x`` / ``async_x`` or the
older ``ax``), or classes ``X`` / ``AsyncX`` sharing a method that one sends with and the other awaits. Each twin
left must be listed in :data:`TWIN_EXCEPTIONS` with why and who; a listed module that holds none fails too, so
the list cannot go stale. Declarations without a body (abstract methods, protocols) are not twins.

    python tools/derive_sync.py           # rewrite every stale _sync.py and test_*_sync.py
    python tools/derive_sync.py --check   # exit 1 when a _sync.py (a test_*_sync.py) differs from what its source
                                          # gives, on a sync test module without its source, or on a twin outside
                                          # TWIN_EXCEPTIONS (make lint, pre-commit hook unasync)

Docstrings written once: a function whose decorator is listed in :data:`DOCSTRING_DECORATORS` gets its docstring
from that decorator at import (the task layer's ``merchant_gateway.tasks._docs.task`` finishes the async method's
docstring from the spec and gives the sync twin the same text). The derived module leaves those docstrings out,
so each is written, and read in review, once; a function whose body is only its docstring keeps it.

Why in tools/ and not beside the generator: the generated client's manifest hashes every file of generator/, so
each change here would call for a regeneration of a client it does not touch.
"""

from __future__ import annotations

import argparse
import ast
import difflib
import io
import subprocess
import sys
import tempfile
import tokenize
from pathlib import Path

import unasync  # type: ignore[import-untyped]

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "overlays" / "merchant_gateway"
SOURCE_NAME = "_async.py"
TARGET_NAME = "_sync.py"
HEADER = "# Generated from _async.py by tools/derive_sync.py (the unasync package), do not edit.\n"
# Where derived tests live (tests/unit/<module>/, tests/system/): each test_<x>_async.py gives test_<x>_sync.py.
TEST_ROOTS = (ROOT / "tests" / "unit", ROOT / "tests" / "system")
TEST_SOURCE_SUFFIX = "_async.py"
TEST_TARGET_SUFFIX = "_sync.py"

# async name -> sync name, where the naming rule does not give it. unasync's own table (__aenter__, AsyncIterator,
# StopAsyncIteration...) applies as well.
REPLACEMENTS = {
    "aclose": "close",  # httpx's and httpcore's async close and read
    "aread": "read",
    "handle_async_request": "handle_request",  # httpx's transport method
    "AnyIOBackend": "SyncBackend",  # httpcore's network backends (transports/_async.py wraps the default one)
    "async_auth_flow": "sync_auth_flow",  # httpx.Auth's two flows
    # the generated Client's (openapi-python-client's name for its httpx.AsyncClient)
    "get_async_httpx_client": "get_httpx_client",
}
# Names that stay as they are in the sync code (an async library's names a source may mention in a type only).
KEEP = frozenset({"asyncio"})
# Decorators that give the derived function its async twin's docstring at import: the derived module omits it.
DOCSTRING_DECORATORS = frozenset({"task"})
# The sync names REPLACEMENTS gives: what the table writes is sync by definition (httpcore's SyncBackend).
SYNC_NAMES = frozenset(REPLACEMENTS.values())


# Hand-written twins kept, by the module that holds the async one (relative to merchant_gateway/), each with why.
TWIN_EXCEPTIONS: dict[str, str] = {}


def sync_name(name: str) -> str | None:
    """The sync name the naming rule gives ``name``, or None when ``name`` is not an async one."""
    if name in REPLACEMENTS:
        return REPLACEMENTS[name]
    if name in KEEP:
        return None
    if name.startswith("Async") and name[5:6].isupper():
        return name[5:]
    for prefix, sync_prefix in (("async_", ""), ("_async_", "_")):
        if name.startswith(prefix) and len(name) > len(prefix):
            return sync_prefix + name[len(prefix) :]
    return None


def _names(source: str) -> set[str]:
    """Every name token of ``source``, and every string that is a plain name (unasync renames those too)."""
    found: set[str] = set()
    for tok in tokenize.generate_tokens(io.StringIO(source).readline):
        if tok.type == tokenize.NAME:
            found.add(tok.string)
        elif tok.type == tokenize.STRING and tok.string[1:-1].isidentifier():
            found.add(tok.string[1:-1])
    return found


def replacements(source: str) -> dict[str, str]:
    """The renames for one source: the naming rule applied to each of its names."""
    return {name: sync for name in _names(source) if (sync := sync_name(name)) is not None}


def sources() -> list[Path]:
    """Every hand-written async source of the package, in a stable order."""
    return sorted(PACKAGE.rglob(SOURCE_NAME))


def sources_of_tests(roots: tuple[Path, ...] = TEST_ROOTS) -> list[Path]:
    """Every async test module that is the source of a derived sync one, in a stable order."""
    return sorted(path for root in roots for path in root.rglob(f"test_*{TEST_SOURCE_SUFFIX}"))


def orphan_sync_tests(roots: tuple[Path, ...] = TEST_ROOTS) -> list[Path]:
    """Sync test modules where tests are derived that have no async source: written by hand, which is refused."""
    return sorted(
        path
        for root in roots
        for path in root.rglob(f"test_*{TEST_TARGET_SUFFIX}")
        if not path.with_name(path.name[: -len(TEST_TARGET_SUFFIX)] + TEST_SOURCE_SUFFIX).exists()
    )


def target_of(source: Path) -> Path:
    if source.name == SOURCE_NAME:
        return source.with_name(TARGET_NAME)
    return source.with_name(source.name[: -len(TEST_SOURCE_SUFFIX)] + TEST_TARGET_SUFFIX)


def header_of(source: Path) -> str:
    """The derived module's first line: where it comes from and that it is not to be edited."""
    return HEADER.replace(SOURCE_NAME, source.name, 1)


def _ruff(args: list[str], source: str, filename: Path) -> str:
    done = subprocess.run(
        [sys.executable, "-m", "ruff", *args, "--stdin-filename", str(filename), "-"],
        input=source,
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=False,
    )
    if done.returncode != 0:
        said = done.stderr + done.stdout
        raise SystemExit(f"ruff {' '.join(args)} failed on the code derived for {filename}:\n{said}")
    return done.stdout


def _decorator_name(node: ast.expr) -> str | None:
    """``task`` for ``@task``, ``@task(...)``, ``@_docs.task(...)``."""
    if isinstance(node, ast.Call):
        node = node.func
    if isinstance(node, ast.Attribute):
        return node.attr
    return node.id if isinstance(node, ast.Name) else None


def without_given_docstrings(text: str, decorators: frozenset[str] = DOCSTRING_DECORATORS) -> str:
    """``text`` without the docstrings of the functions a listed decorator documents (a body that is only its
    docstring keeps it). Each such docstring must stand on lines of its own, as ruff format writes it."""
    lines = text.splitlines(keepends=True)
    drop: set[int] = set()
    for node in ast.walk(ast.parse(text)):
        if not isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef) or len(node.body) < 2:
            continue
        if not any(_decorator_name(d) in decorators for d in node.decorator_list):
            continue
        doc = node.body[0]
        if not (isinstance(doc, ast.Expr) and isinstance(doc.value, ast.Constant) and isinstance(doc.value.value, str)):
            continue
        end = doc.end_lineno or doc.lineno
        if lines[doc.lineno - 1][: doc.col_offset].strip() or lines[end - 1][doc.end_col_offset or 0 :].strip():
            raise SystemExit(f"line {doc.lineno}: the docstring of {node.name} does not stand on lines of its own")
        drop.update(range(doc.lineno - 1, end))
    return "".join(line for index, line in enumerate(lines) if index not in drop)


def derive(source: Path) -> str:
    """The sync module's text for ``source``, as it must be committed."""
    text = source.read_text(encoding="utf-8")
    with tempfile.TemporaryDirectory() as tmp:
        src = Path(tmp) / "_async" / "module.py"
        src.parent.mkdir()
        src.write_text(without_given_docstrings(text), encoding="utf-8")
        unasync.unasync_files([str(src)], [unasync.Rule("/_async/", "/_sync/", replacements(text))])
        derived = (Path(tmp) / "_sync" / "module.py").read_text(encoding="utf-8")
    leftovers = sorted(
        name
        for name in _names(derived)
        if name not in KEEP
        and name not in SYNC_NAMES
        and (sync_name(name) is not None or name.startswith("Sync") or name in ("async", "await"))
    )
    if leftovers:
        where = source.relative_to(ROOT)
        raise SystemExit(f"{where}: unasync left async names (rename them or add to REPLACEMENTS): {leftovers}")
    target = target_of(source)
    # a test's ``async with`` around a sync ``with`` (pytest.raises) becomes two nested ``with``s: joined (SIM117)
    fixes = "I,F401" if source.name == SOURCE_NAME else "I,F401,SIM117"
    derived = _ruff(
        ["check", "--fix", "--select", fixes, "--quiet", "--exit-zero"], header_of(source) + derived, target
    )
    return _ruff(["format", "--quiet"], derived, target)


def stale(source: Path) -> tuple[str, str] | None:
    """(current, wanted) when ``source``'s sync module is not what it derives, else None."""
    target = target_of(source)
    wanted = derive(source)
    current = target.read_text(encoding="utf-8") if target.exists() else ""
    return None if current == wanted else (current, wanted)


def _declared_only(fn: ast.FunctionDef | ast.AsyncFunctionDef) -> bool:
    """A declaration (docstring, ``...``, ``pass``): nothing to write twice."""
    return all(
        isinstance(stmt, ast.Pass) or (isinstance(stmt, ast.Expr) and isinstance(stmt.value, ast.Constant))
        for stmt in fn.body
    )


def _sync_method(name: str) -> str:
    """The sync twin's name of an async method: the naming rule, the older ``a`` prefix (``aget``), or the same."""
    rule = sync_name(name)
    if rule is not None:
        return rule
    if name.startswith("a") and not name.startswith("async") and len(name) > 2 and name[1].islower():
        return name[1:]
    return name


def _methods(cls: ast.ClassDef) -> dict[str, ast.FunctionDef | ast.AsyncFunctionDef]:
    return {
        node.name: node
        for node in cls.body
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef) and not _declared_only(node)
    }


def twins(package: Path = PACKAGE) -> dict[str, list[str]]:
    """The hand-written sync/async twins of ``package`` (derived ``_sync.py`` files excluded), by the module
    holding the async one: ``["sync place / async place", ...]``."""
    functions: dict[str, list[tuple[str, ast.FunctionDef | ast.AsyncFunctionDef]]] = {}
    classes: dict[str, list[tuple[str, ast.ClassDef]]] = {}
    for path in sorted(package.rglob("*.py")):
        if path.name == TARGET_NAME:
            continue
        where = path.relative_to(package).as_posix()
        for node in ast.parse(path.read_text(encoding="utf-8")).body:
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef) and not _declared_only(node):
                functions.setdefault(node.name, []).append((where, node))
            elif isinstance(node, ast.ClassDef):
                classes.setdefault(node.name, []).append((where, node))
    found: dict[str, list[str]] = {}
    for name, defined in functions.items():
        twin = sync_name(name)
        for where, node in defined:
            if not isinstance(node, ast.AsyncFunctionDef) or twin is None:
                continue
            for other, sync in functions.get(twin, []):
                # a private helper is another module's own business: a twin only beside its pair
                if isinstance(sync, ast.FunctionDef) and (other == where or not twin.startswith("_")):
                    found.setdefault(where, []).append(f"{other}:{twin} / {where}:{name}")
    for name, defined_classes in classes.items():
        for where, cls in defined_classes:
            methods = _methods(cls)
            for method, body in methods.items():
                sync_method = _sync_method(method)
                if isinstance(body, ast.AsyncFunctionDef) and isinstance(methods.get(sync_method), ast.FunctionDef):
                    found.setdefault(where, []).append(f"{where}:{name}.{sync_method} / {name}.{method}")
            twin = sync_name(name)
            for other, sync_cls in classes.get(twin or "", []):
                sync_methods = _methods(sync_cls)
                shared = sorted(
                    method
                    for method, node in methods.items()
                    if isinstance(node, ast.AsyncFunctionDef)
                    and isinstance(sync_methods.get(_sync_method(method)), ast.FunctionDef)
                )
                if shared:
                    found.setdefault(where, []).append(f"{other}:{twin} / {where}:{name} ({', '.join(shared)})")
    return found


def twin_problems(package: Path = PACKAGE, exceptions: dict[str, str] = TWIN_EXCEPTIONS) -> list[str]:
    """What the twin check refuses: twins in an unlisted module, and listed modules that hold none."""
    found = twins(package)
    problems = [
        f"{pair}: a hand-written sync/async twin; write it once in an _async.py (tools/derive_sync.py derives the "
        "sync one) or list its module in TWIN_EXCEPTIONS with why"
        for where, pairs in sorted(found.items())
        if where not in exceptions
        for pair in pairs
    ]
    problems += [
        f"{where} is listed in TWIN_EXCEPTIONS but holds no twin any more: remove it from the list"
        for where in sorted(exceptions)
        if where not in found
    ]
    return problems


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python tools/derive_sync.py", description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="fail when a _sync.py is not what its _async.py gives")
    args = parser.parse_args(argv)
    failed = 0
    for orphan in orphan_sync_tests():
        wanted = orphan.name[: -len(TEST_TARGET_SUFFIX)] + TEST_SOURCE_SUFFIX
        sys.stderr.write(
            f"{orphan.relative_to(ROOT)} has no {wanted}: sync test modules here are derived, never written by "
            "hand; write the tests once, async, in that file and run python tools/derive_sync.py\n"
        )
        failed = 1
    for source in sources() + sources_of_tests():
        target = target_of(source)
        difference = stale(source)
        if difference is None:
            continue
        current, wanted = difference
        name = str(target.relative_to(ROOT))
        if args.check:
            lines = current.splitlines(keepends=True), wanted.splitlines(keepends=True)
            diff = difflib.unified_diff(*lines, name, "derived")
            sys.stderr.write("".join(diff))
            sys.stderr.write(f"{name} is out of date: run python tools/derive_sync.py\n")
            failed = 1
        else:
            target.write_text(wanted, encoding="utf-8")
            print(f"wrote {name}")
    if args.check:
        for problem in twin_problems():
            sys.stderr.write(problem + "\n")
            failed = 1
    return failed


if __name__ == "__main__":
    sys.exit(main())
