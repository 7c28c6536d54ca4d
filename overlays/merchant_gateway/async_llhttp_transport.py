"""The async twin of :class:`~merchant_gateway.llhttp_transport.LlhttpTransport`, on asyncio's own protocol API:
each connection is an :class:`asyncio.Protocol` whose ``data_received`` feeds llhttp directly, so an answer is
parsed as it arrives, without a stream reader, a task or anyio in between.

Why this module exists (issue 24): httpcore's async pool runs on anyio, whose locks, cancel scopes and stream
wrappers cost more CPU per call than the rest of AsyncGateway together, and grow with the connections in the
pool. The guarantees are LlhttpTransport's: one deadline per request, connect to last byte (a timer on the event
loop, re-armed by the read timeout while data keeps arriving); the answer cap over every byte received, interim
heads included (the connection is dropped the moment it is passed, so nothing is buffered beyond it); the same
leftover check; a connection that receives anything while idle, or whose peer closed, is never used again; a
request h11 would refuse is refused before a byte is sent.

Only under asyncio: under any other event loop (trio through anyio), and for hosts the environment names a proxy
for, requests go through an :class:`~merchant_gateway.transports.AsyncGatewayTransport` kept for them.
"""

from __future__ import annotations

import asyncio
import ssl
import time
from collections.abc import Callable
from typing import Any

import httptools
import httpx

from .config import MAX_ANSWER_BYTES
from .llhttp_transport import _Answer, _head, _readable
from .transports import AsyncGatewayTransport, environment_proxy
from .transports._limits import _Exchange


class _Connection(asyncio.Protocol):
    """One keep-alive connection. Between requests it only records that it may not be reused (bytes nobody asked
    for, the peer's end); during one it feeds the answer to llhttp and wakes the request when the answer is
    whole or the exchange failed."""

    def __init__(self, loop: asyncio.AbstractEventLoop) -> None:
        self.loop = loop
        self.transport: asyncio.Transport | None = None
        self.usable = True
        self.answer: _Answer | None = None
        self.exchange: _Exchange | None = None
        self.waiter: asyncio.Future[None] | None = None
        self.eof = False
        self.idle_since = 0.0
        self.last_data = 0.0
        self.timer: asyncio.TimerHandle | None = None

    # --- asyncio's callbacks -------------------------------------------------------------------------------

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        assert isinstance(transport, asyncio.Transport)
        self.transport = transport

    def data_received(self, data: bytes) -> None:
        answer, exchange = self.answer, self.exchange
        if answer is None or exchange is None or answer.done:
            self.usable = False  # unasked bytes: never a request on this connection again
            return
        self.last_data = self.loop.time()
        try:
            exchange.add(data)
            answer.parser.feed_data(data)
        except httptools.HttpParserError as exc:
            if answer.done:  # more bytes after the answer: the leftover check retires the connection
                self.usable = False
            else:
                error = answer.error
                self._finish(
                    error or httpx.RemoteProtocolError(f"malformed answer: {exc}", request=answer.request), exc
                )
                return
        except Exception as exc:  # the cap, counted over every byte received (interim heads included)
            self._finish(httpx.ReadError(str(exc), request=answer.request), exc)
            return
        if answer.done:
            self._finish(None)

    def eof_received(self) -> bool:
        self.eof = True
        self.usable = False
        answer = self.answer
        if answer is not None and not answer.done:
            if answer.close_delimited and answer.reader is not None:
                self._finish(None)
            else:
                self._finish(
                    httpx.RemoteProtocolError(
                        "Server disconnected without sending a complete answer", request=answer.request
                    )
                )
        return False  # asyncio closes the transport

    def connection_lost(self, exc: Exception | None) -> None:
        self.usable = False
        answer = self.answer
        if answer is not None and not answer.done and not self.eof:
            message = str(exc) if exc else "the connection was closed before the answer was complete"
            self._finish(httpx.ReadError(message, request=answer.request), exc)

    # --- one exchange --------------------------------------------------------------------------------------

    def _finish(self, error: Exception | None, cause: BaseException | None = None) -> None:
        waiter = self.waiter
        if waiter is None or waiter.done():
            return
        if error is None:
            waiter.set_result(None)
            return
        if cause is not None and error.__cause__ is None:
            error.__cause__ = cause
        self.usable = False
        waiter.set_exception(error)

    async def exchange_with(
        self,
        wire: bytes,
        answer: _Answer,
        limit: int,
        deadline: float | None,
        read_timeout: float | None,
    ) -> _Exchange:
        """Send ``wire`` and wait until ``answer`` is whole; ``deadline`` in the loop's time."""
        assert self.transport is not None
        exchange = _Exchange(limit)
        self.answer, self.exchange = answer, exchange
        waiter = self.waiter = self.loop.create_future()
        try:
            self.last_data = self.loop.time()
            self.transport.write(wire)
            if deadline is not None or read_timeout is not None:
                self._arm(deadline, read_timeout)
            await waiter
            return exchange
        finally:
            if self.timer is not None:
                self.timer.cancel()
                self.timer = None
            self.waiter = None
            self.exchange = None
            if not answer.done:
                self.usable = False
            # the answer object stays until the next exchange: bytes arriving after it mark the connection

    def _arm(self, deadline: float | None, read_timeout: float | None) -> None:
        when = deadline if read_timeout is None else self.last_data + read_timeout
        if when is None or (deadline is not None and deadline < when):
            when = deadline
        assert when is not None
        self.timer = self.loop.call_at(when, self._expired, deadline, read_timeout)

    def _expired(self, deadline: float | None, read_timeout: float | None) -> None:
        waiter = self.waiter
        if waiter is None or waiter.done():
            return
        now = self.loop.time()
        if (deadline is None or now < deadline) and read_timeout is not None and now < self.last_data + read_timeout:
            self._arm(deadline, read_timeout)  # data arrived since: the read timeout starts again
            return
        assert self.answer is not None and self.transport is not None
        request = self.answer.request
        if self.transport.get_write_buffer_size():
            self._finish(httpx.WriteTimeout("the request could not be written in time", request=request))
        else:
            self._finish(httpx.ReadTimeout("the answer did not arrive in time", request=request))

    def has_unread(self) -> bool:
        sock = self.transport.get_extra_info("socket") if self.transport is not None else None
        return sock is None or _readable(sock)

    def close(self) -> None:
        self.usable = False
        if self.transport is not None:
            self.transport.abort()


