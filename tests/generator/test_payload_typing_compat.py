"""A user's mypy-checked code written against the payload TypedDicts before their optional keys moved into
``total=False`` classes (``ConfiguredMerchantId``; the tasks' ``AppPaymentFields`` SDK headers and ``start_sdk_less``'
``sub_merchant``) still type-checks: the keys are as optional for mypy as ``NotRequired[...]`` made them. mypy --strict
(the project's settings) runs through its API on one snippet, as a user's checker sees the installed package.

Only ``GetSsoAccessTokenFields`` lost a key, ``merchant_id``, which its method never took (spec/CHANGELOG.md)."""

from __future__ import annotations

import pytest

from tests.support import typecheck

USER_CODE = """
from typing import NotRequired, TypedDict, Unpack

from merchant_gateway import AsyncGateway, Gateway
from merchant_gateway.tasks.mobile import AppPaymentFields
from merchant_gateway_client.payloads import DebitV4WebFields, DebitV4WebKeywords, RefundV3Fields


def pay(gw: Gateway, **kw: Unpack[DebitV4WebFields]) -> None:
    gw.debit_v4_web(**kw)


async def pay_async(gw: AsyncGateway, **kw: Unpack[DebitV4WebFields]) -> None:
    await gw.debit_v4_web(**kw)


def callers(gw: Gateway) -> None:
    pay(gw, transaction_id="T1", amount=100, merchant_id=None)
    pay(gw, transaction_id="T1", amount=100, merchant_id="M1")
    pay(gw, transaction_id="T1", amount=100)


def literals(gw: Gateway) -> DebitV4WebKeywords:
    without: DebitV4WebFields = {"transaction_id": "T1", "amount": 100}
    with_none: DebitV4WebFields = {"transaction_id": "T1", "amount": 100, "merchant_id": None}
    with_id = DebitV4WebFields(transaction_id="T1", amount=100, merchant_id="M1")
    gw.debit_v4_web(**without)
    gw.debit_v4_web(**with_none)
    gw.debit_v4_web(**with_id)
    chosen: str | None = with_id.get("merchant_id")
    with_id["merchant_id"] = chosen
    del with_id["merchant_id"]  # only a key that is not required may be deleted
    with_none.pop("merchant_id", None)
    refund: RefundV3Fields = {
        "transaction_id": "R1", "amount": 1, "merchant_order_id": "O1", "message": "m", "merchant_id": None
    }
    gw.refund_v3(**refund)
    return without  # a Fields is still its Keywords


class Extended(DebitV4WebFields, total=False):
    note: str


def extended(fields: Extended) -> None:
    fields["merchant_id"] = None
    fields.setdefault("merchant_id", "M1")


class OwnCopy(DebitV4WebKeywords):  # a user's TypedDict written as the old Fields was: structurally the same
    merchant_id: NotRequired[str | None]
    transaction_id: str


def own_copy(gw: Gateway, mine: OwnCopy) -> DebitV4WebFields:
    gw.debit_v4_web(**mine)
    return mine


def app(gw: Gateway, **kw: Unpack[AppPaymentFields]) -> str:
    return gw.mobile.payment_request(**kw).checksum


def app_callers(gw: Gateway) -> None:
    app(gw, amount=1)
    app(gw, amount=1, call_mode="PUT", callback_url=None, provider_id="P1")
    fields: AppPaymentFields = {"amount": 1, "call_mode": None}
    gw.mobile.payment_request(**fields)


def sdk_less(gw: Gateway) -> None:
    gw.payments.start_sdk_less(
        amount=1, merchant_order_id="O", valid_for=1, redirect_url="u", transaction_context="c", sub_merchant=None
    )
    gw.payments.start_sdk_less(amount=1, merchant_order_id="O", valid_for=1, redirect_url="u", transaction_context="c")
"""

# the same forms with a required key left out: mypy must still say so (the check above is not vacuous)
MISSING = """
from merchant_gateway import Gateway
from merchant_gateway.tasks.mobile import AppPaymentFields
from merchant_gateway_client.payloads import DebitV4WebFields


def literals(gw: Gateway) -> None:
    no_transaction: DebitV4WebFields = {"amount": 100, "merchant_id": None}
    no_amount: AppPaymentFields = {"call_mode": None}
    gw.debit_v4_web(**no_transaction)
    gw.mobile.payment_request(**no_amount)
"""


@pytest.fixture(scope="module")
def mypy_errors(tmp_path_factory: pytest.TempPathFactory) -> dict[str, list[str]]:
    return typecheck.mypy_errors(
        tmp_path_factory.mktemp("payload_typing"), {"user_code": USER_CODE, "missing": MISSING}
    )


def test_code_written_against_the_not_required_keys_still_type_checks(mypy_errors: dict[str, list[str]]) -> None:
    assert mypy_errors["user_code"] == []


def test_a_required_key_left_out_is_still_rejected(mypy_errors: dict[str, list[str]]) -> None:
    errors = mypy_errors["missing"]
    assert any('"transaction_id"' in error and "DebitV4WebFields" in error for error in errors), errors
    assert any('"amount"' in error and "AppPaymentFields" in error for error in errors), errors
