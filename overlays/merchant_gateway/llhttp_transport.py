"""A sync transport on llhttp (Node.js's HTTP/1.1 parser, through the maintained ``httptools`` package) with the
guarantees of :class:`~merchant_gateway.transports.GatewayTransport`: one deadline per request, connect to last
byte; answers capped at ``max_answer_bytes`` (raw and decoded, interim heads counted); a connection that read
past its answer, or that has bytes waiting while idle, never carries another request.

Why this module exists (issue 24): per call, httpcore's pool and h11's pure-Python state machine cost more CPU
than the rest of the client; llhttp parses in C. What is left in Python here is a keep-alive pool of plain
sockets, one ``sendall`` per request (head and body together: one packet for a small debit where httpcore
writes two), and the same leftover check and body reader as the httpcore transports. Everything in an exchange that is
not I/O (request bytes, refusals, the answer's assembly, cap, leftover decision, deadlines, errors) is in
:mod:`merchant_gateway.llhttp_exchange`, written once for this transport and the async one.

Requests to a host that the environment names a proxy for, and HEAD requests, go through a
:class:`GatewayTransport` kept for them, so a proxied call has every guarantee of that transport (httpcore's
proxy pool).

Strict in what is sent: a request with a header name that is not a token, a CR, LF or NUL in a header value or
the target, is refused before a byte is written (``httpx.LocalProtocolError``, as h11 would). Strict in what is
read: llhttp with none of its leniencies; a ``101`` is refused; an answer framed by neither Content-Length nor
chunked ends at the connection's end (RFC 9112 6.3), and the connection is not reused.
"""

from __future__ import annotations

import socket
import threading

import httpx

from .llhttp_exchange import (
    Answer,
    Key,
    PoolSettings,
    head,
    key_of,
    os_error,
    pool_timeout,
    readable,
    time_left,
)
from .transports import GatewayTransport

_READ = 64 * 1024


class _Connection:
    __slots__ = ("idle_since", "sock")

    def __init__(self, sock: socket.socket) -> None:
        self.sock = sock
        self.idle_since = 0.0


class LlhttpTransport(PoolSettings, httpx.BaseTransport):
    """Sync transport on llhttp: a keep-alive pool of sockets per (scheme, host, port), a deadline of
    ``deadline`` seconds per request (connect to last byte), answers capped at ``max_answer_bytes``; with
    ``trust_env``, requests to a host the environment names a proxy for go through a GatewayTransport.
    What is not I/O is in :mod:`merchant_gateway.llhttp_exchange`, shared with the async transport."""

    def _open(self) -> None:
        self._slots = None if self._max is None else threading.BoundedSemaphore(self._max)
        self._lock = threading.Lock()
        self._idle: dict[Key, list[_Connection]] = {}
        self._other: GatewayTransport | None = None

    def _httpcore_transport(self) -> GatewayTransport:
        with self._lock:
            if self._other is None:
                self._other = GatewayTransport(
                    limits=self._limits, deadline=self._deadline, max_answer_bytes=self._limit, clock=self._clock
                )
            return self._other

    # --- one request ---------------------------------------------------------------------------------------

    def handle_request(self, request: httpx.Request) -> httpx.Response:
        if self._elsewhere(request):
            return self._httpcore_transport().handle_request(request)
        key = key_of(request)
        deadline = None if self._deadline is None else self._clock() + self._deadline
        timeouts = request.extensions.get("timeout") or {}
        wire = head(request) + request.read()
        self._take_slot(timeouts.get("pool"), request)
        reusable = False
        conn: _Connection | None = None
        try:
            conn = self._idle_connection(key) or self._connect(key, timeouts.get("connect"), deadline, request)
            sock = conn.sock
            try:
                sock.settimeout(time_left(self._clock(), deadline, timeouts.get("write"), httpx.WriteTimeout, request))
                sock.sendall(wire)
            except OSError as exc:
                raise os_error(exc, httpx.WriteTimeout, httpx.WriteError, "write", request) from exc
            answer = Answer(self._limit, request)
            self._read_answer(sock, answer, timeouts.get("read"), deadline)
            response = answer.response()
            reusable = answer.reusable()
        finally:
            self._give_back(key, conn, reusable)
        return response

    def _read_answer(self, sock: socket.socket, answer: Answer, timeout: float | None, deadline: float | None) -> None:
        request = answer.request
        while not answer.done:
            try:
                sock.settimeout(time_left(self._clock(), deadline, timeout, httpx.ReadTimeout, request))
                data = sock.recv(_READ)
            except OSError as exc:
                raise os_error(exc, httpx.ReadTimeout, httpx.ReadError, "read", request) from exc
            if not data:
                answer.ended()  # whole when framed by the close, else RemoteProtocolError
                return
            answer.receive(data)

    # --- the pool ------------------------------------------------------------------------------------------

    def _take_slot(self, timeout: float | None, request: httpx.Request) -> None:
        self._refuse_if_closed(request)
        if self._slots is not None and not self._slots.acquire(timeout=-1 if timeout is None else timeout):
            raise pool_timeout(request)
        with self._lock:
            self._busy += 1

    def _idle_connection(self, key: Key) -> _Connection | None:
        now = self._clock()
        while True:
            with self._lock:
                idle = self._idle.get(key)
                if not idle:
                    return None
                conn = idle.pop()
            if self._expired(conn.idle_since, now) or readable(conn.sock):
                conn.sock.close()
                continue
            return conn

    def _connect(self, key: Key, timeout: float | None, deadline: float | None, request: httpx.Request) -> _Connection:
        scheme, host, port = key
        try:
            left = time_left(self._clock(), deadline, timeout, httpx.ConnectTimeout, request)
            sock = socket.create_connection((host.decode("ascii"), port), timeout=left)
        except OSError as exc:
            raise os_error(exc, httpx.ConnectTimeout, httpx.ConnectError, "connect", request) from exc
        sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        if scheme == b"https":
            try:
                sock.settimeout(time_left(self._clock(), deadline, timeout, httpx.ConnectTimeout, request))
                sock = self._ssl_context().wrap_socket(sock, server_hostname=host.decode("ascii"))
            except OSError as exc:  # ssl.SSLError included
                sock.close()
                raise os_error(exc, httpx.ConnectTimeout, httpx.ConnectError, "TLS handshake", request) from exc
            except BaseException:
                sock.close()
                raise
        return _Connection(sock)

    def _give_back(self, key: Key, conn: _Connection | None, reusable: bool) -> None:
        with self._lock:
            self._busy -= 1
            if conn is not None and reusable and self._keeps(sum(map(len, self._idle.values()))):
                conn.idle_since = self._clock()
                self._idle.setdefault(key, []).append(conn)
                conn = None
        if conn is not None:
            conn.sock.close()
        if self._slots is not None:
            self._slots.release()

    def connections_in_use(self) -> int:
        """How many requests hold a connection right now, direct and proxied (0 once every call returned)."""
        other = self._other.connections_in_use() if self._other is not None else 0
        return self._busy + other

    def close(self) -> None:
        with self._lock:
            self._closed = True
            idle = [c for conns in self._idle.values() for c in conns]
            self._idle.clear()
            other, self._other = self._other, None
        for conn in idle:
            conn.sock.close()
        if other is not None:
            other.close()
