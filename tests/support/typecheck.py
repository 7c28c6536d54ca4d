"""mypy over snippets of user code, as a merchant's CI would run it on code written against the package."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def mypy_errors(folder: Path, snippets: dict[str, str]) -> dict[str, list[str]]:
    """mypy --strict (the project's settings) over every snippet (name: source) in one run, written to ``folder``:
    each snippet's error lines. The package's own findings are ``make lint``'s, not a snippet's."""
    mypy_api = pytest.importorskip("mypy.api")
    for name, text in snippets.items():
        (folder / f"{name}.py").write_text(text, encoding="utf-8")
    stdout, stderr, _ = mypy_api.run(
        [
            "--config-file",
            str(ROOT / "pyproject.toml"),
            "--strict",
            "--follow-imports=silent",
            "--cache-dir",
            str(folder / ".mypy_cache"),
            "--no-error-summary",
            *(str(folder / f"{name}.py") for name in snippets),
        ]
    )
    assert "error: Cannot find" not in stdout + stderr, stdout + stderr
    found: dict[str, list[str]] = {name: [] for name in snippets}
    for line in stdout.splitlines():
        match = re.match(r".*[/\\](\w+)\.py:\d+: error: (.*)", line)
        if match:
            found[match[1]].append(match[2])
    return found
