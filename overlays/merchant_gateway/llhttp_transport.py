"""A sync transport on llhttp (Node.js's HTTP/1.1 parser, through the maintained ``httptools`` package) with the
guarantees of :class:`~merchant_gateway.transports.GatewayTransport`: one deadline per request, connect to last
byte; answers capped at ``max_answer_bytes`` (raw and decoded, interim heads counted); a connection that read
past its answer, or that has bytes waiting while idle, never carries another request.

Why this module exists (issue 24): per call, httpcore's pool and h11's pure-Python state machine cost more CPU
than the rest of the client; llhttp parses in C. What is left in Python here is a keep-alive pool of plain
sockets, one ``sendall`` per request (head and body together: one packet for a small debit where httpcore
writes two), and the same leftover check and body reader as the default transport.

Requests to a host that the environment names a proxy for, and HEAD requests, go through a
:class:`GatewayTransport` kept for them, so a proxied call has every guarantee of that transport (httpcore's
proxy pool).

Strict in what is sent: a request with a header name that is not a token, a CR, LF or NUL in a header value or
the target, is refused before a byte is written (``httpx.LocalProtocolError``, as h11 would). Strict in what is
read: llhttp with none of its leniencies; a ``101`` is refused; an answer framed by neither Content-Length nor
chunked ends at the connection's end (RFC 9112 6.3), and the connection is not reused.
"""

from __future__ import annotations

import re
import select
import socket
import ssl
import threading
import time
from collections.abc import Callable
from typing import Any

import httptools
import httpx

from .config import MAX_ANSWER_BYTES
from .transports import GatewayTransport, environment_proxy
from .transports._limits import _Exchange, _Reader

_TOKEN = re.compile(rb"[!#$%&'*+\-.^_`|~0-9A-Za-z]+")
_BAD_VALUE = re.compile(rb"[\x00\r\n]|^[ \t]|[ \t]$")
_BAD_TARGET = re.compile(rb"[\x00-\x20\x7f]")
_READ = 64 * 1024


class _Stop(Exception):
    """Raised inside the parser when a second message starts after the answer: parsing stops there."""


class _Answer:
    """llhttp's callbacks for one request's answer: interim (1xx) answers are passed over; the final one's head
    is kept and its body fed to a capped :class:`_Reader`."""

    __slots__ = (
        "close_delimited",
        "done",
        "error",
        "headers",
        "interim",
        "keep_alive",
        "limit",
        "parser",
        "reader",
        "reason",
        "request",
        "status",
    )

    def __init__(self, limit: int, request: httpx.Request) -> None:
        self.limit = limit
        self.request = request
        self.headers: list[tuple[bytes, bytes]] = []
        self.reason = b""
        self.status = 0
        self.interim = False
        self.done = False
        self.close_delimited = False
        self.keep_alive = False
        self.reader: _Reader | None = None
        self.error: Exception | None = None
        self.parser = httptools.HttpResponseParser(self)

    def on_message_begin(self) -> None:
        if self.done:
            raise _Stop

    def on_status(self, reason: bytes) -> None:
        self.reason += reason

    def on_header(self, name: bytes, value: bytes) -> None:
        self.headers.append((name, value))

    def on_headers_complete(self) -> None:
        status = self.parser.get_status_code()
        if status == 101:
            self.error = httpx.RemoteProtocolError("the gateway switched protocols", request=self.request)
            raise self.error
        self.status = status
        self.interim = status < 200
        if self.interim:
            return
        names = {name.lower() for name, _ in self.headers}
        self.close_delimited = b"content-length" not in names and b"transfer-encoding" not in names
        try:
            self.reader = _Reader(self.headers, self.limit, self.request)
        except Exception as exc:
            self.error = exc
            raise

    def on_body(self, body: bytes) -> None:
        assert self.reader is not None
        try:
            self.reader.feed(body)
        except Exception as exc:
            self.error = exc
            raise

    def on_message_complete(self) -> None:
        if self.interim:
            self.headers = []
            self.reason = b""
        else:
            # asked here: once the callback returns, llhttp has moved on to the next message's state
            self.keep_alive = self.parser.should_keep_alive()
            self.done = True


class _Connection:
    __slots__ = ("idle_since", "sock")

    def __init__(self, sock: socket.socket) -> None:
        self.sock = sock
        self.idle_since = 0.0


