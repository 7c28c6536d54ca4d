"""Run the example shop end to end (``make example``) and check the money path.

Starts, on free loopback ports: a throwaway PostgreSQL server (Debian's binaries, ``make postgres``), the embedded
sandbox with faults switched on, the shop (FastAPI) under uvicorn[standard] (uvloop, httptools) with several workers,
JSON logs and its readiness route, and one reconciler (``mgw reconcile --worker``). Places ``--orders`` orders
through ``POST /checkout`` while a web worker and the reconciler are each SIGKILLed once (uvicorn starts a new web
worker; the reconciler is started again, as systemd's ``Restart=always`` would) and PostgreSQL is restarted half way
in (the checkouts in flight meet it; no checkout begun once it answers again may fail), waits until every payment is
settled, stops everything and checks, per order:

- the ledger's final state agrees with the sandbox's own record (the same final code; NOT_RECORDED, NOT_SENT or
  REJECTED only for what the sandbox never recorded; no payment at the sandbox that no order asked for);
- the order's status is what the hook made of that state, and it was fulfilled (shipped) at most once: exactly
  once when paid, never otherwise.

A payment whose web worker was killed before its request reached the gateway stays open until the ledger's
``call_bound`` (900 s) tells it the call is over; the run accepts it only when the sandbox never saw it and the
order is neither paid nor shipped, and counts it apart.

    python examples/shop/run_example.py --orders 300 [--json build/example-shop/summary.json]

Exit status 0 when every check holds (and every line of the web processes' log is a JSON object), 1 otherwise.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import random
import re
import shutil
import signal
import socket
import subprocess
import sys
import threading
import time
from collections import Counter
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import httpx

HERE = Path(__file__).resolve().parent
MERCHANT, SALT = "SHOPMERCHANT", "shop-example-salt-5d1e"
GATEWAY_CODES = ("PAYMENT_SUCCESS", "PAYMENT_ERROR", "PAYMENT_DECLINED", "PAYMENT_CANCELLED")
NEVER_AT_GATEWAY = ("NOT_RECORDED", "NOT_SENT", "REJECTED")
FAULT_KINDS = ("drop_after", "html_500", "delay", "drop_before")
LOG_CONFIG = "shop/logging.json"  # one JSON object per line from every logger of the web processes (uvicorn's too)


def amount_for(n: int) -> int:
    """The sandbox's test amounts: declined, failed, cancelled, and answered with an error although recorded (an
    unknown outcome); every other amount succeeds."""
    return {0: 4001, 1: 4002, 2: 4003, 3: 5001, 4: 5002}.get(n % 20, 10_000 + n)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def spawned_children(pid: int) -> list[int]:
    """uvicorn's worker processes (Linux /proc): its children started by multiprocessing's spawn (not the
    resource tracker)."""
    found = []
    try:
        for child in Path(f"/proc/{pid}/task/{pid}/children").read_text().split():
            if b"spawn_main" in Path(f"/proc/{child}/cmdline").read_bytes():
                found.append(int(child))
    except OSError:
        pass
    return found


class Fleet:
    """The processes of the run: the web server (uvicorn, several workers) and the reconciler."""

    def __init__(self, env: dict[str, str], port: int, workers: int, lease: float, logs: Path) -> None:
        self.env, self.port, self.workers, self.lease, self.logs = env, port, workers, lease, logs
        self.web: subprocess.Popen[bytes] | None = None
        self.reconcilers: list[subprocess.Popen[bytes]] = []

    def _spawn(self, name: str, argv: list[str]) -> subprocess.Popen[bytes]:
        log = open(self.logs / f"{name}.log", "ab")  # noqa: SIM115 - the child holds it
        return subprocess.Popen(argv, cwd=HERE, env=self.env, stdout=log, stderr=subprocess.STDOUT)

    def start_web(self) -> None:
        # served as merchants serve a FastAPI app: uvicorn[standard], whose uvloop and httptools uvicorn picks by
        # itself when installed; named here so that a missing one fails the run instead of testing plain asyncio
        self.web = self._spawn(
            "web",
            [sys.executable, "-m", "uvicorn", "shop.app:app", "--host", "127.0.0.1", "--port", str(self.port),
             "--workers", str(self.workers), "--loop", "uvloop", "--http", "httptools",
             "--log-config", LOG_CONFIG, "--log-level", "info", "--no-access-log"],
        )  # fmt: skip

    def start_reconciler(self) -> None:
        mgw = shutil.which("mgw", path=str(Path(sys.executable).parent))
        command = [mgw] if mgw else [sys.executable, "-m", "merchant_gateway"]
        self.reconcilers.append(
            self._spawn(
                "reconciler",
                [
                    *command,
                    "reconcile",
                    "--worker",
                    "--hook",
                    "shop.orders:fulfil",
                    "--hook-in-transaction",
                    "--lease",
                    str(self.lease),
                    "--log-format",
                    "json",
                ],  # fmt: skip
            )
        )

    def web_workers(self) -> list[int]:
        return spawned_children(self.web.pid) if self.web else []

    def kill_web_worker(self) -> int | None:
        workers = self.web_workers()
        if not workers:
            return None
        pid = random.choice(workers)
        os.kill(pid, signal.SIGKILL)
        return pid

    def kill_reconciler(self) -> int:
        proc = self.reconcilers[-1]
        proc.send_signal(signal.SIGKILL)
        proc.wait()
        return proc.pid

    def stop(self) -> dict[str, Any]:
        """SIGTERM to all (uvicorn stops its workers), SIGKILL after 20 s: what was left running and how it ended."""
        workers = self.web_workers()
        procs = [p for p in [self.web, *self.reconcilers] if p is not None and p.poll() is None]
        for p in procs:
            p.send_signal(signal.SIGTERM)
        stubborn = 0
        for p in procs:
            try:
                p.wait(20)
            except subprocess.TimeoutExpired:
                stubborn += 1
                p.kill()
                p.wait()
        web_log = self.logs / "web.log"
        web_lines = [line for line in web_log.read_text(errors="replace").splitlines() if line.strip()]
        log = self.logs / "reconciler.log"
        lines = log.read_text(errors="replace").splitlines() if log.exists() else []
        events: Counter[str] = Counter()
        for line in lines:  # the reconcilers' log events (--log-format json), one object a line
            if line.startswith("{"):
                with contextlib.suppress(ValueError):
                    events[str(json.loads(line).get("event"))] += 1
        return {
            "web_workers_at_end": len(workers),  # uvicorn replaced the one killed
            "stopped_by_sigterm": not stubborn,
            "reconciler": next((line for line in reversed(lines) if "status checks" in line), ""),
            "reconciler_events": dict(events),
            "web_log_lines": len(web_lines),
            "web_log_not_json": [line[:200] for line in web_lines if not _json_object(line)][:10],
            # uvicorn's supervisor names each worker it saw die (the one killed here, and any it restarted itself
            # because it did not answer its health check in time, as on a loaded machine)
            "web_log_deaths": [
                int(pid)
                for line in web_lines
                for pid in re.findall(r"^Child process \[(\d+)\] died$", str(_json_object(line).get("message", "")))
            ],
        }


def _json_object(line: str) -> dict[str, Any]:
    try:
        doc = json.loads(line)
    except ValueError:
        return {}
    return doc if isinstance(doc, dict) else {}


@contextlib.contextmanager
def faults_on(
    sandbox: Any, kinds: list[str], every: float, load_done: threading.Event, stop: threading.Event
) -> Iterator[Counter[str]]:
    """Each kind for one of the first debits; then, while the orders are placed, every ``every`` seconds one for the
    next debit or status read (one waiting per operation); after that one for a status read every 15 s (a fault
    waiting for every read would keep the reconciler from ever reading an answer)."""
    from merchant_gateway_sandbox.faults import Fault

    added: Counter[str] = Counter()
    rng = random.Random(23)

    def add(kind: str, op: str) -> None:
        sandbox.faults.add(Fault(kind=kind, operation_id=op, seconds=2.0, after_record=kind != "drop_before"))
        added[f"{kind} {op}"] += 1

    def inject() -> None:
        while not stop.wait(15.0 if load_done.is_set() else every):
            ops = (
                ["getTransactionStatus"] if load_done.is_set() else ["debitV4Web", "debitV4Web", "getTransactionStatus"]
            )
            op = rng.choice(ops)
            if all(f.operation_id != op for f in sandbox.faults.list()):
                add(rng.choice(kinds), op)

    for kind in kinds:
        add(kind, "debitV4Web")

    thread = threading.Thread(target=inject, daemon=True)
    thread.start()
    try:
        yield added
    finally:
        stop.set()
        thread.join()
        sandbox.faults.clear()


def place_orders(
    shop: str, orders: int, concurrency: int, on_placed: Any
) -> tuple[Counter[str], float, list[tuple[float, float, str, str]]]:
    """The customers: POST /checkout; where the shop sent them, how long it took, and each checkout's start and end
    (monotonic) with its outcome and, for a transport error, the error's own text (the errno: a reset or an end of
    file tells which side closed)."""
    outcomes: Counter[str] = Counter()
    attempts: list[tuple[float, float, str, str]] = []
    lock = threading.Lock()

    def one(n: int) -> None:
        began, detail = time.monotonic(), ""
        try:
            r = client.post(f"{shop}/checkout", json={"amount": amount_for(n), "customer": f"C{n % 37}"})
            where = r.headers.get("location", "")
            outcome = (
                "to the payments page" if r.status_code == 303 and "/_sandbox/pay/" in where
                else "to the order page" if r.status_code == 303 and where.startswith(f"{shop}/orders/")
                else f"HTTP {r.status_code}"
            )  # fmt: skip
        except httpx.TransportError as exc:  # the web worker serving it was killed
            outcome = type(exc).__name__
            detail = f"{exc!r} <- {exc.__context__!r}"
        with lock:
            outcomes[outcome] += 1
            attempts.append((began, time.monotonic(), outcome, detail))
            on_placed(sum(outcomes.values()))

    started = time.monotonic()
    with httpx.Client(timeout=60.0) as client, ThreadPoolExecutor(concurrency) as pool:
        list(pool.map(one, range(orders)))
    return outcomes, time.monotonic() - started, attempts


def restart_postgres(pg: Any) -> None:
    """What a database failover or a minor-version upgrade does to every pooled connection: all of them die."""
    log = os.path.join(os.path.dirname(pg.datadir), "log")  # the server's log, where local_postgres started it
    subprocess.run(
        [os.path.join(pg.bindir, "pg_ctl"), "-D", pg.datadir, "-l", log, "-m", "fast", "-w", "restart"],
        user=pg.user,
        check=True,
        stdout=subprocess.DEVNULL,  # the new server holds no pipe of ours open
        stderr=subprocess.DEVNULL,
        timeout=120,
    )


def shop_rows(url: str) -> list[dict[str, Any]]:
    import psycopg
    from psycopg.rows import dict_row

    with psycopg.connect(url, row_factory=dict_row) as conn:
        return conn.execute(
            "SELECT o.id, o.transaction_id, o.amount, o.status, o.payment_code, COUNT(s.id) AS shipments "
            "FROM shop_orders o LEFT JOIN shop_shipments s ON s.order_id = o.id GROUP BY o.id ORDER BY o.id"
        ).fetchall()


def gateway_record(sandbox: Any) -> dict[str, str]:
    """The sandbox's own record: transaction id -> its code."""
    return {t.transaction_id: t.code for t in list(sandbox.store.txns.values())}


