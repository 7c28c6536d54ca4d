"""The committed generated package: fresh with the spec, and clean under mypy --strict (slow: subprocesses)."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from tests.support.generator import GENERATED, REPO

pytestmark = pytest.mark.slow


def test_committed_client_is_up_to_date() -> None:
    proc = subprocess.run([sys.executable, "-m", "generator", "--check"], cwd=REPO, capture_output=True, text=True)
    assert proc.returncode == 0, proc.stdout + proc.stderr


def test_generated_package_passes_mypy_strict() -> None:
    mypy = os.path.join(os.path.dirname(sys.executable), "mypy")
    env = {**os.environ, "MYPYPATH": str(GENERATED)}
    cmd = [mypy, "--strict", "--no-incremental", "--cache-dir=/dev/null", "-p", "merchant_gateway_client"]
    proc = subprocess.run(cmd, cwd=REPO, env=env, capture_output=True, text=True)
    assert proc.returncode == 0, proc.stdout + proc.stderr
