"""Fixtures of the release tests: one build of the distribution per session."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="session")
def built_dist(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """dist/ built by tools/release/dist.sh (python -m build + twine check + content check) into a temp folder."""
    if not (ROOT / "generated_client" / "merchant_gateway_client" / "__init__.py").is_file():
        pytest.skip("generated_client/merchant_gateway_client not generated yet")
    out = tmp_path_factory.mktemp("dist") / "dist"
    proc = subprocess.run(
        ["bash", str(ROOT / "tools/release/dist.sh"), str(out)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
        env={**__import__("os").environ, "PY": sys.executable},
    )
    assert proc.returncode == 0, proc.stdout[-4000:] + proc.stderr[-4000:]
    return out