def settled(payments: dict[str, Any], at_gateway: dict[str, str]) -> bool:
    """Every payment final with its hook done, or open only because its request never reached the gateway."""
    for txn, p in payments.items():
        if p is None:
            continue
        if p.is_final and not p.hook_pending:
            continue
        if not p.is_final and p.state == "recorded" and txn not in at_gateway:
            continue
        return False
    return True


def check(ledger: Any, rows: list[dict[str, Any]], at_gateway: dict[str, str]) -> dict[str, Any]:
    from shop.orders import order_status

    problems: list[str] = []
    still_open: list[str] = []
    kinds: Counter[str] = Counter()
    codes: Counter[str] = Counter()
    sources: Counter[str] = Counter()
    for row in rows:
        txn, shipped, seen = row["transaction_id"], int(row["shipments"]), at_gateway.get(row["transaction_id"])
        p = ledger.get(txn, MERCHANT)
        where = f"order {row['id']} ({txn})"
        if shipped > 1:
            problems.append(f"{where}: fulfilled {shipped} times")
        if p is None:  # its worker died before the write-ahead: nothing may have been sent
            kinds["never sent (no ledger row)"] += 1
            if seen is not None or row["status"] == "paid" or shipped:
                problems.append(f"{where}: no ledger row, but gateway {seen}, order {row['status']}, {shipped} shipped")
            continue
        if not p.is_final:
            kinds["open: its request never reached the gateway"] += 1
            history = [f"{e['source']} {e['state'] or '-'} {e['code'] or '-'}" for e in ledger.events(txn, MERCHANT)]
            still_open.append(f"{txn} {p.state}, {p.checks} checks: {'; '.join(history)}")
            if seen is not None or row["status"] != "pending" or shipped:
                problems.append(f"{where}: open ({p.state}), gateway {seen}, order {row['status']}, {shipped} shipped")
            continue
        kinds["final"] += 1
        codes[p.code or "?"] += 1
        sources[p.final_source or "?"] += 1
        if p.code in GATEWAY_CODES and seen != p.code:
            problems.append(f"{where}: ledger {p.code}, gateway {seen}")
        elif p.code in NEVER_AT_GATEWAY and seen is not None:
            problems.append(f"{where}: ledger {p.code}, but the gateway recorded it ({seen})")
        elif p.code not in GATEWAY_CODES + NEVER_AT_GATEWAY:
            problems.append(f"{where}: ledger {p.code} ({p.detail}): needs a look")
        if p.hook_pending or row["status"] != order_status(p) or shipped != (1 if p.succeeded else 0):
            problems.append(f"{where}: ledger {p.code}, order {row['status']}, {shipped} shipped")
    ours = {row["transaction_id"] for row in rows}
    problems += [f"gateway has {t} ({c}) for no order" for t, c in at_gateway.items() if t not in ours]
    statuses = Counter(row["status"] for row in rows)
    return {
        "orders": len(rows),
        "kinds": dict(kinds),
        "ledger_final_codes": dict(codes),
        "final_sources": dict(sources),
        "order_statuses": dict(statuses),
        "shipments": sum(int(row["shipments"]) for row in rows),
        "orders_shipped_twice": sum(1 for row in rows if int(row["shipments"]) > 1),
        "open_payments": still_open[:10],
        "problems": problems,
    }


