"""The suite's own machinery (tests/support/built_once.py): a build several workers need is made once, a failed one
is reported to every later asker instead of being repeated, and other sources get a build of their own. The workers
of a pytest-xdist run are processes: here several processes ask for the same build at once."""

from __future__ import annotations

import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from tests.support.built_once import built_once, sources_digest

ROOT = Path(__file__).resolve().parents[2]


def test_the_build_runs_once_and_every_asker_gets_its_folder(tmp_path_factory: pytest.TempPathFactory) -> None:
    builds: list[Path] = []
    first = built_once(tmp_path_factory, "thing", "d1", lambda out: builds.append(out) or (out / "x").write_text("1"))
    again = built_once(tmp_path_factory, "thing", "d1", lambda out: builds.append(out))
    assert first == again == builds[0]
    assert len(builds) == 1
    assert (first / "x").read_text() == "1"
    assert sorted(p.name for p in first.iterdir()) == ["x"]  # nothing of the lock's beside what the build wrote


def test_other_sources_get_a_build_of_their_own(tmp_path_factory: pytest.TempPathFactory) -> None:
    builds: list[Path] = []
    one = built_once(tmp_path_factory, "other", "d1", builds.append)
    two = built_once(tmp_path_factory, "other", "d2", builds.append)
    assert one != two
    assert builds == [one, two]


def test_a_failed_build_is_reported_to_the_next_asker_not_repeated(tmp_path_factory: pytest.TempPathFactory) -> None:
    def broken(out: Path) -> None:
        raise AssertionError("javac: 3 errors")

    with pytest.raises(AssertionError, match="javac: 3 errors"):
        built_once(tmp_path_factory, "broken", "d1", broken)
    with pytest.raises(pytest.fail.Exception, match="(?s)the broken build failed in another worker.*javac: 3 errors"):
        built_once(tmp_path_factory, "broken", "d1", broken)


def test_a_skip_is_no_verdict_on_the_build(tmp_path_factory: pytest.TempPathFactory) -> None:
    def skipped(out: Path) -> None:
        pytest.skip("no node here")

    with pytest.raises(pytest.skip.Exception):
        built_once(tmp_path_factory, "skipped", "d1", skipped)
    assert built_once(tmp_path_factory, "skipped", "d1", lambda out: None).is_dir()


ASKER = textwrap.dedent(
    """
    import sys
    from pathlib import Path
    from tests.support.built_once import built_once

    class Factory:  # what built_once reads of pytest's TempPathFactory
        def getbasetemp(self):
            return Path(sys.argv[1])

    def build(out):
        with open(Path(sys.argv[1]).parent / "builds.log", "a") as log:
            log.write("built\\n")
        (out / "made").write_text("yes")

    print(built_once(Factory(), "shared", "d1", build))
    """
)


def test_workers_asking_at_once_share_one_build(tmp_path: Path) -> None:
    """Processes with PYTEST_XDIST_WORKER set, each in its own base folder under one run folder, as xdist's are,
    started together: whichever builds, the others wait on its lock or find it done, never build again."""
    askers = [
        subprocess.Popen(
            [sys.executable, "-c", ASKER, str(tmp_path / f"popen-gw{n}")],
            cwd=ROOT,
            env={"PYTEST_XDIST_WORKER": f"gw{n}", "PATH": "/usr/bin:/bin"},
            stdout=subprocess.PIPE,
            text=True,
        )
        for n in range(3)
    ]
    folders = {asker.communicate(timeout=60)[0].strip() for asker in askers}
    assert all(asker.returncode == 0 for asker in askers)
    assert folders == {str(tmp_path / "shared-d1")}
    assert (tmp_path / "builds.log").read_text() == "built\n"
    assert (tmp_path / "shared-d1" / "made").read_text() == "yes"


def test_the_digest_follows_the_contents_and_ignores_bytecode(tmp_path: Path) -> None:
    (tmp_path / "src" / "__pycache__").mkdir(parents=True)
    (tmp_path / "src" / "a.py").write_text("x = 1\n")
    before = sources_digest([tmp_path / "src"], tmp_path)
    (tmp_path / "src" / "__pycache__" / "a.cpython-311.pyc").write_bytes(b"\0")
    assert sources_digest([tmp_path / "src"], tmp_path) == before
    (tmp_path / "src" / "a.py").write_text("x = 2\n")
    assert sources_digest([tmp_path / "src"], tmp_path) != before
