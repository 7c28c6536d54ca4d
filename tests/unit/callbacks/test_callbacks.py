"""Callback verification: vectors, expectations computed independently with hashlib, every malformed input."""

from __future__ import annotations

import base64
import hashlib
import json
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st
from merchant_gateway import CallbackMismatchError, CallbackVerifier, SignatureError
from merchant_gateway.callbacks import verify_collect_callback, verify_payment_callback, verify_ui_callback

SALTS = {"1": "099eb0cd-02cf-4e2a-8aca-3e6c6aff0399", "2": "7f3c1a9e-salt-two"}
PAYLOAD = {
    "success": True,
    "code": "PAYMENT_SUCCESS",
    "message": "m",
    "data": {
        "merchantId": "MERCHANTUAT",
        "transactionId": "TX1",
        "amount": 100,
        "providerReferenceId": "P1",
        "paymentState": "COMPLETED",
        "payResponseCode": "NEW_CODE_2030",
        "paymentModes": [{"mode": "ACCOUNT", "amount": 100, "utr": "1"}],
        "transactionContext": {"storeId": "S1", "posDeviceId": None},
    },
}


def sign(response_b64: str, index: str = "1") -> str:
    return hashlib.sha256((response_b64 + SALTS[index]).encode()).hexdigest() + "###" + index


def make(payload: Any = PAYLOAD) -> tuple[bytes, str]:
    b64 = base64.b64encode(json.dumps(payload).encode()).decode()
    return json.dumps({"response": b64}).encode(), sign(b64)


def test_vectors(vectors: dict[str, Any]) -> None:
    for case in vectors["callback_signature"]:
        body = json.dumps({"response": case["response_b64"]}).encode()
        salts = {case["salt_index"]: case["salt_key"]}
        assert sign_with(case["response_b64"], case["salt_key"], case["salt_index"]) == case["expect"]
        assert verify_payment_callback(body, case["expect"], salts).data.amount == 100
        assert verify_collect_callback(body, case["expect"].encode(), salts).data.transaction_id == "TX1"
    for case in vectors["ui_callback_checksum"]:
        form = dict(case["form"])
        text = "".join(
            form[k]
            for k in ["code", "merchantId", "transactionId", "amount", "providerReferenceId"]
            + [f"param{i}" for i in range(1, 21)]
            if k in form
        )
        assert sign_with(text, case["salt_key"], case["salt_index"]) == case["expect"]
        ui = verify_ui_callback({**form, "checksum": case["expect"]}, {case["salt_index"]: case["salt_key"]})
        assert ui.amount == int(form["amount"])


def sign_with(text: str, key: str, index: str) -> str:
    return hashlib.sha256((text + key).encode()).hexdigest() + "###" + index


def test_decodes_typed_model_and_cross_checks() -> None:
    body, header = make()
    verifier = CallbackVerifier(SALTS, merchant_id="MERCHANTUAT")
    cb = verifier.verify_payment_callback(body, header, expected_amount=100, expected_transaction_id="TX1")
    assert cb.is_success
    assert cb.data.pay_response_code == "NEW_CODE_2030"
    assert cb.data.payment_modes[0].mode == "ACCOUNT"
    assert cb.data.transaction_context is not None
    with pytest.raises(CallbackMismatchError):
        verifier.verify_payment_callback(body, header, expected_amount=101)
    with pytest.raises(CallbackMismatchError):
        verifier.verify_payment_callback(body, header, expected_transaction_id="TX2")
    with pytest.raises(CallbackMismatchError):
        CallbackVerifier(SALTS, merchant_id="OTHER").verify_collect_callback(body, header)
    assert SALTS["1"] not in repr(verifier) + repr(cb)


def _tamper(data: bytes, i: int) -> bytes:
    return data[:i] + bytes([data[i] ^ 1]) + data[i + 1 :]


