"""Answer models (issue 15): what answers and callbacks are read into is computed from the spec, and those models
read tolerantly (open enums, absent or null optional fields as None, short reprs without secrets) while the payload
models the client sends stay strict.
"""

from __future__ import annotations

import copy
import os
import subprocess
import sys
import textwrap
from pathlib import Path
from typing import Any

import merchant_gateway_client.models as models
import pytest
from merchant_gateway_client.models import (
    CollectPayload,
    DebitIntentPayload,
    DebitV4Response,
    ErrorEnvelope,
    OtpSendResponse,
    OtpVerifyResponse,
    PaymentCallbackPayload,
    PaymentState,
    SsoAccessResponse,
    TokenResponse,
    TransactionStatusResponse,
)

from generator.answers import answer_schema_refs
from generator.run import SECRET_FIELDS
from generator.spec import SpecError
from tests.support.generator import FIXTURES, GOLDEN
from tests.support.spec import spec_document

SPEC = spec_document()
ANSWERS = {ref.rsplit("/", 1)[1] for ref in answer_schema_refs(SPEC)}
OBJECT_SCHEMAS = {name for name, s in SPEC["components"]["schemas"].items() if "properties" in s}


def _module_source(class_name: str) -> str:
    cls = getattr(models, class_name)
    return Path(sys.modules[cls.__module__].__file__ or "").read_text(encoding="utf-8")


# --- the answer-side set, from the spec ---------------------------------------------------------------------------


def test_answer_side_schemas_are_the_responses_and_callbacks_of_the_spec() -> None:
    # responses of every status (success and error envelopes), nested data, the token answer
    assert {"TransactionStatusResponse", "TransactionStatusData", "ErrorEnvelope", "RateLimitEnvelope"} <= ANSWERS
    assert {"PaymentOptionsData", "SavedCard", "Offer", "TokenResponse", "PaymentState"} <= ANSWERS
    # webhooks: the callback body, its decoded contentSchema (base64 `response`) and the UI form post
    assert {"CallbackRequest", "PaymentCallbackPayload", "PaymentCallbackData", "PaymentMode"} <= ANSWERS
    assert "UiCallbackForm" in ANSWERS
    # nothing the client sends
    sent = {n for n in OBJECT_SCHEMAS if n.endswith(("Payload", "Request", "Form", "Source", "Context", "Tag"))}
    sent -= {"PaymentCallbackPayload", "CallbackRequest", "UiCallbackForm", "CallbackTransactionContext"}
    assert sent
    assert not (sent & ANSWERS)
    assert {"DebitPayload", "CollectPayload", "TokenForm", "DebitRequest", "TestCallbackRequest"} <= sent


def test_every_answer_object_is_generated_tolerant_and_every_other_model_strict() -> None:
    answer_objects = ANSWERS & OBJECT_SCHEMAS
    for name in sorted(OBJECT_SCHEMAS):
        if not hasattr(models, name):
            continue  # wrapper schemas rewritten away
        source = _module_source(name)
        if name in answer_objects:
            assert "Unset" not in source, name
            assert "def __repr__" in source, name
        else:
            assert "def __repr__" not in source, name


def test_a_schema_both_sent_and_read_is_refused() -> None:
    spec = copy.deepcopy(SPEC)
    data = spec["components"]["schemas"]["TransactionStatusData"]
    data["properties"]["deviceContext"] = {"$ref": "#/components/schemas/DeviceContext"}  # a payload part
    with pytest.raises(SpecError, match="DeviceContext"):
        answer_schema_refs(spec)


def test_examples_and_extensions_are_not_followed() -> None:
    spec = copy.deepcopy(SPEC)
    data = spec["components"]["schemas"]["TransactionStatusData"]
    data["examples"] = [{"$ref": "#/components/schemas/DeviceContext"}]
    data["x-not-shown"] = "something"
    assert "#/components/schemas/DeviceContext" not in answer_schema_refs(spec)


# --- reading answers ------------------------------------------------------------------------------------------------

STATUS = {
    "success": False,
    "code": "PAYMENT_PENDING",
    "message": "Your payment is in progress.",
    "data": {"merchantId": "M1", "transactionId": "T1", "amount": 100, "paymentState": "PENDING"},
}


