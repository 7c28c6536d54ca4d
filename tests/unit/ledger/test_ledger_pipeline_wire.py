"""The ledger reads a call's payload from the wire dict the pipeline made once (Prepared.wire): attaching it adds no
to_dict() of its own, and its write-ahead still holds the payload's fields (both backends)."""

from __future__ import annotations

from typing import Any

import httpx
import pytest
from ledger_support import MERCHANT, SALT
from merchant_gateway import Gateway
from merchant_gateway.ledger import Ledger
from merchant_gateway_client.models import DebitPayload


def test_a_payment_under_the_ledger_makes_its_wire_dict_once(
    ledger: Ledger, t: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    txn, amount = t("WIRE1"), 2_500
    calls: list[int] = []
    original = DebitPayload.to_dict

    def counting(self: DebitPayload) -> dict[str, Any]:
        calls.append(1)
        return original(self)

    monkeypatch.setattr(DebitPayload, "to_dict", counting)

    def accepted(request: httpx.Request) -> httpx.Response:
        data = {"merchantId": MERCHANT, "transactionId": txn, "amount": amount, "redirectURL": "https://pay.example/1"}
        return httpx.Response(200, json={"success": True, "code": "PAYMENT_SUCCESS", "message": "ok", "data": data})

    with Gateway(
        merchant_id=MERCHANT,
        salt_key=SALT,
        salt_index="1",
        transport=httpx.MockTransport(accepted),
        observer=ledger.observer,
    ) as gateway:
        gateway.debit_v4_web(transaction_id=txn, amount=amount, merchant_order_id="OD-W1", merchant_user_id="U1")
    assert len(calls) == 1
    payment = ledger.get(txn, MERCHANT)
    assert payment is not None
    assert (payment.amount, payment.order_id) == (amount, "OD-W1")
