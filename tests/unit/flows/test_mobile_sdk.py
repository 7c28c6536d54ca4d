"""App SDK payloads, checked against the shared vectors and against checksums computed here by hand."""

from __future__ import annotations

import base64
import hashlib
import json
from pathlib import Path
from typing import Any

import pytest
from merchant_gateway.errors import ValidationError
from merchant_gateway.tasks.mobile import (
    app_account_summary_request,
    app_debit_request,
    app_profile_request,
)

ROOT = Path(__file__).resolve().parents[3]


def vectors() -> dict[str, Any]:
    for path in (ROOT / "spec/vectors/signing.json", ROOT.parent / "shared/vectors/signing.json"):
        if path.exists():
            return dict(json.loads(path.read_text(encoding="utf-8")))
    raise AssertionError("signing vectors not found")


def by_hand(message: str, salt: str, index: str) -> str:
    return hashlib.sha256((message + salt).encode()).hexdigest() + "###" + index


def test_app_debit_reproduces_the_shared_vector() -> None:
    v = vectors()["body_signature"][0]
    assert v["signing_path"] == "/v3/debit"
    app = app_debit_request(json.loads(v["payload_json"]), salt_key=v["salt_key"], salt_index=v["salt_index"])
    assert app.body == v["request_b64"]
    assert app.checksum == v["expect"]
    assert app.to_dict() == {
        "apiEndPoint": "/v3/debit",
        "base64Body": v["request_b64"],
        "checksum": v["expect"],
        "transactionId": "TX123456789",
    }
    assert v["request_b64"] not in repr(app)
    assert v["expect"] not in repr(app)


def test_profile_checksum_covers_body_and_endpoint() -> None:
    payload = {"merchantId": "M1", "transactionId": "TXP1", "merchantUserId": "U1", "shortName": "Asha ₹"}
    app = app_profile_request(payload, salt_key="salt-x", salt_index="3")
    assert json.loads(base64.b64decode(app.body or "")) == payload
    assert app.checksum == by_hand((app.body or "") + "/v3/profile", "salt-x", "3")
    assert app.api_endpoint == "/v3/profile"


def test_account_summary_reproduces_the_shared_vector() -> None:
    v = next(x for x in vectors()["path_signature"] if x["signing_path"].endswith("/summary"))
    app = app_account_summary_request("MERCHANTUAT", "U123", salt_key=v["salt_key"], salt_index=v["salt_index"])
    assert app.api_endpoint == v["signing_path"]
    assert app.checksum == v["expect"]
    assert app.body is None
    assert "base64Body" not in app.to_dict()


@pytest.mark.parametrize(
    ("payload", "field"),
    [
        ({"merchantId": "M", "transactionId": "T" * 38, "amount": 1}, "transactionId"),
        ({"merchantId": "M", "transactionId": "T1", "amount": 1.5}, "amount"),
        ({"merchantId": "M", "transactionId": "T1", "amount": 0}, "amount"),
        ({"merchantId": "M", "transactionId": "T1", "amount": 1, "merchantOrderId": "O" * 48}, "merchantOrderId"),
    ],
)
def test_bad_app_payloads_name_the_field(payload: dict[str, Any], field: str) -> None:
    with pytest.raises(ValidationError) as info:
        app_debit_request(payload, salt_key="s", salt_index="1")
    assert info.value.field == field


def test_profile_requires_the_user() -> None:
    with pytest.raises(ValidationError) as info:
        app_profile_request({"merchantId": "M", "transactionId": "T"}, salt_key="s", salt_index="1")
    assert info.value.field == "merchantUserId"
