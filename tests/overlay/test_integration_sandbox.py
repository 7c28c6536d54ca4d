"""Gateway and AsyncGateway against the local sandbox, every operation. Skips when the sandbox is unavailable."""

from __future__ import annotations

import uuid
from collections.abc import Iterator
from typing import Any

import httpx
import merchant_gateway as mg
import pytest

sandbox_mod = pytest.importorskip("merchant_gateway_sandbox", reason="sandbox not importable")

MERCHANT = "MERCHANTUAT"
SALT = "integration-salt-key-1"
CB = "https://merchant.example/callback"


@pytest.fixture(scope="module")
def sandbox() -> Iterator[Any]:
    try:
        running = sandbox_mod.start_sandbox(port=0, merchant_id=MERCHANT, salts={"1": SALT})
    except Exception as exc:  # noqa: BLE001 - missing optional dependencies (starlette, uvicorn) or no port
        pytest.skip(f"sandbox cannot start: {exc}")
    yield running
    running.stop()


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


def test_sync_every_operation(sandbox: Any) -> None:
    with mg.Gateway(**settings(sandbox)) as gw:
        for name, args, kwargs in plan(sandbox):
            try:
                outcome: Any = getattr(gw, name)(*args, **kwargs)
            except mg.GatewayError as exc:
                outcome = exc
            check(name, outcome)
        assert gw.authorization_token().token_type
        user_flow_sync(gw, sandbox)


def test_sync_payment_and_refund_succeed(sandbox: Any) -> None:
    with mg.Gateway(**settings(sandbox)) as gw:
        pay = tid("PS")
        web = gw.debit_v4_web(transaction_id=pay, amount=500, merchant_user_id="U1")
        assert web.success
        control(sandbox, "POST", "/settle", json={"transactionId": pay, "code": "PAYMENT_SUCCESS"})
        status = gw.reconcile(pay)
        assert status.code == "PAYMENT_SUCCESS"
        for method in ("refund_v3", "refund_v4", "refund_apps_host"):
            refund = getattr(gw, method)(
                transaction_id=tid("RF"), original_transaction_id=pay, amount=100, merchant_order_id="O", message="m"
            )
            assert refund.code in ("PAYMENT_SUCCESS", "PAYMENT_PENDING"), method
        with pytest.raises(mg.ValidationError):  # client knows the original amount
            gw.refund_v4(
                transaction_id=tid("RX"), original_transaction_id=pay, amount=501, merchant_order_id="O", message="m"
            )
        with pytest.raises(mg.TransactionNotFoundError):
            gw.get_transaction_status(tid("NOPE"))


async def test_async_every_operation(sandbox: Any) -> None:
    async with mg.AsyncGateway(**settings(sandbox)) as gw:
        for name, args, kwargs in plan(sandbox):
            try:
                outcome: Any = await getattr(gw, name)(*args, **kwargs)
            except mg.GatewayError as exc:
                outcome = exc
            check(name, outcome)
        sent = await gw.send_otp(mobile_number="9999999998")
        otp = control(sandbox, "GET", f"/otp/{sent.data.otp_token}")["otp"]  # type: ignore[union-attr]
        verified = await gw.verify_otp(otp_token=sent.data.otp_token, otp=otp)  # type: ignore[union-attr]
        token = str(verified.data.user_auth_token)  # type: ignore[union-attr]
        assert (await gw.get_wallet_balance(token)).code == "SUCCESS"
        assert (await gw.unlink_user(user_auth_token=token)).code == "SUCCESS"
        grant = control(sandbox, "POST", "/sso/grant-token", json={})["grantToken"]
        access = (await gw.get_sso_access_token(grant_token=grant)).data.access_token  # type: ignore[union-attr]
        assert (await gw.get_sso_user_details(access_token=str(access))).code == "SUCCESS"
        assert (await gw.authorization_token()).token_type
