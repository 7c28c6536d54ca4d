"""A person in a browser: open the v4 web redirect URL, click Pay, land on the merchant with a valid form post."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from tests.support.sandbox import MERCHANT, Gateway, Receiver, callback_for, sign

CHROMIUM = "/usr/bin/chromium"
SCREENSHOT = Path(__file__).resolve().parents[3] / "build" / "screenshots" / "payments-page.png"

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(not os.path.exists(CHROMIUM), reason="Debian chromium is not installed"),
]


def test_pay_in_browser_posts_form_with_valid_checksum(gw: Gateway, receiver: Receiver) -> None:
    from playwright.sync_api import sync_playwright

    headers = {
        "X-REDIRECT-URL": receiver.url + "/return",
        "X-REDIRECT-MODE": "POST",
        "X-CALLBACK-URL": receiver.url + "/s2s",
    }
    payload = {"merchantId": MERCHANT, "transactionId": "TXBROWSER", "merchantUserId": "U1", "amount": 149900}
    resp = gw.post_signed("/v4/debit/", payload, "/v4/debit", headers=headers)
    url = resp.json()["data"]["redirectURL"]

    with sync_playwright() as p:
        browser = p.chromium.launch(
            executable_path=CHROMIUM,
            args=[
                "--no-sandbox",
                "--disable-gpu",
                "--disable-background-networking",
                "--disable-component-update",
                "--disable-sync",
                "--no-first-run",
            ],
        )
        try:
            page = browser.new_page(viewport={"width": 520, "height": 720})
            page.goto(url)
            assert page.inner_text("#amount") == "\u20b91,499.00"
            assert page.inner_text("#merchant") == MERCHANT
            SCREENSHOT.parent.mkdir(parents=True, exist_ok=True)
            page.screenshot(path=str(SCREENSHOT))
            with page.expect_navigation(url=receiver.url + "/return"):
                page.click("#pay")
            assert "merchant page" in page.content()
        finally:
            browser.close()

    (post,) = receiver.wait_for(lambda r: r.path == "/return" and r.method == "POST")
    form = post.form()
    assert form["code"] == "PAYMENT_SUCCESS"
    assert form["transactionId"] == "TXBROWSER"
    assert form["amount"] == "149900"
    message = form["code"] + form["merchantId"] + form["transactionId"] + form["amount"] + form["providerReferenceId"]
    assert form["checksum"] == sign(message, form["checksum"].rsplit("###", 1)[1])

    assert gw.status("TXBROWSER").json()["code"] == "PAYMENT_SUCCESS"
    assert receiver.wait_for(callback_for("TXBROWSER"))
