"""A build several test modules need (the JVM package, the TypeScript package, the distribution) made once per test
run, not once per pytest-xdist worker.

A session fixture is per process: under `make test` each worker that runs one test needing the build made its own,
minutes of CPU each on a 2-core machine. Here the first worker to need it builds it into a folder all workers of the
run share (the parent of each worker's base temporary folder, as pytest-xdist documents), holding a file lock; the
others wait on the lock and use that folder. The folder's name carries a digest of the build's sources: in a working
tree edited while the run goes on, a test asking after the edit gets a build of what it sees, never the earlier one.
A build that failed is not repeated by every worker: its message is kept and each test needing it fails with it."""

from __future__ import annotations

import fcntl
import hashlib
import os
import shutil
from collections.abc import Callable, Iterable
from pathlib import Path

import pytest


def sources_digest(paths: Iterable[Path], root: Path) -> str:
    """A digest of the files under ``paths`` (files or folders): their paths relative to ``root`` and contents.
    Bytecode caches are left out: the tests themselves write them while the run goes on."""
    digest = hashlib.sha256()
    for path in sorted(paths):
        found = path.rglob("*") if path.is_dir() else [path]
        files = sorted(p for p in found if p.is_file() and "__pycache__" not in p.parts and p.suffix != ".pyc")
        for file in files:
            digest.update(file.relative_to(root).as_posix().encode() + b"\0")
            digest.update(file.read_bytes() + b"\0")
    return digest.hexdigest()[:16]


def shared_folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The folder every worker of this run shares (the run's own base folder without pytest-xdist)."""
    base = tmp_path_factory.getbasetemp()
    return base.parent if os.environ.get("PYTEST_XDIST_WORKER") else base


def built_once(
    tmp_path_factory: pytest.TempPathFactory, name: str, digest: str, build: Callable[[Path], object]
) -> Path:
    """The folder ``build(folder)`` filled, made by the first worker that asks and reused by every other one. The
    folder holds only what the build wrote: its lock and state files are beside it."""
    shared = shared_folder(tmp_path_factory)
    folder = shared / f"{name}-{digest}"
    done, failed = folder.with_name(folder.name + ".done"), folder.with_name(folder.name + ".failed")
    with folder.with_name(folder.name + ".lock").open("w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)  # released when the file closes, also if this worker dies
        if done.exists():
            return folder
        if failed.exists():  # its message, rather than the same minutes of failing again
            pytest.fail(f"the {name} build failed in another worker of this run:\n{failed.read_text()}")
        shutil.rmtree(folder, ignore_errors=True)  # a worker that died mid-build left half a folder
        folder.mkdir()
        try:
            build(folder)
        except (Exception, pytest.fail.Exception) as exc:  # not a skip, nor an interrupt: those are no verdict
            failed.write_text(str(exc) or type(exc).__name__, encoding="utf-8")
            raise
        done.touch()
    return folder
