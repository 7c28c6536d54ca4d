"""Commands the build and end-to-end tests run (the clients' run.sh steps, Maven, javac, the sandbox as a program),
each failing the test with the tail of its output, and the sandbox started as its own program on a free port."""

from __future__ import annotations

import contextlib
import json
import os
import subprocess
import sys
from collections.abc import Iterator, Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
TAIL = 6000  # characters of stdout and of stderr a failure shows


def run_checked(
    cmd: Sequence[str], *, cwd: Path = ROOT, env: dict[str, str] | None = None, timeout: float = 600
) -> str:
    """Run ``cmd``; its stdout, or the test fails with the tail of what it printed."""
    proc = subprocess.run(list(cmd), cwd=cwd, env=env, capture_output=True, text=True, check=False, timeout=timeout)
    assert proc.returncode == 0, (
        f"{' '.join(cmd)} exited {proc.returncode}:\n" + proc.stdout[-TAIL:] + proc.stderr[-TAIL:]
    )
    return proc.stdout


def run_steps(script: Path, out: Path, *steps: str, env: dict[str, str] | None = None, timeout: float = 600) -> str:
    """A client's run.sh STEPS (clients/java, clients/typescript) with OUT=out and this interpreter as PY."""
    full_env = {**os.environ, "OUT": str(out), "PY": sys.executable, **(env or {})}
    return run_checked(["bash", str(script), *steps], env=full_env, timeout=timeout)


@contextlib.contextmanager
def sandbox_program(merchant_id: str, salt_key: str, salt_index: str) -> Iterator[dict[str, str]]:
    """`python -m merchant_gateway_sandbox --port 0 --json` with one merchant and salt, as another language's team
    starts it; yields the MGW_*_URL variables it prints, and stops it afterwards."""
    argv = [sys.executable, "-m", "merchant_gateway_sandbox", "--port", "0", "--json", "--merchant-id", merchant_id]
    argv += ["--salt-key", salt_key, "--salt-index", salt_index]
    sandbox = subprocess.Popen(argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        assert sandbox.stdout is not None
        line = sandbox.stdout.readline()
        if not line:  # it ended before printing its URLs
            sandbox.wait(timeout=30)
            why = sandbox.stderr.read() if sandbox.stderr else ""
            raise AssertionError(f"the sandbox exited {sandbox.returncode}: {why}")
        yield json.loads(line)
    finally:
        sandbox.terminate()
        sandbox.wait(timeout=30)
