"""The httpcore transports' half that waits, written once: :class:`AsyncGatewayTransport` and its network backend,
the async source of ``_sync.py`` (``python tools/derive_sync.py`` derives :class:`GatewayTransport` from it, as
httpcore derives its own sync API; ``make lint`` fails when it is out of date). What does not wait is in
``_limits.py``.
"""

from __future__ import annotations

import contextlib
import functools
import time
import typing
from collections.abc import AsyncIterable, Callable, Iterable
from typing import Any

import httpcore
import httpx

from ..config import MAX_ANSWER_BYTES
from ..fence import check_fence
from ..retry import attempt_budget
from ..tls import Cert, TlsContexts, Verify, check
from ._limits import (
    AsyncSlotSignal,
    _as_httpx,
    _async_owner,
    _core_request,
    _deadline,
    _Exchange,
    _exchange,
    _head_to_hold,
    _left,
    _no_slot,
    _pool_seconds,
    _readable,
    _Reader,
    _response,
    _Routes,
    _Sharded,
    _Waiter,
)
from ._own import answer_of, async_call_bound, late, read_already


class AsyncDeadlineStream(httpcore.AsyncNetworkStream):
    """httpcore's stream with every operation cut to the request's deadline, every byte read recorded, the
    attempt's send fence checked before its first byte is written, and a small body written with its head."""

    def __init__(self, inner: httpcore.AsyncNetworkStream, clock: Callable[[], float]) -> None:
        self._inner = inner
        self._clock = clock
        self.retired = False  # set when bytes beyond an answer were read: the pool then drops the connection
        self._socket: Any = None  # the connection's socket, for the readability check

    async def read(self, max_bytes: int, timeout: float | None = None) -> bytes:
        exchange = _exchange.get()
        if exchange is None:
            return await self._inner.read(max_bytes, _left(self._clock, timeout, httpcore.ReadTimeout))
        if exchange.held is not None:  # a head held back for its body leaves before any answer is awaited
            await self._send(exchange.release(self), timeout)
        data = await self._inner.read(max_bytes, _left(self._clock, timeout, httpcore.ReadTimeout))
        exchange.add(data)
        return data

    async def write(self, buffer: bytes, timeout: float | None = None) -> None:
        exchange = _exchange.get()
        if exchange is not None and buffer:
            buffer = exchange.outgoing(self, buffer)  # empty while the head waits for its body
        await self._send(buffer, timeout)

    async def _send(self, buffer: bytes, timeout: float | None) -> None:
        if buffer:  # an empty write (a body's end under Content-Length) sends nothing
            check_fence(self)  # the attempt's send deadline, immediately before its first byte leaves
            await self._inner.write(buffer, _left(self._clock, timeout, httpcore.WriteTimeout))

    async def aclose(self) -> None:
        await self._inner.aclose()

    async def start_tls(
        self, ssl_context: Any, server_hostname: str | None = None, timeout: float | None = None
    ) -> Any:
        timeout = _left(self._clock, timeout, httpcore.ConnectTimeout)
        return AsyncDeadlineStream(await self._inner.start_tls(ssl_context, server_hostname, timeout), self._clock)

    def get_extra_info(self, info: str) -> Any:
        if info != "is_readable":
            return self._inner.get_extra_info(info)
        # httpcore asks this of an idle connection to decide whether it expired, at least twice per request: the
        # socket is looked up once per connection (anyio's lookup, async, builds its attribute table and asks the
        # kernel for the peer's address each time), and its readability checked as httpcore checks it
        if self.retired:
            return True
        if self._socket is None:
            self._socket = self._inner.get_extra_info("socket")
        return _readable(self._socket)


class AsyncDeadlineBackend(httpcore.AsyncNetworkBackend):
    """httpcore's own backend (anyio's; the sync flavour's is httpcore's SyncBackend) with deadline-cut connects."""

    def __init__(self, clock: Callable[[], float]) -> None:
        self._inner = httpcore.AnyIOBackend()
        self._clock = clock

    async def connect_tcp(
        self,
        host: str,
        port: int,
        timeout: float | None = None,
        local_address: str | None = None,
        socket_options: Iterable[Any] | None = None,
    ) -> httpcore.AsyncNetworkStream:
        timeout = _left(self._clock, timeout, httpcore.ConnectTimeout)
        stream = await self._inner.connect_tcp(host, port, timeout, local_address, socket_options)
        return AsyncDeadlineStream(stream, self._clock)

    async def connect_unix_socket(
        self, path: str, timeout: float | None = None, socket_options: Iterable[Any] | None = None
    ) -> httpcore.AsyncNetworkStream:
        raise httpcore.UnsupportedProtocol("the gateway is reached over TCP")

    async def sleep(self, seconds: float) -> None:
        await self._inner.sleep(seconds)


