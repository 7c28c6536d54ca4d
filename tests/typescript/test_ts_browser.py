"""The package's main entry in a real browser (headless Debian chromium): it loads with no bundler (an import map
for its JSON parser) and no Node module (types, operations.json of the release, payload encoding); the server
entry's browser build refuses to load, so a salt key never has a place in a page."""

from __future__ import annotations

import base64
import functools
import json
import shutil
import threading
from collections.abc import Iterator
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest

CHROMIUM = Path(shutil.which("chromium") or "chromium")  # Debian's chromium, wherever PATH has it
pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(not CHROMIUM.exists(), reason="needs Debian chromium on PATH"),
]
sync_api = pytest.importorskip("playwright.sync_api")

# The package's one runtime dependency that the main entry loads (@humanwhocodes/momoa, the JSON parser the verdicts
# read answers with), mapped as a page without a bundler maps any bare import.
PAGE = """<!doctype html><meta charset="utf-8"><title>package in a browser</title>
<script type="importmap">
{"imports": {"@humanwhocodes/momoa": "/package/node_modules/@humanwhocodes/momoa/dist/momoa.js"}}
</script>
<script type="module">
const out = {};
try {
  const m = await import("/package/dist/index.js");
  out.operations = Object.keys(m.OPERATIONS).length;
  out.hosts = Object.fromEntries(Object.entries(m.OPERATIONS).map(([id, op]) => [id, op.host]));
  out.request = m.encodePayload({ merchantId: "M", message: "₹1 café" });
  out.version = m.SPEC_VERSION;
  out.exports = Object.keys(m);
} catch (e) { out.mainError = String(e); }
try { await import("/package/dist/server.browser.js"); out.server = "loaded"; } catch (e) { out.server = String(e); }
document.body.dataset.result = JSON.stringify(out);
</script>"""


@pytest.fixture
def served(ts_out: Path) -> Iterator[str]:
    (ts_out / "browser.html").write_text(PAGE, encoding="utf-8")
    handler = functools.partial(SimpleHTTPRequestHandler, directory=str(ts_out))
    handler.log_message = lambda *a: None  # type: ignore[method-assign]
    server = ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()


def test_main_entry_runs_in_chromium_and_server_entry_refuses(served: str, ts_out: Path) -> None:
    with sync_api.sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=str(CHROMIUM), args=["--no-sandbox", "--disable-gpu"])
        try:
            page = browser.new_page()
            errors: list[str] = []
            page.on("pageerror", lambda e: errors.append(str(e)))
            page.goto(served + "/browser.html")
            page.wait_for_selector("body[data-result]", state="attached", timeout=15_000)
            result = json.loads(page.get_attribute("body", "data-result") or "{}")
        finally:
            browser.close()
    assert "mainError" not in result, result
    table = json.loads((ts_out / "artifacts" / "operations.json").read_text())
    assert result["operations"] == len(table["operations"])
    assert result["hosts"] == {op_id: op["host"] for op_id, op in table["operations"].items()}
    assert result["version"] == table["spec"]["version"]
    compact = json.dumps({"merchantId": "M", "message": "₹1 café"}, separators=(",", ":"), ensure_ascii=False)
    assert result["request"] == base64.b64encode(compact.encode()).decode()
    assert not any("erify" in name or name == "Gateway" for name in result["exports"]), result["exports"]
    assert "must never reach a browser" in result["server"], result["server"]
