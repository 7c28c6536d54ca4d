"""Every flow against the sandbox over real sockets: linking with its OTP error paths, intents, SDK-less, SSO,
and the status wait. The sandbox runs on a manual clock, so nothing here sleeps. Written once, for AsyncGateway and
the flows' async functions, in test_flows_sandbox_async.py; test_flows_sandbox_sync.py is derived from it
(tools/derive_sync.py) and runs every test on Gateway and the sync functions."""

from __future__ import annotations

import base64
import hashlib
from typing import Any

import httpx
import pytest
from merchant_gateway import AsyncGateway
from merchant_gateway.errors import UserLinkError
from merchant_gateway.flows.launch import (
    async_sign_in,
    async_start_intent_payment,
    async_start_sdk_less_payment,
    async_start_upi_intent,
)
from merchant_gateway.flows.linking import LinkingError, OtpPrompt, async_link_user, usable_instruments
from merchant_gateway.flows.polling import FinalStatus
from merchant_gateway.flows.schedule import PollSchedule
from merchant_gateway.flows.status import async_wait_for_payment
from merchant_gateway.ids import new_transaction_id

SANDBOX_OTP = "123456"


def control(sandbox: Any, method: str, path: str, **kw: Any) -> Any:
    origin = sandbox.base_url.rsplit("/apis/", 1)[0]
    return httpx.request(method, origin + path, timeout=10, **kw).json()


class Answers:
    """A scripted user at the OTP prompt that records what it was told."""

    def __init__(self, *otps: str) -> None:
        self.otps = list(otps)
        self.prompts: list[OtpPrompt] = []

    async def __call__(self, prompt: OtpPrompt) -> str:
        self.prompts.append(prompt)
        return self.otps.pop(0)


def fresh_mobile() -> str:
    return "98" + str(int(hashlib.sha256(new_transaction_id().encode()).hexdigest(), 16))[:8]


async def test_link_retries_a_wrong_otp_with_the_same_token_then_balance_options_debit_unlink(
    async_gateway: AsyncGateway,
) -> None:
    user_says = Answers("000000", SANDBOX_OTP)
    linked = await async_link_user(async_gateway, fresh_mobile(), user_says)
    assert [p.attempt for p in user_says.prompts] == [1, 2]
    assert user_says.prompts[1].resent is False
    assert "again" in (user_says.prompts[1].reason or "")
    assert linked.user_auth_token not in repr(linked)

    balance = await async_gateway.get_wallet_balance(linked.user_auth_token)
    assert balance.code == "SUCCESS"
    options = await async_gateway.get_payment_options(user_auth_token=linked.user_auth_token, amount=500)
    kinds = [inst.kind for inst in usable_instruments(options)]
    assert kinds
    assert len(kinds) == len(set(kinds))
    priorities = [inst.priority for inst in usable_instruments(options)]
    assert priorities == sorted(priorities)

    txn = new_transaction_id()
    debit = await async_gateway.instant_debit(
        transaction_id=txn,
        amount=500,
        mobile_number="9999999999",
        merchant_order_id=txn,
        user_auth_token=linked.user_auth_token,
    )
    assert debit.code in {"PAYMENT_SUCCESS", "PAYMENT_PENDING"}

    await async_gateway.unlink_user(user_auth_token=linked.user_auth_token)
    with pytest.raises(UserLinkError):
        await async_gateway.get_wallet_balance(linked.user_auth_token)


async def test_expired_otp_makes_the_flow_send_a_new_one_and_use_the_latest_token(
    async_gateway: AsyncGateway, sandbox: Any
) -> None:
    sent_tokens: list[str] = []
    original_send = async_gateway.send_otp

    async def spy_send(*args: Any, **kwargs: Any) -> Any:
        resp = await original_send(*args, **kwargs)
        sent_tokens.append(resp.data.otp_token)
        return resp

    async_gateway.send_otp = spy_send  # type: ignore[method-assign]
    asked: list[OtpPrompt] = []

    async def user(prompt: OtpPrompt) -> str:
        asked.append(prompt)
        if prompt.attempt == 1:
            sandbox.advance(sandbox.config.otp_ttl + 1)  # the user takes too long
        return SANDBOX_OTP

    linked = await async_link_user(async_gateway, fresh_mobile(), user)
    assert len(sent_tokens) == 2
    assert sent_tokens[0] != sent_tokens[1]
    assert asked[1].resent is True
    assert "expired" in (asked[1].reason or "")
    assert linked.user_auth_token


async def test_otp_send_limit_stops_with_guidance(async_gateway: AsyncGateway, sandbox: Any) -> None:
    mobile = fresh_mobile()
    limit = sandbox.config.otp_send_limit
    for _ in range(limit):
        await async_gateway.send_otp(mobile_number=mobile)
    with pytest.raises(LinkingError) as info:
        await async_link_user(async_gateway, mobile, Answers(SANDBOX_OTP))
    assert info.value.code == "OTP_LIMIT_EXCEEDED"
    assert info.value.action == "stop"
    assert "later" in info.value.guidance


async def test_blocked_user_stops_at_once(async_gateway: AsyncGateway) -> None:
    with pytest.raises(LinkingError) as info:
        await async_link_user(async_gateway, "9999900002", Answers(SANDBOX_OTP))
    assert info.value.code == "USER_BLOCKED"


async def test_too_many_wrong_otps_are_exhausted(async_gateway: AsyncGateway) -> None:
    with pytest.raises(LinkingError) as info:
        await async_link_user(async_gateway, fresh_mobile(), Answers(*["000000"] * 3), max_prompts=3)
    assert info.value.action == "exhausted"


