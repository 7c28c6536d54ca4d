"""Every package of a release explains it to other teams: spec/CHANGELOG.md and spec-diff.json (the spec against the
previous release, each change classified by the release check and filed under an area), in the wheel (here), the
npm package (tests/typescript/test_release_notes_npm.py) and the jar (tests/java)."""

from __future__ import annotations

import json
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest
import release_check
import release_notes

ROOT = Path(__file__).resolve().parents[2]
RELEASED = ROOT / "spec" / "released"


def test_the_shipped_spec_diff_is_the_current_one() -> None:
    proc = subprocess.run(
        [sys.executable, "tools/release/release_notes.py", "--check"], cwd=ROOT, capture_output=True, text=True
    )
    assert proc.returncode == 0, proc.stderr


def test_the_diff_is_against_the_previous_release_with_every_change_classified() -> None:
    diff = json.loads((ROOT / "spec" / "spec-diff.json").read_text(encoding="utf-8"))
    spec = release_check.load(ROOT / "spec" / "openapi.yaml")
    version = release_check.parse_version(spec["info"]["version"])
    older = [v for v in release_check.released_versions(RELEASED) if v < version]
    assert diff["version"] == release_check.fmt(version)
    assert diff["previous"] == (release_check.fmt(max(older)) if older else None)
    assert diff["changes"], "3.0.0 changed verdicts against 2.0.0"
    for change in diff["changes"]:
        assert change["level"] in ("breaking", "additive", "docs")
        assert change["area"] in release_notes.AREAS
    assert diff["counts"] == {a: sum(c["area"] == a for c in diff["changes"]) for a in release_notes.AREAS}


@pytest.mark.parametrize(
    ("kind", "where", "area"),
    [
        ("x-codes-outcome-changed", "debitV3 x-codes", "outcomes"),
        ("x-codes-refine-changed", "getTransactionStatus x-codes", "outcomes"),
        ("verdict-rule-changed", "x-verdict-rules", "outcomes"),
        ("x-codes-code-added", "refundV4 x-codes", "codes"),
        ("x-evidence-changed", "debitV4Web", "evidence"),
        ("operation-added", "newOp", "operations"),
        ("x-retry-changed", "debitV3", "operations"),
        ("property-removed", "DebitPayload.amount", "fields"),
        ("pattern-changed", "debitV3 requestBody application/json.request (payload).transactionId", "fields"),
        ("x-field-rule-added", "DebitPayload", "fields"),
        ("docs-changed", "info.description", "docs"),
    ],
)
def test_each_kind_of_change_is_filed_under_its_area(kind: str, where: str, area: str) -> None:
    assert release_notes.area(kind, where) == area


def test_a_first_release_has_nothing_to_compare(tmp_path: Path) -> None:
    diff = release_notes.spec_diff(ROOT / "spec" / "openapi.yaml", tmp_path)
    assert diff["previous"] is None
    assert diff["changes"] == []


def test_the_wheel_carries_the_changelog_and_the_spec_diff(built_dist: Path) -> None:
    wheel = next(built_dist.glob("merchant_gateway_client-*.whl"))
    with zipfile.ZipFile(wheel) as zf:
        changelog = zf.read("merchant_gateway_client/release/CHANGELOG.md").decode()
        diff = json.loads(zf.read("merchant_gateway_client/release/spec-diff.json"))
    assert changelog == (ROOT / "spec" / "CHANGELOG.md").read_text(encoding="utf-8")
    assert diff == json.loads((ROOT / "spec" / "spec-diff.json").read_text(encoding="utf-8"))
