"""The TypeScript package (clients/typescript) built once per session into a temporary folder: the working tree is
shared, so nothing is built into build/ here."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
TOOLS = ROOT / ".tools" / "node_modules"


def run_steps(out: Path, *steps: str, env: dict[str, str] | None = None, timeout: float = 900) -> str:
    """clients/typescript/run.sh STEPS with OUT=out; fails the test with the script's output."""
    proc = subprocess.run(
        ["bash", str(ROOT / "clients" / "typescript" / "run.sh"), *steps],
        cwd=ROOT,
        env={**os.environ, "OUT": str(out), "PY": sys.executable, **(env or {})},
        capture_output=True,
        text=True,
        check=False,
        timeout=timeout,
    )
    assert proc.returncode == 0, proc.stdout[-6000:] + proc.stderr[-6000:]
    return proc.stdout


@pytest.fixture(scope="session")
def run_ts() -> Callable[..., str]:
    """run_ts(out, *steps, env=None): clients/typescript/run.sh with OUT=out (fixtures, not imports: helper modules
    are imported by bare name only when unique across tests/)."""
    return run_steps


@pytest.fixture(scope="session")
def ts_out(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """$OUT of run.sh with the release artifacts and the built package (OUT/package)."""
    if not shutil.which("node"):
        pytest.skip("node is not installed")
    for package in ("typescript", "openapi-typescript", "openapi-fetch", "@types/node", "@humanwhocodes/momoa"):
        if not (TOOLS / package).is_dir():
            pytest.skip(f".tools lacks {package}: run `make test` or `make ts-check` (they install them)")
    out = tmp_path_factory.mktemp("typescript")
    run_steps(out, "artifacts", "package")
    return out
