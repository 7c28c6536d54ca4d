"""Spec-driven request validation: BAD_REQUEST naming the field, AUTHORIZATION_FAILED for X-VERIFY."""

from __future__ import annotations

import pytest

from tests.support.sandbox import MERCHANT, Gateway, b64, sign


def debit(**over: object) -> dict[str, object]:
    base: dict[str, object] = {"merchantId": MERCHANT, "transactionId": "TXVAL", "merchantUserId": "U", "amount": 100}
    base.update(over)
    return {k: v for k, v in base.items() if v is not ...}


def bad(resp, code: str = "BAD_REQUEST", *fragments: str) -> None:  # type: ignore[no-untyped-def]
    assert resp.status_code == 400, resp.text
    body = resp.json()
    assert body["success"] is False, body
    assert body["code"] == code, body
    assert body["data"] == {}, body
    for fragment in fragments:
        assert fragment in body["message"], body["message"]


@pytest.mark.parametrize(
    ("payload", "field"),
    [
        (debit(amount=...), "amount"),
        (debit(transactionId=...), "transactionId"),
        (debit(amount="100"), "amount"),
        (debit(amount=10.5), "amount"),
        (debit(amount=0), "amount"),
        (debit(amount=-5), "amount"),
        (debit(transactionId="T" * 38), "transactionId"),
        (debit(merchantOrderId="O" * 48), "merchantOrderId"),
        (debit(merchantUserId=12), "merchantUserId"),
        (["not", "an", "object"], "(root)"),
    ],
)
def test_payload_errors_name_the_field(gw: Gateway, payload: object, field: str) -> None:
    bad(gw.post_signed("/v3/debit", payload), "BAD_REQUEST", field)


def test_ids_at_the_limit_are_accepted(gw: Gateway) -> None:
    resp = gw.post_signed("/v3/debit", debit(transactionId="T" * 37, merchantOrderId="O" * 47))
    assert resp.status_code == 302


def test_wrong_envelopes(gw: Gateway) -> None:
    url = gw.base_url + "/v3/debit"
    bad(gw.http.post(url, content=b"not json", headers={"X-VERIFY": sign("x")}), "BAD_REQUEST", "JSON")
    bad(gw.http.post(url, json={"req": "x"}, headers={"X-VERIFY": sign("x")}), "BAD_REQUEST", "request")
    bad(gw.http.post(url, json={"request": 5}, headers={"X-VERIFY": sign("x")}), "BAD_REQUEST", "request")
    extra = {"request": b64(debit()), "more": 1}
    bad(
        gw.http.post(url, json=extra, headers={"X-VERIFY": sign(extra["request"] + "/v3/debit")}), "BAD_REQUEST", "more"
    )


def test_undecodable_base64_and_non_json(gw: Gateway) -> None:
    bad(gw.post_signed("/v3/debit", None, request_b64="%%%not-base64"), "BAD_REQUEST", "base64")
    bad(gw.post_signed("/v3/debit", None, request_b64="bm90IGpzb24="), "BAD_REQUEST", "JSON")


def test_x_verify_wrong_missing_unknown_index(gw: Gateway) -> None:
    payload = b64(debit())
    url = gw.base_url + "/v3/debit"
    bad(gw.http.post(url, json={"request": payload}), "AUTHORIZATION_FAILED", "missing")
    wrong_path = sign(payload + "/v4/debit")
    bad(gw.http.post(url, json={"request": payload}, headers={"X-VERIFY": wrong_path}), "AUTHORIZATION_FAILED")
    unknown = sign(payload + "/v3/debit").replace("###1", "###7")
    bad(gw.http.post(url, json={"request": payload}, headers={"X-VERIFY": unknown}), "AUTHORIZATION_FAILED", "7")
    resp = gw.get_signed(f"/v3/transaction/{MERCHANT}/T1/status", signing_path=f"/v3/transaction/{MERCHANT}/T2/status")
    bad(resp, "AUTHORIZATION_FAILED")


def test_unknown_merchant_is_refused(gw: Gateway) -> None:
    bad(gw.post_signed("/v3/debit", debit(merchantId="OTHER")), "AUTHORIZATION_FAILED", "OTHER")


def test_required_header_and_header_enum(gw: Gateway) -> None:
    payload = {
        "merchantId": MERCHANT,
        "transactionId": "TXC",
        "merchantOrderId": "OD",
        "amount": 100,
        "instrumentType": "MOBILE",
        "instrumentReference": "9000000001",
        "expiresIn": 180,
    }
    bad(gw.post_signed("/v3/charge", payload), "BAD_REQUEST", "X-CALLBACK-URL")
    resp = gw.post_signed("/v3/debit", debit(), headers={"X-CALL-MODE": "PATCH"})
    bad(resp, "BAD_REQUEST", "X-CALL-MODE")


def test_unknown_path_and_method(gw: Gateway) -> None:
    assert gw.http.get(gw.base_url + "/v9/nothing").status_code == 404
    assert gw.http.get(gw.base_url + "/v3/debit").status_code == 405


def test_payment_options_signature_optional_but_checked_when_present(gw: Gateway) -> None:
    payload = b64({"merchantId": MERCHANT, "merchantUserId": "U1", "amount": 100})
    url = gw.base_url + "/v3/merchant/payment/options"
    assert gw.http.post(url, json={"request": payload}).json()["code"] == "SUCCESS"
    bad(gw.http.post(url, json={"request": payload}, headers={"X-VERIFY": sign("x")}), "AUTHORIZATION_FAILED")
