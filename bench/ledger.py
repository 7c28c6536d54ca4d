"""Scale of the payment ledger: `python bench/ledger.py [--quick] [--out build/bench_ledger.json]`.

Per backend (SQLite file; PostgreSQL, a throwaway local server; the same server behind PgBouncer in transaction
mode) and for 1 and 4 worker processes (the lifecycle on PostgreSQL also 8; behind PgBouncer 1 and 8), each row for
a few seconds:

1. lifecycle throughput: payments taken through the ledger work of the shop's flow (the write-ahead with its first
   attempt, the answer, the callback that makes it final with the hook in the ledger's transaction), each worker
   process on its own payments; beside it the CPU per payment (user + system): the workers' own, and the server's
   over the same window (PostgreSQL's whole process tree, and PgBouncer's process behind it, from /proc:
   bench/proc_cpu.py), and the payments/s the machine's cores allow at most if CPU were the only limit;
2. contended claims: every worker claims from one shared pool of always-due checks (a 50 ms schedule, short
   leases), records each claim's interval, and the intervals of one payment are checked never to overlap (a check
   claimed by two workers at once);
3. 100,000 unfinished payments: a worker reconciling a ledger holding 100,000 open payments, against one holding
   1,000: its RSS must not grow with the number held (claims are batches, never the whole set);
4. (PostgreSQL) recovery: the server stopped for 60 s (10 s with --quick) while a process keeps writing, then
   started: how long the first write after it takes (the pool's reconnection, store.RECONNECT_WITHIN);
   (PostgreSQL, section "ceiling") the machine's plain durable commits per second with pgbench, no ledger: the
   bound any ledger figure sits under (commit_ceiling); (section "floor") the same through psycopg with no ledger,
   three one-statement transactions per payment: what a Python client of this engine gets at most (client_floor);
5. (PostgreSQL, direct and behind PgBouncer, on a server of its own with autovacuum off) database transactions
   counted by the server (bench/ledger_xacts.py):
   per payment through the shop's flow (a real gateway against the sandbox, callbacks over HTTP, a reconciler
   beside it), and per second of a reconciler serving 100 merchants with nothing to do.

Sections 1-4 involve no gateway (status answers are simulated): they measure the ledger's own cost and
correctness. Each figure the issue sets a target for is reported beside it (``targets``), held or not.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing as mp
import os
import platform
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any
from urllib.parse import parse_qs, urlsplit

ROOT = Path(__file__).resolve().parent.parent
for sub in ("generated_client", "overlays"):
    if str(ROOT / sub) not in sys.path:
        sys.path.insert(0, str(ROOT / sub))

MERCHANT = "BENCHMERCHANT"

if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))
from bench import failfast, ledger_xacts, proc_cpu  # noqa: E402 - after the paths it needs

if TYPE_CHECKING:  # at run time the package is imported where it is used
    from typing import Unpack

    from merchant_gateway.ledger import Ledger, LedgerOptions, Payment
    from merchant_gateway.ledger.migrations import Tx
    from merchant_gateway.ledger.testing import LocalPostgres

    from bench.failfast import Results


def rss_kib() -> int:
    with open("/proc/self/status", encoding="ascii") as fh:
        for line in fh:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    return 0


def _ledger(url: str, **kw: Unpack[LedgerOptions]) -> Ledger:
    from merchant_gateway.ledger import Ledger

    return Ledger.open(url, **kw)


# --- 1. lifecycle throughput ------------------------------------------------------------------------------------------


def _lifecycle_worker(url: str, prefix: str, seconds: float, out: Results, ready: threading.Barrier) -> None:
    merchant = f"{MERCHANT}-{prefix}"  # each worker process its own payments

    def hook(payment: Payment, tx: Tx) -> None:
        tx.execute("INSERT INTO bench_orders (transaction_id) VALUES (?)", (payment.transaction_id,))

    ledger = _ledger(url, on_final=hook, hook_in_transaction=True)
    done = 0
    ready.wait()  # every process opened (and the parent read the server's CPU): they run together
    start, cpu = time.perf_counter(), time.process_time()
    ends, n = start + seconds, 0
    while time.perf_counter() < ends:  # what the observer and the callback handler write for one payment of the shop
        txn = f"{prefix}{n:07d}"
        n += 1
        ledger.record_intent(merchant_id=merchant, transaction_id=txn, operation="debitV4Web", amount=100, attempt=True)
        ledger.record_answer(merchant, txn, "PAYMENT_INITIATED")
        done += ledger.observe_callback(merchant, txn, "PAYMENT_SUCCESS", amount=100) == "final"
    # the process's CPU over the loop alone (its threads' too: the pool's), not its start and imports
    out.put({"seconds": time.perf_counter() - start, "payments": n, "finals": done, "cpu_s": time.process_time() - cpu})
    ledger.close()


def lifecycle(
    url: str, workers: int, seconds: float, tag: str, server_cpu: dict[str, Callable[[], float]] | None = None
) -> dict[str, Any]:
    """``server_cpu``: per server process (PostgreSQL, PgBouncer) a reader of its CPU seconds so far, read before the
    workers start their loops and after the last one reported: the server's CPU per payment beside the workers'."""
    with _ledger(url) as ledger, ledger.store.transaction() as tx:
        tx.execute("CREATE TABLE IF NOT EXISTS bench_orders (transaction_id TEXT NOT NULL)")
    args = [(url, f"L{tag}{w}x", seconds) for w in range(workers)]
    return _timed(_lifecycle_worker, args, f"lifecycle, {workers} workers", server_cpu)


def _timed(
    worker: Callable[..., None],
    args: list[tuple[Any, ...]],
    label: str,
    server_cpu: dict[str, Callable[[], float]] | None,
) -> dict[str, Any]:
    """Run ``worker(*args[i], out, ready)`` in one spawned process per ``args[i]``, their loops started together, and
    sum what they report (payments, finals, loop seconds, CPU seconds) into a row with the CPU per payment."""
    ctx = mp.get_context("spawn")
    q = ctx.Queue()
    ready = ctx.Barrier(len(args) + 1)  # the parent is a party: it reads the server's CPU once every worker is ready
    t0 = time.perf_counter()
    procs = failfast.start(ctx, worker, [(*a, q, ready) for a in args], q)
    readers = server_cpu or {}
    before = {name: read() for name, read in readers.items()}
    # a worker that dies before the barrier (or before its result) fails the run with its status, never hangs it
    failfast.meet(procs, ready, q, label)
    results = failfast.gather(procs, q, label)
    spent = {name: read() - before[name] for name, read in readers.items()}
    wall = time.perf_counter() - t0
    total = sum(r["payments"] for r in results)
    row = {
        "workers": len(args),
        "payments": total,
        "finals": sum(r["finals"] for r in results),
        "wall_s": round(wall, 2),
        "payments_per_s": round(total / max(r["seconds"] for r in results), 1),
    }
    return row | cpu_per_payment(sum(r["cpu_s"] for r in results), spent, total)


def cpu_per_payment(client_s: float, server_s: dict[str, float], payments: int) -> dict[str, Any]:
    """CPU milliseconds per payment: the workers' own and the server's (None with no server: SQLite); and the
    payments/s this machine's cores could give at most if CPU were the only limit."""
    per = 1000.0 / max(payments, 1)
    client = client_s * per
    server = sum(server_s.values()) * per if server_s else None
    out: dict[str, Any] = {
        "client_cpu_ms_per_payment": round(client, 2),
        "server_cpu_ms_per_payment": None if server is None else round(server, 2),
    }
    if "pgbouncer" in server_s:
        out["pgbouncer_cpu_ms_per_payment"] = round(server_s["pgbouncer"] * per, 2)
    ms = client + (server or 0.0)
    out["cpu_bound_payments_per_s"] = round((os.cpu_count() or 1) * 1000.0 / ms, 1) if ms > 0 else None
    return out