async def test_linking_with_the_right_otp_at_once(async_gateway: AsyncGateway) -> None:
    async def user(prompt: OtpPrompt) -> str:
        return SANDBOX_OTP

    linked = await async_link_user(async_gateway, fresh_mobile(), user)
    assert (await async_gateway.get_wallet_balance(linked.user_auth_token)).code == "SUCCESS"


async def test_intent_launch_returns_the_uri_and_the_next_step(async_gateway: AsyncGateway, sandbox: Any) -> None:
    txn = new_transaction_id()
    with pytest.warns(DeprecationWarning, match=r"use gateway\.payments\.start_intent"):
        launch = await async_start_intent_payment(
            async_gateway, transaction_id=txn, amount=100, merchant_order_id=txn, platform_version_code=400922
        )
    assert launch.url.startswith("upi://")
    assert launch.url not in repr(launch)
    assert f"mgw status {txn}" in launch.next_step
    sandbox.advance(10)

    async def no_sleep(seconds: float) -> None:
        pass

    final = await async_wait_for_payment(
        async_gateway, txn, expected_amount=100, schedule=PollSchedule(first_check_after=0), sleep=no_sleep
    )
    assert final.succeeded


async def test_upi_intent_via_inline_pay(async_gateway: AsyncGateway) -> None:
    txn = new_transaction_id()
    with pytest.warns(DeprecationWarning, match=r"use gateway\.payments\.start_upi_intent"):
        launch = await async_start_upi_intent(
            async_gateway, transaction_id=txn, amount=100, merchant_user_id="U1", mobile_number="9999999999"
        )
    assert launch.url.startswith("upi://")
    assert launch.package


async def test_intent_launch_with_an_old_app_version(async_gateway: AsyncGateway) -> None:
    txn = new_transaction_id()
    with pytest.warns(DeprecationWarning, match=r"use gateway\.payments\.start_intent"):
        launch = await async_start_intent_payment(
            async_gateway, transaction_id=txn, amount=100, merchant_order_id=txn, platform_version_code=1
        )
    assert launch.transaction_id == txn
    assert launch.url


async def test_sdk_less_launch_and_sso_sign_in(async_gateway: AsyncGateway, sandbox: Any) -> None:
    txn = new_transaction_id()
    with pytest.warns(DeprecationWarning, match=r"use gateway\.payments\.start_sdk_less"):
        launch = await async_start_sdk_less_payment(
            async_gateway,
            transaction_id=txn,
            amount=100,
            valid_for=600_000,
            merchant_order_id=txn,
            redirect_url="http://127.0.0.1/return",
            transaction_context=base64.b64encode(b'{"cart":[]}').decode(),
        )
    assert launch.url
    assert launch.reservation_id
    grant = control(sandbox, "POST", "/_sandbox/sso/grant-token", json={"name": "Asha", "phoneNumber": "9876543210"})
    user = await async_sign_in(async_gateway, grant["grantToken"])
    assert user.name == "Asha"
    assert user.phone_number == "9876543210"
    assert "9876543210" not in repr(user)


async def test_status_wait_on_the_sandbox(async_gateway: AsyncGateway, sandbox: Any) -> None:
    txn = new_transaction_id()
    await async_gateway.debit_v4_web(transaction_id=txn, amount=4001, merchant_order_id=txn, merchant_user_id="U9")
    checks: list[float] = []

    async def fake_sleep(seconds: float) -> None:
        checks.append(seconds)
        sandbox.advance(seconds)

    final: FinalStatus = await async_wait_for_payment(
        async_gateway,
        txn,
        expected_amount=4001,
        schedule=PollSchedule(first_check_after=3),
        clock=sandbox.clock.now,
        sleep=fake_sleep,
    )
    assert final.code == "PAYMENT_DECLINED"  # the documented sandbox test amount 4001
    assert checks[0] == pytest.approx(3.0, abs=0.5)


async def test_status_answers_with_an_unlisted_payment_state_are_read_and_decided_by_code(
    async_gateway: AsyncGateway, sandbox: Any
) -> None:
    """Sandbox amount 4005: while pending, the status answers carry paymentState PENDING, which the interface
    document does not list ("informative only, decisions use code"); the client reads it and waits on `code`."""
    txn = new_transaction_id()
    started = await async_gateway.debit_v4_web(
        transaction_id=txn, amount=4005, merchant_order_id=txn, merchant_user_id="U9"
    )
    assert started.data is not None
    assert started.data.redirect_url
    pending = await async_gateway.get_transaction_status(txn)
    assert pending.code == "PAYMENT_PENDING"
    assert pending.data is not None
    assert pending.data.payment_state == "PENDING"
    assert pending.data.pay_response_code is None  # absent, read as None
    assert "payment_state='PENDING'" in repr(pending)
    assert "object at" not in repr(pending)
    apps = await async_gateway.get_transaction_status_apps_host(txn)
    assert apps.data is not None
    assert apps.data.payment_state == "PENDING"
    assert apps.data.status == "PENDING"

    async def sleep(seconds: float) -> None:
        sandbox.advance(seconds)

    final = await async_wait_for_payment(
        async_gateway,
        txn,
        expected_amount=4005,
        schedule=PollSchedule(first_check_after=1),
        clock=sandbox.clock.now,
        sleep=sleep,
    )
    assert final.succeeded
    assert final.checks >= 2
    assert final.snapshot.payment_state == "COMPLETED"
