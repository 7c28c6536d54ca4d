"""The async twin of :class:`~merchant_gateway.llhttp_transport.LlhttpTransport`, on asyncio's own protocol API:
each connection is an :class:`asyncio.Protocol` whose ``data_received`` feeds llhttp directly, so an answer is
parsed as it arrives, without a stream reader, a task or anyio in between.

Why this module exists (issue 24): httpcore's async pool runs on anyio, whose locks, cancel scopes and stream
wrappers cost more CPU per call than the rest of AsyncGateway together, and grow with the connections in the
pool. The guarantees are LlhttpTransport's: one deadline per request, connect to last byte (a timer on the event
loop, re-armed by the read timeout while data keeps arriving); the answer cap over every byte received, interim
heads included (the connection is dropped the moment it is passed, so nothing is buffered beyond it); the same
leftover check; a connection that receives anything while idle, or whose peer closed, is never used again; a
request h11 would refuse is refused before a byte is sent. All of that which is not I/O is
:mod:`merchant_gateway.llhttp_exchange`'s, written once for this transport and the sync one; what is here is the
asyncio side: the Protocol's callbacks, the timer, the semaphore, the connect.

Only under asyncio: under any other event loop (trio through anyio), and for hosts the environment names a proxy
for, requests go through an :class:`~merchant_gateway.transports.AsyncGatewayTransport` kept for them.
"""

from __future__ import annotations

import asyncio
from typing import Any

import httpx

from .llhttp_exchange import (
    Answer,
    Key,
    PoolSettings,
    head,
    key_of,
    lost,
    next_expiry,
    os_error,
    pool_timeout,
    readable,
    time_left,
)
from .transports import AsyncGatewayTransport


class _Connection(asyncio.Protocol):
    """One keep-alive connection. Between requests it only records that it may not be reused (bytes nobody asked
    for, the peer's end); during one it feeds the answer to llhttp and wakes the request when the answer is
    whole or the exchange failed."""

    def __init__(self, loop: asyncio.AbstractEventLoop) -> None:
        self.loop = loop
        self.transport: asyncio.Transport | None = None
        self.usable = True
        self.answer: Answer | None = None
        self.waiter: asyncio.Future[None] | None = None
        self.idle_since = 0.0
        self.last_data = 0.0
        self.timer: asyncio.TimerHandle | None = None

    # --- asyncio's callbacks -------------------------------------------------------------------------------

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        assert isinstance(transport, asyncio.Transport)
        self.transport = transport

    def data_received(self, data: bytes) -> None:
        answer = self.answer
        if answer is None or answer.done or self.waiter is None:
            self.usable = False  # unasked bytes: never a request on this connection again
            return
        self.last_data = self.loop.time()
        try:
            answer.receive(data)
        except httpx.HTTPError as exc:
            self._finish(exc)
            return
        if answer.trailing:
            self.usable = False
        if answer.done:
            self._finish(None)

    def eof_received(self) -> bool:
        self.usable = False
        answer = self.answer
        if answer is not None and not answer.done:
            try:
                answer.ended()
            except httpx.HTTPError as exc:
                self._finish(exc)
            else:
                self._finish(None)
        return False  # asyncio closes the transport

    def connection_lost(self, exc: Exception | None) -> None:
        self.usable = False
        answer = self.answer
        if answer is not None and not answer.done and not answer.closed:
            self._finish(lost(exc, answer.request), exc)

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

    async def async_exchange(
        self, wire: bytes, answer: Answer, deadline: float | None, read_timeout: float | None
    ) -> None:
        """Send ``wire`` and wait until ``answer`` is whole; ``deadline`` in the loop's time."""
        assert self.transport is not None
        self.answer = answer
        waiter = self.waiter = self.loop.create_future()
        try:
            self.last_data = self.loop.time()
            self.transport.write(wire)
            if deadline is not None or read_timeout is not None:
                self._arm(deadline, read_timeout)
            await waiter
        finally:
            if self.timer is not None:
                self.timer.cancel()
                self.timer = None
            self.waiter = None
            if not answer.done:
                self.usable = False
            # the answer object stays until the next exchange: bytes arriving after it mark the connection

    def _arm(self, deadline: float | None, read_timeout: float | None) -> None:
        when = next_expiry(deadline, read_timeout, self.last_data)
        assert when is not None
        self.timer = self.loop.call_at(when, self._expired, deadline, read_timeout)

    def _expired(self, deadline: float | None, read_timeout: float | None) -> None:
        waiter = self.waiter
        if waiter is None or waiter.done():
            return
        when = next_expiry(deadline, read_timeout, self.last_data)
        if read_timeout is not None and when is not None and self.loop.time() < when:
            self._arm(deadline, read_timeout)  # data arrived since: the read timeout starts again
            return
        assert self.answer is not None
        assert self.transport is not None
        request = self.answer.request
        if self.transport.get_write_buffer_size():
            self._finish(httpx.WriteTimeout("the request could not be written in time", request=request))
        else:
            self._finish(httpx.ReadTimeout("the answer did not arrive in time", request=request))

    def has_unread(self) -> bool:
        sock = self.transport.get_extra_info("socket") if self.transport is not None else None
        return sock is None or readable(sock)

    def close(self) -> None:
        self.usable = False
        if self.transport is not None:
            self.transport.abort()