def postgres_cpu(pg: LocalPostgres) -> dict[str, Callable[[], float]]:
    """A reader of the local server's CPU seconds: its postmaster and every backend, live or ended."""
    pid = proc_cpu.postmaster_pid(pg.datadir)
    return {"postgresql": lambda: proc_cpu.tree_cpu_s(pid)}


# --- 1b. what the machine gives: plain durable commits ----------------------------------------------------------------


def commit_ceiling(pg: LocalPostgres, seconds: float) -> list[dict[str, Any]]:
    """Durable commits per second on the same server (fsync on, synchronous_commit on) with no ledger at all:
    PostgreSQL's own pgbench (a C client) running a one-INSERT transaction from 1, 4, 8 and 16 clients. A payment of
    the shop's flow is three such commits and more work in each, so a third of the best figure is what the ledger's
    payments/s could reach at most on this machine."""
    import re
    import subprocess

    import psycopg

    with psycopg.connect(pg.url, autocommit=True) as conn:
        conn.execute("CREATE TABLE IF NOT EXISTS bench_commits (id BIGSERIAL PRIMARY KEY, at DOUBLE PRECISION)")
    script = ROOT / "build" / "bench_ledger" / "commit.sql"
    script.write_text("INSERT INTO bench_commits (at) VALUES (1);\n", encoding="ascii")
    env = dict(os.environ, PGHOST="127.0.0.1", PGPORT=str(pg.port), PGUSER="postgres", PGDATABASE="postgres")
    rows: list[dict[str, Any]] = []
    for clients in (1, 4, 8, 16):
        run = subprocess.run(
            [
                os.path.join(pg.bindir, "pgbench"),
                "-n",
                "-f",
                str(script),
                "-c",
                str(clients),
                "-j",
                str(min(clients, 2)),
            ]
            + ["-T", str(max(1, round(seconds)))],
            env=env,
            capture_output=True,
            text=True,
            timeout=seconds + 60,  # a guard against a hang, not a measurement
        )
        found = re.search(r"tps = ([0-9.]+)", run.stdout)
        if run.returncode != 0 or found is None:
            rows.append({"clients": clients, "skipped": (run.stderr.strip().splitlines() or ["pgbench failed"])[-1]})
            continue
        commits = float(found.group(1))
        rows.append(
            {"clients": clients, "commits_per_s": round(commits, 1), "payments_per_s_at_most": round(commits / 3, 1)}
        )
        print(f"postgresql commit ceiling {clients} clients: {rows[-1]}", file=sys.stderr)
    return rows


