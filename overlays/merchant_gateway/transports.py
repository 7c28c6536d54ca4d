"""The transports AsyncGateway sends with unless given one (and Gateway for a host the environment names a proxy
for: its default, merchant_gateway/llhttp_transport.py, hands those calls here): httpcore's connection pool and h11's
strict HTTP/1.1 parser (the same machinery as httpx's own transports), with two things a payment client needs added.

Why this module exists: httpx's transports bound each network operation (connect, every read, every write)
but not a call as a whole, and read whatever size of answer arrives. A server that drips its answer one byte
per second keeps a payment call open for ever; a 200 MB or gzip-bombed answer grows memory instead of failing.
So these transports:

- give each request one deadline, connect to last byte: every connect, read and write of the request gets at
  most the time left (a network backend wrapped around httpcore's own; public httpcore API), and
- read the whole answer before returning, refusing one above ``max_answer_bytes`` (raw and decoded) and
  decoding gzip/deflate themselves within that bound; any other content coding is an error. Every byte read
  for a request (interim 1xx heads and body framing too) counts against the same cap, with room for one head,
  so no answer of any shape grows memory beyond a constant over the cap, and
- never reuse a connection on which more bytes arrived than the answer held. httpcore keeps h11's read-ahead
  buffer across requests, so bytes a server sends after an answer (a second, forged answer, say) would be
  read as the *next* call's answer. The byte count of each exchange is compared with one answer's (its head
  found in the first bytes, which are kept, and the body h11 delivered); an exchange of another shape (1xx,
  chunked, bare LF) is framed once more with h11 (its public API) when it was small enough to be kept whole, and
  otherwise retired. Leftovers retire the connection before the pool can hand it out again.

Everything else (pooling, keep-alive, TLS, 1xx answers, framing) is httpcore's and h11's; exceptions are httpx's,
so the client's phase rule stays the one of httpx: a connect error or pool timeout means nothing was sent, any
other failure means the request may have been sent (merchant_gateway/_core.py).

A proxy named in the environment (HTTP(S)_PROXY, ALL_PROXY; NO_PROXY lifts hosts) is honoured here, per gateway
host, through httpcore's HTTP proxy pool on the same network backend: a proxied call keeps every guarantee above.
"""

from __future__ import annotations

import contextvars
import io
import time
import typing
import urllib.request
import zlib
from collections.abc import AsyncIterable, Callable, Iterable, Iterator
from typing import Any

import h11
import httpcore
import httpx

from .config import MAX_ANSWER_BYTES

_ENCODINGS = frozenset({"gzip", "deflate", "identity"})

# The deadline of the request being sent in this thread / task. httpcore does a request's I/O in the caller's
# thread (sync) or task (async), so a context variable reaches the network backend without touching httpcore.
_deadline: contextvars.ContextVar[float | None] = contextvars.ContextVar("mgw_deadline", default=None)
# Room for the final answer's head on top of max_answer_bytes (httpcore lets h11 accept heads of up to 100 KiB).
_HEAD_ROOM = 128 * 1024
# How much of an exchange is kept for the leftover check: a gateway answer whole, any head that a proof of "one
# answer, nothing more" needs. An exchange longer than this is proven by byte counts alone or its connection retired.
_KEPT = 64 * 1024


class _Exchange:
    """The bytes one request's answer arrived in, as read from the network: every byte, interim (1xx) heads and
    body framing included, counts against the answer cap (with room for one head), so a server that streams
    interim heads for ever fails like an answer over the cap; only the first ``_KEPT`` bytes are kept."""

    __slots__ = ("cap", "kept", "limit", "total")

    def __init__(self, cap: int) -> None:
        self.cap = cap
        self.limit = cap + _HEAD_ROOM
        self.kept = bytearray()
        self.total = 0

    def add(self, data: bytes) -> None:
        self.total += len(data)
        if self.total > self.limit:
            # inside httpcore's read: it closes the connection, and the caller gets httpx.ReadError (maybe sent)
            raise httpcore.ReadError(f"answer larger than {self.cap} bytes")
        room = _KEPT - len(self.kept)
        if room > 0:
            self.kept += data[:room]

    def over_read(self, method: bytes, body_length: int) -> bool:
        """True unless the exchange held exactly one whole answer to ``method`` (see ``_over_read``)."""
        if _exactly_one_answer(self.kept, body_length, self.total):
            return False
        if self.total > len(self.kept):
            return True  # not all kept and not the simple case: cannot be proven one answer, so retire
        return _over_read(method, bytes(self.kept))


