"""A sandbox on a free loopback port (real sockets, manual clock) and both gateways configured for it.

The gateways read the sandbox's clock and their ``sleep`` moves it, so a wait on the real schedule (20 s, then
3 s steps...) runs instantly and call by call, against the real sandbox over sockets.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterator
from typing import Any

import pytest
from merchant_gateway import AsyncGateway, Gateway

MERCHANT = "TASKMERCHANT"
SALT = "task-salt-5d2a"


@pytest.fixture(scope="module")
def sandbox() -> Iterator[Any]:
    sb = pytest.importorskip("merchant_gateway_sandbox")
    with sb.start_sandbox(
        port=0, merchant_id=MERCHANT, salts={"1": SALT}, settle_after=5.0, clock=sb.ManualClock()
    ) as running:
        yield running


def settings(sandbox: Any) -> dict[str, Any]:
    return {
        "merchant_id": MERCHANT,
        "salt_key": SALT,
        "salt_index": "1",
        "base_url": sandbox.base_url,
        "apps_url": sandbox.apps_url,
        "auth_url": sandbox.auth_url,
    }


@pytest.fixture
def sleeps() -> list[float]:
    """Every sleep a gateway took (the poll schedule as the test saw it)."""
    return []


@pytest.fixture
def gateway(sandbox: Any, sleeps: list[float]) -> Iterator[Gateway]:
    def sleep(seconds: float) -> None:
        sleeps.append(seconds)
        sandbox.advance(seconds)

    with Gateway(**settings(sandbox), clock=sandbox.clock.now, sleep=sleep) as gw:
        yield gw


@pytest.fixture
async def async_gateway(sandbox: Any, sleeps: list[float]) -> AsyncIterator[AsyncGateway]:
    async def sleep(seconds: float) -> None:
        sleeps.append(seconds)
        sandbox.advance(seconds)

    async with AsyncGateway(**settings(sandbox), clock=sandbox.clock.now, sleep=sleep) as gw:
        yield gw