class AsyncLlhttpTransport(httpx.AsyncBaseTransport):
    """Async transport on llhttp under asyncio (see the module's docstring): a keep-alive pool per (scheme, host,
    port), a deadline of ``deadline`` seconds per request, answers capped at ``max_answer_bytes``."""

    def __init__(
        self,
        *,
        limits: httpx.Limits | None = None,
        deadline: float | None = None,
        max_answer_bytes: int = MAX_ANSWER_BYTES,
        clock: Callable[[], float] = time.monotonic,
        trust_env: bool = True,
    ) -> None:
        limits = limits or httpx.Limits()
        self._limits = limits
        self._deadline = deadline
        self._limit = max_answer_bytes
        self._clock = clock
        self._trust_env = trust_env
        self._keep = limits.max_keepalive_connections
        self._expiry = limits.keepalive_expiry
        self._max = limits.max_connections
        self._slots: asyncio.Semaphore | None = None
        self._idle: dict[tuple[bytes, bytes, int], list[_Connection]] = {}
        self._idle_count = 0
        self._busy = 0
        self._direct: dict[tuple[str, str], bool] = {}
        self._other: AsyncGatewayTransport | None = None
        self._ssl: ssl.SSLContext | None = None
        self._closed = False

    def __repr__(self) -> str:
        return f"{type(self).__name__}(deadline={self._deadline}, max_answer_bytes={self._limit})"

    def _is_direct(self, url: httpx.URL) -> bool:
        if not self._trust_env:
            return True
        key = (url.scheme, url.host)
        direct = self._direct.get(key)
        if direct is None:
            direct = self._direct[key] = environment_proxy(*key) is None
        return direct

    def _httpcore_transport(self) -> AsyncGatewayTransport:
        if self._other is None:
            self._other = AsyncGatewayTransport(
                limits=self._limits, deadline=self._deadline, max_answer_bytes=self._limit, clock=self._clock
            )
        return self._other

    async def handle_async_request(self, request: httpx.Request) -> httpx.Response:
        url = request.url
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:  # not asyncio (trio through anyio)
            loop = None
        # HEAD: httptools cannot tell llhttp that the answer to it has no body; the gateway never sends one
        if loop is None or request.method == "HEAD" or not self._is_direct(url):
            return await self._httpcore_transport().handle_async_request(request)
        scheme = url.raw_scheme
        if scheme not in (b"http", b"https"):
            raise httpx.UnsupportedProtocol(f"unsupported scheme {url.scheme!r}", request=request)
        deadline = None if self._deadline is None else loop.time() + self._deadline
        timeouts = request.extensions.get("timeout") or {}
        wire = _head(request) + await request.aread()
        port = url.port or (443 if scheme == b"https" else 80)
        key = (scheme, url.raw_host, port)
        await self._take_slot(timeouts.get("pool"), request)
        conn: _Connection | None = None
        reusable = False
        try:
            conn = self._idle_connection(key, loop) or await self._connect(
                key, loop, timeouts.get("connect"), deadline, request
            )
            answer = _Answer(self._limit, request)
            exchange = await conn.exchange_with(wire, answer, self._limit, deadline, timeouts.get("read"))
            assert answer.reader is not None
            body = answer.reader.finish()
            reusable = (
                conn.usable
                and not answer.close_delimited
                and answer.keep_alive
                and not exchange.over_read(request.method.encode("ascii"), answer.reader.raw)
            )
        finally:
            self._give_back(key, conn, reusable)
        headers = [(k, v) for k, v in answer.headers if k.lower() != b"content-encoding"]
        return httpx.Response(
            answer.status,
            headers=headers,
            content=body,
            extensions={"http_version": b"HTTP/1.1", "reason_phrase": answer.reason},
        )

    # --- the pool ------------------------------------------------------------------------------------------

    async def _take_slot(self, timeout: float | None, request: httpx.Request) -> None:
        if self._closed:
            raise httpx.ConnectError("the transport is closed", request=request)
        if self._max is not None:
            if self._slots is None:
                self._slots = asyncio.Semaphore(self._max)
            if self._slots.locked():
                try:
                    await asyncio.wait_for(self._slots.acquire(), timeout)
                except TimeoutError:
                    raise httpx.PoolTimeout("no connection free within the pool timeout", request=request) from None
            else:
                await self._slots.acquire()
        self._busy += 1

    def _idle_connection(self, key: tuple[bytes, bytes, int], loop: asyncio.AbstractEventLoop) -> _Connection | None:
        idle = self._idle.get(key)
        now = self._clock()
        while idle:
            conn = idle.pop()
            self._idle_count -= 1
            expired = self._expiry is not None and now - conn.idle_since > self._expiry
            # the loop may not have delivered what arrived since the last answer yet: ask the socket itself
            if conn.usable and not expired and conn.loop is loop and not conn.has_unread():
                conn.answer = None
                return conn
            conn.close()
        return None

    async def _connect(
        self,
        key: tuple[bytes, bytes, int],
        loop: asyncio.AbstractEventLoop,
        timeout: float | None,
        deadline: float | None,
        request: httpx.Request,
    ) -> _Connection:
        scheme, host, port = key
        left = timeout
        if deadline is not None:
            left = deadline - loop.time() if left is None else min(left, deadline - loop.time())
            if left <= 0:
                raise httpx.ConnectTimeout("the call's deadline passed", request=request)
        tls: dict[str, Any] = {}
        if scheme == b"https":
            if self._ssl is None:
                self._ssl = httpx.create_ssl_context()
            tls = {"ssl": self._ssl, "server_hostname": host.decode("ascii")}
        conn = _Connection(loop)
        try:
            await asyncio.wait_for(loop.create_connection(lambda: conn, host.decode("ascii"), port, **tls), left)
        except TimeoutError as exc:
            raise httpx.ConnectTimeout("connect timed out", request=request) from exc
        except OSError as exc:  # ssl.SSLError included
            raise httpx.ConnectError(str(exc) or type(exc).__name__, request=request) from exc
        return conn

    def _give_back(self, key: tuple[bytes, bytes, int], conn: _Connection | None, reusable: bool) -> None:
        self._busy -= 1
        if conn is not None:
            if reusable and conn.usable and not self._closed and (self._keep is None or self._idle_count < self._keep):
                conn.idle_since = self._clock()
                self._idle.setdefault(key, []).append(conn)
                self._idle_count += 1
            else:
                conn.close()
        if self._slots is not None:
            self._slots.release()

    def connections_in_use(self) -> int:
        """How many requests hold a connection right now, on either path (0 once every call returned)."""
        other = self._other.connections_in_use() if self._other is not None else 0
        return self._busy + other

    async def aclose(self) -> None:
        self._closed = True
        idle = [c for conns in self._idle.values() for c in conns]
        self._idle.clear()
        self._idle_count = 0
        for conn in idle:
            conn.close()
        other, self._other = self._other, None
        if other is not None:
            await other.aclose()
