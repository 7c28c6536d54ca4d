"""Issue 22's findings through the public client, on every operation, sync and async (the verdict function's own
rules are in test_verdicts.py; the wire, on real sockets, in tests/system/wire)."""

from __future__ import annotations

import asyncio
import json
import random
from typing import Any

import httpx
import merchant_gateway as mg
import pytest
from merchant_gateway_client.operations import OPERATIONS
from merchant_gateway_client.outcomes import OUTCOMES

from tests.support.overlay import CALLS, MERCHANT, SALT, SALT_INDEX, FakeTime

SETTINGS: dict[str, Any] = {
    "merchant_id": MERCHANT,
    "salt_key": SALT,
    "salt_index": SALT_INDEX,
    "client_id": "CID",
    "client_secret": "client-secret",
}
# operations whose answers are envelopes (the token call answers token fields only)
ENVELOPED = sorted(
    n for n in CALLS if OUTCOMES[OPERATIONS[n].operation_id].codes and not OUTCOMES[OPERATIONS[n].operation_id].redirect
)
# operations whose success needs the answer's own transaction id (x-evidence) or is a payment state
NEEDS_ID = sorted(
    n for n in ENVELOPED if "data.transactionId" in OUTCOMES[OPERATIONS[n].operation_id].evidence.get("succeeded", ())
)


def positive(name: str) -> str:
    """The first code the operation's table lists as accepted or succeeded (what an honest gateway answers)."""
    codes = OUTCOMES[OPERATIONS[name].operation_id].codes
    return next(c for c, o in codes.items() if o in ("succeeded", "accepted"))


def call(name: str, body: dict[str, Any], *, use_async: bool) -> Any:
    """Call ``name`` against a server answering ``body`` (HTTP 200) to everything; return the result."""
    requests: list[httpx.Request] = []

    def handler(request: httpx.Request) -> httpx.Response:
        requests.append(request)
        return httpx.Response(200, json=body)

    args, kwargs = CALLS[name]
    fake = FakeTime()
    common = {"transport": httpx.MockTransport(handler), "clock": fake.monotonic, "rng": random.Random(1)}
    if not use_async:
        with mg.Gateway(**SETTINGS, sleep=fake.sleep, **common) as gw:
            return getattr(gw, name)(*args, **kwargs)

    async def run() -> Any:
        async with mg.AsyncGateway(**SETTINGS, sleep=fake.async_sleep, **common) as agw:
            return await getattr(agw, name)(*args, **kwargs)

    return asyncio.run(run())


HOSTILE_DATA = {
    "transactionId a number": {"transactionId": 7},
    "transactionId a list": {"transactionId": ["TXV4"]},
    "merchantId an object": {"merchantId": {"id": MERCHANT}},
    "amount a float": {"amount": 100.0},
    "amount a string": {"amount": "100"},
}


@pytest.mark.parametrize("use_async", [False, True], ids=["sync", "async"])
@pytest.mark.parametrize("hostile", sorted(HOSTILE_DATA))
@pytest.mark.parametrize("name", ENVELOPED)
def test_finding_2_ids_of_another_type_are_never_a_success(name: str, hostile: str, use_async: bool) -> None:
    data = {"redirectURL": "https://pay.example/p", "redirectUrl": "https://pay.example/p", **HOSTILE_DATA[hostile]}
    body = {"success": True, "code": positive(name), "message": "m", "data": data}
    with pytest.raises(mg.GatewayError) as info:
        call(name, body, use_async=use_async)
    if OPERATIONS[name].retry != "safe":
        assert isinstance(info.value, mg.OutcomeUnknown)  # the call may have acted: settle it, never re-send


@pytest.mark.parametrize("use_async", [False, True], ids=["sync", "async"])
@pytest.mark.parametrize("answer", ["no data", "null data", "no transactionId"])
@pytest.mark.parametrize("name", NEEDS_ID)
def test_finding_2_a_success_without_its_transaction_id_is_never_returned(
    name: str, answer: str, use_async: bool
) -> None:
    body: dict[str, Any] = {"success": True, "code": positive(name), "message": "m"}
    if answer == "null data":
        body["data"] = None
    elif answer == "no transactionId":
        body["data"] = {"merchantId": MERCHANT, "amount": 100}
    with pytest.raises(mg.GatewayError):
        call(name, body, use_async=use_async)


@pytest.mark.parametrize("status", [302, 400, 404, 429])
@pytest.mark.parametrize("name", ["refund_v4", "debit_v4_web", "instant_debit", "get_transaction_status"])
def test_finding_6_a_success_body_on_another_status_is_never_a_success(name: str, status: int) -> None:
    args, kwargs = CALLS[name]
    txn = args[0] if args else kwargs["transaction_id"]
    data = {"transactionId": txn, "merchantId": MERCHANT, "amount": 100, "redirectURL": "https://pay.example/p"}
    body = {"success": True, "code": positive(name), "message": "m", "data": data}
    seen: list[httpx.Request] = []

    def handler(request: httpx.Request) -> httpx.Response:
        seen.append(request)
        return httpx.Response(status, json=body, headers={"Location": "/elsewhere"} if status == 302 else None)

    fake = FakeTime()
    with (
        mg.Gateway(**SETTINGS, transport=httpx.MockTransport(handler), sleep=fake.sleep, clock=fake.monotonic) as gw,
        pytest.raises(mg.GatewayError) as info,
    ):
        getattr(gw, name)(*args, **kwargs)
    if OPERATIONS[name].money_movement != "none":
        assert isinstance(info.value, mg.OutcomeUnknown)
        assert len(seen) == 1


