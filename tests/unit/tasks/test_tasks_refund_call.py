"""refunds.create's I/O-free step (``_models.refund_call``): what each refund operation is sent, and the input it
refuses before anything is sent."""

from __future__ import annotations

from typing import Any

import pytest
from merchant_gateway.errors import ValidationError
from merchant_gateway.tasks._models import PaymentStart, refund_call

PAYMENT = PaymentStart(
    transaction_id="T1", amount=500, operation="debitV4Web", merchant_order_id="O1", payment_page_url="u"
)
GIVEN: dict[str, Any] = {
    "payment": PAYMENT,
    "amount": 100,
    "provider_reference_id": None,
    "merchant_order_id": None,
    "message": "Refund",
    "original_amount": None,
    "callback_url": None,
    "callback_mode": None,
    "sub_merchant": "S1",
    "operation": "refundV4",
}


def test_each_operation_gets_its_own_names_and_the_started_payment_bounds_the_amount() -> None:
    method, sent = refund_call({**GIVEN, "callback_url": "https://shop.example/cb", "callback_mode": "POST"})
    assert method == "refund_v4"
    assert sent == {
        "amount": 100,
        "merchant_order_id": "O1",
        "message": "Refund",
        "original_transaction_id": "T1",
        "provider_reference_id": None,
        "original_amount": 500,
        "sub_merchant_id": "S1",
        "callback_url": "https://shop.example/cb",
        "callback_mode": "POST",
    }
    assert refund_call({**GIVEN, "operation": "refundV3"})[1]["sub_merchant"] == "S1"
    method, sent = refund_call({**GIVEN, "operation": "refundAppsHost", "payment": "T9", "merchant_order_id": "O9"})
    assert method == "refund_apps_host"
    assert sent["sub_merchant_id"] == "S1"
    assert "callback_url" not in sent
    assert sent["original_amount"] is None  # a bare id: its status read tells the amount


@pytest.mark.parametrize("operation", ["refundV3", "refundAppsHost"])
def test_callback_headers_are_refused_where_the_operation_takes_none(operation: str) -> None:
    with pytest.raises(ValidationError, match="takes no X-CALLBACK-URL") as caught:
        refund_call({**GIVEN, "operation": operation, "callback_mode": "PUT"})
    assert caught.value.field == "callback_url"


def test_an_unknown_operation_is_refused_naming_the_allowed_ones() -> None:
    with pytest.raises(ValidationError, match="refundV4, refundV3, refundAppsHost"):
        refund_call({**GIVEN, "operation": "refundV5"})
