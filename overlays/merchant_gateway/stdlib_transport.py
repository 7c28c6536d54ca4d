"""A sync httpx transport over the standard library's ``http.client``, with a keep-alive pool.

Why this module exists: per call, httpcore's pure-Python HTTP/1.1 machinery (h11 state machine, pool
bookkeeping) costs more than ``http.client`` plus a small pool, and urllib3's pool wraps ``http.client`` in still
more layers; measured side by side (docs/performance.md, bench/transports.py) this transport is the fastest sync
option, with nothing to install. It is the default under :class:`~merchant_gateway.Gateway`; httpx's own transport
stays the fallback (``Gateway(transport=httpx.HTTPTransport())``) and is used whenever a proxy is configured.

What a payment client needs from the error mapping: a failure is a connect error (``httpx.ConnectError`` /
``ConnectTimeout`` / ``PoolTimeout``: nothing was sent, safe to send again) only while no byte of the request
has been written; once it has, every failure is a write/read/protocol error, whose outcome is unknown.

Scope: HTTP/1.1 with keep-alive; whole answers are read before the response is returned (gateway answers are
small JSON documents); no proxies.
"""

from __future__ import annotations

import http.client
import select
import socket
import ssl
import time
from collections.abc import Callable
from queue import Empty, SimpleQueue

import httpx

_HTTP_VERSIONS = {10: b"HTTP/1.0", 11: b"HTTP/1.1"}


def _dropped(sock: socket.socket | None) -> bool:
    """True when an idle pooled connection was closed by the server (readable while idle means EOF or junk)."""
    if sock is None:
        return True
    try:
        if hasattr(select, "poll"):  # select.select cannot watch descriptors above FD_SETSIZE
            poller = select.poll()
            poller.register(sock, select.POLLIN)
            return bool(poller.poll(0))
        readable, _, _ = select.select([sock], [], [], 0)
    except (OSError, ValueError):
        return True
    return bool(readable)


class StdlibTransport(httpx.BaseTransport):
    """``httpx.BaseTransport`` over ``http.client`` connections kept alive per origin (scheme, host, port).

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
        self._idle: dict[tuple[bytes, str, int], list[tuple[http.client.HTTPConnection, float]]] = {}
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
        url = request.url
        origin = (url.raw_scheme, url.host, url.port or (443 if url.raw_scheme == b"https" else 80))
        conn = self._checkout(origin)
        if conn is None:
            conn = self._connect(request, origin, timeouts.get("connect"))
        assert conn.sock is not None
        read_timeout = timeouts.get("read")
        conn.sock.settimeout(read_timeout)
        try:
            try:
                self._write(conn, request)
            except TimeoutError as exc:
                raise httpx.WriteTimeout(str(exc), request=request) from exc
            except (OSError, http.client.HTTPException) as exc:
                raise httpx.WriteError(str(exc) or type(exc).__name__, request=request) from exc
            try:
                answer = conn.getresponse()
                content = answer.read()
            except TimeoutError as exc:
                raise httpx.ReadTimeout(str(exc), request=request) from exc
            except (http.client.HTTPException, ConnectionError) as exc:
                # server closed or sent something that is not HTTP: it may have acted on the request
                raise httpx.RemoteProtocolError(str(exc) or type(exc).__name__, request=request) from exc
            except OSError as exc:
                raise httpx.ReadError(str(exc) or type(exc).__name__, request=request) from exc
        except BaseException:
            conn.close()
            raise
        if answer.will_close or self._closed:
            conn.close()
        else:
            self._checkin(origin, conn)
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

    @staticmethod
    def _write(conn: http.client.HTTPConnection, request: httpx.Request) -> None:
        # httpx already set Host, Accept-Encoding and Content-Length / Transfer-Encoding: send its headers as is
        conn.putrequest(request.method, request.url.raw_path.decode("ascii"), skip_host=True, skip_accept_encoding=True)
        chunked = False
        for name, value in request.headers.raw:
            conn.putheader(name, value)
            chunked = chunked or (name.lower() == b"transfer-encoding" and value.lower() == b"chunked")
        if chunked:
            assert isinstance(request.stream, httpx.SyncByteStream)
            conn.endheaders(iter(request.stream), encode_chunked=True)
        else:
            conn.endheaders(request.read() or None)

    def _checkout(self, origin: tuple[bytes, str, int]) -> http.client.HTTPConnection | None:
        idle = self._idle.get(origin)
        now = self._clock()
        while idle:
            try:
                conn, since = idle.pop()  # newest first: the one most likely still open
            except IndexError:  # another thread took the last one
                return None
            if (self._expiry is not None and now - since > self._expiry) or _dropped(conn.sock):
                conn.close()
                continue
            return conn
        return None

    def _checkin(self, origin: tuple[bytes, str, int], conn: http.client.HTTPConnection) -> None:
        idle = self._idle.setdefault(origin, [])
        if self._keepalive is not None and len(idle) >= self._keepalive:
            conn.close()
            return
        idle.append((conn, self._clock()))

    def _connect(
        self, request: httpx.Request, origin: tuple[bytes, str, int], timeout: float | None
    ) -> http.client.HTTPConnection:
        scheme, host, port = origin
        conn: http.client.HTTPConnection
        if scheme == b"https":
            if self._ssl_context is None:
                self._ssl_context = httpx.create_ssl_context()
            conn = http.client.HTTPSConnection(host, port, timeout=timeout, context=self._ssl_context)
        elif scheme == b"http":
            conn = http.client.HTTPConnection(host, port, timeout=timeout)
        else:
            raise httpx.UnsupportedProtocol(f"unsupported URL scheme {scheme.decode()!r}", request=request)
        try:
            conn.connect()  # nothing of the request is written before this returns
        except TimeoutError as exc:
            conn.close()
            raise httpx.ConnectTimeout(str(exc), request=request) from exc
        except OSError as exc:  # refused, unreachable, DNS, TLS handshake
            conn.close()
            raise httpx.ConnectError(str(exc) or type(exc).__name__, request=request) from exc
        return conn

    def close(self) -> None:
        self._closed = True
        idle, self._idle = self._idle, {}
        for conns in idle.values():
            for conn, _ in conns:
                conn.close()