# --- 1c. what a Python client gives: the least three durable transactions per payment cost -------------------------

# A payment of the shop's flow writes three times (write-ahead, answer, final), each durable before the next step.
# Here each is one statement on a two-column row: no events, no indexes but the key, no hook, nothing read back.
FLOOR_STATEMENTS = (
    "INSERT INTO bench_floor (k, s) VALUES (%s, 1)",
    "UPDATE bench_floor SET s = 2 WHERE k = %s",
    "UPDATE bench_floor SET s = 3 WHERE k = %s",
)


def _floor_worker(url: str, prefix: str, seconds: float, way: str, out: Results, ready: threading.Barrier) -> None:
    import psycopg

    with psycopg.connect(url, autocommit=True) as conn:
        ready.wait()
        start, cpu = time.perf_counter(), time.process_time()
        ends, n = start + seconds, 0
        while time.perf_counter() < ends:
            key = f"{prefix}{n:07d}"
            n += 1
            for sql in FLOOR_STATEMENTS:
                if way == "explicit":  # psycopg's ordinary transaction: BEGIN, the statement, COMMIT
                    with conn.transaction():
                        conn.execute(sql, (key,))
                elif way == "pipelined":  # the same three sent together: one round trip
                    with conn.pipeline():
                        conn.execute("BEGIN")
                        conn.execute(sql, (key,))
                        conn.execute("COMMIT")
                else:  # the statement alone, its own transaction on the server
                    conn.execute(sql, (key,))
        out.put(
            {"seconds": time.perf_counter() - start, "payments": n, "finals": n, "cpu_s": time.process_time() - cpu}
        )


# how the floor's transactions are sent: the first two hold several statements as the ledger's do, the third cannot
FLOOR_WAYS = ("explicit", "pipelined", "lone")


def client_floor(url: str, seconds: float, server_cpu: dict[str, Callable[[], float]]) -> list[dict[str, Any]]:
    """Payments/s with no ledger at all, on the same server through the same engine (psycopg, as the ledger uses it):
    each payment three durable transactions of one tiny statement each (FLOOR_STATEMENTS), from 4 and 8 processes,
    sent each of FLOOR_WAYS: as explicit transactions (what the ledger needs: its transactions hold several
    statements and the merchant's hook), the same pipelined into one round trip, and as lone statements (the least
    any client can send). No ledger figure can pass these; with the CPU per payment beside them, they show what the
    machine and the engine leave for the ledger's own work."""
    import psycopg

    with psycopg.connect(url, autocommit=True) as conn:
        conn.execute("CREATE TABLE IF NOT EXISTS bench_floor (k TEXT PRIMARY KEY, s INTEGER NOT NULL)")
    rows: list[dict[str, Any]] = []
    for way in FLOOR_WAYS:
        for workers in (4, 8):
            args = [(url, f"F{way[0]}{workers}{w}x", seconds, way) for w in range(workers)]
            rows.append(
                {"transactions": way} | _timed(_floor_worker, args, f"client floor, {workers} workers", server_cpu)
            )
            progress(url, f"client floor {way} {workers} workers", rows[-1])
    return rows


