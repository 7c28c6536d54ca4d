"""The release artifacts built in a child process (generator/artifacts.py, ``write_in_background``) while
``python -m generator`` generates the package: the same files as :func:`artifacts.write` in the process, the same
note for a spec they cannot be built from, a failed child fails the run, and a failed run ends its child."""

from __future__ import annotations

from pathlib import Path

import pytest

from generator import artifacts
from generator.spec import cached_document, load_spec
from tests.support.generator import REPO

SPEC = REPO / "spec" / "openapi.yaml"


def _files(folder: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(folder.iterdir())}


def test_the_child_writes_what_the_process_writes(tmp_path: Path) -> None:
    document = cached_document(SPEC) or load_spec(SPEC)
    here, there = tmp_path / "here", tmp_path / "there"
    here.mkdir()
    there.mkdir()
    artifacts.write(here, document)
    artifacts.write_in_background(document, tmp_path).finish(there)
    assert _files(there / artifacts.FOLDER) == _files(here / artifacts.FOLDER)
    assert "kit.json" in _files(there / artifacts.FOLDER)


def test_a_spec_without_artifacts_gets_the_note_and_no_folder(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    package = tmp_path / "package"
    package.mkdir()
    artifacts.write_in_background({}, tmp_path).finish(package)
    assert not (package / artifacts.FOLDER).exists()
    assert "no release artifacts in the package" in capsys.readouterr().err


def test_a_failed_child_fails_the_run(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    package = tmp_path / "package"
    package.mkdir()
    with pytest.raises(SystemExit, match="building the release artifacts failed"):
        artifacts.write_in_background({"openapi": "3.1.0", "paths": 5}, tmp_path).finish(package)
    assert "Traceback" in capsys.readouterr().err  # the child's own error is shown
    assert not (package / artifacts.FOLDER).exists()


def test_a_failed_run_ends_its_child(tmp_path: Path) -> None:
    background = artifacts.write_in_background(cached_document(SPEC) or load_spec(SPEC), tmp_path)
    background.stop()
    assert background._proc.returncode is not None  # ended (killed, or done already), not left running
    background.stop()  # a second stop is harmless
