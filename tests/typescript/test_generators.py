"""Standard generators on the released documents, with no manual edit (`make ts-check` runs the same step):
openapi-typescript's output of every document and openapi-generator typescript-fetch's clients of the per-host
documents and openapi.no-webhooks.json compile with tsc --strict, and each host's client has that host's base URL
(typescript-fetch BASE_PATH, java ApiClient)."""

from __future__ import annotations

import shutil
from collections.abc import Callable
from pathlib import Path

import pytest

pytestmark = pytest.mark.slow
ROOT = Path(__file__).resolve().parents[2]


def test_generated_clients_compile_and_route_per_host(ts_out: Path, run_ts: Callable[..., str]) -> None:
    if not (ROOT / ".venv" / "bin" / "openapi-generator-cli").exists():
        pytest.skip("openapi-generator-cli (dev dependency) is not installed in .venv")
    if not shutil.which("java"):
        pytest.skip("openapi-generator needs Java 17")
    out = run_ts(ts_out, "generators")
    assert "tsc --strict compiles, unedited" in out
    assert "base paths are right per host" in out