def _readable(sock: Any) -> bool:  # a socket, or asyncio's view of one
    """True when an idle connection has bytes (or its end) waiting: a server that sent something unasked."""
    if isinstance(sock, ssl.SSLSocket) and sock.pending():
        return True
    if hasattr(select, "poll"):  # select() fails on descriptors above FD_SETSIZE
        poller = select.poll()
        poller.register(sock, select.POLLIN)
        return bool(poller.poll(0))
    return bool(select.select([sock], [], [], 0)[0])


class LlhttpTransport(httpx.BaseTransport):
    """Sync transport on llhttp: a keep-alive pool of sockets per (scheme, host, port), a deadline of
    ``deadline`` seconds per request (connect to last byte), answers capped at ``max_answer_bytes``; with
    ``trust_env``, requests to a host the environment names a proxy for go through a GatewayTransport."""

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
        self._slots = None if limits.max_connections is None else threading.BoundedSemaphore(limits.max_connections)
        self._lock = threading.Lock()
        self._idle: dict[tuple[bytes, bytes, int], list[_Connection]] = {}
        self._busy = 0
        self._direct: dict[tuple[str, str], bool] = {}
        self._other: GatewayTransport | None = None
        self._ssl: ssl.SSLContext | None = None
        self._closed = False

    def __repr__(self) -> str:
        return f"{type(self).__name__}(deadline={self._deadline}, max_answer_bytes={self._limit})"

    # --- routing -------------------------------------------------------------------------------------------

    def _is_direct(self, url: httpx.URL) -> bool:
        if not self._trust_env:
            return True
        key = (url.scheme, url.host)
        direct = self._direct.get(key)
        if direct is None:
            direct = self._direct[key] = environment_proxy(*key) is None
        return direct

    def _httpcore_transport(self) -> GatewayTransport:
        with self._lock:
            if self._other is None:
                self._other = GatewayTransport(
                    limits=self._limits, deadline=self._deadline, max_answer_bytes=self._limit, clock=self._clock
                )
            return self._other

    # --- one request ---------------------------------------------------------------------------------------

    def handle_request(self, request: httpx.Request) -> httpx.Response:
        url = request.url
        # HEAD: httptools cannot tell llhttp that the answer to it has no body; the gateway never sends one
        if request.method == "HEAD" or not self._is_direct(url):
            return self._httpcore_transport().handle_request(request)
        scheme = url.raw_scheme
        if scheme not in (b"http", b"https"):
            raise httpx.UnsupportedProtocol(f"unsupported scheme {url.scheme!r}", request=request)
        deadline = None if self._deadline is None else self._clock() + self._deadline
        timeouts = request.extensions.get("timeout") or {}
        wire = _head(request) + request.read()
        port = url.port or (443 if scheme == b"https" else 80)
        key = (scheme, url.raw_host, port)
        self._take_slot(timeouts.get("pool"), request)
        reusable = False
        conn: _Connection | None = None
        try:
            conn = self._idle_connection(key) or self._connect(key, timeouts.get("connect"), deadline, request)
            sock = conn.sock
            try:
                sock.settimeout(self._left(timeouts.get("write"), deadline, httpx.WriteTimeout, request))
                sock.sendall(wire)
            except TimeoutError as exc:
                raise httpx.WriteTimeout(str(exc) or "write timed out", request=request) from exc
            except OSError as exc:
                raise httpx.WriteError(str(exc) or type(exc).__name__, request=request) from exc
            answer, exchange, eof = self._read_answer(sock, timeouts.get("read"), deadline, request)
            assert answer.reader is not None
            body = answer.reader.finish()
            reusable = (
                not eof
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

    def _read_answer(
        self, sock: socket.socket, timeout: float | None, deadline: float | None, request: httpx.Request
    ) -> tuple[_Answer, _Exchange, bool]:
        answer = _Answer(self._limit, request)
        exchange = _Exchange(self._limit)
        parser = answer.parser
        while not answer.done:
            try:
                sock.settimeout(self._left(timeout, deadline, httpx.ReadTimeout, request))
                data = sock.recv(_READ)
            except TimeoutError as exc:
                raise httpx.ReadTimeout(str(exc) or "read timed out", request=request) from exc
            except OSError as exc:
                raise httpx.ReadError(str(exc) or type(exc).__name__, request=request) from exc
            if not data:
                if answer.close_delimited and answer.reader is not None:
                    return answer, exchange, True
                raise httpx.RemoteProtocolError(
                    "Server disconnected without sending a complete answer", request=request
                )
            try:
                exchange.add(data)
            except Exception as exc:  # the cap, counted over every byte read (interim heads included)
                raise httpx.ReadError(str(exc), request=request) from exc
            try:
                parser.feed_data(data)
            except httptools.HttpParserError as exc:
                if answer.done:  # more bytes after the answer: the leftover check retires the connection
                    break
                error = answer.error
                if error is not None:
                    raise error from exc
                raise httpx.RemoteProtocolError(f"malformed answer: {exc}", request=request) from exc
        return answer, exchange, False

    def _left(
        self, timeout: float | None, deadline: float | None, expired: type[httpx.TimeoutException], request: Any
    ) -> float | None:
        if deadline is None:
            return timeout
        left = deadline - self._clock()
        if left <= 0:
            raise expired("the call's deadline passed", request=request)
        return left if timeout is None else min(timeout, left)

    # --- the pool ------------------------------------------------------------------------------------------

    def _take_slot(self, timeout: float | None, request: httpx.Request) -> None:
        if self._closed:
            raise httpx.ConnectError("the transport is closed", request=request)
        if self._slots is not None and not self._slots.acquire(timeout=-1 if timeout is None else timeout):
            raise httpx.PoolTimeout("no connection free within the pool timeout", request=request)
        with self._lock:
            self._busy += 1

    def _idle_connection(self, key: tuple[bytes, bytes, int]) -> _Connection | None:
        now = self._clock()
        while True:
            with self._lock:
                idle = self._idle.get(key)
                if not idle:
                    return None
                conn = idle.pop()
            expired = self._expiry is not None and now - conn.idle_since > self._expiry
            if expired or _readable(conn.sock):
                conn.sock.close()
                continue
            return conn

    def _connect(
        self, key: tuple[bytes, bytes, int], timeout: float | None, deadline: float | None, request: httpx.Request
    ) -> _Connection:
        scheme, host, port = key
        try:
            left = self._left(timeout, deadline, httpx.ConnectTimeout, request)
            sock = socket.create_connection((host.decode("ascii"), port), timeout=left)
        except TimeoutError as exc:
            raise httpx.ConnectTimeout(str(exc) or "connect timed out", request=request) from exc
        except OSError as exc:
            raise httpx.ConnectError(str(exc) or type(exc).__name__, request=request) from exc
        sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        if scheme == b"https":
            try:
                sock.settimeout(self._left(timeout, deadline, httpx.ConnectTimeout, request))
                if self._ssl is None:
                    self._ssl = httpx.create_ssl_context()
                sock = self._ssl.wrap_socket(sock, server_hostname=host.decode("ascii"))
            except TimeoutError as exc:
                sock.close()
                raise httpx.ConnectTimeout(str(exc) or "TLS handshake timed out", request=request) from exc
            except OSError as exc:  # ssl.SSLError included
                sock.close()
                raise httpx.ConnectError(str(exc) or type(exc).__name__, request=request) from exc
            except BaseException:
                sock.close()
                raise
        return _Connection(sock)

    def _give_back(self, key: tuple[bytes, bytes, int], conn: _Connection | None, reusable: bool) -> None:
        with self._lock:
            self._busy -= 1
            if conn is not None and reusable and not self._closed:
                idle = self._idle.setdefault(key, [])
                if self._keep is None or sum(map(len, self._idle.values())) < self._keep:
                    conn.idle_since = self._clock()
                    idle.append(conn)
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


def _head(request: httpx.Request) -> bytes:
    """The request line and header block, refused (before anything is sent) where h11 would refuse them."""
    method = request.method.encode("ascii")
    target = request.url.raw_path
    if not _TOKEN.fullmatch(method) or not target or _BAD_TARGET.search(target):
        raise httpx.LocalProtocolError("illegal request line", request=request)
    parts = [method, b" ", target, b" HTTP/1.1\r\n"]
    for name, value in request.headers.raw:
        if not _TOKEN.fullmatch(name) or _BAD_VALUE.search(value):
            raise httpx.LocalProtocolError(f"illegal header {name[:64]!r}", request=request)
        parts += (name, b": ", value, b"\r\n")
    parts.append(b"\r\n")
    return b"".join(parts)
