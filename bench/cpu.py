"""Target 1: CPU per call with httpx.MockTransport, Gateway vs raw httpx doing the same work by hand."""

from __future__ import annotations

import asyncio
import time
from typing import Any

import httpx

from bench import common
from bench.timing import Timings, interleaved, interleaved_async

# (method, URL path, X-VERIFY, body) of each request a variant sent
Sent = list[tuple[str, str, str, bytes]]

ORIGIN = "http://gateway.bench"


class Recorder:
    def __init__(self) -> None:
        self.on = False
        self.seen: Sent = []

    def __call__(self, request: httpx.Request) -> httpx.Response:
        if self.on:
            self.seen.append((request.method, request.url.path, request.headers.get("x-verify", ""), request.content))
        return httpx.Response(
            200, content=common.answer_for(request.url.path), headers={"content-type": "application/json"}
        )

    async def handle_async(self, request: httpx.Request) -> httpx.Response:
        await request.aread()
        return self(request)


def _check(rec: Recorder, runs: dict[str, common.SyncCalls]) -> dict[str, Any]:
    """Run one status and one debit per variant; all must send identical requests and parse identical results."""
    sent: dict[str, Sent] = {}
    parsed: dict[str, list[dict[str, Any]]] = {}
    for name, (status, debit) in runs.items():
        rec.on, rec.seen = True, []
        results = [status(common.txn_id(1)), debit(common.debit_payload(1))]
        rec.on = False
        sent[name] = rec.seen
        parsed[name] = [common.normalize(r) for r in results]
    return _compare(sent, parsed)


def _compare(sent: dict[str, Sent], parsed: dict[str, list[dict[str, Any]]]) -> dict[str, Any]:
    first = next(iter(sent))
    same_sent = all(v == sent[first] and len(v) == 2 for v in sent.values())
    same_parsed = all(v == parsed[first] for v in parsed.values())
    return {"identical_signatures": same_sent, "identical_results": same_parsed, "variants": list(sent)}


def run_sync(reps: int, calls: int) -> dict[str, Any]:
    from merchant_gateway import Gateway

    rec = Recorder()
    ours = Gateway(**common.gateway_settings(ORIGIN), transport=httpx.MockTransport(rec))
    raw = common.RawHttpx(httpx.Client(transport=httpx.MockTransport(rec)), ORIGIN)
    check = _check(
        rec,
        {"ours": (ours.get_transaction_status, ours.debit_v4_web), "raw_httpx": (raw.status, raw.debit)},
    )

    def ours_status(n: int) -> None:
        for i in range(n):
            ours.get_transaction_status(common.txn_id(i))

    def raw_status(n: int) -> None:
        for i in range(n):
            raw.status(common.txn_id(i))

    def ours_debit(n: int) -> None:
        for i in range(n):
            ours.debit_v4_web(common.debit_payload(i))

    def raw_debit(n: int) -> None:
        for i in range(n):
            raw.debit(common.debit_payload(i))

    t = interleaved(
        {"ours_status": ours_status, "raw_status": raw_status, "ours_debit": ours_debit, "raw_debit": raw_debit},
        reps=reps,
        calls=calls,
        timer=time.process_time,
    )
    return {
        "check": check,
        "status": _row(t, "ours_status", "raw_status"),
        "debit_v4": _row(t, "ours_debit", "raw_debit"),
    }


def run_async(reps: int, calls: int) -> dict[str, Any]:
    return asyncio.run(_run_async(reps, calls))


async def _run_async(reps: int, calls: int) -> dict[str, Any]:
    from merchant_gateway import AsyncGateway

    rec = Recorder()
    ours = AsyncGateway(**common.gateway_settings(ORIGIN), transport=httpx.MockTransport(rec.handle_async))
    raw = common.RawHttpxAsync(httpx.AsyncClient(transport=httpx.MockTransport(rec.handle_async)), ORIGIN)
    sent: dict[str, Sent] = {}
    parsed: dict[str, list[dict[str, Any]]] = {}
    variants: dict[str, common.AsyncCalls] = {
        "ours": (ours.get_transaction_status, ours.debit_v4_web),
        "raw_httpx": (raw.status, raw.debit),
    }
    for name, (status, debit) in variants.items():
        rec.on, rec.seen = True, []
        results = [await status(common.txn_id(1)), await debit(common.debit_payload(1))]
        rec.on = False
        sent[name], parsed[name] = rec.seen, [common.normalize(r) for r in results]
    check = _compare(sent, parsed)

    async def ours_status(n: int) -> None:
        for i in range(n):
            await ours.get_transaction_status(common.txn_id(i))

    async def raw_status(n: int) -> None:
        for i in range(n):
            await raw.status(common.txn_id(i))

    async def ours_debit(n: int) -> None:
        for i in range(n):
            await ours.debit_v4_web(common.debit_payload(i))

    async def raw_debit(n: int) -> None:
        for i in range(n):
            await raw.debit(common.debit_payload(i))

    t = await interleaved_async(
        {"ours_status": ours_status, "raw_status": raw_status, "ours_debit": ours_debit, "raw_debit": raw_debit},
        reps=reps,
        calls=calls,
        timer=time.process_time,
    )
    await ours.aclose()
    await raw.client.aclose()
    return {
        "check": check,
        "status": _row(t, "ours_status", "raw_status"),
        "debit_v4": _row(t, "ours_debit", "raw_debit"),
    }


def _row(t: Timings, ours: str, base: str) -> dict[str, float]:
    return {
        "ours_us": round(t.median(ours) * 1e6, 1),
        "baseline_us": round(t.median(base) * 1e6, 1),
        "ratio": round(t.ratio(ours, base), 3),
    }


if __name__ == "__main__":
    import json

    print(json.dumps({"sync": run_sync(7, 300), "async": run_async(7, 300)}, indent=1))
