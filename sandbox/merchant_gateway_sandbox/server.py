"""Programmatic start: uvicorn in a background thread."""

from __future__ import annotations

import threading
import time
from dataclasses import fields
from types import TracebackType
from typing import Any

import uvicorn

from .app import ExtraRoutes, create_app
from .clock import Clock, ManualClock
from .config import APPS_PREFIX, AUTH_PREFIX, BASE_PREFIX, SandboxConfig
from .core import Sandbox

LOOPBACK = ("127.0.0.1", "::1", "localhost")


class RunningSandbox:
    def __init__(self, server: uvicorn.Server, thread: threading.Thread, sandbox: Sandbox, host: str, port: int):
        self._server = server
        self._thread = thread
        self.sandbox = sandbox
        self.host = host
        self.port = port

    @property
    def origin(self) -> str:
        host = f"[{self.host}]" if ":" in self.host else self.host
        return f"http://{host}:{self.port}"

    @property
    def base_url(self) -> str:
        return self.origin + BASE_PREFIX

    @property
    def apps_url(self) -> str:
        return self.origin + APPS_PREFIX

    @property
    def auth_url(self) -> str:
        return self.origin + AUTH_PREFIX

    @property
    def config(self) -> SandboxConfig:
        return self.sandbox.config

    @property
    def clock(self) -> Clock:
        return self.sandbox.clock

    def advance(self, seconds: float) -> None:
        """Move a ManualClock; the background ticker settles what is due within a tick."""
        if not isinstance(self.sandbox.clock, ManualClock):
            raise TypeError("start the sandbox with a ManualClock (clock=ManualClock()) to advance it")
        self.sandbox.clock.advance(seconds)

    def reset(self) -> None:
        """Back to the state it started in, still running (``Sandbox.reset``): one sandbox for many tests."""
        self.sandbox.reset()

    def stop(self, timeout: float = 10.0) -> None:
        self._server.should_exit = True
        self._thread.join(timeout)

    def __enter__(self) -> RunningSandbox:
        return self

    def __exit__(self, *exc: type[BaseException] | BaseException | TracebackType | None) -> None:
        self.stop()


def start_sandbox(
    host: str = "127.0.0.1",
    port: int = 0,
    merchant_id: str | None = None,
    salts: dict[str, str] | None = None,
    *,
    allow_non_loopback_bind: bool = False,
    config: SandboxConfig | None = None,
    startup_timeout: float = 15.0,
    extra_routes: ExtraRoutes | None = None,
    **options: Any,
) -> RunningSandbox:
    """Start the sandbox on `host:port` (port 0: a free port) and return once it accepts connections.

    `extra_routes`: what an embedding application serves beside the sandbox (``app.ExtraRoutes``).

    `options` are SandboxConfig fields (settle_after, callback_url, client_id, client_secret, clock, otp, ...).
    """
    if host not in LOOPBACK and not allow_non_loopback_bind:
        raise ValueError(f"refusing to bind to non-loopback {host!r} (pass allow_non_loopback_bind=True)")
    cfg = config or SandboxConfig()
    if merchant_id is not None:
        cfg.merchant_id = merchant_id
    if salts is not None:
        cfg.salts = {str(k): v for k, v in salts.items()}
    known = {f.name for f in fields(SandboxConfig)}
    for name, value in options.items():
        if name not in known:
            raise TypeError(f"unknown sandbox option {name!r}")
        setattr(cfg, name, value)
    sandbox = Sandbox(cfg)
    server = uvicorn.Server(
        uvicorn.Config(
            create_app(sandbox=sandbox, extra_routes=extra_routes),
            host=host,
            port=port,
            log_level="warning",
            lifespan="on",
            # h11, never httptools (uvicorn's "auto" picks httptools when installed): a client that offers an
            # HTTP/2 upgrade on http:// (Java's default HttpClient: `Connection: Upgrade, HTTP2-Settings`,
            # `Upgrade: h2c`) loses its request body on httptools; h11 ignores the offer and serves the request as
            # HTTP/1.1 with its body, as a gateway that does not speak h2c would
            http="h11",
        )
    )
    thread = threading.Thread(target=server.run, name="merchant-gateway-sandbox", daemon=True)
    thread.start()
    deadline = time.monotonic() + startup_timeout
    while not server.started:
        if not thread.is_alive() or time.monotonic() > deadline:
            server.should_exit = True
            raise RuntimeError("the sandbox did not start")
        time.sleep(0.01)
    bound = server.servers[0].sockets[0].getsockname()
    return RunningSandbox(server, thread, sandbox, host, int(bound[1]))
