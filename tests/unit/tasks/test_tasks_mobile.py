"""gateway.mobile: what the server hands to the app's SDK, checked against X-VERIFY computed here by hand from the
interface document's formulas and against the shared vectors (spec/vectors/signing.json); the old stand-alone
helpers' defects (salt again, camelCase dicts, no SDK headers, a debit signed without amount) each have a test."""

from __future__ import annotations

import base64
import hashlib
import inspect
import json
from pathlib import Path
from typing import Any

import attrs
import httpx
import pytest
from merchant_gateway import AppRequest, AsyncGateway, Gateway, ValidationError
from merchant_gateway.ids import new_transaction_id
from merchant_gateway.tasks import MobileSdk
from merchant_gateway.tasks.mobile import (
    AppPaymentFields,
    app_account_summary_request,
    app_debit_request,
    app_profile_request,
    sign_app_debit,
)
from merchant_gateway_client.operations import OPERATIONS

ROOT = Path(__file__).resolve().parents[3]
VECTORS = json.loads((ROOT / "spec/vectors/signing.json").read_text(encoding="utf-8"))


def by_hand(message: str, salt_key: str, salt_index: str) -> str:
    """Interface document, Authentication: hex SHA-256 of (string + salt key), then ### and the salt index."""
    return hashlib.sha256((message + salt_key).encode("utf-8")).hexdigest() + "###" + salt_index


def offline(merchant_id: str, salt_key: str, salt_index: str) -> Gateway:
    return Gateway(merchant_id=merchant_id, salt_key=salt_key, salt_index=salt_index)


def decoded(app: AppRequest) -> dict[str, Any]:
    return dict(json.loads(base64.b64decode(app.body or "")))


def test_payment_request_reproduces_the_shared_vector() -> None:
    v = VECTORS["body_signature"][0]
    assert v["signing_path"] == "/v3/debit"
    payload = json.loads(v["payload_json"])
    with offline(payload["merchantId"], v["salt_key"], v["salt_index"]) as gw:
        app = gw.mobile.payment_request(
            transaction_id=payload["transactionId"],
            merchant_user_id=payload["merchantUserId"],
            amount=payload["amount"],
            merchant_order_id=payload["merchantOrderId"],
        )
    assert app.body == v["request_b64"]
    assert app.checksum == v["expect"]
    assert app.checksum == by_hand(v["request_b64"] + "/v3/debit", v["salt_key"], v["salt_index"])
    assert app.api_endpoint == "/v3/debit"
    assert app.transaction_id == "TX123456789"
    assert v["expect"] not in repr(app)
    assert v["request_b64"] not in repr(app)


def test_payment_request_carries_every_optional_sdk_header_outside_the_checksum() -> None:
    with offline("M1", "salt-m", "2") as gw:
        app = gw.mobile.payment_request(
            amount=1_000,
            merchant_user_id="U1",
            callback_url="https://shop.example/cb",
            call_mode="PUT",
            provider_id="P-2",
        )
    assert app.headers == {
        "X-CALLBACK-URL": "https://shop.example/cb",
        "X-CALL-MODE": "PUT",
        "X-PROVIDER-ID": "P-2",
    }
    body = decoded(app)
    assert body["merchantId"] == "M1"
    assert body["amount"] == 1_000
    assert len(body["transactionId"]) < 38
    assert app.checksum == by_hand((app.body or "") + "/v3/debit", "salt-m", "2")
    sent = app.to_dict()
    assert sent["headers"] == dict(app.headers)
    assert sent["transactionId"] == body["transactionId"]
    assert "X-CALLBACK-URL" not in base64.b64decode(app.body or "").decode()


