"""One request's exchange over llhttp, everything in it that is not I/O, written once for both llhttp transports
(:class:`~merchant_gateway.llhttp_transport.LlhttpTransport` on blocking sockets,
:class:`~merchant_gateway.async_llhttp_transport.AsyncLlhttpTransport` on an asyncio Protocol): the request's
bytes and the headers refused before sending, the llhttp callbacks that assemble the answer, the cap over every
byte received, the leftover decision, the deadline arithmetic, the errors and their wording, and the pool's
settings and routing.

Why a module of its own: the two transports wait in ways that do not map name for name (a blocking ``recv`` loop
and a semaphore; asyncio's ``data_received`` callbacks, a future and a timer on the loop), so neither is derived
from the other (tools/derive_sync.py's TWIN_EXCEPTIONS names the pairs left and why). What each still holds is
only its network primitives: take a pool slot, connect, send, wait for the answer, give the connection back.
"""

from __future__ import annotations

import re
import select
import ssl
import time
from collections.abc import Callable
from typing import Any

import httpcore
import httptools
import httpx

from .config import MAX_ANSWER_BYTES
from .transports import environment_proxy
from .transports._limits import _Exchange, _Reader

_TOKEN = re.compile(rb"[!#$%&'*+\-.^_`|~0-9A-Za-z]+")
_BAD_VALUE = re.compile(rb"[\x00\r\n]|^[ \t]|[ \t]$")
_BAD_TARGET = re.compile(rb"[\x00-\x20\x7f]")

# The peer closed the connection before the answer was whole. httpcore's words, which users and their log searches
# know; whether the gateway acted on the request is unknown, and the gateway says so (OutcomeUnknown: reconcile).
DISCONNECTED = "Server disconnected without sending a complete answer"
LOST = "the connection was closed before the answer was complete"

Key = tuple[bytes, bytes, int]  # (scheme, host, port): one keep-alive pool per key


# Header pairs that passed the check above: most of a call's headers (Accept, User-Agent, Content-Type, Host ...)
# are the same on every call, and two regular expressions per header were a few microseconds of every request.
# Bounded: short pairs only, and forgotten all at once when full.
_PASSED: dict[tuple[bytes, bytes], None] = {}
_PASSED_PAIRS = 256
_PASSED_VALUE = 256
# never kept: credentials (a token must not outlive its client in a module's memory) and the per-call signature
_UNREMEMBERED = frozenset((b"authorization", b"proxy-authorization", b"cookie", b"x-verify"))


class _Stop(Exception):
    """Raised inside the parser when a second message starts after the answer: parsing stops there."""


def head(request: httpx.Request) -> bytes:
    """The request line and header block, refused (before anything is sent) where h11 would refuse them."""
    method = request.method.encode("ascii")
    target = request.url.raw_path
    if not _TOKEN.fullmatch(method) or not target or _BAD_TARGET.search(target):
        raise httpx.LocalProtocolError("illegal request line", request=request)
    parts = [method, b" ", target, b" HTTP/1.1\r\n"]
    passed = _PASSED
    for name, value in request.headers.raw:
        if (name, value) not in passed:
            if not _TOKEN.fullmatch(name) or _BAD_VALUE.search(value):
                raise httpx.LocalProtocolError(f"illegal header {name[:64]!r}", request=request)
            if len(value) <= _PASSED_VALUE and len(name) <= _PASSED_VALUE and name.lower() not in _UNREMEMBERED:
                if len(passed) >= _PASSED_PAIRS:
                    passed.clear()
                passed[name, value] = None
        parts += (name, b": ", value, b"\r\n")
    parts.append(b"\r\n")
    return b"".join(parts)


def key_of(request: httpx.Request) -> Key:
    """The pool ``request`` goes to; an unsupported scheme is refused before anything is sent."""
    url = request.url
    scheme = url.raw_scheme
    if scheme not in (b"http", b"https"):
        raise httpx.UnsupportedProtocol(f"unsupported scheme {url.scheme!r}", request=request)
    return scheme, url.raw_host, url.port or (443 if scheme == b"https" else 80)


def time_left(
    now: float,
    deadline: float | None,
    timeout: float | None,
    expired: type[httpx.TimeoutException],
    request: httpx.Request,
) -> float | None:
    """``timeout`` cut to the time left before ``deadline`` (both read on one clock, ``now``); ``expired`` once
    none is left."""
    if deadline is None:
        return timeout
    left = deadline - now
    if left <= 0:
        raise expired("the call's deadline passed", request=request)
    return left if timeout is None else min(timeout, left)


def next_expiry(deadline: float | None, read_timeout: float | None, last_data: float) -> float | None:
    """When a wait for the answer ends: the read timeout after the last data, never after the deadline."""
    if read_timeout is None:
        return deadline
    when = last_data + read_timeout
    return when if deadline is None or when < deadline else deadline


def os_error(
    exc: OSError, timed_out: type[httpx.TimeoutException], failed: type[httpx.TransportError], what: str, request: Any
) -> httpx.TransportError:
    """An OSError of one phase (connect, write, read) as httpx's error of that phase: the client's phase rule
    (merchant_gateway/_core.py) reads "may have been sent" from anything but a connect error."""
    if isinstance(exc, TimeoutError):
        return timed_out(str(exc) or f"{what} timed out", request=request)
    return failed(str(exc) or type(exc).__name__, request=request)


def lost(exc: BaseException | None, request: httpx.Request) -> httpx.ReadError:
    """The connection ended without the peer's clean close (a reset, say) before the answer was whole."""
    return httpx.ReadError(str(exc) if exc else LOST, request=request)