# What arrived for the request being sent in this thread / task: counted against the cap, the start kept for the
# leftover check.
_exchange: contextvars.ContextVar[_Exchange | None] = contextvars.ContextVar("mgw_exchange", default=None)


def _record(data: bytes) -> bytes:
    exchange = _exchange.get()
    if exchange is not None:
        exchange.add(data)
    return data


def _exactly_one_answer(received: bytes | bytearray, body_length: int, total: int | None = None) -> bool:
    """The common case, decided without parsing: one final answer (no 1xx before it) whose header block uses CRLF
    throughout, so it ends at the first empty line, followed by exactly the body h11 delivered (Content-Length
    framing). Anything else (1xx, bare LF, chunked, more bytes) is left to the full framing in ``_over_read``.
    ``received``: the exchange's bytes, or (with ``total``, the count of all of them) its start."""
    end = received.find(b"\r\n\r\n") + 4
    head = received[:end]
    return (
        end > 4
        and (len(received) if total is None else total) == end + body_length
        and received[9:10] != b"1"  # "HTTP/1.1 1xx": an interim answer came first
        and head.count(b"\n") == head.count(b"\r\n")
    )


def _over_read(method: bytes, received: bytes, body_length: int | None = None) -> bool:
    """True when ``received`` (one exchange's bytes) holds more than one whole answer to ``method``, or cannot be
    framed as one: then the connection must not carry another request. ``body_length``: the raw body size h11
    delivered, for the fast path."""
    if body_length is not None and _exactly_one_answer(received, body_length):
        return False
    framing = h11.Connection(h11.CLIENT)
    framing.send(h11.Request(method=method, target=b"/", headers=[(b"host", b"gateway")]))
    framing.send(h11.EndOfMessage())
    framing.receive_data(received)
    try:
        while True:
            event = framing.next_event()
            if event is h11.NEED_DATA or isinstance(event, h11.ConnectionClosed):
                return True
            if isinstance(event, h11.EndOfMessage):
                return bool(framing.trailing_data[0])
    except h11.ProtocolError:
        return True


def _left(clock: Callable[[], float], timeout: float | None, expired: type[Exception]) -> float | None:
    """``timeout`` cut to the time left before the request's deadline; ``expired`` once none is left."""
    deadline = _deadline.get()
    if deadline is None:
        return timeout
    left = deadline - clock()
    if left <= 0:
        raise expired("the call's deadline passed")
    return left if timeout is None else min(timeout, left)


class _Stream(httpcore.NetworkStream):
    def __init__(self, inner: httpcore.NetworkStream, clock: Callable[[], float]) -> None:
        self._inner = inner
        self._clock = clock
        self.retired = False  # set when bytes beyond an answer were read: the pool then drops the connection

    def read(self, max_bytes: int, timeout: float | None = None) -> bytes:
        return _record(self._inner.read(max_bytes, _left(self._clock, timeout, httpcore.ReadTimeout)))

    def write(self, buffer: bytes, timeout: float | None = None) -> None:
        self._inner.write(buffer, _left(self._clock, timeout, httpcore.WriteTimeout))

    def close(self) -> None:
        self._inner.close()

    def start_tls(self, ssl_context: Any, server_hostname: str | None = None, timeout: float | None = None) -> Any:
        inner = self._inner.start_tls(
            ssl_context, server_hostname, _left(self._clock, timeout, httpcore.ConnectTimeout)
        )
        return _Stream(inner, self._clock)

    def get_extra_info(self, info: str) -> Any:
        # httpcore asks "is_readable" of an idle connection to decide whether it expired
        return True if info == "is_readable" and self.retired else self._inner.get_extra_info(info)


