"""The pre-commit configuration runs on a clean clone of the committed tree with the project's venv: the checks it
names exist and pass there, and a commit that breaks one of them is stopped."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
VENV = ROOT / ".venv"
PRE_COMMIT = Path(sys.executable).parent / "pre-commit"

pytestmark = pytest.mark.skipif(not PRE_COMMIT.exists(), reason="pre-commit is not installed: run make test")


def _run(args: list[str], cwd: Path, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run(args, cwd=cwd, env=env, capture_output=True, text=True, timeout=300, check=False)


@pytest.fixture
def clone(tmp_path: Path) -> tuple[Path, dict[str, str]]:
    work = tmp_path / "clone"
    subprocess.run(["git", "clone", "-q", "--no-hardlinks", str(ROOT), str(work)], check=True, timeout=120)
    (work / ".venv").symlink_to(Path(sys.executable).parents[1])
    env = {**os.environ, "PRE_COMMIT_HOME": str(tmp_path / "pre-commit-home"), "SKIP": "mypy-strict"}
    env.pop("VIRTUAL_ENV", None)
    for key in ("GIT_DIR", "GIT_INDEX_FILE", "GIT_WORK_TREE"):
        env.pop(key, None)
    subprocess.run(["git", "config", "user.email", "t@example.invalid"], cwd=work, check=True)
    subprocess.run(["git", "config", "user.name", "test"], cwd=work, check=True)
    return work, env


def test_the_configuration_is_valid_and_passes_on_the_committed_tree(clone: tuple[Path, dict[str, str]]) -> None:
    work, env = clone
    assert _run([str(PRE_COMMIT), "validate-config", ".pre-commit-config.yaml"], work, env).returncode == 0
    proc = _run([str(PRE_COMMIT), "run", "--all-files", "--show-diff-on-failure"], work, env)
    assert proc.returncode == 0, proc.stdout[-4000:] + proc.stderr[-2000:]
    for hook in ("ruff check", "ruff format --check", "import-linter contracts", "generated client current"):
        assert hook in proc.stdout, proc.stdout
        assert "Passed" in proc.stdout, proc.stdout


def test_a_commit_that_breaks_a_check_is_stopped(clone: tuple[Path, dict[str, str]]) -> None:
    work, env = clone
    assert _run([str(PRE_COMMIT), "install", "--hook-type", "pre-commit"], work, env).returncode == 0
    bad = work / "tools" / "_unused_import.py"
    bad.write_text("import os\n", encoding="utf-8")  # F401: an unused import, which `make lint` refuses
    subprocess.run(["git", "add", str(bad)], cwd=work, check=True)
    commit = _run(["git", "commit", "-m", "breaks ruff"], work, env)
    said = commit.stdout + commit.stderr  # git shows the hooks' output on stderr
    assert commit.returncode != 0, said
    assert "F401" in said, said
    assert "_unused_import.py" in said, said
    # nothing committed: HEAD is still the clone's
    head = _run(["git", "log", "-1", "--format=%s"], work, env).stdout.strip()
    assert head != "breaks ruff"