def run(a: argparse.Namespace) -> dict[str, Any]:
    import psycopg
    from merchant_gateway.ledger import Ledger, LedgerUnavailable
    from merchant_gateway.ledger.testing import local_postgres
    from merchant_gateway_sandbox import start_sandbox
    from shop.orders import create_tables

    work = Path(a.work_dir)
    work.mkdir(parents=True, exist_ok=True)
    for old in work.glob("*.log"):
        old.unlink()
    with contextlib.ExitStack() as stack:
        pg = stack.enter_context(local_postgres())
        sb = stack.enter_context(
            start_sandbox(port=0, merchant_id=MERCHANT, salts={"1": SALT}, settle_after=a.settle_after)
        )
        create_tables(pg.url)  # the deployment's migration step: the ledger's schema and the shop's tables
        ledger = stack.enter_context(Ledger.open(pg.url))
        port = free_port()
        shop = f"http://127.0.0.1:{port}"
        env = {
            **os.environ,
            "PYTHONPATH": os.pathsep.join(filter(None, [str(HERE), os.environ.get("PYTHONPATH")])),
            "MGW_LEDGER_URL": pg.url,
            "MGW_MERCHANT_ID": MERCHANT,
            "MGW_SALT_KEY": SALT,
            "MGW_SALT_INDEX": "1",
            "MGW_BASE_URL": sb.base_url,
            "MGW_APPS_URL": sb.apps_url,
            "MGW_AUTH_URL": sb.auth_url,
            "SHOP_PUBLIC_URL": shop,
        }
        fleet = Fleet(env, port, a.workers, a.lease, work)
        kills: list[str] = []
        stop_faults, load_done = threading.Event(), threading.Event()
        try:
            fleet.start_web()
            fleet.start_reconciler()
            wait_ready(fleet, shop, deadline=time.monotonic() + 60)
            t0 = time.monotonic()
            kill_web_at = a.orders // 3 if a.kill_web else -1
            restart_db_at = a.orders // 2 if a.restart_db else -1
            db_back: list[float] = []  # when the restarted database answered again (monotonic)
            web_killed: list[float] = []  # when the web worker was killed (monotonic)
            reconciler_killed = not a.kill_reconciler

            def restart_db(n: int) -> None:
                began = time.monotonic()
                restart_postgres(pg)
                db_back.append(time.monotonic())
                kills.append(f"database restarted after {n} orders, down {db_back[0] - began:.1f} s")

            def on_placed(n: int) -> None:  # runs in the customers' threads, under their lock
                if n == kill_web_at:
                    pid = fleet.kill_web_worker()
                    web_killed.append(time.monotonic())
                    kills.append(f"web worker {pid} after {n} orders" if pid else "no web worker found to kill")
                if n == restart_db_at:  # under the customers' lock: checkouts in flight meet the restart, and
                    restart_db(n)  # the rest begin once the database answers again

            def kill_reconciler(why: str) -> None:
                kills.append(f"reconciler {fleet.kill_reconciler()} {why} at {time.monotonic() - t0:.1f} s")
                time.sleep(1.0)
                fleet.start_reconciler()  # what systemd's Restart=always does

            with (
                faults_on(sb.sandbox, a.faults, a.fault_every, load_done, stop_faults) as faults,
                ThreadPoolExecutor(1) as load,
            ):
                placing = load.submit(place_orders, shop, a.orders, a.concurrency, on_placed)
                placing.add_done_callback(lambda _: load_done.set())
                while time.monotonic() - t0 < a.max_wait:
                    time.sleep(0.5)
                    at_gateway = gateway_record(sb.sandbox)
                    try:
                        payments = {
                            r["transaction_id"]: ledger.get(r["transaction_id"], MERCHANT) for r in shop_rows(pg.url)
                        }
                    except (LedgerUnavailable, psycopg.OperationalError):  # the database is being restarted
                        continue
                    working = any(p is not None and p.checks and not p.is_final for p in payments.values())
                    if not reconciler_killed and working:  # mid-work: it has checked payments that are still open
                        kill_reconciler("while checking open payments")
                        reconciler_killed = True
                    if placing.done() and settled(payments, at_gateway):
                        all_settled = True
                        break
                else:
                    all_settled = False
                outcomes, placed_s, attempts = placing.result()
                settled_s = time.monotonic() - t0
                if not reconciler_killed:  # every payment was decided before the reconciler had to check one
                    kill_reconciler("idle, after every payment was settled")
        finally:
            stop_faults.set()
            ended = fleet.stop()
        result = check(ledger, shop_rows(pg.url), gateway_record(sb.sandbox))
        # the reconcilers' heartbeats: the killed one never wrote its stop, the last one stopped cleanly
        result["workers"] = [
            {"pid": w.pid, "stopped": not w.running, "exit_status": w.exit_status, **w.counters}
            for w in sorted(ledger.workers(), key=lambda w: w.started_at)
        ]
    # a checkout that began once the restarted database answered again must not fail (the pools' connections are
    # checked before use); one that was in flight during the restart may
    after = [o for began, _, o, _ in attempts if db_back and began >= db_back[0]]
    during = [o for began, _, o, _ in attempts if not (db_back and began >= db_back[0])]
    # what a recurrence needs to find its cause: when each failed one began and ended, beside the kill and the restart
    kill_at = f" (the web worker killed at {web_killed[0] - db_back[0]:+.2f} s)" if db_back and web_killed else ""
    failures_after = [
        f"{o}: began {began - db_back[0]:.2f} s after the database was back{kill_at}, ended {ended - began:.2f} s "
        f"later; {detail}"
        for began, ended, o, detail in attempts
        if db_back and began >= db_back[0] and not o.startswith("to the")
    ]
    result.update(
        checkouts_after_db_back=len(after),
        checkouts_failed_after_db_back=sum(1 for o in after if not o.startswith("to the")),
        checkout_outcomes_after_db_back=dict(Counter(after)),
        checkout_failures_after_db_back=failures_after,
        checkouts_failed_before=sum(1 for o in during if not o.startswith("to the")),
        settled_s=round(settled_s, 1),
        all_settled=all_settled,
        orders_placed_s=round(placed_s, 1),
        checkout_outcomes=dict(outcomes),
        kills=kills,
        faults=dict(faults),
        **ended,
        web_workers=a.workers,
    )
    # a checkout cut by the killed worker or the restart may or may not have written its order first
    lost_checkouts = sum(n for k, n in outcomes.items() if not k.startswith("to the"))
    result["ok"] = (
        not result["problems"]
        and result["all_settled"]
        and a.orders - lost_checkouts <= result["orders"] <= a.orders  # a killed worker may not have written one
        and sum(k.startswith("web worker ") for k in kills) == a.kill_web
        and sum(k.startswith("reconciler ") for k in kills) == a.kill_reconciler
        and sum(k.startswith("database restarted") for k in kills) == a.restart_db
        and result["checkouts_failed_after_db_back"] == 0
        and result["web_workers_at_end"] == a.workers
        and result["stopped_by_sigterm"]
        and not result["web_log_not_json"]
    )
    return result


