"""1,000 status calls started at once on one AsyncGateway against the bounded ideal: the best run in which the
caller itself bounds how many calls are in flight.

The server answers after a small delay (bench.server's `/d<ms>` prefix), so concurrency matters. Variants:
* `gateway_default`: AsyncGateway as shipped (its own max_in_flight bound, AsyncGatewayTransport: httpx's own
  engine), all calls at once;
* `gateway_httpx`: the same over httpx's own AsyncHTTPTransport (wrapped in the cap and the deadline);
* `gateway_max_8`, `gateway_max_32`: AsyncGateway(max_in_flight=8 / 32), all calls at once: the neighbours of
  the default 16, to tell the bound's size from the bounding itself (information; 32 was the default until a full
  run showed httpcore's pool slower with every connection in use: docs/performance.md, "The concurrency default");
* `raw_httpx`: a plain httpx.AsyncClient on its default engine doing the same wire work by hand
  (common.RawHttpxAsync), the caller bounding it to RAW_BOUND calls in flight (information: the safety layer's
  cost under load);
* `caller_bound_<c>`: the caller limits itself to c in-flight calls on a gateway whose own bound is lifted, over
  the same default transport (the best of these is the baseline, the bounded ideal). The lifted gateway's transport
  is sized to NO_BOUND connections, spread over small pools as any AsyncGatewayTransport's are; c calls in flight
  take its c lowest slots, so they use the same few pools a gateway bounded to c would;
* `no_bound_httpx`: no bound anywhere, httpx's pool: the pathology the bound exists for (one capped run).
Errors and connections left open after aclose (seen by the server) are counted for every run, and for our
transport the connections still busy after the run (its public ``connections_in_use()``; httpx's pool has no
public count, so ``busy_after`` is None for the httpx variants).
"""

from __future__ import annotations

import asyncio
import statistics
import time
from collections.abc import Awaitable, Callable
from typing import Any, TypedDict

import httpx

from bench import common
from bench.loopback import control, minimal_server

DELAY_MS = 2
RAW_BOUND = 16  # the raw client's own bound, and its pool's size: what the gateway's default gives itself
NO_BOUND = 1000  # the largest max_in_flight the configuration accepts


class Run(TypedDict):
    """One run's figures (:func:`_closed`)."""

    seconds: float
    errors: int
    error_kinds: list[str]
    busy_after: int | None
    leaked_after_close: int
    peak_connections: int


async def _one_run(
    origin: str, calls: int, caller_bound: int | None, gateway_bound: int | None, transport: str, cap: float = 60.0
) -> Run:
    from merchant_gateway import AsyncGateway, GatewayConfig
    from merchant_gateway.transports import AsyncGatewayTransport

    if transport == "raw":
        return await _raw_run(origin, calls, cap)
    settings = common.gateway_settings(origin + f"/d{DELAY_MS}")
    if gateway_bound is not None:
        settings["max_in_flight"] = gateway_bound
    config = GatewayConfig.from_settings(settings)
    n = config.max_in_flight
    ours: AsyncGatewayTransport | None = None
    chosen: httpx.AsyncBaseTransport
    if transport == "httpx":
        chosen = httpx.AsyncHTTPTransport(limits=httpx.Limits(max_connections=min(n, 100)))
    else:
        # the transport AsyncGateway makes by default (gateway/_base.py: pool size = max_in_flight), built here so the
        # bench holds it and can ask its public connections_in_use(); no proxy is set in the bench's environment
        ours = AsyncGatewayTransport(
            limits=httpx.Limits(max_connections=n, max_keepalive_connections=n),
            deadline=config.timeout,
            max_answer_bytes=config.max_answer_bytes,
            trust_env=False,
        )
        chosen = ours
    gw = AsyncGateway(config, transport=chosen)
    sem = asyncio.Semaphore(caller_bound) if caller_bound else None

    async def call(i: int) -> object:
        if sem is None:
            return await gw.get_transaction_status(common.txn_id(i))
        async with sem:
            return await gw.get_transaction_status(common.txn_id(i))

    elapsed, errors = await _all_at_once(origin, calls, call, cap)
    busy = None if ours is None else ours.connections_in_use()  # httpx's pool offers no public count
    return await _closed(origin, elapsed, errors, busy, gw.aclose)


async def _raw_run(origin: str, calls: int, cap: float) -> Run:
    """A plain httpx.AsyncClient (httpx's default engine, pool sized to RAW_BOUND), the caller bounding it."""
    limits = httpx.Limits(max_connections=RAW_BOUND, max_keepalive_connections=RAW_BOUND)
    raw = common.RawHttpxAsync(httpx.AsyncClient(limits=limits), origin + f"/d{DELAY_MS}")
    sem = asyncio.Semaphore(RAW_BOUND)

    async def call(i: int) -> object:
        async with sem:
            return await raw.status(common.txn_id(i))

    elapsed, errors = await _all_at_once(origin, calls, call, cap)
    return await _closed(origin, elapsed, errors, None, raw.client.aclose)


