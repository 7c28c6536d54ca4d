"""The bench stays runnable: it never reaches into private state (a transport's pool, httpx's internals), so a
refactoring of the transports cannot break it unnoticed, and its concurrency section runs end to end."""

from __future__ import annotations

import ast
from pathlib import Path

BENCH = Path(__file__).resolve().parents[2] / "bench"


def private_reaches(source: str) -> list[str]:
    """`x._name` / getattr(x, "_name") on anything but self/cls (dunders are public protocol)."""
    found = []
    for node in ast.walk(ast.parse(source)):
        name = None
        if isinstance(node, ast.Attribute):
            owner = node.value
            if not (isinstance(owner, ast.Name) and owner.id in ("self", "cls")):
                name = node.attr
        elif (
            isinstance(node, ast.Call)
            and getattr(node.func, "id", None) in ("getattr", "hasattr")
            and len(node.args) > 1
            and isinstance(node.args[1], ast.Constant)
            and isinstance(node.args[1].value, str)
        ):
            name = node.args[1].value
        if name and name.startswith("_") and not (name.startswith("__") and name.endswith("__")):
            assert isinstance(node, ast.expr)  # an Attribute or a Call: each has its line
            found.append(f"line {node.lineno}: {name}")
    return found


def test_the_guard_finds_private_reaches() -> None:
    assert private_reaches("busy = gw._client.pool") == ["line 1: _client"]
    assert private_reaches("t = getattr(client, '_transport', None)") == ["line 1: _transport"]
    assert private_reaches("self._x = 1\nobj.__class__\nobj.public") == []


def test_no_bench_module_reaches_into_private_state() -> None:
    offending = {p.name: hits for p in sorted(BENCH.glob("*.py")) if (hits := private_reaches(p.read_text()))}
    assert offending == {}


def test_the_concurrency_section_runs_and_counts_through_public_api() -> None:
    from bench import concurrency

    result = concurrency.run(reps=1, calls=20, bounds=(4,), cap=30.0)
    default = result["variants"]["gateway_default"]
    assert default["errors"] == 0
    assert default["leaked_after_close"] == 0
    assert default["busy_after"] == 0  # our transport's public count, after every call returned
    assert result["variants"]["gateway_httpx"]["busy_after"] is None  # httpx's pool has no public count
    raw = result["variants"]["raw_httpx"]  # a plain httpx.AsyncClient doing the same wire work
    assert (raw["errors"], raw["leaked_after_close"], raw["busy_after"]) == (0, 0, None)
