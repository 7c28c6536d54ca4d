"""The state a fleet shares through the ledger, from an event loop (issue 25: written once, async, the sync path
derived): ``SharedRateLimiter.async_acquire`` and ``SharedTokenCache.async_get`` keep the same ceiling and the same
single fetch as ``acquire``/``get``, wait with the async sleep, and fetch the token on the loop. Both backends."""

from __future__ import annotations

import asyncio
from typing import Any

from ledger_support import MERCHANT, FakeClock
from merchant_gateway.errors import ApiError
from merchant_gateway.ledger import RateLimit, SharedRateLimiter
from merchant_gateway.tokens import AuthorizationToken


class AsyncSleeps:
    """The fake clock's sleep for the async path; the sync one must not be used there."""

    def __init__(self, clock: FakeClock) -> None:
        self.clock = clock
        self.count = 0

    async def __call__(self, seconds: float) -> None:
        self.count += 1
        self.clock.sleep(seconds)


def never(seconds: float) -> None:
    raise AssertionError("the async path waited with the sync sleep")


class AsyncTokenServer:
    """Counts token calls, each on the event loop (a worker thread has none); tokens live ``ttl`` seconds."""

    def __init__(self, clock: FakeClock, ttl: int = 600) -> None:
        self.clock, self.ttl, self.calls = clock, ttl, 0
        self.fail = False

    async def fetch(self) -> AuthorizationToken:
        asyncio.get_running_loop()  # RuntimeError in a worker thread
        self.calls += 1
        await asyncio.sleep(0)  # let the other callers run while this one fetches
        if self.fail:
            raise ApiError("token endpoint down")
        issued, ttl = int(self.clock()), self.ttl
        return AuthorizationToken(f"tok{self.calls}", "O-Bearer", issued, issued + ttl, float(ttl), self.clock())


async def test_the_async_rate_ceiling_is_the_same_sliding_window(make_ledger: Any, clock: FakeClock) -> None:
    rate = RateLimit(5, 1.0, margin=0.0)
    sleeps = AsyncSleeps(clock)
    limiters = [
        SharedRateLimiter(m.store, rate, clock=clock, sleep=never, async_sleep=sleeps, use_server_clock=False)
        for m in (make_ledger(), make_ledger())
    ]
    grants: list[float] = []
    for i in range(40):
        await limiters[i % 2].async_acquire()
        grants.append(clock())
        clock.advance(0.07 if i % 7 else 0.0)
    for i, at in enumerate(grants):  # never more than 5 starts in any 1-second window
        assert sum(1 for g in grants[i:] if g < at + 1.0) <= 5
    assert (40 / 5 - 1) * 1.0 <= grants[-1] - grants[0] <= 40 / 5 * 1.0 + 1.0
    assert sleeps.count > 0
    assert sum(lim.grants for lim in limiters) == 40
    assert sum(lim.waited for lim in limiters) > 0


async def test_the_fleet_fetches_the_token_once_from_event_loops(make_ledger: Any, clock: FakeClock) -> None:
    server = AsyncTokenServer(clock)
    sleeps = AsyncSleeps(clock)
    caches = [
        m.token_cache(MERCHANT, "CLIENT", clock=clock, sleep=never, async_sleep=sleeps, margin=60)
        for m in (make_ledger(), make_ledger(), make_ledger())
    ]
    got = await asyncio.gather(*(caches[i % 3].async_get(server.fetch) for i in range(12)))
    assert server.calls == 1
    assert {t.access_token for t in got} == {"tok1"}
    for _minute in range(1, 60):  # an hour of traffic: one fetch per (lifetime - margin)
        clock.advance(60)
        for c in caches:
            assert (await c.async_get(server.fetch)).expires_monotonic > clock() + 1
    assert server.calls == 60 * 60 // (600 - 60) + 1
    assert sum(c.fetches for c in caches) == server.calls


async def test_an_async_refresh_survives_the_death_of_its_holder(make_ledger: Any, clock: FakeClock) -> None:
    server = AsyncTokenServer(clock)
    sleeps = AsyncSleeps(clock)
    dead = make_ledger().token_cache(MERCHANT, "CLIENT", clock=clock, lease=30)
    alive = make_ledger().token_cache(MERCHANT, "CLIENT", clock=clock, sleep=never, async_sleep=sleeps, lease=30)
    assert dead._take_lease() is not None  # took the refresh, then died before publishing
    token = await alive.async_get(server.fetch)  # waits (fake async sleep) until the lease ends, then fetches
    assert token.access_token == "tok1"
    assert server.calls == 1
    assert 30 <= sum(clock.slept) <= 31
    assert sleeps.count == len(clock.slept)
    clock.advance(600 - 30)  # a failed refresh keeps serving the still-valid token
    server.fail = True
    assert (await alive.async_get(server.fetch)).access_token == "tok1"
    server.fail = False
    clock.advance(5)
    assert (await alive.async_get(server.fetch)).access_token == "tok3"
    assert server.calls == 3
