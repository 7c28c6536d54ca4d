"""The TypeScript package (clients/typescript) built once per test run into a temporary folder (the working tree is
shared, so nothing is built into build/ here): the first pytest-xdist worker that needs it builds it, the others use
that build (tests/support/built_once.py)."""

from __future__ import annotations

import shutil
from collections.abc import Callable
from pathlib import Path

import pytest

from tests.support.built_once import built_once, sources_digest
from tests.support.commands import ROOT, run_steps

SCRIPT = ROOT / "clients" / "typescript" / "run.sh"
TOOLS = ROOT / ".tools" / "node_modules"
# What `run.sh artifacts package` reads besides the installed tools: the package's sources, the spec the release
# artifacts and notes come from, and the tools that make them.
SOURCES = [ROOT / "clients" / "typescript", ROOT / "spec", ROOT / "tools" / "artifacts", ROOT / "tools" / "release"]


def run_ts_steps(out: Path, *steps: str, env: dict[str, str] | None = None, timeout: float = 900) -> str:
    """clients/typescript/run.sh STEPS with OUT=out; fails the test with the script's output."""
    return run_steps(SCRIPT, out, *steps, env=env, timeout=timeout)


@pytest.fixture(scope="session")
def run_ts() -> Callable[..., str]:
    """run_ts(out, *steps, env=None): clients/typescript/run.sh with OUT=out."""
    return run_ts_steps


@pytest.fixture(scope="session")
def ts_out(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """$OUT of run.sh with the release artifacts and the built package (OUT/package). The tests that run further
    steps in it write only where those steps write (OUT/tests, OUT/generators, files of their own names)."""
    if not shutil.which("node"):
        pytest.skip("node is not installed")
    for package in ("typescript", "openapi-typescript", "openapi-fetch", "@types/node", "@humanwhocodes/momoa"):
        if not (TOOLS / package).is_dir():
            pytest.skip(f".tools lacks {package}: run `make test` or `make ts-check` (they install them)")
    digest = sources_digest(SOURCES, ROOT)
    return built_once(tmp_path_factory, "typescript", digest, lambda out: run_ts_steps(out, "artifacts", "package"))