class _Backend(httpcore.NetworkBackend):
    def __init__(self, clock: Callable[[], float]) -> None:
        self._inner = httpcore.SyncBackend()
        self._clock = clock

    def connect_tcp(
        self,
        host: str,
        port: int,
        timeout: float | None = None,
        local_address: str | None = None,
        socket_options: Iterable[Any] | None = None,
    ) -> httpcore.NetworkStream:
        timeout = _left(self._clock, timeout, httpcore.ConnectTimeout)
        return _Stream(self._inner.connect_tcp(host, port, timeout, local_address, socket_options), self._clock)

    def connect_unix_socket(
        self, path: str, timeout: float | None = None, socket_options: Iterable[Any] | None = None
    ) -> httpcore.NetworkStream:
        raise httpcore.UnsupportedProtocol("the gateway is reached over TCP")

    def sleep(self, seconds: float) -> None:
        self._inner.sleep(seconds)


class _AsyncStream(httpcore.AsyncNetworkStream):
    def __init__(self, inner: httpcore.AsyncNetworkStream, clock: Callable[[], float]) -> None:
        self._inner = inner
        self._clock = clock
        self.retired = False

    async def read(self, max_bytes: int, timeout: float | None = None) -> bytes:
        return _record(await self._inner.read(max_bytes, _left(self._clock, timeout, httpcore.ReadTimeout)))

    async def write(self, buffer: bytes, timeout: float | None = None) -> None:
        await self._inner.write(buffer, _left(self._clock, timeout, httpcore.WriteTimeout))

    async def aclose(self) -> None:
        await self._inner.aclose()

    async def start_tls(
        self, ssl_context: Any, server_hostname: str | None = None, timeout: float | None = None
    ) -> Any:
        timeout = _left(self._clock, timeout, httpcore.ConnectTimeout)
        return _AsyncStream(await self._inner.start_tls(ssl_context, server_hostname, timeout), self._clock)

    def get_extra_info(self, info: str) -> Any:
        return True if info == "is_readable" and self.retired else self._inner.get_extra_info(info)


class _AsyncBackend(httpcore.AsyncNetworkBackend):
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
        return _AsyncStream(stream, self._clock)

    async def connect_unix_socket(
        self, path: str, timeout: float | None = None, socket_options: Iterable[Any] | None = None
    ) -> httpcore.AsyncNetworkStream:
        raise httpcore.UnsupportedProtocol("the gateway is reached over TCP")

    async def sleep(self, seconds: float) -> None:
        await self._inner.sleep(seconds)


# httpcore's exceptions to httpx's classes of the same name (most specific first, as isinstance checks run)
_HTTPCORE_TO_HTTPX: tuple[tuple[type[Exception], type[httpx.HTTPError]], ...] = tuple(
    (getattr(httpcore, name), getattr(httpx, name))
    for name in (
        "ConnectTimeout",
        "ReadTimeout",
        "WriteTimeout",
        "PoolTimeout",
        "ConnectError",
        "ReadError",
        "WriteError",
        "UnsupportedProtocol",
        "LocalProtocolError",
        "RemoteProtocolError",
        "ProxyError",
        "TimeoutException",
        "NetworkError",
        "ProtocolError",
    )
)


def _as_httpx(exc: Exception, request: httpx.Request) -> Exception:
    for core, mapped in _HTTPCORE_TO_HTTPX:
        if isinstance(exc, core):
            error = mapped(str(exc) or type(exc).__name__)
            if isinstance(error, httpx.RequestError):
                error.request = request
            return error
    return exc


# Decoded output per zlib call: a decoded body is written on in pieces, never held whole twice.
_PIECE = 64 * 1024


