"""A sync httpx transport over the standard library: plain sockets, ``http.client`` to read answers, a keep-alive pool.

Why this module exists: per call, httpcore's pure-Python HTTP/1.1 machinery (h11 state machine, pool
bookkeeping) costs more than a socket write plus ``http.client``'s response parser, and urllib3's pool wraps
``http.client`` in still more layers; measured side by side (docs/performance.md, bench/transports.py) this
transport is the fastest sync option, with nothing to install. It is the default under
:class:`~merchant_gateway.Gateway`; httpx's own transport stays the fallback
(``Gateway(transport=httpx.HTTPTransport())``) and is used whenever a proxy is configured.

Requests are written by hand, not with ``http.client.HTTPConnection``: it sends the header block and the body
in two writes (two segments, two wake-ups of the server) and re-validates every header httpx already built.
Header values are still checked for CR, LF and NUL before anything is sent.

What a payment client needs from the error mapping: a failure is a connect error (``httpx.ConnectError`` /
``ConnectTimeout`` / ``PoolTimeout``: nothing was sent, safe to send again) only while no byte of the request
has been written; once it has, every failure is a write/read/protocol error, whose outcome is unknown.

Scope: HTTP/1.1 with keep-alive; whole answers are read before the response is returned (gateway answers are
small JSON documents); no proxies.
"""

from __future__ import annotations

import http.client
import re
import select
import socket
import ssl
import time
from collections.abc import Callable
from queue import Empty, SimpleQueue

import httpx

_HTTP_VERSIONS = {10: b"HTTP/1.0", 11: b"HTTP/1.1"}
_UNSAFE = re.compile(rb"[\r\n\0]")  # would end a header line early: request smuggling
_METHOD = re.compile(rb"[A-Z]+")
Origin = tuple[bytes, str, int]
_HAS_POLL = hasattr(select, "poll")  # not on Windows


def _dropped(sock: socket.socket) -> bool:
    """True when an idle pooled connection was closed by the server (readable while idle means EOF or junk)."""
    try:
        if _HAS_POLL:  # select.select cannot watch descriptors above FD_SETSIZE
            poller = select.poll()
            poller.register(sock, select.POLLIN)
            return bool(poller.poll(0))
        readable, _, _ = select.select([sock], [], [], 0)
    except (OSError, ValueError):
        return True
    return bool(readable)


