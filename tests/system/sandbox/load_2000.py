"""Load benchmark (not collected by pytest): 2,000 concurrent payments with callbacks from one async client.

    .venv/bin/python tests/sandbox/load_2000.py [--payments 2000] [--concurrency 100]

Checks that no request is lost (every payment answered and found by status as PAYMENT_SUCCESS) and that every
callback arrives exactly once with a valid X-VERIFY; prints the figures.
"""

from __future__ import annotations

import argparse
import asyncio
import base64
import hashlib
import json
import statistics
import sys
import threading
import time
from collections import Counter

import httpx
import uvicorn
from merchant_gateway_sandbox import start_sandbox  # the venv's (`make` installs this checkout, editable)

MERCHANT = "MERCHANTUAT"
SALT_KEY, SALT_INDEX = "099eb0cd-02cf-4e2a-8aca-3e6c6aff0399", "1"


def sign(message: str) -> str:
    return hashlib.sha256((message + SALT_KEY).encode()).hexdigest() + "###" + SALT_INDEX


class CallbackSink:
    """Minimal ASGI app that records callbacks (run by its own uvicorn on a loopback port)."""

    def __init__(self) -> None:
        self.seen: Counter[str] = Counter()
        self.bad_signatures = 0
        self.first_at: float | None = None
        self.last_at: float | None = None

    async def __call__(self, scope, receive, send) -> None:  # type: ignore[no-untyped-def]
        if scope["type"] != "http":
            return
        body = b""
        while True:
            msg = await receive()
            body += msg.get("body", b"")
            if not msg.get("more_body"):
                break
        headers = {k.decode().lower(): v.decode() for k, v in scope["headers"]}
        response = json.loads(body)["response"]
        if headers.get("x-verify") != sign(response):
            self.bad_signatures += 1
        tid = json.loads(base64.b64decode(response))["data"]["transactionId"]
        self.seen[tid] += 1
        now = time.monotonic()
        self.first_at = self.first_at or now
        self.last_at = now
        await send({"type": "http.response.start", "status": 200, "headers": [(b"content-length", b"2")]})
        await send({"type": "http.response.body", "body": b"ok"})


def start_sink(sink: CallbackSink) -> tuple[uvicorn.Server, str]:
    server = uvicorn.Server(uvicorn.Config(sink, host="127.0.0.1", port=0, log_level="warning", lifespan="off"))
    threading.Thread(target=server.run, daemon=True).start()
    while not server.started:
        time.sleep(0.01)
    port = server.servers[0].sockets[0].getsockname()[1]
    return server, f"http://127.0.0.1:{port}/cb"


async def run(n: int, concurrency: int, settle_after: float) -> int:
    sink = CallbackSink()
    sink_server, sink_url = start_sink(sink)
    sb = start_sandbox(merchant_id=MERCHANT, salts={SALT_INDEX: SALT_KEY}, settle_after=settle_after)
    sem = asyncio.Semaphore(concurrency)
    latencies: list[float] = []
    answers: Counter[str] = Counter()
    limits = httpx.Limits(max_connections=concurrency, max_keepalive_connections=concurrency)
    async with httpx.AsyncClient(timeout=30, limits=limits, trust_env=False) as client:

        async def pay(i: int) -> None:
            tid = f"LOAD{i:06d}"
            request_b64 = base64.b64encode(
                json.dumps({"merchantId": MERCHANT, "transactionId": tid, "amount": 100 + i}).encode()
            ).decode()
            headers = {"X-VERIFY": sign(request_b64 + "/v4/debit"), "X-CALLBACK-URL": sink_url}
            async with sem:
                t0 = time.perf_counter()
                try:
                    resp = await client.post(sb.base_url + "/v4/debit/", json={"request": request_b64}, headers=headers)
                    answers[f"{resp.status_code} {resp.json().get('code')}"] += 1
                except httpx.HTTPError as exc:
                    answers[type(exc).__name__] += 1
                latencies.append(time.perf_counter() - t0)

        started = time.monotonic()
        await asyncio.gather(*(pay(i) for i in range(n)))
        initiated = time.monotonic()

        deadline = time.monotonic() + 60
        while len(sink.seen) < n and time.monotonic() < deadline:
            await asyncio.sleep(0.05)
        delivered = time.monotonic()
        await asyncio.sleep(0.5)  # let any duplicate show up

        statuses: Counter[str] = Counter()

        async def status(i: int) -> None:
            path = f"/v3/transaction/{MERCHANT}/LOAD{i:06d}/status"
            async with sem:
                resp = await client.get(sb.base_url + path, headers={"X-VERIFY": sign(path)})
                statuses[resp.json()["code"]] += 1

        await asyncio.gather(*(status(i) for i in range(n)))
    sb.stop()
    sink_server.should_exit = True

    lat = sorted(latencies)
    duplicates = sum(1 for c in sink.seen.values() if c > 1)
    missing = n - len(sink.seen)
    print(f"payments            {n} (client concurrency {concurrency}, settle_after {settle_after}s)")
    print(f"initiation answers  {dict(answers)}")
    print(f"initiation time     {initiated - started:.2f}s  ({n / (initiated - started):.0f} req/s)")
    print(
        f"latency p50/p95/max {statistics.median(lat) * 1000:.1f} / {lat[int(0.95 * len(lat))] * 1000:.1f} / "
        f"{lat[-1] * 1000:.1f} ms"
    )
    print(
        f"callbacks           {sum(sink.seen.values())} received for {len(sink.seen)} payments; "
        f"missing {missing}; duplicated {duplicates}; bad signatures {sink.bad_signatures}"
    )
    print(f"all callbacks in    {delivered - started:.2f}s after the first request")
    print(f"status after        {dict(statuses)}")
    ok = (
        answers == Counter({"200 PAYMENT_SUCCESS": n})
        and missing == 0
        and duplicates == 0
        and sink.bad_signatures == 0
        and statuses == Counter({"PAYMENT_SUCCESS": n})
    )
    print("RESULT              " + ("OK: no request lost, every callback delivered once" if ok else "FAILED"))
    return 0 if ok else 1


def main() -> int:
    p = argparse.ArgumentParser()
    p.add_argument("--payments", type=int, default=2000)
    p.add_argument("--concurrency", type=int, default=100)
    p.add_argument("--settle-after", type=float, default=0.5)
    args = p.parse_args()
    return asyncio.run(run(args.payments, args.concurrency, args.settle_after))


if __name__ == "__main__":
    sys.exit(main())
