"""Chaos soak of the payment ledger (issue 18), driven by ``make soak`` (and ``make soak-ledger`` alone).

N payments (default 10,000) through two fleets, each against its own local sandbox with faults switched on
(connections dropped after the payment was recorded, answers later than the client's timeout, HTML 500s after
recording) plus the sandbox's unknown-outcome test amounts:

- the networked fleet: 4 worker processes on a PostgreSQL ledger (a throwaway server started here);
- the embedded fleet: 2 worker processes on one SQLite file.

Every worker process is a whole merchant backend in small: it starts payments from its slice of the ids (through a
Gateway with the ledger's observer: write-ahead, answer recorded), serves the gateway's callbacks (CallbackHandler
on its own port), runs a Reconciler (4 threads), and uses the fleet-shared authorization token every half second.
Every few seconds a random worker is killed with SIGKILL and started again: it resumes its slice, its callbacks
that arrived meanwhile are lost (the sandbox sends each once), its claims and hook leases expire.

Checked at the end, per fleet, and written to JSON (soak/ledger_report.py puts it into docs/reliability.md):
every payment id of the run is in the ledger and final; the final state agrees with the sandbox's own record
(NOT_RECORDED exactly for what the sandbox never saw); the merchant's hook (in the ledger's transaction, writing a
row per run) ran exactly once per payment; the fleet's request starts, counted by the sandbox, never exceeded the
ceiling in any 1-second window; the token endpoint was called once per expiry; each worker's memory stayed flat.

    python soak/ledger_chaos.py --payments 10000 --out build/soak/ledger_chaos.json
"""

from __future__ import annotations

import argparse
import bisect
import contextlib
import http.server
import json
import os
import random
import signal
import subprocess
import sys
import threading
import time
from collections import Counter
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
MERCHANT = "CHAOSMERCHANT"
SALT = "chaos-salt-0e4d"
CLIENT_ID, CLIENT_SECRET = "SANDBOXCLIENT", "sandbox-secret"

SANDBOX_SCRIPT = r"""
import asyncio, json, random, sys, threading, time
import uvicorn
from merchant_gateway_sandbox.app import create_app
from merchant_gateway_sandbox.config import SandboxConfig
from merchant_gateway_sandbox.core import Sandbox
from merchant_gateway_sandbox.faults import Fault

merchant, salt, out = sys.argv[1], sys.argv[2], sys.argv[6]
ttl, fault_every, late = int(sys.argv[3]), float(sys.argv[4]), float(sys.argv[5])
cfg = SandboxConfig(merchant_id=merchant, salts={"1": salt}, settle_after=2.0, oauth_token_ttl=ttl,
                    callback_timeout=2.0, otp_send_limit=10**6)
sandbox = Sandbox(cfg)
app = create_app(sandbox=sandbox)
log = []

async def logged(scope, receive, send):
    if scope["type"] == "http" and "/_sandbox/" not in scope["path"]:
        log.append((time.time(), scope["path"]))
    await app(scope, receive, send)

server = uvicorn.Server(uvicorn.Config(logged, host="127.0.0.1", port=0, log_level="error", lifespan="on"))
thread = threading.Thread(target=server.run, daemon=True)
thread.start()
while not server.started:
    time.sleep(0.01)
port = server.servers[0].sockets[0].getsockname()[1]
kinds = [("drop_after", 0.0, True), ("delay", late, False), ("html_500", 0.0, True)]
taken = {"n": 0}
stop = threading.Event()

def inject():
    rng = random.Random(7)
    while not stop.wait(fault_every * rng.uniform(0.5, 1.5)):
        if len(sandbox.faults.list()) < 2:
            kind, seconds, after = rng.choice(kinds)
            op = rng.choice(["debitV4Web", "debitV4Web", "getTransactionStatus", "*"])
            sandbox.faults.add(Fault(kind=kind, operation_id=op, seconds=seconds, after_record=after))
            taken["n"] += 1

threading.Thread(target=inject, daemon=True).start()
print(json.dumps({"port": port}), flush=True)
sys.stdin.read()
stop.set()
txns = {t.transaction_id: t.code for t in sandbox.store.txns.values()}
json.dump({"requests": log, "txns": txns, "faults_added": taken["n"]}, open(out, "w"))
server.should_exit = True
thread.join(10)
"""