class StdlibTransport(httpx.BaseTransport):
    """``httpx.BaseTransport`` over sockets kept alive per origin (scheme, host, port).

    ``limits``: at most ``max_connections`` requests at once (a request waits up to the pool timeout for a slot,
    then ``httpx.PoolTimeout``), at most ``max_keepalive_connections`` idle connections per origin, each dropped
    after ``keepalive_expiry`` seconds idle. ``ssl_context`` defaults to httpx's (same CA bundle as httpx).
    """

    def __init__(
        self,
        *,
        limits: httpx.Limits | None = None,
        ssl_context: ssl.SSLContext | None = None,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        limits = limits if limits is not None else httpx.Limits()
        self._keepalive = limits.max_keepalive_connections
        self._expiry = limits.keepalive_expiry
        self._ssl_context = ssl_context
        self._clock = clock
        self._idle: dict[Origin, list[tuple[socket.socket, float]]] = {}
        # one token per connection allowed at once, in a C-level queue (get blocks, with a timeout, when empty)
        self._slots: SimpleQueue[None] | None = None
        if limits.max_connections is not None:
            self._slots = SimpleQueue()
            for _ in range(limits.max_connections):
                self._slots.put(None)
        self._closed = False

    def __repr__(self) -> str:
        return f"{type(self).__name__}(origins={len(self._idle)})"

    def handle_request(self, request: httpx.Request) -> httpx.Response:
        if self._closed:
            raise RuntimeError("the transport is closed")
        timeouts = request.extensions.get("timeout", {})
        slots = self._slots
        if slots is not None:
            try:
                slots.get(timeout=timeouts.get("pool"))
            except Empty:
                raise httpx.PoolTimeout("no connection free within the pool timeout", request=request) from None
        try:
            return self._send(request, timeouts)
        finally:
            if slots is not None:
                slots.put(None)

    def _send(self, request: httpx.Request, timeouts: dict[str, float | None]) -> httpx.Response:
        head, chunks = _serialize(request)  # before any connection is used: a refused request sends nothing
        url = request.url
        origin = (url.raw_scheme, url.host, url.port or (443 if url.raw_scheme == b"https" else 80))
        sock = self._checkout(origin) or self._connect(request, origin, timeouts.get("connect"))
        try:
            sock.settimeout(timeouts.get("read"))
            try:
                if chunks is None:
                    sock.sendall(head)
                else:
                    _send_chunked(sock, head, chunks)
            except OSError as exc:
                failed = httpx.WriteTimeout if isinstance(exc, TimeoutError) else httpx.WriteError
                raise failed(str(exc) or type(exc).__name__, request=request) from exc
            try:
                answer = http.client.HTTPResponse(sock, method=request.method)
                answer.begin()
                content = answer.read()
            except TimeoutError as exc:
                raise httpx.ReadTimeout(str(exc), request=request) from exc
            except (http.client.HTTPException, ConnectionError) as exc:
                # server closed or sent something that is not HTTP: it may have acted on the request
                raise httpx.RemoteProtocolError(str(exc) or type(exc).__name__, request=request) from exc
            except OSError as exc:
                raise httpx.ReadError(str(exc) or type(exc).__name__, request=request) from exc
        except BaseException:
            sock.close()
            raise
        if answer.will_close or self._closed:
            sock.close()
        else:
            self._checkin(origin, sock)
        return httpx.Response(
            answer.status,
            # http.client decodes header bytes as latin-1: hand httpx the bytes as received
            headers=[(name.encode("latin-1"), value.encode("latin-1")) for name, value in answer.getheaders()],
            content=content,
            extensions={
                "http_version": _HTTP_VERSIONS.get(answer.version, b"HTTP/1.1"),
                "reason_phrase": answer.reason.encode("latin-1", "replace"),
            },
        )

    def _checkout(self, origin: Origin) -> socket.socket | None:
        idle = self._idle.get(origin)
        now = self._clock()
        while idle:
            try:
                sock, since = idle.pop()  # newest first: the one most likely still open
            except IndexError:  # another thread took the last one
                return None
            if (self._expiry is not None and now - since > self._expiry) or _dropped(sock):
                sock.close()
                continue
            return sock
        return None

    def _checkin(self, origin: Origin, sock: socket.socket) -> None:
        idle = self._idle.setdefault(origin, [])
        if self._keepalive is not None and len(idle) >= self._keepalive:
            sock.close()
            return
        idle.append((sock, self._clock()))

    def _connect(self, request: httpx.Request, origin: Origin, timeout: float | None) -> socket.socket:
        scheme, host, port = origin
        if scheme not in (b"http", b"https"):
            raise httpx.UnsupportedProtocol(f"unsupported URL scheme {scheme.decode()!r}", request=request)
        sock: socket.socket | None = None
        try:  # nothing of the request is written before this returns
            sock = socket.create_connection((host, port), timeout=timeout)
            sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
            if scheme == b"https":
                if self._ssl_context is None:
                    self._ssl_context = httpx.create_ssl_context()
                sock = self._ssl_context.wrap_socket(sock, server_hostname=host)
        except OSError as exc:  # refused, unreachable, DNS, TLS handshake, or no answer in time
            if sock is not None:
                sock.close()
            failed = httpx.ConnectTimeout if isinstance(exc, TimeoutError) else httpx.ConnectError
            raise failed(str(exc) or type(exc).__name__, request=request) from exc
        return sock

    def close(self) -> None:
        self._closed = True
        idle, self._idle = self._idle, {}
        for socks in idle.values():
            for sock, _ in socks:
                sock.close()


def _serialize(request: httpx.Request) -> tuple[bytes, httpx.SyncByteStream | None]:
    """(request line + headers [+ body], the stream to send chunked or None). httpx already set Host,
    Accept-Encoding and Content-Length / Transfer-Encoding: its headers go out as they are."""
    method = request.method.encode("ascii")
    target = request.url.raw_path
    if not _METHOD.fullmatch(method) or _UNSAFE.search(target):
        raise httpx.LocalProtocolError("invalid request line", request=request)
    lines = [method + b" " + target + b" HTTP/1.1"]
    chunked = False
    for name, value in request.headers.raw:
        if _UNSAFE.search(name) or _UNSAFE.search(value) or b":" in name:
            raise httpx.LocalProtocolError(f"invalid header {name!r}", request=request)
        lines.append(name + b": " + value)
        chunked = chunked or (name.lower() == b"transfer-encoding" and value.lower() == b"chunked")
    lines.append(b"\r\n")
    head = b"\r\n".join(lines)
    if chunked:
        assert isinstance(request.stream, httpx.SyncByteStream)
        return head, request.stream
    return head + request.read(), None  # one write: request line, headers and body in one segment


def _send_chunked(sock: socket.socket, head: bytes, chunks: httpx.SyncByteStream) -> None:
    sock.sendall(head)
    for chunk in chunks:
        if chunk:
            sock.sendall(b"%x\r\n%b\r\n" % (len(chunk), chunk))
    sock.sendall(b"0\r\n\r\n")