def malformed() -> list[tuple[str, Any, Any]]:
    body, header = make()
    b64 = json.loads(body)["response"]
    digest = header.split("###")[0]
    spaced = b64[:8] + " " + b64[8:]
    newline = b64[:8] + "\n" + b64[8:]
    not_json = base64.b64encode(b"not json").decode()
    array = base64.b64encode(b"[1, 2]").decode()
    missing = base64.b64encode(json.dumps({"success": True, "code": "X"}).encode()).decode()
    float_amount = base64.b64encode(json.dumps({**PAYLOAD, "data": {**PAYLOAD["data"], "amount": 1.0}}).encode())
    return [
        ("no ###", body, digest),
        ("two ###", body, header + "###1"),
        ("non-digit index", body, digest + "###a"),
        ("unicode digit index", body, digest + "###\u0661"),
        ("unknown index", body, digest + "###9"),
        ("non-ascii header", body, header + "\u00e9"),
        ("non-ascii bytes header", body, header.encode() + b"\xff"),
        ("uppercase digest", body, header.upper()),
        ("short digest", body, digest[:-1] + "###1"),
        ("missing header", body, None),
        ("empty header", body, ""),
        ("space in base64", json.dumps({"response": spaced}).encode(), sign(spaced)),
        ("newline in base64", json.dumps({"response": newline}).encode(), sign(newline)),
        (
            "tampered body",
            json.dumps({"response": b64[:-6] + ("A" if b64[-6] != "A" else "B") + b64[-5:]}).encode(),
            header,
        ),
        ("tampered digest", body, _tamper(digest.encode(), 0).decode() + "###1"),
        ("non-json body", b"response=abc", header),
        ("json array body", b"[]", header),
        ("response not string", json.dumps({"response": 5}).encode(), header),
        ("invalid utf8 body", b"\xff\xfe{", header),
        ("non-json payload", json.dumps({"response": not_json}).encode(), sign(not_json)),
        ("payload not object", json.dumps({"response": array}).encode(), sign(array)),
        ("payload missing data", json.dumps({"response": missing}).encode(), sign(missing)),
        ("float amount", json.dumps({"response": float_amount.decode()}).encode(), sign(float_amount.decode())),
        ("str body", body.decode(), header),
        ("none body", None, header),
    ]


@pytest.mark.parametrize(("case", "body", "header"), malformed(), ids=[c[0] for c in malformed()])
def test_every_malformed_input_is_one_signature_error(case: str, body: Any, header: Any) -> None:
    for verify in (verify_payment_callback, verify_collect_callback):
        with pytest.raises(SignatureError):
            verify(body, header, SALTS)


@given(st.binary(max_size=200), st.text(max_size=80))
def test_fuzz_never_other_exception(body: bytes, header: str) -> None:
    try:
        verify_payment_callback(body, header, SALTS)
    except SignatureError:
        pass
    else:  # pragma: no cover - acceptance would be a forgery
        raise AssertionError("accepted a random input")


UI = {
    "code": "PAYMENT_SUCCESS",
    "merchantId": "MERCHANTUAT",
    "transactionId": "TX1",
    "amount": "100",
    "providerReferenceId": "P1",
    "param2": "b",
    "param10": None,
}


def ui_checksum(form: dict[str, Any], index: str = "1") -> str:
    order = ["code", "merchantId", "transactionId", "amount", "providerReferenceId"] + [
        f"param{i}" for i in range(1, 21)
    ]
    return sign_with("".join(form[k] for k in order if form.get(k) is not None), SALTS[index], index)


def test_ui_callback() -> None:
    form = {**UI, "checksum": ui_checksum(UI, "2")}
    cb = verify_ui_callback(form, SALTS, expected_amount=100, expected_transaction_id="TX1")
    assert cb.params == {"param2": "b"}
    assert cb.amount == 100
    for bad in (
        {**form, "amount": "101"},
        {**form, "param3": "x"},
        {**form, "checksum": form["checksum"].replace("###2", "###1")},
        {**form, "checksum": None},
        {**form, "amount": ["100"]},
        {k: v for k, v in form.items() if k != "code"},
    ):
        with pytest.raises(SignatureError):
            verify_ui_callback(bad, SALTS)  # type: ignore[arg-type]
    non_numeric = {**UI, "amount": "1e2"}
    with pytest.raises(SignatureError):
        verify_ui_callback({**non_numeric, "checksum": ui_checksum(non_numeric)}, SALTS)
    with pytest.raises(CallbackMismatchError):
        verify_ui_callback(form, SALTS, expected_amount=5)
    with pytest.raises(SignatureError):
        verify_ui_callback("code=x", SALTS)  # type: ignore[arg-type]


def test_a_callback_is_a_success_only_with_its_amount_proven() -> None:
    """Issue 22: the callback's verdict comes from the webhook's row of the outcome table, like any answer."""
    body, header = make()
    verifier = CallbackVerifier(SALTS, merchant_id="MERCHANTUAT")
    unproven = verifier.verify_payment_callback(body, header)
    assert unproven.code == "PAYMENT_SUCCESS"
    assert not unproven.is_success
    assert unproven.verdict.value == "unconfirmed"
    assert verifier.verify_payment_callback(body, header, expected_amount=100).is_success


