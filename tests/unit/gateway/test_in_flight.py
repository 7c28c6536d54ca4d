"""The Gateway bounds the requests it has on the wire (max_in_flight), so a burst of calls never queues inside
httpx's pool (where waiting ends in PoolTimeout). Retry waits do not hold a slot."""

from __future__ import annotations

import asyncio
import threading

import httpx
import merchant_gateway as mg
import pytest

SETTINGS = {"merchant_id": "M1", "salt_key": "s-in-flight", "salt_index": "1"}
STATUS = b'{"success": true, "code": "PAYMENT_PENDING", "message": "m", "data": {"amount": 1}}'


async def test_async_burst_is_bounded_and_every_call_succeeds() -> None:
    in_flight = peak = 0

    async def handler(request: httpx.Request) -> httpx.Response:
        nonlocal in_flight, peak
        in_flight += 1
        peak = max(peak, in_flight)
        await asyncio.sleep(0)  # let the other calls pile up
        await asyncio.sleep(0)
        in_flight -= 1
        return httpx.Response(200, content=STATUS)

    async with mg.AsyncGateway(**SETTINGS, max_in_flight=7, transport=httpx.MockTransport(handler)) as gw:
        answers = await asyncio.gather(*(gw.get_transaction_status(f"T{i}") for i in range(200)))
    assert len(answers) == 200
    assert all(a.code == "PAYMENT_PENDING" for a in answers)
    assert peak == 7


def test_threads_are_bounded_too() -> None:
    in_flight = peak = 0
    lock = threading.Lock()
    release = threading.Event()
    full = threading.Event()  # three calls in flight at once: the bound reached

    def handler(request: httpx.Request) -> httpx.Response:
        nonlocal in_flight, peak
        with lock:
            in_flight += 1
            peak = max(peak, in_flight)
            if in_flight == 3:
                full.set()
        # Held until the bound is reached, however slowly a loaded machine starts the threads (a fixed hold let a
        # call end before the third began), then a moment more, in which a call beyond the bound would come in.
        full.wait(30)
        release.wait(0.05)
        with lock:
            in_flight -= 1
        return httpx.Response(200, content=STATUS)

    with mg.Gateway(**SETTINGS, max_in_flight=3, transport=httpx.MockTransport(handler)) as gw:
        threads = [threading.Thread(target=gw.get_transaction_status, args=(f"T{i}",)) for i in range(12)]
        for t in threads:
            t.start()
        for t in threads:
            t.join(10)
    assert peak == 3


async def test_a_retry_wait_does_not_hold_a_slot() -> None:
    calls: list[str] = []
    waiting = asyncio.Event()
    proceed = asyncio.Event()

    async def handler(request: httpx.Request) -> httpx.Response:
        calls.append(request.url.path)
        if "LIMITED" in request.url.path and len([c for c in calls if "LIMITED" in c]) == 1:
            return httpx.Response(429, content=b'{"success": false, "code": "API_RATE_LIMIT_REACHED", "message": "m"}')
        return httpx.Response(200, content=STATUS)

    async def sleep(seconds: float) -> None:
        waiting.set()
        await proceed.wait()

    async with mg.AsyncGateway(**SETTINGS, max_in_flight=1, transport=httpx.MockTransport(handler), sleep=sleep) as gw:
        limited = asyncio.ensure_future(gw.get_transaction_status("LIMITED"))
        await waiting.wait()  # the limited call is now sleeping before its retry
        other = await asyncio.wait_for(gw.get_transaction_status("OTHER"), 5)  # gets the only slot meanwhile
        proceed.set()
        assert (await limited).code == "PAYMENT_PENDING"
        assert other.code == "PAYMENT_PENDING"


@pytest.mark.parametrize("bad", [0, -1, 1001, 2.5, True, "8"])
def test_max_in_flight_is_validated(bad: object) -> None:
    with pytest.raises(mg.ConfigurationError) as info:
        mg.Gateway(**SETTINGS, max_in_flight=bad)
    assert info.value.variable == "max_in_flight"
