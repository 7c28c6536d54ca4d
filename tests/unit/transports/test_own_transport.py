"""A transport of the caller's own (``transport=``) keeps the answer cap and the call's deadline: the gateway wraps
it (merchant_gateway/transports/_own.py). An answer over the cap, raw or decoded, fails like a dropped connection
after sending (never returned); a body that keeps arriving past the deadline is cut (sync: as it arrives, on the
transport's clock); an async call is cut at the deadline wherever it waits; an honest answer passes unchanged,
decoded once; the gateway's own transports, given explicitly, are not wrapped."""

from __future__ import annotations

import asyncio
import gzip
import json
from collections.abc import Iterator
from typing import Any

import httpx
import merchant_gateway as mg
import pytest
from merchant_gateway.observers import CallObserver
from merchant_gateway.retry import attempt_budget
from merchant_gateway.transports import (
    AsyncCappedTransport,
    AsyncGatewayTransport,
    CappedTransport,
    GatewayTransport,
    SendDeadlinePassed,
    SendFence,
    arm_fence,
)

from tests.support.overlay import FakeTime, Recorder, default_answer, make, make_async

ONE_TRY = mg.RetryPolicy(max_attempts=1)


def _sent_through(gateway: mg.Gateway | mg.AsyncGateway) -> Any:
    """The transport a gateway's pipeline sends through (merchant_gateway/pipeline)."""
    return gateway._pipeline.transport


def _answer_of(size: int, *, coding: str | None = None) -> httpx.Response:
    body = json.dumps({"success": True, "code": "PAYMENT_SUCCESS", "message": "x" * size}).encode()
    if coding == "gzip":
        return httpx.Response(200, content=gzip.compress(body), headers={"Content-Encoding": "gzip"})
    return httpx.Response(200, content=body)


def test_an_honest_answer_passes_and_a_gzip_one_is_decoded_once() -> None:
    rec = Recorder(lambda request: _gzipped(default_answer(request)))
    gateway = make(rec, FakeTime())
    status = gateway.get_transaction_status("TXV4")
    assert status.code == "PAYMENT_SUCCESS"
    assert isinstance(_sent_through(gateway), CappedTransport)


def _gzipped(response: httpx.Response) -> httpx.Response:
    return httpx.Response(
        response.status_code, content=gzip.compress(response.content), headers={"Content-Encoding": "gzip"}
    )


@pytest.mark.parametrize("coding", [None, "gzip"], ids=["raw", "gzip-bomb"])
def test_an_answer_over_the_cap_is_refused_not_returned(coding: str | None) -> None:
    rec = Recorder(_answer_of(200_000, coding=coding))
    gateway = make(rec, FakeTime(), max_answer_bytes=64 * 1024).with_options(retry=ONE_TRY)
    with pytest.raises(mg.GatewayConnectionError) as caught:
        gateway.get_transaction_status("TXV4")
    assert isinstance(caught.value.__cause__, httpx.ReadError)
    assert "answer larger than 65536 bytes" in str(caught.value.__cause__)


def test_a_payment_whose_answer_is_over_the_cap_is_an_unknown_outcome() -> None:
    rec = Recorder(_answer_of(200_000))
    gateway = make(rec, FakeTime(), max_answer_bytes=64 * 1024)
    with pytest.raises(mg.OutcomeUnknown):
        gateway.debit_v4_web(transaction_id="TXV4", amount=100, merchant_user_id="U1")
    assert len(rec.requests) == 1  # never re-sent


class _Dripping(httpx.SyncByteStream):
    """A body in pieces, the clock moving one second per piece (a server dripping its answer)."""

    def __init__(self, clock: FakeTime, pieces: int) -> None:
        self.clock = clock
        self.pieces = pieces

    def __iter__(self) -> Iterator[bytes]:
        for _ in range(self.pieces):
            self.clock.now += 1.0
            yield b" "


def test_the_sync_deadline_is_kept_as_the_body_arrives() -> None:
    clock = FakeTime()

    def dripping(request: httpx.Request) -> httpx.Response:
        return httpx.Response(200, stream=_Dripping(clock, 100))

    transport = CappedTransport(
        httpx.MockTransport(dripping), deadline=15, max_answer_bytes=1 << 20, clock=clock.monotonic
    )
    with pytest.raises(httpx.ReadTimeout):
        transport.handle_request(httpx.Request("GET", "https://gw.example/status"))
    assert clock.now == 1000.0 + 16  # cut at the first piece past the deadline, not at the end of the body
    # within the deadline, the whole body
    short = CappedTransport(
        httpx.MockTransport(lambda request: httpx.Response(200, stream=_Dripping(clock, 5))),
        deadline=15,
        max_answer_bytes=1 << 20,
        clock=clock.monotonic,
    )
    assert short.handle_request(httpx.Request("GET", "https://gw.example/status")).content == b"     "


