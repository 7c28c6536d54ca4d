"""spec/lint/run.sh passes, and the project's Spectral rules fire on a broken copy (skipped without .tools/)."""

from __future__ import annotations

import json
import subprocess

import pytest
from spec_helpers import ROOT, SPEC_PATH

SPECTRAL = ROOT / ".tools" / "node_modules" / ".bin" / "spectral"
REDOCLY = ROOT / ".tools" / "node_modules" / ".bin" / "redocly"
needs_tools = pytest.mark.skipif(
    not (SPECTRAL.exists() and REDOCLY.exists()), reason=".tools/ (npm lint tools) not installed"
)


@needs_tools
def test_lint_script_passes():
    run = subprocess.run(["bash", str(ROOT / "spec" / "lint" / "run.sh")], cwd=ROOT, capture_output=True, text=True)
    assert run.returncode == 0, run.stdout + run.stderr


@needs_tools
def test_project_rules_fire(tmp_path):
    text = SPEC_PATH.read_text(encoding="utf-8")
    text = text.replace("      x-signing-path: /v3/debit/instant\n", "", 1)
    text = text.replace(
        "      operationId: unlinkUser\n", "      operationId: unlinkUser\n      x-follow-redirects: true\n", 1
    )
    bad = tmp_path / "openapi.yaml"
    bad.write_text(text, encoding="utf-8")
    run = subprocess.run(
        [
            str(SPECTRAL),
            "lint",
            str(bad),
            "--ruleset",
            str(ROOT / "spec" / "lint" / ".spectral.yaml"),
            "--format",
            "json",
            "--quiet",
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
    )
    assert run.returncode != 0
    codes = {r["code"] for r in json.loads(run.stdout)}
    assert {"mgw-signed-has-signing-path", "mgw-body-op-signing", "mgw-follow-redirects"} <= codes, codes
