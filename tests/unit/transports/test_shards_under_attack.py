"""The split of a route over small pools (``transports/_limits.py``, ``_Sharded``) under failure: a request cancelled
at each await point (asyncio task cancel, trio cancel scope, KeyboardInterrupt in the sync flavour), httpcore's
errors, the answer cap and the leftover check, threads hammering the sync transport, a fork, ``max_connections=None``
and a keep-alive budget below the limit. After each: no connection stays busy, every slot is free again, the
connections at a real loopback server never exceed ``max_connections``, and the next call succeeds on a kept one."""

from __future__ import annotations

import asyncio
import contextlib
import os
import signal
import socket
import threading
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import httpx
import pytest
from merchant_gateway.transports import AsyncGatewayTransport, GatewayTransport

from tests.support.loopback import Listener

OK = b"HTTP/1.1 200 OK\r\ncontent-length: 2\r\ncontent-type: application/json\r\n\r\n{}"
WAIT = 10.0


class ScriptServer:
    """Loopback keep-alive server counting connections; what it does is chosen by the request's path: ``/ok``
    answers ``{}``; ``/hang`` never answers; ``/partial`` sends a head and half its body, then waits; ``/close``
    closes the connection unanswered; ``/gate`` answers once four requests are there; ``/big`` answers 4 KiB;
    ``/extra`` answers with bytes beyond it. ``arrived`` is set once a request was read whole (a test cancels only
    then)."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.paths: list[bytes] = []
        self.arrived = threading.Event()
        self.gate = threading.Barrier(4)  # /gate answers once four requests wait there together
        self.ok = OK  # what /ok answers
        self.route: Callable[[bytes], bytes] = lambda path: path  # a request's path to what the server does
        self.stop = threading.Event()
        self.listener = Listener(self._serve)
        self.origin = self.listener.origin

    @property
    def accepted(self) -> int:
        return self.listener.accepted

    @property
    def open(self) -> int:
        return self.listener.open

    @property
    def peak_open(self) -> int:
        return self.listener.peak_open

    def _serve(self, conn: socket.socket, number: int) -> None:
        with conn, contextlib.suppress(OSError):
            self._answer(conn)

    def _answer(self, conn: socket.socket) -> None:
        data = b""
        while True:
            while b"\r\n\r\n" not in data:
                chunk = conn.recv(65536)
                if not chunk:
                    return
                data += chunk
            head, _, data = data.partition(b"\r\n\r\n")
            path = head.split(b" ", 2)[1]
            if path.startswith(b"http://"):  # absolute form: the server is the environment's proxy
                path = b"/" + path.split(b"/", 3)[3]
            path = self.route(path)
            with self.lock:
                self.paths.append(path)
            self.arrived.set()
            if path == b"/hang":
                conn.recv(1)  # until the client closes
                return
            if path == b"/partial":
                conn.sendall(b"HTTP/1.1 200 OK\r\ncontent-length: 4\r\n\r\n{}")
                conn.recv(1)
                return
            if path == b"/close":
                return
            if path == b"/gate":
                self.gate.wait(WAIT)
            if path == b"/big":
                conn.sendall(b"HTTP/1.1 200 OK\r\ncontent-length: 4096\r\n\r\n" + b" " * 4096)
            elif path == b"/extra":
                conn.sendall(OK + b"HTTP/1.1 200 OK\r\n")
            else:
                conn.sendall(self.ok)

    def wait_open(self, n: int, within: float = WAIT) -> bool:
        """Whether the server sees ``n`` open connections within ``within`` seconds (a closed socket is seen a
        moment after the client closes it)."""
        done = threading.Event()
        for _ in range(int(within * 100)):
            if self.open == n:
                return True
            done.wait(0.01)
        return False

    def close(self) -> None:
        self.listener.close()


@pytest.fixture
def server() -> Iterator[ScriptServer]:
    s = ScriptServer()
    yield s
    s.close()


def limits(n: int | None, keep: int | None = None, expiry: float | None = 5.0) -> httpx.Limits:
    return httpx.Limits(
        max_connections=n, max_keepalive_connections=n if keep is None else keep, keepalive_expiry=expiry
    )


def free_slots(transport: Any) -> list[int]:
    """Every free slot of every route made so far (sorted)."""
    routes = transport._routes
    return sorted(s for route in (*routes._direct.values(), *routes._proxies.values()) for s in route._free)


async def warm_call(client: httpx.AsyncClient, server: ScriptServer) -> None:
    """Two calls in a row succeed, the second on the first's connection."""
    assert (await client.get(server.origin + "/ok")).json() == {}
    accepted = server.accepted
    assert (await client.get(server.origin + "/ok")).json() == {}
    assert server.accepted == accepted


