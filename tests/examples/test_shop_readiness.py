"""The example shop's ``/readyz`` answers within its bound however busy the process's worker threads are.

The ledger's readiness blocks (up to its 2 s), so the shop runs it in a worker thread of asyncio's default executor:
the same executor every async ledger call runs its database work in (``asyncio.to_thread``). During an outage those
calls each hold a thread up to the ledger's timeout (15 s by default), and a readiness queued behind them would answer
only when one finished, or never while a load balancer's probes and the shop's checkouts keep coming. The probe must
answer within its bound, and say not ready: the process cannot take a payment while its ledger work waits."""

from __future__ import annotations

import asyncio
import json
import threading
from concurrent.futures import ThreadPoolExecutor
from types import SimpleNamespace
from typing import Any

import pytest

pytest.importorskip("fastapi", reason="the shop is a FastAPI app (dev group: fastapi)")
pytest.importorskip("psycopg_pool", reason="psycopg is not installed (extra 'postgres')")

from merchant_gateway import GatewayConfig
from merchant_gateway.ledger import Ledger
from merchant_gateway.ledger.health import readiness
from run_example import MERCHANT, SALT
from shop.app import readyz, shop_pool

pytestmark = pytest.mark.timeout(120)

WORKERS = 2  # the default executor's threads in this test, each held as a ledger call waiting for its database holds it
ANSWERED_WITHIN = 20.0  # only keeps a probe that never answers from hanging the test: the bound checked is 2 s


@pytest.fixture(scope="module")
def ledger(postgres_url: str) -> Any:
    Ledger.migrate(postgres_url)
    with Ledger.open(postgres_url, timeout=5.0) as opened:
        yield opened


def test_readiness_answers_while_every_worker_thread_is_held(
    ledger: Any, postgres_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    import shop.app

    asked: list[str] = []  # the ledger's readiness calls that ran in a worker thread

    def counted(*args: Any, **kwargs: Any) -> Any:
        if args and args[0] is not None:
            asked.append(threading.current_thread().name)
        return readiness(*args, **kwargs)

    monkeypatch.setattr(shop.app, "readiness", counted)
    config = GatewayConfig.from_env({"MGW_MERCHANT_ID": MERCHANT, "MGW_SALT_KEY": SALT, "MGW_SALT_INDEX": "1"})

    async def probe() -> tuple[Any, Any]:
        pool = shop_pool(postgres_url)
        await pool.open(wait=True)
        request = SimpleNamespace(state=SimpleNamespace(ledger=ledger, gateway=SimpleNamespace(config=config), db=pool))
        release = threading.Event()
        loop = asyncio.get_running_loop()
        loop.set_default_executor(ThreadPoolExecutor(max_workers=WORKERS))
        held = [asyncio.ensure_future(asyncio.to_thread(release.wait)) for _ in range(WORKERS)]
        try:
            busy = await asyncio.wait_for(readyz(request), ANSWERED_WITHIN)
        except TimeoutError:
            busy = None
        finally:
            release.set()
            await asyncio.gather(*held)
        try:
            idle = await asyncio.wait_for(readyz(request), ANSWERED_WITHIN)
        finally:
            await pool.close()
        return busy, idle

    busy, idle = asyncio.run(probe())
    assert busy is not None, f"/readyz did not answer within {ANSWERED_WITHIN:g} s while the worker threads were held"
    assert busy.status_code == 503, busy.body
    checks = {c["name"]: c["status"] for c in json.loads(busy.body)["checks"]}
    assert checks == {"database": "critical", "gateway_config": "ok", "shop_database": "ok"}, busy.body
    assert idle.status_code == 200, idle.body  # with its threads free, the same process is ready
    # the probe that found no free thread was dropped, not left queued to run later (a load balancer probes every
    # second: each would start a database probe once the threads are free): only the second probe's ran
    assert len(asked) == 1, asked
