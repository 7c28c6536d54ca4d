# Generated from test_first_hour_async.py by tools/derive_sync.py (the unasync package), do not edit.
"""A merchant's first hour (issue 27, "Done when"): a script written from README.md alone, its "Using it" task table
row by row, run against the sandbox over real sockets. Written once, async, in test_first_hour_async.py (the script
is async_first_hour); test_first_hour_sync.py is derived from it (tools/derive_sync.py) and runs it on Gateway.

The script calls what the table names with the keywords the table shows, waits for every start with the wait the
table gives it, and reads results by what the table says they carry. The gateway it is handed notes every task
call, and the test checks that the calls cover every call the README's table names: a row added to the table
without a step here fails, so the README cannot promise a task the script never ran.
"""

from __future__ import annotations

import base64
import hashlib
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import httpx
import pytest
from merchant_gateway import Gateway
from merchant_gateway.flows import OtpPrompt
from merchant_gateway.ids import new_transaction_id
from merchant_gateway.verdicts import Verdict

README = (Path(__file__).resolve().parents[3] / "README.md").read_text(encoding="utf-8")
RESOURCES = ("payments", "refunds", "collects", "wallets", "sso", "mobile")
RETURN = "https://shop.example/return"
CALLBACK = "https://shop.example/gateway/callback"
SANDBOX_OTP = "123456"  # sandbox/README.md: the sandbox's OTP
CART = base64.b64encode(b'{"cart":[]}').decode()


def readme_task_calls() -> set[str]:
    """``resource.method`` of every call in the README's task table (``.profile_request(`` continues the resource
    named before it in the same cell)."""
    using = README[README.index("## Using it") :]
    rows = [line for line in using[: using.index("\n\n", using.index("| task |"))].splitlines() if line.startswith("|")]
    calls: set[str] = set()
    for row in rows[2:]:
        cell = row.split(" | ")[1]
        resource = None
        for owner, method in re.findall(r"(?:\b(\w+))?\.(\w+)\(", cell):
            if owner in RESOURCES:
                resource = owner
            elif owner:
                continue
            if resource is not None:
                calls.add(f"{resource}.{method}")
    return calls


class Noting:
    """The gateway as the script sees it; every task call is noted as ``resource.method``."""

    def __init__(self, gateway: Any, calls: set[str]) -> None:
        self._gateway, self._calls = gateway, calls

    def __getattr__(self, name: str) -> Any:
        target = getattr(self._gateway, name)
        return _NotingResource(target, name, self._calls) if name in RESOURCES else target


class _NotingResource:
    def __init__(self, resource: Any, name: str, calls: set[str]) -> None:
        self._resource, self._name, self._calls = resource, name, calls

    def __getattr__(self, method: str) -> Callable[..., Any]:
        target = getattr(self._resource, method)

        def call(*args: Any, **kwargs: Any) -> Any:
            self._calls.add(f"{self._name}.{method}")
            return target(*args, **kwargs)

        return call


def fresh_mobile() -> str:
    return "97" + str(int(hashlib.sha256(new_transaction_id().encode()).hexdigest(), 16))[:8]


def grant_token(sandbox: Any) -> str:
    """What the client SDK's fetchAuthToken gives the app (here: the sandbox's control endpoint)."""
    origin = sandbox.base_url.rsplit("/apis/", 1)[0]
    token: str = httpx.post(origin + "/_sandbox/sso/grant-token", json={"name": "Asha"}, timeout=10).json()[
        "grantToken"
    ]
    return token


# --- the script -----------------------------------------------------------------------------------------------------


