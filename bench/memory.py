"""Peak memory of one call under hostile answers, against the answer cap (default 4 MiB).

Scenarios, each answered by a raw loopback server thread to a money-moving call (``debit_v4_web``, never
retried, so one request is one attempt):
* `interim_flood`: 100-Continue heads of 15 KB each, for ever (until the client goes away);
* `header_flood`: a 200 head with 4 MiB of short header lines (inside the answer cap), then its end and a body;
* `answer_10mb`: a 10 MiB answer with a correct Content-Length.
Both must end in OutcomeUnknown; what is measured is how much memory the call took on the way. Every
(gateway, scenario, meter) runs in a fresh process of its own, after a warm-up call against a well-behaved
server (so imports and first-call caches are not counted): `traced` is tracemalloc's peak over the call (Python
allocations), `rss` the growth of the process's peak resident set (VmHWM) over its resident set before the
call (everything, allocator slack included; tracemalloc's own bookkeeping would distort it, hence two runs).
Target: both at most cap + 16 MiB.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import socket
import subprocess
import sys
import threading
import time
import tracemalloc
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
MIB = 1024 * 1024
SLACK = 16 * MIB
INTERIM = b"HTTP/1.1 100 Continue\r\nx-filler: " + b"a" * 15_000 + b"\r\n\r\n"
SCENARIOS = ("interim_flood", "header_flood", "answer_10mb")
HEADER_LINE = b"x-flood: " + b"a" * 62 + b"\r\n"
GATEWAYS = ("gateway", "async_gateway")
METERS = ("traced", "rss")


def _interim_flood(conn: socket.socket) -> None:
    while True:
        conn.sendall(INTERIM)


def _header_flood(conn: socket.socket) -> None:
    from bench import common

    conn.sendall(b"HTTP/1.1 200 OK\r\ncontent-type: application/json\r\n")
    block = HEADER_LINE * (64 * 1024 // len(HEADER_LINE))
    for _ in range(4 * MIB // len(block)):
        conn.sendall(block)
    body = common.DEBIT_ANSWER
    conn.sendall(b"content-length: %d\r\n\r\n" % len(body) + body)


def _answer_10mb(conn: socket.socket) -> None:
    size = 10 * MIB
    conn.sendall(b"HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncontent-length: %d\r\n\r\n" % size)
    block = b'{"pad":"' + b"x" * (MIB - 8)
    for i in range(10):
        conn.sendall(block if i == 0 else b"x" * MIB)


def _good(conn: socket.socket) -> None:
    from bench import common

    body = common.DEBIT_ANSWER
    conn.sendall(b"HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncontent-length: %d\r\n\r\n" % len(body) + body)


@contextlib.contextmanager
def _server(answer: Callable[[socket.socket], None]) -> Iterator[str]:
    """A loopback server that reads one request head per connection and runs ``answer`` on it."""
    sock = socket.create_server(("127.0.0.1", 0))

    def serve() -> None:
        while True:
            try:
                conn, _ = sock.accept()
            except OSError:
                return
            with conn:
                data = b""
                try:
                    while b"\r\n\r\n" not in data:
                        chunk = conn.recv(65536)
                        if not chunk:
                            break
                        data += chunk
                    answer(conn)
                except OSError:
                    pass  # the client went away: what a bounded client does

    threading.Thread(target=serve, daemon=True).start()
    try:
        yield f"http://127.0.0.1:{sock.getsockname()[1]}"
    finally:
        sock.close()


def _status_kib(field: str) -> int:
    with open("/proc/self/status") as status:
        for line in status:
            if line.startswith(field + ":"):
                return int(line.split()[1])
    raise LookupError(field)


def _child(gateway: str, scenario: str, meter: str) -> dict[str, Any]:
    import logging

    from merchant_gateway import AsyncGateway, Gateway

    from bench import common

    logging.getLogger("merchant_gateway").setLevel(logging.CRITICAL)
    answer = {"interim_flood": _interim_flood, "header_flood": _header_flood, "answer_10mb": _answer_10mb}[scenario]
    with _server(_good) as good, _server(answer) as hostile:
        if gateway == "gateway":
            warm, gw = Gateway(**common.gateway_settings(good)), Gateway(**common.gateway_settings(hostile))
            warm.debit_v4_web(common.debit_payload(0))

            def call() -> None:
                gw.debit_v4_web(common.debit_payload(1))

        else:
            loop = asyncio.new_event_loop()
            awarm = AsyncGateway(**common.gateway_settings(good))
            agw = AsyncGateway(**common.gateway_settings(hostile))
            loop.run_until_complete(awarm.debit_v4_web(common.debit_payload(0)))

            def call() -> None:
                loop.run_until_complete(agw.debit_v4_web(common.debit_payload(1)))

        cap = gw.config.max_answer_bytes if gateway == "gateway" else agw.config.max_answer_bytes
        rss_before = _status_kib("VmRSS") * 1024
        if meter == "traced":
            tracemalloc.start()
        t0 = time.perf_counter()
        try:
            call()
            outcome = "returned"
        except Exception as exc:  # noqa: BLE001 - the outcome is reported, not judged here
            outcome = type(exc).__name__
        seconds = time.perf_counter() - t0
        if meter == "traced":
            peak = tracemalloc.get_traced_memory()[1]
            tracemalloc.stop()
        else:
            peak = _status_kib("VmHWM") * 1024 - rss_before
    return {"outcome": outcome, "peak_bytes": peak, "cap_bytes": cap, "seconds": round(seconds, 3)}


def run() -> dict[str, Any]:
    from bench import common

    out: dict[str, Any] = {"target": "peak <= cap + 16 MiB", "runs": {}}
    for gateway in GATEWAYS:
        for scenario in SCENARIOS:
            for meter in METERS:
                proc = subprocess.run(
                    [sys.executable, "-m", "bench.memory", gateway, scenario, meter],
                    capture_output=True,
                    text=True,
                    cwd=ROOT,
                    env=common.child_env(ROOT),
                    timeout=120,
                )
                if proc.returncode != 0:
                    raise RuntimeError(f"bench.memory {gateway} {scenario} {meter} failed:\n{proc.stderr[-2000:]}")
                result = json.loads(proc.stdout.splitlines()[-1])
                result["peak_mib"] = round(result["peak_bytes"] / MIB, 2)
                result["within_target"] = result["peak_bytes"] <= result["cap_bytes"] + SLACK
                out["runs"][f"{gateway} {scenario} {meter}"] = result
    return out


if __name__ == "__main__":
    if len(sys.argv) == 4:
        print(json.dumps(_child(*sys.argv[1:])))
    else:
        print(json.dumps(run(), indent=1))
