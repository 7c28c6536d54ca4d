"""GatewayTransport / AsyncGatewayTransport spread a route's connections over several small httpcore pools
(``transports/_limits.py``, ``_Sharded``): counted at a real loopback keep-alive server, calls in a row keep one
connection alive, a burst uses the whole limit and never more (direct and through a proxy), requests beyond the limit
wait for a slot in the transport (never in httpcore's pool) and complete, nothing stays busy after, and closing the
transport closes every connection.
Each test runs on both flavours: sync in threads, async on asyncio."""

from __future__ import annotations

import asyncio
import contextlib
import socket
import threading
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import httpx
import pytest
from merchant_gateway.transports import AsyncGatewayTransport, GatewayTransport
from merchant_gateway.transports._limits import _Sharded, _Waiter

from tests.support.loopback import Listener

ANSWER = b"HTTP/1.1 200 OK\r\ncontent-length: 2\r\ncontent-type: application/json\r\n\r\n{}"
WAIT = 10.0  # seconds a server thread waits for the others before answering anyway (then the test fails)


class CountingServer:
    """Loopback keep-alive server counting connections: every request is answered ``{}``, but only once ``gate``
    requests have been in flight at the same moment (at once with ``gate=0``), so a burst proves how many
    connections the client used together. ``heads``: every request head received."""

    def __init__(self, gate: int = 0) -> None:
        self.lock = threading.Lock()
        self.in_flight = self.peak_in_flight = 0
        self.heads: list[bytes] = []
        self.gate = gate
        self.opened = threading.Event()
        if gate == 0:
            self.opened.set()
        self.received = threading.Event()  # set at every request head
        self.listener = Listener(self._serve)
        self.origin = self.listener.origin
        self.all_closed = self.listener.all_closed

    @property
    def accepted(self) -> int:
        return self.listener.accepted

    @property
    def open(self) -> int:
        return self.listener.open

    def _serve(self, conn: socket.socket, number: int) -> None:
        with conn, contextlib.suppress(OSError):
            self._answer(conn)

    def _answer(self, conn: socket.socket) -> None:
        data = b""
        while True:
            while b"\r\n\r\n" not in data:
                chunk = conn.recv(65536)
                if not chunk:  # the client closed the connection
                    return
                data += chunk
            head, _, data = data.partition(b"\r\n\r\n")
            with self.lock:
                self.heads.append(head)
                self.received.set()
                self.in_flight += 1
                self.peak_in_flight = max(self.peak_in_flight, self.in_flight)
                if self.in_flight >= self.gate:
                    self.opened.set()
            self.opened.wait(WAIT)
            with self.lock:
                self.in_flight -= 1
            conn.sendall(ANSWER)

    def close(self) -> None:
        self.listener.close()


@pytest.fixture
def server_factory() -> Iterator[Callable[[int], CountingServer]]:
    servers: list[CountingServer] = []

    def make(gate: int = 0) -> CountingServer:
        servers.append(CountingServer(gate))
        return servers[-1]

    yield make
    for server in servers:
        server.close()


def limits(n: int) -> httpx.Limits:
    return httpx.Limits(max_connections=n, max_keepalive_connections=n)


def send(flavour: str, transport: Any, urls: list[str], *, at_once: bool) -> list[Any]:
    """GET every url through ``transport`` (all at once, or one after the other), then close the transport; returns
    each answer's JSON and, last, ``connections_in_use()`` seen just before the close."""
    if flavour == "sync":
        with httpx.Client(transport=transport) as client:
            if at_once:
                with ThreadPoolExecutor(len(urls)) as threads:
                    answers = list(threads.map(lambda url: client.get(url).json(), urls))
            else:
                answers = [client.get(url).json() for url in urls]
            return [*answers, transport.connections_in_use()]

    async def run() -> list[Any]:
        async with httpx.AsyncClient(transport=transport) as client:
            if at_once:
                answers = await asyncio.gather(*(client.get(url) for url in urls))
            else:
                answers = [await client.get(url) for url in urls]
            return [*(a.json() for a in answers), transport.connections_in_use()]

    return asyncio.run(run())


def transport_of(flavour: str, **kwargs: Any) -> Any:
    kind = GatewayTransport if flavour == "sync" else AsyncGatewayTransport
    return kind(**kwargs)


FLAVOURS = pytest.mark.parametrize("flavour", ["sync", "async"])