# --- worker process ------------------------------------------------------------------------------------------------


def rss_kib() -> int:
    with open("/proc/self/status", encoding="ascii") as fh:
        for line in fh:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    return 0


def worker_main(a: argparse.Namespace) -> None:
    from merchant_gateway import Gateway, GatewayError
    from merchant_gateway.ledger import CallbackHandler, Ledger, RateLimit, Reconciler

    def hook(payment: Any, tx: Any) -> None:  # the merchant's "fulfil", committed with the ledger's "done"
        tx.execute(
            "INSERT INTO soak_hooks (transaction_id, code, pid, at) VALUES (?, ?, ?, ?)",
            (payment.transaction_id, payment.code, os.getpid(), time.time()),
        )

    rate = RateLimit(a.ceiling, 1.0, a.margin)
    # a killed worker's call is presumed over after 60 s without an attempt (its attempts last --timeout seconds and
    # its retries wait little), so the payments it wrote down but never sent become NOT_RECORDED within the run
    ledger = Ledger.open(a.url, on_final=hook, hook_in_transaction=True, rate_limit=rate, call_bound=60.0)
    limiter = ledger.limiter
    assert limiter is not None
    grants_file = open(a.rss_file.replace("rss-", "grants-"), "a", encoding="ascii")  # noqa: SIM115 - for the process's life
    grant_lock = threading.Lock()

    def log_grant(at: float) -> None:  # the grant times, on the database's clock, to compare with arrivals
        with grant_lock:
            grants_file.write(f"{at:.6f}\n")
            grants_file.flush()

    limiter.on_grant = log_grant
    base = f"http://127.0.0.1:{a.sandbox_port}"
    gw = Gateway(
        merchant_id=MERCHANT,
        salt_key=SALT,
        salt_index="1",
        base_url=base + "/apis/pg-sandbox",
        apps_url=base + "/apis/apps",
        auth_url=base + "/apis/identity-manager",
        client_id=CLIENT_ID,
        client_secret=CLIENT_SECRET,
        timeout=a.timeout,
        token_refresh_margin=a.token_margin,
        observer=ledger.observer,
        tokens=ledger.token_cache(MERCHANT, CLIENT_ID, margin=a.token_margin),
    )
    handler = CallbackHandler(ledger, gw)

    class Callback(http.server.BaseHTTPRequestHandler):
        def do_POST(self) -> None:
            body = self.rfile.read(int(self.headers.get("Content-Length") or 0))
            answer = handler.handle(body, dict(self.headers))
            self.send_response(answer.status)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(answer.body)))
            self.end_headers()
            self.wfile.write(answer.body)

        do_PUT = do_POST

        def log_message(self, *args: Any) -> None:
            pass

    http.server.ThreadingHTTPServer.allow_reuse_address = True
    server = http.server.ThreadingHTTPServer(("127.0.0.1", a.callback_port), Callback)
    server.daemon_threads = True
    threading.Thread(target=server.serve_forever, daemon=True).start()
    cb_url = f"http://127.0.0.1:{a.callback_port}/cb"
    rec = Reconciler(ledger, gw, concurrency=4, lease=30.0, safety=3.0, idle=0.5)
    rec.start()
    produced = {"n": 0}

    def produce() -> None:
        for n in range(a.first, a.first + a.count):
            txn = f"{a.prefix}{n:06d}"
            if ledger.get(txn, MERCHANT) is not None:
                continue
            k = n % 50
            amount = {0: 4001, 1: 4002, 2: 4003, 3: 5001, 4: 5002}.get(k, 10_000 + n % 97)
            # OutcomeUnknown and refusals are ledger states; the reconciler takes it from there
            with contextlib.suppress(GatewayError):
                gw.debit_v4_web(
                    transaction_id=txn,
                    amount=amount,
                    merchant_order_id=f"O{n}",
                    merchant_user_id="U1",
                    callback_url=cb_url,
                )
            produced["n"] += 1

    def tokens() -> None:
        while True:
            with contextlib.suppress(GatewayError):  # a chaos failure, counted by the sandbox's log; the next try comes
                gw.authorization_token()
            time.sleep(0.5)

    threading.Thread(target=produce, daemon=True).start()
    threading.Thread(target=tokens, daemon=True).start()
    rss_file = open(a.rss_file, "a", encoding="ascii")  # noqa: SIM115 - appended for the life of the process
    started = time.time()
    while True:
        rss_file.write(f"{os.getpid()} {time.time() - started:.1f} {rss_kib()} {rec.stats.checks}\n")
        rss_file.flush()
        time.sleep(2.0)


