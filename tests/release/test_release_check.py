"""The release check classifies spec changes and fails when the version bump is too small (issue 7)."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
import release_check  # tools/release (pytest's `pythonpath`)
import specdiff

ROOT = Path(__file__).resolve().parents[2]

FIXTURES = Path(__file__).parent / "fixtures"
CASES = sorted(p.name for p in FIXTURES.iterdir() if (p / "old.yaml").is_file())


def test_there_are_fixture_cases() -> None:
    assert len(CASES) >= 20


@pytest.mark.parametrize("case", CASES)
def test_fixture_pair(case: str) -> None:
    folder = FIXTURES / case
    expected = json.loads((folder / "expected.json").read_text())
    old, new = release_check.load(folder / "old.yaml"), release_check.load(folder / "new.yaml")
    ok, lines, changes = release_check.check(new, old)
    report = "\n".join(lines)
    old_v = release_check.parse_version(old["info"]["version"])
    assert release_check.needed_bump(specdiff.required_level(changes), old_v) == expected["needs"], report
    assert ok is expected["ok"], report
    kinds = {c.kind for c in changes}
    for kind in expected["kinds"]:
        assert kind in kinds, report
    if expected["needs"] is None:
        assert changes == [], report


@pytest.mark.parametrize(
    ("old", "new", "kind"),
    [("1.0.0", "2.0.0", "major"), ("1.2.3", "1.3.0", "minor"), ("1.2.3", "1.2.4", "patch"), ("1.2.3", "1.2.3", None)],
)
def test_bump_kind(old: str, new: str, kind: str | None) -> None:
    assert release_check.bump_kind(release_check.parse_version(old), release_check.parse_version(new)) == kind


def test_downgrade_and_bad_versions_are_errors() -> None:
    with pytest.raises(ValueError, match=r"version goes backwards: 1\.2\.0 -> 1\.1\.9"):
        release_check.bump_kind((1, 2, 0), (1, 1, 9))
    with pytest.raises(ValueError, match="version '1.0' is not MAJOR.MINOR.PATCH"):
        release_check.parse_version("1.0")


@pytest.mark.parametrize(
    ("old", "new", "expected"),
    [
        ("safe", "safe", None),
        ("never", "never", None),
        # stricter: same bytes, a caller may now see an unknown outcome instead of a silent re-send
        ("safe", "never", (specdiff.ADDITIVE, "x-retry-tightened")),
        ("safe", "reconcile-first", (specdiff.ADDITIVE, "x-retry-tightened")),
        ("never", "reconcile-first", (specdiff.ADDITIVE, "x-retry-tightened")),
        # looser: clients would start re-sending a call that may act twice
        ("never", "safe", (specdiff.BREAKING, "x-retry-loosened")),
        ("reconcile-first", "safe", (specdiff.BREAKING, "x-retry-loosened")),
        # the status operation no longer settles it
        ("reconcile-first", "never", (specdiff.BREAKING, "x-retry-settlement-removed")),
        # outside the vocabulary: fails closed
        ("safe", "sometimes", (specdiff.BREAKING, "x-retry-changed")),
        ("sometimes", "never", (specdiff.BREAKING, "x-retry-changed")),
    ],
)
def test_retry_change_levels(old: str, new: str, expected: tuple[str, str] | None) -> None:
    assert specdiff.retry_change(old, new) == expected


def test_absent_retry_is_safe() -> None:
    """The generator reads a missing x-retry as safe: dropping `x-retry: safe` is no change, dropping `never`
    loosens the operation."""
    doc = release_check.load(FIXTURES / "no-change" / "old.yaml")
    safe_dropped = json.loads(json.dumps(doc))
    del safe_dropped["paths"]["/v3/transaction/{merchantId}/{transactionId}/status"]["get"]["x-retry"]
    assert not [c for c in specdiff.compare(doc, safe_dropped) if c.kind.startswith("x-retry")]
    never = json.loads(json.dumps(doc))
    never["paths"]["/v3/transaction/{merchantId}/{transactionId}/status"]["get"]["x-retry"] = "never"
    changes = specdiff.compare(never, safe_dropped)
    assert [(c.level, c.kind) for c in changes] == [(specdiff.BREAKING, "x-retry-loosened")]


def test_breaking_before_1_0_needs_minor() -> None:
    assert release_check.needed_bump(specdiff.BREAKING, (0, 3, 1)) == "minor"
    assert release_check.needed_bump(specdiff.BREAKING, (1, 3, 1)) == "major"


def test_cli_prints_changes_and_fails(tmp_path: Path) -> None:
    """The command line picks the highest released version not above the spec's and lists the changes."""
    released = tmp_path / "released"
    for v in ("0.9.0", "1.0.0"):
        (released / v).mkdir(parents=True)
        text = (FIXTURES / "signing-path-changed" / "old.yaml").read_text().replace("version: 1.0.0", f"version: {v}")
        (released / v / "openapi.yaml").write_text(text)
    (released / "2.0.0").mkdir()  # a later (e.g. in-progress) folder without a spec is ignored
    spec = FIXTURES / "signing-path-changed" / "new.yaml"
    proc = subprocess.run(
        [
            sys.executable,
            str(ROOT / "tools/release/release_check.py"),
            "--spec",
            str(spec),
            "--released",
            str(released),
            "--no-package-check",
        ],
        capture_output=True,
        text=True,
        check=False,
    )
    assert proc.returncode == 1, proc.stdout + proc.stderr
    assert "previous release 1.0.0" in proc.stdout
    assert "x-signing-path-changed" in proc.stdout
    assert "'/v3/debit' -> '/v3/debit/'" in proc.stdout
    assert "needs a major bump" in proc.stdout


def test_cli_ok_on_matching_bump(tmp_path: Path) -> None:
    released = tmp_path / "released" / "1.0.0"
    released.mkdir(parents=True)
    shutil.copy(FIXTURES / "operation-added-minor" / "old.yaml", released / "openapi.yaml")
    proc = subprocess.run(
        [
            sys.executable,
            str(ROOT / "tools/release/release_check.py"),
            "--spec",
            str(FIXTURES / "operation-added-minor" / "new.yaml"),
            "--released",
            str(released.parent),
            "--no-package-check",
        ],
        capture_output=True,
        text=True,
        check=False,
    )
    assert proc.returncode == 0, proc.stdout
    assert "operation-added" in proc.stdout
    assert "release-check: OK" in proc.stdout


@pytest.mark.skipif(not (ROOT / "spec" / "openapi.yaml").is_file(), reason="spec/openapi.yaml not written yet")
def test_project_spec_against_its_release() -> None:
    """The real spec compared with itself has no change; compared with the latest release it passes the check."""
    doc = release_check.load(ROOT / "spec" / "openapi.yaml")
    assert specdiff.compare(doc, doc) == []
    released = release_check.released_versions(ROOT / "spec" / "released")
    if not released:
        pytest.skip("no spec/released/<version>/openapi.yaml yet")
    proc = subprocess.run(
        [sys.executable, str(ROOT / "tools/release/release_check.py"), "--no-package-check"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert proc.returncode == 0, proc.stdout
