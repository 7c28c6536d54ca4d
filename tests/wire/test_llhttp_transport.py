"""LlhttpTransport's and AsyncLlhttpTransport's own guarantees, beside the corpus (which runs every case through
them as the gateways' defaults):
keep-alive reuse, an idle connection that received bytes nobody asked for is never used again, a request that
h11 would refuse is refused before a byte is sent, a ``101`` is refused. Real loopback sockets; no sleeps (the
test tells the server when to misbehave and waits for it to have done so)."""

from __future__ import annotations

import asyncio
import contextlib
import shutil
import socket
import ssl
import subprocess
import threading
from collections.abc import Callable, Iterator
from pathlib import Path

import httpx
import pytest
from merchant_gateway.async_llhttp_transport import AsyncLlhttpTransport
from merchant_gateway.llhttp_transport import LlhttpTransport

Answer = Callable[[socket.socket, int, int], None]  # (connection, connection number, request number on it)


class RawServer:
    """Answers each request head (GETs only) with ``answer``; counts connections and requests. With ``tls``,
    each accepted connection is wrapped in it first (one that fails its handshake is counted and closed)."""

    def __init__(self, answer: Answer, tls: ssl.SSLContext | None = None) -> None:
        self.answer = answer
        self.tls = tls
        self.connections = 0
        self.requests = 0
        self.listener = socket.create_server(("127.0.0.1", 0))
        self.port = self.listener.getsockname()[1]
        self.socks: list[socket.socket] = []
        self.threads = [threading.Thread(target=self._accept, daemon=True)]
        self.threads[0].start()

    def _accept(self) -> None:
        while True:
            try:
                sock, _ = self.listener.accept()
            except OSError:
                return
            self.connections += 1
            if self.tls is not None:
                try:
                    sock = self.tls.wrap_socket(sock, server_side=True)
                except OSError:  # ssl.SSLError included
                    sock.close()
                    continue
            self.socks.append(sock)
            thread = threading.Thread(target=self._serve, args=(sock, self.connections), daemon=True)
            self.threads.append(thread)
            thread.start()

    def _serve(self, sock: socket.socket, conn: int) -> None:
        pending = b""
        index = 0
        while True:
            while b"\r\n\r\n" not in pending:
                try:
                    data = sock.recv(65536)
                except OSError:
                    return
                if not data:
                    return
                pending += data
            _, _, pending = pending.partition(b"\r\n\r\n")
            self.requests += 1
            self.answer(sock, conn, index)
            index += 1

    def close(self) -> None:
        # close() alone wakes neither a thread blocked in accept() nor one in recv() (Linux): shutdown() does, so
        # every thread ends now instead of at the join's timeout
        for sock in (self.listener, *self.socks):
            with contextlib.suppress(OSError):  # already closed by the client
                sock.shutdown(socket.SHUT_RDWR)
            sock.close()
        for thread in self.threads:
            thread.join(timeout=5)
            assert not thread.is_alive(), "a RawServer thread did not end"


@pytest.fixture
def serve() -> Iterator[Callable[[Answer], RawServer]]:
    servers: list[RawServer] = []

    def start(answer: Answer) -> RawServer:
        servers.append(RawServer(answer))
        return servers[-1]

    yield start
    for server in servers:
        server.close()


def ok(body: bytes) -> bytes:
    return b"HTTP/1.1 200 OK\r\nContent-Length: %d\r\n\r\n%s" % (len(body), body)


def test_keep_alive_connection_is_reused(serve: Callable[[Answer], RawServer]) -> None:
    server = serve(lambda sock, conn, index: sock.sendall(ok(b"%d/%d" % (conn, index))))
    transport = LlhttpTransport(deadline=5)
    with httpx.Client(transport=transport) as client:
        answers = [client.get(f"http://127.0.0.1:{server.port}/").text for _ in range(3)]
        assert transport.connections_in_use() == 0
    assert answers == ["1/0", "1/1", "1/2"]
    assert server.connections == 1


def test_idle_connection_with_unsolicited_bytes_is_not_reused(serve: Callable[[Answer], RawServer]) -> None:
    misbehave = threading.Event()
    forged = threading.Event()

    def answer(sock: socket.socket, conn: int, index: int) -> None:
        sock.sendall(ok(b"own %d" % conn))
        if conn == 1:
            misbehave.wait(5)
            sock.sendall(ok(b"forged"))  # while the client holds the connection idle
            forged.set()

    server = serve(answer)
    url = f"http://127.0.0.1:{server.port}/"
    with httpx.Client(transport=LlhttpTransport(deadline=5)) as client:
        assert client.get(url).text == "own 1"
        misbehave.set()
        assert forged.wait(5)
        assert client.get(url).text == "own 2"
    assert server.connections == 2


