"""A request's head and a small body leave in one write (GatewayTransport and AsyncGatewayTransport): one system call
and one packet instead of two, as http.client sends a bytes body. What each network write carried is recorded by
standing in for httpcore's own backend (its public ``connect_tcp``), under the gateway's deadline stream and a real
httpcore connection; a streamed or large body still follows its head, and a request whose send fence has passed
writes nothing at all."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Iterator
from typing import Any

import httpcore
import httpx
import pytest
from merchant_gateway.transports import (
    AsyncGatewayTransport,
    GatewayTransport,
    SendDeadlinePassed,
    SendFence,
    arm_fence,
    end_fence_scope,
    fence_scope,
)
from merchant_gateway.transports._limits import _WITH_HEAD, _Exchange

ANSWER = b"HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\n{}"
URL = "http://gateway.test/v4/debit"


class Recorded(httpcore.NetworkStream):
    """A connection whose every write is kept and which answers ``ANSWER`` once per request."""

    def __init__(self, writes: list[bytes]) -> None:
        self.writes = writes
        self.pending = b""

    def write(self, buffer: bytes, timeout: float | None = None) -> None:
        if buffer:
            self.writes.append(buffer)
            self.pending = ANSWER

    def read(self, max_bytes: int, timeout: float | None = None) -> bytes:
        data, self.pending = self.pending[:max_bytes], self.pending[max_bytes:]
        return data

    def close(self) -> None:
        pass

    def get_extra_info(self, info: str) -> Any:
        return None


class AsyncRecorded(httpcore.AsyncNetworkStream):
    def __init__(self, writes: list[bytes]) -> None:
        self.sync = Recorded(writes)

    async def write(self, buffer: bytes, timeout: float | None = None) -> None:
        self.sync.write(buffer)

    async def read(self, max_bytes: int, timeout: float | None = None) -> bytes:
        return self.sync.read(max_bytes)

    async def aclose(self) -> None:
        pass

    def get_extra_info(self, info: str) -> Any:
        return None


@pytest.fixture
def writes(monkeypatch: pytest.MonkeyPatch) -> list[bytes]:
    """Every write the transports make, in order (both flavours connect through httpcore's own backends)."""
    seen: list[bytes] = []

    def connect(self: object, *args: object, **kwargs: object) -> Recorded:
        return Recorded(seen)

    async def aconnect(self: object, *args: object, **kwargs: object) -> AsyncRecorded:
        return AsyncRecorded(seen)

    monkeypatch.setattr(httpcore.SyncBackend, "connect_tcp", connect)
    monkeypatch.setattr(httpcore.AnyIOBackend, "connect_tcp", aconnect)
    return seen


def send(request: httpx.Request) -> httpx.Response:
    with GatewayTransport(trust_env=False) as transport:
        response = transport.handle_request(request)
    return response


def asend(request: httpx.Request) -> httpx.Response:
    async def run() -> httpx.Response:
        async with AsyncGatewayTransport(trust_env=False) as transport:
            return await transport.handle_async_request(request)

    return asyncio.run(run())


@pytest.fixture(params=[send, asend], ids=["sync", "async"])
def flavour(request: pytest.FixtureRequest) -> Any:
    return request.param


def test_a_small_body_leaves_with_its_head_in_one_write(writes: list[bytes], flavour: Any) -> None:
    body = b'{"request":"eyJhIjoxfQ=="}'
    response = flavour(httpx.Request("POST", URL, content=body))
    assert response.status_code == 200
    assert response.content == b"{}"
    assert len(writes) == 1
    assert writes[0].startswith(b"POST /v4/debit HTTP/1.1\r\n")
    assert writes[0].endswith(b"\r\n\r\n" + body)


def test_a_request_without_a_body_is_one_write_as_before(writes: list[bytes], flavour: Any) -> None:
    assert flavour(httpx.Request("GET", URL)).status_code == 200
    assert writes == [writes[0]]
    assert writes[0].startswith(b"GET /v4/debit ")
    assert writes[0].endswith(b"\r\n\r\n")


def test_a_large_body_is_written_after_its_head_not_copied_onto_it(writes: list[bytes], flavour: Any) -> None:
    body = b"x" * (_WITH_HEAD + 1)
    assert flavour(httpx.Request("POST", URL, content=body)).status_code == 200
    assert len(writes) == 2
    assert writes[0].endswith(b"\r\n\r\n")
    assert writes[1] == body


def test_a_streamed_body_follows_its_head_as_it_comes(writes: list[bytes]) -> None:
    def chunks() -> Iterator[bytes]:
        yield b"ab"
        yield b"cd"

    assert send(httpx.Request("POST", URL, content=chunks())).status_code == 200
    assert writes[0].endswith(b"\r\n\r\n")
    assert b"".join(writes[1:]) == b"2\r\nab\r\n2\r\ncd\r\n0\r\n\r\n"

    async def achunks() -> AsyncIterator[bytes]:
        yield b"ab"

    writes.clear()
    assert asend(httpx.Request("POST", URL, content=achunks())).status_code == 200
    assert writes[0].endswith(b"\r\n\r\n")
    assert b"".join(writes[1:]) == b"2\r\nab\r\n0\r\n\r\n"


def test_a_passed_send_fence_writes_nothing_of_the_head_or_the_body(writes: list[bytes], flavour: Any) -> None:
    scope = fence_scope()
    try:
        arm_fence(SendFence(1.0, lambda: 2.0))  # passed
        with pytest.raises(SendDeadlinePassed):
            flavour(httpx.Request("POST", URL, content=b"{}"))
    finally:
        end_fence_scope(scope)
    assert writes == []


def test_a_held_head_leaves_before_anything_is_read_and_only_its_own_request_is_held() -> None:
    stream, other = object(), object()
    exchange = _Exchange(1024, b"POST ")
    assert exchange.outgoing(stream, b"CONNECT gateway.test:443 HTTP/1.1\r\n\r\n").startswith(b"CONNECT")
    assert exchange.outgoing(stream, b"POST / HTTP/1.1\r\n\r\n") == b""  # held for its body
    assert exchange.outgoing(other, b"x") == b"x"  # another stream's write never carries it
    assert exchange.release(other) == b""
    assert exchange.release(stream) == b"POST / HTTP/1.1\r\n\r\n"  # a read on its stream sends it first
    assert exchange.release(stream) == b""
    assert exchange.outgoing(stream, b"POST again") == b"POST again"
