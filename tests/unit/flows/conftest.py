"""A sandbox on a free loopback port (real sockets) and a Gateway configured for it."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from merchant_gateway import AsyncGateway, Gateway

from tests.support.flows import MERCHANT, SALT


@pytest.fixture(scope="module")
def sandbox() -> Iterator[object]:
    sb = pytest.importorskip("merchant_gateway_sandbox")
    clock = sb.ManualClock()
    with sb.start_sandbox(port=0, merchant_id=MERCHANT, salts={"1": SALT}, settle_after=5.0, clock=clock) as running:
        yield running


def _settings(sandbox: object) -> dict[str, str]:
    return {
        "merchant_id": MERCHANT,
        "salt_key": SALT,
        "salt_index": "1",
        "base_url": sandbox.base_url,  # type: ignore[attr-defined]
        "apps_url": sandbox.apps_url,  # type: ignore[attr-defined]
        "auth_url": sandbox.auth_url,  # type: ignore[attr-defined]
    }


@pytest.fixture
def gateway(sandbox: object) -> Iterator[Gateway]:
    with Gateway(**_settings(sandbox)) as gw:
        yield gw


@pytest.fixture
async def async_gateway(sandbox: object) -> object:
    async with AsyncGateway(**_settings(sandbox)) as gw:
        yield gw
