"""Fixtures of the wire corpus: the hostile server (started per case, shut down in teardown) and the axis of
transports every test runs on (see ``pytest_generate_tests``)."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

import pytest
from hostile_server import Behaviour, HostileServer
from merchant_gateway.transports import AsyncGatewayTransport, GatewayTransport

_PROXY_VARS = ("HTTP_PROXY", "HTTPS_PROXY", "ALL_PROXY", "http_proxy", "https_proxy", "all_proxy")


@dataclass(frozen=True)
class Transport:
    """One way the package can send: ``mode`` picks Gateway or AsyncGateway; ``make()`` builds the transport
    to pass (None: the package's own default, whatever it is today)."""

    mode: str  # "sync" | "async"
    name: str
    make: Callable[[], Any]
    # the class Gateway builds for itself in place of its default (same deadline, limits and cap), when set
    default: type | None = None

    @property
    def id(self) -> str:
        return f"{self.mode}-{self.name}"


def shipped_transports() -> list[Transport]:
    """Every way the package sends, sync and async: the defaults Gateway and AsyncGateway build for themselves
    (``transport`` not given), directly and through a proxy named in the environment (``proxied``: HTTP_PROXY is
    the hostile server itself, the gateway's URLs name a host only the proxy reaches), and the httpcore/h11
    transports (GatewayTransport, AsyncGatewayTransport) as the gateways' defaults: public, and what carries the
    gateways' proxied calls (and AsyncGateway's under trio)."""
    found = [Transport(mode, name, lambda: None) for name in ("default", "proxied") for mode in ("sync", "async")]
    return [
        *found,
        Transport("sync", "httpcore", lambda: None, default=GatewayTransport),
        Transport("async", "httpcore", lambda: None, default=AsyncGatewayTransport),
    ]


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    if "transport" in metafunc.fixturenames:
        transports = shipped_transports()
        metafunc.parametrize("transport", transports, ids=[t.id for t in transports])


@pytest.fixture(autouse=True)
def _gateway_default(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> None:
    """The ``default`` of the test's transport, if it names one, is the class Gateway builds for itself."""
    callspec = getattr(request.node, "callspec", None)
    transport = callspec.params.get("transport") if callspec is not None else None
    if isinstance(transport, Transport) and transport.default is not None:
        if transport.mode == "sync":
            monkeypatch.setattr("merchant_gateway.llhttp_transport.LlhttpTransport", transport.default)
        else:
            monkeypatch.setattr("merchant_gateway.async_llhttp_transport.AsyncLlhttpTransport", transport.default)


@pytest.fixture(autouse=True)
def _no_proxy(monkeypatch: pytest.MonkeyPatch) -> None:
    """Only the `proxied` transport variant names a proxy (set by the test itself)."""
    for var in _PROXY_VARS:
        monkeypatch.delenv(var, raising=False)


@pytest.fixture
def hostile() -> Iterator[Callable[..., HostileServer]]:
    """Start a HostileServer with a behaviour; every server started is closed at teardown."""
    servers: list[HostileServer] = []

    def start(behaviour: Behaviour, **kwargs: Any) -> HostileServer:
        server = HostileServer(behaviour, **kwargs)
        servers.append(server)
        return server

    yield start
    for server in servers:
        server.close()
