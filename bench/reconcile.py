"""Target 7: reconcile N pending payments against the sandbox under a compressed clock.

The sandbox (in-process, uvicorn thread) and reconcile_payments share one ScaledClock: virtual seconds run
SCALE times faster than real ones, and every sleep (the reconciler's and AsyncGateway's retry waits) is divided
by SCALE. Payments are seeded straight into the sandbox store with settle times spread over 0-40 virtual s.
For part of the run the sandbox rate limit is switched on; a counting transport records every request start,
the in-flight peak and every 429.
"""

from __future__ import annotations

import asyncio
import bisect
import random
import time
from collections import Counter
from typing import TYPE_CHECKING, Any

import httpx

from bench import common

if TYPE_CHECKING:
    from merchant_gateway.flows.schedule import PollSchedule

SCALE = 10.0


class ScaledClock:
    def __init__(self, scale: float) -> None:
        self.scale, self.t0 = scale, time.time()

    def now(self) -> float:
        return self.t0 + (time.time() - self.t0) * self.scale

    async def sleep(self, seconds: float) -> None:
        await asyncio.sleep(max(0.0, seconds) / self.scale)


class Counting(httpx.AsyncBaseTransport):
    def __init__(self, inner: httpx.AsyncBaseTransport, clock: ScaledClock) -> None:
        self.inner, self.clock = inner, clock
        self.starts: list[float] = []
        self.in_flight = self.peak = 0
        self.statuses: Counter[int] = Counter()

    async def handle_async_request(self, request: httpx.Request) -> httpx.Response:
        self.starts.append(self.clock.now())
        self.in_flight += 1
        self.peak = max(self.peak, self.in_flight)
        try:
            response = await self.inner.handle_async_request(request)
        finally:
            self.in_flight -= 1
        self.statuses[response.status_code] += 1
        return response

    async def aclose(self) -> None:
        await self.inner.aclose()

    def max_in_window(self, window: float = 1.0) -> int:
        s = sorted(self.starts)
        return max((bisect.bisect_right(s, t + window - 1e-9) - i for i, t in enumerate(s)), default=0)


def schedule_minimum(schedule: PollSchedule, settle_delay: float) -> int:
    """Status calls the published schedule needs to see a payment that settles `settle_delay` after start."""
    for n, offset in enumerate(schedule.offsets(), start=1):
        if offset >= settle_delay:
            return n
    return n


def run(payments: int, max_in_flight: int = 32, max_rate: float = 20.0) -> dict[str, Any]:
    import logging

    with common.quiet_library_log(logging.ERROR):
        return asyncio.run(_run(payments, max_in_flight, max_rate))


async def _run(payments: int, max_in_flight: int, max_rate: float) -> dict[str, Any]:
    from merchant_gateway import AsyncGateway
    from merchant_gateway.flows.reconcile import PendingPayment
    from merchant_gateway.flows.schedule import DEFAULT_SCHEDULE
    from merchant_gateway.flows.status import reconcile_payments
    from merchant_gateway_sandbox import start_sandbox
    from merchant_gateway_sandbox.state import Txn

    clock = ScaledClock(SCALE)
    sandbox = start_sandbox(
        port=0,
        merchant_id=common.MERCHANT_ID,
        salts={common.SALT_INDEX: common.SALT_KEY},
        clock=clock,
        settle_after=30.0,
    )
    rng = random.Random(8)
    start = clock.now()
    delays: dict[str, float] = {}
    for i in range(payments):
        tid = f"RC{i:010d}"
        delay = rng.uniform(0.0, 40.0)
        txn = Txn(
            "payment",
            "debitV4Web",
            common.MERCHANT_ID,
            tid,
            common.AMOUNT,
            created_at=start,
            settle_at=start + delay,
            callback_kind=None,
        )
        if i % 20 == 0:
            txn.outcome = "PAYMENT_ERROR"
        sandbox.sandbox.store.add(txn, test_amounts=False)
        delays[tid] = delay
    transport = Counting(httpx.AsyncHTTPTransport(), clock)
    gw = AsyncGateway(**common.gateway_settings(sandbox.origin), transport=transport, sleep=clock.sleep)
    pending = [PendingPayment(tid, started_at=start, expected_amount=common.AMOUNT) for tid in delays]

    async def limiter_window() -> None:  # sandbox rate limit (below our ceiling) on for part of the run
        expected = payments / max_rate
        await clock.sleep(DEFAULT_SCHEDULE.first_check_after + expected * 0.2)
        sandbox.sandbox.limiter.configure(max(1, int(max_rate * 0.4)), 1.0, frozenset({"getTransactionStatus"}))
        await clock.sleep(max(5.0, expected * 0.2))
        sandbox.sandbox.limiter.configure(None)

    t0 = time.perf_counter()
    toggler = asyncio.ensure_future(limiter_window())
    try:
        report = await reconcile_payments(
            gw, pending, max_in_flight=max_in_flight, max_rate=max_rate, clock=clock.now, sleep=clock.sleep
        )
    finally:
        toggler.cancel()
        wall = time.perf_counter() - t0
        await gw.aclose()
        sandbox.stop()
    minimum = sum(schedule_minimum(DEFAULT_SCHEDULE, d) for d in delays.values())
    codes = Counter(getattr(v, "code", type(v).__name__) for v in report.outcomes.values())
    return {
        "payments": payments,
        "clock_scale": SCALE,
        "wall_s": round(wall, 1),
        "virtual_s": round(wall * SCALE, 1),
        "status_calls_per_payment": round(report.requests / payments, 3),
        "schedule_minimum_per_payment": round(minimum / payments, 3),
        "calls_vs_minimum": round(report.requests / minimum, 3),
        "calls_vs_one_per_payment": round(report.requests / payments, 3),
        "http_requests": len(transport.starts),
        "http_429": transport.statuses.get(429, 0),
        "unsettled": len(report.unsettled),
        "outcomes": dict(codes),
        "ceiling_in_flight": max_in_flight,
        "peak_in_flight": transport.peak,
        "ceiling_rate_per_virtual_s": max_rate,
        "max_requests_in_1_virtual_s": transport.max_in_window(1.0),
        "reconciler_min_start_interval": round(report.min_start_interval, 4),
    }


if __name__ == "__main__":
    import json
    import sys

    print(json.dumps(run(int(sys.argv[1]) if len(sys.argv) > 1 else 500), indent=1))
