"""Answers a real gateway sends that the documented schemas do not list (issue 15), read through the public API.

paymentState is "informative only, decisions use code" (interface document): a status answer with a value the
document does not list, an unknown redirectType, `data: null`, absent optional fields and unknown fields are all
read; decisions use `code`. Payloads stay strict: a bad enum value is refused before anything is sent.
"""

from __future__ import annotations

import base64
import hashlib
import json
from collections.abc import Callable
from typing import Any

import httpx
import merchant_gateway as mg
import pytest
from merchant_gateway.callbacks import verify_payment_callback
from merchant_gateway.flows.launch import sign_in, start_intent_payment
from merchant_gateway.flows.schedule import PollSchedule
from merchant_gateway.flows.status import snapshot_of, wait_for_payment
from merchant_gateway_client.models import PaymentState

from tests.support.overlay import FakeTime

MERCHANT, SALT = "MERCHANTUAT", "answers-salt-1"


def status(code: str, data: dict[str, Any] | None, **extra: Any) -> dict[str, Any]:
    return {"success": code == "PAYMENT_SUCCESS", "code": code, "message": "m", "data": data, **extra}


def data(txn: str, **fields: Any) -> dict[str, Any]:
    return {"merchantId": MERCHANT, "transactionId": txn, "amount": 100, **fields}


class Script:
    """Answers in order (the last one repeats); records every request."""

    def __init__(self, *answers: dict[str, Any]) -> None:
        self.answers = list(answers)
        self.requests: list[httpx.Request] = []

    def __call__(self, request: httpx.Request) -> httpx.Response:
        self.requests.append(request)
        body = self.answers.pop(0) if len(self.answers) > 1 else self.answers[0]
        return httpx.Response(200, json=body)


def gateway(handler: Callable[[httpx.Request], httpx.Response]) -> mg.Gateway:
    return mg.Gateway(merchant_id=MERCHANT, salt_key=SALT, salt_index="1", transport=httpx.MockTransport(handler))


@pytest.fixture
def no_wait(fake_time: FakeTime) -> dict[str, Any]:
    return {"schedule": PollSchedule(first_check_after=0), "clock": fake_time.monotonic, "sleep": fake_time.sleep}


def test_status_with_an_unlisted_payment_state_is_read() -> None:
    script = Script(status("PAYMENT_PENDING", data("T1", paymentState="PENDING", providerReferenceId="P1")))
    with gateway(script) as gw:
        answer = gw.get_transaction_status("T1")
    assert answer.code == "PAYMENT_PENDING"
    assert answer.data is not None
    assert answer.data.payment_state == "PENDING"
    assert not isinstance(answer.data.payment_state, PaymentState)
    assert answer.data.pay_response_code is None  # absent: None, not a sentinel
    snap = snapshot_of(answer, "T1")
    assert snap.payment_state == "PENDING"
    assert snap.provider_reference_id == "P1"
    assert not snap.is_final
    assert repr(answer).endswith("payment_state='PENDING'))")
    assert "object at" not in repr(answer)


def test_wait_for_payment_decides_by_code_whatever_payment_state_says(no_wait: dict[str, Any]) -> None:
    script = Script(
        status("PAYMENT_PENDING", data("T2", paymentState="PENDING")),
        status("PAYMENT_PENDING", None),  # data: null while pending
        status("PAYMENT_PENDING", {}),
        status("PAYMENT_SUCCESS", data("T2", paymentState="SETTLED", payResponseCode="SUCCESS"), traceId="x"),
    )
    with gateway(script) as gw:
        final = wait_for_payment(gw, "T2", expected_amount=100, **no_wait)
    assert final.succeeded
    assert final.checks == 4
    assert final.snapshot.payment_state == "SETTLED"


def test_a_failed_code_is_a_failure_even_with_a_completed_payment_state(no_wait: dict[str, Any]) -> None:
    script = Script(status("PAYMENT_ERROR", data("T3", paymentState="COMPLETED")))
    with gateway(script) as gw:
        final = wait_for_payment(gw, "T3", **no_wait)
    assert final.code == "PAYMENT_ERROR"
    assert not final.succeeded


def test_apps_host_status_with_unknown_values_is_read() -> None:
    script = Script(status("PAYMENT_SUCCESS", data("T4", paymentState="COMPLETED", status="SETTLED_LATER")))
    with gateway(script) as gw:
        answer = gw.get_transaction_status_apps_host("T4")
    assert answer.data is not None
    assert answer.data.payment_state is PaymentState.COMPLETED
    assert answer.data.status == "SETTLED_LATER"


