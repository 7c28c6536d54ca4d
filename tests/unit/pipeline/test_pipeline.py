"""The one request pipeline (merchant_gateway.pipeline): a payment's amount reaches the transport in a few calls of
our code, every answer is parsed once, every payload turned into its wire dict once, and every operation's request
is what an httpx.Client sends for the same parts."""

from __future__ import annotations

import contextlib
import json
import random
import sys
from types import FrameType
from typing import Any

import httpx
import merchant_gateway as mg
import pytest
from merchant_gateway.pipeline import _shared
from merchant_gateway_client.client import XVerifyAuth

from tests.support.overlay import (
    CALLS,
    CLIENT_SECRET,
    MERCHANT,
    SALT,
    SALT_INDEX,
    FakeTime,
    Recorder,
    make,
    make_async,
    ok_envelope,
)

TXN = "TXPIPE1"
AMOUNT = 4321
ONE_TRY = mg.RetryPolicy(max_attempts=1)
# where our code lives: the hand-written package and the generated one
OURS = ("merchant_gateway/", "merchant_gateway_client/")
TRANSPORT_METHODS = ("handle_request", "handle_async_request")


def _accepted(request: httpx.Request) -> httpx.Response:
    """A v4 debit's acceptance of TXN for AMOUNT, built without reading the request (no JSON parse here)."""
    data = {"transactionId": TXN, "amount": AMOUNT, "redirectURL": "https://pay.example/p/1"}
    return httpx.Response(200, json=ok_envelope("PAYMENT_SUCCESS", **data))


def _status(request: httpx.Request) -> httpx.Response:
    return httpx.Response(200, json=ok_envelope("PAYMENT_SUCCESS", transactionId=TXN, amount=AMOUNT))


def _start(gateway: Any) -> Any:
    return gateway.payments.start(
        amount=AMOUNT,
        transaction_id=TXN,
        redirect_url="https://shop.example/back",
        callback_url="https://shop.example/callback",
    )


# --- (a) the amount's way from the task method to the transport ----------------------------------------------------


class _Path:
    """At the transport: the calls of our code from the task method's frame to the gateway's transport."""

    def __init__(self, task_method: str) -> None:
        self.task_method = task_method
        self.walks: list[list[str]] = []

    def __call__(self, request: httpx.Request) -> httpx.Response:
        frame: FrameType | None = sys._getframe(1)
        names: list[tuple[str, str]] = []  # (function, file), innermost first
        while frame is not None:
            names.append((frame.f_code.co_name, frame.f_code.co_filename.replace("\\", "/")))
            frame = frame.f_back
        # the gateway's own transport: the outermost transport method of our code (a wrapper around this mock)
        ours = [i for i, (name, path) in enumerate(names) if name in TRANSPORT_METHODS and "merchant_gateway/" in path]
        task = next(i for i, (name, path) in enumerate(names) if name == self.task_method and "/tasks/" in path)
        between = names[ours[-1] : task]  # the transport's frame up to the frame the task method called
        assert all(any(part in path for part in OURS) for _, path in between), between
        self.walks.append([name for name, _ in reversed(between)])
        return _accepted(request)


def test_a_payments_amount_reaches_the_transport_in_at_most_six_calls() -> None:
    path = _Path("start")
    with make(Recorder(path), FakeTime()) as gateway:
        started = _start(gateway)
    assert started.amount == AMOUNT
    [walk] = path.walks
    assert len(walk) <= 6, walk
    assert walk[-1] in TRANSPORT_METHODS  # the pipeline hands the request to the transport itself


async def test_an_async_payments_amount_reaches_the_transport_in_at_most_six_calls() -> None:
    path = _Path("start")
    async with make_async(Recorder(path), FakeTime()) as gateway:
        started = await _start(gateway)
    assert started.amount == AMOUNT
    [walk] = path.walks
    assert len(walk) <= 6, walk
    assert walk[-1] in TRANSPORT_METHODS


