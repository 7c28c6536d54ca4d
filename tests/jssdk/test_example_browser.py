"""The example page in headless Debian chromium: SSO and SDK-less payment end to end, and every rejection code.

The page runs the development shim against the sandbox and the merchant-backend demo (Python, AsyncGateway).
How each rejection is provoked is shim behaviour (spec/js-sdk/README.md), never gateway behaviour.
"""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.support.ports import refusing_port

CHROMIUM = Path(shutil.which("chromium") or "chromium")  # Debian's chromium, wherever PATH has it
ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
ROOT = Path(__file__).resolve().parents[2]
SCREENSHOT = ROOT / "build/screenshots/jssdk-example.png"

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(not CHROMIUM.exists(), reason="needs Debian chromium on PATH"),
]

sync_api = pytest.importorskip("playwright.sync_api")


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    with sync_api.sync_playwright() as pw:
        b = pw.chromium.launch(executable_path=str(CHROMIUM), args=ARGS)
        try:
            yield b
        finally:
            b.close()


class Page:
    """A fresh browser context (own localStorage) on the example page, with its console collected."""

    def __init__(self, browser: Any, url: str) -> None:
        self.context = browser.new_context(viewport={"width": 1280, "height": 900})
        self.page = self.context.new_page()
        self.console: list[tuple[str, str]] = []
        self.errors: list[str] = []
        self.page.on("console", lambda m: self.console.append((m.type, m.text)))
        self.page.on("pageerror", lambda e: self.errors.append(str(e)))
        self.page.set_default_timeout(10_000)
        self.page.goto(url)
        self.page.wait_for_selector("body[data-ready=true]")

    def text(self, selector: str) -> str:
        return str(self.page.inner_text(selector)).strip()

    def wait_text(self, selector: str, expected: str, timeout: float = 10_000) -> None:
        self.page.wait_for_function(
            "([s, e]) => document.querySelector(s).textContent.includes(e)", arg=[selector, expected], timeout=timeout
        )

    def wait_final_status(self, timeout: float = 15_000) -> str:
        self.page.wait_for_function(
            "() => /^PAYMENT_[A-Z]+$/.test(document.getElementById('pay-status').textContent)", timeout=timeout
        )
        return self.text("#pay-status")

    def payment_frame(self) -> Any:
        self.page.wait_for_selector("#platform-sdk-shim-frame")
        return self.page.frame_locator("#platform-sdk-shim-frame")

    def close(self) -> None:
        self.context.close()


@pytest.fixture
def open_page(browser: Any, sandbox: Any) -> Iterator[Any]:
    pages: list[Page] = []

    def opener(query: str = "", origin: str | None = None) -> Page:
        page = Page(browser, f"{origin or sandbox.origin}/_sandbox/example/{query}")
        pages.append(page)
        return page

    yield opener
    for page in pages:
        page.close()


def status_of(sandbox: Any, transaction_id: str) -> dict[str, Any]:
    import httpx

    data: dict[str, Any] = httpx.get(
        f"{sandbox.origin}/_sandbox/transactions/{sandbox.config.merchant_id}/{transaction_id}"
    ).json()
    return data


# -- happy path ---------------------------------------------------------------------------------------------------
def test_sso_and_sdk_less_payment_end_to_end(open_page: Any, sandbox: Any) -> None:
    p = open_page()
    assert (
        "warning",
        "[platform-sdk-shim] development shim, not the platform SDK: it talks to the local sandbox only.",
    ) in p.console

    p.page.click("#sso-btn")
    p.wait_text("#user-name", "Sandbox User")
    assert p.text("#user-phone") == "9999999999"
    assert p.text("#user-email") == "sandbox.user@example.com"
    assert p.text("#user-verified") == "true"

    p.page.fill("#amount", "1999")
    p.page.click("#pay-btn")
    frame = p.payment_frame()
    frame.locator("#amount").wait_for()
    assert "19.99" in frame.locator("#amount").inner_text()
    frame.locator("#pay").click()
    assert p.wait_final_status() == "PAYMENT_SUCCESS"  # told by the backend's status call, not by the SDK
    assert p.text("#pay-amount-check") == "amount matches"
    assert p.page.locator("#platform-sdk-shim-payment").count() == 0  # the payments page is closed
    txn = status_of(sandbox, p.text("#pay-txn"))
    assert txn["code"] == "PAYMENT_SUCCESS"
    assert txn["amount"] == 1999
    assert txn["operationId"] == "initiateSdkLessPayment"
    assert "proceedToPay resolved {}" in p.text("#log")
    assert p.text("#last-error") == "none"
    assert not p.errors

    p.page.click("#location-btn")
    p.wait_text("#location-result", "12.9716")
    p.page.click("#permission-btn")
    p.wait_text("#permission-result", "CAMERA:granted")
    SCREENSHOT.parent.mkdir(parents=True, exist_ok=True)
    p.page.screenshot(path=str(SCREENSHOT), full_page=True)


