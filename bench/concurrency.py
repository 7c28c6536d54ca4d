"""Target 4: 1,000 status calls started at once on one AsyncGateway vs the best bounded-concurrency run.

The server answers after a small delay (bench.server's `/d<ms>` prefix), so concurrency matters. Variants:
* `unbounded`: the current AsyncGateway, all calls gathered at once;
* `caller_bound_<c>`: the same client, the caller limits itself to c in-flight calls (the best is the baseline);
* `gateway_bound_64`: :class:`BoundedAsyncGateway` below, the proposed fix (the client bounds itself).
Errors and leaked connections (open on the server after aclose) are counted for every run.
"""

from __future__ import annotations

import asyncio
import statistics
import time
from typing import Any

from bench import common
from bench.loopback import control, minimal_server

DELAY_MS = 2


def bounded_gateway_class() -> Any:
    """Scratch subclass = the proposed patch of AsyncGateway._run (semaphore around the send only)."""
    from merchant_gateway import AsyncGateway
    from merchant_gateway._core import Done, Prepared

    class BoundedAsyncGateway(AsyncGateway):
        def __init__(self, *args: Any, max_in_flight: int = 64, **kwargs: Any) -> None:
            super().__init__(*args, **kwargs)
            self._in_flight = asyncio.Semaphore(max_in_flight)

        async def _run(self, prep: Prepared) -> object:
            attempt = 0
            while True:
                attempt += 1
                try:
                    async with self._in_flight:
                        response = await prep.op.module.asyncio_detailed(client=self._client, **prep.kwargs)
                except Exception as exc:  # noqa: BLE001
                    step = self._core.after_attempt(prep, attempt, exc=exc)
                else:
                    step = self._core.after_attempt(prep, attempt, response=response)
                if isinstance(step, Done):
                    return step.value
                await self._sleep(step.seconds)  # outside the semaphore: a retry wait holds no slot

    return BoundedAsyncGateway


async def _one_run(
    origin: str, calls: int, bound: int | None, gateway_bound: int | None, cap: float = 60.0
) -> dict[str, Any]:
    from merchant_gateway import AsyncGateway

    settings = common.gateway_settings(origin + f"/d{DELAY_MS}")
    gw = bounded_gateway_class()(**settings, max_in_flight=gateway_bound) if gateway_bound else AsyncGateway(**settings)
    sem = asyncio.Semaphore(bound) if bound else None

    async def call(i: int) -> Any:
        if sem is None:
            return await gw.get_transaction_status(common.txn_id(i))
        async with sem:
            return await gw.get_transaction_status(common.txn_id(i))

    control(origin, "/_stats/reset", "POST")
    t0 = time.perf_counter()
    tasks = [asyncio.ensure_future(call(i)) for i in range(calls)]
    done, pending = await asyncio.wait(tasks, timeout=cap)
    for task in pending:  # over the cap: counted as errors, the run's time is reported as "> cap"
        task.cancel()
    await asyncio.gather(*pending, return_exceptions=True)
    elapsed = time.perf_counter() - t0
    errors = [type(t.exception()).__name__ for t in done if t.exception() is not None]
    errors += ["NotFinishedWithinCap"] * len(pending)
    pool = gw._client.get_async_httpx_client()._transport._pool  # noqa: SLF001 - measurement only
    busy = sum(1 for c in pool.connections if not c.is_idle())
    peak = control(origin, "/_stats")["peak"]
    await gw.aclose()
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


def run(reps: int, calls: int = 1000, bounds: tuple[int, ...] = (16, 32, 64, 100), cap: float = 45.0) -> dict[str, Any]:
    """`cap`: seconds after which a run is stopped (the unbounded run can take minutes: PoolTimeouts)."""
    import logging

    logging.getLogger("merchant_gateway").setLevel(logging.CRITICAL)  # give_up lines of the unbounded run
    return asyncio.run(_run(reps, calls, bounds, cap))


async def _run(reps: int, calls: int, bounds: tuple[int, ...], cap: float) -> dict[str, Any]:
    variants: dict[str, tuple[int | None, int | None]] = {"unbounded": (None, None)}
    for b in bounds:
        variants[f"caller_bound_{b}"] = (b, None)
    variants["gateway_bound_64"] = (None, 64)
    runs: dict[str, list[dict[str, Any]]] = {k: [] for k in variants}
    with minimal_server() as origin:
        names = list(variants)
        for rep in range(reps):
            for name in names[rep % len(names) :] + names[: rep % len(names)]:
                if name == "unbounded" and rep > 0:
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
            "busy_after": max(r["busy_after"] for r in v),
            "peak_connections": max(r["peak_connections"] for r in v),
        }
        for k, v in runs.items()
    }
    return {"calls": calls, "server_delay_ms": DELAY_MS, "best_bounded": best_name, "variants": summary}


if __name__ == "__main__":
    import json

    print(json.dumps(run(3), indent=1))