def sync_warm_call(client: httpx.Client, server: ScriptServer) -> None:
    assert client.get(server.origin + "/ok").json() == {}
    accepted = server.accepted
    assert client.get(server.origin + "/ok").json() == {}
    assert server.accepted == accepted


async def wait_arrived(server: ScriptServer) -> None:
    for _ in range(int(WAIT * 100)):
        if server.arrived.is_set():
            return
        await asyncio.sleep(0.01)
    raise AssertionError("the request never reached the server")


@pytest.mark.parametrize("path", ["/hang", "/partial"])  # cancelled awaiting the head / while the body streams
def test_asyncio_cancel_gives_the_slot_back(server: ScriptServer, path: str) -> None:
    transport = AsyncGatewayTransport(limits=limits(3), trust_env=False)

    async def run() -> None:
        async with httpx.AsyncClient(transport=transport) as client:
            task = asyncio.ensure_future(client.get(server.origin + path))
            await wait_arrived(server)
            await asyncio.sleep(0.05)  # let the client reach its read
            task.cancel()
            with pytest.raises(asyncio.CancelledError):
                await task
            assert transport.connections_in_use() == 0
            assert free_slots(transport) == [0, 1, 2]
            await warm_call(client, server)
            assert transport.connections_in_use() == 0

    asyncio.run(run())
    assert server.peak_open <= 3


def test_asyncio_cancel_while_waiting_in_a_pool_beyond_the_limit(server: ScriptServer) -> None:
    """max_connections=1: one request hangs, a second (beyond the limit) waits for a slot and is cancelled while
    waiting; then the first is cancelled too."""
    transport = AsyncGatewayTransport(limits=limits(1), trust_env=False)

    async def run() -> None:
        async with httpx.AsyncClient(transport=transport) as client:
            first = asyncio.ensure_future(client.get(server.origin + "/hang"))
            await wait_arrived(server)
            second = asyncio.ensure_future(client.get(server.origin + "/ok"))
            await asyncio.sleep(0.05)
            second.cancel()
            first.cancel()
            for task in (first, second):
                with pytest.raises(asyncio.CancelledError):
                    await task
            assert transport.connections_in_use() == 0
            assert free_slots(transport) == [0]
            assert server.wait_open(0)  # the cancelled request's connection was closed
            await warm_call(client, server)

    asyncio.run(run())
    assert server.peak_open == 1


@pytest.mark.parametrize("path", ["/hang", "/partial"])
def test_trio_cancel_scope_gives_the_slot_back(server: ScriptServer, path: str) -> None:
    trio = pytest.importorskip("trio")
    transport = AsyncGatewayTransport(limits=limits(3), trust_env=False)

    async def run() -> None:
        async with httpx.AsyncClient(transport=transport) as client:
            with trio.move_on_after(0.3) as scope:
                await client.get(server.origin + path)
            assert scope.cancelled_caught
            assert transport.connections_in_use() == 0
            assert free_slots(transport) == [0, 1, 2]
            assert (await client.get(server.origin + "/ok")).json() == {}
            accepted = server.accepted
            assert (await client.get(server.origin + "/ok")).json() == {}
            assert server.accepted == accepted

    trio.run(run)
    assert server.peak_open <= 3


@pytest.mark.parametrize("path", ["/close", "/big", "/extra"])
@pytest.mark.parametrize("flavour", ["sync", "async"])
def test_errors_and_the_cap_and_the_leftover_give_the_slot_back(server: ScriptServer, path: str, flavour: str) -> None:
    """RemoteProtocolError (closed unanswered), the answer cap (1 KiB here), bytes beyond the answer (retired)."""
    kind = GatewayTransport if flavour == "sync" else AsyncGatewayTransport
    transport: Any = kind(limits=limits(2), trust_env=False, max_answer_bytes=1024)
    expected = {"/close": httpx.RemoteProtocolError, "/big": httpx.ReadError, "/extra": None}[path]

    def check_after() -> None:
        assert transport.connections_in_use() == 0
        assert free_slots(transport) == [0, 1]

    if flavour == "sync":
        with httpx.Client(transport=transport) as client:
            if expected is None:
                assert client.get(server.origin + path).json() == {}
            else:
                with pytest.raises(expected):
                    client.get(server.origin + path)
            check_after()
            sync_warm_call(client, server)
    else:

        async def run() -> None:
            async with httpx.AsyncClient(transport=transport) as client:
                if expected is None:
                    assert (await client.get(server.origin + path)).json() == {}
                else:
                    with pytest.raises(expected):
                        await client.get(server.origin + path)
                check_after()
                await warm_call(client, server)

        asyncio.run(run())


