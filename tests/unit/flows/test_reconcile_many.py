"""Reconciling many payments: bounded in-flight requests, a start-rate ceiling, every outcome reported."""

from __future__ import annotations

import asyncio

import pytest
from merchant_gateway.errors import ConfigurationError, RateLimitedError
from merchant_gateway.flows.polling import EXPIRY_GRACE, FinalStatus, PollTimeout, StatusSnapshot
from merchant_gateway.flows.reconcile import PendingPayment, async_reconcile_many
from merchant_gateway.flows.schedule import DEFAULT_SCHEDULE

from tests.support.flows import judged


class FakeClock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now

    async def sleep(self, seconds: float) -> None:
        self.now += max(0.0, seconds)
        await asyncio.sleep(0)


async def test_each_payment_follows_its_schedule_within_the_ceilings() -> None:
    clock = FakeClock()
    calls: dict[str, list[float]] = {}
    in_flight = 0
    peak = 0
    starts: list[float] = []

    async def fetch(txn: str) -> StatusSnapshot:
        nonlocal in_flight, peak
        in_flight += 1
        peak = max(peak, in_flight)
        starts.append(clock())
        calls.setdefault(txn, []).append(clock())
        await asyncio.sleep(0)
        in_flight -= 1
        n = int(txn[2:])
        # payment n settles on its (n % 4 + 1)-th check; every 7th is declined
        done = len(calls[txn]) > n % 4
        code = ("PAYMENT_DECLINED" if n % 7 == 0 else "PAYMENT_SUCCESS") if done else "PAYMENT_PENDING"
        return judged(txn, code, amount=100)

    pending = [PendingPayment(f"TX{n}", started_at=0.0, expected_amount=100) for n in range(60)]
    progress: list[tuple[int, int]] = []
    report = await async_reconcile_many(
        fetch,
        pending,
        max_in_flight=4,
        max_rate=5.0,
        clock=clock,
        sleep=clock.sleep,
        on_progress=lambda d, t: progress.append((d, t)),
    )
    assert set(report.outcomes) == {p.transaction_id for p in pending}
    assert all(isinstance(o, FinalStatus) for o in report.outcomes.values())
    assert report.outcomes["TX7"].code == "PAYMENT_DECLINED"  # type: ignore[union-attr]
    assert report.outcomes["TX1"].code == "PAYMENT_SUCCESS"  # type: ignore[union-attr]
    assert report.requests == sum(len(v) for v in calls.values()) == sum(n % 4 + 1 for n in range(60))
    assert peak <= 4
    assert report.peak_in_flight <= 4
    gaps = [b - a for a, b in zip(starts, starts[1:], strict=False)]
    assert min(gaps) >= 0.2 - 1e-9  # 5 requests per second at most
    first_offset = next(iter(DEFAULT_SCHEDULE.offsets()))
    assert min(starts) >= first_offset  # nobody is asked before the schedule's first check
    assert progress[-1] == (60, 60)


async def test_deadline_and_rate_limits_are_reported_per_payment() -> None:
    clock = FakeClock()
    limited = 0

    async def fetch(txn: str) -> StatusSnapshot:
        nonlocal limited
        if txn == "LIMITED" and limited < 2:
            limited += 1
            err = RateLimitedError("slow", code="API_RATE_LIMIT_REACHED")
            err.time_window = "5"
            raise err
        return judged(txn, "PAYMENT_PENDING" if txn == "SLOW" else "PAYMENT_SUCCESS", amount=100)

    report = await async_reconcile_many(
        fetch,
        [PendingPayment("SLOW", 0.0, expires_in=60), PendingPayment("LIMITED", 0.0)],
        clock=clock,
        sleep=clock.sleep,
    )
    assert isinstance(report.outcomes["SLOW"], PollTimeout)
    assert isinstance(report.outcomes["LIMITED"], FinalStatus)
    assert limited == 2
    assert clock() <= 60 + EXPIRY_GRACE + 1  # the collect deadline (and its grace) bounds the whole run here


async def test_bad_limits_are_refused_before_anything_runs() -> None:
    async def fetch(txn: str) -> StatusSnapshot:
        raise AssertionError("must not be called")

    with pytest.raises(ConfigurationError):
        await async_reconcile_many(fetch, [PendingPayment("A", 0.0)], max_in_flight=0)
    with pytest.raises(ConfigurationError):
        await async_reconcile_many(fetch, [PendingPayment("A", 0.0)], max_rate=float("nan"))


async def test_every_http_request_counts_against_the_rate_ceiling() -> None:
    """A 429 goes back to the scheduler (one HTTP request per status read), so the ceiling holds at the wire."""
    import httpx
    from merchant_gateway import AsyncGateway
    from merchant_gateway.flows.status import async_reconcile_payments

    clock = FakeClock()
    wire: list[tuple[float, str]] = []

    def handler(request: httpx.Request) -> httpx.Response:
        txn = request.url.path.rsplit("/", 2)[-2]
        wire.append((clock(), txn))
        if sum(1 for _, t in wire if t == txn) == 1:
            body = b'{"success": false, "code": "API_RATE_LIMIT_REACHED", "message": "m", "data": {"TIME_WINDOW": 3}}'
            return httpx.Response(429, content=body)
        paid = {"transactionId": txn, "merchantId": "M1", "amount": 100}
        return httpx.Response(200, json={"success": True, "code": "PAYMENT_SUCCESS", "message": "m", "data": paid})

    async with AsyncGateway(
        merchant_id="M1", salt_key="s", salt_index="1", transport=httpx.MockTransport(handler), sleep=clock.sleep
    ) as gw:
        report = await async_reconcile_payments(
            gw,
            [PendingPayment(f"T{i}", started_at=-100.0, expected_amount=100) for i in range(10)],
            max_rate=2.0,
            max_in_flight=3,
            clock=clock,
            sleep=clock.sleep,
        )
    assert len(report.settled) == 10
    assert len(wire) == report.requests == 20  # one 429 and one answer each: no hidden retries
    starts = [t for t, _ in wire]
    assert min(b - a for a, b in zip(starts, starts[1:], strict=False)) >= 0.5 - 1e-9
    first_429 = {txn: t for t, txn in reversed(wire)}
    retried = {txn: t for t, txn in wire}
    assert all(retried[txn] - first_429[txn] >= 3.0 - 1e-9 for txn in retried)  # TIME_WINDOW honoured