def test_declined_on_the_payments_page_resolves_and_the_backend_tells(open_page: Any) -> None:
    p = open_page()
    p.page.click("#pay-btn")
    p.payment_frame().locator("#decline").click()
    assert p.wait_final_status() == "PAYMENT_DECLINED"
    assert "proceedToPay resolved {}" in p.text("#log")  # the UI flow ended; the outcome came from the status


# -- proceedToPay rejections ---------------------------------------------------------------------------------------
def test_payment_dismiss_when_the_user_closes_the_page(open_page: Any) -> None:
    p = open_page()
    p.page.click("#pay-btn")
    p.payment_frame().locator("#pay").wait_for()
    p.page.click("#platform-sdk-shim-close")
    p.wait_text("#last-error", "PAYMENT_DISMISS")
    assert p.text("#pay-error") == "proceedToPay rejected: PAYMENT_DISMISS"
    assert p.wait_final_status() == "PAYMENT_PENDING"  # nothing was paid; the merchant keeps polling


def test_payment_timeout_when_valid_for_passes(open_page: Any) -> None:
    p = open_page()
    p.page.fill("#valid-for", "1500")
    p.page.click("#pay-btn")
    p.payment_frame().locator("#pay").wait_for()
    p.wait_text("#last-error", "PAYMENT_TIMEOUT", timeout=15_000)
    assert p.wait_final_status() == "PAYMENT_ERROR"  # the sandbox closed the expired payment


def test_payment_timeout_by_the_shim_limit(open_page: Any) -> None:
    p = open_page("?shim.payTimeoutMs=700")
    p.page.click("#pay-btn")
    p.wait_text("#last-error", "PAYMENT_TIMEOUT")
    assert p.wait_final_status() == "PAYMENT_PENDING"


def test_params_invalid_or_insufficient(open_page: Any) -> None:
    p = open_page()
    codes = p.page.evaluate(
        """async () => {
            const sdk = window.exampleSdk;
            const codeOf = (p) => p.then(() => "resolved", (e) => e.error_code);
            return [
                await codeOf(sdk.proceedToPay("NO-SUCH-RESERVATION", location.href)),
                await codeOf(sdk.proceedToPay("", location.href)),
                await codeOf(sdk.proceedToPay("R1")),
                await codeOf(sdk.proceedToPay(42, location.href)),
            ];
        }"""
    )
    assert codes == ["PARAMS_INVALID_OR_INSUFFICIENT"] * 4


def test_internal_error(open_page: Any) -> None:
    p = open_page("?shim.fail.proceedToPay=INTERNAL_ERROR")
    p.page.click("#pay-btn")
    p.wait_text("#last-error", "INTERNAL_ERROR")
    assert p.text("#pay-error") == "proceedToPay rejected: INTERNAL_ERROR"


# -- fetchAuthToken ----------------------------------------------------------------------------------------------
@pytest.mark.parametrize("how", ["unreachable sandbox", "forced"])
def test_network_error(open_page: Any, how: str) -> None:
    with refusing_port() as port:  # refused while the page fetches, never another test's server
        query = (
            f"?shim.origin=http://127.0.0.1:{port}" if how != "forced" else "?shim.fail.fetchAuthToken=NETWORK_ERROR"
        )
        p = open_page(query)
        p.page.click("#sso-btn")
        p.wait_text("#last-error", "NETWORK_ERROR")
    assert p.text("#sso-error") == "fetchAuthToken rejected: NETWORK_ERROR"
    assert p.text("#user-name") == "—"


def test_consent_prompt_login_and_skip(open_page: Any) -> None:
    p = open_page("?shim.consent=prompt&shim.user.name=Ravi%20K&shim.user.primaryEmail=null")
    p.page.click("#sso-btn")
    p.page.click("#platform-sdk-shim-skip")
    p.wait_text("#last-error", "SHIM_CONSENT_SKIPPED")
    p.page.click("#sso-btn")
    p.page.click("#platform-sdk-shim-login")
    p.wait_text("#user-name", "Ravi K")
    assert p.text("#user-email") == "(not shared)"