def test_a_signed_callback_with_duplicate_deciding_keys_is_never_a_success() -> None:
    inner = (
        b'{"success": true, "code": "PAYMENT_ERROR", "code": "PAYMENT_SUCCESS", "message": "m", "data": '
        b'{"merchantId": "MERCHANTUAT", "transactionId": "TX1", "amount": 100}}'
    )
    b64 = base64.b64encode(inner).decode()
    body = json.dumps({"response": b64}).encode()
    cb = CallbackVerifier(SALTS, merchant_id="MERCHANTUAT").verify_payment_callback(
        body, sign_with(b64, SALTS["1"], "1"), expected_amount=100
    )
    assert not cb.is_success
    assert cb.verdict.value == "unknown"


def test_the_verified_callback_is_the_generated_model_read_liberally() -> None:
    """Issue 25: one verifier returns the generated models of the callback's schema, not hand-written twins."""
    from merchant_gateway_client.models import (
        CallbackTransactionContext,
        PaymentCallbackData,
        PaymentCallbackPayload,
        PaymentMode,
        PaymentState,
    )

    data: dict[str, Any] = {**PAYLOAD["data"], "paymentState": "SETTLING", "newField": {"x": 1}}
    data["paymentModes"] = [{"mode": "NEW_MODE", "amount": 100, "channel": "c"}, {"utr": "2"}]
    cb = CallbackVerifier(SALTS, merchant_id="MERCHANTUAT").verify_payment_callback(
        *make({**PAYLOAD, "data": data, "extra": True}), expected_amount=100
    )
    assert isinstance(cb.payload, PaymentCallbackPayload)
    assert isinstance(cb.data, PaymentCallbackData)
    assert cb.payload.additional_properties == {"extra": True}  # unknown fields kept, at every level
    assert cb.data.additional_properties == {"newField": {"x": 1}}
    assert cb.data.payment_state == "SETTLING"
    assert not isinstance(cb.data.payment_state, PaymentState)
    modes = cb.data.payment_modes
    assert modes is not None
    assert all(isinstance(m, PaymentMode) for m in modes)
    assert (modes[0].mode, modes[0].additional_properties, modes[1].mode, modes[1].amount) == (
        "NEW_MODE",
        {"channel": "c"},
        None,  # absent: None
        None,
    )
    assert isinstance(cb.data.transaction_context, CallbackTransactionContext)
    assert cb.data.transaction_context.store_id == "S1"
    assert cb.data.transaction_context.pos_device_id is None
    assert (cb.transaction_id, cb.merchant_id, cb.amount, cb.is_success) == ("TX1", "MERCHANTUAT", 100, True)
    without_modes = {k: v for k, v in dict(PAYLOAD["data"]).items() if k != "paymentModes"}
    known = make({**PAYLOAD, "data": without_modes})
    plain = verify_payment_callback(*known, SALTS)
    assert plain.data.payment_state is PaymentState.COMPLETED
    assert plain.data.payment_modes is None
    assert plain.message == "m"
    assert plain.salt_index == "1"


@pytest.mark.parametrize(
    ("where", "value"),
    [
        ("data.paymentState", 1),
        ("data.payResponseCode", ["X"]),
        ("data.paymentModes.0.mode", 5),
        ("data.paymentModes.0.amount", "100"),
        ("data.paymentModes.0.amount", True),
        ("data.transactionContext.storeId", 7),
        ("data.amount", True),
        ("data.merchantId", None),
        ("message", 3),
    ],
)
def test_a_signed_field_of_another_json_type_is_refused(where: str, value: Any) -> None:
    payload = json.loads(json.dumps(PAYLOAD))
    *path, last = where.split(".")
    node = payload
    for key in path:
        node = node[int(key)] if key.isdigit() else node[key]
    node[last] = value
    with pytest.raises(SignatureError, match=last):
        verify_payment_callback(*make(payload), SALTS)


def test_the_module_functions_and_the_gateway_are_aliases_of_the_one_verifier() -> None:
    from merchant_gateway import Gateway

    body, header = make()
    gateway = Gateway(merchant_id="MERCHANTUAT", salt_key=SALTS["1"], salt_index="1", environment="local")
    try:
        via_gateway = gateway.verify_collect_callback(body, header, expected_amount=100)
    finally:
        gateway.close()
    via_function = verify_collect_callback(body, header, SALTS, expected_amount=100, expected_merchant_id="MERCHANTUAT")
    via_verifier = CallbackVerifier(SALTS, "MERCHANTUAT").verify_collect_callback(body, header, expected_amount=100)
    assert type(via_gateway) is type(via_function) is type(via_verifier)
    assert via_gateway.payload.to_dict() == via_function.payload.to_dict() == via_verifier.payload.to_dict()
    assert via_gateway.verdict is via_function.verdict is via_verifier.verdict
    with pytest.raises(CallbackMismatchError):
        verify_payment_callback(body, header, SALTS, expected_merchant_id="OTHER")
