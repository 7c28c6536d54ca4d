"""The example shop's own pool (shop.app.shop_pool) tries nothing for nobody through a PostgreSQL outage: once no
request waits for a connection, no series of reconnection tries starts again (each try is a connection attempt on
the server and the driver's warning lines). psycopg_pool keeps a request that timed out, or whose task was
cancelled (``/readyz``'s bound), in its queue of waiting requests until a connection is made, so its
``requests_waiting`` still counts it. A real server of the test's own.

Windows of real time, not measured durations: each try is logged by psycopg_pool ("error connecting in 'shop'"), a
series lasts RECONNECT_WITHIN, and a window of several series with no try in it is what "nothing tried" looks like."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Iterator
from typing import Any

import pytest

from tests.support.postgres import postgres_or_skip

pytest.importorskip("fastapi", reason="the shop is a FastAPI app (dev group: fastapi)")

from psycopg_pool import PoolTimeout
from shop.app import RECONNECT_WITHIN, shop_database, shop_pool

pytestmark = pytest.mark.timeout(300)


@pytest.fixture
def own_postgres() -> Iterator[Any]:
    with postgres_or_skip() as server:
        yield server


class _Tries(logging.Handler):
    def __init__(self) -> None:
        super().__init__()
        self.count = 0

    def emit(self, record: logging.LogRecord) -> None:
        if record.getMessage().startswith("error connecting in 'shop'"):
            self.count += 1


@pytest.fixture
def tries() -> Iterator[_Tries]:
    handler = _Tries()
    log = logging.getLogger("psycopg.pool")
    log.addHandler(handler)
    try:
        yield handler
    finally:
        log.removeHandler(handler)


async def select_one(pool: Any, *, timeout: float) -> int:
    async with pool.connection(timeout=timeout) as conn:
        cur = await conn.execute("SELECT 1 AS one")
        row = await cur.fetchone()
        return int(row["one"])


async def test_once_no_request_waits_nothing_more_is_tried(own_postgres: Any, tries: _Tries) -> None:
    pool = shop_pool(own_postgres.url)
    await pool.open(wait=True)
    try:
        await asyncio.to_thread(own_postgres.stop)
        with pytest.raises(PoolTimeout):
            await select_one(pool, timeout=2.0)  # a request that gives up waiting
        assert (await shop_database(pool, timeout=1.0)).status == "critical"  # a probe cancelled at its bound
        # the series started for them end within RECONNECT_WITHIN of their end (one more if one gave up meanwhile)
        await asyncio.sleep(2 * RECONNECT_WITHIN + 1.0)
        before = tries.count
        assert before > 0
        await asyncio.sleep(3 * RECONNECT_WITHIN)  # three series' worth of time with no request waiting
        assert tries.count == before, f"{tries.count - before} connection tries with no request waiting"
        await asyncio.to_thread(own_postgres.start)
        assert await select_one(pool, timeout=30) == 1  # a new request is served once the database is back
    finally:
        await pool.close()
