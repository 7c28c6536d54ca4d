"""The task methods are typed by the spec: their payload keywords are the generated TypedDicts
(``merchant_gateway_client.payloads``, ``**fields: Unpack[...]``), so mypy --strict rejects a misspelt field and a
value outside an enum, and accepts a correct call. mypy runs through its API on small snippets, as a user's checker
would see the installed package."""

from __future__ import annotations

import pytest

from tests.support import typecheck

CORRECT = """
from merchant_gateway import AsyncGateway, Gateway
from merchant_gateway.flows import OtpPrompt
from merchant_gateway_client.payloads import DebitV4WebFields


def ask(prompt: OtpPrompt) -> str:
    return "123456"


def web(gw: Gateway) -> str:
    start = gw.payments.start(amount=100, merchant_order_id="O1", redirect_mode="POST", call_mode="PUT")
    gw.wallets.link("9999999999", ask, request_type="WALLET")
    return start.payment_page_url


def intent(gw: Gateway) -> str:
    started = gw.payments.start_intent(amount=100, merchant_order_id="O3", platform_version_code=1, call_mode="POST")
    return started.intent_url


def operation_layer(gw: Gateway) -> None:
    fields: DebitV4WebFields = {"transaction_id": "T1", "amount": 100, "redirect_mode": "POST"}
    gw.debit_v4_web(**fields)  # <Operation>Fields is the operation method's whole keyword form


def deferred(gw: Gateway) -> None:
    gw.refunds.fulfill_deferred(transaction_id="T1", merchant_user_id="U1", amount=1, merchant_order_id="O1")


def app(gw: Gateway) -> str:
    gw.mobile.profile_request(merchant_user_id="U1", email="asha@example.com", transaction_id="TP1")
    return gw.mobile.payment_request(amount=100, merchant_user_id="U1", call_mode="PUT", provider_id="P1").checksum


def sdk_less(gw: Gateway) -> str:  # the generated InitiateSdkLessPaymentKeywords and the task's sub_merchant alias
    started = gw.payments.start_sdk_less(
        amount=100, merchant_order_id="O4", valid_for=600, redirect_url="https://shop.example/r",
        transaction_context="ctx", sub_merchant="S1",
    )
    return started.payment_page_url


async def inline(gw: AsyncGateway) -> None:
    await gw.payments.start_inline(amount=100, payment_sources=[{"mode": "wallets"}], mobile_number="9999999999")
    await gw.collects.create(
        amount=100, mobile_number="9999999999", merchant_order_id="O2", expires_in=60,
        callback_url="https://shop.example/cb", store_id="S1",
    )
"""

MISSPELT = """
from merchant_gateway import Gateway


def web(gw: Gateway) -> None:
    gw.payments.start(amount=100, merchant_ordr_id="O1")


def deferred(gw: Gateway) -> None:  # a method typed by the whole keyword form, <Operation>Fields
    gw.refunds.fulfill_deferred(transaction_id="T1", merchant_user_id="U1", amount=1, merchant_ordr_id="O1")


def collect(gw: Gateway) -> None:  # typed by the task's TypedDict: the operation's optional keywords and its own
    gw.collects.create(amount=1, mobile_number="9999999999", merchant_ordr_id="O1", expires_in=60, callback_url="u")


def sdk_less(gw: Gateway) -> None:
    gw.payments.start_sdk_less(
        amount=1, merchant_ordr_id="O", valid_for=1, redirect_url="u", transaction_context="c", sub_merchant="S"
    )


def inline(gw: Gateway) -> None:  # InlinePaymentFields: the generated optional keywords and the task's own
    gw.payments.start_inline(amount=1, payment_sources=[{"mode": "wallets"}], mobile_numbr="9999999999")
    gw.payments.start_inline(amount=1, mobile_number="9999999999")


def app(gw: Gateway) -> None:  # the debit payload's fields and the SDK's three headers, not the redirect ones
    gw.mobile.payment_request(amount=1, merchant_ordr_id="O1")
    gw.mobile.payment_request(amount=1, redirect_url="https://shop.example/r")
    gw.mobile.profile_request(merchant_user_id="U1", emial="asha@example.com")  # the generated AppProfileKeywords
"""

WRONG_ENUM = """
from merchant_gateway import AsyncGateway


async def web(gw: AsyncGateway) -> None:
    await gw.payments.start(amount=100, redirect_mode="GET")


def app(gw: AsyncGateway) -> None:
    gw.mobile.payment_request(amount=100, call_mode="GET")
"""


@pytest.fixture(scope="module")
def mypy_errors(tmp_path_factory: pytest.TempPathFactory) -> dict[str, list[str]]:
    """mypy --strict (the project's settings) over the three snippets in one run: each snippet's error lines."""
    return typecheck.mypy_errors(
        tmp_path_factory.mktemp("typing"), {"correct": CORRECT, "misspelt": MISSPELT, "wrong_enum": WRONG_ENUM}
    )


def test_a_correct_call_is_accepted(mypy_errors: dict[str, list[str]]) -> None:
    assert mypy_errors["correct"] == []


def test_a_misspelt_payload_field_is_rejected(mypy_errors: dict[str, list[str]]) -> None:
    errors = mypy_errors["misspelt"]
    assert len([error for error in errors if '"merchant_ordr_id"' in error]) == 5, errors
    assert any('"redirect_url"' in error and "payment_request" in error for error in errors), errors
    assert any('"emial"' in error and "profile_request" in error for error in errors), errors
    assert any('"mobile_numbr"' in error and "start_inline" in error for error in errors), errors
    assert any('"payment_sources"' in error and "start_inline" in error for error in errors), errors
    assert any('"merchant_order_id"' in error and "fulfill_deferred" in error for error in errors), errors
    assert any('"merchant_order_id"' in error and '"create"' in error for error in errors), errors


def test_a_value_outside_an_enum_is_rejected(mypy_errors: dict[str, list[str]]) -> None:
    errors = mypy_errors["wrong_enum"]
    assert any('"redirect_mode"' in error and "'GET'" in error for error in errors), errors
    assert any('"call_mode"' in error and "'GET'" in error for error in errors), errors
