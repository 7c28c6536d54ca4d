"""Reconciling many pending payments at once, politely.

Why this module exists: after an outage or at the end of a day a merchant holds many payments whose outcome is
unknown. Polling each on its own schedule with unbounded concurrency gets the merchant throttled
(API_RATE_LIMIT_REACHED) and, with httpx's pool, slows everything down. Here one scheduler runs every payment's
polling schedule (source: the gateway's public reference, see :mod:`.schedule`), with at most ``max_in_flight``
status reads at once and at most ``max_rate`` started per second, and reports each outcome. The clock and sleep
are injectable, so thousands of payments can be reconciled under a compressed clock.
"""

from __future__ import annotations

import asyncio
import heapq
import math
import time
from collections.abc import Awaitable, Callable, Iterable
from dataclasses import dataclass, field

from ..errors import ConfigurationError, GatewayError
from ._polling import FinalStatus, StatusSnapshot, _Poll
from .schedule import DEFAULT_SCHEDULE, PollSchedule


@dataclass(frozen=True)
class PendingPayment:
    transaction_id: str
    started_at: float  # clock() reading when the payment started
    expected_amount: int | None = None
    expires_in: float | None = None  # collect requests: never wait past the expiry


@dataclass
class ReconcileReport:
    outcomes: dict[str, FinalStatus | GatewayError] = field(default_factory=dict)
    requests: int = 0
    peak_in_flight: int = 0
    min_start_interval: float = math.inf  # smallest gap seen between two request starts

    @property
    def settled(self) -> dict[str, FinalStatus]:
        return {k: v for k, v in self.outcomes.items() if isinstance(v, FinalStatus)}

    @property
    def unsettled(self) -> dict[str, GatewayError]:
        return {k: v for k, v in self.outcomes.items() if isinstance(v, GatewayError)}


async def async_reconcile_many(
    fetch: Callable[[str], Awaitable[StatusSnapshot]],
    pending: Iterable[PendingPayment],
    *,
    max_in_flight: int = 10,
    max_rate: float = 10.0,
    schedule: PollSchedule = DEFAULT_SCHEDULE,
    clock: Callable[[], float] = time.monotonic,
    sleep: Callable[[float], Awaitable[None]] = asyncio.sleep,
    on_progress: Callable[[int, int], None] | None = None,
    grace: float = 60.0,
) -> ReconcileReport:
    """Poll every pending payment until it is final or its deadline passes; never raises for one payment.

    TRANSACTION_NOT_FOUND is final ("not recorded") only ``grace`` seconds after a payment's ``started_at``."""
    if type(max_in_flight) is not int or max_in_flight < 1:
        raise ConfigurationError("max_in_flight", "must be an integer >= 1")
    if not (isinstance(max_rate, int | float) and math.isfinite(max_rate) and max_rate > 0):
        raise ConfigurationError("max_rate", "must be a positive number of requests per second")
    interval = 1.0 / max_rate
    report = ReconcileReport()
    polls: dict[str, _Poll] = {}
    heap: list[tuple[float, int, str]] = []
    seq = 0
    for p in pending:
        poll = _Poll(
            p.transaction_id,
            expected_amount=p.expected_amount,
            schedule=schedule,
            started_at=p.started_at,
            expires_in=p.expires_in,
            sent_at=p.started_at,
            grace=grace,
        )
        polls[p.transaction_id] = poll
        seq += 1
        _push(heap, poll, clock(), seq, report)
    in_flight: dict[asyncio.Task[StatusSnapshot], str] = {}
    try:
        await _async_run(fetch, polls, heap, in_flight, report, seq, interval, max_in_flight, clock, sleep, on_progress)
    finally:
        for task in in_flight:
            task.cancel()
    return report


async def _async_run(
    fetch: Callable[[str], Awaitable[StatusSnapshot]],
    polls: dict[str, _Poll],
    heap: list[tuple[float, int, str]],
    in_flight: dict[asyncio.Task[StatusSnapshot], str],
    report: ReconcileReport,
    seq: int,
    interval: float,
    max_in_flight: int,
    clock: Callable[[], float],
    sleep: Callable[[float], Awaitable[None]],
    on_progress: Callable[[int, int], None] | None,
) -> None:
    last_start = -math.inf
    reported = -1
    while heap or in_flight:
        if on_progress is not None and len(report.outcomes) != reported:
            reported = len(report.outcomes)
            on_progress(reported, len(polls))
        now = clock()
        while heap and heap[0][0] <= now and len(in_flight) < max_in_flight and now >= last_start + interval:
            _, _, txn = heapq.heappop(heap)
            if last_start > -math.inf:
                report.min_start_interval = min(report.min_start_interval, now - last_start)
            last_start = now
            report.requests += 1
            in_flight[asyncio.ensure_future(fetch(txn))] = txn
            report.peak_in_flight = max(report.peak_in_flight, len(in_flight))
        wait: float | None = None
        if heap and len(in_flight) < max_in_flight:
            wait = max(heap[0][0] - now, last_start + interval - now, 0.0)
        if not in_flight:
            await sleep(wait or 0.0)
            continue
        timer = asyncio.ensure_future(sleep(wait)) if wait is not None else None
        waiting: set[asyncio.Future[object]] = set(in_flight)  # type: ignore[arg-type]
        if timer is not None:
            waiting.add(timer)  # type: ignore[arg-type]
        done, _ = await asyncio.wait(waiting, return_when=asyncio.FIRST_COMPLETED)
        if timer is not None and timer not in done:
            timer.cancel()
        for task in [t for t in in_flight if t in done]:
            txn = in_flight.pop(task)
            poll = polls[txn]
            try:
                final = _observe(poll, task, clock())
            except GatewayError as exc:
                final = None
                report.outcomes[txn] = exc
            if final is not None:
                report.outcomes[txn] = final
            elif txn not in report.outcomes:
                seq += 1
                _push(heap, poll, clock(), seq, report)
    if on_progress is not None:
        on_progress(len(report.outcomes), len(polls))


def _observe(poll: _Poll, task: asyncio.Task[StatusSnapshot], now: float) -> FinalStatus | None:
    exc = task.exception()
    if exc is None:
        return poll.on_snapshot(task.result(), now)
    if not isinstance(exc, Exception):
        raise exc
    return poll.on_error(exc, now)


def _push(heap: list[tuple[float, int, str]], poll: _Poll, now: float, seq: int, report: ReconcileReport) -> None:
    delay = poll.delay(now)
    if delay is None:
        report.outcomes[poll.transaction_id] = poll.timeout()
    else:
        heapq.heappush(heap, (now + delay, seq, poll.transaction_id))