def test_an_unknown_enum_value_in_an_answer_is_kept_as_its_string() -> None:
    answer = TransactionStatusResponse.from_dict(STATUS)
    assert answer.data is not None
    state = answer.data.payment_state
    assert state == "PENDING"
    assert type(state) is str
    assert answer.to_dict() == STATUS  # the round trip keeps it


def test_a_known_enum_value_in_an_answer_is_the_member() -> None:
    known = copy.deepcopy(STATUS)
    known["data"]["paymentState"] = "COMPLETED"
    answer = TransactionStatusResponse.from_dict(known)
    assert answer.data is not None
    assert answer.data.payment_state is PaymentState.COMPLETED
    assert answer.to_dict() == known


def test_an_enum_field_of_the_wrong_json_type_is_unreadable() -> None:
    wrong = copy.deepcopy(STATUS)
    wrong["data"]["paymentState"] = 5
    with pytest.raises(TypeError, match="PaymentState"):
        TransactionStatusResponse.from_dict(wrong)


def test_callback_payload_reads_unknown_values() -> None:
    body = {
        "success": True,
        "code": "PAYMENT_SUCCESS",
        "data": {"paymentState": "SETTLED", "paymentModes": [{"mode": "CRYPTO", "amount": 1}], "newField": 1},
    }
    payload = PaymentCallbackPayload.from_dict(body)
    assert payload.data is not None
    assert payload.data.payment_state == "SETTLED"
    assert payload.data.payment_modes is not None
    assert payload.data.payment_modes[0].mode == "CRYPTO"
    assert payload.data.additional_properties == {"newField": 1}
    assert payload.message is None
    assert payload.data.transaction_context is None
    assert payload.to_dict() == body


@pytest.mark.parametrize("cls", [TransactionStatusResponse, DebitV4Response, ErrorEnvelope, OtpVerifyResponse])
def test_null_data_reads_as_none(cls: Any) -> None:
    body = {"success": False, "code": "BAD_REQUEST", "message": "m", "data": None}
    answer = cls.from_dict(body)
    assert answer.data is None
    assert answer.to_dict() == {"success": False, "code": "BAD_REQUEST", "message": "m"}


def test_absent_optional_fields_are_none_and_round_trip_unchanged() -> None:
    body = {"success": True, "code": "PAYMENT_SUCCESS", "message": "ok", "data": {"transactionId": "T1"}}
    answer = TransactionStatusResponse.from_dict(body)
    assert answer.data is not None
    assert answer.data.provider_reference_id is None
    assert answer.data.amount is None
    assert answer.data.payment_state is None
    assert answer.to_dict() == body
    empty = TransactionStatusResponse.from_dict({"success": False, "code": "TRANSACTION_NOT_FOUND", "message": "m"})
    assert empty.data is None
    assert TransactionStatusResponse.from_dict({**body, "data": {}}).to_dict() == {**body, "data": {}}


def test_an_unknown_redirect_type_and_unknown_fields_are_readable() -> None:
    body = {
        "success": True,
        "code": "PAYMENT_SUCCESS",
        "message": "ok",
        "data": {"redirectType": "UPI_QR", "redirectURL": "upi://pay?x", "qrExpiry": 300},
        "traceId": "abc",
    }
    answer = DebitV4Response.from_dict(body)
    assert answer.data is not None
    assert answer.data.redirect_type == "UPI_QR"
    assert answer.data.additional_properties == {"qrExpiry": 300}
    assert answer.additional_properties == {"traceId": "abc"}
    assert answer.to_dict() == body


def test_missing_required_fields_still_make_an_answer_unreadable() -> None:
    with pytest.raises(KeyError):
        TransactionStatusResponse.from_dict({"success": True, "message": "no code"})


# --- reprs ------------------------------------------------------------------------------------------------------------