# --- 2. contended claims ---------------------------------------------------------------------------------------------


def _claim_worker(url: str, seconds: float, out: Results) -> None:
    from merchant_gateway.flows.schedule import Phase, PollSchedule

    fast = PollSchedule(first_check_after=0.0, phases=(Phase(0.05, None),), timeout=3600.0)
    ledger = _ledger(url, schedule=fast)
    intervals: list[tuple[str, int, int, float, float, str]] = []  # txn, seq, checks, began, ended, result
    end = time.time() + seconds
    checks = 0
    while time.time() < end:
        claims = ledger.claim_due(MERCHANT, limit=4, lease=2.0)
        if not claims:
            time.sleep(0.005)
            continue
        for c in claims:
            began = time.time()
            if c.lease_until - began < 1.0:  # the reconciler's rule: never run a check the lease may not cover
                ledger.release(c)
                continue
            time.sleep(0.001)  # "the status read"
            result = ledger.finish_check(c, code="PAYMENT_PENDING")
            intervals.append((c.payment.transaction_id, c.seq, c.payment.checks, began, time.time(), result))
            checks += 1
    out.put({"checks": checks, "intervals": intervals})
    ledger.close()


def contended(url: str, workers: int, seconds: float, pool: int) -> dict[str, Any]:
    from merchant_gateway.flows.schedule import Phase, PollSchedule

    fast = PollSchedule(first_check_after=0.0, phases=(Phase(0.05, None),), timeout=3600.0)
    with _ledger(url, schedule=fast) as ledger:
        for i in range(pool):
            ledger.record_intent(merchant_id=MERCHANT, transaction_id=f"C{workers}x{i:05d}", operation="debitV4Web")
    ctx = mp.get_context("spawn")
    q = ctx.Queue()
    procs = failfast.start(ctx, _claim_worker, [(url, seconds, q)] * workers, q)
    results = failfast.gather(procs, q, f"contended claims, {workers} workers")
    by_txn: dict[str, list[tuple[float, float]]] = {}
    for r in results:
        for txn, _seq, _checks, began, ended, result in r["intervals"]:
            if result != "lost":
                by_txn.setdefault(txn, []).append((began, ended))
    overlaps = 0
    for spans in by_txn.values():
        spans.sort()
        overlaps += sum(1 for a, b in zip(spans, spans[1:], strict=False) if b[0] < a[1])
    checks = sum(r["checks"] for r in results)
    with _ledger(url) as ledger, ledger.store.transaction() as tx:
        tx.execute("DELETE FROM mgw_payments WHERE transaction_id LIKE ?", (f"C{workers}x%",))
    return {
        "workers": workers,
        "pool": pool,
        "seconds": seconds,
        "checks": checks,
        "checks_per_s": round(checks / seconds, 1),
        "overlapping_claims": overlaps,
    }


# --- 2b. the shared rate ceiling's own cost ---------------------------------------------------------------------------


def _limiter_worker(url: str, seconds: float, out: Results) -> None:
    from merchant_gateway.ledger import RateLimit, SharedRateLimiter, open_store

    store = open_store(url)
    limiter = SharedRateLimiter(store, RateLimit(50_000, 1.0, name="bench"))  # not reached: the cost alone
    n, end = 0, time.time() + seconds
    start = time.perf_counter()
    while time.time() < end:
        limiter.acquire()
        n += 1
    out.put({"grants": n, "seconds": time.perf_counter() - start})
    store.close()