def test_an_intent_payment_through_its_flow_reaches_the_transport_in_at_most_six_calls() -> None:
    path = _Path("start_intent")
    with make(Recorder(path), FakeTime()) as gateway:
        gateway.payments.start_intent(
            amount=AMOUNT,
            transaction_id=TXN,
            merchant_order_id="OD1",
            platform_version_code=400922,
            callback_url="https://shop.example/callback",
        )
    [walk] = path.walks
    assert len(walk) <= 6, walk
    assert "_start_intent_payment" in walk  # through the flow


def test_the_walk_fails_when_a_call_is_added(monkeypatch: pytest.MonkeyPatch) -> None:
    """The count can fail: two more layers of our code between the task and the transport make it seven."""
    import merchant_gateway.pipeline._sync as pipeline_sync

    original = pipeline_sync.Pipeline.run

    def layer_one(self: Any, prep: Any) -> Any:
        return layer_two(self, prep)

    def layer_two(self: Any, prep: Any) -> Any:
        return original(self, prep)

    layer_one.__code__ = layer_one.__code__.replace(co_filename=pipeline_sync.__file__)
    layer_two.__code__ = layer_two.__code__.replace(co_filename=pipeline_sync.__file__)
    monkeypatch.setattr(pipeline_sync.Pipeline, "run", layer_one)
    path = _Path("start")
    with make(Recorder(path), FakeTime()) as gateway:
        _start(gateway)
    [walk] = path.walks
    assert len(walk) == 7, walk


# --- (b) one parse per answer ---------------------------------------------------------------------------------------


