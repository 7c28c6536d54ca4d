"""A transport of the caller's own (``Gateway(transport=...)``), wrapped so the gateway's calls keep what this
layer can give around any transport: the answer cap and the call's deadline.

Why: the gateway's own transports (GatewayTransport, AsyncGatewayTransport) enforce both inside the connection;
a transport a caller brings (a mock, an instrumented or corporate transport) does neither, and a caller who
passed one would silently lose them. Around it, the body is read here, raw and decoded bytes each capped at
``max_answer_bytes`` (gzip and deflate undone here, within the cap; any other coding is an error), and the deadline
is kept: for the async flavour over the whole call, connect to last byte (a cancel scope: anyio, so asyncio,
uvloop and trio alike); for the sync one as the body arrives (a blocking transport cannot be interrupted
from outside). What stays the caller's transport's own: how large an answer's head may grow and, sync, how long it
waits before the head arrives. A call cut short here has been handed to the transport, so it counts as maybe sent
(httpx.ReadTimeout, httpx.ReadError), like any failure after the first byte. The leftover check (bytes beyond an
answer on a kept-alive connection) needs the connection itself: only the gateway's own transports have it.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

import httpx

from ._limits import _Reader


def _answer(response: httpx.Response, reader: _Reader) -> httpx.Response:
    # the body is decoded already: drop Content-Encoding so httpx does not decode it a second time
    headers = [(k, v) for k, v in response.headers.raw if k.lower() != b"content-encoding"]
    return httpx.Response(
        response.status_code, headers=headers, content=reader.finish(), extensions=response.extensions
    )


def _late(request: httpx.Request, deadline: float | None) -> httpx.ReadTimeout:
    return httpx.ReadTimeout(f"no complete answer within the call's deadline ({deadline} s)", request=request)


class CappedTransport(httpx.BaseTransport):
    """``inner`` (the caller's sync transport) with answers capped at ``max_answer_bytes`` and the deadline of
    ``deadline`` seconds checked as the body arrives."""

    def __init__(
        self,
        inner: httpx.BaseTransport,
        *,
        deadline: float | None,
        max_answer_bytes: int,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.inner = inner
        self._deadline = deadline
        self._limit = max_answer_bytes
        self._clock = clock

    def __repr__(self) -> str:
        return f"CappedTransport({self.inner!r}, deadline={self._deadline}, max_answer_bytes={self._limit})"

    def handle_request(self, request: httpx.Request) -> httpx.Response:
        ends = None if self._deadline is None else self._clock() + self._deadline
        response = self.inner.handle_request(request)
        try:
            reader = _Reader(response.headers.raw, self._limit, request)
            stream: Any = response.stream
            for chunk in stream:
                reader.feed(chunk)
                if ends is not None and self._clock() > ends:
                    raise _late(request, self._deadline)
            return _answer(response, reader)
        finally:
            response.close()

    def close(self) -> None:
        self.inner.close()


class AsyncCappedTransport(httpx.AsyncBaseTransport):
    """``inner`` (the caller's async transport) with answers capped at ``max_answer_bytes`` and the whole call,
    connect to last byte, cut at ``deadline`` seconds."""

    def __init__(self, inner: httpx.AsyncBaseTransport, *, deadline: float | None, max_answer_bytes: int) -> None:
        self.inner = inner
        self._deadline = deadline
        self._limit = max_answer_bytes

    def __repr__(self) -> str:
        return f"AsyncCappedTransport({self.inner!r}, deadline={self._deadline}, max_answer_bytes={self._limit})"

    async def handle_async_request(self, request: httpx.Request) -> httpx.Response:
        if self._deadline is None:
            return await self._read(request)
        import anyio  # httpx's own dependency; loaded with the first call through a caller's transport

        try:
            with anyio.fail_after(self._deadline):
                return await self._read(request)
        except TimeoutError as exc:
            raise _late(request, self._deadline) from exc

    async def _read(self, request: httpx.Request) -> httpx.Response:
        response = await self.inner.handle_async_request(request)
        try:
            reader = _Reader(response.headers.raw, self._limit, request)
            stream: Any = response.stream
            async for chunk in stream:
                reader.feed(chunk)
            return _answer(response, reader)
        finally:
            await response.aclose()

    async def aclose(self) -> None:
        await self.inner.aclose()


def own_transport(
    transport: Any, *, sync: bool, deadline: float | None, max_answer_bytes: int
) -> httpx.BaseTransport | httpx.AsyncBaseTransport:
    """The caller's ``transport`` wrapped for a sync (:class:`CappedTransport`) or async gateway
    (:class:`AsyncCappedTransport`); one wrapped already is returned as given. (httpx.MockTransport is both a sync
    and an async transport: the gateway's flavour decides.)"""
    if isinstance(transport, CappedTransport | AsyncCappedTransport):
        return transport
    if sync:
        return CappedTransport(transport, deadline=deadline, max_answer_bytes=max_answer_bytes)
    return AsyncCappedTransport(transport, deadline=deadline, max_answer_bytes=max_answer_bytes)