def limiter_cost(url: str, workers: int, seconds: float) -> dict[str, Any]:
    from merchant_gateway.ledger import RateLimit, SharedRateLimiter, open_store

    store = open_store(url)
    SharedRateLimiter(store, RateLimit(50_000, 1.0, name="bench"))  # the slots, created once
    store.close()
    ctx = mp.get_context("spawn")
    q = ctx.Queue()
    procs = failfast.start(ctx, _limiter_worker, [(url, seconds, q)] * workers, q)
    results = failfast.gather(procs, q, f"rate ceiling, {workers} workers")
    grants = sum(r["grants"] for r in results)
    per_s = grants / max(r["seconds"] for r in results)
    return {
        "workers": workers,
        "grants": grants,
        "grants_per_s": round(per_s, 1),
        "ms_per_grant": round(1000 / per_s * workers, 2),
    }


# --- 3. 100,000 unfinished payments -----------------------------------------------------------------------------------


def _seed(url: str, n: int, prefix: str) -> None:
    """Bulk-insert ``n`` open payments, all due (one statement; record_intent would take minutes)."""
    now = time.time()
    with _ledger(url) as ledger, ledger.store.transaction() as tx:
        if tx.dialect == "postgresql":
            series = "SELECT g AS i FROM generate_series(0, ? - 1) AS g"
        else:
            series = "WITH RECURSIVE s(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM s WHERE i + 1 < ?) SELECT i FROM s"
        pg = tx.dialect == "postgresql"
        pad = "lpad(i::text, 7, '0')" if pg else "printf('%07d', i)"
        spread = "mod(i, 1000) * 0.001" if pg else "(i % 1000) * 0.001"
        tx.execute(
            "INSERT INTO mgw_payments (merchant_id, transaction_id, operation, kind, amount, state, rank, created_at, "
            "started_at, deadline, give_up_at, updated_at, next_check_at) "
            f"SELECT ?, ? || {pad}, 'debitV4Web', 'payment', 100, 'accepted', 2, ?, ?, ?, ?, ?, ? + {spread} "
            f"FROM ({series}) AS seq",
            (MERCHANT, prefix, now - 30, now - 30, now + 870, now + 86400, now, now - 10, n),
        )


def _holder_worker(url: str, seconds: float, out: Results) -> None:
    ledger = _ledger(url)
    before = rss_kib()
    samples = []
    end = time.time() + seconds
    checks = 0
    while time.time() < end:
        claims = ledger.claim_due(MERCHANT, limit=50, lease=60)
        if not claims:
            break
        for c in claims:
            ledger.finish_check(c, code="PAYMENT_PENDING")  # stays open: the ledger keeps holding it
            checks += 1
        if checks % 2000 < 50:
            samples.append(rss_kib())
    out.put({"rss_before_kib": before, "rss_samples_kib": samples, "rss_after_kib": rss_kib(), "checks": checks})
    ledger.close()


def holding(url: str, n: int, seconds: float, tag: str) -> dict[str, Any]:
    _seed(url, n, f"H{tag}{n}x")
    with _ledger(url) as ledger:
        open_now = sum(v for k, v in ledger.counts(MERCHANT).items() if not k.startswith(("final", "hooks")))
    ctx = mp.get_context("spawn")
    q = ctx.Queue()
    (r,) = failfast.gather(failfast.start(ctx, _holder_worker, [(url, seconds, q)], q), q, f"holding {n}")
    with _ledger(url) as ledger, ledger.store.transaction() as tx:
        tx.execute("DELETE FROM mgw_payments WHERE transaction_id LIKE ?", (f"H{tag}{n}x%",))
    return {
        "open_payments": open_now,
        "checks_in_window": r["checks"],
        "rss_before_mib": round(r["rss_before_kib"] / 1024, 1),
        "rss_after_mib": round(r["rss_after_kib"] / 1024, 1),
        "rss_peak_mib": round(max([r["rss_after_kib"], *r["rss_samples_kib"]]) / 1024, 1),
    }


# --- 5. recovery after an outage ------------------------------------------------------------------------------------


