"""Payments, status (both hosts), settling with the manual clock, S2S callbacks."""

from __future__ import annotations

from tests.support.sandbox import MERCHANT, SALTS, Gateway, Receiver, callback_for, sign, unb64


def debit(tid: str, amount: int = 10000, **extra: object) -> dict[str, object]:
    return {"merchantId": MERCHANT, "transactionId": tid, "merchantUserId": "U1", "amount": amount, **extra}


def test_debit_v3_redirects_to_the_payments_page(gw: Gateway) -> None:
    resp = gw.post_signed("/v3/debit", debit("TXV3"))
    assert resp.status_code == 302
    location = resp.headers["location"]
    assert location.startswith("/_sandbox/pay/")
    page = gw.http.get(gw.origin() + location)
    assert page.status_code == 200
    assert "Pay" in page.text
    assert MERCHANT in page.text
    assert "100.00" in page.text
    # the location also works appended to the base URL
    assert gw.http.get(gw.base_url + location).status_code == 200


def test_debit_v4_web_pending_then_success_with_callback(gw: Gateway, receiver: Receiver) -> None:
    headers = {"X-CALLBACK-URL": receiver.url + "/cb", "X-CALL-MODE": "PUT"}
    resp = gw.post_signed("/v4/debit/", debit("TXV4"), signing_path="/v4/debit", headers=headers)
    assert resp.status_code == 200, resp.text
    body = resp.json()
    assert body["success"] is True
    assert body["code"] == "PAYMENT_SUCCESS"
    assert body["data"]["redirectType"] == "WEB"
    assert body["data"]["redirectURL"].startswith("http://127.0.0.1:")

    status = gw.status("TXV4").json()
    assert status["code"] == "PAYMENT_PENDING"  # `success` of a pending answer: not shown by the document
    assert receiver.where(callback_for("TXV4")) == []

    gw.advance(5)
    status = gw.status("TXV4").json()
    assert status["code"] == "PAYMENT_SUCCESS"
    assert status["success"] is True
    data = status["data"]
    assert data["amount"] == 10000
    assert data["paymentState"] == "COMPLETED"
    assert data["transactionId"] == "TXV4"

    (cb,) = receiver.wait_for(callback_for("TXV4"))
    assert cb.method == "PUT"
    assert cb.path == "/cb"
    response_b64 = cb.json()["response"]
    assert cb.headers["X-VERIFY"] == sign(response_b64, "1")
    decoded = unb64(response_b64)
    assert decoded["code"] == "PAYMENT_SUCCESS"
    assert decoded["data"]["amount"] == 10000
    assert decoded["data"]["providerReferenceId"] == data["providerReferenceId"]


def test_status_on_apps_host_carries_status(gw: Gateway) -> None:
    gw.post_signed("/v4/debit/", debit("TXAPPS"), signing_path="/v4/debit")
    body = gw.status("TXAPPS", host="apps").json()
    assert body["code"] == "PAYMENT_PENDING"
    assert body["data"]["status"] == "PENDING"
    gw.advance(5)
    body = gw.status("TXAPPS", host="apps").json()
    assert body["code"] == "PAYMENT_SUCCESS"
    assert body["data"]["status"] == "SUCCESS"


def test_status_not_found(gw: Gateway) -> None:
    for host in ("base", "apps"):
        resp = gw.status("NOPE", host=host)
        assert resp.status_code == 400
        assert resp.json() == {
            "success": False,
            "code": "TRANSACTION_NOT_FOUND",
            "message": resp.json()["message"],
            "data": {},
        }


def test_apps_status_segment_must_be_status(gw: Gateway) -> None:
    path = f"/v3/transaction/{MERCHANT}/TX/other"
    resp = gw.get_signed(path, signing_path=f"/v3/transaction/{MERCHANT}/TX/status", host="apps")
    assert resp.status_code == 400
    assert resp.json()["code"] == "BAD_REQUEST"
    assert "statusSegment" in resp.json()["message"]


def test_duplicate_transaction_id(gw: Gateway) -> None:
    assert gw.post_signed("/v4/debit/", debit("TXDUP"), signing_path="/v4/debit").status_code == 200
    resp = gw.post_signed("/v3/debit", debit("TXDUP"))
    assert resp.status_code == 400
    assert resp.json()["code"] == "INVALID_TRANSACTION_ID"


def test_v4_intent(gw: Gateway) -> None:
    payload = debit("TXINT", merchantOrderId="OD1", paymentScope="PLATFORM", deviceContext={"platformVersionCode": 1})
    body = gw.post_signed("/v4/debit", payload).json()
    assert body["code"] == "PAYMENT_SUCCESS"
    assert body["data"]["redirectType"] == "INTENT"
    assert body["data"]["redirectURL"].startswith("upi://pay?")
    missing = gw.post_signed("/v4/debit", debit("TXINT2", merchantOrderId="OD2"))
    assert missing.status_code == 400
    assert "paymentScope" in missing.json()["message"]


def test_salt_index_two_is_accepted_and_used_for_the_callback(gw: Gateway, receiver: Receiver) -> None:
    gw.salt_index = "2"
    gw.post_signed("/v4/debit/", debit("TXS2"), signing_path="/v4/debit", headers={"X-CALLBACK-URL": receiver.url})
    gw.advance(5)
    (cb,) = receiver.wait_for(callback_for("TXS2"))
    assert cb.method == "POST"
    assert cb.headers["X-VERIFY"] == sign(cb.json()["response"], "2")
    assert cb.headers["X-VERIFY"].endswith("###2")
    assert SALTS["2"]


