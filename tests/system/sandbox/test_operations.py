"""Collect, SDK-less, inline pay, deferred fulfil, the callback test call, and the pages over plain HTTP."""

from __future__ import annotations

import base64

from tests.support.sandbox import MERCHANT, Gateway, Receiver, callback_for, sign, unb64


def collect_payload(tid: str, amount: int = 1000, expires_in: int = 180) -> dict[str, object]:
    return {
        "merchantId": MERCHANT,
        "transactionId": tid,
        "merchantOrderId": "OD" + tid,
        "amount": amount,
        "instrumentType": "MOBILE",
        "instrumentReference": "9000000001",
        "expiresIn": expires_in,
    }


def test_collect_success_sends_charge_callback(gw: Gateway, receiver: Receiver) -> None:
    resp = gw.post_signed("/v3/charge", collect_payload("TXC1"), headers={"X-CALLBACK-URL": receiver.url + "/charge"})
    body = resp.json()
    assert resp.status_code == 200
    assert body["code"] == "SUCCESS"
    assert body["data"]["mobileNumber"] == "9000000001"
    assert body["data"]["amount"] == 1000
    assert gw.status("TXC1").json()["code"] == "PAYMENT_PENDING"
    gw.advance(5)
    (cb,) = receiver.wait_for(callback_for("TXC1"))
    assert cb.path == "/charge"
    assert cb.headers["X-VERIFY"] == sign(cb.json()["response"])
    assert unb64(cb.json()["response"])["code"] == "PAYMENT_SUCCESS"


def test_collect_expires_without_callback(gw: Gateway, receiver: Receiver) -> None:
    hdr = {"X-CALLBACK-URL": receiver.url}
    gw.post_signed("/v3/charge", collect_payload("TXC2", amount=4004, expires_in=180), headers=hdr)
    gw.advance(60)
    assert gw.status("TXC2").json()["code"] == "PAYMENT_PENDING"
    gw.advance(120)
    status = gw.status("TXC2").json()
    assert status["code"] == "PAYMENT_ERROR"
    assert status["data"]["paymentState"] == "FAILED"
    gw.post_signed("/v3/charge", collect_payload("TXC3"), headers=hdr)  # a later one does call back
    gw.advance(5)
    receiver.wait_for(callback_for("TXC3"))
    assert receiver.where(callback_for("TXC2")) == []
    dup = gw.post_signed("/v3/charge", collect_payload("TXC3"), headers=hdr)
    assert dup.json()["code"] == "INVALID_TRANSACTION_ID"


def test_sdkless_initiate_and_reservation_page(gw: Gateway, receiver: Receiver) -> None:
    payload = {
        "merchantId": MERCHANT,
        "transactionId": "TXSDK",
        "amount": 2500,
        "validFor": 900000,
        "merchantOrderId": "OD1",
        "redirectUrl": receiver.url + "/back",
        "transactionContext": base64.b64encode(b'{"cart":[]}').decode(),
    }
    resp = gw.post_signed(
        "/v3/transaction/sdk-less/initiate", payload, host="apps", headers={"X-CALLBACK-URL": receiver.url + "/s2s"}
    )
    data = resp.json()["data"]
    assert resp.json()["code"] == "SUCCESS"
    assert data["reservationId"]
    assert data["redirectUrl"].endswith(data["reservationId"])
    page = gw.http.get(data["redirectUrl"])
    assert page.status_code == 200
    assert "25.00" in page.text
    done = gw.http.post(data["redirectUrl"], data={"choice": "pay"})
    assert done.status_code == 303
    assert done.headers["location"] == receiver.url + "/back"
    assert gw.status("TXSDK", host="apps").json()["code"] == "PAYMENT_SUCCESS"
    receiver.wait_for(callback_for("TXSDK"))
    dup = gw.post_signed("/v3/transaction/sdk-less/initiate", payload, host="apps")
    assert dup.json()["code"] == "INVALID_TRANSACTION_ID"


def inline(tid: str, source: dict[str, object]) -> dict[str, object]:
    return {
        "merchantId": MERCHANT,
        "transactionId": tid,
        "merchantUserId": "U1",
        "amount": 300,
        "paymentSources": [source],
        "mobileNumber": "9000000001",  # required on the POST (direct debit) variant
    }


def test_inline_pay_variants(gw: Gateway) -> None:
    card = gw.post_signed("/v3/merchant/inline/pay", inline("TXIC", {"mode": "card", "cardId": "C1"}))
    assert card.json()["code"] == "PAYMENT_INITIATED"
    assert "/_sandbox/pay/" in card.json()["data"]["redirectUrl"]
    wallet = gw.post_signed(
        "/v3/merchant/inline/pay", inline("TXIW", {"mode": "wallets", "providers": ["PLATFORM"]}), method="GET"
    )
    assert wallet.json()["code"] == "PAYMENT_INITIATED", wallet.text
    upi = gw.post_signed("/v3/merchant/inline/pay", inline("TXIU", {"mode": "upi", "type": "INTENT"}))
    assert upi.json()["data"]["intentURL"].startswith("upi://")
    assert upi.json()["data"]["package"]
    no_account = gw.post_signed("/v3/merchant/inline/pay", inline("TXIA", {"mode": "upi", "type": "INLINE"}))
    assert no_account.status_code == 400
    assert no_account.json()["code"] == "BAD_REQUEST"
    gw.advance(5)
    assert gw.status("TXIU").json()["code"] == "PAYMENT_SUCCESS"
    dup = gw.post_signed("/v3/merchant/inline/pay", inline("TXIC", {"mode": "card", "cardId": "C1"}))
    assert dup.json()["code"] == "INVALID_TRANSACTION_ID"


