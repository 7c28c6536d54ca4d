"""The TypeScript package under node's test runner (clients/typescript/test): the conformance kit and the shared
signing vectors through the package, the browser guard, and the payment story against a local sandbox that run.sh
starts the way the tests do (`mgw sandbox --port 0`, reading the MGW_*_URL lines)."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path


def test_node_test_runner_passes_kit_vectors_guard_and_story(ts_out: Path, run_ts: Callable[..., str]) -> None:
    out = run_ts(ts_out, "test")
    summary = dict(re.findall(r"^ℹ (\w+) (\d+)$", out, re.M))
    assert summary.get("fail") == "0", out[-3000:]
    assert int(summary.get("pass", "0")) >= 60, out[-3000:]
    assert summary.get("skipped") == "0", "the story against the sandbox must run, not skip"
    for suite in (
        "conformance kit: requests",
        "conformance kit: callbacks",
        "signing vectors",
        "browser guard",
        "payment story against the local sandbox",
    ):
        assert f"✔ {suite}" in out, suite
    kit = json.loads((ts_out / "kit.json").read_text())
    for case in kit["requests"]:
        assert f"✔ {case['id']}" in out, case["id"]


def test_the_package_is_versioned_from_the_spec_and_ships_the_artifacts(ts_out: Path) -> None:
    pkg = json.loads((ts_out / "package" / "package.json").read_text())
    table = json.loads((ts_out / "artifacts" / "operations.json").read_text())
    assert pkg["name"] == "@merchant-gateway/client"
    assert pkg["version"] == table["spec"]["version"]
    assert "devDependencies" not in pkg
    assert set(pkg["dependencies"]) == {"openapi-fetch", "@humanwhocodes/momoa"}  # calls; reading answers
    shipped = {p.name for p in (ts_out / "package" / "openapi").iterdir()}
    assert {
        "operations.json",
        "operations.schema.json",
        "openapi.base.json",
        "openapi.apps.json",
        "openapi.auth.json",
        "openapi.no-webhooks.json",
        "openapi.webhooks.json",
        "openapi.json",
    } <= shipped
    dist = {p.name for p in (ts_out / "package" / "dist").iterdir()}
    assert {"index.js", "index.d.ts", "server.js", "server.d.ts", "server.browser.js"} <= dist
    # the main (browser-safe) entry and what it imports never load a Node module or the signing code
    for name in ("index.js", "wire.js", "errors.js", "facts.js"):
        text = (ts_out / "package" / "dist" / name).read_text()
        imports = re.findall(r"""(?:from|import)\s*\(?\s*["']([^"']+)["']""", text)
        assert not [i for i in imports if i.startswith("node:") or "signing" in i or "gateway" in i], (name, imports)


def test_no_operation_is_written_by_hand(ts_out: Path) -> None:
    """The hand-written sources name no operation: methods, routes, payload types come from operations.json."""
    table = json.loads((ts_out / "artifacts" / "operations.json").read_text())
    src = Path(__file__).resolve().parents[2] / "clients" / "typescript" / "src"
    text = "\n".join(p.read_text() for p in src.glob("*.ts"))
    text = re.sub(r"/\*.*?\*/|//[^\n]*", "", text, flags=re.S)  # comments may name an example
    named = [op for op in table["operations"] if re.search(rf"\b{op}\b", text)]
    assert named == [], f"hand-written code names operations {named}"
