"""An idle kept-alive connection is used again while its server keeps it open, and never once the server has closed
it: httpcore asks the network stream whether an idle connection "is_readable" (its end has arrived), and the
gateway's deadline stream answers from the connection's socket, looked up once. Over real loopback sockets, both
flavours."""

from __future__ import annotations

import asyncio
import socket
import threading
from collections.abc import Iterator

import httpx
import pytest
from merchant_gateway.transports import AsyncGatewayTransport, GatewayTransport

from tests.support.loopback import Listener

ANSWER = b"HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\n{}"  # no "Connection: close": the client keeps it


class Server:
    """Answers every request with ``ANSWER``; with ``hang_up``, closes each connection after its first answer (as
    a server whose keep-alive timeout passed) and sets ``closed``."""

    def __init__(self) -> None:
        self.hang_up = False
        self.closed = threading.Event()
        self.listener = Listener(self._serve)
        self.url = self.listener.origin + "/x"

    @property
    def connections(self) -> int:
        return self.listener.accepted

    def _serve(self, conn: socket.socket, number: int) -> None:
        with conn:
            try:
                data = b""
                while chunk := conn.recv(65536):
                    data += chunk
                    while b"\r\n\r\n" in data:
                        head, _, data = data.partition(b"\r\n\r\n")
                        length = next(
                            (
                                int(line.split(b":")[1])
                                for line in head.split(b"\r\n")
                                if line.lower().startswith(b"content-length:")
                            ),
                            0,
                        )
                        while len(data) < length:
                            data += conn.recv(65536)
                        data = data[length:]
                        conn.sendall(ANSWER)
                        if self.hang_up:
                            conn.shutdown(socket.SHUT_RDWR)
                            conn.close()
                            self.closed.set()
                            return
            except OSError:
                return


@pytest.fixture
def server() -> Iterator[Server]:
    s = Server()
    yield s
    s.listener.close()


def test_a_kept_connection_serves_calls_in_a_row(server: Server) -> None:
    with GatewayTransport(trust_env=False) as transport, httpx.Client(transport=transport) as client:
        for _ in range(3):
            assert client.post(server.url, content=b"{}").status_code == 200

    async def run() -> None:
        async with AsyncGatewayTransport(trust_env=False) as transport, httpx.AsyncClient(transport=transport) as c:
            for _ in range(3):
                assert (await c.post(server.url, content=b"{}")).status_code == 200

    asyncio.run(run())
    assert server.connections == 2  # one per flavour


def test_a_connection_the_server_closed_while_idle_is_not_used_again(server: Server) -> None:
    server.hang_up = True
    with GatewayTransport(trust_env=False) as transport, httpx.Client(transport=transport) as client:
        assert client.get(server.url).status_code == 200
        assert server.closed.wait(10)
        server.closed.clear()
        # on the closed connection this POST would fail after its first byte (a payment's outcome unknown)
        assert client.post(server.url, content=b"{}").status_code == 200

    async def run() -> None:
        async with AsyncGatewayTransport(trust_env=False) as transport, httpx.AsyncClient(transport=transport) as c:
            assert (await c.get(server.url)).status_code == 200
            assert await asyncio.to_thread(server.closed.wait, 10)
            assert (await c.post(server.url, content=b"{}")).status_code == 200

    asyncio.run(run())
    assert server.connections == 4