def _retire_if_over_read(
    request: httpx.Request, answer: httpcore.Response, exchange: _Exchange, body_length: int
) -> None:
    stream = answer.extensions.get("network_stream")
    if isinstance(stream, AsyncDeadlineStream) and exchange.over_read(request.method.encode("ascii"), body_length):
        stream.retired = True


async def _async_wait_for_slot(route: _Sharded, request: httpx.Request) -> tuple[int | None, Any]:
    """A slot of ``route`` and its pool once one is free: a request beyond the limit waits here, first come first
    served, under its pool timeout (then httpx.PoolTimeout: nothing was sent), never in an httpcore pool's queue."""
    signal = AsyncSlotSignal()
    got = route.queue(request, signal.set)
    if not isinstance(got, _Waiter):
        return got
    try:
        if not await signal.wait(_pool_seconds(request)):
            raise _no_slot(request)
    except BaseException:
        route.abandon(got)  # a slot handed over meanwhile goes on to the next waiter
        raise
    return route.claim(got, request)


class AsyncGatewayTransport(httpx.AsyncBaseTransport):
    """httpcore's pools (asyncio or trio through anyio; ``GatewayTransport`` is the sync one) with a deadline of
    ``deadline`` seconds per request, connect to last byte, and answers capped at ``max_answer_bytes``; with
    ``trust_env``, through the proxy the environment names. ``limits`` hold per route (direct per scheme, or one
    proxy), whose connections are spread over several small pools (``_limits._Sharded`` says why). ``verify``,
    ``cert``, ``cert_password`` and ``truststore`` are the TLS settings of :class:`~merchant_gateway.GatewayConfig`
    (merchant_gateway/tls.py), for the gateway directly and through a proxy's tunnel; an https:// proxy is verified
    with the same trust."""

    def __init__(
        self,
        *,
        limits: httpx.Limits | None = None,
        deadline: float | None = None,
        max_answer_bytes: int = MAX_ANSWER_BYTES,
        clock: Callable[[], float] = time.monotonic,
        trust_env: bool = True,
        verify: Verify = True,
        cert: Cert | None = None,
        cert_password: str | None = None,
        truststore: bool = False,
    ) -> None:
        limits = limits or httpx.Limits()
        backend = AsyncDeadlineBackend(clock)
        verify, cert = check(verify, cert, cert_password, truststore, production=False)
        tls = TlsContexts(verify, cert, cert_password, truststore, trust_env=trust_env)

        def direct_pool(https: bool, size: int | None, keepalive: int | None) -> httpcore.AsyncConnectionPool:
            context = tls.gateway() if https else None
            return httpcore.AsyncConnectionPool(
                ssl_context=context,
                network_backend=backend,
                max_connections=size,
                max_keepalive_connections=keepalive,
                keepalive_expiry=limits.keepalive_expiry,
            )

        def proxy_pool(
            url: httpcore.URL, auth: Any, headers: Any, https: bool, size: int | None, keepalive: int | None
        ) -> httpcore.AsyncHTTPProxy:
            return httpcore.AsyncHTTPProxy(
                proxy_url=url,
                proxy_auth=auth,
                proxy_headers=headers,
                ssl_context=tls.gateway() if https else None,  # the tunnel's TLS, to the gateway
                proxy_ssl_context=tls.proxy() if url.scheme == b"https" else None,
                network_backend=backend,
                max_connections=size,
                max_keepalive_connections=keepalive,
                keepalive_expiry=limits.keepalive_expiry,
            )

        self._make_routes = functools.partial(_Routes, direct_pool, proxy_pool, trust_env, limits)
        self._routes = self._make_routes()
        self._owner: object = None  # who the pools' connections belong to (set by the first request)
        self._deadline = deadline
        self._limit = max_answer_bytes
        self._clock = clock

    def __repr__(self) -> str:
        return f"{type(self).__name__}(deadline={self._deadline}, max_answer_bytes={self._limit})"

    async def handle_async_request(self, request: httpx.Request) -> httpx.Response:
        seconds = self._deadline
        budget = attempt_budget.get()  # what is left of the gateway call's total_timeout, if it has one
        if budget is not None:
            seconds = budget if seconds is None else min(seconds, budget)
        if seconds is not None and seconds <= 0:
            # spent before this attempt began (a rate ceiling's wait, say): refused as never sent, before a kept-alive
            # connection's first write could fail as "maybe sent"
            raise httpx.ConnectTimeout("the call's deadline passed before the request was sent", request=request)
        token = _deadline.set(None if seconds is None else self._clock() + seconds)
        exchange = _Exchange(self._limit, _head_to_hold(request))
        token_exchange = _exchange.set(exchange)
        try:
            route = self._current_routes().route(request)
            for idle, connections in route.stale(self._clock):  # before the request: nothing is sent yet
                try:
                    for connection in connections:
                        with contextlib.suppress(Exception):  # a spare connection failing to close fails no request
                            await connection.aclose()
                finally:
                    route.give(idle)
            got = route.take(request)
            slot, pool = got if got is not None else await _async_wait_for_slot(route, request)
            try:
                answer = await pool.handle_async_request(_core_request(request))
                try:
                    reader = _Reader(answer.headers, self._limit, request)
                    try:
                        async for chunk in typing.cast(AsyncIterable[bytes], answer.stream):
                            reader.feed(chunk)
                        body = reader.finish()
                    except BaseException:
                        # the error's traceback keeps this frame, and so the body read so far, until the garbage
                        # collector finds the cycle: a retried read would hold one capped body per attempt
                        reader.discard()
                        raise
                    _retire_if_over_read(request, answer, exchange, reader.raw)
                finally:
                    await answer.aclose()
            finally:
                route.give(slot)  # its connection is idle again (or closed): the next request may have it
        except Exception as exc:
            mapped = _as_httpx(exc, request)
            if mapped is exc:
                raise
            raise mapped from exc
        finally:
            _exchange.reset(token_exchange)
            _deadline.reset(token)
        return _response(answer, body)

    def _current_routes(self) -> _Routes:
        """The pools of the process and event loop sending now. After a fork, or on another event loop, the pools
        held so far are dropped unused and unclosed: their sockets belong to the parent process, or their
        transports to another loop, and a request sent on them could fail after being written."""
        owner = _async_owner()
        if owner != self._owner:
            if self._owner is not None:
                self._routes = self._make_routes()
            self._owner = owner
        return self._routes

    def connections_in_use(self) -> int:
        """How many connections of this transport's pools (direct and proxied, every pool) carry a request right now: a
        read-only count for monitoring and the bench (once every call has returned it is 0 unless one leaked)."""
        return sum(not c.is_idle() for pool in self._routes.all() for c in pool.connections)

    async def aclose(self) -> None:
        if self._owner is not None and _async_owner() != self._owner:
            # the pools belong to a parent process or another event loop: dropped, not closed (_current_routes)
            self._routes, self._owner = self._make_routes(), None
            return
        for pool in self._routes.all():
            await pool.aclose()