async def test_the_async_deadline_cuts_the_whole_call() -> None:
    never = asyncio.Event()

    async def hangs(request: httpx.Request) -> httpx.Response:
        await never.wait()  # a transport that never answers
        raise AssertionError("unreachable")

    rec_fake = FakeTime()
    gateway = make_async(Recorder(), rec_fake, transport=httpx.MockTransport(hangs), timeout=0.05)
    with pytest.raises(mg.OutcomeUnknown) as caught:
        await gateway.debit_v4_web(transaction_id="TXV4", amount=100, merchant_user_id="U1")
    assert isinstance(caught.value.__cause__, mg.GatewayTimeoutError)
    assert isinstance(caught.value.__cause__.__cause__, httpx.ReadTimeout)


async def test_the_async_cap_holds_on_a_callers_transport() -> None:
    async def large(request: httpx.Request) -> httpx.Response:
        return _answer_of(200_000)

    transport = AsyncCappedTransport(httpx.MockTransport(large), deadline=5, max_answer_bytes=64 * 1024)
    with pytest.raises(httpx.ReadError, match="answer larger than"):
        await transport.handle_async_request(httpx.Request("GET", "https://gw.example/status"))


def test_the_gateways_own_transports_are_not_wrapped() -> None:
    given = GatewayTransport(deadline=3)
    gateway = mg.Gateway(merchant_id="M1", salt_key="k", salt_index="1", transport=given)
    assert _sent_through(gateway) is given
    given_async = AsyncGatewayTransport(deadline=3)
    async_gateway = mg.AsyncGateway(merchant_id="M1", salt_key="k", salt_index="1", transport=given_async)
    assert _sent_through(async_gateway) is given_async


def test_the_wrapper_names_what_it_wraps_and_closes_it() -> None:
    closed: list[str] = []

    class Own(httpx.BaseTransport):
        def handle_request(self, request: httpx.Request) -> httpx.Response:
            raise AssertionError("not called")

        def close(self) -> None:
            closed.append("own")

        def __repr__(self) -> str:
            return "Own()"

    with mg.Gateway(merchant_id="M1", salt_key="k", salt_index="1", transport=Own()) as gateway:
        wrapped: Any = _sent_through(gateway)
        assert repr(wrapped) == "CappedTransport(Own(), deadline=15.0, max_answer_bytes=4194304)"
    assert closed == ["own"]


class _ExpiredFence(CallObserver):
    """Arms each attempt with a send deadline that has already passed (a sender paused between the ledger's record
    of the attempt and its send): what the payment ledger's observer does, without the ledger."""

    def before_attempt(self, prep: Any) -> None:
        arm_fence(SendFence(0.0, lambda: 1.0))

    async def async_before_attempt(self, prep: Any) -> None:
        arm_fence(SendFence(0.0, lambda: 1.0))


def test_a_callers_transport_is_handed_nothing_once_the_send_deadline_passed() -> None:
    rec = Recorder()
    gateway = make(rec, FakeTime(), observer=_ExpiredFence())
    with pytest.raises(mg.GatewayConnectionError) as caught:
        gateway.debit_v4_web(transaction_id="TXV4", amount=100, merchant_user_id="U1")
    assert isinstance(caught.value.__cause__, SendDeadlinePassed)
    assert rec.requests == []  # the caller's transport never saw the request


async def test_an_async_callers_transport_is_handed_nothing_once_the_send_deadline_passed() -> None:
    rec = Recorder()
    gateway = make_async(rec, FakeTime(), observer=_ExpiredFence())
    with pytest.raises(mg.GatewayConnectionError) as caught:
        await gateway.debit_v4_web(transaction_id="TXV4", amount=100, merchant_user_id="U1")
    assert isinstance(caught.value.__cause__, SendDeadlinePassed)
    assert rec.requests == []


