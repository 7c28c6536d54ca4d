"""ARCHITECTURE.md's layer pictures are pyproject's import-linter layers, row for row.

The pictures are what a newcomer reads first; the contracts are what `lint-imports` enforces. Each picture is a
fenced block after a ``<!-- layers: <contract id> -->`` marker, one row per line: the row as the contract writes it
(module names joined by `` | `` or `` : ``), then two or more spaces and a comment. A row added, removed, moved or
re-joined on one side only fails here.
"""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
DOC = ROOT / "ARCHITECTURE.md"
MARKER = re.compile(r"<!-- layers: (?P<id>[\w-]+) -->\n```text\n(?P<body>.*?)\n```", re.S)


def contracts() -> dict[str, list[str]]:
    table = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["importlinter"]
    return {c["id"]: [_row(layer) for layer in c["layers"]] for c in table["contracts"] if c["type"] == "layers"}


def _row(text: str) -> str:
    """One row in a comparable form: names and their separators, single-spaced."""
    return " ".join(text.split())


def pictures(text: str) -> dict[str, list[str]]:
    found: dict[str, list[str]] = {}
    for match in MARKER.finditer(text):
        rows = [re.split(r"\s{2,}", line.strip(), maxsplit=1)[0] for line in match["body"].splitlines()]
        found[match["id"]] = [_row(row) for row in rows if row]
    return found


def test_the_package_layers_picture_is_the_contract() -> None:
    drawn = pictures(DOC.read_text(encoding="utf-8"))
    assert "package-layers" in drawn, "ARCHITECTURE.md has no picture of the package-layers contract"
    for contract_id, rows in drawn.items():
        assert contract_id in contracts(), f"ARCHITECTURE.md draws {contract_id!r}, not a layers contract"
        assert rows == contracts()[contract_id], (
            f"ARCHITECTURE.md's picture of {contract_id} differs from pyproject.toml's [tool.importlinter] layers: "
            "change both together"
        )


def test_the_top_level_picture_is_drawn_too() -> None:
    assert "overlay-over-generated" in pictures(DOC.read_text(encoding="utf-8"))


@pytest.mark.parametrize(
    "edit",
    [
        lambda rows: rows[:-1],  # a row dropped
        lambda rows: [rows[1], rows[0], *rows[2:]],  # two rows swapped
        lambda rows: [*rows[:2], rows[2].replace(" : ", " | "), *rows[3:]],  # a row re-joined
        lambda rows: [*rows, "newmodule"],  # a module placed in the picture only
    ],
)
def test_a_picture_that_disagrees_fails(edit: object) -> None:
    text = DOC.read_text(encoding="utf-8")
    match = next(m for m in MARKER.finditer(text) if m["id"] == "package-layers")
    lines = match["body"].splitlines()
    assert callable(edit)
    changed = "\n".join(edit(lines))
    broken = text[: match.start("body")] + changed + text[match.end("body") :]
    assert pictures(broken)["package-layers"] != contracts()["package-layers"]


def test_it_stays_two_pages() -> None:
    assert len(DOC.read_text(encoding="utf-8").splitlines()) <= 200
