"""What only one flavour of the gateway can show: both have every spec operation (the sync one plain, the async one
a coroutine), and fifty callers on one event loop share one token request. The rest is test_gateway_async.py and
its derived test_gateway_sync.py."""

from __future__ import annotations

import asyncio

import merchant_gateway as mg
from merchant_gateway_client.operations import OPERATIONS

from tests.support.overlay import CALLS, FakeTime, Recorder, async_make


def test_every_spec_operation_has_a_method() -> None:
    assert set(OPERATIONS) == set(CALLS)
    for name in OPERATIONS:
        assert callable(getattr(mg.Gateway, name))
        assert asyncio.iscoroutinefunction(getattr(mg.AsyncGateway, name))


async def test_fifty_async_callers_one_token_request(fake_time: FakeTime) -> None:
    rec = Recorder()
    async with async_make(rec, fake_time) as gw:
        await gw.authorization_token()
        fake_time.now += 3590  # expiring
        tokens = await asyncio.gather(*(gw.authorization_token() for _ in range(50)))
    assert len(rec.requests) == 2
    assert len({t.access_token for t in tokens}) == 1
