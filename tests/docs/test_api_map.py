"""docs/api.md, the method map, is what tools/api_map.py makes of the package and the spec as they are now.

A method added, renamed or deprecated, an operation or a verdict changed in the spec: the map must be made again
(`make api-map`). It also holds what the map promises: every public way to start a payment is listed once, and
every deprecated alias names the task method that replaces it.
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import merchant_gateway as mg
import pytest
from merchant_gateway.flows import launch
from merchant_gateway_client.operations import OPERATIONS

from tools import api_map

ROOT = Path(__file__).resolve().parents[2]
DOC = ROOT / "docs" / "api.md"


def test_the_committed_map_is_fresh() -> None:
    assert DOC.read_text(encoding="utf-8") == api_map.render(), "docs/api.md is stale: run `make api-map`"


def test_the_check_fails_on_a_stale_map(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    stale = tmp_path / "api.md"
    stale.write_text(DOC.read_text(encoding="utf-8").replace("payments.start_intent", "payments.begin_intent"))
    monkeypatch.setattr(api_map, "OUT", stale)
    assert api_map.main(["--check"]) == 1
    monkeypatch.setattr(api_map, "OUT", DOC)
    assert api_map.main(["--check"]) == 0


def test_the_check_runs_as_make_runs_it() -> None:
    done = subprocess.run([sys.executable, "tools/api_map.py", "--check"], cwd=ROOT, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr


def starts_table() -> list[str]:
    text = DOC.read_text(encoding="utf-8")
    section = text.split("## Starting a payment", 1)[1].split("\n## ", 1)[0]
    return [line for line in section.splitlines() if line.startswith("| ") and "`gateway." in line]


def test_every_way_to_start_a_payment_is_listed_once() -> None:
    calls = [re.search(r"`gateway\.([\w.]+)\(", line)[1] for line in starts_table()]  # type: ignore[index]
    assert len(calls) == len(set(calls))
    starting = {op.operation_id for op in OPERATIONS.values() if op.money_movement in ("debit", "collect")}
    listed = {op for line in starts_table() for op in re.findall(r"\[(\w+)\]", line)}
    # every start the gateway has is reached by one task method, bar the read-only GET twin of inline pay and the
    # app SDK's debit (the app sends it)
    assert starting - listed <= {"inlinePayWithGet", "debitV3"}
    for alias, replacement in launch.DEPRECATED.items():
        rows = [line for line in starts_table() if f"`{alias}`" in line]
        assert len(rows) == 1, alias
        assert f"`gateway.{replacement.split('.', 1)[1]}(...)`" in rows[0]


def test_every_public_method_is_on_the_map() -> None:
    text = DOC.read_text(encoding="utf-8")
    for name in api_map.public(mg.Gateway):
        if name in OPERATIONS:
            assert f"| `{name}` |" in text, name  # the operation layer's table
        elif name not in ("close", "config", *api_map.NAMESPACES):
            assert f"| `{name}` |" in text, name
    for attr, (sync_cls, _) in api_map.NAMESPACES.items():
        for name in api_map.public(sync_cls):
            assert f"| `{attr}.{name}` |" in text, f"{attr}.{name}"