class AsyncCappedTransport(httpx.AsyncBaseTransport):
    """A transport of the caller's own, ``inner`` (``CappedTransport`` is the sync wrapper), with answers capped at
    ``max_answer_bytes`` and the deadline of ``deadline`` seconds kept over the whole call and, on ``clock``, as the
    body arrives. The gateways wrap any transport they are given that is not theirs (``_own.py`` says why)."""

    def __init__(
        self,
        inner: httpx.AsyncBaseTransport,
        *,
        deadline: float | None,
        max_answer_bytes: int = MAX_ANSWER_BYTES,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.inner = inner
        self._deadline = deadline
        self._limit = max_answer_bytes
        self._clock = clock

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.inner!r}, deadline={self._deadline}, max_answer_bytes={self._limit})"

    async def handle_async_request(self, request: httpx.Request) -> httpx.Response:
        # the attempt's send deadline, checked as the request is handed over: the inner transport's writes cannot be
        # reached from here, so this is the last moment the wrapper can refuse it (nothing is sent when it does)
        check_fence(request)
        seconds = self._deadline
        budget = attempt_budget.get()  # what is left of the gateway call's total_timeout, if it has one
        if budget is not None:
            seconds = budget if seconds is None else min(seconds, budget)
        if seconds is not None and seconds <= 0:  # spent before the hand-over: nothing was sent
            raise httpx.ConnectTimeout("the call's deadline passed before the request was sent", request=request)
        ends = None if seconds is None else self._clock() + seconds
        try:
            with async_call_bound(seconds):
                response = await self.inner.handle_async_request(request)
                if read_already(response, self._limit, request):
                    if ends is not None and self._clock() > ends:
                        raise late(request, seconds)
                    return response
                try:
                    reader = _Reader(response.headers.raw, self._limit, request)
                    stream: Any = response.stream
                    async for chunk in stream:
                        reader.feed(chunk)
                        if ends is not None and self._clock() > ends:
                            raise late(request, seconds)
                    return answer_of(response, reader)
                finally:
                    await response.aclose()
        except TimeoutError as exc:  # the bound over the whole call, or the inner transport's own: maybe sent
            raise late(request, seconds) from exc

    async def aclose(self) -> None:
        await self.inner.aclose()
