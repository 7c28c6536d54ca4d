"""Load and soak run against the local sandbox (issue 9), driven by ``make soak``.

N payments (default 5,000) from one AsyncGateway, each with its signed server-to-server callback and, when it
succeeds, one or two partial refunds, while faults are switched on at a low rate inside the sandbox (dropped
connections before/after recording, HTTP 500 HTML, truncated JSON, short delays) and test amounts make the gateway
answer INTERNAL_SERVER_ERROR / TIMED_OUT. At the end it checks, and writes to a JSON file:

- every payment's and refund's final state is known through the status operation (a call that never reached the
  gateway is known as "not recorded": TRANSACTION_NOT_FOUND after the call ended);
- every callback was verified (X-VERIFY) and arrived exactly once per terminal state, with that state's code;
- refunds never exceed payments (the sandbox's own ledger and our sum of successful refunds);
- no connection is left open (sockets of this process, and established connections to the sandbox port);
- memory stays flat: RSS after warm-up, at every 10 % and at the end, and the peak (VmHWM).

Bounded: loopback only, a fixed number of payments and a wall-clock limit (--max-seconds); the sandbox is a child
process that exits when this script closes its stdin, so nothing is left running.
"""

from __future__ import annotations

import argparse
import asyncio
import base64
import json
import logging
import os
import random
import secrets
import subprocess
import sys
import time
import uuid
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
import merchant_gateway as mg

MERCHANT = "SOAKMERCHANT"
TERMINAL = {"PAYMENT_SUCCESS", "PAYMENT_ERROR", "PAYMENT_DECLINED", "PAYMENT_CANCELLED"}
FAULT_KINDS: list[dict[str, Any]] = [
    {"kind": "drop_before"},
    {"kind": "drop_after"},
    {"kind": "html_500", "afterRecord": True},
    {"kind": "html_500", "afterRecord": False},
    {"kind": "truncated_json"},
    {"kind": "delay", "seconds": 0.05},
]
OPS = {
    "debit_v4_web": "debitV4Web",
    "debit_v4_intent": "debitV4Intent",
    "collect_request": "collectRequest",
    "refund_v4": "refundV4",
}

SANDBOX_SCRIPT = """
import json, sys
from merchant_gateway_sandbox import start_sandbox
running = start_sandbox(port=0, merchant_id=sys.argv[1], salts={"1": sys.argv[2]}, settle_after=float(sys.argv[3]),
                        otp_send_limit=10**6, callback_timeout=10.0)
print(json.dumps({"port": running.port, "base": running.base_url, "apps": running.apps_url,
                  "auth": running.auth_url, "origin": running.origin}), flush=True)
sys.stdin.read()  # until the parent closes the pipe (or dies)
running.stop()
"""


# --- process facts ---------------------------------------------------------------------------------------------------


def rss_kib() -> tuple[int, int]:
    """(VmRSS, VmHWM) of this process in KiB."""
    values = {}
    with open("/proc/self/status", encoding="ascii") as fh:
        for line in fh:
            if line.startswith(("VmRSS:", "VmHWM:")):
                key, value = line.split(":", 1)
                values[key] = int(value.split()[0])
    return values.get("VmRSS", 0), values.get("VmHWM", 0)


def open_sockets() -> int:
    count = 0
    for fd in os.listdir("/proc/self/fd"):
        try:
            if os.readlink(f"/proc/self/fd/{fd}").startswith("socket:"):
                count += 1
        except OSError:
            pass
    return count


def established_to(port: int) -> int:
    """TCP connections in ESTABLISHED state (01) with the sandbox port at either end (IPv4 loopback)."""
    count = 0
    for table in ("/proc/net/tcp", "/proc/net/tcp6"):
        try:
            with open(table, encoding="ascii") as fh:
                next(fh)
                for line in fh:
                    parts = line.split()
                    local, remote, state = parts[1], parts[2], parts[3]
                    ports = {int(local.rsplit(":", 1)[1], 16), int(remote.rsplit(":", 1)[1], 16)}
                    if state == "01" and port in ports:
                        count += 1
        except OSError:
            pass
    return count


