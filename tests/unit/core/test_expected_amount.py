"""A status read judges a success by the amount the caller passes (``expected_amount``), else by the amount this
client itself sent under the id (the spec's evidence step, x-verdict-rules: "the amount the caller passes, else the
amount this client itself sent"); the TypeScript and Java clients take the same amount per call."""

from __future__ import annotations

from typing import Any

import httpx
import merchant_gateway as mg
import pytest
from merchant_gateway.errors import AmountMismatchError

from tests.support.overlay import MERCHANT, FakeTime, Recorder, async_make, make


def paid(transaction_id: str, amount: int) -> httpx.Response:
    data: dict[str, Any] = {"merchantId": MERCHANT, "transactionId": transaction_id, "amount": amount}
    return httpx.Response(200, json={"success": True, "code": "PAYMENT_SUCCESS", "message": "m", "data": data})


def test_the_callers_amount_proves_a_payment_this_client_never_sent(fake_time: FakeTime) -> None:
    rec = Recorder(paid("KP1", 100), paid("KP2", 99))
    gw = make(rec, fake_time)
    answer = gw.get_transaction_status("KP1", expected_amount=100)
    assert answer.data.amount == 100  # type: ignore[union-attr]
    with pytest.raises(AmountMismatchError, match=r"the amount you expected") as info:
        gw.get_transaction_status("KP2", expected_amount=100)
    assert info.value.verdict == "unreadable"  # the kit's verdict for it, in every language


def test_the_callers_amount_comes_before_the_amount_this_client_sent(fake_time: FakeTime) -> None:
    rec = Recorder(httpx.Response(302, headers={"Location": "/pay/abc"}), paid("KP3", 100), paid("KP3", 150))
    gw = make(rec, fake_time)
    gw.debit_v3(transaction_id="KP3", amount=100, merchant_user_id="U1", merchant_order_id="O1")
    with pytest.raises(AmountMismatchError, match=r"the amount you expected"):
        gw.get_transaction_status("KP3", expected_amount=150)
    assert gw.get_transaction_status("KP3", expected_amount=150).data.amount == 150  # type: ignore[union-attr]


async def test_the_async_gateway_and_the_apps_host_read_take_it_too(fake_time: FakeTime) -> None:
    rec = Recorder(paid("KP4", 100), paid("KP5", 100))
    async with async_make(rec, fake_time) as gw:
        with pytest.raises(AmountMismatchError):
            await gw.get_transaction_status("KP4", expected_amount=101)
        with pytest.raises(AmountMismatchError):
            await gw.get_transaction_status_apps_host("KP5", expected_amount=101)


@pytest.mark.parametrize("bad", [0, -5, "100", 1.5, True])
def test_a_bad_expected_amount_is_refused_before_sending(fake_time: FakeTime, bad: object) -> None:
    rec = Recorder()
    with pytest.raises(mg.ValidationError, match="expected_amount"):
        make(rec, fake_time).get_transaction_status("KP6", expected_amount=bad)  # type: ignore[arg-type]
    assert rec.requests == []