class _Decoder:
    """One content coding (gzip or deflate) undone with zlib in pieces, never producing more than ``limit``."""

    def __init__(self, coding: str, limit: int) -> None:
        self.coding = coding
        self.limit = limit
        self.produced = 0
        self.obj = zlib.decompressobj(16 + zlib.MAX_WBITS if coding == "gzip" else zlib.MAX_WBITS)
        self.started = False

    def feed(self, data: bytes) -> Iterator[bytes]:
        """``data`` decoded, in pieces of at most ``_PIECE`` bytes; OverflowError once above ``limit`` in all."""
        while True:
            try:
                out: bytes = self.obj.decompress(data, _PIECE)
            except zlib.error:
                if self.coding != "deflate" or self.started:
                    raise
                # many servers send raw deflate (no zlib header) under "deflate", as httpx also accepts
                self.obj = zlib.decompressobj(-zlib.MAX_WBITS)
                out = self.obj.decompress(data, _PIECE)
            self.started = self.started or bool(data)
            yield from self._checked(out)
            data = self.obj.unconsumed_tail
            if not data and len(out) < _PIECE:  # a full piece may leave output pending without input left
                return

    def finish(self) -> Iterator[bytes]:
        out: bytes = self.obj.flush()  # little is left: feed() drained every piece it could
        if not self.obj.eof:
            raise zlib.error("compressed answer ended early")
        yield from self._checked(out)

    def _checked(self, out: bytes) -> Iterator[bytes]:
        self.produced += len(out)
        if self.produced > self.limit:
            raise OverflowError
        if out:
            yield out


class _Reader:
    """The body of one answer, decoded, never above ``limit`` bytes before or after decoding."""

    def __init__(self, headers: list[tuple[bytes, bytes]], limit: int, request: httpx.Request) -> None:
        self.limit = limit
        self.request = request
        self.raw = 0
        self.size = 0
        # one growing buffer whose getvalue() hands over its bytes without a copy: a body just under the cap
        # peaks at about the cap, where a list of parts joined at the end would hold it twice
        self.body = io.BytesIO()
        codings = [
            c.strip().lower()
            for name, value in headers
            if name.lower() == b"content-encoding"
            for c in value.decode("latin-1").split(",")
            if c.strip()
        ]
        unknown = [c for c in codings if c not in _ENCODINGS]
        if unknown:
            raise httpx.DecodingError(f"unsupported content coding {unknown[0][:32]!r}", request=request)
        # undone in reverse order of their listing (RFC 9110 8.4.1)
        self.decoders = [_Decoder(c, limit) for c in reversed(codings) if c != "identity"]

    def feed(self, chunk: bytes) -> None:
        self.raw += len(chunk)
        if self.raw > self.limit:
            raise self._too_large()
        self._add(chunk, final=False)

    def finish(self) -> bytes:
        self._add(b"", final=True)
        return self.body.getvalue()

    def _add(self, chunk: bytes, *, final: bool) -> None:
        if not self.decoders:
            self._write(chunk)
            return
        try:
            for piece in self._decoded(chunk, 0, final=final):
                self._write(piece)
        except zlib.error as exc:
            raise httpx.DecodingError(f"corrupt compressed answer: {exc}", request=self.request) from exc
        except OverflowError:
            raise self._too_large() from None

    def _decoded(self, chunk: bytes, level: int, *, final: bool) -> Iterator[bytes]:
        """``chunk`` through the decoders from ``level`` on, piece by piece; with ``final``, flushed to the end."""
        if level == len(self.decoders):
            if chunk:
                yield chunk
            return
        decoder = self.decoders[level]
        for piece in decoder.feed(chunk):
            yield from self._decoded(piece, level + 1, final=False)
        if final:
            for piece in decoder.finish():
                yield from self._decoded(piece, level + 1, final=False)
            yield from self._decoded(b"", level + 1, final=True)

    def _write(self, piece: bytes) -> None:
        self.size += len(piece)
        if self.size > self.limit:
            raise self._too_large()
        self.body.write(piece)

    def _too_large(self) -> httpx.ReadError:
        return httpx.ReadError(f"answer larger than {self.limit} bytes", request=self.request)