def test_finding_6_duplicate_deciding_keys_are_never_a_success() -> None:
    raw = (
        b'{"success": true, "code": "PAYMENT_ERROR", "message": "m", "code": "PAYMENT_SUCCESS", "data": '
        b'{"transactionId": "RF4", "merchantId": "MERCHANTUAT", "amount": 100}}'
    )
    fake = FakeTime()
    transport = httpx.MockTransport(lambda request: httpx.Response(200, content=raw))
    with mg.Gateway(**SETTINGS, transport=transport, sleep=fake.sleep, clock=fake.monotonic) as gw:
        args, kwargs = CALLS["refund_v4"]
        with pytest.raises(mg.OutcomeUnknown) as info:
            gw.refund_v4(*args, **kwargs)
    assert "twice" in str(info.value)


def test_finding_1_a_start_waiting_out_a_429_is_never_declared_not_recorded() -> None:
    """The start got 429 (not processed) and waits before re-sending under the same id; meanwhile a reconcile sees
    TRANSACTION_NOT_FOUND. That is "not yet found" (a request for the id will still be sent), never final; once the
    re-sent start was recorded the status finds it."""
    fake = FakeTime()
    recorded: set[str] = set()
    verdicts_during_wait: list[BaseException] = []
    gateway: mg.Gateway

    def handler(request: httpx.Request) -> httpx.Response:
        if request.url.path.endswith("/status"):
            txn = request.url.path.split("/")[-2]
            if txn not in recorded:
                return httpx.Response(
                    400, json={"success": False, "code": "TRANSACTION_NOT_FOUND", "message": "m", "data": {}}
                )
            data = {"transactionId": txn, "merchantId": MERCHANT, "amount": 100}
            return httpx.Response(200, json={"success": True, "code": "PAYMENT_PENDING", "message": "m", "data": data})
        if not any(r.startswith("429") for r in recorded):
            recorded.add("429 sent")
            return httpx.Response(
                429, json={"success": False, "code": "API_RATE_LIMIT_REACHED", "message": "m", "data": {}}
            )
        payload = json.loads(__import__("base64").b64decode(json.loads(request.content)["request"]))
        recorded.add(payload["transactionId"])
        data = {"redirectType": "WEB", "redirectURL": "https://pay.example/p"}
        return httpx.Response(200, json={"success": True, "code": "PAYMENT_SUCCESS", "message": "m", "data": data})

    def sleep(seconds: float) -> None:  # the backoff before the re-send: another part of the app reconciles
        fake.sleep(seconds + 120.0)  # even long after the grace, the start is still going to be re-sent
        try:
            gateway.reconcile("TXRACE1")
        except mg.GatewayError as exc:
            verdicts_during_wait.append(exc)

    gateway = mg.Gateway(**SETTINGS, transport=httpx.MockTransport(handler), sleep=sleep, clock=fake.monotonic)
    with gateway:
        gateway.debit_v4_web(transaction_id="TXRACE1", amount=100, merchant_user_id="U1")
        assert gateway.reconcile("TXRACE1").code == "PAYMENT_PENDING"
    assert len(verdicts_during_wait) == 1
    during = verdicts_during_wait[0]
    assert isinstance(during, mg.OutcomeUnknown)
    assert during.verdict == "not-yet-found"


def test_not_recorded_closes_the_id_for_good() -> None:
    """After "not recorded" (grace over, nothing in progress) this client never sends under the id again: a
    request arriving after that verdict could be recorded and paid under an order the merchant cancelled."""
    fake = FakeTime()
    sent: list[str] = []

    def handler(request: httpx.Request) -> httpx.Response:
        sent.append(request.url.path)
        if request.url.path.endswith("/status"):
            return httpx.Response(
                400, json={"success": False, "code": "TRANSACTION_NOT_FOUND", "message": "m", "data": {}}
            )
        raise httpx.ReadTimeout("lost", request=request)

    with mg.Gateway(**SETTINGS, transport=httpx.MockTransport(handler), sleep=fake.sleep, clock=fake.monotonic) as gw:
        with pytest.raises(mg.OutcomeUnknown):
            gw.debit_v4_web(transaction_id="TXLOST1", amount=100, merchant_user_id="U1")
        with pytest.raises(mg.OutcomeUnknown, match="reconcile again"):
            gw.reconcile("TXLOST1")  # inside the grace
        fake.now += 61.0
        with pytest.raises(mg.TransactionNotFoundError) as info:
            gw.reconcile("TXLOST1")
        assert info.value.verdict == "not-recorded"
        before = len(sent)
        with pytest.raises(mg.ValidationError, match="new transaction id"):
            gw.debit_v4_web(transaction_id="TXLOST1", amount=100, merchant_user_id="U1")
        assert len(sent) == before
