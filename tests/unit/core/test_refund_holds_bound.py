"""The refunds a gateway holds against each payment are bounded (records._KNOWN_AMOUNTS payments): forgetting a
payment's holds lets this process send a refund it would have refused, so it is said (a WARNING event naming the
payment) and documented (docs/design.md, "Refunds held against a payment"). A small bound stands in for 10,000."""

from __future__ import annotations

import logging

import httpx
import merchant_gateway as mg
import pytest
from merchant_gateway._core import records
from merchant_gateway.errors import ExcessRefundError

from tests.support.overlay import FakeTime, Recorder, make

UNKNOWN = {"success": False, "code": "INTERNAL_SERVER_ERROR", "message": "x"}


def refund(gw: mg.Gateway, payment: str, refund_id: str, amount: int) -> None:
    with pytest.raises(mg.OutcomeUnknown):  # may have refunded: held against the payment
        gw.refund_v4(
            transaction_id=refund_id,
            amount=amount,
            original_transaction_id=payment,
            merchant_order_id="O",
            message="m",
            original_amount=100,
        )


def test_forgetting_a_payments_refunds_is_logged(
    fake_time: FakeTime, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    monkeypatch.setattr(records, "_KNOWN_AMOUNTS", 2)
    caplog.set_level(logging.WARNING, logger="merchant_gateway")
    rec = Recorder(*(lambda request: httpx.Response(500, json=UNKNOWN) for _ in range(20)))
    gw = make(rec, fake_time, retry=mg.RetryPolicy(max_attempts=1))
    refund(gw, "PAY0", "R0", 60)
    with pytest.raises(ExcessRefundError):  # held: 60 + 60 of 100 is refused before sending
        gw.refund_v4(
            transaction_id="R0B",
            amount=60,
            original_transaction_id="PAY0",
            merchant_order_id="O",
            message="m",
            original_amount=100,
        )
    refund(gw, "PAY1", "R1", 10)
    assert not [r for r in caplog.records if "refund_holds_forgotten" in r.getMessage()]
    refund(gw, "PAY2", "R2", 10)  # a third payment: PAY0, refunded least recently, is forgotten
    forgotten = [r for r in caplog.records if "refund_holds_forgotten" in r.getMessage()]
    assert len(forgotten) == 1
    assert "transaction_id=PAY0" in forgotten[0].getMessage()
    sent = len(rec.requests)
    refund(gw, "PAY0", "R0C", 60)  # the documented bound: this process no longer refuses it
    assert len(rec.requests) == sent + 1