def recovery(outage_s: float) -> dict[str, Any]:
    """A PostgreSQL server of its own stopped for ``outage_s`` while a process keeps writing (each write fails within
    the ledger's bound), then started: seconds from the server accepting connections again to the first write that
    succeeds, and the failed writes meanwhile."""
    from merchant_gateway.ledger import Ledger, LedgerUnavailable
    from merchant_gateway.ledger.testing import local_postgres

    with local_postgres(fsync=True) as pg:
        Ledger.migrate(pg.url)
        with Ledger.open(pg.url, timeout=5.0) as ledger:

            def write(txn: str) -> None:
                ledger.record_intent(merchant_id=MERCHANT, transaction_id=txn, operation="debitV4Web", amount=1)

            write("R-BEFORE")
            pg.stop()
            failed, ends = 0, time.monotonic() + outage_s
            while time.monotonic() < ends:
                try:
                    write(f"R-DOWN{failed}")
                except LedgerUnavailable:
                    failed += 1
                time.sleep(0.5)
            pg.start()
            back = time.monotonic()
            tries = 0
            while True:
                tries += 1
                try:
                    write(f"R-AFTER{tries}")
                    break
                except LedgerUnavailable:
                    if time.monotonic() - back > 120:
                        raise
            first = time.monotonic() - back
    return {"outage_s": outage_s, "failed_writes": failed, "first_write_s": round(first, 3), "tries": tries}


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--quick", action="store_true")
    ap.add_argument("--out", default="build/bench_ledger.json")
    ap.add_argument("--backends", default="sqlite,postgresql")
    ap.add_argument("--sections", default="lifecycle,ceiling,floor,limiter,claims,holding,recovery,xacts,pgbouncer")
    a = ap.parse_args()
    # seconds of lifecycle and of contended claims per row, payments held and seconds of holding: a full run ends in
    # a few minutes (each row runs for a time, not for a count: a slow disk must not stretch the run)
    life_s, claim_s, hold_n, hold_s = (2.0, 2.0, 10_000, 4.0) if a.quick else (6.0, 5.0, 100_000, 10.0)
    sections = set(a.sections.split(","))
    from merchant_gateway.ledger.testing import PostgresUnavailable, local_postgres

    work = ROOT / "build" / "bench_ledger"
    work.mkdir(parents=True, exist_ok=True)
    results: dict[str, Any] = {
        "machine": {"python": platform.python_version(), "cpus": os.cpu_count(), "platform": platform.platform()},
        "lifecycle_s": life_s,
        "backends": {},
    }
    for backend in a.backends.split(","):
        if backend == "sqlite":
            for old in work.glob("bench.sqlite3*"):
                old.unlink()
            url = f"sqlite:///{work}/bench.sqlite3"
            results["backends"]["sqlite"] = run_backend(url, life_s, claim_s, hold_n, hold_s, sections)
        else:
            try:
                with local_postgres(fsync=True) as pg:
                    results["backends"]["postgresql"] = run_backend(
                        pg.url, life_s, claim_s, hold_n, hold_s, sections, server_cpu=postgres_cpu(pg)
                    )
                    if "ceiling" in sections:
                        results["backends"]["postgresql"]["commit_ceiling"] = commit_ceiling(pg, life_s)
                    if "floor" in sections:
                        results["backends"]["postgresql"]["client_floor"] = client_floor(
                            pg.url, life_s, postgres_cpu(pg)
                        )
                    if "pgbouncer" in sections:
                        results["backends"]["pgbouncer"] = behind_pgbouncer(pg, life_s, sections)
                if "xacts" in sections:
                    for name, xacts in counted_transactions(a.quick, "pgbouncer" in sections).items():
                        results["backends"].setdefault(name, {})["xacts"] = xacts
            except PostgresUnavailable as exc:
                results["backends"]["postgresql"] = {"skipped": str(exc)}
    if "recovery" in sections and "postgresql" in a.backends.split(","):
        try:
            results["recovery"] = recovery(10.0 if a.quick else 60.0)
            print(f"postgresql recovery: {results['recovery']}", file=sys.stderr)
        except PostgresUnavailable as exc:
            results["recovery"] = {"skipped": str(exc)}
    results["targets"] = targets(results)
    for t in results["targets"]:
        print(f"target: {t['what']}: {t['measured']} (target {t['target']}): {'held' if t['held'] else 'MISSED'}")
    Path(a.out).parent.mkdir(parents=True, exist_ok=True)
    Path(a.out).write_text(json.dumps(results, indent=1))
    print(json.dumps(results, indent=1))
    ok = all(
        all(c["overlapping_claims"] == 0 for c in b.get("claims", [])) and b.get("holding", {}).get("flat", True)
        for b in results["backends"].values()
    )
    return 0 if ok else 1


