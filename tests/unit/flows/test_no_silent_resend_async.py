"""Issue 14, "no silent re-send": the OTP send and verification, the unlink and the SSO grant-token exchange are
not idempotent (``x-retry: never``). Over real sockets against the sandbox, whose ``drop_after`` fault records the
request and then closes the connection without an answer, each consequence of a blind re-send is shown not to
happen:

* a lost OTP send: exactly one OTP is sent and the user is not prompted (OutcomeUnknown to the caller);
* a lost OTP verification: no second OTP, no second prompt, the one userAuthToken issued is not replaced
  (OutcomeUnknown to the caller);
* a lost unlink: the unlink flow sends it once more and counts INVALID_USER_AUTH_TOKEN as unlinked;
* a lost SSO exchange: exactly one exchange reaches the gateway (OutcomeUnknown to the caller).

With the old spec values (``x-retry: safe`` on these four) every test here fails: the gateway re-sent the request
after the dropped connection. Written once, for AsyncGateway and the async flows, in test_no_silent_resend_async.py;
test_no_silent_resend_sync.py is derived from it (tools/derive_sync.py) and runs every test on Gateway.
"""

from __future__ import annotations

import hashlib
import threading
from collections import Counter
from collections.abc import AsyncIterator, Iterator
from typing import Any

import httpx
import pytest
from merchant_gateway import AsyncGateway
from merchant_gateway.errors import OutcomeUnknown, UserLinkError
from merchant_gateway.flows import Unlinked, async_sign_in, async_unlink
from merchant_gateway.flows.linking import OtpPrompt, async_link_user
from merchant_gateway.ids import new_transaction_id

from tests.support.flows import MERCHANT, SALT

Fault = pytest.importorskip("merchant_gateway_sandbox.faults").Fault
SANDBOX_OTP = "123456"


class Answers:
    """A scripted user at the OTP prompt that records the prompts it was shown."""

    def __init__(self, *otps: str) -> None:
        self.otps = list(otps)
        self.prompts: list[OtpPrompt] = []

    async def __call__(self, prompt: OtpPrompt) -> str:
        self.prompts.append(prompt)
        return self.otps.pop(0)


def fresh_mobile() -> str:
    """A mobile number no other test used (the sandbox counts OTP sends per number)."""
    return "97" + str(int(hashlib.sha256(new_transaction_id().encode()).hexdigest(), 16))[:8]


class Hits:
    """Requests per operationId that reached the sandbox (Faults.take runs once per gateway request)."""

    def __init__(self, running: Any) -> None:
        self.counts: Counter[str] = Counter()
        self._lock = threading.Lock()
        self._faults = running.sandbox.faults
        self._original = self._faults.take

        def take(operation_id: str) -> Any:
            with self._lock:
                self.counts[operation_id] += 1
            return self._original(operation_id)

        self._faults.take = take

    def __getitem__(self, operation_id: str) -> int:
        with self._lock:
            return self.counts[operation_id]

    def restore(self) -> None:
        self._faults.take = self._original


@pytest.fixture
def hits(sandbox: Any) -> Iterator[Hits]:
    sandbox.sandbox.faults.clear()
    counter = Hits(sandbox)
    yield counter
    counter.restore()
    sandbox.sandbox.faults.clear()


def _settings(sandbox: Any) -> dict[str, Any]:
    return {
        "merchant_id": MERCHANT,
        "salt_key": SALT,
        "salt_index": "1",
        "base_url": sandbox.base_url,
        "apps_url": sandbox.apps_url,
        "auth_url": sandbox.auth_url,
    }


@pytest.fixture
async def async_gateway(sandbox: Any) -> AsyncIterator[AsyncGateway]:
    """A gateway that never really sleeps: a re-send (if any) happens at once instead of after a backoff."""

    async def no_sleep(seconds: float) -> None:
        return None

    async with AsyncGateway(**_settings(sandbox), sleep=no_sleep) as gw:
        yield gw


