"""The JVM package (clients/java) built once per session into a temporary folder with clients/java/run.sh (the
working tree is shared: nothing is built into build/ here). Skipped, saying why, only where java or mvn is absent."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def run_java_steps(out: Path, *steps: str, env: dict[str, str] | None = None, timeout: float = 600) -> str:
    """clients/java/run.sh STEPS with OUT=out; fails the test with the script's output."""
    proc = subprocess.run(
        ["bash", str(ROOT / "clients" / "java" / "run.sh"), *steps],
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
def java_out(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The built package: OUT of `clients/java/run.sh package` (the jar in OUT/src/target)."""
    missing = [tool for tool in ("java", "javac", "mvn") if shutil.which(tool) is None]
    if missing:
        pytest.skip(f"the JVM package needs a JDK 17+ and Maven: {', '.join(missing)} not on PATH")
    out = tmp_path_factory.mktemp("java")
    run_java_steps(out, "package")
    return out