@pytest.mark.parametrize("flavour", ["sync", "async"])
def test_connect_error_gives_the_slot_back(flavour: str) -> None:
    sock = socket.create_server(("127.0.0.1", 0))
    port = sock.getsockname()[1]
    sock.close()  # nothing listens there now
    kind = GatewayTransport if flavour == "sync" else AsyncGatewayTransport
    transport: Any = kind(limits=limits(2), trust_env=False)
    url = f"http://127.0.0.1:{port}/ok"
    if flavour == "sync":
        with httpx.Client(transport=transport) as client, pytest.raises(httpx.ConnectError):
            client.get(url)
    else:

        async def run() -> None:
            async with httpx.AsyncClient(transport=transport) as client:
                with pytest.raises(httpx.ConnectError):
                    await client.get(url)

        asyncio.run(run())
    assert free_slots(transport) == [0, 1]
    assert transport.connections_in_use() == 0


def test_keyboard_interrupt_in_a_sync_read_gives_the_slot_back(server: ScriptServer) -> None:
    """A signal handler raising KeyboardInterrupt while the sync transport waits for the answer's head."""
    if threading.current_thread() is not threading.main_thread():
        pytest.skip("signals are delivered to the main thread")
    transport = GatewayTransport(limits=limits(2), trust_env=False)

    def interrupt(signum: int, frame: Any) -> None:
        raise KeyboardInterrupt

    previous = signal.signal(signal.SIGALRM, interrupt)
    try:
        with httpx.Client(transport=transport) as client:
            signal.setitimer(signal.ITIMER_REAL, 0.3)
            with pytest.raises(KeyboardInterrupt):
                client.get(server.origin + "/hang")
            signal.setitimer(signal.ITIMER_REAL, 0)
            assert transport.connections_in_use() == 0
            assert free_slots(transport) == [0, 1]
            sync_warm_call(client, server)
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


@pytest.mark.parametrize(("limit", "keep", "workers"), [(3, 2, 3), (4, 3, 4), (5, 5, 5), (3, 3, 9), (2, 1, 8)])
def test_threads_hammering_the_sync_transport_stay_within_the_limit(
    server: ScriptServer, limit: int, keep: int, workers: int
) -> None:
    """As many threads as connections (the Gateway's own bound, max_in_flight, lets no more through) or more (a
    caller's own use of the transport: the threads beyond the limit wait for a slot), with a keep-alive budget
    below the limit (the pools above it close their connection after each answer): every call succeeds, no slot
    is lost or given twice."""
    transport = GatewayTransport(limits=limits(limit, keep=keep), trust_env=False)
    with httpx.Client(transport=transport) as client:

        def calls(_: int) -> int:
            n = 0
            for _ in range(60):
                n += client.get(server.origin + "/ok").json() == {}
                assert transport.connections_in_use() <= limit
            return n

        with ThreadPoolExecutor(workers) as threads:
            assert sum(threads.map(calls, range(workers))) == 60 * workers
        assert transport.connections_in_use() == 0
        assert free_slots(transport) == list(range(limit))
        sync_warm_call(client, server)


@pytest.mark.parametrize("flavour", ["sync", "async"])
def test_no_limit_one_pool(server: ScriptServer, flavour: str) -> None:
    kind = GatewayTransport if flavour == "sync" else AsyncGatewayTransport
    transport: Any = kind(limits=httpx.Limits(max_connections=None, max_keepalive_connections=None), trust_env=False)
    if flavour == "sync":
        with httpx.Client(transport=transport) as client:
            with ThreadPoolExecutor(5) as threads:
                list(threads.map(lambda _: client.get(server.origin + "/ok"), range(10)))
            assert transport.connections_in_use() == 0
            sync_warm_call(client, server)
            assert len(transport._routes.all()) == 1
    else:

        async def run() -> None:
            async with httpx.AsyncClient(transport=transport) as client:
                await asyncio.gather(*(client.get(server.origin + "/ok") for _ in range(10)))
                assert transport.connections_in_use() == 0
                await warm_call(client, server)
                assert len(transport._routes.all()) == 1

        asyncio.run(run())


