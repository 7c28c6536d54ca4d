"""`make docs` output opened in headless Debian chromium: the wire-level Redoc page (wire/) renders every
operationId; the Python API reference (MkDocs + mkdocstrings) shows every name of ``merchant_gateway.__all__`` and
every public method of each task namespace, and links the Redoc page.

The site is built once per test run into a folder of the run (tests/support/built_once.py), not into the shared
build/docs: the two tests can run on different pytest-xdist workers, whose builds there overwrote each other."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest

from tests.support.built_once import built_once, sources_digest

ROOT = Path(__file__).resolve().parents[2]
# what docs/api/build.sh reads: mkdocs.yml, its pages, the packages mkdocstrings documents, the spec Redocly renders
SOURCES = [
    ROOT / "mkdocs.yml",
    ROOT / "docs",
    ROOT / "overlays",
    ROOT / "generated_client",
    ROOT / "sandbox",
    ROOT / "spec" / "openapi.yaml",
]
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

# the first test to run waits for the site's build (mkdocs and Redocly, a minute and more on a loaded machine)
pytestmark = [pytest.mark.browser, pytest.mark.timeout(600)]


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


def build_site(out: Path) -> None:
    proc = subprocess.run(
        ["bash", str(ROOT / "docs" / "api" / "build.sh")],
        cwd=ROOT,
        env={**os.environ, "DOCS_OUT": str(out)},
        capture_output=True,
        text=True,
        check=False,
    )
    if proc.returncode != 0:
        pytest.fail(f"docs/api/build.sh failed ({proc.returncode}):\n{proc.stdout[-2000:]}\n{proc.stderr[-3000:]}")


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The built site (index.html: the Python reference; wire/index.html: the Redoc page)."""
    if not (ROOT / "spec" / "openapi.yaml").is_file():
        pytest.skip("spec/openapi.yaml not written yet")
    if not (ROOT / ".tools" / "node_modules" / ".bin" / "redocly").exists():
        pytest.skip(".tools/ has no Redocly CLI: run `make docs` (it installs .tools first)")
    if not Path(CHROMIUM).exists() and not shutil.which("chromium"):
        pytest.skip("Debian chromium is not installed (apt-get install chromium)")
    pytest.importorskip("mkdocstrings", reason="mkdocs is not installed: make docs installs the dev group")
    return built_once(tmp_path_factory, "docs-site", sources_digest(SOURCES, ROOT), build_site)


@pytest.fixture(scope="module")
def html(site: Path) -> Path:
    return site / "wire" / "index.html"


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


def task_methods() -> dict[str, list[str]]:
    """Each task namespace class of both flavours -> its public methods."""
    import inspect

    from merchant_gateway import tasks

    names = ("Payments", "Refunds", "Collects", "Wallets", "Sso", "MobileSdk")
    classes = [*names, *(f"Async{n}" for n in names if n != "MobileSdk")]
    return {
        c: [m for m, v in vars(getattr(tasks, c)).items() if not m.startswith("_") and inspect.isfunction(v)]
        for c in classes
    }


def test_the_python_reference_shows_every_public_name_and_task_method(site: Path) -> None:
    sync_api = pytest.importorskip("playwright.sync_api")
    import merchant_gateway

    methods = task_methods()
    assert sum(map(len, methods.values())) >= 30
    with sync_api.sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=ARGS, headless=True)
        try:
            page = browser.new_page(viewport={"width": 1400, "height": 1000})
            page.route(
                "**/*", lambda route: route.continue_() if route.request.url.startswith("file:") else route.abort()
            )
            rendered: set[str] = set()
            for name in ("package", "tasks", "gateway", "errors"):
                page.goto((site / f"{name}.html").as_uri(), wait_until="load")
                page.wait_for_selector("h2[id]", timeout=30_000)
                # mkdocstrings gives each documented object a heading whose id is its dotted path
                rendered.update(page.eval_on_selector_all("[id]", "els => els.map(e => e.id)"))
            tails = {r.rsplit(".", 1)[-1] for r in rendered if "." in r}
            missing = [n for n in merchant_gateway.__all__ if n not in tails]
            assert not missing, f"names of merchant_gateway.__all__ not in the reference: {missing}"
            not_shown = [
                f"{c}.{m}" for c, ms in methods.items() for m in ms if f"merchant_gateway.tasks.{c}.{m}" not in rendered
            ]
            assert not not_shown, f"task methods not in the reference: {not_shown}"
            # the home page links the wire-level Redoc page, and the link opens it
            page.goto((site / "index.html").as_uri(), wait_until="load")
            assert "merchant-gateway-client" in page.title()
            page.click("text=Wire-level API (Redoc)")
            page.wait_for_selector("[data-section-id]", timeout=30_000)
            assert page.url.endswith("wire/index.html")
        finally:
            browser.close()
