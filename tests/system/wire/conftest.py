"""Fixtures of the wire corpus: the hostile server (started per case, shut down in teardown) and the axis of
transports every test runs on (see ``pytest_generate_tests``)."""

from __future__ import annotations

from collections.abc import Callable, Coroutine, Iterator
from dataclasses import dataclass
from typing import Any

import pytest
from hostile_server import Behaviour, HostileServer

from tests.support.event_loops import run_on_asyncio, run_on_uvloop

_PROXY_VARS = ("HTTP_PROXY", "HTTPS_PROXY", "ALL_PROXY", "http_proxy", "https_proxy", "all_proxy")


@dataclass(frozen=True)
class Transport:
    """One way the package can send: ``mode`` picks Gateway or AsyncGateway; ``make()`` builds the transport
    to pass (None: the package's own default, whatever it is today); ``run`` runs an async test's coroutine on
    its event loop."""

    mode: str  # "sync" | "async"
    name: str  # "default" | "proxied"
    make: Callable[[], Any]
    run: Callable[[Coroutine[Any, Any, Any]], Any] = run_on_asyncio
    loop: str = ""  # named when an async test runs on another event loop than asyncio's

    @property
    def id(self) -> str:
        # one token per axis ("async-proxied_uvloop"): soak/report.py reads the axes back out of the test ids
        return f"{self.mode}-{'_'.join(part for part in (self.name, self.loop) if part)}"


def shipped_transports() -> list[Transport]:
    """Every way the package sends, sync and async: the defaults Gateway and AsyncGateway build for themselves
    (``transport`` not given; httpcore and h11), directly and through a proxy named in the environment
    (``proxied``: HTTP_PROXY is the hostile server itself, the gateway's URLs name a host only the proxy reaches),
    and AsyncGateway's default on uvloop, the event loop uvicorn[standard] runs a shop on (direct and proxied)."""
    found = [Transport(mode, name, lambda: None) for name in ("default", "proxied") for mode in ("sync", "async")]
    names = ("default", "proxied")
    on_uvloop = [Transport("async", name, lambda: None, run=run_on_uvloop, loop="uvloop") for name in names]
    return [*found, *on_uvloop]


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    if "transport" in metafunc.fixturenames:
        transports = shipped_transports()
        metafunc.parametrize("transport", transports, ids=[t.id for t in transports])


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
