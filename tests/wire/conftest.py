"""Fixtures of the wire corpus: the hostile server (started per case, shut down in teardown) and the axis of
transports every test runs on (see ``pytest_generate_tests``)."""

from __future__ import annotations

import importlib
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

import httpx
import pytest
from hostile_server import Behaviour, HostileServer

_PROXY_VARS = ("HTTP_PROXY", "HTTPS_PROXY", "ALL_PROXY", "http_proxy", "https_proxy", "all_proxy")


@dataclass(frozen=True)
class Transport:
    """One way the package can send: ``mode`` picks Gateway or AsyncGateway; ``make()`` builds the transport
    to pass (None: the package's own default, whatever it is today)."""

    mode: str  # "sync" | "async"
    name: str
    make: Callable[[], Any]

    @property
    def id(self) -> str:
        return f"{self.mode}-{self.name}"


def _default_sync_type() -> type | None:
    """Type of the transport Gateway picks by default, when the package still says so (None otherwise)."""
    try:
        transport = importlib.import_module("merchant_gateway.transports").default_sync_transport(httpx.Limits())
    except (ImportError, AttributeError, TypeError):
        return None
    if transport is None:
        return None
    transport.close()
    return type(transport)


def shipped_transports() -> list[Transport]:
    """Every transport the package ships, sync and async: the defaults Gateway and AsyncGateway build for
    themselves (``transport`` not given, no proxy configured), and StdlibTransport while the package still
    ships it and it is not the sync default.

    Not here: httpx's own ``HTTPTransport``/``AsyncHTTPTransport``. They are httpx's, not the package's; the
    package uses them only when a proxy is configured in the environment, and documents that path as having
    neither the whole-call deadline nor the answer cap, so the drip and 200 MB cases could never pass on it.
    """
    found = [Transport("sync", "default", lambda: None), Transport("async", "default", lambda: None)]
    try:
        stdlib = importlib.import_module("merchant_gateway.stdlib_transport").StdlibTransport
    except (ImportError, AttributeError):
        stdlib = None
    if stdlib is not None and _default_sync_type() is not stdlib:
        found.append(Transport("sync", "stdlib", stdlib))
    return found


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    if "transport" in metafunc.fixturenames:
        transports = shipped_transports()
        metafunc.parametrize("transport", transports, ids=[t.id for t in transports])


@pytest.fixture(autouse=True)
def _no_proxy(monkeypatch: pytest.MonkeyPatch) -> None:
    """A proxy in the environment would swap the default transport for httpx's (and route loopback through it)."""
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