def test_the_wrapper_cuts_its_deadline_to_the_calls_budget() -> None:
    """A 15 s deadline and 5 s left of the call's total_timeout: the dripping body is cut at 6 s, not 16 s; with
    nothing left, the caller's transport is not handed the request at all (nothing was sent)."""
    clock = FakeTime()
    handed: list[httpx.Request] = []

    def dripping(request: httpx.Request) -> httpx.Response:
        handed.append(request)
        return httpx.Response(200, stream=_Dripping(clock, 100))

    transport = CappedTransport(
        httpx.MockTransport(dripping), deadline=15, max_answer_bytes=1 << 20, clock=clock.monotonic
    )
    token = attempt_budget.set(5.0)
    try:
        with pytest.raises(httpx.ReadTimeout):
            transport.handle_request(httpx.Request("GET", "https://gw.example/status"))
        assert clock.now == 1000.0 + 6
        attempt_budget.set(0.0)
        with pytest.raises(httpx.ConnectTimeout):
            transport.handle_request(httpx.Request("GET", "https://gw.example/status"))
    finally:
        attempt_budget.reset(token)
    assert len(handed) == 1


def _read_answer(body: bytes) -> httpx.Response:
    return httpx.Response(200, content=body)  # httpx reads it whole as it is built


def test_an_answer_the_callers_transport_read_whole_is_handed_on_not_read_again() -> None:
    """A MockTransport handler's ``httpx.Response(content=...)`` is read already: the wrapper returns that very
    answer (as httpx.Client would) instead of building a second one from the same bytes; a streamed answer, and an
    encoded one read whole, still go through the cap's reader and come back as a new answer."""
    given = _read_answer(b'{"success": true}')
    transport = CappedTransport(httpx.MockTransport(lambda request: given), deadline=5, max_answer_bytes=1024)
    assert transport.handle_request(httpx.Request("GET", "https://gw.example/status")) is given
    streamed = CappedTransport(
        httpx.MockTransport(lambda request: httpx.Response(200, stream=httpx.ByteStream(b"{}"))),
        deadline=5,
        max_answer_bytes=1024,
    )
    assert streamed.handle_request(httpx.Request("GET", "https://gw.example/status")).content == b"{}"
    zipped = _gzipped(given)
    encoded = CappedTransport(httpx.MockTransport(lambda request: zipped), deadline=5, max_answer_bytes=1024)
    answer = encoded.handle_request(httpx.Request("GET", "https://gw.example/status"))
    assert answer is not zipped
    assert answer.content == b'{"success": true}'
    assert "content-encoding" not in answer.headers


async def test_an_async_answer_read_whole_is_handed_on_not_read_again() -> None:
    given = _read_answer(b'{"success": true}')

    async def handler(request: httpx.Request) -> httpx.Response:
        return given

    transport = AsyncCappedTransport(httpx.MockTransport(handler), deadline=5, max_answer_bytes=1024)
    assert await transport.handle_async_request(httpx.Request("GET", "https://gw.example/status")) is given


@pytest.mark.parametrize("size", [1024, 1025])
def test_an_answer_read_whole_keeps_the_cap(size: int) -> None:
    """The cap is max_answer_bytes inclusive, whether the wrapper reads the answer or finds it read."""
    body = b" " * size
    read = CappedTransport(httpx.MockTransport(lambda request: _read_answer(body)), deadline=5, max_answer_bytes=1024)
    streamed = CappedTransport(
        httpx.MockTransport(lambda request: httpx.Response(200, stream=httpx.ByteStream(body))),
        deadline=5,
        max_answer_bytes=1024,
    )
    for transport in (read, streamed):
        if size <= 1024:
            assert transport.handle_request(httpx.Request("GET", "https://gw.example/status")).content == body
        else:
            with pytest.raises(httpx.ReadError, match="answer larger than 1024 bytes"):
                transport.handle_request(httpx.Request("GET", "https://gw.example/status"))


def test_an_answer_read_whole_after_the_deadline_is_late() -> None:
    """A caller's transport that took longer than the deadline to hand over an answer it read whole: cut, as an
    answer whose last piece arrived after the deadline is."""
    clock = FakeTime()

    def slow(request: httpx.Request) -> httpx.Response:
        clock.now += 16.0
        return _read_answer(b"{}")

    transport = CappedTransport(httpx.MockTransport(slow), deadline=15, max_answer_bytes=1024, clock=clock.monotonic)
    with pytest.raises(httpx.ReadTimeout):
        transport.handle_request(httpx.Request("GET", "https://gw.example/status"))