# --- supervisor ------------------------------------------------------------------------------------------------------


def free_port() -> int:
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def start_sandbox(out: Path, ttl: int, fault_every: float, late: float) -> tuple[subprocess.Popen[str], int]:
    proc = subprocess.Popen(
        [sys.executable, "-c", SANDBOX_SCRIPT, MERCHANT, SALT, str(ttl), str(fault_every), str(late), str(out)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    assert proc.stdout is not None
    port = int(json.loads(proc.stdout.readline())["port"])
    return proc, port


def max_in_window(times: list[float], window: float = 1.0) -> int:
    s = sorted(times)
    return max((bisect.bisect_left(s, t + window) - i for i, t in enumerate(s)), default=0)


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("mode", nargs="?", default="supervise", choices=("supervise", "worker"))
    ap.add_argument("--payments", type=int, default=10_000)
    ap.add_argument("--out", default="build/soak/ledger_chaos.json")
    ap.add_argument("--ceiling", type=int, default=40, help="each fleet's rate ceiling, requests per second")
    ap.add_argument("--margin", type=float, default=0.5, help="seconds added to the window (grant-to-arrival spread)")
    ap.add_argument("--kill-every", type=float, default=4.0, help="mean seconds between SIGKILLs")
    ap.add_argument("--token-ttl", type=int, default=60)
    ap.add_argument("--token-margin", type=float, default=20.0)
    ap.add_argument("--timeout", type=float, default=2.0)
    ap.add_argument("--max-seconds", type=float, default=1800.0)
    # worker mode
    ap.add_argument("--url")
    ap.add_argument("--sandbox-port", type=int)
    ap.add_argument("--callback-port", type=int)
    ap.add_argument("--prefix")
    ap.add_argument("--first", type=int)
    ap.add_argument("--count", type=int)
    ap.add_argument("--rss-file")
    a = ap.parse_args()
    if a.mode == "worker":
        worker_main(a)
        return 0
    return supervise(a)


def supervise(a: argparse.Namespace) -> int:
    from merchant_gateway.ledger import Ledger, RateLimit
    from merchant_gateway.ledger.testing import local_postgres

    out = Path(a.out)
    work = out.parent / "ledger_chaos"
    work.mkdir(parents=True, exist_ok=True)
    for old in work.glob("*"):
        old.unlink()
    rng = random.Random(18)
    with local_postgres(max_connections=200) as pg:
        sqlite_url = f"sqlite:///{work}/ledger.sqlite3"
        n_pg = a.payments * 2 // 3
        fleets = {
            "postgresql": {"url": pg.url, "workers": 4, "payments": n_pg, "prefix": "CHP"},
            "sqlite": {"url": sqlite_url, "workers": 2, "payments": a.payments - n_pg, "prefix": "CHS"},
        }
        for name, f in fleets.items():
            Ledger.migrate(f["url"])  # the deployment's step, then the fleet's ceiling set deliberately, once
            ceiling = RateLimit(a.ceiling, 1.0, a.margin)
            with (
                Ledger.open(f["url"], rate_limit=ceiling, replace_settings=True) as ledger,
                ledger.store.transaction() as tx,
            ):
                tx.execute(
                    "CREATE TABLE IF NOT EXISTS soak_hooks (transaction_id TEXT NOT NULL, code TEXT, pid INTEGER, "
                    "at DOUBLE PRECISION)"
                )
            proc, port = start_sandbox(work / f"sandbox-{name}.json", a.token_ttl, 0.3, a.timeout + 1.5)
            f["sandbox"], f["sandbox_port"] = proc, port
        workers: list[dict[str, Any]] = []
        for name, f in fleets.items():
            per = -(-f["payments"] // f["workers"])
            for i in range(f["workers"]):
                first = i * per
                count = max(0, min(per, f["payments"] - first))
                args = [
                    sys.executable, __file__, "worker", "--url", f["url"], "--sandbox-port", str(f["sandbox_port"]),
                    "--callback-port", str(free_port()), "--prefix", f["prefix"], "--first", str(first),
                    "--count", str(count), "--ceiling", str(a.ceiling), "--margin", str(a.margin),
                    "--timeout", str(a.timeout), "--token-margin", str(a.token_margin),
                    "--rss-file", str(work / f"rss-{name}-{i}.txt"),
                ]  # fmt: skip
                workers.append({"fleet": name, "index": i, "args": args, "proc": None, "starts": 0})

        def start(w: dict[str, Any]) -> None:
            with open(work / "workers.err", "a") as err:  # the child has its own copy; a restart leaks none
                w["proc"] = subprocess.Popen(w["args"], stdout=subprocess.DEVNULL, stderr=err)
            w["starts"] += 1

        for w in workers:
            start(w)
        ledgers = {name: Ledger.open(f["url"]) for name, f in fleets.items()}
        t0 = time.time()
        kills = 0
        next_kill = t0 + rng.expovariate(1 / a.kill_every)
        progress: list[dict[str, Any]] = []
        down: list[tuple[float, dict[str, Any]]] = []
        finished = False
        while time.time() - t0 < a.max_seconds:
            time.sleep(1.0)
            now = time.time()
            state = {}
            for name in fleets:
                c = ledgers[name].counts()
                total = sum(v for k, v in c.items() if k != "hooks_pending")
                final = sum(v for k, v in c.items() if k.startswith("final:"))
                state[name] = {"total": total, "final": final, "hooks_pending": c["hooks_pending"]}
            progress.append({"t": round(now - t0, 1), **state})
            if int(now - t0) % 15 == 0:
                print(f"[{now - t0:6.0f}s] kills {kills} " + " ".join(
                    f"{n}: {s['final']}/{s['total']} final, {s['hooks_pending']} hooks" for n, s in state.items()
                ), flush=True)  # fmt: skip
            done = all(
                s["total"] == fleets[n]["payments"] and s["final"] == s["total"] and s["hooks_pending"] == 0
                for n, s in state.items()
            )
            if done and not down:
                finished = True
                break
            if now >= next_kill:
                victim = rng.choice([w for w in workers if all(w is not d[1] for d in down)])
                victim["proc"].send_signal(signal.SIGKILL)
                victim["proc"].wait()
                kills += 1
                down.append((time.time() + rng.uniform(0.5, 4.0), victim))  # restarted a little later
                next_kill = now + rng.expovariate(1 / a.kill_every)
            for item in [d for d in down if d[0] <= now]:
                down.remove(item)
                start(item[1])
        elapsed = time.time() - t0
        for w in workers:
            w["proc"].send_signal(signal.SIGKILL)
            w["proc"].wait()
        results: dict[str, Any] = {
            "payments": a.payments,
            "elapsed_s": round(elapsed, 1),
            "finished": finished,
            "kills": kills,
            "kill_every_s": a.kill_every,
            "ceiling_per_s": a.ceiling,
            "margin_s": a.margin,
            "token_ttl_s": a.token_ttl,
            "token_margin_s": a.token_margin,
            "client_timeout_s": a.timeout,
            "fleets": {},
        }
        for name, f in fleets.items():
            proc = f["sandbox"]
            assert proc.stdin is not None
            proc.stdin.close()
            proc.wait(60)
            sbx = json.loads((work / f"sandbox-{name}.json").read_text())
            results["fleets"][name] = check_fleet(name, f, ledgers[name], sbx, work, workers, a)
            ledgers[name].close()
    results["progress"] = progress[:: max(1, len(progress) // 60)]
    results["ok"] = finished and all(fl["ok"] for fl in results["fleets"].values())
    out.write_text(json.dumps(results, indent=1))
    print(json.dumps({k: v for k, v in results.items() if k != "progress"}, indent=1))
    return 0 if results["ok"] else 1


def check_fleet(
    name: str, f: dict[str, Any], ledger: Any, sbx: dict[str, Any], work: Path, workers: list[dict[str, Any]], a: Any
) -> dict[str, Any]:
    with ledger.store.transaction() as tx:
        rows = tx.execute("SELECT transaction_id, state, code, final_source FROM mgw_payments")
        hooks = tx.execute("SELECT transaction_id, COUNT(*) AS n FROM soak_hooks GROUP BY transaction_id")
    expected = {f"{f['prefix']}{n:06d}" for n in range(f["payments"])}
    by_id = {r["transaction_id"]: r for r in rows}
    hook_counts = {h["transaction_id"]: int(h["n"]) for h in hooks}
    sandbox_txns: dict[str, str] = sbx["txns"]
    missing = sorted(expected - set(by_id))
    not_final = sorted(t for t, r in by_id.items() if r["state"] != "final")
    disagree = []
    for t, r in by_id.items():
        seen = sandbox_txns.get(t)
        if r["code"] == "NOT_RECORDED":
            if seen is not None:
                disagree.append(t)
        elif r["code"] in ("PAYMENT_SUCCESS", "PAYMENT_ERROR", "PAYMENT_DECLINED", "PAYMENT_CANCELLED"):
            if seen != r["code"]:
                disagree.append(t)
        else:
            disagree.append(t)  # NOT_SENT, REJECTED, UNRESOLVED... would need a look
    lost = sorted(t for t in sandbox_txns if t.startswith(f["prefix"]) and by_id.get(t, {}).get("state") != "final")
    hook_dupes = sorted(t for t, n in hook_counts.items() if n > 1)
    hook_missing = sorted(t for t, r in by_id.items() if r["state"] == "final" and t not in hook_counts)
    requests = sbx["requests"]
    starts = [t for t, _ in requests]
    token_calls = sorted(t for t, p in requests if p.endswith("/v1/oauth/token"))
    refresh_every = a.token_ttl - min(a.token_margin, a.token_ttl / 2)
    # one fetch = the HTTP attempts of one refresh (a safe call is retried after an injected fault)
    fetches: list[list[float]] = []
    for at in token_calls:
        if fetches and at - fetches[-1][-1] < 10.0:
            fetches[-1].append(at)
        else:
            fetches.append([at])
    gaps = [round(b[0] - a_[0], 1) for a_, b in zip(fetches, fetches[1:], strict=False)]
    lease = min(30.0, a.token_margin / 2)
    # a fetch whose process was killed before publishing the token: another takes over when the lease ends
    takeovers = sum(1 for g in gaps if lease - 0.5 <= g < refresh_every - 2)
    span = (max(starts) - min(starts)) if starts else 0.0
    rss = worker_memory(work, name)
    grants = [float(x) for p in work.glob(f"grants-{name}-*.txt") for x in p.read_text().split()]
    grant_peak = max_in_window(grants, 1.0 + a.margin)
    rate_peak = max_in_window(starts, 1.0)
    srt = sorted(starts)
    k = a.ceiling  # the shortest time in which ceiling + 1 requests arrived: above 1 s means never over the ceiling
    tightest = min((srt[i + k] - srt[i] for i in range(len(srt) - k)), default=None)
    result = {
        "workers": f["workers"],
        "payments": f["payments"],
        "ledger_rows": len(by_id),
        "missing_from_ledger": missing[:10],
        "not_final": not_final[:10],
        "lost": lost[:10],
        "disagree_with_sandbox": disagree[:10],
        "final_codes": dict(Counter(r["code"] for r in by_id.values())),
        "final_sources": dict(Counter(r["final_source"] for r in by_id.values())),
        "hook_runs": sum(hook_counts.values()),
        "hook_duplicates": hook_dupes[:10],
        "hook_missing": hook_missing[:10],
        "requests": len(starts),
        "requests_by_kind": dict(Counter(_kind(p) for _, p in requests)),
        "rate_peak_per_1s": rate_peak,
        "grants": len(grants),
        "grant_peak_per_window_plus_margin": grant_peak,
        "rate_tightest_span_of_ceiling_plus_one_s": None if tightest is None else round(tightest, 3),
        "sandbox_faults_added": sbx["faults_added"],
        "token_calls": len(token_calls),
        "token_fetches": len(fetches),
        "token_fetch_gaps_s": gaps,
        "token_expected_at_most": int(span // refresh_every) + 1 if span else 1,
        "token_takeovers_after_holder_death": takeovers,
        "token_min_gap_s": min(gaps) if gaps else None,
        "memory": rss,
        "restarts": sum(w["starts"] - 1 for w in workers if w["fleet"] == name),
    }
    result["ok"] = (
        not missing
        and not not_final
        and not lost
        and not disagree
        and not hook_dupes
        and not hook_missing
        and rate_peak <= a.ceiling
        and grant_peak <= a.ceiling
        and len(fetches) <= result["token_expected_at_most"] + takeovers
        and all(g >= lease - 0.5 for g in gaps)
        and rss["flat"]
    )
    return result


def _kind(path: str) -> str:
    if path.endswith("/status"):
        return "status"
    if path.endswith("/v1/oauth/token"):
        return "token"
    return path.rsplit("/", 2)[-2] if path.endswith("/") else path.rsplit("/", 1)[-1]


def worker_memory(work: Path, fleet: str) -> dict[str, Any]:
    """Per worker incarnation (pid): RSS at 20 s of life and at its end; flat = no incarnation living >= 60 s grew
    more than 16 MiB after its first 20 s."""
    lives: dict[str, list[tuple[float, int]]] = {}
    for path in work.glob(f"rss-{fleet}-*.txt"):
        for line in path.read_text().splitlines():
            parts = line.split()
            if len(parts) >= 3:
                lives.setdefault(parts[0], []).append((float(parts[1]), int(parts[2])))
    longest = max(lives.values(), key=lambda s: s[-1][0], default=[])
    growths = []
    for samples in lives.values():
        if samples[-1][0] >= 60:
            at20 = next(r for t, r in samples if t >= 20)
            growths.append((samples[-1][1] - at20) / 1024)
    return {
        "incarnations": len(lives),
        "longest_life_s": longest[-1][0] if longest else 0,
        "longest_rss_mib": [round(r / 1024, 1) for _, r in longest[:: max(1, len(longest) // 12)]],
        "peak_rss_mib": round(max((r for s in lives.values() for _, r in s), default=0) / 1024, 1),
        "max_growth_after_20s_mib": round(max(growths), 1) if growths else None,
        "flat": all(g <= 16 for g in growths),
    }


if __name__ == "__main__":
    sys.exit(main())
