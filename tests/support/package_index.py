"""The release tests' distribution and package index: the wheel and sdist built with tools/release/dist.sh, the
public dependencies an internal index mirrors beside it (downloaded by pip, wheels only), and the loopback index
`make registries` runs (tools/release/registries.py: pypiserver) filled with them."""

from __future__ import annotations

import contextlib
import os
import shutil
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import registries  # tools/release (pytest's `pythonpath`)

from tests.support.commands import ROOT, run_checked

# What tools/release/dist.sh builds from (pyproject's wheel packages and sdist includes) and the scripts it runs.
DIST_SOURCES = [
    ROOT / "pyproject.toml",
    ROOT / "README.md",
    ROOT / "generated_client" / "merchant_gateway_client",
    ROOT / "overlays" / "merchant_gateway",
    ROOT / "sandbox" / "merchant_gateway_sandbox",
    ROOT / "spec",
    ROOT / "tools" / "release",
]
OURS = "merchant_gateway_client"  # the distribution's file names start with it


def build_dist(out: Path) -> None:
    """sdist + wheel into ``out`` (tools/release/dist.sh: python -m build, twine check, the content check)."""
    run_checked(["bash", str(ROOT / "tools/release/dist.sh"), str(out)], env={**os.environ, "PY": sys.executable})


def download_dependencies(dist: Path, out: Path) -> None:
    """The wheel's dependencies and its sandbox extra's, as wheels, into ``out`` (the package itself left out)."""
    wheel = next(dist.glob("*.whl"))
    run_checked(
        [sys.executable, "-m", "pip", "download", "--only-binary=:all:", "--dest", str(out), f"{wheel}[sandbox]"]
    )
    for ours in out.glob(f"{OURS}-*"):
        ours.unlink()


def copy_files(source: Path, packages: Path) -> None:
    """Every file of ``source`` into the index's package folder (pypiserver serves what its folder holds)."""
    for f in source.iterdir():
        shutil.copy(f, packages / f.name)


@contextlib.contextmanager
def package_index(folder: Path, password: str, user: str) -> Iterator[Any]:
    """The index `make registries` runs, started in ``folder`` (uploads by ``user`` only, no fallback to the public
    index); yields its server (``url``, ``folder``: the package folder). Skipped where pypiserver is absent."""
    pytest.importorskip("pypiserver")
    pytest.importorskip("passlib")
    server = registries.start_index(folder, password, user)
    try:
        yield server
    finally:
        server.stop()