def wait_ready(fleet: Fleet, shop: str, deadline: float) -> None:
    while time.monotonic() < deadline:
        if fleet.web is not None and fleet.web.poll() is not None:
            raise SystemExit(f"uvicorn exited ({fleet.web.returncode}): see {fleet.logs / 'web.log'}")
        with contextlib.suppress(httpx.TransportError):  # the shop's readiness route: database and configuration
            if len(fleet.web_workers()) == fleet.workers and httpx.get(f"{shop}/readyz").status_code == 200:
                return
        time.sleep(0.2)
    raise SystemExit(f"the shop did not start: see {fleet.logs / 'web.log'}")


def print_summary(r: dict[str, Any]) -> None:
    settled = f"settled at {r['settled_s']} s" if r["all_settled"] else f"NOT all settled after {r['settled_s']} s"
    print(f"example shop: {r['orders']} orders placed in {r['orders_placed_s']} s, {settled}")
    print(f"  {r['web_workers']} web workers; killed: {', '.join(r['kills']) or 'nothing'}")
    print(f"  web workers at the end {r['web_workers_at_end']}; all stopped by SIGTERM: {r['stopped_by_sigterm']}")
    print(f"  checkout answers: {', '.join(f'{k} {v}' for k, v in sorted(r['checkout_outcomes'].items()))}")
    print(
        f"  checkouts failed: {r['checkouts_failed_before']} before the database was back, "
        f"{r['checkouts_failed_after_db_back']} of the {r['checkouts_after_db_back']} begun after "
        f"({', '.join(f'{k} {v}' for k, v in sorted(r['checkout_outcomes_after_db_back'].items()))})"
    )
    for failure in r.get("checkout_failures_after_db_back", []):
        print(f"    {failure}")
    print(f"  sandbox faults: {', '.join(f'{k} {v}' for k, v in sorted(r['faults'].items())) or 'none'}")
    print(f"  payments: {', '.join(f'{k} {v}' for k, v in sorted(r['kinds'].items()))}")
    print(f"  ledger final codes: {', '.join(f'{k} {v}' for k, v in sorted(r['ledger_final_codes'].items()))}")
    print(f"  decided by: {', '.join(f'{k} {v}' for k, v in sorted(r['final_sources'].items()))}")
    print(
        f"  orders: {', '.join(f'{k} {v}' for k, v in sorted(r['order_statuses'].items()))}; shipments {r['shipments']}"
    )
    print(
        f"  web log: {r['web_log_lines']} lines, {len(r['web_log_not_json'])} not JSON; "
        f"worker deaths logged {len(r['web_log_deaths'])}"
    )
    for line in r["web_log_not_json"]:
        print(f"  not JSON: {line}")
    print(f"  reconciler (last run): {r['reconciler'] or 'no closing line'}")
    print(f"  reconciler log events: {', '.join(f'{k} {v}' for k, v in sorted(r['reconciler_events'].items()))}")
    for w in r["workers"]:
        ended = f"stopped, exit {w['exit_status']}" if w["stopped"] else "no clean stop (killed)"
        print(f"  reconciler {w['pid']}: {ended}; {w['checks']} checks, {w['finals']} final, {w['errors']} errors")
    for p in r["open_payments"]:
        print(f"  open: {p}")
    for problem in r["problems"][:20]:
        print(f"  PROBLEM {problem}")
    print(
        "OK: every order agrees with the gateway's record and was fulfilled at most once"
        if r["ok"]
        else f"FAILED: {len(r['problems'])} problems"
    )


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--orders", type=int, default=300)
    ap.add_argument("--workers", type=int, default=2, help="uvicorn web workers")
    ap.add_argument("--concurrency", type=int, default=8, help="customers checking out at once")
    ap.add_argument("--kill-web", type=int, choices=(0, 1), default=1, help="SIGKILL a web worker a third in")
    ap.add_argument(
        "--restart-db", type=int, choices=(0, 1), default=1, help="restart PostgreSQL (pg_ctl restart) half way in"
    )
    ap.add_argument("--kill-reconciler", type=int, choices=(0, 1), default=1, help="SIGKILL it two thirds in")
    ap.add_argument(
        "--faults",
        default=",".join(FAULT_KINDS),
        help=f"sandbox fault kinds, comma-separated, from {', '.join(FAULT_KINDS)} (drop_before on a debit: the "
        "ledger decides NOT_RECORDED after its 60 s grace, so the run takes about 90 s more)",
    )
    ap.add_argument("--fault-every", type=float, default=0.1, help="seconds between faults")
    ap.add_argument("--settle-after", type=float, default=2.0, help="sandbox seconds before a payment settles")
    ap.add_argument("--lease", type=float, default=60.0, help="the reconciler's --lease (what its SIGKILL costs)")
    ap.add_argument("--max-wait", type=float, default=400.0, help="seconds to wait for payments to settle")
    ap.add_argument("--work-dir", default="build/example-shop", help="process logs")
    ap.add_argument("--json", help="also write the summary to this file")
    a = ap.parse_args(argv)
    a.faults = [k for k in a.faults.split(",") if k]
    unknown = sorted(set(a.faults) - set(FAULT_KINDS))
    if unknown:
        ap.error(f"--faults: unknown kind {unknown[0]!r}; choose from {', '.join(FAULT_KINDS)}")
    result = run(a)
    print_summary(result)
    if a.json:
        Path(a.json).parent.mkdir(parents=True, exist_ok=True)
        Path(a.json).write_text(json.dumps(result, indent=1))
    return 0 if result["ok"] else 1


if __name__ == "__main__":
    sys.exit(main())