@pytest.mark.parametrize(
    ("kwargs", "field"),
    [
        ({"amount": 0}, "amount"),
        ({"amount": 1.5}, "amount"),
        ({"amount": 100, "transaction_id": "T" * 38}, "transactionId"),
        ({"amount": 100, "merchant_order_id": "O" * 48}, "merchantOrderId"),
        ({"amount": 100, "call_mode": "GET"}, "call_mode"),
        ({"amount": 100, "callback_url": ""}, "callback_url"),
        ({"amount": 100, "merchant_user_id": "U", "user_auth_token": "T"}, "userAuthToken"),
        ({"amount": 100, "merchantUserId": "U1"}, "merchantUserId"),  # camelCase is not a keyword here
    ],
)
def test_bad_payment_requests_name_the_field_and_sign_nothing(kwargs: dict[str, Any], field: str) -> None:
    with offline("M1", "s", "1") as gw, pytest.raises((ValidationError, TypeError)) as info:
        gw.mobile.payment_request(**kwargs)
    if isinstance(info.value, ValidationError):
        assert info.value.field == field
    else:
        assert field in str(info.value)


def test_the_amount_is_required_before_signing() -> None:
    """Issue 17: the old helper signed a debit payload without amount."""
    with pytest.raises(ValidationError) as info:
        app_debit_request(
            {"merchantId": "M", "transactionId": "T1", "merchantUserId": "U"}, salt_key="s", salt_index="1"
        )
    assert info.value.field == "amount"
    with pytest.raises(ValidationError) as info:
        app_debit_request({"transactionId": "T1", "amount": 100}, salt_key="s", salt_index="1")
    assert info.value.field == "merchantId"
    with offline("M1", "s", "1") as gw, pytest.raises(ValidationError) as info:
        gw.mobile.payment_request(merchant_user_id="U1")  # type: ignore[call-arg]
    assert info.value.field == "amount"


@pytest.mark.parametrize("name", ["redirect_url", "redirect_mode"])
def test_the_app_payment_takes_no_redirect_header(name: str) -> None:
    """The interface document names three optional SDK headers; the debit's redirect headers are not among them."""
    assert name not in AppPaymentFields.__annotations__
    with offline("M1", "s", "1") as gw, pytest.raises(ValidationError) as info:
        gw.mobile.payment_request(amount=100, **{name: "POST"})
    assert info.value.field == name


@pytest.mark.parametrize(
    ("headers", "field"),
    [
        ({"X-REDIRECT-URL": "https://shop.example/r"}, "X-REDIRECT-URL"),
        ({"X-CALLBACK-URL": "https://shop.example/cb\r\nX-REDIRECT-URL: https://evil.example"}, "callback_url"),
        ({"X-PROVIDER-ID": "P-2\n"}, "provider_id"),
        ({"X-CALL-MODE": "GET"}, "call_mode"),
    ],
)
def test_the_signed_app_payment_carries_only_checked_sdk_headers(headers: dict[str, str], field: str) -> None:
    """The headers handed to the app with a signed payment are checked where it is signed, so the stand-alone form
    (app_debit_request's headers=, which takes them by header name) cannot hand over a redirect header or a value
    with CR/LF that payment_request would refuse."""
    wire = {"merchantId": "M", "transactionId": "T1", "amount": 1}
    with pytest.raises(ValidationError) as info:
        sign_app_debit(wire, salt_key="s", salt_index="1", headers=headers)
    assert info.value.field == field
    ok = sign_app_debit(wire, salt_key="s", salt_index="1", headers={"X-CALL-MODE": "PUT", "X-PROVIDER-ID": "P-2"})
    assert ok.headers == {"X-CALL-MODE": "PUT", "X-PROVIDER-ID": "P-2"}


def test_the_app_payment_takes_every_merchant_user_id_debit_v3_takes() -> None:
    """Its fields are checked as for debit_v3: a merchantUserId goes in the body, in no URL path, and the interface
    document gives no character rule for it, so one debit_v3 sends (shop:42) is signed too. The profile display's
    is held to the path characters, being the user whose account summary path carries it."""
    with offline("M1", "s", "1") as gw:
        app = gw.mobile.payment_request(amount=100, merchant_user_id="shop:42", transaction_id="T42")
        assert decoded(app)["merchantUserId"] == "shop:42"
        with pytest.raises(ValidationError) as info:
            gw.mobile.profile_request(merchant_user_id="shop:42")
        assert info.value.field == "merchantUserId"
        with pytest.raises(ValidationError) as info:
            gw.mobile.payment_request(amount=100, merchant_id="M/1")  # type: ignore[typeddict-unknown-key]
        assert info.value.field == "merchantId"