@pytest.fixture
def parses(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Every JSON parse of the process, counted: JSONDecoder.decode is what json.loads calls once per text (httpx's
    response.json() included), and what the strict reader calls on its one shared decoder. Counted per call: the
    calls below run once first, uncounted, so that what a process does once (the spec read, each schema's validator
    compiled from its JSON text on first use) is done whichever test of the worker comes first."""
    with make(Recorder(_accepted, _status), FakeTime()) as gateway:
        _start(gateway)
        gateway.get_transaction_status(TXN)
    seen: list[str] = []
    original = json.JSONDecoder.decode

    def counting(self: json.JSONDecoder, text: str, *args: Any, **kwargs: Any) -> Any:
        seen.append(text)
        return original(self, text, *args, **kwargs)

    monkeypatch.setattr(json.JSONDecoder, "decode", counting)
    return seen


def test_a_success_is_parsed_once(parses: list[str]) -> None:
    with make(Recorder(_accepted, _status), FakeTime()) as gateway:
        _start(gateway)
        assert len(parses) == 1
        gateway.get_transaction_status(TXN)  # a payment-state answer, with its typed model
    assert len(parses) == 2


def test_an_error_answer_is_parsed_once(parses: list[str]) -> None:
    refused = httpx.Response(400, json={"success": False, "code": "BAD_REQUEST", "message": "no"})
    with make(Recorder(refused), FakeTime()) as gateway, pytest.raises(mg.GatewayError):
        _start(gateway)
    assert len(parses) == 1


def test_a_retried_read_is_parsed_once_per_answer(parses: list[str]) -> None:
    busy = httpx.Response(500, json={"success": False, "code": "INTERNAL_SERVER_ERROR", "message": "busy"})
    rec = Recorder(busy, _status)
    with make(rec, FakeTime()) as gateway:
        status = gateway.get_transaction_status(TXN)
    assert status.code == "PAYMENT_SUCCESS"
    assert len(rec.requests) == 2
    assert len(parses) == 2


async def test_an_async_call_is_parsed_once(parses: list[str]) -> None:
    async with make_async(Recorder(_accepted), FakeTime()) as gateway:
        await _start(gateway)
    assert len(parses) == 1


# --- (c) the payload's wire dict made once --------------------------------------------------------------------------


def test_the_payload_is_turned_into_its_wire_dict_once_per_call(monkeypatch: pytest.MonkeyPatch) -> None:
    from merchant_gateway_client.models import DebitPayload

    calls: list[int] = []
    original = DebitPayload.to_dict

    def counting(self: DebitPayload) -> dict[str, Any]:
        calls.append(1)
        return original(self)

    monkeypatch.setattr(DebitPayload, "to_dict", counting)
    busy = httpx.Response(500, json={"success": False, "code": "INTERNAL_SERVER_ERROR", "message": "busy"})
    with make(Recorder(_accepted), FakeTime()) as gateway:
        _start(gateway)
    assert len(calls) == 1
    calls.clear()
    # a debit whose first attempt is answered 500 is never re-sent (reconcile-first): one wire dict, one request
    rec = Recorder(busy)
    with make(rec, FakeTime()) as gateway, pytest.raises(mg.OutcomeUnknown):
        _start(gateway)
    assert (len(calls), len(rec.requests)) == (1, 1)


def test_a_retried_payload_call_is_encoded_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """A read with a payload (payment options, safe to retry) sent twice: one wire dict, one encoding, two sends."""
    import merchant_gateway_client.api.default.get_payment_options as endpoint

    encodings: list[int] = []
    original = endpoint.encode_payload  # type: ignore[attr-defined]

    def counting(payload: Any) -> str:
        encodings.append(1)
        return original(payload)

    monkeypatch.setattr(endpoint, "encode_payload", counting)
    unreachable = httpx.ConnectError("refused")
    rec = Recorder(unreachable)
    args, kwargs = CALLS["get_payment_options"]
    with make(rec, FakeTime()) as gateway:
        gateway.get_payment_options(*args, **kwargs)
    assert len(rec.requests) == 2
    assert rec.requests[0] is rec.requests[1]  # the same signed request, sent again
    assert len(encodings) == 1


# --- the request is httpx's own -------------------------------------------------------------------------------------


def _wire(request: httpx.Request) -> tuple[Any, ...]:
    return (request.method, str(request.url), request.headers.raw, request.content, request.extensions.get("timeout"))


def _reference(gateway: mg.Gateway, prep: Any) -> httpx.Request:
    """The request an httpx.Client (the gateways' headers and timeout, the generated XVerifyAuth) sends for the same
    request parts."""
    kwargs = prep.kwargs if prep.wire is None else {**prep.kwargs, "body": prep.wire}
    parts = prep.op.module.request_parts(**kwargs)
    root = {"base": gateway.config.base, "apps": gateway.config.apps, "auth": gateway.config.auth}[prep.op.host]
    seen: list[httpx.Request] = []

    def answer(request: httpx.Request) -> httpx.Response:
        seen.append(request)
        return httpx.Response(204)

    transport = httpx.MockTransport(answer)
    with httpx.Client(
        headers={"Accept-Encoding": "gzip, deflate"}, timeout=gateway.config.httpx_timeout(), transport=transport
    ) as client:
        client.request(
            parts["method"],
            root.rstrip("/") + parts["url"],
            headers=parts.get("headers"),
            content=parts.get("content"),
            data=parts.get("data"),
            json=parts.get("json"),
            extensions=parts.get("extensions"),
            auth=XVerifyAuth(SALT, SALT_INDEX),
        )
    return seen[0]


def test_every_operation_sends_what_an_httpx_client_would_send(monkeypatch: pytest.MonkeyPatch) -> None:
    built: list[tuple[Any, httpx.Request]] = []
    original = _shared.Requests.build

    def keep(self: _shared.Requests, prep: Any) -> httpx.Request:
        request = original(self, prep)
        built.append((prep, request))
        return request

    monkeypatch.setattr(_shared.Requests, "build", keep)
    refused = httpx.Response(400, json={"success": False, "code": "BAD_REQUEST", "message": "no"})
    rec = Recorder(*([refused] * 100))
    settings = {"client_id": "CID", "client_secret": CLIENT_SECRET, "merchant_id": MERCHANT}
    gateway = make(rec, FakeTime(), rng=random.Random(1), retry=ONE_TRY, **settings)
    with gateway:
        for name in sorted(CALLS):
            args, kwargs = CALLS[name]
            with contextlib.suppress(mg.GatewayError):
                getattr(gateway, name)(*args, **kwargs)
    assert {prep.op.name for prep, _ in built} >= set(CALLS)
    for prep, request in built:
        assert _wire(request) == _wire(_reference(gateway, prep)), prep.op.name


def test_a_closed_gateway_sends_nothing() -> None:
    rec = Recorder()
    gateway = make(rec, FakeTime())
    gateway.close()
    with pytest.raises(RuntimeError, match="closed"):
        gateway.get_transaction_status(TXN)
    assert rec.requests == []