def refund(tid: str, original: str, amount: int, **extra: object) -> dict[str, object]:
    return {
        "merchantId": MERCHANT,
        "transactionId": tid,
        "originalTransactionId": original,
        "amount": amount,
        "merchantOrderId": "OD1",
        "message": "refund",
        **extra,
    }


def paid(gw: Gateway, tid: str, amount: int = 10000) -> dict[str, object]:
    gw.post_signed("/v4/debit/", debit(tid, amount), signing_path="/v4/debit")
    gw.advance(5)
    body = gw.status(tid).json()
    assert body["code"] == "PAYMENT_SUCCESS"
    return body["data"]  # type: ignore[no-any-return]


def test_refunds_partial_full_excess_duplicate(gw: Gateway, receiver: Receiver) -> None:
    data = paid(gw, "TXR")
    first = gw.post_signed("/v3/credit/backToSource/", refund("RF1", "TXR", 4000), "/v3/credit/backToSource")
    body = first.json()
    assert first.status_code == 200
    assert body["code"] == "PAYMENT_PENDING"
    assert body["data"]["providerReferenceId"] == data["providerReferenceId"]
    assert body["data"]["status"] == "PENDING"

    headers = {"X-CALLBACK-URL": receiver.url + "/refund", "X-CALLBACK-MODE": "PUT"}
    second = gw.post_signed(
        "/v4/credit/backToSource",
        refund("RF2", None, 6000, originalTransactionId=None, providerReferenceId=data["providerReferenceId"]),
        headers=headers,
    )
    assert second.status_code == 400
    assert "originalTransactionId" in second.json()["message"]
    second_payload = refund("RF2", "TXR", 6000)
    del second_payload["originalTransactionId"]
    second_payload["providerReferenceId"] = data["providerReferenceId"]
    second = gw.post_signed("/v4/credit/backToSource", second_payload, headers=headers)
    assert second.status_code == 200, second.text
    assert second.json()["code"] == "PAYMENT_PENDING", second.text

    excess = gw.post_signed("/v3/credit/backToSource", refund("RF3", "TXR", 1), host="apps")
    assert excess.status_code == 400
    assert excess.json()["code"] == "PAYMENT_ERROR"
    assert excess.json()["data"]["payResponseCode"] == "EXCESS_REFUND_AMOUNT"

    dup = gw.post_signed("/v3/credit/backToSource/", refund("RF1", "TXR", 1), "/v3/credit/backToSource")
    assert dup.json()["code"] == "PAYMENT_ERROR"
    assert dup.json()["data"]["payResponseCode"] == "DUPLICATE_TXN_REQUEST"

    gw.advance(5)
    assert gw.status("RF1").json()["code"] == "PAYMENT_SUCCESS"
    (cb,) = receiver.wait_for(callback_for("RF2"))
    assert cb.method == "PUT"
    assert cb.path == "/refund"
    assert unb64(cb.json()["response"])["code"] == "PAYMENT_SUCCESS"


def test_full_refund_then_excess(gw: Gateway) -> None:
    paid(gw, "TXF", 500)
    ok = gw.post_signed("/v3/credit/backToSource/", refund("RFF", "TXF", 500), "/v3/credit/backToSource")
    assert ok.status_code == 200
    again = gw.post_signed("/v3/credit/backToSource/", refund("RFF2", "TXF", 100), "/v3/credit/backToSource")
    assert again.json()["data"]["payResponseCode"] == "EXCESS_REFUND_AMOUNT"


def test_refund_of_unknown_payment(gw: Gateway) -> None:
    resp = gw.post_signed("/v3/credit/backToSource/", refund("RFX", "NOPE", 100), "/v3/credit/backToSource")
    assert resp.status_code == 400
    assert resp.json()["code"] == "TRANSACTION_NOT_FOUND"
    assert resp.json()["data"] == {}


def test_test_amounts(gw: Gateway, receiver: Receiver) -> None:
    hdr = {"X-CALLBACK-URL": receiver.url}
    for tid, amount in (("TA1", 4001), ("TA2", 4002), ("TA3", 4003), ("TA4", 4004)):
        assert gw.post_signed("/v4/debit/", debit(tid, amount), "/v4/debit", headers=hdr).status_code == 200
    for tid, amount, code in (("TA5", 5001, "INTERNAL_SERVER_ERROR"), ("TA6", 5002, "TIMED_OUT")):
        resp = gw.post_signed("/v4/debit/", debit(tid, amount), "/v4/debit", headers=hdr)
        assert resp.status_code == 400
        assert resp.json()["code"] == code
        assert gw.status(tid).json()["code"] == "PAYMENT_PENDING"  # recorded although the answer was an error
    gw.advance(5)
    expected = {"TA1": "PAYMENT_DECLINED", "TA2": "PAYMENT_ERROR", "TA3": "PAYMENT_CANCELLED"}
    expected |= {"TA4": "PAYMENT_PENDING", "TA5": "PAYMENT_SUCCESS", "TA6": "PAYMENT_SUCCESS"}
    for tid, code in expected.items():
        assert gw.status(tid).json()["code"] == code, tid
    receiver.wait_for(lambda r: True, count=5)
    assert receiver.where(callback_for("TA4")) == []  # no callback while pending
    assert unb64(receiver.wait_for(callback_for("TA1"))[0].json()["response"])["data"]["paymentState"] == "FAILED"


def test_instant_debit_needs_a_linked_user(gw: Gateway) -> None:
    payload = {
        "merchantId": MERCHANT,
        "transactionId": "TXI",
        "amount": 100,
        "mobileNumber": "9000000001",
        "merchantOrderId": "OD1",
        "userAuthToken": "nope",
    }
    resp = gw.post_signed("/v3/debit/instant", payload)
    assert resp.status_code == 400
    assert resp.json()["code"] == "INVALID_USER_AUTH_TOKEN"