@FLAVOURS
def test_calls_in_a_row_keep_one_connection_alive(flavour: str, server_factory: Any) -> None:
    server = server_factory()
    transport = transport_of(flavour, limits=limits(16), trust_env=False)
    assert send(flavour, transport, [server.origin + "/x"] * 6, at_once=False) == [{}] * 6 + [0]
    assert server.accepted == 1


@FLAVOURS
@pytest.mark.parametrize("limit", [5, 4])
def test_a_burst_uses_the_whole_limit_never_more_and_beyond_it_waits_in_the_pool(
    flavour: str, limit: int, server_factory: Any
) -> None:
    """Three times the limit at once, straight on the transport (no bound of the caller's own): the limit's
    connections carry requests together, no more are opened, the requests beyond it wait for a slot and
    complete, none is busy once all returned, and closing the transport closes every connection of every pool."""
    server = server_factory(gate=limit)
    transport = transport_of(flavour, limits=limits(limit), trust_env=False)
    calls = 3 * limit
    assert send(flavour, transport, [server.origin + "/x"] * calls, at_once=True) == [{}] * calls + [0]
    assert server.peak_in_flight == limit  # the gate opened: the whole limit was in use at one moment
    assert server.accepted == limit  # never above max_connections, and each connection kept alive
    assert len(server.heads) == calls
    assert server.all_closed.wait(WAIT)  # the client closed every pool's connection
    assert server.open == 0


@FLAVOURS
def test_after_a_burst_calls_in_a_row_reuse_a_kept_connection(flavour: str, server_factory: Any) -> None:
    server = server_factory(gate=6)
    transport = transport_of(flavour, limits=limits(6), trust_env=False)
    url = server.origin + "/x"
    if flavour == "sync":
        with httpx.Client(transport=transport) as client:
            with ThreadPoolExecutor(6) as threads:
                list(threads.map(lambda _: client.get(url), range(6)))
            for _ in range(5):
                client.get(url)
    else:

        async def run() -> None:
            async with httpx.AsyncClient(transport=transport) as client:
                await asyncio.gather(*(client.get(url) for _ in range(6)))
                for _ in range(5):
                    await client.get(url)

        asyncio.run(run())
    assert server.accepted == 6


