"""`make docs` output (Redocly build-docs) opened in headless Debian chromium: every operationId is rendered."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
HTML = ROOT / "build" / "docs" / "index.html"
SHOT = ROOT / "build" / "screenshots" / "api-docs.png"
CHROMIUM = "/usr/bin/chromium"
ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]

pytestmark = pytest.mark.browser


def operation_ids() -> list[str]:
    from ruamel.yaml import YAML

    doc = YAML(typ="safe", pure=True).load((ROOT / "spec" / "openapi.yaml").read_text(encoding="utf-8"))
    ids = []
    for section in ("paths", "webhooks"):
        for item in (doc.get(section) or {}).values():
            for method in ("get", "put", "post", "delete", "patch"):
                if isinstance(item.get(method), dict) and item[method].get("operationId"):
                    ids.append(item[method]["operationId"])
    return ids


@pytest.fixture(scope="module")
def html() -> Path:
    if not (ROOT / "spec" / "openapi.yaml").is_file():
        pytest.skip("spec/openapi.yaml not written yet")
    if not (ROOT / ".tools" / "node_modules" / ".bin" / "redocly").exists():
        pytest.skip(".tools/ has no Redocly CLI: run `make docs` (it installs .tools first)")
    if not Path(CHROMIUM).exists() and not shutil.which("chromium"):
        pytest.skip("Debian chromium is not installed (apt-get install chromium)")
    subprocess.run(["bash", str(ROOT / "docs" / "api" / "build.sh")], check=True, cwd=ROOT, capture_output=True)
    return HTML


def test_every_operation_id_is_in_the_rendered_page(html: Path) -> None:
    sync_api = pytest.importorskip("playwright.sync_api")
    ids = operation_ids()
    assert len(ids) >= 25
    with sync_api.sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=ARGS, headless=True)
        try:
            page = browser.new_page(viewport={"width": 1400, "height": 1000})
            # Only the local file may load: anything remote (fonts, telemetry) is refused, never fetched.
            page.route(
                "**/*", lambda route: route.continue_() if route.request.url.startswith("file:") else route.abort()
            )
            page.goto(html.as_uri(), wait_until="load")
            page.wait_for_selector("[data-section-id]", timeout=30_000)
            # Redoc renders operations lazily and links them as #/<tag>/<operationId, lower-cased>: scroll the whole
            # page (bounded) and collect every link and anchor the renderer produced.
            seen: set[str] = set()
            missing = list(ids)
            # up to three passes top to bottom: on a loaded machine Redoc can still be rendering the first
            # sections while the first pass scrolls past them
            for _ in range(3):
                page.evaluate("() => window.scrollTo(0, 0)")
                last, still = -1.0, 0
                for _ in range(600):
                    seen.update(
                        page.eval_on_selector_all(
                            "[href], [id], [data-section-id]",
                            "els => els.flatMap(e => [e.getAttribute('href'), e.id, e.getAttribute('data-section-id')])"
                            ".filter(Boolean)",
                        )
                    )
                    y = page.evaluate("() => { window.scrollBy(0, 1200); return window.scrollY; }")
                    still = still + 1 if y == last else 0
                    if still >= 8:  # the bottom, and lazy rendering did not grow the page for a while
                        break
                    last = y
                    page.wait_for_timeout(150 if still else 40)
                segments = {s.rstrip("/").rsplit("/", 1)[-1].lower() for s in seen}
                missing = [i for i in ids if i.lower() not in segments]
                if not missing:
                    break
            assert not missing, f"operationIds not rendered: {missing}"
            page.evaluate("() => window.scrollTo(0, 0)")
            page.goto(html.as_uri() + "#/payments/debitv3", wait_until="load")
            page.wait_for_timeout(1500)
            assert "Merchant Payment Gateway" in page.title() or "Merchant Payment Gateway" in page.content()
            SHOT.parent.mkdir(parents=True, exist_ok=True)
            page.screenshot(path=str(SHOT))
        finally:
            browser.close()
    assert SHOT.stat().st_size > 10_000