# --- the merchant's callback endpoint --------------------------------------------------------------------------------


@dataclass
class Inbox:
    gw: mg.AsyncGateway
    expected: dict[str, int]  # transaction id -> amount sent
    # (transaction id, code) -> count; a callback without a transaction id counts under None
    received: Counter[tuple[str | None, str]] = field(default_factory=Counter)
    verified: int = 0
    rejected: int = 0
    requests: int = 0
    writers: set[asyncio.StreamWriter] = field(default_factory=set)

    def take(self, path: str, body: bytes, headers: dict[str, str]) -> int:
        self.requests += 1
        try:
            txn = json.loads(base64.b64decode(json.loads(body)["response"]))["data"]["transactionId"]
            verify = self.gw.verify_collect_callback if path.endswith("/collect") else self.gw.verify_payment_callback
            cb = verify(
                body, headers.get("x-verify"), expected_amount=self.expected.get(txn), expected_transaction_id=txn
            )
        except (mg.SignatureError, ValueError, KeyError, TypeError):
            self.rejected += 1
            return 400
        self.verified += 1
        self.received[(cb.data.transaction_id, cb.code)] += 1
        return 200


async def serve_inbox(inbox: Inbox) -> asyncio.Server:
    async def handle(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        inbox.writers.add(writer)
        try:
            while True:
                head = await reader.readuntil(b"\r\n\r\n")
                lines = head.decode("latin-1").split("\r\n")
                path = lines[0].split(" ")[1]
                headers = {k.strip().lower(): v.strip() for k, _, v in (x.partition(":") for x in lines[1:] if x)}
                body = await reader.readexactly(int(headers.get("content-length", "0")))
                status = inbox.take(path, body, headers)
                writer.write(f"HTTP/1.1 {status} X\r\ncontent-length: 0\r\n\r\n".encode())
                await writer.drain()
        except (asyncio.IncompleteReadError, ConnectionError, asyncio.LimitOverrunError, asyncio.CancelledError):
            pass
        finally:
            inbox.writers.discard(writer)
            writer.close()

    return await asyncio.start_server(handle, "127.0.0.1", 0)


# --- the run ---------------------------------------------------------------------------------------------------------


@dataclass
class Record:
    transaction_id: str
    operation: str
    amount: int
    outcome_unknown: bool = False
    error: str | None = None
    final: str | None = None  # terminal code, or NOT_RECORDED
    refunds: list[Record] = field(default_factory=list)
    parent: str | None = None


class Soak:
    def __init__(self, args: argparse.Namespace, urls: dict[str, Any], salt: str) -> None:
        self.args = args
        self.urls = urls
        self.rng = random.Random(args.seed)
        self.records: list[Record] = []
        self.counters: Counter[str] = Counter()
        self.faults_posted: Counter[str] = Counter()
        self.gw = mg.AsyncGateway(
            merchant_id=MERCHANT,
            salt_key=salt,
            salt_index="1",
            base_url=urls["base"],
            apps_url=urls["apps"],
            auth_url=urls["auth"],
            timeout=10.0,
        )
        self.control = httpx.AsyncClient(base_url=urls["origin"], timeout=10.0)
        self.expected: dict[str, int] = {}
        self.inbox = Inbox(self.gw, self.expected)

    async def maybe_fault(self, operation_id: str) -> None:
        if self.rng.random() < self.args.fault_rate:
            fault = dict(self.rng.choice(FAULT_KINDS), operationId=operation_id, times=1)
            await self.control.post("/_sandbox/faults", json=fault)
            self.faults_posted[fault["kind"] + ("" if "afterRecord" not in fault else f"/{fault['afterRecord']}")] += 1

    async def call(self, rec: Record, coro_fn: Any) -> None:
        try:
            await coro_fn()
        except mg.OutcomeUnknown:
            rec.outcome_unknown = True
            self.counters["outcome_unknown"] += 1
        except mg.GatewayError as exc:
            rec.error = type(exc).__name__
            self.counters["error_" + type(exc).__name__] += 1

    async def settle(self, rec: Record) -> None:
        """Poll the status until terminal (bounded); TRANSACTION_NOT_FOUND after the call ended = not recorded."""
        for _ in range(200):
            try:
                status = await self.gw.get_transaction_status(rec.transaction_id)
            except mg.TransactionNotFoundError:
                rec.final = "NOT_RECORDED"
                return
            except mg.GatewayError as exc:
                self.counters["status_error_" + type(exc).__name__] += 1
                await asyncio.sleep(0.1)
                continue
            self.counters["status_reads"] += 1
            if status.code in TERMINAL:
                rec.final = str(status.code)
                assert status.data is not None, f"{status.code} without its data"  # as before: the soak stops
                if status.data.amount != rec.amount:
                    self.counters["amount_mismatch"] += 1
                return
            await asyncio.sleep(self.args.settle_after / 2 + 0.02)
        self.counters["never_final"] += 1

    async def payment(self, i: int) -> None:
        op = self.rng.choices(["debit_v4_web", "debit_v4_intent", "collect_request"], [70, 15, 15])[0]
        roll = self.rng.random()
        amount = (
            self.rng.choice([4001, 4002, 5001, 5002])
            if roll < self.args.test_amount_rate
            else self.rng.randint(10_000, 500_000)
        )
        t = f"SK{uuid.uuid4().hex[:28]}"
        rec = Record(t, op, amount)
        self.records.append(rec)
        self.expected[t] = amount
        cb = f"{self.urls['inbox']}/cb/{'collect' if op == 'collect_request' else 'pay'}"
        kwargs: dict[str, Any] = {"transaction_id": t, "amount": amount, "merchant_order_id": f"O{i}"}
        if op == "debit_v4_web":
            kwargs.update(merchant_user_id=f"U{i % 97}", callback_url=cb)
        elif op == "debit_v4_intent":
            kwargs.update(payment_scope="PLATFORM", device_context={"platformVersionCode": 400922}, callback_url=cb)
        else:
            kwargs.update(instrument_type="MOBILE", instrument_reference="9999999999", expires_in=600, callback_url=cb)
        await self.maybe_fault(OPS[op])
        await self.call(rec, lambda: getattr(self.gw, op)(**kwargs))
        await self.settle(rec)
        if rec.final != "PAYMENT_SUCCESS":
            return
        left = amount
        for _ in range(self.rng.choice([1, 1, 2])):
            part = self.rng.randint(1, max(1, left // 2))
            r = Record(f"RF{uuid.uuid4().hex[:28]}", "refund_v4", part, parent=t)
            rec.refunds.append(r)
            self.expected[r.transaction_id] = part
            await self.maybe_fault("refundV4")
            await self.call(
                r,
                lambda r=r: self.gw.refund_v4(
                    transaction_id=r.transaction_id,
                    original_transaction_id=t,
                    amount=r.amount,
                    merchant_order_id=f"R{i}",
                    message="soak partial refund",
                    original_amount=amount,
                    callback_url=f"{self.urls['inbox']}/cb/refund",
                ),
            )
            await self.settle(r)
            if r.final == "PAYMENT_SUCCESS":
                left -= part

    async def run(self) -> dict[str, Any]:
        args = self.args
        sem = asyncio.Semaphore(args.concurrency)
        memory: list[dict[str, Any]] = []
        started = time.monotonic()
        deadline = started + args.max_seconds
        done = 0

        async def one(i: int) -> None:
            nonlocal done
            async with sem:
                if time.monotonic() > deadline:
                    self.counters["skipped_deadline"] += 1
                    return
                await self.payment(i)
                done += 1
                if done % max(1, args.payments // 10) == 0:
                    rss, hwm = rss_kib()
                    memory.append(
                        {
                            "payments": done,
                            "rss_kib": rss,
                            "hwm_kib": hwm,
                            "seconds": round(time.monotonic() - started, 1),
                        }
                    )

        warm = min(200, args.payments // 10)
        await asyncio.gather(*(one(i) for i in range(warm)))
        rss0, hwm0 = rss_kib()
        memory.insert(0, {"payments": done, "rss_kib": rss0, "hwm_kib": hwm0, "seconds": 0.0, "after": "warm-up"})
        await asyncio.gather(*(one(i) for i in range(warm, args.payments)))
        elapsed = time.monotonic() - started
        return {"memory": memory, "elapsed_seconds": round(elapsed, 1)}


async def drain_callbacks(soak: Soak, expected: int, timeout: float) -> None:
    deadline = time.monotonic() + timeout
    last, stable = -1, 0
    while time.monotonic() < deadline:
        now = soak.inbox.requests
        stable = stable + 1 if now == last else 0
        if now >= expected and stable >= 3:
            return
        last = now
        await asyncio.sleep(0.2)


async def main_async(args: argparse.Namespace) -> dict[str, Any]:
    salt = "soak-salt-" + secrets.token_hex(8)
    sockets_before = open_sockets()
    child = subprocess.Popen(
        [sys.executable, "-c", SANDBOX_SCRIPT, MERCHANT, salt, str(args.settle_after)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert child.stdout is not None
        urls = json.loads(child.stdout.readline())
        soak = Soak(args, urls, salt)
        server = await serve_inbox(soak.inbox)
        urls["inbox"] = f"http://127.0.0.1:{server.sockets[0].getsockname()[1]}"
        result = await soak.run()
        recs = soak.records + [r for p in soak.records for r in p.refunds]
        recorded_terminal = [r for r in recs if r.final in TERMINAL]
        await drain_callbacks(soak, len(recorded_terminal), timeout=30.0)
        # the sandbox's own ledger: every payment's refunded total
        over_refunded = 0
        ledger_checked = 0
        for p in soak.records:
            if p.final == "PAYMENT_SUCCESS" and p.refunds:
                info = (await soak.control.get(f"/_sandbox/transactions/{MERCHANT}/{p.transaction_id}")).json()
                ledger_checked += 1
                ok_refunds = sum(r.amount for r in p.refunds if r.final == "PAYMENT_SUCCESS")
                if info["refunded"] > info["amount"] or ok_refunds > p.amount or info["refunded"] != ok_refunds:
                    over_refunded += 1
        remaining_faults = (await soak.control.get("/_sandbox/faults")).json()["faults"]
        # callbacks: exactly one verified callback per terminal state, with that code
        missing = duplicate = wrong_code = 0
        per_txn: dict[str | None, Counter[str]] = defaultdict(Counter)
        for (txn, code), n in soak.inbox.received.items():
            per_txn[txn][code] += n
        for r in recorded_terminal:
            got = per_txn.get(r.transaction_id, Counter())
            assert r.final is not None  # recorded_terminal: a code of TERMINAL
            if got[r.final] == 0:
                missing += 1
            if got[r.final] > 1:
                duplicate += 1
            if set(got) - {r.final}:
                wrong_code += 1
        unknown_final = sum(1 for r in recs if r.final is None)
        await soak.gw.aclose()
        await soak.control.aclose()
        server.close()
        for writer in list(soak.inbox.writers):  # the sandbox's keep-alive callback connections to our endpoint
            writer.close()
        await server.wait_closed()
        await asyncio.sleep(0.2)
        sockets_after = open_sockets()
        established = established_to(urls["port"])
    finally:
        if child.stdin:
            child.stdin.close()
        try:
            child.wait(timeout=20)
        except subprocess.TimeoutExpired:
            child.kill()
    memory = result["memory"]
    rss_start, rss_end = memory[0]["rss_kib"], memory[-1]["rss_kib"]
    by_final = Counter(r.final or "UNKNOWN" for r in soak.records)
    refund_final = Counter(r.final or "UNKNOWN" for p in soak.records for r in p.refunds)
    faults_taken = sum(soak.faults_posted.values()) - len(remaining_faults)
    summary = {
        "payments": len(soak.records),
        "refunds": sum(len(p.refunds) for p in soak.records),
        "concurrency": args.concurrency,
        "elapsed_seconds": result["elapsed_seconds"],
        "payments_per_second": round(len(soak.records) / max(result["elapsed_seconds"], 1e-9), 1),
        "payments_by_final_state": dict(by_final),
        "refunds_by_final_state": dict(refund_final),
        "operations": dict(Counter(p.operation for p in soak.records)),
        "faults_posted": dict(soak.faults_posted),
        "faults_taken": faults_taken,
        "counters": dict(soak.counters),
        "callbacks": {
            "http_requests": soak.inbox.requests,
            "verified": soak.inbox.verified,
            "rejected": soak.inbox.rejected,
            "terminal_states_expecting_one": len(recorded_terminal),
            "missing": missing,
            "duplicate": duplicate,
            "wrong_code": wrong_code,
        },
        "ledger": {"payments_with_refunds_checked": ledger_checked, "over_refunded_or_mismatch": over_refunded},
        "final_state_unknown": unknown_final,
        "connections": {
            "sockets_before": sockets_before,
            "sockets_after": sockets_after,
            "established_to_sandbox_after_close": established,
        },
        "memory": {
            "rss_start_kib": rss_start,
            "rss_end_kib": rss_end,
            "peak_hwm_kib": memory[-1]["hwm_kib"],
            "growth_kib": rss_end - rss_start,
            "samples": memory,
        },
    }
    lost = (
        unknown_final
        + missing
        + duplicate
        + wrong_code
        + soak.inbox.rejected
        + over_refunded
        + soak.counters.get("never_final", 0)
        + soak.counters.get("amount_mismatch", 0)
        + soak.counters.get("skipped_deadline", 0)
    )
    summary["lost"] = lost
    summary["checks"] = {
        "every_final_state_known": unknown_final == 0 and soak.counters.get("never_final", 0) == 0,
        "callbacks_once_per_terminal_state": missing == duplicate == wrong_code == 0,
        "callbacks_all_verified": soak.inbox.rejected == 0,
        "refunds_never_exceed_payments": over_refunded == 0,
        "no_connection_left_open": sockets_after <= sockets_before and established == 0,
        "memory_flat": rss_end - rss_start <= args.max_growth_mib * 1024,
        "finished_in_time": soak.counters.get("skipped_deadline", 0) == 0,
    }
    summary["ok"] = all(summary["checks"].values())
    return summary


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--payments", type=int, default=5000)
    p.add_argument("--concurrency", type=int, default=32)
    p.add_argument("--fault-rate", type=float, default=0.02, help="probability of a sandbox fault per money call")
    p.add_argument("--test-amount-rate", type=float, default=0.02, help="share of 4001/4002/5001/5002 amounts")
    p.add_argument("--settle-after", type=float, default=0.2)
    p.add_argument("--max-seconds", type=float, default=900.0, help="stop starting payments after this")
    p.add_argument("--max-growth-mib", type=float, default=32.0, help="allowed RSS growth after warm-up")
    p.add_argument("--seed", type=int, default=9)
    p.add_argument("--out", default="build/soak/soak.json")
    args = p.parse_args()
    # OutcomeUnknown is expected here (faults are on) and counted; keep the client's warnings off the terminal
    logging.getLogger("merchant_gateway").setLevel(logging.ERROR)
    summary = asyncio.run(main_async(args))
    Path(args.out).parent.mkdir(parents=True, exist_ok=True)
    Path(args.out).write_text(json.dumps(summary, indent=1), encoding="utf-8")
    print(
        json.dumps(
            {k: summary[k] for k in ("payments", "refunds", "elapsed_seconds", "lost", "checks", "ok")}, indent=1
        )
    )
    return 0 if summary["ok"] else 1


if __name__ == "__main__":
    sys.exit(main())