def test_deferred_fulfil(gw: Gateway) -> None:
    payload = {
        "merchantId": MERCHANT,
        "transactionId": "TXDF",
        "merchantUserId": "U1",
        "amount": 900,
        "merchantOrderId": "O",
    }
    resp = gw.post_signed("/v3/credit/deferred/fulfill", payload)
    assert resp.status_code == 200, resp.text
    assert resp.json()["code"] == "PAYMENT_SUCCESS", resp.text
    assert resp.json()["data"]["status"] == "SUCCESS"
    again = gw.post_signed("/v3/credit/deferred/fulfill", payload)
    assert again.status_code == 400
    assert again.json()["code"] == "INVALID_TRANSACTION_ID"


def test_callback_test_call(gw: Gateway, receiver: Receiver) -> None:
    url = gw.base_url + "/testing/S2SCallback/"
    headers = {"x-callback-url": receiver.url + "/t", "x-call-mode": "PUT", "x-salt-index": "2"}
    resp = gw.http.post(url, json={"merchantId": MERCHANT, "transactionId": "TT1", "amount": 100}, headers=headers)
    assert resp.json() == {
        "success": True,
        "code": "SUCCESS",
        "message": "Callback sent.",
        "data": {"successful": True, "redirect": False},
    }
    (cb,) = receiver.where(callback_for("TT1"))
    assert cb.method == "PUT"
    assert cb.headers["X-VERIFY"] == sign(cb.json()["response"], "2")
    low = gw.http.post(url, json={"merchantId": MERCHANT, "transactionId": "TT2", "amount": 0}, headers=headers)
    assert low.status_code == 400
    assert "greater than or equal to 1" in low.json()["message"]
    no_header = gw.http.post(url, json={"merchantId": MERCHANT, "transactionId": "TT3", "amount": 5})
    assert no_header.status_code == 400
    assert "x-callback-url" in no_header.json()["message"]


def test_non_loopback_callback_is_refused(gw: Gateway) -> None:
    gw.post_signed(
        "/v4/debit/",
        {"merchantId": MERCHANT, "transactionId": "TXEXT", "amount": 100},
        "/v4/debit",
        headers={"X-CALLBACK-URL": "http://192.0.2.10/cb"},
    )
    gw.advance(5)
    assert gw.status("TXEXT").json()["code"] == "PAYMENT_SUCCESS"
    (d,) = gw.control("GET", "/_sandbox/callbacks", params={"transactionId": "TXEXT"}).json()["deliveries"]
    assert d["delivered"] is False
    assert "loopback" in d["error"]


def start_web(gw: Gateway, tid: str, receiver: Receiver, mode: str, amount: int = 1234) -> str:
    headers = {
        "X-REDIRECT-URL": receiver.url + "/return",
        "X-REDIRECT-MODE": mode,
        "X-CALLBACK-URL": receiver.url + "/s2s",
    }
    resp = gw.post_signed(
        "/v4/debit/", {"merchantId": MERCHANT, "transactionId": tid, "amount": amount}, "/v4/debit", headers=headers
    )
    return resp.json()["data"]["redirectURL"]  # type: ignore[no-any-return]


def test_page_post_mode_form_has_checksum(gw: Gateway, receiver: Receiver) -> None:
    url = start_web(gw, "TXPG1", receiver, "POST")
    assert "Decline" in gw.http.get(url).text
    gw.advance(60)  # opened page: no automatic settling
    assert gw.status("TXPG1").json()["code"] == "PAYMENT_PENDING"
    done = gw.http.post(url, data={"choice": "decline"})
    assert done.status_code == 200
    assert "uicallback" in done.text
    assert "PAYMENT_DECLINED" in done.text
    assert gw.status("TXPG1").json()["code"] == "PAYMENT_DECLINED"
    (cb,) = receiver.wait_for(callback_for("TXPG1"))
    assert unb64(cb.json()["response"])["code"] == "PAYMENT_DECLINED"


def test_page_redirect_mode(gw: Gateway, receiver: Receiver) -> None:
    url = start_web(gw, "TXPG2", receiver, "REDIRECT")
    gw.http.get(url)
    done = gw.http.post(url, data={"choice": "cancel"})
    assert done.status_code == 303
    assert done.headers["location"] == receiver.url + "/return"
    assert gw.status("TXPG2").json()["code"] == "PAYMENT_CANCELLED"
