"""The interface document's advice said as warnings (issue 27), against the sandbox over real sockets: a
merchantUserId that looks like an email address or a mobile number ("Avoid passing email or mobile number here")
and a web start without a redirect URL give an AdviceWarning and an ``advice`` log event, the payment is started
all the same (never a refusal), and neither the warning nor the log carries the value. Written once, for
AsyncGateway, in test_tasks_advice_async.py; test_tasks_advice_sync.py is derived from it (tools/derive_sync.py) and
runs every test on Gateway."""

from __future__ import annotations

import logging
import warnings
from collections.abc import Callable
from typing import Any

import httpx
import pytest
from merchant_gateway import AsyncGateway
from merchant_gateway.checks.advice import AdviceWarning
from merchant_gateway.ids import new_transaction_id

MERCHANT = "TASKMERCHANT"  # the sandbox of conftest.py
RETURN = "https://shop.example/return"
CALLBACK = "https://shop.example/gateway/callback"  # given where a test is about other advice


def recorded(sandbox: Any, txn: str) -> int:
    """HTTP status of the sandbox's record of ``txn`` (200: the gateway received it; 404: nothing was sent)."""
    return httpx.get(f"{sandbox.origin}/_sandbox/transactions/{MERCHANT}/{txn}", timeout=10).status_code


async def async_advice_of(call: Callable[[], Any]) -> list[warnings.WarningMessage]:
    """The AdviceWarnings of the call ``call()`` starts (a coroutine for the async flavour, run here)."""
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        await call()
    return [w for w in caught if issubclass(w.category, AdviceWarning)]


@pytest.mark.parametrize(
    ("user", "kind"), [("asha.rao@shop.example", "an email address"), ("+91 98765 43210", "a mobile number")]
)
async def test_a_personal_merchant_user_id_is_advised_against_and_the_payment_still_starts(
    async_gateway: AsyncGateway, sandbox: Any, caplog: pytest.LogCaptureFixture, user: str, kind: str
) -> None:
    txn = new_transaction_id()
    caplog.set_level(logging.WARNING, logger="merchant_gateway")
    with pytest.warns(AdviceWarning, match=f"merchantUserId\\) looks like {kind}") as caught:
        payment = await async_gateway.payments.start(
            amount=100, merchant_user_id=user, redirect_url=RETURN, callback_url=CALLBACK, transaction_id=txn
        )
    [advice] = [w for w in caught if issubclass(w.category, AdviceWarning)]
    message = str(advice.message)
    assert '"Avoid passing email or mobile number here"' in message
    assert "your own stable user id" in message
    assert advice.filename == __file__  # points at the merchant's line, not at the library
    assert payment.transaction_id == txn
    assert recorded(sandbox, txn) == 200
    logged = [r for r in caplog.records if r.getMessage().startswith("advice ")]
    assert [r.getMessage() for r in logged] == [
        f"advice operation=debitV4Web transaction_id={txn} field=merchantUserId"
    ]
    for text in (message, caplog.text):
        assert user.strip() not in text
        assert "98765" not in text


async def test_an_ordinary_user_id_and_a_redirect_url_give_no_advice(async_gateway: AsyncGateway) -> None:
    """The control: the same start with the document's advice followed says nothing."""
    assert (
        await async_advice_of(
            lambda: async_gateway.payments.start(
                amount=100, merchant_user_id="U1", redirect_url=RETURN, callback_url=CALLBACK
            )
        )
        == []
    )
    assert (
        await async_advice_of(
            lambda: async_gateway.payments.start(
                amount=100, redirect_url=RETURN, callback_url=CALLBACK, operation="debitV3"
            )
        )
        == []
    )


async def test_a_web_start_without_a_redirect_url_is_advised_against(async_gateway: AsyncGateway, sandbox: Any) -> None:
    txn = new_transaction_id()
    [advice] = await async_advice_of(
        lambda: async_gateway.payments.start(
            amount=100, merchant_user_id="U1", transaction_id=txn, operation="debitV3", callback_url=CALLBACK
        )
    )
    message = str(advice.message)
    assert message.startswith("a web payment started without redirect_url (X-REDIRECT-URL)")
    assert 'give redirect_url="https://your.shop/return"' in message
    assert recorded(sandbox, txn) == 200


async def test_app_starts_advise_on_the_user_id_but_need_no_redirect_url(async_gateway: AsyncGateway) -> None:
    intent = await async_advice_of(
        lambda: async_gateway.payments.start_intent(
            amount=100, merchant_order_id="OD-ADV", platform_version_code=400922, merchant_user_id="9876543210"
        )
    )
    assert [str(w.message).split(";")[0] for w in intent] == [
        "merchant_user_id (merchantUserId) looks like a mobile number"
    ]
    upi = await async_advice_of(
        lambda: async_gateway.payments.start_upi_intent(
            amount=100, mobile_number="9999999999", merchant_user_id="asha@shop.example"
        )
    )
    assert len(upi) == 1
    assert "looks like an email address" in str(upi[0].message)
    assert (
        await async_advice_of(
            lambda: async_gateway.payments.start_upi_intent(
                amount=100, mobile_number="9999999999", merchant_user_id="U1"
            )
        )
        == []
    )


async def test_advice_made_an_error_by_the_merchant_stops_the_start_before_anything_is_sent(
    async_gateway: AsyncGateway, sandbox: Any
) -> None:
    """Warnings filters decide: a merchant who wants the advice enforced gets it before the request is sent."""
    txn = new_transaction_id()
    with warnings.catch_warnings():
        warnings.simplefilter("error", AdviceWarning)
        with pytest.raises(AdviceWarning):
            await async_gateway.payments.start(
                amount=100,
                merchant_user_id="a@b.example",
                redirect_url=RETURN,
                callback_url=CALLBACK,
                transaction_id=txn,
            )
    assert recorded(sandbox, txn) == 404


async def test_a_start_with_both_kinds_of_advice_warns_twice_at_the_callers_line(
    async_gateway: AsyncGateway, sandbox: Any
) -> None:
    txn = new_transaction_id()
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        payment = await async_gateway.payments.start(
            amount=100, merchant_user_id="asha@shop.example", transaction_id=txn, callback_url=CALLBACK
        )
    advice = [w for w in caught if issubclass(w.category, AdviceWarning)]
    assert sorted(str(w.message).split(" ")[0] for w in advice) == ["a", "merchant_user_id"]
    assert all(w.filename == __file__ for w in advice)
    assert payment.transaction_id == txn
    assert recorded(sandbox, txn) == 200