def readable(sock: Any) -> bool:  # a socket, or asyncio's view of one
    """True when an idle connection has bytes (or its end) waiting: a server that sent something unasked."""
    if isinstance(sock, ssl.SSLSocket) and sock.pending():
        return True
    if hasattr(select, "poll"):  # select() fails on descriptors above FD_SETSIZE
        poller = select.poll()
        poller.register(sock, select.POLLIN)
        return bool(poller.poll(0))
    return bool(select.select([sock], [], [], 0)[0])


class Answer:
    """One request's answer as it arrives: every byte counted against the cap (interim heads included) and fed to
    llhttp, whose callbacks pass interim (1xx) answers over, keep the final one's head and feed its body to a
    capped :class:`~merchant_gateway.transports._limits._Reader`. :meth:`receive` raises the httpx error the
    exchange ends in."""

    __slots__ = (
        "close_delimited",
        "closed",
        "done",
        "error",
        "exchange",
        "headers",
        "interim",
        "keep_alive",
        "limit",
        "parser",
        "reader",
        "reason",
        "request",
        "status",
        "trailing",
    )

    def __init__(self, limit: int, request: httpx.Request) -> None:
        self.limit = limit
        self.request = request
        self.exchange = _Exchange(limit)
        self.headers: list[tuple[bytes, bytes]] = []
        self.reason = b""
        self.status = 0
        self.interim = False
        self.done = False
        self.close_delimited = False
        self.keep_alive = False
        self.closed = False  # the peer's end was read
        self.trailing = False  # bytes arrived after the whole answer
        self.reader: _Reader | None = None
        self.error: Exception | None = None
        self.parser = httptools.HttpResponseParser(self)

    # --- what arrived ---------------------------------------------------------------------------------------

    def receive(self, data: bytes) -> None:
        """Count and parse ``data``. Bytes after the whole answer stop the parser and mark the exchange
        (``trailing``): the connection is then not reused."""
        try:
            self.exchange.add(data)
        except httpcore.ReadError as exc:  # the cap, counted over every byte read (interim heads included)
            raise httpx.ReadError(str(exc), request=self.request) from exc
        try:
            self.parser.feed_data(data)
        except httptools.HttpParserError as exc:
            if self.done:
                self.trailing = True
                return
            if self.error is not None:  # raised by a callback below: the refusal it names
                raise self.error from exc
            raise httpx.RemoteProtocolError(f"malformed answer: {exc}", request=self.request) from exc

    def ended(self) -> None:
        """The peer closed the connection (a clean end): the answer is whole if its framing is the close (neither
        Content-Length nor chunked, RFC 9112 6.3), else it was cut short."""
        self.closed = True
        if not (self.close_delimited and self.reader is not None):
            raise httpx.RemoteProtocolError(DISCONNECTED, request=self.request)

    def response(self) -> httpx.Response:
        """The answer, its body decoded (so Content-Encoding is dropped: httpx must not decode it again)."""
        assert self.reader is not None
        body = self.reader.finish()
        headers = [(k, v) for k, v in self.headers if k.lower() != b"content-encoding"]
        return httpx.Response(
            self.status,
            headers=headers,
            content=body,
            extensions={"http_version": b"HTTP/1.1", "reason_phrase": self.reason},
        )

    def reusable(self) -> bool:
        """True when the connection held exactly this answer and may carry another request (the leftover check)."""
        assert self.reader is not None
        return (
            not self.closed
            and not self.trailing
            and not self.close_delimited
            and self.keep_alive
            and not self.exchange.over_read(self.request.method.encode("ascii"), self.reader.raw)
        )

    # --- llhttp's callbacks ---------------------------------------------------------------------------------

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


class PoolSettings:
    """What both llhttp transports hold alike: the settings, the routing (which hosts the environment names a
    proxy for: those requests, and HEAD, go to the httpcore transport kept for them) and the keep-alive rule."""

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
        self._busy = 0
        self._direct: dict[tuple[str, str], bool] = {}
        self._ssl: ssl.SSLContext | None = None
        self._closed = False
        self._open()

    def _open(self) -> None:
        """The flavour's own pool state (its locks, slots and idle connections)."""
        raise NotImplementedError

    def __repr__(self) -> str:
        return f"{type(self).__name__}(deadline={self._deadline}, max_answer_bytes={self._limit})"

    def _elsewhere(self, request: httpx.Request) -> bool:
        """True when ``request`` goes to the httpcore transport: HEAD (httptools cannot tell llhttp that its
        answer has no body; the gateway never sends one), or a host the environment names a proxy for."""
        if request.method == "HEAD":
            return True
        if not self._trust_env:
            return False
        url = request.url
        key = (url.scheme, url.host)
        direct = self._direct.get(key)
        if direct is None:
            direct = self._direct[key] = environment_proxy(*key) is None
        return not direct

    def _ssl_context(self) -> ssl.SSLContext:
        if self._ssl is None:
            self._ssl = httpx.create_ssl_context()
        return self._ssl

    def _expired(self, idle_since: float, now: float) -> bool:
        return self._expiry is not None and now - idle_since > self._expiry

    def _keeps(self, idle_count: int) -> bool:
        """True when a reusable connection goes back to the pool (open, and below max_keepalive_connections)."""
        return not self._closed and (self._keep is None or idle_count < self._keep)

    def _refuse_if_closed(self, request: httpx.Request) -> None:
        if self._closed:
            raise httpx.ConnectError("the transport is closed", request=request)


def pool_timeout(request: httpx.Request) -> httpx.PoolTimeout:
    return httpx.PoolTimeout("no connection free within the pool timeout", request=request)