async def _all_at_once(
    origin: str, calls: int, call: Callable[[int], Awaitable[object]], cap: float
) -> tuple[float, list[str]]:
    """Seconds for ``calls`` calls started at once, and the kinds of error, one per failed call."""
    control(origin, "/_stats/reset", "POST")
    t0 = time.perf_counter()
    tasks = [asyncio.ensure_future(call(i)) for i in range(calls)]
    done, pending = await asyncio.wait(tasks, timeout=cap)
    for task in pending:  # over the cap: counted as errors, the run's time is reported as "> cap"
        task.cancel()
    await asyncio.gather(*pending, return_exceptions=True)
    elapsed = time.perf_counter() - t0
    errors = [type(t.exception()).__name__ for t in done if t.exception() is not None]
    return elapsed, errors + ["NotFinishedWithinCap"] * len(pending)


async def _closed(
    origin: str, elapsed: float, errors: list[str], busy: int | None, aclose: Callable[[], Awaitable[None]]
) -> Run:
    """The run's figures, with the connections the server still sees open after the client closed."""
    peak = control(origin, "/_stats")["peak"]
    await aclose()
    for _ in range(50):  # the server notices closed sockets asynchronously
        leaked = control(origin, "/_stats")["open"]
        if leaked == 0:
            break
        await asyncio.sleep(0.02)
    return {
        "seconds": elapsed,
        "errors": len(errors),
        "error_kinds": sorted(set(errors)),
        "busy_after": busy,
        "leaked_after_close": leaked,
        "peak_connections": peak,
    }


def run(
    reps: int,
    calls: int = 1000,
    bounds: tuple[int, ...] = (4, 8, 16, 32, 64, 100),
    cap: float = 45.0,
    gateway_bounds: tuple[int, ...] = (8, 32),
) -> dict[str, Any]:
    """`cap`: seconds after which a run is stopped (the unbounded run can take minutes: PoolTimeouts).
    `gateway_bounds`: other max_in_flight values (pool sized to match) to run all calls at once on, as
    `gateway_max_<n>`, for choosing the default by measurement."""
    import logging

    with common.quiet_library_log(logging.CRITICAL):  # give_up lines of the unbounded run
        return asyncio.run(_run(reps, calls, bounds, cap, gateway_bounds))


async def _run(
    reps: int, calls: int, bounds: tuple[int, ...], cap: float, gateway_bounds: tuple[int, ...]
) -> dict[str, Any]:
    variants: dict[str, tuple[int | None, int | None, str]] = {
        "gateway_default": (None, None, "default"),
        "gateway_httpx": (None, None, "httpx"),
        "raw_httpx": (None, None, "raw"),
        **{f"gateway_max_{n}": (None, n, "default") for n in gateway_bounds},
        "no_bound_httpx": (None, NO_BOUND, "httpx"),
    }
    for b in bounds:
        variants[f"caller_bound_{b}"] = (b, NO_BOUND, "default")
    runs: dict[str, list[Run]] = {k: [] for k in variants}
    with minimal_server() as origin:
        names = list(variants)
        for rep in range(reps):
            for name in names[rep % len(names) :] + names[: rep % len(names)]:
                if name == "no_bound_httpx" and rep > 0:
                    continue  # pathological: one capped run is enough (it alone can take the cap)
                runs[name].append(await _one_run(origin, calls, *variants[name], cap=cap))
    med = {k: statistics.median(r["seconds"] for r in v) for k, v in runs.items()}
    best_name = min((k for k in med if k.startswith("caller_bound_")), key=med.__getitem__)

    # per-repetition ratio against the best bounded run of the same repetition
    def ratio(name: str) -> float:
        per = []
        for i in range(len(runs[name])):
            best = min(runs[k][i]["seconds"] for k in runs if k.startswith("caller_bound_"))
            per.append(runs[name][i]["seconds"] / best)
        return round(statistics.median(per), 3)

    summary = {
        k: {
            "median_s": round(med[k], 3),
            "capped": any(r["seconds"] >= cap for r in v),
            "ratio_to_best_bounded": ratio(k),
            "errors": sum(r["errors"] for r in v),
            "error_kinds": sorted({e for r in v for e in r["error_kinds"]}),
            "leaked_after_close": max(r["leaked_after_close"] for r in v),
            "busy_after": max((r["busy_after"] for r in v if r["busy_after"] is not None), default=None),
            "peak_connections": max(r["peak_connections"] for r in v),
        }
        for k, v in runs.items()
    }
    return {
        "calls": calls,
        "server_delay_ms": DELAY_MS,
        "raw_httpx_bound": RAW_BOUND,
        "best_bounded": best_name,
        "variants": summary,
    }


if __name__ == "__main__":
    import json

    print(json.dumps(run(3), indent=1))
