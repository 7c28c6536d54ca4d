"""Documented gateway behaviour the sandbox produces on demand (issue 17): REVERSAL_WINDOW_EXCEEDED, TOO_MANY_REQUESTS,
WALLET_NOT_ACTIVATED (WALLLET_NOT_ACTIVATED on the apps-host refund), param1..param20 on the UI form post,
transactionContext on callbacks (a collect's storeId/terminalId echoed), the mobile-SDK profile and account summary
answers, and a payments page that cannot be opened. Plain HTTP with our own signing; the clock is manual."""

from __future__ import annotations

import re
from html import unescape
from typing import Any

from tests.support.sandbox import MERCHANT, Gateway, Receiver, callback_for, sign, unb64


def debit(tid: str, amount: int = 10000) -> dict[str, object]:
    return {"merchantId": MERCHANT, "transactionId": tid, "merchantUserId": "U1", "amount": amount}


def paid(gw: Gateway, tid: str, amount: int = 10000) -> None:
    gw.post_signed("/v4/debit/", debit(tid, amount), signing_path="/v4/debit")
    gw.advance(5)
    assert gw.status(tid).json()["code"] == "PAYMENT_SUCCESS"


def refund(tid: str, original: str, amount: int) -> dict[str, object]:
    return {
        "merchantId": MERCHANT,
        "transactionId": tid,
        "originalTransactionId": original,
        "amount": amount,
        "merchantOrderId": "OD1",
        "message": "refund",
    }


def refund_on(gw: Gateway, operation: str, tid: str, original: str, amount: int) -> Any:
    if operation == "refundV4":
        return gw.post_signed("/v4/credit/backToSource", refund(tid, original, amount))
    if operation == "refundV3":
        return gw.post_signed("/v3/credit/backToSource/", refund(tid, original, amount), "/v3/credit/backToSource")
    return gw.post_signed("/v3/credit/backToSource", refund(tid, original, amount), host="apps")


def hidden_inputs(html: str) -> dict[str, str]:
    return {
        unescape(n): unescape(v) for n, v in re.findall(r"<input type='hidden' name='([^']*)' value='([^']*)'>", html)
    }


def test_reversal_window_exceeded_by_test_amount_on_the_v4_refund_only(gw: Gateway) -> None:
    paid(gw, "TXRW1")
    resp = refund_on(gw, "refundV4", "RFRW1", "TXRW1", 4006)
    body = resp.json()
    assert resp.status_code == 400
    assert body["code"] == "REVERSAL_WINDOW_EXCEEDED"
    assert body["success"] is False
    assert body["data"] == {}
    assert gw.status("RFRW1").json()["code"] == "TRANSACTION_NOT_FOUND"  # refused, not recorded
    # the document shows the code on the v4 refund only; the other refund paths take the amount as any other
    assert refund_on(gw, "refundV3", "RFRW2", "TXRW1", 4006).json()["code"] == "PAYMENT_PENDING"


def test_reversal_window_exceeded_after_the_configured_window(gw: Gateway) -> None:
    assert gw.control("POST", "/_sandbox/config", json={"refundWindow": 60}).json()["refundWindow"] == 60
    paid(gw, "TXRW3")  # 5 s old
    assert refund_on(gw, "refundV4", "RFRW3", "TXRW3", 100).json()["code"] == "PAYMENT_PENDING"
    gw.advance(60)
    late = refund_on(gw, "refundV4", "RFRW4", "TXRW3", 100)
    assert late.status_code == 400
    assert late.json()["code"] == "REVERSAL_WINDOW_EXCEEDED"
    assert gw.control("POST", "/_sandbox/config", json={"refundWindow": None}).json()["refundWindow"] is None
    assert refund_on(gw, "refundV4", "RFRW5", "TXRW3", 100).json()["code"] == "PAYMENT_PENDING"


def test_wallet_not_activated_with_the_apps_host_spelling(gw: Gateway) -> None:
    paid(gw, "TXWN1")
    for operation, tid, expected in (
        ("refundV4", "RFWN1", "WALLET_NOT_ACTIVATED"),
        ("refundV3", "RFWN2", "WALLET_NOT_ACTIVATED"),
        ("refundAppsHost", "RFWN3", "WALLLET_NOT_ACTIVATED"),
    ):
        resp = refund_on(gw, operation, tid, "TXWN1", 4007)
        body = resp.json()
        assert resp.status_code == 400, (operation, body)
        assert body["code"] == "PAYMENT_ERROR", (operation, body)
        assert body["data"]["payResponseCode"] == expected
        assert body["data"]["status"] == "FAILED"
        assert body["data"]["transactionId"] == tid
        assert body["data"]["amount"] == 4007
    assert gw.control("GET", "/_sandbox/test-values").json()["refundAmounts"] == {
        "4006": "REVERSAL_WINDOW_EXCEEDED",
        "4007": "WALLET_NOT_ACTIVATED",
    }


def test_too_many_requests_on_the_otp_send(gw: Gateway) -> None:
    resp = gw.post_signed("/v3/merchant/otp/send", {"merchantId": MERCHANT, "mobileNumber": "9999900003"})
    body = resp.json()
    assert resp.status_code == 400
    assert body["code"] == "TOO_MANY_REQUESTS"
    assert body["data"] == {}
    ok = gw.post_signed("/v3/merchant/otp/send", {"merchantId": MERCHANT, "mobileNumber": "9999900004"})
    assert ok.json()["code"] == "SUCCESS"