def test_the_mobile_methods_take_no_salt_and_only_snake_case_keywords() -> None:
    """Issue 17: the helpers took the salt again and camelCase dicts, unlike everything else."""
    for name in ("payment_request", "profile_request", "account_summary_request"):
        params = inspect.signature(getattr(MobileSdk, name)).parameters
        assert not {"salt_key", "salt_index", "payload"} & set(params), name
        assert all(p == p.lower() for p in params), name


def test_profile_request_checksum_by_hand() -> None:
    with offline("M7", "salt-x", "3") as gw:
        app = gw.mobile.profile_request(merchant_user_id="U1", short_name="Asha ₹", transaction_id="TXP1")
    assert decoded(app) == {"merchantId": "M7", "transactionId": "TXP1", "merchantUserId": "U1", "shortName": "Asha ₹"}
    assert app.api_endpoint == "/v3/profile"
    assert app.checksum == by_hand((app.body or "") + "/v3/profile", "salt-x", "3")
    # the same request through the old helper, which now delegates
    old = app_profile_request(decoded(app), salt_key="salt-x", salt_index="3")
    assert (old.body, old.checksum) == (app.body, app.checksum)


@pytest.mark.parametrize(
    ("kwargs", "field"),
    [
        ({"merchant_user_id": None}, "merchantUserId"),
        ({"merchant_user_id": "U1", "email": ""}, "email"),
        ({"merchant_user_id": "U1", "short_name": 5}, "shortName"),
        ({"merchant_user_id": "U1", "transaction_id": "T" * 38}, "transactionId"),
    ],
)
def test_bad_profile_requests_name_the_field_and_sign_nothing(kwargs: dict[str, Any], field: str) -> None:
    """The keywords are the generated AppProfileKeywords (ProfilePayload's fields); the checks are as before."""
    with offline("M1", "s", "1") as gw, pytest.raises(ValidationError) as info:
        gw.mobile.profile_request(**kwargs)
    assert info.value.field == field
    with offline("M1", "s", "1") as gw, pytest.raises(ValidationError, match="emial"):
        gw.mobile.profile_request(merchant_user_id="U1", emial="a@b.example")  # type: ignore[call-arg]


@pytest.mark.parametrize(
    ("method", "kwargs", "field"),
    [
        ("payment_request", {"amount": 100, "emial": None}, "emial"),
        ("profile_request", {"merchant_user_id": "U1", "emial": None}, "emial"),
        ("profile_request", {"merchant_user_id": "U1", "emial": "a@b.example"}, "emial"),
        ("profile_request", {"merchant_user_id": "U1", "merchant_id": "M2"}, "merchant_id"),
        ("profile_request", {"merchant_user_id": "U1", "additional_properties": {"x": 1}}, "additional_properties"),
        ("profile_request", {}, "merchantUserId"),
    ],
)
def test_a_keyword_the_method_does_not_take_is_a_validation_error_whatever_its_value(
    method: str, kwargs: dict[str, Any], field: str
) -> None:
    """As for the task methods (and debit_v3): None means "not sent" only for a field the method takes, so a
    misspelt keyword given None is refused, not signed without it; a missing merchant_user_id or an unknown keyword
    of the profile display is a ValidationError naming it, not a TypeError from the generated model's __init__."""
    with offline("M1", "SALT-SECRET", "1") as gw, pytest.raises(ValidationError) as info:
        getattr(gw.mobile, method)(**kwargs)
    assert info.value.field == field
    assert "__init__" not in str(info.value)
    assert "SALT-SECRET" not in str(info.value) + repr(info.value)