# -- location, storage, permissions, build -------------------------------------------------------------------------
@pytest.mark.parametrize("query", ["?shim.location=fail", "?shim.permission.LOCATION=denied"])
def test_location_fetch_failure(open_page: Any, query: str) -> None:
    p = open_page(query)
    p.page.click("#location-btn")
    p.wait_text("#last-error", "LOCATION_FETCH_FAILURE")
    assert p.text("#device-error") == "getCurrentLocation rejected: LOCATION_FETCH_FAILURE"


def test_configured_location(open_page: Any) -> None:
    p = open_page("?shim.location=19.076,72.8777")
    p.page.click("#location-btn")
    p.wait_text("#location-result", "19.076, 72.8777")


def test_storage_and_key_not_found(open_page: Any) -> None:
    p = open_page()
    p.page.click("#get-btn")
    p.wait_text("#last-error", "KEY_NOT_FOUND")
    p.page.click("#set-btn")
    p.page.click("#get-btn")
    p.wait_text("#storage-result", "hello")
    raw = p.page.evaluate("() => localStorage.getItem('platform-sdk-shim:example:greeting')")
    assert raw == "hello"  # namespaced per preference name
    other = p.page.evaluate(
        """async () => {
            const sdk = window.exampleSdk;
            const a = await sdk.getItem("other", "greeting", "default-value");
            const b = await sdk.getItem("other", "greeting").catch((e) => e.error_code);
            let empty;
            try { sdk.setItem("", "k", "v"); empty = "accepted"; } catch (e) { empty = e.name; }
            return [a, b, empty];
        }"""
    )
    assert other == ["default-value", "KEY_NOT_FOUND", "TypeError"]
    p.page.click("#remove-btn")
    p.page.click("#get-btn")
    p.wait_text("#storage-result", "—")
    assert p.text("#device-error") == "getItem rejected: KEY_NOT_FOUND"


def test_permissions_and_method_support(open_page: Any) -> None:
    p = open_page("?shim.permission.CAMERA=denied&shim.platform=ios&shim.unsupported=getCurrentLocation")
    result = p.page.evaluate("() => window.exampleSdk.seekPermission(['LOCATION', 'CAMERA', 'READ_SMS'])")
    assert result == [
        {"permission": "LOCATION", "permissionGranted": True, "willShowPermissionAlertAgain": False},
        {"permission": "CAMERA", "permissionGranted": False, "willShowPermissionAlertAgain": True},
        {"permission": "READ_SMS", "permissionGranted": False, "willShowPermissionAlertAgain": False},
    ]
    supported = p.page.evaluate(
        "() => ['proceedToPay', 'getCurrentLocation', 'noSuchMethod']"
        ".map((m) => window.exampleSdk.isMethodSupported(m))"
    )
    assert supported == [True, False, False]


def test_build_forms(open_page: Any, sandbox: Any) -> None:
    p = open_page()
    out = p.page.evaluate(
        """async (url) => {
            const shim = await import(url);
            const modern = await shim.build(shim.Species.native);
            const legacy = await shim.build(shim.Species.web, shim.OperatingSystem.android);
            const bad = await shim.build("desktop").then(() => "resolved", (e) => e.name);
            const badOs = await shim.build("web", "windows").then(() => "resolved", (e) => e.name);
            return [typeof modern.proceedToPay, typeof legacy.fetchAuthToken, bad, badOs, shim.IS_SHIM];
        }""",
        sandbox.origin + "/_sandbox/js/platform-sdk-shim.js",
    )
    assert out == ["function", "function", "TypeError", "TypeError", True]
    deprecations = [text for kind, text in p.console if kind == "warning" and "deprecated pre-0.3.6" in text]
    assert len(deprecations) == 2  # the legacy call and the bad-os call both warn


def test_cross_origin_page_imports_the_shim(browser: Any, sandbox: Any) -> None:
    """A merchant page on another local origin loads the shim from the sandbox (CORS) and gets a grant token."""
    context = browser.new_context()
    try:
        page = context.new_page()
        page.goto(f"http://localhost:{sandbox.port}/_sandbox/example/returned.html")
        token = page.evaluate(
            """async (url) => {
                const { build, Species } = await import(url);
                const sdk = await build(Species.web);
                return sdk.fetchAuthToken();
            }""",
            sandbox.origin + "/_sandbox/js/platform-sdk-shim.js",
        )
        assert token["grantToken"]
        assert token["expiryInSeconds"] > 0
    finally:
        context.close()