@pytest.mark.skipif(not hasattr(os, "fork"), reason="needs fork")
def test_a_forked_child_opens_its_own_connections(server: ScriptServer) -> None:
    transport = GatewayTransport(limits=limits(2), trust_env=False)
    client = httpx.Client(transport=transport)
    assert client.get(server.origin + "/ok").json() == {}
    assert server.accepted == 1
    pid = os.fork()
    if pid == 0:  # the child: a new connection of its own, the parent's untouched
        code = 1
        try:
            ok = client.get(server.origin + "/ok").json() == {} and transport.connections_in_use() == 0
            code = 0 if ok and free_slots(transport) == [0, 1] else 1
        finally:
            os._exit(code)
    _, status = os.waitpid(pid, 0)
    assert os.waitstatus_to_exitcode(status) == 0
    assert server.accepted == 2
    sync_warm_call(client, server)
    assert server.accepted == 2  # the parent's connection still serves the parent
    client.close()


@pytest.mark.parametrize("flavour", ["sync", "async"])
def test_idle_connections_of_a_shard_no_request_visits_are_closed_once_expired(
    server: ScriptServer, flavour: str
) -> None:
    """keepalive_expiry holds in every pool: after a burst over four, calls that keep to the lowest one close the
    others' idle connections once they expired, as one httpcore pool closes every expired connection at
    any request (they would otherwise stay open until the server drops them, and then linger half-closed)."""
    kind = GatewayTransport if flavour == "sync" else AsyncGatewayTransport
    transport: Any = kind(limits=limits(4, expiry=0.05), trust_env=False)
    url = server.origin + "/gate"

    def settled() -> bool:
        return server.open == 1

    if flavour == "sync":
        with httpx.Client(transport=transport) as client:
            with ThreadPoolExecutor(4) as threads:
                assert [r.json() for r in threads.map(lambda _: client.get(url), range(4))] == [{}] * 4
            assert len(transport._routes.all()) == 4  # every pool was used
            for _ in range(int(WAIT * 10)):
                assert client.get(server.origin + "/ok").json() == {}
                if server.wait_open(1, within=0.1):
                    break
            assert settled()
    else:

        async def run() -> None:
            async with httpx.AsyncClient(transport=transport) as client:
                assert [r.json() for r in await asyncio.gather(*(client.get(url) for _ in range(4)))] == [{}] * 4
                assert len(transport._routes.all()) == 4
                for _ in range(int(WAIT * 10)):
                    assert (await client.get(server.origin + "/ok")).json() == {}
                    if server.wait_open(1, within=0.1):
                        break
                assert settled()

        asyncio.run(run())


@pytest.mark.parametrize("flavour", ["sync", "async"])
def test_over_tls_with_a_private_ca_the_shards_keep_the_limit_and_a_cancel_gives_its_slot_back(
    server: ScriptServer, flavour: str, tmp_path: Any
) -> None:
    """https through a loopback TLS front (a trustme CA's certificate) relaying to the counting server: a burst of
    the limit opens one TLS connection each, calls in a row keep one, a request given up (sync: its read timeout;
    async: a cancelled task) frees its slot, and the next calls succeed on one connection: the given-up request's
    was closed, so its slot (the lowest, which calls in a row take) opens one new connection for all three."""
    import ssl

    trustme = pytest.importorskip("trustme")
    from tests.support.tls_front import TlsFront

    ca = trustme.CA()
    ca_file = tmp_path / "ca.pem"
    ca.cert_pem.write_to_path(str(ca_file))
    context = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
    ca.issue_cert("127.0.0.1").configure_cert(context)
    front = TlsFront(context, int(server.origin.rsplit(":", 1)[1]))
    origin = f"https://127.0.0.1:{front.port}"
    kind = GatewayTransport if flavour == "sync" else AsyncGatewayTransport
    transport: Any = kind(limits=limits(4), trust_env=False, verify=str(ca_file))
    try:
        if flavour == "sync":
            with httpx.Client(transport=transport) as client:
                with ThreadPoolExecutor(4) as threads:
                    assert [r.json() for r in threads.map(lambda _: client.get(origin + "/gate"), range(4))] == [{}] * 4
                assert front.connections == 4
                with pytest.raises(httpx.ReadTimeout):
                    client.get(origin + "/hang", timeout=0.3)
                assert transport.connections_in_use() == 0
                assert free_slots(transport) == [0, 1, 2, 3]
                opened = front.connections
                for _ in range(3):
                    assert client.get(origin + "/ok").json() == {}
                assert front.connections == opened + 1  # one new TLS connection carried all three
        else:

            async def run() -> None:
                async with httpx.AsyncClient(transport=transport) as client:
                    burst = await asyncio.gather(*(client.get(origin + "/gate") for _ in range(4)))
                    assert [r.json() for r in burst] == [{}] * 4
                    assert front.connections == 4
                    server.arrived.clear()
                    task = asyncio.ensure_future(client.get(origin + "/hang"))
                    await wait_arrived(server)  # cancelled once the request was relayed whole
                    task.cancel()
                    with pytest.raises(asyncio.CancelledError):
                        await task
                    assert transport.connections_in_use() == 0
                    assert free_slots(transport) == [0, 1, 2, 3]
                    opened = front.connections
                    for _ in range(3):
                        assert (await client.get(origin + "/ok")).json() == {}
                    assert front.connections == opened + 1

            asyncio.run(run())
    finally:
        front.close()
    assert server.peak_open <= 5  # the four and the one given up (the server sees a close a moment late)