class AsyncLlhttpTransport(PoolSettings, httpx.AsyncBaseTransport):
    """Async transport on llhttp under asyncio (see the module's docstring): a keep-alive pool per (scheme, host,
    port), a deadline of ``deadline`` seconds per request, answers capped at ``max_answer_bytes``."""

    def _open(self) -> None:
        self._slots: asyncio.Semaphore | None = None
        self._idle: dict[Key, list[_Connection]] = {}
        self._idle_count = 0
        self._other: AsyncGatewayTransport | None = None

    def _httpcore_transport(self) -> AsyncGatewayTransport:
        if self._other is None:
            self._other = AsyncGatewayTransport(
                limits=self._limits, deadline=self._deadline, max_answer_bytes=self._limit, clock=self._clock
            )
        return self._other

    async def handle_async_request(self, request: httpx.Request) -> httpx.Response:
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:  # not asyncio (trio through anyio)
            loop = None
        if loop is None or self._elsewhere(request):
            return await self._httpcore_transport().handle_async_request(request)
        key = key_of(request)
        deadline = None if self._deadline is None else loop.time() + self._deadline
        timeouts = request.extensions.get("timeout") or {}
        wire = head(request) + await request.aread()
        await self._take_slot(timeouts.get("pool"), request)
        conn: _Connection | None = None
        reusable = False
        try:
            conn = self._idle_connection(key, loop) or await self._connect(
                key, loop, timeouts.get("connect"), deadline, request
            )
            answer = Answer(self._limit, request)
            await conn.async_exchange(wire, answer, deadline, timeouts.get("read"))
            response = answer.response()
            reusable = conn.usable and answer.reusable()
        finally:
            self._give_back(key, conn, reusable)
        return response

    # --- the pool ------------------------------------------------------------------------------------------

    async def _take_slot(self, timeout: float | None, request: httpx.Request) -> None:
        self._refuse_if_closed(request)
        if self._max is not None:
            if self._slots is None:
                self._slots = asyncio.Semaphore(self._max)
            if self._slots.locked():
                try:
                    await asyncio.wait_for(self._slots.acquire(), timeout)
                except TimeoutError:
                    raise pool_timeout(request) from None
            else:
                await self._slots.acquire()
        self._busy += 1

    def _idle_connection(self, key: Key, loop: asyncio.AbstractEventLoop) -> _Connection | None:
        idle = self._idle.get(key)
        now = self._clock()
        while idle:
            conn = idle.pop()
            self._idle_count -= 1
            # the loop may not have delivered what arrived since the last answer yet: ask the socket itself
            if conn.usable and not self._expired(conn.idle_since, now) and conn.loop is loop and not conn.has_unread():
                conn.answer = None
                return conn
            conn.close()
        return None

    async def _connect(
        self,
        key: Key,
        loop: asyncio.AbstractEventLoop,
        timeout: float | None,
        deadline: float | None,
        request: httpx.Request,
    ) -> _Connection:
        scheme, host, port = key
        left = time_left(loop.time(), deadline, timeout, httpx.ConnectTimeout, request)
        tls: dict[str, Any] = {}
        if scheme == b"https":
            tls = {"ssl": self._ssl_context(), "server_hostname": host.decode("ascii")}
        conn = _Connection(loop)
        try:
            await asyncio.wait_for(loop.create_connection(lambda: conn, host.decode("ascii"), port, **tls), left)
        except OSError as exc:  # TimeoutError and ssl.SSLError included
            raise os_error(exc, httpx.ConnectTimeout, httpx.ConnectError, "connect", request) from exc
        return conn

    def _give_back(self, key: Key, conn: _Connection | None, reusable: bool) -> None:
        self._busy -= 1
        if conn is not None:
            if reusable and conn.usable and self._keeps(self._idle_count):
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