@FLAVOURS
def test_a_proxied_route_is_spread_within_the_limit_too(
    flavour: str, server_factory: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The counting server as the environment's HTTP proxy (an http:// request goes to it in absolute form)."""
    for name in ("HTTP_PROXY", "HTTPS_PROXY", "ALL_PROXY", "NO_PROXY"):
        monkeypatch.delenv(name, raising=False)
        monkeypatch.delenv(name.lower(), raising=False)
    proxy = server_factory(gate=5)
    monkeypatch.setenv("HTTP_PROXY", proxy.origin)
    transport = transport_of(flavour, limits=limits(5), trust_env=True)
    assert send(flavour, transport, ["http://gateway.invalid/x"] * 15, at_once=True) == [{}] * 15 + [0]
    assert all(head.startswith(b"GET http://gateway.invalid/x ") for head in proxy.heads)
    assert (proxy.peak_in_flight, proxy.accepted, len(proxy.heads)) == (5, 5, 15)
    assert proxy.all_closed.wait(WAIT)


def test_each_event_loop_gets_shards_of_its_own(server_factory: Callable[..., CountingServer]) -> None:
    """A second asyncio.run() cannot drive the first loop's connections: it opens its own (and the first loop's
    are dropped, not closed from the wrong loop), as before the pools were split."""
    server = server_factory()
    transport = AsyncGatewayTransport(limits=limits(4), trust_env=False)
    url = server.origin + "/x"

    async def calls() -> int:
        client = httpx.AsyncClient(transport=transport)  # not closed: that would close the transport
        for _ in range(3):
            assert (await client.get(url)).json() == {}
        return server.accepted

    assert asyncio.run(calls()) == 1
    assert asyncio.run(calls()) == 2
    assert transport.connections_in_use() == 0


def made(shapes: list[tuple[int | None, int | None]]) -> Callable[[int | None, int | None], object]:
    def make(size: int | None, keepalive: int | None) -> object:
        shapes.append((size, keepalive))
        return object()

    return make


REQUEST = httpx.Request("GET", "http://gateway.test/x")


@pytest.mark.parametrize(
    ("limit", "shapes"),
    [
        (httpx.Limits(max_connections=5, max_keepalive_connections=3), [(1, 1), (1, 1), (1, 1), (1, 0), (1, 0)]),
        (httpx.Limits(max_connections=4, max_keepalive_connections=None), [(1, 1)] * 4),
        (httpx.Limits(max_connections=None, max_keepalive_connections=7), [(None, 7)]),
    ],
)
def test_shards_add_up_to_the_limits_keep_alive_on_the_lowest(
    limit: httpx.Limits, shapes: list[tuple[int | None, int | None]]
) -> None:
    """Every pool made (every slot taken) holds one connection, kept alive or not: they add up to the limits, and
    the keep-alive budget goes to the lowest slots, the ones requests use first."""
    seen: list[tuple[int | None, int | None]] = []
    route = _Sharded(made(seen), limit)
    taken = [route.take(REQUEST) for _ in range(limit.max_connections or 1)]
    assert seen == shapes
    assert len(route.all()) == len(shapes)
    for slot, _ in taken:
        route.give(slot)
    assert route.take(REQUEST)[0] == (None if limit.max_connections is None else 0)  # the lowest free slot


def test_requests_beyond_the_limit_wait_for_a_slot_first_come_first_served() -> None:
    route = _Sharded(made([]), limits(2))
    taken = [route.take(REQUEST) for _ in range(2)]
    assert [slot for slot, _ in taken] == [0, 1]
    assert route.take(REQUEST) is None  # every slot taken
    woken: list[str] = []
    first = route.queue(REQUEST, lambda: woken.append("first"))
    second = route.queue(REQUEST, lambda: woken.append("second"))
    assert isinstance(first, _Waiter)
    assert isinstance(second, _Waiter)
    route.give(None)  # nothing to give back
    route.give(1)
    assert woken == ["first"]
    assert route.take(REQUEST) is None  # handed over, not freed: a request arriving now cannot take it first
    assert route.claim(first, REQUEST) == (1, taken[1][1])
    route.abandon(second)  # gave up (its pool timeout) before a slot came: out of the queue
    route.give(0)
    assert woken == ["first"]
    assert route.take(REQUEST)[0] == 0


def test_a_waiter_that_gives_up_as_its_slot_comes_passes_the_slot_on() -> None:
    route = _Sharded(made([]), limits(1))
    assert route.take(REQUEST)[0] == 0
    woken: list[str] = []
    late = route.queue(REQUEST, lambda: woken.append("late"))
    next_one = route.queue(REQUEST, lambda: woken.append("next"))
    route.give(0)
    route.abandon(late)  # its timeout fired just as the slot was handed to it
    assert woken == ["late", "next"]
    assert route.claim(next_one, REQUEST)[0] == 0
    route.give(0)
    assert route.take(REQUEST)[0] == 0


@FLAVOURS
def test_a_request_beyond_the_limit_ends_in_pool_timeout_when_no_slot_comes(flavour: str, server_factory: Any) -> None:
    """Limit 1, held by a request the server does not answer yet: a second request with a short pool timeout ends
    in httpx.PoolTimeout (nothing sent: it never reached a pool), and the first completes once answered."""
    server = server_factory(gate=2)  # holds its answers until two requests are in flight (or opened by hand)
    transport = transport_of(flavour, limits=limits(1), trust_env=False)
    held = httpx.Timeout(WAIT)
    short = httpx.Timeout(WAIT, pool=0.05)
    if flavour == "sync":
        with httpx.Client(transport=transport) as client, ThreadPoolExecutor(1) as pool:
            first = pool.submit(client.get, server.origin + "/x", timeout=held)
            assert server.received.wait(WAIT)
            with pytest.raises(httpx.PoolTimeout):
                client.get(server.origin + "/y", timeout=short)
            server.opened.set()
            assert first.result().json() == {}
    else:

        async def run() -> None:
            async with httpx.AsyncClient(transport=transport) as client:
                first = asyncio.ensure_future(client.get(server.origin + "/x", timeout=held))
                assert await asyncio.to_thread(server.received.wait, WAIT)
                with pytest.raises(httpx.PoolTimeout):
                    await client.get(server.origin + "/y", timeout=short)
                server.opened.set()
                assert (await first).json() == {}

        asyncio.run(run())
    assert len(server.heads) == 1  # the request that timed out waiting was never sent


def test_a_shard_that_cannot_be_made_gives_its_slot_back() -> None:
    """TLS settings that no longer load fail as a connect error (nothing sent), and the slot is not lost."""
    attempts: list[int] = []

    def make(size: int | None, keepalive: int | None) -> object:
        attempts.append(1)
        if len(attempts) == 1:
            raise FileNotFoundError("ca.pem")
        return object()

    route = _Sharded(make, limits(2))
    with pytest.raises(httpx.ConnectError, match="nothing was sent"):
        route.take(REQUEST)
    assert route.take(REQUEST)[0] == 0