def drop_after(sandbox: Any, operation_id: str) -> None:
    """The next request of ``operation_id`` is handled (recorded), then its connection closes without an answer."""
    sandbox.sandbox.faults.add(Fault(kind="drop_after", operation_id=operation_id, times=1))


def otps_sent(sandbox: Any, mobile: str) -> int:
    return int(sandbox.sandbox.accounts.otp_sends[mobile])


def tokens_issued(sandbox: Any, mobile: str) -> list[Any]:
    return [user for user in sandbox.sandbox.accounts.users.values() if user.mobile_number == mobile]


def grant_token(sandbox: Any) -> str:
    origin = sandbox.base_url.rsplit("/apis/", 1)[0]
    token: str = httpx.post(origin + "/_sandbox/sso/grant-token", json={}, timeout=10).json()["grantToken"]
    return token


async def async_linked_token(async_gateway: AsyncGateway) -> str:
    return (await async_link_user(async_gateway, fresh_mobile(), Answers(SANDBOX_OTP))).user_auth_token


# --- OTP send --------------------------------------------------------------------------------------------------------


async def test_lost_otp_send_sends_exactly_one_otp_and_does_not_prompt(
    async_gateway: AsyncGateway, sandbox: Any, hits: Hits
) -> None:
    mobile, user = fresh_mobile(), Answers(SANDBOX_OTP, SANDBOX_OTP)
    drop_after(sandbox, "sendOtp")
    with pytest.raises(OutcomeUnknown) as info:
        await async_link_user(async_gateway, mobile, user)
    assert info.value.operation == "sendOtp"
    assert hits["sendOtp"] == 1
    assert otps_sent(sandbox, mobile) == 1
    assert user.prompts == []  # the user is not asked for an OTP whose otpToken the merchant does not have
    assert any("may already have an OTP" in note for note in info.value.__notes__)


# --- OTP verification ------------------------------------------------------------------------------------------------


async def test_lost_verification_surfaces_instead_of_a_second_otp(
    async_gateway: AsyncGateway, sandbox: Any, hits: Hits
) -> None:
    """The verification was applied (a userAuthToken was issued) but its answer was lost. A re-send would answer
    OTP_ALREADY_VERIFIED, send a second OTP, prompt the user again and link a second token; the first would be
    lost without anyone knowing. The flow raises OutcomeUnknown instead."""
    mobile, user = fresh_mobile(), Answers(SANDBOX_OTP, SANDBOX_OTP)
    drop_after(sandbox, "verifyOtp")
    with pytest.raises(OutcomeUnknown) as info:
        await async_link_user(async_gateway, mobile, user)
    assert info.value.operation == "verifyOtp"
    assert any("userAuthToken may have been issued" in note for note in info.value.__notes__)
    assert hits["verifyOtp"] == 1  # not re-sent
    assert len(user.prompts) == 1
    assert otps_sent(sandbox, mobile) == 1
    issued = tokens_issued(sandbox, mobile)
    assert len(issued) == 1
    assert issued[0].active


# --- unlink ---------------------------------------------------------------------------------------------------------


async def test_gateway_does_not_resend_a_lost_unlink(async_gateway: AsyncGateway, sandbox: Any, hits: Hits) -> None:
    token = await async_linked_token(async_gateway)
    drop_after(sandbox, "unlinkUser")
    with pytest.raises(OutcomeUnknown):
        await async_gateway.unlink_user(user_auth_token=token)
    assert hits["unlinkUser"] == 1
    with pytest.raises(UserLinkError):  # the unlink that lost its answer did happen
        await async_gateway.get_wallet_balance(token)


async def test_lost_unlink_is_settled_as_unlinked(async_gateway: AsyncGateway, sandbox: Any, hits: Hits) -> None:
    """The unlink was applied, its answer lost; the flow sends it once more, and INVALID_USER_AUTH_TOKEN to that
    second send means unlinked (a blind re-send inside the gateway raised UserLinkError instead)."""
    token = await async_linked_token(async_gateway)
    drop_after(sandbox, "unlinkUser")
    done = await async_unlink(async_gateway, token)
    assert done == Unlinked(merchant_id=None, code="INVALID_USER_AUTH_TOKEN", resent=True)
    assert hits["unlinkUser"] == 2  # the lost one and the flow's one more, nothing else
    with pytest.raises(UserLinkError):
        await async_gateway.get_wallet_balance(token)