def first_hour(gateway: Any, grant: str) -> None:
    # start a web payment; the status now; wait for the final status
    payment = gateway.payments.start(
        amount=10_000,
        merchant_order_id="OD-1",
        merchant_user_id="U1",
        redirect_url=RETURN,
        redirect_mode="POST",
        callback_url=CALLBACK,
    )
    assert payment.payment_page_url.startswith("http")
    assert not hasattr(payment, "code")
    assert (gateway.payments.retrieve(payment)).verdict is Verdict.PENDING
    final = gateway.payments.wait(payment)
    assert final.succeeded
    assert final.snapshot.amount == 10_000
    # the same read on the apps host
    assert (gateway.payments.retrieve(payment, operation="getTransactionStatusAppsHost")).succeeded

    # refund (fully or partly); follow it
    refund = gateway.refunds.create(payment, amount=4_000)
    assert refund.verdict in (Verdict.PENDING, Verdict.SUCCEEDED)
    assert (gateway.refunds.retrieve(refund)).amount == 4_000
    assert (gateway.refunds.wait(refund)).succeeded
    # refund by the gateway's reference
    by_reference = gateway.refunds.create(
        provider_reference_id=final.snapshot.provider_reference_id,
        amount=1_000,
        original_amount=10_000,
        merchant_order_id="OD-1",
    )
    assert (gateway.refunds.wait(by_reference, operation="getTransactionStatusAppsHost")).succeeded

    # app payments by intent and UPI intent
    intent = gateway.payments.start_intent(amount=700, merchant_order_id="OD-2", platform_version_code=400922)
    assert intent.intent_url
    assert (gateway.payments.wait(intent)).succeeded
    upi = gateway.payments.start_upi_intent(amount=800, mobile_number="9999999999", merchant_user_id="U1")
    assert upi.intent_url
    assert upi.package
    assert (gateway.payments.wait(upi)).succeeded

    # how a user can pay; pay by a saved card or a wallet, inline
    options = gateway.payments.options(amount=900, merchant_user_id="U1")
    card = next(i for i in options.instruments if i.kind == "card").items[0]
    by_card = gateway.payments.start_inline(
        amount=900,
        mobile_number="9999999999",
        merchant_user_id="U1",
        payment_sources=[{"mode": "card", "cardId": card.card_id}],
    )
    assert by_card.payment_page_url.startswith("http")
    assert (gateway.payments.wait(by_card)).succeeded
    by_wallet = gateway.payments.start_inline(
        amount=950, mobile_number="9999999999", merchant_user_id="U1", payment_sources=[{"mode": "wallets"}]
    )
    assert (gateway.payments.wait(by_wallet)).succeeded

    # a payment without the client SDK
    start = gateway.payments.start_sdk_less(
        amount=1_100, merchant_order_id="OD-3", valid_for=600_000, redirect_url=RETURN, transaction_context=CART
    )
    assert start.reservation_id
    assert (gateway.payments.wait(start)).succeeded

    # fulfil a deferred refund (the deferred credit's id)
    deferred = gateway.refunds.fulfill_deferred(
        transaction_id=new_transaction_id(), merchant_user_id="U1", amount=300, merchant_order_id="OD-4"
    )
    assert deferred.succeeded
    assert (gateway.refunds.wait(deferred)).succeeded

    # collect request to a mobile number
    collect = gateway.collects.create(
        amount=1_500,
        mobile_number="9999999999",
        merchant_order_id="OD-5",
        expires_in=180,
        callback_url=CALLBACK,
        sub_merchant="STORE-1",
    )
    assert (gateway.payments.wait(collect)).succeeded

    # link a wallet by OTP; pay from it; balance, unlink
    def ask_otp(prompt: OtpPrompt) -> str:
        return SANDBOX_OTP

    wallet = gateway.wallets.link(fresh_mobile(), ask_otp)
    paid = gateway.wallets.pay(wallet, amount=600, merchant_order_id="OD-6")
    assert (gateway.payments.wait(paid)).succeeded
    assert (gateway.wallets.balance(wallet)).code == "SUCCESS"
    assert (gateway.wallets.unlink(wallet)).code == "SUCCESS"

    # single sign-on
    assert (gateway.sso.sign_in(grant)).name == "Asha"

    # what the server hands to the app's SDK
    app = gateway.mobile.payment_request(amount=500, callback_url=CALLBACK, call_mode="POST", provider_id="P1")
    assert app.to_dict()["apiEndPoint"] == "/v3/debit"
    assert app.headers
    assert gateway.mobile.profile_request(merchant_user_id="U1").to_dict()["checksum"]
    assert gateway.mobile.account_summary_request("U1").api_endpoint.endswith("/summary")


# --- the tests -----------------------------------------------------------------------------------------------------


@pytest.fixture
def calls() -> set[str]:
    return set()


def test_the_readme_table_is_read() -> None:
    table = readme_task_calls()
    for call in (
        "payments.start",
        "payments.wait",
        "refunds.fulfill_deferred",
        "sso.sign_in",
        "mobile.profile_request",
    ):
        assert call in table, call


def test_first_hour(gateway: Gateway, sandbox: Any, calls: set[str]) -> None:
    first_hour(Noting(gateway, calls), grant_token(sandbox))
    assert readme_task_calls() - calls == set(), "README task calls the script never made"
