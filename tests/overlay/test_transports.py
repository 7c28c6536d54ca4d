"""The default async transport (aiohttp via httpx-aiohttp) over real loopback sockets: a server that drops the
connection after receiving a payment must give OutcomeUnknown after exactly one request (never a blind retry),
while a refused connection is retried as "not sent"."""

from __future__ import annotations

import socket
import threading
from collections.abc import Iterator

import httpx
import merchant_gateway as mg
import pytest
from merchant_gateway.transports import default_async_transport

pytest.importorskip("httpx_aiohttp")
SETTINGS = {"merchant_id": "M1", "salt_key": "s-transport", "salt_index": "1"}


class DroppingServer:
    """Reads one HTTP request per connection, then closes the socket without answering."""

    def __init__(self) -> None:
        self.sock = socket.create_server(("127.0.0.1", 0))
        self.port = self.sock.getsockname()[1]
        self.requests = 0
        self._thread = threading.Thread(target=self._serve, daemon=True)
        self._thread.start()

    def _serve(self) -> None:
        while True:
            try:
                conn, _ = self.sock.accept()
            except OSError:
                return
            with conn:
                data = b""
                while b"\r\n\r\n" not in data:
                    chunk = conn.recv(65536)
                    if not chunk:
                        break
                    data += chunk
                if data:
                    self.requests += 1

    def close(self) -> None:
        self.sock.close()


@pytest.fixture
def dropping() -> Iterator[DroppingServer]:
    server = DroppingServer()
    yield server
    server.close()


def test_the_fast_transport_is_the_default() -> None:
    transport = default_async_transport(httpx.Limits(max_connections=4))
    assert transport is not None and type(transport).__name__ == "SafeAiohttpTransport"


def test_a_proxy_in_the_environment_keeps_httpx(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("HTTPS_PROXY", "http://127.0.0.1:9")
    assert default_async_transport(httpx.Limits()) is None


async def test_dropped_after_sending_is_outcome_unknown_after_one_request(dropping: DroppingServer) -> None:
    url = f"http://127.0.0.1:{dropping.port}"

    async def no_sleep(seconds: float) -> None:
        return None

    async with mg.AsyncGateway(**SETTINGS, base_url=url, apps_url=url, auth_url=url, sleep=no_sleep) as gw:
        with pytest.raises(mg.OutcomeUnknown) as info:
            await gw.debit_v4_web(transaction_id="TXDROP1", amount=100, merchant_user_id="U1")
    assert info.value.transaction_id == "TXDROP1"
    assert dropping.requests == 1


async def test_refused_connection_is_retried_as_not_sent() -> None:
    with socket.create_server(("127.0.0.1", 0)) as s:
        port = s.getsockname()[1]  # closed again below: nothing listens there
    url = f"http://127.0.0.1:{port}"
    waits: list[float] = []

    async def sleep(seconds: float) -> None:
        waits.append(seconds)

    async with mg.AsyncGateway(**SETTINGS, base_url=url, apps_url=url, auth_url=url, sleep=sleep) as gw:
        with pytest.raises(mg.GatewayConnectionError) as info:
            await gw.debit_v4_web(transaction_id="TXREF1", amount=100, merchant_user_id="U1")
    assert not isinstance(info.value, mg.OutcomeUnknown)
    assert len(waits) == mg.RetryPolicy().max_attempts - 1