def test_unknown_redirect_type_and_fields_of_a_debit_answer() -> None:
    body = {
        "success": True,
        "code": "PAYMENT_SUCCESS",
        "message": "m",
        "data": {"redirectType": "UPI_QR", "redirectURL": "upi://pay?pa=x", "qrExpiresIn": 300},
    }
    with gateway(Script(body)) as gw:
        answer = gw.debit_v4_web(transaction_id="T5", amount=100, merchant_user_id="U1")
        with pytest.warns(DeprecationWarning, match="payments.start_intent"):
            launch = start_intent_payment(
                gw, transaction_id="T6", amount=100, merchant_order_id="O6", platform_version_code=1
            )
    assert answer.data is not None
    assert answer.data.redirect_type == "UPI_QR"
    assert answer.data["qrExpiresIn"] == 300
    assert launch.url == "upi://pay?pa=x"


def test_null_data_on_a_start_proves_no_acceptance() -> None:
    """A v4 debit's acceptance needs data.redirectURL (x-evidence): null data is read without a crash, and the
    start ends in OutcomeUnknown (the payment may have been started), never in an accepted start."""
    body = {"success": True, "code": "PAYMENT_SUCCESS", "message": "m", "data": None}
    with gateway(Script(body, body)) as gw:
        with pytest.raises(mg.OutcomeUnknown, match="without data.redirectURL") as info:
            gw.debit_v4_web(transaction_id="T7", amount=100, merchant_user_id="U1")
        assert info.value.transaction_id == "T7"
        with pytest.raises(mg.OutcomeUnknown, match="without data.redirectURL"):
            gw.payments.start_intent(transaction_id="T8", amount=100, merchant_order_id="O8", platform_version_code=1)


def test_null_data_on_an_error_answer_keeps_its_code() -> None:
    def handler(request: httpx.Request) -> httpx.Response:
        return httpx.Response(400, json={"success": False, "code": "BAD_REQUEST", "message": "bad", "data": None})

    with gateway(handler) as gw, pytest.raises(mg.ApiError) as info:
        gw.get_transaction_status("T9")
    assert info.value.code == "BAD_REQUEST"


def test_reprs_of_answers_show_no_secret() -> None:
    body = {"success": True, "code": "SUCCESS", "message": "m", "data": {"accessToken": "acc-SECRET-9", "x": 1}}
    details = {"success": True, "code": "SUCCESS", "message": "m", "data": {"name": "Asha"}}
    with gateway(Script(body, body, details)) as gw:
        access = gw.get_sso_access_token(grant_token="G1")
        user = sign_in(gw, "G2")
    text = repr(access)
    assert "acc-SECRET-9" not in text
    assert "accessToken" not in text
    assert "access_token" not in text
    assert (
        text
        == "SsoAccessResponse(success=True, code='SUCCESS', message='m', data=SsoAccessData(additional_keys=['x']))"
    )
    assert user.name == "Asha"
    assert user.phone_number is None


def test_a_bad_enum_value_in_a_payload_is_refused_before_sending() -> None:
    script = Script(status("SUCCESS", {}))
    with gateway(script) as gw:
        with pytest.raises(mg.ValidationError) as info:
            gw.collect_request(
                transaction_id="C1",
                merchant_order_id="O1",
                amount=100,
                instrument_type="EMAIL",
                instrument_reference="9999999999",
                expires_in=180,
                callback_url="https://merchant.example/cb",
            )
        assert info.value.field == "instrumentType"
        with pytest.raises(mg.ValidationError) as nested:
            gw.inline_pay(transaction_id="I1", amount=100, merchant_user_id="U1", payment_sources=[{"mode": "crypto"}])
        assert (nested.value.field, str(nested.value)) == (
            "paymentSources[0].mode",
            "paymentSources[0].mode: must be one of card, wallets, upi",
        )
    assert script.requests == []


def test_a_callback_with_unlisted_values_is_accepted() -> None:
    payload = {
        "success": True,
        "code": "PAYMENT_SUCCESS",
        "message": "m",
        "data": {
            "merchantId": MERCHANT,
            "transactionId": "T10",
            "amount": 100,
            "paymentState": "SETTLED",
            "paymentModes": [{"mode": "CRYPTO_VOUCHER", "amount": 100}],
            "newField": {"a": 1},
        },
    }
    b64 = base64.b64encode(json.dumps(payload).encode()).decode()
    header = hashlib.sha256((b64 + SALT).encode()).hexdigest() + "###1"
    callback = verify_payment_callback(json.dumps({"response": b64}).encode(), header, {"1": SALT}, expected_amount=100)
    assert callback.is_success
    assert callback.data.payment_state == "SETTLED"
    assert callback.data.payment_modes[0].mode == "CRYPTO_VOUCHER"