@pytest.mark.parametrize("flavour", ["sync", "async"])
def test_through_the_environments_proxy_a_request_given_up_frees_its_slot(
    server: ScriptServer, flavour: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The counting server as HTTP_PROXY (trust_env): a request given up while it waits for its answer (sync: its
    read timeout; async: a cancelled task) frees its slot of the proxy's route, and calls in a row keep one
    connection to the proxy."""
    for name in ("HTTP_PROXY", "HTTPS_PROXY", "ALL_PROXY", "NO_PROXY"):
        monkeypatch.delenv(name, raising=False)
        monkeypatch.delenv(name.lower(), raising=False)
    monkeypatch.setenv("HTTP_PROXY", server.origin)
    kind = GatewayTransport if flavour == "sync" else AsyncGatewayTransport
    transport: Any = kind(limits=limits(2), trust_env=True)
    origin = "http://gateway.invalid"
    if flavour == "sync":
        with httpx.Client(transport=transport) as client:
            with pytest.raises(httpx.ReadTimeout):
                client.get(origin + "/hang", timeout=0.3)
            assert transport.connections_in_use() == 0
            assert free_slots(transport) == [0, 1]
            assert client.get(origin + "/ok").json() == {}
            accepted = server.accepted
            assert client.get(origin + "/ok").json() == {}
            assert server.accepted == accepted
    else:

        async def run() -> None:
            async with httpx.AsyncClient(transport=transport) as client:
                task = asyncio.ensure_future(client.get(origin + "/hang"))
                await wait_arrived(server)
                task.cancel()
                with pytest.raises(asyncio.CancelledError):
                    await task
                assert transport.connections_in_use() == 0
                assert free_slots(transport) == [0, 1]
                assert (await client.get(origin + "/ok")).json() == {}
                accepted = server.accepted
                assert (await client.get(origin + "/ok")).json() == {}
                assert server.accepted == accepted

        asyncio.run(run())
    assert all(path in (b"/hang", b"/ok") for path in server.paths)


STATUS = b'{"success": true, "code": "PAYMENT_PENDING", "message": "m", "data": {"amount": 1}}'


def test_an_async_gateway_with_max_in_flight_one_calls_again_after_a_cancelled_call(server: ScriptServer) -> None:
    """max_in_flight=1, the gateway's own transport: a status read cancelled while it awaits its answer gives back
    both the gateway's bound and the transport's slot; the next reads succeed on one kept connection."""
    import merchant_gateway as mg

    server.ok = b"HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncontent-length: %d\r\n\r\n%s" % (
        len(STATUS),
        STATUS,
    )
    server.route = lambda path: b"/hang" if b"HANG" in path else b"/ok"
    urls: dict[str, Any] = {name: f"{server.origin}/{name}" for name in ("base_url", "apps_url", "auth_url")}

    async def run() -> None:
        async with mg.AsyncGateway(merchant_id="M1", salt_key="s", salt_index="1", max_in_flight=1, **urls) as gw:
            task = asyncio.ensure_future(gw.get_transaction_status("HANG-1"))
            await wait_arrived(server)
            task.cancel()
            with pytest.raises(asyncio.CancelledError):
                await task
            first = await asyncio.wait_for(gw.get_transaction_status("T1"), WAIT)  # a leaked bound would hang
            accepted = server.accepted
            second = await asyncio.wait_for(gw.get_transaction_status("T2"), WAIT)
            assert (first.code, second.code) == ("PAYMENT_PENDING", "PAYMENT_PENDING")
            assert server.accepted == accepted

    asyncio.run(run())