def test_account_summary_reproduces_the_shared_vector() -> None:
    v = next(x for x in VECTORS["path_signature"] if x["signing_path"].endswith("/summary"))
    with offline("MERCHANTUAT", v["salt_key"], v["salt_index"]) as gw:
        app = gw.mobile.account_summary_request("U123")
    assert app.api_endpoint == v["signing_path"] == "/v3/account/MERCHANTUAT/U123/summary"
    assert app.checksum == v["expect"] == by_hand(v["signing_path"], v["salt_key"], v["salt_index"])
    assert app.body is None
    assert "base64Body" not in app.to_dict()
    old = app_account_summary_request("MERCHANTUAT", "U123", salt_key=v["salt_key"], salt_index=v["salt_index"])
    assert old.checksum == app.checksum
    with offline("M", "s", "1") as gw, pytest.raises(ValidationError):
        gw.mobile.account_summary_request("a/b")


def test_both_gateways_have_the_same_mobile_helpers() -> None:
    sync = offline("M1", "s", "1")
    asyn = AsyncGateway(merchant_id="M1", salt_key="s", salt_index="1")
    a = sync.mobile.payment_request(amount=5, transaction_id="T5")
    b = asyn.mobile.payment_request(amount=5, transaction_id="T5")
    assert (a.body, a.checksum) == (b.body, b.checksum)
    sync.close()


def test_the_app_request_is_accepted_by_the_sandbox_with_its_headers(sandbox: Any, gateway: Gateway) -> None:
    txn = new_transaction_id()
    app = gateway.mobile.payment_request(
        amount=100, transaction_id=txn, merchant_user_id="U1", callback_url="http://127.0.0.1:9/cb", call_mode="POST"
    )
    # what the app's SDK sends
    resp = httpx.post(
        sandbox.base_url + app.api_endpoint,
        json={"request": app.body},
        headers={"X-VERIFY": app.checksum, **app.headers},
        follow_redirects=False,
        timeout=10,
    )
    assert resp.status_code == 302, resp.text
    assert gateway.payments.retrieve(txn, expected_amount=100).code == "PAYMENT_PENDING"


def test_one_meaning_per_keyword_name() -> None:
    """A keyword names a request header or a payload field, never one in one method and the other elsewhere;
    `device_id` is the payload's deviceId and the payment-options header is `merchant_device_id`."""
    headers: set[str] = set()
    fields: set[str] = set()
    for op in OPERATIONS.values():
        headers |= set(op.headers)
        if op.payload_from == "caller" and op.payload is not None and attrs.has(op.payload):  # keywords typed
            fields |= {f.name for f in attrs.fields(op.payload)} - {"additional_properties"}
    # the same meaning both ways: the URL the user returns to (X-REDIRECT-URL; the SDK-less payload's redirectUrl)
    assert headers & fields <= {"redirect_url"}, headers & fields
    assert "device_id" in fields
    assert "device_id" not in headers
    assert "merchant_device_id" in headers
    for name in ("callback_url", "call_mode", "provider_id"):
        assert name in headers
        assert name in AppPaymentFields.__annotations__  # payment_request's **fields


@pytest.mark.parametrize(
    ("old", "args", "new"),
    [
        (app_debit_request, ({"merchantId": "M", "transactionId": "T1", "amount": 1},), "mobile.payment_request"),
        (
            app_profile_request,
            ({"merchantId": "M", "transactionId": "T1", "merchantUserId": "U"},),
            "mobile.profile_request",
        ),
        (app_account_summary_request, ("M", "U"), "mobile.account_summary_request"),
    ],
)
def test_the_stand_alone_helpers_are_deprecated_aliases_that_warn_at_the_callers_line(
    old: Any, args: tuple[Any, ...], new: str
) -> None:
    with pytest.warns(DeprecationWarning, match=rf"removed in .*gateway\.{new}") as seen:
        app = old(*args, salt_key="s", salt_index="1")
    assert seen[0].filename == __file__
    assert "Deprecated alias" in (old.__doc__ or "")
    assert app.checksum.endswith("###1")
