from __future__ import annotations

from collections.abc import Iterator

import httpx
import pytest
from merchant_gateway_sandbox import ManualClock, RunningSandbox, start_sandbox

from tests.support.sandbox import MERCHANT, SALTS, Gateway, Receiver


@pytest.fixture
def receiver() -> Iterator[Receiver]:
    r = Receiver().start()
    yield r
    r.stop()


@pytest.fixture(scope="session")
def sandbox_server() -> Iterator[RunningSandbox]:
    """One sandbox for the session (each xdist worker its own): starting and stopping one per test cost more than
    the tests themselves."""
    sb = start_sandbox(
        "127.0.0.1", 0, merchant_id=MERCHANT, salts=SALTS, clock=ManualClock(1_700_000_000.0), settle_after=5.0
    )
    yield sb
    sb.stop()


@pytest.fixture
def running(sandbox_server: RunningSandbox) -> RunningSandbox:
    """The sandbox on a free loopback port, with a manual clock (settles 5 s of sandbox time after creation),
    as it started: no payments, users, faults, rate limit or configuration changes from an earlier test."""
    sandbox_server.reset()
    return sandbox_server


@pytest.fixture
def gw(running: RunningSandbox) -> Iterator[Gateway]:
    with httpx.Client(timeout=10, follow_redirects=False, trust_env=False) as http:
        yield Gateway(running.base_url, running.apps_url, running.auth_url, http)