def behind_pgbouncer(pg: LocalPostgres, life_s: float, sections: set[str]) -> dict[str, Any]:
    """Sections 1 (lifecycle) and 2b (the rate ceiling) through Debian's PgBouncer in transaction mode in front of
    ``pg``; the schema is migrated over a direct connection (a deploy step)."""
    from merchant_gateway.ledger import Ledger
    from merchant_gateway.ledger.testing import PostgresUnavailable, local_pgbouncer

    try:
        with local_pgbouncer(pg, pool_size=8) as bouncer:
            Ledger.migrate(pg.url)
            cpu = postgres_cpu(pg)
            bouncers = proc_cpu.children_named(os.getpid(), "pgbouncer")
            if len(bouncers) == 1:  # else its CPU is not known: the rows say so by lacking its figure
                cpu["pgbouncer"] = lambda: proc_cpu.tree_cpu_s(bouncers[0])
            return run_backend(
                bouncer.url, life_s, 2.0, 0, 0.0, sections & {"lifecycle", "limiter"}, migrate=False, server_cpu=cpu
            )
    except PostgresUnavailable as exc:
        return {"skipped": str(exc)}


def counted_transactions(quick: bool, pgbouncer: bool) -> dict[str, Any]:
    """Section 5, directly and (``pgbouncer``) through PgBouncer in transaction mode, on a server of its own with
    autovacuum off: an autovacuum worker's visit to a database counts as that database's transactions in
    pg_stat_database, at moments nobody chooses, and would be read as the ledger's. The throughput sections keep
    autovacuum on, as a production server has it."""
    from merchant_gateway.ledger.testing import PostgresUnavailable, local_pgbouncer, local_postgres

    out: dict[str, Any] = {}
    with local_postgres(fsync=True, autovacuum=False) as pg:
        out["postgresql"] = ledger_xacts.measure(pg.url, pg.url, quick=quick, tag="direct")
        if pgbouncer:
            try:
                with local_pgbouncer(pg, pool_size=8) as bouncer:
                    out["pgbouncer"] = ledger_xacts.measure(bouncer.url, pg.url, quick=quick, tag="pgbouncer")
            except PostgresUnavailable as exc:
                out["pgbouncer"] = {"skipped": str(exc)}
    return out


def targets(results: dict[str, Any]) -> list[dict[str, Any]]:
    """The issue's targets, each beside what this run measured (none invented: a section not run is left out)."""
    rows: list[dict[str, Any]] = []

    def row(what: str, measured: Any, target: str, held: bool) -> None:
        rows.append({"what": what, "measured": measured, "target": target, "held": bool(held)})

    for name, b in results["backends"].items():
        if "skipped" in b:
            continue
        where = {"postgresql": "PostgreSQL", "pgbouncer": "PostgreSQL behind PgBouncer (transaction mode)"}.get(
            name, name
        )
        x = b.get("xacts")
        if x is not None and "skipped" not in x:
            for flow in x["flow"]:
                if flow["path"] == "callback":
                    per = flow["payment_xacts"]
                    measured = (
                        f"{per} (+ {flow['idle_reads_per_payment']} of the reconciler's idle reads over the run and "
                        f"{flow.get('sessions_per_payment', 0)} of server sessions started: "
                        f"{flow['xacts_per_payment']} in all)"
                    )
                    what = "database transactions per payment, shop's flow (final by its callback)"
                else:
                    per = flow["payment_xacts"]
                    measured = f"{per} ({flow['xacts_per_payment']} in all, with sessions started)"
                    what = "database transactions per payment, callback lost (final by the reconciler's check)"
                row(f"{where}: {what}", measured, "<= 3", per <= 3)
            idle = x["idle"]["xacts_per_s"]
            row(f"{where}: idle reconciler serving 100 merchants, transactions/s", idle, "<= 1", idle <= 1)
        lim = {r["workers"]: r["grants_per_s"] for r in b.get("limiter", [])}
        if 1 in lim and 4 in lim and name != "sqlite":
            row(f"{where}: rate-ceiling grants/s, 4 processes vs 1", f"{lim[4]} vs {lim[1]}", ">= 1x", lim[4] >= lim[1])
        if b.get("lifecycle") and name != "sqlite":
            best = max(b["lifecycle"], key=lambda r: r["payments_per_s"])
            row(
                f"{where}: payments/s of ledger work ({best['workers']} processes)",
                cpu_explained(best, results["machine"]["cpus"]) + floor_explained(b.get("client_floor")),
                ">= 1000",
                best["payments_per_s"] >= 1000,
            )
    r = results.get("recovery")
    if r is not None and "skipped" not in r:
        row(
            f"PostgreSQL: first ledger write after a {r['outage_s']:g} s outage, seconds after the server is back",
            r["first_write_s"],
            "<= 2",
            r["first_write_s"] <= 2,
        )
    return rows