def test_repr_shows_only_what_is_set() -> None:
    answer = TransactionStatusResponse.from_dict(STATUS)
    text = repr(answer)
    assert text == (
        "TransactionStatusResponse(success=False, code='PAYMENT_PENDING', message='Your payment is in progress.', "
        "data=TransactionStatusData(transaction_id='T1', merchant_id='M1', amount=100, payment_state='PENDING'))"
    )
    assert "Unset" not in text
    assert "object at" not in text
    assert "None" not in text


def test_repr_names_unknown_fields_without_their_values() -> None:
    answer = TransactionStatusResponse.from_dict({**STATUS, "refreshToken": "rt-secret-1"})
    assert "additional_keys=['refreshToken']" in repr(answer)
    assert "rt-secret-1" not in repr(answer)


def _envelope(data: dict[str, Any]) -> dict[str, Any]:
    return {"success": True, "code": "SUCCESS", "message": "m", "data": data}


@pytest.mark.parametrize(
    ("cls", "body", "secrets"),
    [
        (
            TokenResponse,
            {"access_token": "tok-1", "encrypted_access_token": "enc-2", "expires_at": 9},
            ["tok-1", "enc-2"],
        ),
        (SsoAccessResponse, _envelope({"accessToken": "sso-3", "expiresInSeconds": 60}), ["sso-3"]),
        (OtpSendResponse, _envelope({"otpToken": "otp-4"}), ["otp-4"]),
        (OtpVerifyResponse, _envelope({"merchantId": "M1", "userAuthToken": "uat-5"}), ["uat-5"]),
    ],
)
def test_repr_never_shows_a_secret(cls: Any, body: dict[str, Any], secrets: list[str]) -> None:
    text = repr(cls.from_dict(body))
    assert not any(s in text for s in secrets), text
    assert not any(f"{name}=" in text for name in SECRET_FIELDS), text
    assert len(text) < 200


# --- payloads stay strict ---------------------------------------------------------------------------------------------


def test_a_payload_model_rejects_a_bad_enum_value() -> None:
    collect = {
        "merchantId": "M1",
        "transactionId": "T1",
        "merchantOrderId": "O1",
        "amount": 100,
        "instrumentType": "EMAIL",
        "instrumentReference": "x",
        "expiresIn": 180,
    }
    with pytest.raises(ValueError, match="EMAIL"):
        CollectPayload.from_dict(collect)
    intent = {
        "merchantId": "M1",
        "transactionId": "T1",
        "amount": 100,
        "merchantOrderId": "O1",
        "paymentScope": "APP",
        "deviceContext": {"platformVersionCode": 1},
    }
    with pytest.raises(ValueError, match="APP"):
        DebitIntentPayload.from_dict(intent)


# --- the golden package: lists of enums and of models with enums ---------------------------------------------------

GOLDEN_PROBE = textwrap.dedent(
    """
    from merchant_gateway_client.models import CallbackPayload, PaymentModeMode, PaymentState
    body = {
        "success": True,
        "code": "PAYMENT_SUCCESS",
        "data": {"paymentState": "REVERSED", "history": ["COMPLETED", "REVERSED"]},
        "paymentModes": [{"mode": "WALLET", "amount": 5}, {"mode": "VOUCHER"}],
    }
    p = CallbackPayload.from_dict(body)
    assert p.data.history == [PaymentState.COMPLETED, "REVERSED"], p.data.history
    assert p.data.history[0] is PaymentState.COMPLETED and type(p.data.history[1]) is str
    assert p.payment_modes[0].mode is PaymentModeMode.WALLET and p.payment_modes[1].mode == "VOUCHER"
    assert p.payment_modes[1].amount is None
    assert p.to_dict() == body, p.to_dict()
    print(repr(p))
    """
)


def test_golden_package_reads_lists_of_open_enums(tmp_path: Path) -> None:
    assert "webhooks" in (FIXTURES / "mini.yaml").read_text(encoding="utf-8")
    env = {**os.environ, "PYTHONPATH": str(GOLDEN.parent)}
    run = subprocess.run([sys.executable, "-c", GOLDEN_PROBE], env=env, capture_output=True, text=True, cwd=tmp_path)
    assert run.returncode == 0, run.stderr
    assert "payment_modes=[PaymentMode(mode='WALLET', amount=5), PaymentMode(mode='VOUCHER')]" in run.stdout