def _core_request(request: httpx.Request) -> httpcore.Request:
    url = request.url
    return httpcore.Request(
        method=request.method,
        url=httpcore.URL(scheme=url.raw_scheme, host=url.raw_host, port=url.port, target=url.raw_path),
        headers=request.headers.raw,
        content=typing.cast("Iterable[bytes]", request.stream),
        extensions=request.extensions,
    )


def _retire_if_over_read(
    request: httpx.Request, answer: httpcore.Response, exchange: _Exchange, body_length: int
) -> None:
    stream = answer.extensions.get("network_stream")
    if isinstance(stream, _Stream | _AsyncStream) and exchange.over_read(request.method.encode("ascii"), body_length):
        stream.retired = True


def _response(answer: httpcore.Response, body: bytes) -> httpx.Response:
    # the body is decoded already: drop Content-Encoding so httpx does not decode it a second time
    headers = [(k, v) for k, v in answer.headers if k.lower() != b"content-encoding"]
    return httpx.Response(answer.status, headers=headers, content=body, extensions=answer.extensions)


def environment_proxy(scheme: str, host: str) -> str | None:
    """The proxy URL the environment names for ``scheme`` (or ALL_PROXY), unless NO_PROXY lifts ``host``."""
    proxies = urllib.request.getproxies_environment()
    url = proxies.get(scheme) or proxies.get("all")
    if not url or urllib.request.proxy_bypass(host):
        return None
    return url


class _Routes:
    """Which pool a request goes to: the direct one, or (with ``trust_env``) one per proxy the environment names
    for its host. Proxy pools are made on first use with ``make_proxy(url, auth, headers)``."""

    def __init__(self, direct: Any, make_proxy: Callable[[httpcore.URL, Any, Any], Any], trust_env: bool) -> None:
        self.direct = direct
        self._make_proxy = make_proxy
        self._trust_env = trust_env
        self._by_host: dict[tuple[str, str], Any] = {}
        self._proxies: dict[str, Any] = {}

    def pool(self, request: httpx.Request) -> Any:
        if not self._trust_env:
            return self.direct
        key = (request.url.scheme, request.url.host)
        pool = self._by_host.get(key)
        if pool is None:
            url = environment_proxy(*key)
            pool = self.direct if url is None else self._proxy(url, request)
            self._by_host[key] = pool
        return pool

    def _proxy(self, url: str, request: httpx.Request) -> Any:
        pool = self._proxies.get(url)
        if pool is None:
            proxy = httpx.Proxy(url)
            if proxy.url.scheme not in ("http", "https"):  # before anything is sent: a connect error
                raise httpx.ConnectError(f"unsupported proxy scheme {proxy.url.scheme!r}", request=request)
            core_url = httpcore.URL(
                scheme=proxy.url.raw_scheme, host=proxy.url.raw_host, port=proxy.url.port, target=proxy.url.raw_path
            )
            pool = self._proxies[url] = self._make_proxy(core_url, proxy.raw_auth, proxy.headers.raw)
        return pool

    def all(self) -> list[Any]:
        return [self.direct, *self._proxies.values()]


def _pool_args(limits: httpx.Limits) -> dict[str, Any]:
    return {
        "ssl_context": httpx.create_ssl_context(),
        "max_connections": limits.max_connections,
        "max_keepalive_connections": limits.max_keepalive_connections,
        "keepalive_expiry": limits.keepalive_expiry,
    }


