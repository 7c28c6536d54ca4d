"""An accepted start whose answer lacks what the user needs says the payment is initiated and what to do (issue 27)."""

from __future__ import annotations

import httpx
import merchant_gateway as mg
import pytest


def test_a_upi_intent_answer_without_its_url_says_the_payment_is_initiated() -> None:
    answer = {"success": True, "code": "PAYMENT_INITIATED", "message": "m", "data": {"package": "app.pay"}}
    transport = httpx.MockTransport(lambda request: httpx.Response(200, json=answer))
    with (
        mg.Gateway(merchant_id="M1", salt_key="k", salt_index="1", transport=transport) as gw,
        pytest.raises(mg.GatewayError) as info,
    ):
        gw.payments.start_upi_intent(amount=100, mobile_number="9999999999", merchant_user_id="U1")
    text = str(info.value)
    assert "no intent URL" in text
    assert "initiated" in text
    assert "payments.wait" in text
    assert info.value.transaction_id is not None