def cpu_explained(lc: dict[str, Any], cpus: int) -> str:
    """A lifecycle row's payments/s with the CPU that one payment took and the bound that implies on this machine
    (why a target is missed: a machine's cores give at most cpus * 1000 / ms payments per second); the bare figure
    for a row measured without the server's CPU."""
    client, server = lc.get("client_cpu_ms_per_payment"), lc.get("server_cpu_ms_per_payment")
    if client is None or server is None or client + server <= 0:
        return str(lc["payments_per_s"])
    ms = client + server
    bouncer = lc.get("pgbouncer_cpu_ms_per_payment")
    of = "" if bouncer is None else f", of which PgBouncer {bouncer:g}"
    return (
        f"{lc['payments_per_s']} (CPU per payment: {client:g} ms in the workers + {server:g} ms in the server{of} = "
        f"{ms:.2f} ms; {cpus} cores give at most {cpus * 1000 / ms:.0f} payments/s if CPU were the only limit)"
    )


def floor_explained(floor: list[dict[str, Any]] | None) -> str:
    """What the client floor (client_floor, every way of FLOOR_WAYS) reached at best, to read beside the ledger's
    payments/s: as transactions that can hold several statements, and as lone statements."""
    if not floor:
        return ""
    best = {way: max(r["payments_per_s"] for r in floor if r["transactions"] == way) for way in FLOOR_WAYS}
    return (
        "; with no ledger, three one-statement transactions per payment through the same engine reach "
        f"{max(best['explicit'], best['pipelined'])} payments/s as transactions and {best['lone']} as lone statements"
    )


def run_backend(
    url: str,
    life_s: float,
    claim_s: float,
    hold_n: int,
    hold_s: float,
    sections: set[str],
    *,
    migrate: bool = True,
    server_cpu: dict[str, Callable[[], float]] | None = None,
) -> dict[str, Any]:
    from merchant_gateway.ledger import Ledger

    if migrate:
        Ledger.migrate(url)  # the deployment's step: no process creates the schema
    tag = {"sqlite": "s", "postgresql": "p", "pgbouncer": "b"}[backend_name(url)]
    out: dict[str, Any] = {"lifecycle": [], "claims": []}
    bouncer = tag == "b"
    for w in ((1, 8) if bouncer else (1, 4, 8) if tag == "p" else (1, 4)) if "lifecycle" in sections else ():
        out["lifecycle"].append(lifecycle(url, w, life_s, f"{tag}{w}", server_cpu))
        progress(url, f"lifecycle {w} workers", out["lifecycle"][-1])
    if "limiter" in sections:
        out["limiter"] = [limiter_cost(url, w, min(max(claim_s, 2.0), 4.0)) for w in (1, 4)]
        progress(url, "limiter", out["limiter"])
    for w in (1, 4) if "claims" in sections else ():
        out["claims"].append(contended(url, w, claim_s, pool=200))
        progress(url, f"contended claims {w} workers", out["claims"][-1])
    if "holding" not in sections:
        return out
    small = holding(url, 1_000, hold_s, tag + "a")
    big = holding(url, hold_n, hold_s, tag + "b")
    out["holding"] = {
        "small": small,
        "big": big,
        "flat": big["rss_peak_mib"] - small["rss_peak_mib"] <= 8.0,
    }
    progress(url, "holding", out["holding"])
    return out


def backend_name(url: str) -> str:
    """The backend a ledger URL reaches, named as the results name it: ``sqlite``, ``postgresql``, or ``pgbouncer``
    (a PostgreSQL URL with PgBouncer's ``pool_mode``, as local_pgbouncer's URL carries it for the ledger)."""
    parts = urlsplit(url)
    if parts.scheme.startswith("postgres"):
        return "pgbouncer" if "pool_mode" in parse_qs(parts.query) else "postgresql"
    return parts.scheme


def progress(url: str, what: str, figures: Any) -> None:
    """A row's figures on stderr as it is measured, labelled with the backend (the results go to --out)."""
    print(f"{backend_name(url)} {what}: {figures}", file=sys.stderr)


if __name__ == "__main__":
    sys.exit(main())
