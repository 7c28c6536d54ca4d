"""One public way to start a payment: the task method. The flows' stand-alone starters are deprecated aliases.

Each alias warns (DeprecationWarning, pointing at the caller's line and naming the task method that replaces it)
and still does what it did; the task methods, which used them, warn about nothing. Written once, for the async
aliases and AsyncGateway, in test_deprecated_starters_async.py; test_deprecated_starters_sync.py is derived from it
(tools/derive_sync.py) and runs every test on the sync aliases and Gateway. That every alias is listed with its
replacement is test_deprecated_aliases.py's.
"""

from __future__ import annotations

import warnings
from typing import Any

import httpx
import merchant_gateway as mg
import pytest
from merchant_gateway import flows, tasks
from merchant_gateway.flows import launch

MERCHANT, SALT = "MERCHANTUAT", "deprecated-salt-1"
INTENT = {"success": True, "code": "PAYMENT_SUCCESS", "message": "m", "data": {"redirectURL": "upi://pay?pa=x"}}
UPI = {
    "success": True,
    "code": "PAYMENT_INITIATED",
    "message": "m",
    "data": {"intentURL": "upi://pay?pa=y", "packageName": "com.wallet"},
}
SDK_LESS = {
    "success": True,
    "code": "SUCCESS",
    "message": "m",
    "data": {"redirectUrl": "https://pay.example/r", "reservationId": "R1"},
}


def answer(body: dict[str, Any]) -> httpx.MockTransport:
    return httpx.MockTransport(lambda request: httpx.Response(200, json=body))


def async_gateway(body: dict[str, Any]) -> mg.AsyncGateway:
    return mg.AsyncGateway(merchant_id=MERCHANT, salt_key=SALT, salt_index="1", transport=answer(body))


INTENT_ARGS: dict[str, Any] = {
    "transaction_id": "T1",
    "amount": 100,
    "merchant_order_id": "O1",
    "platform_version_code": 1,
}
UPI_ARGS: dict[str, Any] = {
    "transaction_id": "T2",
    "amount": 100,
    "merchant_user_id": "U1",
    "mobile_number": "9999999999",
}
SDK_ARGS: dict[str, Any] = {
    "transaction_id": "T3",
    "amount": 100,
    "merchant_order_id": "O3",
    "valid_for": 600_000,
    "redirect_url": "https://shop.example/return",
    "transaction_context": "eyJjYXJ0IjpbXX0=",
}


@pytest.mark.parametrize(
    ("name", "body", "arguments", "task"),
    [
        ("async_start_intent_payment", INTENT, INTENT_ARGS, "payments.start_intent"),
        ("async_start_upi_intent", UPI, UPI_ARGS, "payments.start_upi_intent"),
        ("async_start_sdk_less_payment", SDK_LESS, SDK_ARGS, "payments.start_sdk_less"),
    ],
)
async def test_each_alias_warns_at_the_caller_and_still_starts(
    name: str, body: dict[str, Any], arguments: dict[str, Any], task: str
) -> None:
    async with async_gateway(body) as gw:
        with pytest.warns(DeprecationWarning, match=rf"flows\.{name} is deprecated") as caught:
            started = await getattr(flows, name)(gw, **arguments)
    assert started.transaction_id == arguments["transaction_id"]
    assert started.url.startswith(("upi://", "https://"))
    message = str(caught[0].message)
    assert f"use gateway.{task}(" in message
    assert launch.REMOVED_IN in message
    assert caught[0].filename == __file__  # the caller's line, not the alias's


async def test_the_task_methods_warn_about_nothing() -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("error", DeprecationWarning)
        async with async_gateway(INTENT) as gw:
            assert (await gw.payments.start_intent(**INTENT_ARGS)).intent_url == "upi://pay?pa=x"
        async with async_gateway(UPI) as gw:
            assert (await gw.payments.start_upi_intent(**UPI_ARGS)).intent_url == "upi://pay?pa=y"
        async with async_gateway(SDK_LESS) as gw:
            assert (await gw.payments.start_sdk_less(**SDK_ARGS)).reservation_id == "R1"


UNLINKED = {"success": True, "code": "SUCCESS", "message": "m"}


async def otp(prompt: object) -> str:
    return "123456"


@pytest.mark.parametrize(
    ("name", "task"),
    [("async_sign_in", "sso.sign_in"), ("async_link_user", "wallets.link"), ("async_unlink", "wallets.unlink")],
)
async def test_the_sign_in_and_link_flows_are_deprecated_aliases_of_their_task_methods(name: str, task: str) -> None:
    """One public way to sign in, link and unlink: gateway.sso / gateway.wallets. The flows' names warn at the
    caller's line and still run the flow (the task methods run the same one)."""
    arguments: dict[str, tuple[Any, ...]] = {
        "async_sign_in": ("GRANT",),
        "async_link_user": ("9999999999", otp),
        "async_unlink": ("TOKEN",),
    }

    async def run(gw: mg.AsyncGateway) -> object:
        try:
            return await getattr(flows, name)(gw, *arguments[name])
        except Exception:  # noqa: BLE001 - the canned answer suits the unlink only; the others ran into it
            return None

    async with async_gateway(UNLINKED) as gw:
        with pytest.warns(DeprecationWarning, match=rf"flows\.{name} is deprecated") as caught:
            done = await run(gw)
    assert f"use gateway.{task}(" in str(caught[0].message)
    assert caught[0].filename == __file__
    assert (done is not None) == (name == "async_unlink")


async def test_the_unlink_alias_warns_and_still_unlinks() -> None:
    """Each flavour's alias names itself (flows.unlink, flows.async_unlink): the match is the common part."""
    async with async_gateway(UNLINKED) as gw:
        with pytest.warns(DeprecationWarning, match=r"unlink is deprecated"):
            assert (await flows.async_unlink(gw, "TOKEN")).code == "SUCCESS"


async def test_the_task_methods_that_replace_them_warn_about_nothing() -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("error", DeprecationWarning)
        async with async_gateway(UNLINKED) as gw:
            assert (await gw.wallets.unlink(tasks.LinkedWallet("9999999999", "TOKEN"))).code == "SUCCESS"
