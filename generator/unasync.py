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

    python -m generator.unasync           # rewrite every stale _sync.py
    python -m generator.unasync --check   # exit 1 when a _sync.py differs from what its _async.py gives (make lint)
"""

from __future__ import annotations

import argparse
import difflib
import io
import shutil
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
HEADER = "# Generated from _async.py by generator/unasync.py (the unasync package), do not edit.\n"

# async name -> sync name, where the naming rule does not give it. unasync's own table (__aenter__, AsyncIterator,
# StopAsyncIteration...) applies as well.
REPLACEMENTS = {
    "aclose": "close",  # httpx's and httpcore's async close and read
    "aread": "read",
    "handle_async_request": "handle_request",  # httpx's transport method
    "async_auth_flow": "sync_auth_flow",  # httpx.Auth's two flows
    # the generated client's (openapi-python-client's names: sync_detailed/asyncio_detailed per operation module)
    "asyncio_detailed": "sync_detailed",
    "get_async_httpx_client": "get_httpx_client",
    # merchant_gateway.hooks.CallObserver's async methods, named before the naming rule (their rename is listed in
    # docs/design.md, "Async names")
    "abefore_attempt": "before_attempt",
    "acall": "call",
}
# Names that stay as they are in the sync code (an async library's names a source may mention in a type only).
KEEP = frozenset({"asyncio"})


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


def target_of(source: Path) -> Path:
    return source.with_name(TARGET_NAME)


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


def derive(source: Path) -> str:
    """The sync module's text for ``source``, as it must be committed."""
    text = source.read_text(encoding="utf-8")
    with tempfile.TemporaryDirectory() as tmp:
        src = Path(tmp) / "_async" / "module.py"
        src.parent.mkdir()
        shutil.copyfile(source, src)
        unasync.unasync_files([str(src)], [unasync.Rule("/_async/", "/_sync/", replacements(text))])
        derived = (Path(tmp) / "_sync" / "module.py").read_text(encoding="utf-8")
    leftovers = sorted(
        name
        for name in _names(derived)
        if name not in KEEP and (sync_name(name) is not None or name.startswith("Sync") or name in ("async", "await"))
    )
    if leftovers:
        where = source.relative_to(ROOT)
        raise SystemExit(f"{where}: unasync left async names (rename them or add to REPLACEMENTS): {leftovers}")
    target = target_of(source)
    derived = _ruff(["check", "--fix", "--select", "I,F401", "--quiet", "--exit-zero"], HEADER + derived, target)
    return _ruff(["format", "--quiet"], derived, target)


def stale(source: Path) -> tuple[str, str] | None:
    """(current, wanted) when ``source``'s sync module is not what it derives, else None."""
    target = target_of(source)
    wanted = derive(source)
    current = target.read_text(encoding="utf-8") if target.exists() else ""
    return None if current == wanted else (current, wanted)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m generator.unasync", description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="fail when a _sync.py is not what its _async.py gives")
    args = parser.parse_args(argv)
    failed = 0
    for source in sources():
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
            sys.stderr.write(f"{name} is out of date: run python -m generator.unasync\n")
            failed = 1
        else:
            target.write_text(wanted, encoding="utf-8")
            print(f"wrote {name}")
    return failed


if __name__ == "__main__":
    sys.exit(main())