class GatewayTransport(httpx.BaseTransport):
    """Sync transport: httpcore's pool with a deadline of ``deadline`` seconds per request, connect to last byte,
    and answers capped at ``max_answer_bytes``; with ``trust_env``, through the proxy the environment names."""

    def __init__(
        self,
        *,
        limits: httpx.Limits | None = None,
        deadline: float | None = None,
        max_answer_bytes: int = MAX_ANSWER_BYTES,
        clock: Callable[[], float] = time.monotonic,
        trust_env: bool = True,
    ) -> None:
        args = _pool_args(limits or httpx.Limits())
        backend = _Backend(clock)

        def proxy_pool(url: httpcore.URL, auth: Any, headers: Any) -> httpcore.HTTPProxy:
            return httpcore.HTTPProxy(
                proxy_url=url, proxy_auth=auth, proxy_headers=headers, network_backend=backend, **args
            )

        self._routes = _Routes(httpcore.ConnectionPool(network_backend=backend, **args), proxy_pool, trust_env)
        self._deadline = deadline
        self._limit = max_answer_bytes
        self._clock = clock

    def __repr__(self) -> str:
        return f"{type(self).__name__}(deadline={self._deadline}, max_answer_bytes={self._limit})"

    def handle_request(self, request: httpx.Request) -> httpx.Response:
        token = _deadline.set(None if self._deadline is None else self._clock() + self._deadline)
        exchange = _Exchange(self._limit)
        token_exchange = _exchange.set(exchange)
        try:
            answer = self._routes.pool(request).handle_request(_core_request(request))
            try:
                reader = _Reader(answer.headers, self._limit, request)
                for chunk in typing.cast("Iterable[bytes]", answer.stream):
                    reader.feed(chunk)
                body = reader.finish()
                _retire_if_over_read(request, answer, exchange, reader.raw)
            finally:
                answer.close()
        except Exception as exc:
            mapped = _as_httpx(exc, request)
            if mapped is exc:
                raise
            raise mapped from exc
        finally:
            _exchange.reset(token_exchange)
            _deadline.reset(token)
        return _response(answer, body)

    def connections_in_use(self) -> int:
        """How many connections of this transport's pools (direct and proxied) carry a request right now: a
        read-only count for monitoring and the bench (once every call has returned it is 0 unless one leaked)."""
        return sum(not c.is_idle() for pool in self._routes.all() for c in pool.connections)

    def close(self) -> None:
        for pool in self._routes.all():
            pool.close()


class AsyncGatewayTransport(httpx.AsyncBaseTransport):
    """Async twin of :class:`GatewayTransport` (asyncio or trio through anyio)."""

    def __init__(
        self,
        *,
        limits: httpx.Limits | None = None,
        deadline: float | None = None,
        max_answer_bytes: int = MAX_ANSWER_BYTES,
        clock: Callable[[], float] = time.monotonic,
        trust_env: bool = True,
    ) -> None:
        args = _pool_args(limits or httpx.Limits())
        backend = _AsyncBackend(clock)

        def proxy_pool(url: httpcore.URL, auth: Any, headers: Any) -> httpcore.AsyncHTTPProxy:
            return httpcore.AsyncHTTPProxy(
                proxy_url=url, proxy_auth=auth, proxy_headers=headers, network_backend=backend, **args
            )

        self._routes = _Routes(httpcore.AsyncConnectionPool(network_backend=backend, **args), proxy_pool, trust_env)
        self._deadline = deadline
        self._limit = max_answer_bytes
        self._clock = clock

    def __repr__(self) -> str:
        return f"{type(self).__name__}(deadline={self._deadline}, max_answer_bytes={self._limit})"

    async def handle_async_request(self, request: httpx.Request) -> httpx.Response:
        token = _deadline.set(None if self._deadline is None else self._clock() + self._deadline)
        exchange = _Exchange(self._limit)
        token_exchange = _exchange.set(exchange)
        try:
            answer = await self._routes.pool(request).handle_async_request(_core_request(request))
            try:
                reader = _Reader(answer.headers, self._limit, request)
                async for chunk in typing.cast("AsyncIterable[bytes]", answer.stream):
                    reader.feed(chunk)
                body = reader.finish()
                _retire_if_over_read(request, answer, exchange, reader.raw)
            finally:
                await answer.aclose()
        except Exception as exc:
            mapped = _as_httpx(exc, request)
            if mapped is exc:
                raise
            raise mapped from exc
        finally:
            _exchange.reset(token_exchange)
            _deadline.reset(token)
        return _response(answer, body)

    def connections_in_use(self) -> int:
        """As :meth:`GatewayTransport.connections_in_use`."""
        return sum(not c.is_idle() for pool in self._routes.all() for c in pool.connections)

    async def aclose(self) -> None:
        for pool in self._routes.all():
            await pool.aclose()