async def test_unlink_lost_before_it_was_recorded_is_done_by_the_second_send(
    async_gateway: AsyncGateway, sandbox: Any, hits: Hits
) -> None:
    token = await async_linked_token(async_gateway)
    sandbox.sandbox.faults.add(Fault(kind="drop_before", operation_id="unlinkUser", times=1))
    done = await async_unlink(async_gateway, token)
    assert done.code == "SUCCESS"
    assert done.resent is True
    assert done.merchant_id == MERCHANT
    assert hits["unlinkUser"] == 2
    with pytest.raises(UserLinkError):
        await async_gateway.get_wallet_balance(token)


async def test_unlink_without_a_fault(async_gateway: AsyncGateway, hits: Hits) -> None:
    token = await async_linked_token(async_gateway)
    assert await async_unlink(async_gateway, token) == Unlinked(merchant_id=MERCHANT, code="SUCCESS", resent=False)
    assert hits["unlinkUser"] == 1
    with pytest.raises(UserLinkError):  # a token that was already invalid is not reported as "unlinked now"
        await async_unlink(async_gateway, token)
    assert hits["unlinkUser"] == 2


async def test_unlink_whose_second_send_is_lost_too_stays_unknown(
    async_gateway: AsyncGateway, sandbox: Any, hits: Hits
) -> None:
    token = await async_linked_token(async_gateway)
    sandbox.sandbox.faults.add(Fault(kind="drop_after", operation_id="unlinkUser", times=2))
    with pytest.raises(OutcomeUnknown):
        await async_unlink(async_gateway, token)
    assert hits["unlinkUser"] == 2  # sent once more, not a third time


# --- SSO grant-token exchange -----------------------------------------------------------------------------------------


async def test_lost_sso_exchange_is_not_resent(async_gateway: AsyncGateway, sandbox: Any, hits: Hits) -> None:
    """A re-send would spend the (single-use, in the sandbox) grant token twice and answer UNAUTHORIZED although
    the first exchange issued an access token. Exactly one exchange reaches the gateway."""
    grant = grant_token(sandbox)
    drop_after(sandbox, "getSsoAccessToken")
    with pytest.raises(OutcomeUnknown) as info:
        await async_sign_in(async_gateway, grant)
    assert info.value.operation == "getSsoAccessToken"
    assert any("new grant token" in note for note in info.value.__notes__)
    assert hits["getSsoAccessToken"] == 1
    assert hits["getSsoUserDetails"] == 0
    assert (await async_sign_in(async_gateway, grant_token(sandbox))).name  # a new grant token signs in


# --- what every mode still retries --------------------------------------------------------------------------------


async def test_rate_limited_otp_send_is_retried_and_sends_one_otp(sandbox: Any, hits: Hits) -> None:
    """A 429 was not processed, so even a never call is retried (after TIME_WINDOW, here on the sandbox clock)."""
    mobile = fresh_mobile()
    origin = sandbox.base_url.rsplit("/apis/", 1)[0]
    waits: list[float] = []

    async def sleep(seconds: float) -> None:
        waits.append(seconds)
        sandbox.advance(seconds)

    limit = {"limit": 1, "window": 5, "operations": ["sendOtp"]}
    assert httpx.post(origin + "/_sandbox/rate-limit", json=limit, timeout=10).status_code == 200
    try:
        async with AsyncGateway(**_settings(sandbox), sleep=sleep) as gw:
            await gw.send_otp(mobile_number=fresh_mobile())  # uses the window's one call
            assert (await gw.send_otp(mobile_number=mobile)).code == "SUCCESS"
    finally:
        httpx.post(origin + "/_sandbox/rate-limit", json={"limit": None}, timeout=10)
    assert waits
    assert hits["sendOtp"] == 3
    assert otps_sent(sandbox, mobile) == 1