@pytest.mark.parametrize(
    "headers",
    [{"X-Evil": "a\r\nX-Injected: 1"}, {"X-Evil": "a\nb"}, {"X-Evil": "nul\x00"}, {"Bad Name": "x"}],
    ids=["crlf", "lf", "nul", "space-in-name"],
)
def test_request_h11_would_refuse_is_not_sent(serve: Callable[[Answer], RawServer], headers: dict[str, str]) -> None:
    server = serve(lambda sock, conn, index: sock.sendall(ok(b"x")))
    with httpx.Client(transport=LlhttpTransport(deadline=5)) as client, pytest.raises(httpx.LocalProtocolError):
        client.get(f"http://127.0.0.1:{server.port}/", headers=headers)
    assert server.connections == 0


def test_a_header_checked_before_is_checked_again_with_another_value(serve: Callable[[Answer], RawServer]) -> None:
    """The transport remembers header pairs that passed the check (most repeat on every call): a name that passed
    with one value is still refused with a bad one, and what it remembers stays bounded."""
    from merchant_gateway import llhttp_exchange

    server = serve(lambda sock, conn, index: sock.sendall(ok(b"x")))
    url = f"http://127.0.0.1:{server.port}/"
    with httpx.Client(transport=LlhttpTransport(deadline=5)) as client:
        assert client.get(url, headers={"X-Evil": "fine"}).text == "x"
        with pytest.raises(httpx.LocalProtocolError):
            client.get(url, headers={"X-Evil": "fine\r\nX-Injected: 1"})
        for n in range(llhttp_exchange._PASSED_PAIRS + 10):
            client.get(url, headers={"X-Count": str(n)})
        client.get(url, headers={"Authorization": "O-Bearer secret-token", "X-VERIFY": "abc###1"})
    assert server.requests == llhttp_exchange._PASSED_PAIRS + 12
    assert len(llhttp_exchange._PASSED) <= llhttp_exchange._PASSED_PAIRS
    kept = {value for _, value in llhttp_exchange._PASSED}
    assert b"O-Bearer secret-token" not in kept  # credentials are never kept
    assert b"abc###1" not in kept


def test_switching_protocols_is_refused(serve: Callable[[Answer], RawServer]) -> None:
    upgrade = b"HTTP/1.1 101 Switching Protocols\r\nConnection: upgrade\r\nUpgrade: websocket\r\n\r\n"
    server = serve(lambda sock, conn, index: sock.sendall(upgrade + ok(b"after")))
    with httpx.Client(transport=LlhttpTransport(deadline=5)) as client, pytest.raises(httpx.RemoteProtocolError):
        client.get(f"http://127.0.0.1:{server.port}/")


# --- the async twin (asyncio) ----------------------------------------------------------------------------------


def test_async_keep_alive_connection_is_reused(serve: Callable[[Answer], RawServer]) -> None:
    server = serve(lambda sock, conn, index: sock.sendall(ok(b"%d/%d" % (conn, index))))

    async def calls() -> list[str]:
        transport = AsyncLlhttpTransport(deadline=5)
        async with httpx.AsyncClient(transport=transport) as client:
            answers = [(await client.get(f"http://127.0.0.1:{server.port}/")).text for _ in range(3)]
            assert transport.connections_in_use() == 0
        return answers

    assert asyncio.run(calls()) == ["1/0", "1/1", "1/2"]
    assert server.connections == 1


def test_async_idle_connection_with_unsolicited_bytes_is_not_reused(serve: Callable[[Answer], RawServer]) -> None:
    misbehave = threading.Event()
    forged = threading.Event()

    def answer(sock: socket.socket, conn: int, index: int) -> None:
        sock.sendall(ok(b"own %d" % conn))
        if conn == 1:
            misbehave.wait(5)
            sock.sendall(ok(b"forged"))
            forged.set()

    server = serve(answer)
    url = f"http://127.0.0.1:{server.port}/"

    async def calls() -> list[str]:
        async with httpx.AsyncClient(transport=AsyncLlhttpTransport(deadline=5)) as client:
            first = (await client.get(url)).text
            misbehave.set()
            assert await asyncio.to_thread(forged.wait, 5)
            second = (await client.get(url)).text
        return [first, second]

    assert asyncio.run(calls()) == ["own 1", "own 2"]
    assert server.connections == 2


def test_async_request_h11_would_refuse_is_not_sent(serve: Callable[[Answer], RawServer]) -> None:
    server = serve(lambda sock, conn, index: sock.sendall(ok(b"x")))

    async def call() -> None:
        async with httpx.AsyncClient(transport=AsyncLlhttpTransport(deadline=5)) as client:
            await client.get(f"http://127.0.0.1:{server.port}/", headers={"X-Evil": "a\r\nX-Injected: 1"})

    with pytest.raises(httpx.LocalProtocolError):
        asyncio.run(call())
    assert server.connections == 0