def test_ui_form_post_carries_param1_to_param20_in_its_checksum(gw: Gateway, receiver: Receiver) -> None:
    params = {f"param{i}": f"value-{i}" for i in range(1, 21)}
    params["param7"] = "a&b <c> 'd'"
    bad = gw.control("POST", "/_sandbox/config", json={"uiParams": {"param21": "x"}})
    assert bad.status_code == 400
    assert gw.control("POST", "/_sandbox/config", json={"uiParams": params}).json()["uiParams"] == params
    try:
        headers = {"X-REDIRECT-URL": receiver.url + "/return", "X-REDIRECT-MODE": "POST"}
        resp = gw.post_signed("/v4/debit/", debit("TXUI1"), signing_path="/v4/debit", headers=headers)
        url = resp.json()["data"]["redirectURL"]
        gw.http.get(url)
        done = gw.http.post(url, data={"choice": "pay"})
    finally:
        gw.control("POST", "/_sandbox/config", json={"uiParams": {}})
    form = hidden_inputs(done.text)
    assert {k: v for k, v in form.items() if k.startswith("param")} == params
    ordered = [form[k] for k in ("code", "merchantId", "transactionId", "amount", "providerReferenceId")]
    ordered += [params[f"param{i}"] for i in range(1, 21)]
    assert form["checksum"] == sign("".join(ordered))


def test_collect_echoes_store_and_terminal_in_the_charge_callback(gw: Gateway, receiver: Receiver) -> None:
    payload = {
        "merchantId": MERCHANT,
        "transactionId": "TXCS1",
        "merchantOrderId": "ODCS1",
        "amount": 1500,
        "instrumentType": "MOBILE",
        "instrumentReference": "9000000001",
        "expiresIn": 180,
        "storeId": "STORE-7",
        "terminalId": "TERM-3",
    }
    resp = gw.post_signed("/v3/charge", payload, headers={"X-CALLBACK-URL": receiver.url + "/charge"})
    assert resp.json()["code"] == "SUCCESS"
    gw.advance(5)
    (cb,) = receiver.wait_for(callback_for("TXCS1"))
    assert cb.headers["X-VERIFY"] == sign(cb.json()["response"])
    context = unb64(cb.json()["response"])["data"]["transactionContext"]
    assert context == {"qrCodeId": None, "storeId": "STORE-7", "terminalId": "TERM-3", "posDeviceId": None}


def test_settle_puts_a_transaction_context_on_the_payment_callback(gw: Gateway, receiver: Receiver) -> None:
    headers = {"X-CALLBACK-URL": receiver.url + "/cb"}
    gw.post_signed("/v4/debit/", debit("TXTC1"), signing_path="/v4/debit", headers=headers)
    refused = gw.control("POST", "/_sandbox/settle", json={"transactionId": "TXTC1", "transactionContext": {"x": 1}})
    assert refused.status_code == 400
    context = {"qrCodeId": "QR-1", "storeId": "S-1", "terminalId": "T-1", "posDeviceId": None}
    done = gw.control("POST", "/_sandbox/settle", json={"transactionId": "TXTC1", "transactionContext": context})
    assert done.json() == {"changed": True, "code": "PAYMENT_SUCCESS"}
    (cb,) = receiver.wait_for(callback_for("TXTC1"))
    assert unb64(cb.json()["response"])["data"]["transactionContext"] == context
    # a payment without one carries none (the field is optional)
    gw.post_signed("/v4/debit/", debit("TXTC2"), signing_path="/v4/debit", headers=headers)
    gw.advance(5)
    (plain,) = receiver.wait_for(callback_for("TXTC2"))
    assert "transactionContext" not in unb64(plain.json()["response"])["data"]


def test_app_profile_and_account_summary_answer_what_they_describe(gw: Gateway) -> None:
    payload = {"merchantId": MERCHANT, "transactionId": "TXPR1", "merchantUserId": "U1", "shortName": "Asha"}
    body = gw.post_signed("/v3/profile", payload).json()
    assert body["code"] == "SUCCESS"
    assert body["data"] == payload
    summary = gw.get_signed(f"/v3/account/{MERCHANT}/U1/summary").json()
    assert summary["code"] == "SUCCESS"
    assert summary["data"] == {"merchantId": MERCHANT, "merchantUserId": "U1"}
    absent = gw.get_signed(f"/v3/account/{MERCHANT}/NOTONPLATFORM/summary")
    assert absent.status_code == 400
    assert absent.json()["code"] == "MERCHANT_USER_NOT_FOUND"
    other = gw.get_signed("/v3/account/OTHERMERCHANT/U1/summary")
    assert other.json()["code"] == "MERCHANT_USER_NOT_FOUND"


def test_payment_page_origin_names_a_page_that_cannot_be_opened(gw: Gateway) -> None:
    gw.control("POST", "/_sandbox/config", json={"paymentPageOrigin": "http://127.0.0.1:9"})
    try:
        resp = gw.post_signed("/v4/debit/", debit("TXPO1"), signing_path="/v4/debit")
        url = resp.json()["data"]["redirectURL"]
    finally:
        gw.control("POST", "/_sandbox/config", json={"paymentPageOrigin": None})
    assert url.startswith("http://127.0.0.1:9/_sandbox/pay/")
    # completed by other means: the control API
    assert gw.control("POST", "/_sandbox/settle", json={"transactionId": "TXPO1"}).json()["code"] == "PAYMENT_SUCCESS"
    assert gw.status("TXPO1").json()["code"] == "PAYMENT_SUCCESS"
