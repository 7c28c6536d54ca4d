"""Reuse by other language teams: openapi-typescript types, the openapi-generator typescript-fetch client and the
TypeScript example/replay (clients/typescript/run.sh) compile with tsc --strict and pass under node."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
BIN = ROOT / ".tools" / "node_modules" / ".bin"


def run(step: str) -> str:
    for tool in ("tsc", "openapi-typescript"):
        if not (BIN / tool).exists():
            pytest.skip(f".tools/ lacks {tool}: run `make ts-check` (it installs .tools first)")
    if not shutil.which("node"):
        pytest.skip("node is not installed")
    if not (ROOT / "spec" / "openapi.yaml").is_file():
        pytest.skip("spec/openapi.yaml not written yet")
    proc = subprocess.run(
        ["bash", str(ROOT / "clients/typescript/run.sh"), step],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
        timeout=900,
    )
    assert proc.returncode == 0, proc.stdout[-4000:] + proc.stderr[-4000:]
    return proc.stdout


@pytest.mark.slow  # `make ts-check` (part of `make check`) runs the same script
def test_types_and_example_replay() -> None:
    run("types")
    out = run("example")
    assert ", 0 failed" in out and "replay.ts:" in out and "example.ts vectors:" in out


@pytest.mark.slow
def test_second_generator_client_compiles() -> None:
    if not (ROOT / ".venv" / "bin" / "openapi-generator-cli").exists():
        pytest.skip("openapi-generator-cli (PyPI) is not installed in .venv")
    if not shutil.which("java"):
        pytest.skip("java is not installed")
    assert "compiles with tsc --strict" in run("generator")