def test_async_drip_is_cut_at_the_deadline(serve: Callable[[Answer], RawServer]) -> None:
    stop = threading.Event()

    def drip(sock: socket.socket, conn: int, index: int) -> None:
        for byte in ok(b"late"):
            if stop.wait(0.05):
                return
            sock.sendall(bytes([byte]))

    server = serve(drip)

    async def call() -> None:
        # every byte arrives well within the read timeout; only the whole-request deadline ends the call
        async with httpx.AsyncClient(transport=AsyncLlhttpTransport(deadline=0.3), timeout=5) as client:
            await client.get(f"http://127.0.0.1:{server.port}/")

    try:
        with pytest.raises(httpx.ReadTimeout):
            asyncio.run(call())
    finally:
        stop.set()


HEAD_ANSWER = b"HTTP/1.1 200 OK\r\nContent-Length: 5\r\n\r\n"  # the length of the body a GET would get


def test_head_answer_has_no_body(serve: Callable[[Answer], RawServer]) -> None:
    server = serve(lambda sock, conn, index: sock.sendall(HEAD_ANSWER))
    with httpx.Client(transport=LlhttpTransport(deadline=5)) as client:
        answer = client.head(f"http://127.0.0.1:{server.port}/")
    assert (answer.status_code, answer.content) == (200, b"")


def test_async_head_answer_has_no_body(serve: Callable[[Answer], RawServer]) -> None:
    server = serve(lambda sock, conn, index: sock.sendall(HEAD_ANSWER))

    async def call() -> httpx.Response:
        async with httpx.AsyncClient(transport=AsyncLlhttpTransport(deadline=5)) as client:
            return await client.head(f"http://127.0.0.1:{server.port}/")

    answer = asyncio.run(call())
    assert (answer.status_code, answer.content) == (200, b"")


def test_threads_share_the_pool_within_its_limit(serve: Callable[[Answer], RawServer]) -> None:
    server = serve(lambda sock, conn, index: sock.sendall(ok(b"answer")))
    transport = LlhttpTransport(deadline=10, limits=httpx.Limits(max_connections=3, max_keepalive_connections=3))
    url = f"http://127.0.0.1:{server.port}/"
    results: list[str] = []

    with httpx.Client(transport=transport) as client:  # one client for all threads, as Gateway shares its own

        def calls() -> None:
            results.extend(client.get(url).text for _ in range(25))

        threads = [threading.Thread(target=calls) for _ in range(8)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(30)
        assert transport.connections_in_use() == 0
    assert results == ["answer"] * 200
    assert server.connections <= 3


@pytest.fixture
def tls_server(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[tuple[str, RawServer]]:
    """An HTTPS keep-alive server for ``localhost`` whose self-signed certificate the client trusts through
    SSL_CERT_FILE (httpx's SSL context honours it)."""
    if shutil.which("openssl") is None:
        pytest.skip("needs the openssl command to make a certificate")
    cert, key = tmp_path / "cert.pem", tmp_path / "key.pem"
    subprocess.run(
        ["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", str(key), "-out", str(cert)]
        + ["-days", "1", "-subj", "/CN=localhost", "-addext", "subjectAltName=DNS:localhost"],
        check=True,
        capture_output=True,
    )
    monkeypatch.setenv("SSL_CERT_FILE", str(cert))
    context = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
    context.load_cert_chain(cert, key)
    server = RawServer(lambda sock, conn, index: sock.sendall(ok(b"tls %d/%d" % (conn, index))), tls=context)
    yield f"https://localhost:{server.port}/", server
    server.close()


def test_tls_verified_and_kept_alive(tls_server: tuple[str, RawServer]) -> None:
    url, server = tls_server
    with httpx.Client(transport=LlhttpTransport(deadline=5)) as client:
        assert [client.get(url).text for _ in range(2)] == ["tls 1/0", "tls 1/1"]

    async def calls() -> list[str]:
        async with httpx.AsyncClient(transport=AsyncLlhttpTransport(deadline=5)) as client:
            return [(await client.get(url)).text for _ in range(2)]

    assert asyncio.run(calls()) == ["tls 2/0", "tls 2/1"]
    assert server.connections == 2


def test_tls_certificate_not_trusted(tls_server: tuple[str, RawServer], monkeypatch: pytest.MonkeyPatch) -> None:
    url, _ = tls_server
    monkeypatch.delenv("SSL_CERT_FILE")
    with httpx.Client(transport=LlhttpTransport(deadline=5)) as client, pytest.raises(httpx.ConnectError):
        client.get(url)

    async def call() -> None:
        async with httpx.AsyncClient(transport=AsyncLlhttpTransport(deadline=5)) as client:
            await client.get(url)

    with pytest.raises(httpx.ConnectError):
        asyncio.run(call())
