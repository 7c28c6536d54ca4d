"""spec/lint/run.sh passes, and the project's Spectral rules fire on a broken copy (skipped without .tools/)."""

from __future__ import annotations

import json
import subprocess

import pytest

from tests.support.spec import ROOT, SPEC_PATH

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


def _spectral_codes(path) -> set[str]:
    run = subprocess.run(
        [
            str(SPECTRAL),
            "lint",
            str(path),
            "--ruleset",
            str(ROOT / "spec" / "lint" / ".spectral.yaml"),
            "-f",
            "json",
            "-q",
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
    )
    return {r["code"] for r in json.loads(run.stdout or "[]")}


@needs_tools
def test_issue_16_rules_fire_on_the_spec_before_it(tmp_path):
    """The spec before issue 16 (the released 1.0.0 copy) breaks the new rules: no operation said what its codes
    mean, and the GET with a body did not say that fetch cannot send it."""
    codes = _spectral_codes(ROOT / "spec" / "released" / "1.0.0" / "openapi.yaml")
    assert {"mgw-x-codes-present", "mgw-get-body-says-what-works"} <= codes, codes


@needs_tools
def test_issue_16_rules_fire_on_a_broken_copy(tmp_path):
    text = SPEC_PATH.read_text(encoding="utf-8")
    text = text.replace(
        "- {code: PAYMENT_SUCCESS, outcome: accepted,", "- {code: PAYMENT_SUCCESS, outcome: succeeded,", 1
    )
    text = text.replace("        - rule: required\n", "        - rule: needed\n", 1)
    text = text.replace(
        "        - {code: BAD_REQUEST, outcome: rejected,", "        - {code: BAD_REQUEST, outcome: refused,", 1
    )
    bad = tmp_path / "openapi.yaml"
    bad.write_text(text, encoding="utf-8")
    codes = _spectral_codes(bad)
    assert {"mgw-started-is-not-paid", "mgw-x-field-rules", "mgw-x-codes"} <= codes, codes
