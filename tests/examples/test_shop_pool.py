"""The example shop's own connection pool (shop.app.shop_pool, its orders) through a PostgreSQL restart and an outage,
on a real server of the test's own (restarting the session's would cut the other tests' connections).

Counts, not durations: how many stale connections a request met, whether a series of reconnection tries gave up,
whether requests already waiting were served once the database answered again without a new request."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from typing import Any

import pytest

from tests.support.postgres import PoolLog, pool_log, postgres_or_skip

pytest.importorskip("fastapi", reason="the shop is a FastAPI app (dev group: fastapi)")

from psycopg_pool import PoolTimeout
from shop.app import RECONNECT_WITHIN, shop_database, shop_pool

pytestmark = pytest.mark.timeout(300)


@pytest.fixture
def own_postgres() -> Iterator[Any]:
    with postgres_or_skip() as server:
        yield server


@pytest.fixture
def tries() -> Iterator[PoolLog]:
    with pool_log("shop") as logged:
        yield logged


async def select_one(pool: Any, *, timeout: float) -> int:
    async with pool.connection(timeout=timeout) as conn:
        cur = await conn.execute("SELECT 1 AS one")
        row = await cur.fetchone()
        return int(row["one"])


async def pg_ctl(server: Any, action: str) -> None:
    """Off the event loop: the pool's own tasks keep running while the server stops or restarts."""
    if action == "start":
        await asyncio.to_thread(server.start)
    else:
        await asyncio.to_thread(server._run, "pg_ctl", "-D", server.datadir, "-m", "fast", "-w", action)


async def test_after_a_restart_the_first_stale_connection_replaces_every_idle_one(own_postgres: Any) -> None:
    pool = shop_pool(own_postgres.url)
    await pool.open(wait=True)
    try:
        stale = pool.get_stats()["pool_available"]
        assert stale == 4  # psycopg_pool's default size: every one of them dies in the restart
        await pg_ctl(own_postgres, "restart")
        lost = pool.get_stats().get("connections_lost", 0)
        assert await select_one(pool, timeout=30) == 1
        # one stale connection met, not all four: each further one would cost a longer back-off (0, 1, 2, 4 s) before
        # the request gets a connection. connections_lost counts the connections that failed their check
        assert pool.get_stats().get("connections_lost", 0) - lost == 1
        assert [await select_one(pool, timeout=30) for _ in range(stale + 1)] == [1] * (stale + 1)
        assert pool.get_stats().get("connections_lost", 0) - lost == 1
    finally:
        await pool.close()


async def test_requests_waiting_through_an_outage_are_served_once_the_database_is_back(own_postgres: Any) -> None:
    assert RECONNECT_WITHIN <= 2.0
    pool = shop_pool(own_postgres.url)
    await pool.open(wait=True)
    waiting: asyncio.Future[list[int]] | None = None
    try:
        with pool_log("shop") as logged:
            await pg_ctl(own_postgres, "stop")
            waiting = asyncio.ensure_future(asyncio.gather(*(select_one(pool, timeout=60) for _ in range(2))))
            # a series of reconnection tries gives up after RECONNECT_WITHIN (psycopg_pool's default goes on for
            # five minutes, its tries ever further apart); the 60 s only keep a broken pool from hanging the test
            assert await asyncio.to_thread(logged.gave_up_event.wait, 60), "no series of reconnection tries gave up"
        assert not waiting.done()
        await pg_ctl(own_postgres, "start")
        # served by the pool's next series, which nothing but the give-up started: no new request came meanwhile.
        # Without it they would wait to their timeout (PoolTimeout) although the database answers again
        assert await waiting == [1, 1]
    finally:
        if waiting is not None and not waiting.done():
            waiting.cancel()
        await pool.close()


async def test_readiness_of_the_shops_own_pool_follows_its_database(own_postgres: Any) -> None:
    pool = shop_pool(own_postgres.url)
    await pool.open(wait=True)
    try:
        ready = await shop_database(pool, timeout=2.0)
        assert (ready.name, ready.status) == ("shop_database", "ok")
        await pg_ctl(own_postgres, "stop")
        down = await shop_database(pool, timeout=0.5)
        assert (down.name, down.status) == ("shop_database", "critical")
        assert "127.0.0.1" not in down.message  # no server address
        assert "postgres" not in down.message.lower()  # no user
        await pg_ctl(own_postgres, "start")
        assert (await shop_database(pool, timeout=10.0)).status == "ok"
    finally:
        await pool.close()


# Nothing tried for nobody through an outage: once no request waits for a connection, no series of reconnection tries
# starts again (each try is a connection attempt on the server and the driver's warning lines). psycopg_pool keeps a
# request that timed out, or whose task was cancelled (/readyz's bound), in its queue of waiting requests until a
# connection is made, so its requests_waiting still counts it. Windows of real time, not measured durations: a series
# lasts RECONNECT_WITHIN, and several series' worth of time with no try logged is what "nothing tried" looks like.
async def test_once_no_request_waits_nothing_more_is_tried(own_postgres: Any, tries: PoolLog) -> None:
    pool = shop_pool(own_postgres.url)
    await pool.open(wait=True)
    try:
        await asyncio.to_thread(own_postgres.stop)
        with pytest.raises(PoolTimeout):
            await select_one(pool, timeout=2.0)  # a request that gives up waiting
        assert (await shop_database(pool, timeout=1.0)).status == "critical"  # a probe cancelled at its bound
        # the series started for them end within RECONNECT_WITHIN of their end (one more if one gave up meanwhile)
        await asyncio.sleep(2 * RECONNECT_WITHIN + 1.0)
        before = tries.tries
        assert before > 0
        await asyncio.sleep(3 * RECONNECT_WITHIN)  # three series' worth of time with no request waiting
        assert tries.tries == before, f"{tries.tries - before} connection tries with no request waiting"
        await asyncio.to_thread(own_postgres.start)
        assert await select_one(pool, timeout=30) == 1  # a new request is served once the database is back
    finally:
        await pool.close()
