"""Every operation of Gateway/AsyncGateway against the local sandbox: the settings, the plan of calls and the user
flow shared by tests/unit/gateway/test_integration_sandbox.py and the telemetry tests."""

from __future__ import annotations

import uuid
from typing import Any

import httpx
import merchant_gateway as mg
import pytest

MERCHANT = "MERCHANTUAT"
SALT = "integration-salt-key-1"
CB = "https://merchant.example/callback"


def settings(sb: Any) -> dict[str, Any]:
    return {
        "merchant_id": MERCHANT,
        "salt_key": SALT,
        "salt_index": "1",
        "base_url": sb.base_url,
        "apps_url": sb.apps_url,
        "auth_url": sb.auth_url,
        "client_id": sb.config.client_id,
        "client_secret": sb.config.client_secret,
    }


def tid(prefix: str) -> str:
    return f"{prefix}{uuid.uuid4().hex[:20]}"


def control(sb: Any, method: str, path: str, **kw: Any) -> Any:
    return httpx.request(method, sb.origin + "/_sandbox" + path, timeout=10, **kw).json()


def plan(sb: Any) -> list[tuple[str, tuple[Any, ...], dict[str, Any]]]:
    """(method, args, kwargs) for every operation; values depending on earlier answers are filled lazily."""
    pay = tid("P")
    return [
        ("debit_v3", (), {"transaction_id": tid("V3"), "amount": 100, "merchant_user_id": "U1"}),
        (
            "debit_v4_web",
            (),
            {"transaction_id": pay, "amount": 1000, "merchant_user_id": "U1", "merchant_order_id": "OD1"},
        ),
        (
            "debit_v4_intent",
            (),
            {
                "transaction_id": tid("I"),
                "amount": 100,
                "merchant_order_id": "OD1",
                "payment_scope": "PLATFORM",
                "device_context": {"platformVersionCode": 400922},
            },
        ),
        ("get_transaction_status", (pay,), {}),
        ("get_transaction_status_apps_host", (pay,), {}),
        (
            "refund_v3",
            (),
            {
                "transaction_id": tid("R3"),
                "original_transaction_id": pay,
                "amount": 100,
                "merchant_order_id": "OD1",
                "message": "r",
            },
        ),
        (
            "refund_v4",
            (),
            {
                "transaction_id": tid("R4"),
                "original_transaction_id": pay,
                "amount": 100,
                "merchant_order_id": "OD1",
                "message": "r",
                "callback_url": CB,
            },
        ),
        (
            "refund_apps_host",
            (),
            {
                "transaction_id": tid("RA"),
                "original_transaction_id": pay,
                "amount": 100,
                "merchant_order_id": "OD1",
                "message": "r",
            },
        ),
        (
            "fulfill_deferred_refund",
            (),
            {"transaction_id": tid("DF"), "merchant_user_id": "U1", "amount": 100, "merchant_order_id": "OD1"},
        ),
        (
            "collect_request",
            (),
            {
                "transaction_id": tid("C"),
                "merchant_order_id": "OD9",
                "amount": 100,
                "instrument_type": "MOBILE",
                "instrument_reference": "9999999999",
                "expires_in": 180,
                "callback_url": CB,
            },
        ),
        ("trigger_test_callback", (), {"transaction_id": pay, "amount": 100, "callback_url": CB}),
        ("get_payment_options", (), {"amount": 100, "merchant_user_id": "U1"}),
        (
            "initiate_sdk_less_payment",
            (),
            {
                "transaction_id": tid("S"),
                "amount": 100,
                "valid_for": 600000,
                "merchant_order_id": "OD1",
                "redirect_url": "https://m.example/done",
                "transaction_context": "e30=",
            },
        ),
        ("get_authorization_token", (), {}),
    ]


def check(name: str, outcome: Any) -> None:
    # every operation answers with its typed result or a mapped gateway error: never transport/validation errors
    if isinstance(outcome, BaseException):
        assert isinstance(outcome, mg.ApiError), f"{name}: {outcome!r}"
        assert type(outcome) is not mg.ApiError or outcome.code, f"{name}: {outcome!r}"
    else:
        assert outcome is not None, name


def user_flow_sync(gw: mg.Gateway, sb: Any) -> None:
    sent = gw.send_otp(mobile_number="9999999999")
    otp = control(sb, "GET", f"/otp/{sent.data.otp_token}")["otp"]  # type: ignore[union-attr]
    token = gw.verify_otp(otp_token=sent.data.otp_token, otp=otp).data.user_auth_token  # type: ignore[union-attr]
    assert isinstance(token, str)
    assert gw.get_wallet_balance(token).code == "SUCCESS"
    gw.get_payment_options(amount=100, user_auth_token=token)
    for name, kwargs in (
        (
            "instant_debit",
            {
                "transaction_id": tid("ID"),
                "amount": 100,
                "mobile_number": "9999999999",
                "merchant_order_id": "OD1",
                "user_auth_token": token,
            },
        ),
        (
            "inline_pay",
            {
                "transaction_id": tid("IP"),
                "amount": 100,
                "user_auth_token": token,
                "payment_sources": [{"mode": "wallets", "providers": ["PLATFORM"]}],
                "mobile_number": "9999999999",  # required on the POST variant (spec x-field-rules)
            },
        ),
        (
            "inline_pay_with_get",
            {
                "transaction_id": tid("IG"),
                "amount": 100,
                "user_auth_token": token,
                "payment_sources": [{"mode": "upi", "type": "INTENT"}],
            },
        ),
    ):
        try:
            check(name, getattr(gw, name)(**kwargs))
        except mg.GatewayError as exc:
            check(name, exc)
    assert gw.unlink_user(user_auth_token=token).code == "SUCCESS"
    with pytest.raises(mg.UserLinkError):
        gw.get_wallet_balance(token)
    grant = control(sb, "POST", "/sso/grant-token", json={})["grantToken"]
    access = gw.get_sso_access_token(grant_token=grant).data.access_token  # type: ignore[union-attr]
    assert gw.get_sso_user_details(access_token=str(access)).code == "SUCCESS"
