"""What both flavours of the httpcore transports share, none of it I/O: the request's deadline and the bytes it
read (context variables the network backend of ``_async.py``/``_sync.py`` reaches), the answer cap, the leftover
check, the capped body reader and decoder, httpcore's errors as httpx's, the proxy routing and each route's split
over small pools.

Why a module of its own: the transports are written once, async (``_async.py``), and the sync one derived from it
by tools/derive_sync.py; what does not wait is written here, once, for both. The guarantees it serves are
described in the package's docstring.
"""

from __future__ import annotations

import collections
import contextvars
import functools
import heapq
import io
import math
import os
import select
import ssl
import threading
import typing
import urllib.request
import zlib
from collections.abc import Awaitable, Callable, Iterable, Iterator
from typing import Any

import h11
import httpcore
import httpx

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
    interim heads for ever fails like an answer over the cap; only the first ``_KEPT`` bytes are kept.

    Also the request's head while it waits for its body: ``hold`` (see :func:`_head_to_hold`) names the head to hold
    back, which then leaves with the body's first bytes in one write (:meth:`outgoing`), as http.client sends a
    bytes body: one system call and one packet instead of two, and the server reads the request in one piece."""

    __slots__ = ("cap", "held", "hold", "kept", "limit", "total")

    def __init__(self, cap: int, hold: bytes | None = None) -> None:
        self.cap = cap
        self.limit = cap + _HEAD_ROOM
        self.kept = bytearray()
        self.total = 0
        self.hold = hold
        self.held: tuple[object, bytes] | None = None  # (the stream, the head) until the body's first write

    def outgoing(self, stream: object, buffer: bytes) -> bytes:
        """What of ``buffer`` (a write of the request on ``stream``) is written now: nothing while it is the head to
        hold back; the held head and ``buffer`` together at the next write on the same stream."""
        held = self.held
        if held is not None and held[0] is stream:
            self.held = None
            return held[1] + buffer
        if self.hold is not None and buffer.startswith(self.hold):
            self.hold = None  # only the request's own head (a proxy's CONNECT starts otherwise)
            self.held = (stream, buffer)
            return b""
        return buffer

    def release(self, stream: object) -> bytes:
        """The head still held back for ``stream`` (b"" when none): written before anything is read from it, so
        no answer is ever awaited for a request not sent whole."""
        held = self.held
        if held is None or held[0] is not stream:
            return b""
        self.held = None
        return held[1]

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


# A request body up to this size leaves with its head (copied onto it); a larger one is written on its own.
_WITH_HEAD = 64 * 1024


def _head_to_hold(request: httpx.Request) -> bytes | None:
    """How the head of ``request`` starts (its method and a space) when it is to be held back for its body
    (:class:`_Exchange`): a body of bytes already read, not empty and up to ``_WITH_HEAD``. None otherwise: a
    streamed body is written as it comes, after the head."""
    try:
        body = request.content
    except httpx.RequestNotRead:
        return None
    if not body or len(body) > _WITH_HEAD:
        return None
    return request.method.encode("ascii") + b" "


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


def _readable(sock: Any) -> bool:
    """Whether ``sock`` (an idle connection's socket) has something to read, its end included, checked without
    waiting; a socket already closed (or none) counts as readable. httpcore's own check of an idle connection
    (``is_readable``), on a socket looked up once."""
    fd = -1 if sock is None else sock.fileno()
    if fd < 0:
        return True
    if _poll is None:  # a platform without poll (Windows)
        return bool(select.select([fd], [], [], 0)[0])
    poller = _poll()
    poller.register(fd, select.POLLIN)
    return bool(poller.poll(0))


_poll = getattr(select, "poll", None)


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
            raise too_large(self.limit, self.request)
        self._add(chunk, final=False)

    def finish(self) -> bytes:
        self._add(b"", final=True)
        return self.body.getvalue()

    def discard(self) -> None:
        """Free what was read (the answer failed): its bytes are never needed again."""
        self.body = io.BytesIO()
        self.decoders = []

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
            raise too_large(self.limit, self.request) from None

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
            raise too_large(self.limit, self.request)
        self.body.write(piece)


def too_large(limit: int, request: httpx.Request) -> httpx.ReadError:
    """The error of an answer over the cap (``max_answer_bytes``), however it was read."""
    return httpx.ReadError(f"answer larger than {limit} bytes", request=request)


def _core_request(request: httpx.Request) -> httpcore.Request:
    url = request.url
    return httpcore.Request(
        method=request.method,
        url=httpcore.URL(scheme=url.raw_scheme, host=url.raw_host, port=url.port, target=url.raw_path),
        headers=request.headers.raw,
        content=typing.cast("Iterable[bytes]", request.stream),
        extensions=request.extensions,
    )


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


def running_loop() -> object:
    """The event loop the calling task runs on: asyncio's (uvloop's included), or the run's token under trio, where
    httpcore runs through anyio. Outside both: RuntimeError saying what to do."""
    import asyncio  # here: asyncio is not needed to import the package

    try:
        return asyncio.get_running_loop()
    except RuntimeError:
        pass
    import sniffio

    try:
        library: str | None = sniffio.current_async_library()
    except sniffio.AsyncLibraryNotFoundError:
        library = None
    if library == "trio":
        import trio

        return trio.lowlevel.current_trio_token()
    raise RuntimeError(
        f"AsyncGateway runs on asyncio (uvloop included) or trio, not {library or 'outside an event loop'}: await "
        "its calls inside asyncio.run(), uvloop.run(), trio.run() or anyio.run(), or use the sync Gateway"
    )


def _owner() -> object:
    """Whose connections a sync pool holds: this process's. A forked child makes pools of its own: it never sends
    on (nor closes) the sockets it inherited from its parent, which go on serving the parent."""
    return os.getpid()


def _async_owner() -> object:
    """Whose connections an async pool holds: this process's on this event loop. Another loop (a second
    ``asyncio.run()``) cannot drive the connections of the first, so it gets pools of its own."""
    return os.getpid(), running_loop()


class _Waiter:
    """A request waiting for a slot of a :class:`_Sharded` route: ``wake`` is called once ``slot`` is set."""

    __slots__ = ("slot", "wake")

    def __init__(self, wake: Callable[[], object]) -> None:
        self.wake = wake
        self.slot: int | None = None


def _pool_seconds(request: httpx.Request) -> float | None:
    """How long a request may wait for a free connection: its pool timeout (httpx's ``Timeout(pool=...)``)."""
    timeout = request.extensions.get("timeout", {})
    return timeout.get("pool") if isinstance(timeout, dict) else None


def _no_slot(request: httpx.Request) -> httpx.PoolTimeout:
    return httpx.PoolTimeout("no connection of the limit came free within the pool timeout", request=request)


class AsyncSlotSignal:
    """How a request waiting for a slot (``_async_wait_for_slot`` in transports/_async.py) is woken: on the running
    loop, through anyio (asyncio or trio). ``SlotSignal`` is the sync transport's: a thread waits."""

    def __init__(self) -> None:
        import anyio

        self._event = anyio.Event()

    def set(self) -> None:
        self._event.set()

    def wait(self, seconds: float | None) -> Awaitable[bool]:
        """True once set; False when ``seconds`` (None: no limit) passed first."""
        return self._wait(seconds)

    async def _wait(self, seconds: float | None) -> bool:
        import anyio

        with anyio.move_on_after(seconds):
            await self._event.wait()
            return True
        return False


class SlotSignal:
    """``AsyncSlotSignal``'s sync twin."""

    def __init__(self) -> None:
        self._event = threading.Event()

    def set(self) -> None:
        self._event.set()

    def wait(self, seconds: float | None) -> bool:
        return self._event.wait(seconds)


class _Sharded:
    """One route's connections (direct for a scheme, or through one proxy), each in an httpcore pool of its own
    instead of one pool holding them all. Why: httpcore's pool walks every connection it holds (and asks each idle
    one whether it expired) and every request it queues, on each request's start and finish, so what one pool costs
    per request grows with what it holds; and a pool used by two requests at once can close, as its keep-alive
    budget or expiry says, a connection it has just handed to the other before that one wrote to it (httpcore issue
    1110: a ReadError after the request may have been written). A pool of one connection, used by one request at a
    time, has neither.

    The limit's connections are numbered slots, slot ``n`` naming the ``n``-th pool: a request takes the lowest free
    slot and gives it back once its answer is read and its connection idle again. So calls in a row use one
    kept-alive connection, the keep-alive budget goes to the lowest slots (``max_keepalive_connections`` of the
    pools keep their connection; the others close it after each answer), and ``max_connections`` holds in total. A
    request beyond the limit (a caller using the transport directly; the gateways' ``max_in_flight`` equals the
    limit) waits here for a slot (:meth:`queue`, ``_wait_for_slot``), first come first served, under its pool
    timeout, never in an httpcore pool's queue. Each pool is made on first use by ``make(size, keepalive)``. A lock
    guards the free slots and the waiters: threads share the sync transport; an async one takes it only between
    awaits. With no limit there is one pool, httpcore's own behaviour."""

    def __init__(self, make: Callable[[int | None, int | None], Any], limits: httpx.Limits) -> None:
        self._make = make
        total, keep = limits.max_connections, limits.max_keepalive_connections
        self._limited = total is not None
        if total is None:
            self._shapes: list[tuple[int | None, int | None]] = [(None, keep)]
            self._free: list[int] = []
        else:
            self._shapes = [(1, 1 if keep is None or slot < keep else 0) for slot in range(max(total, 1))]
            self._free = list(range(total))  # ascending: already a heap
        self._pools: list[Any] = [None] * len(self._shapes)
        self._waiters: collections.deque[_Waiter] = collections.deque()  # requests beyond the limit, in arrival order
        self._lock = threading.Lock()
        self._expiry = limits.keepalive_expiry
        self._swept = -math.inf  # when stale() last looked (the transport's clock)
        self._made = 0  # pools made so far

    def take(self, request: httpx.Request) -> tuple[int | None, Any] | None:
        """A free slot (None: no limit) and the pool to send on, or None when every slot is taken; give the slot
        back with :meth:`give`."""
        with self._lock:
            return self._take(request)

    def queue(self, request: httpx.Request, wake: Callable[[], object]) -> tuple[int | None, Any] | _Waiter:
        """:meth:`take`, or when every slot is taken a :class:`_Waiter` queued: ``wake`` is called once :meth:`give`
        has handed it a slot (then :meth:`claim` it); a waiter that gives up is :meth:`abandon`-ed."""
        with self._lock:
            got = self._take(request)
            if got is not None:
                return got
            waiter = _Waiter(wake)
            self._waiters.append(waiter)
            return waiter

    def claim(self, waiter: _Waiter, request: httpx.Request) -> tuple[int, Any]:
        """The slot :meth:`give` handed ``waiter`` and its pool."""
        slot = typing.cast(int, waiter.slot)
        try:
            with self._lock:
                return slot, self._pool(slot, request)
        except BaseException:
            self.give(slot)
            raise

    def abandon(self, waiter: _Waiter) -> None:
        """``waiter`` gave up (its pool timeout, a cancel): out of the queue, or its slot passed on if it had one."""
        with self._lock:
            if waiter.slot is None:
                self._waiters.remove(waiter)
                return
        self.give(waiter.slot)

    def give(self, slot: int | None) -> None:
        if slot is None:
            return
        with self._lock:
            waiter = self._waiters.popleft() if self._waiters else None
            if waiter is None:
                heapq.heappush(self._free, slot)
                return
            waiter.slot = slot  # handed over, not freed: a request arriving now cannot take it first
        waiter.wake()

    def stale(self, clock: Callable[[], float]) -> list[tuple[int, list[Any]]]:
        """The idle connections past their keep-alive expiry, each with its pool's slot, taken (give each back once
        they are closed: nobody can be handed them meanwhile); looked for at most once per expiry period (on
        ``clock``, the transport's; not read while one pool is all there is). A pool closes its own expired
        connection only when a request comes to it, and calls in a row keep to the lowest slot: without this, the
        connections a burst opened in the others would stay open past ``keepalive_expiry``."""
        if self._expiry is None or self._made < 2:
            return []
        now = clock()
        if now - self._swept < self._expiry:
            return []
        found: list[tuple[int, list[Any]]] = []
        with self._lock:
            if now - self._swept < self._expiry:
                return []  # another thread looked meanwhile
            self._swept = now
            for slot in list(self._free):
                pool = self._pools[slot] if self._limited else None
                expired = [c for c in pool.connections if c.has_expired()] if pool is not None else []
                if expired:
                    self._free.remove(slot)
                    found.append((slot, expired))
            heapq.heapify(self._free)
        return found

    def all(self) -> list[Any]:
        return [pool for pool in self._pools if pool is not None]

    def _take(self, request: httpx.Request) -> tuple[int | None, Any] | None:
        if not self._limited:
            return None, self._pool(0, request)
        if not self._free:  # a slot given back while requests wait goes to them (give), never to the heap
            return None
        slot = heapq.heappop(self._free)
        try:
            return slot, self._pool(slot, request)
        except BaseException:
            heapq.heappush(self._free, slot)
            raise

    def _pool(self, index: int, request: httpx.Request) -> Any:
        pool = self._pools[index]
        if pool is None:
            pool = self._pools[index] = _made(self._make, request, *self._shapes[index])
            self._made += 1
        return pool


class _Routes:
    """Which route a request goes to: the direct one of its scheme, or (with ``trust_env``) one per proxy the
    environment names for its host; each route a :class:`_Sharded` set of pools within ``limits``. Every pool is
    made on first use, ``make_direct(https, size, keepalive)`` or ``make_proxy(url, auth, headers, https, size,
    keepalive)``: the SSL context is built (once) only when an https pool is made, so a gateway reached over
    http:// never loads a CA bundle."""

    def __init__(
        self,
        make_direct: Callable[..., Any],
        make_proxy: Callable[..., Any],
        trust_env: bool,
        limits: httpx.Limits,
    ) -> None:
        self._make_direct = make_direct
        self._make_proxy = make_proxy
        self._trust_env = trust_env
        self._limits = limits
        self._by_host: dict[tuple[str, str], _Sharded] = {}
        self._direct: dict[bool, _Sharded] = {}
        self._proxies: dict[tuple[str, bool], _Sharded] = {}

    def route(self, request: httpx.Request) -> _Sharded:
        if not self._trust_env:
            return self._direct_route(request)
        key = (request.url.scheme, request.url.host)
        route = self._by_host.get(key)
        if route is None:
            url = environment_proxy(*key)
            route = self._direct_route(request) if url is None else self._proxy(url, request)
            self._by_host[key] = route
        return route

    def _direct_route(self, request: httpx.Request) -> _Sharded:
        https = request.url.scheme == "https"
        route = self._direct.get(https)
        if route is None:
            # setdefault: threads racing here share the first route (one made in vain holds no pool)
            route = self._direct.setdefault(https, _Sharded(functools.partial(self._make_direct, https), self._limits))
        return route

    def _proxy(self, url: str, request: httpx.Request) -> _Sharded:
        https = request.url.scheme == "https"
        route = self._proxies.get((url, https))
        if route is None:
            proxy = httpx.Proxy(url)
            if proxy.url.scheme not in ("http", "https"):  # before anything is sent: a connect error
                raise httpx.ConnectError(f"unsupported proxy scheme {proxy.url.scheme!r}", request=request)
            core_url = httpcore.URL(
                scheme=proxy.url.raw_scheme, host=proxy.url.raw_host, port=proxy.url.port, target=proxy.url.raw_path
            )
            make = functools.partial(self._make_proxy, core_url, proxy.raw_auth, proxy.headers.raw, https)
            route = self._proxies.setdefault((url, https), _Sharded(make, self._limits))
        return route

    def all(self) -> list[Any]:
        """Every pool made so far, of every route."""
        return [pool for route in (*self._direct.values(), *self._proxies.values()) for pool in route.all()]


def _made(make: Callable[..., Any], request: httpx.Request, *args: Any) -> Any:
    """``make(*args)``; TLS settings that no longer load (a file removed since the gateway was made) fail as a
    connect error: nothing was sent."""
    try:
        return make(*args)
    except (ssl.SSLError, OSError) as exc:
        raise httpx.ConnectError(
            f"the TLS settings could not be loaded ({type(exc).__name__}: {exc}); nothing was sent: check "
            "MGW_CA_BUNDLE, MGW_TLS_CLIENT_CERT and MGW_TLS_CLIENT_KEY",
            request=request,
        ) from None
