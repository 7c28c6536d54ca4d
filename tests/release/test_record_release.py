"""spec/released/<version>/ is written by the release (tools/release/record_release.py, run by publish.sh around the
upload; the end-to-end test publishes for real): a new version recorded, the same spec again a no-op, a different
spec under a released version refused, and the repository holds every version published so far."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
import record_release  # tools/release (pytest's `pythonpath`)
import release_check

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = ROOT / "tools" / "release" / "record_release.py"
SPEC = "openapi: 3.1.0\ninfo: {{title: t, version: {v}}}\npaths: {{}}\n"


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, str(SCRIPT), *args], cwd=ROOT, capture_output=True, text=True, check=False)


def test_a_release_is_recorded_once_and_never_changes(tmp_path: Path) -> None:
    spec, released = tmp_path / "openapi.yaml", tmp_path / "released"
    spec.write_text(SPEC.format(v="3.1.0"))
    checked = run("--spec", str(spec), "--released", str(released), "--check")
    assert checked.returncode == 0
    assert "can be recorded" in checked.stdout
    assert not released.exists()  # --check writes nothing

    first = run("--spec", str(spec), "--released", str(released))
    assert first.returncode == 0, first.stderr
    assert (released / "3.1.0" / "openapi.yaml").read_bytes() == spec.read_bytes()
    assert run("--spec", str(spec), "--released", str(released)).stdout.endswith("already holds this spec\n")

    spec.write_text(SPEC.format(v="3.1.0") + "# changed after the release\n")
    for extra in ((), ("--check",)):
        refused = run("--spec", str(spec), "--released", str(released), *extra)
        assert refused.returncode == 1
        assert "never changes" in refused.stderr
        assert "bump info.version" in refused.stderr
    assert (released / "3.1.0" / "openapi.yaml").read_text() == SPEC.format(v="3.1.0")


def test_bad_input_is_named(tmp_path: Path) -> None:
    spec = tmp_path / "openapi.yaml"
    spec.write_text(SPEC.format(v="3.1"))
    bad = run("--spec", str(spec), "--released", str(tmp_path / "r"))
    assert bad.returncode == 2
    assert "info.version '3.1' is not MAJOR.MINOR.PATCH" in bad.stderr
    missing = run("--commit", "no-such-revision", "--released", str(tmp_path / "r"))
    assert missing.returncode == 2
    assert "no spec/openapi.yaml at no-such-revision" in missing.stderr


def test_a_commit_is_recorded_as_it_was(tmp_path: Path) -> None:
    """The path by which 2.0.0 (published before this tool) was recorded: the spec as of a commit."""
    head = subprocess.run(["git", "show", "HEAD:spec/openapi.yaml"], cwd=ROOT, capture_output=True, check=False)
    if head.returncode != 0:
        pytest.skip("not a git checkout")
    done = run("--commit", "HEAD", "--released", str(tmp_path))
    assert done.returncode == 0, done.stderr
    version = record_release.spec_version(head.stdout.decode(), "HEAD")
    assert (tmp_path / version / "openapi.yaml").read_bytes() == head.stdout


def test_the_repository_holds_every_published_version() -> None:
    released = release_check.released_versions(ROOT / "spec" / "released")
    assert {(1, 0, 0), (2, 0, 0)} <= set(released)
    for version, path in released.items():  # each folder holds the spec of its own version
        assert record_release.spec_version(path.read_text(encoding="utf-8"), str(path)) == ".".join(map(str, version))
