"""Gateway and AsyncGateway against the local sandbox, every operation. Skips when the sandbox is unavailable."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import merchant_gateway as mg
import pytest

from tests.support.integration import MERCHANT, SALT, check, control, plan, settings, tid, user_flow_sync

sandbox_mod = pytest.importorskip("merchant_gateway_sandbox", reason="sandbox not importable")


@pytest.fixture(scope="module")
def sandbox() -> Iterator[Any]:
    try:
        running = sandbox_mod.start_sandbox(port=0, merchant_id=MERCHANT, salts={"1": SALT})
    except Exception as exc:  # noqa: BLE001 - missing optional dependencies (starlette, uvicorn) or no port
        pytest.skip(f"sandbox cannot start: {exc}")
    yield running
    running.stop()


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
