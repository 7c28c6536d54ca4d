"""Database transactions the ledger costs, counted by PostgreSQL itself (a part of `make bench-ledger`).

Each measurement runs on a database of its own, and its count is the server's: ``pg_stat_database``'s
``xact_commit + xact_rollback`` of that database, read after every connection to it has closed (a backend
flushes its statistics when it exits) and read again until it no longer changes. Everything that reaches the
database counts: the ledger's statements, the connection pool's checks, connecting, the reconciler beside the
shop. The ledger's own transactions are also counted in the process (``store.transaction`` wrapped, by the
ledger method that opened each one), to say where the server's count comes from.

- :func:`shop_flow`: payments through the shop's flow with a real gateway (the sandbox, over HTTP), the ledger's
  observer, the sandbox's signed callbacks over HTTP into the ledger's callback handler with the hook in the
  ledger's transaction (the example shop's ``fulfil``), and a reconciler serving the merchant beside it (its hook
  too, listening when it can). Two paths: the callback makes the payment final; or the callback is lost, the
  customer's return makes the status check due and the reconciler's check makes it final.
- :func:`idle_reconciler`: a reconciler serving 100 merchants with nothing to do, for some seconds.

The URL may be PgBouncer's (``?pool_mode=transaction``): the count is still the server's, behind it.
"""

from __future__ import annotations

import collections
import contextlib
import http.server
import json
import sys
import threading
import time
import traceback
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # imported where they are used at run time: the paths below come first
    import psycopg
    from merchant_gateway.ledger import CallbackHandler, LedgerObserver, Payment
    from merchant_gateway.ledger.migrations import Tx
    from merchant_gateway.ledger.store import Store

ROOT = Path(__file__).resolve().parent.parent
for sub in ("generated_client", "overlays", "sandbox"):
    if str(ROOT / sub) not in sys.path:
        sys.path.insert(0, str(ROOT / sub))

MERCHANT = "XACTMERCHANT"
IDLE_READS = ("claim_due", "next_work", "worker_beat", "deliver_hooks")  # what a reconciler reads with nothing due
SALT = "bench-xacts-salt"


# --- the server's count ---------------------------------------------------------------------------------------------


def database_url(url: str, name: str) -> str:
    """``url`` (the server's, or PgBouncer's with its query) naming database ``name`` instead."""
    base, _, query = url.partition("?")
    return base.rsplit("/", 1)[0] + "/" + name + (f"?{query}" if query else "")


def create_database(admin_url: str, name: str) -> None:
    import psycopg

    with psycopg.connect(admin_url, autocommit=True) as conn:
        conn.execute(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")
        conn.execute(f"CREATE DATABASE {name}")


def server_count(admin_url: str, name: str, *, settle: float = 0.3, within: float = 30.0) -> tuple[int, int]:
    """The database's committed and rolled-back transactions so far, and the sessions started on it (each start is a
    transaction of its own, the server reading its catalogs: a pool's cost, not a payment's), once no connection to
    it is left and the
    figure has stopped moving (a backend that just exited may not have flushed yet). Read over a connection to
    another database (``admin_url``), so the reading itself is not counted. Called once the ledgers on it are
    closed: the server sessions still open then are PgBouncer's idle ones, ended here (a session flushes its
    statistics as it ends; ending one costs no transaction)."""
    import psycopg

    deadline = time.monotonic() + within
    with psycopg.connect(admin_url, autocommit=True) as conn:
        conn.execute(
            "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = %s AND state = 'idle'", (name,)
        )
        while _first(conn.execute("SELECT count(*) FROM pg_stat_activity WHERE datname = %s", (name,))):
            if time.monotonic() > deadline:
                raise RuntimeError(f"connections to {name} are still open after {within:g} s")
            time.sleep(0.05)
        last = None
        while True:
            conn.execute("SELECT pg_stat_clear_snapshot()")
            row = conn.execute(
                "SELECT xact_commit + xact_rollback, sessions FROM pg_stat_database WHERE datname = %s", (name,)
            ).fetchone()
            assert row is not None
            value = (int(row[0]), int(row[1]))
            if value == last or time.monotonic() > deadline:
                return value
            last = value
            time.sleep(settle)


def _first(cur: psycopg.Cursor[tuple[Any, ...]]) -> int:
    row = cur.fetchone()
    assert row is not None
    return int(row[0])


class Tally:
    """The ledger's own transactions in this process, by the ledger method that opened each one."""

    def __init__(self) -> None:
        self.by: collections.Counter[str] = collections.Counter()
        self._lock = threading.Lock()

    def wrap(self, store: Store) -> None:
        inner = store.transaction

        @contextlib.contextmanager
        def transaction(*args: Any, **kwargs: Any) -> Iterator[Tx]:  # whatever the store's own takes, passed on
            # the oldest of three frames: the caller, contextmanager's __enter__, this function
            name = traceback.extract_stack(limit=3)[0].name
            with self._lock:
                self.by[name] += 1
            with inner(*args, **kwargs) as tx:
                yield tx

        store.transaction = transaction  # type: ignore[method-assign]  # counting is the point: the store's own, wrapped

    def total(self) -> int:
        return sum(self.by.values())


# --- the shop's flow --------------------------------------------------------------------------------------------------


class CallbackServer:
    """The shop's callback endpoint: the sandbox's signed callbacks over HTTP into the ledger's handler. ``lose``:
    answer 200 without recording (a callback the shop never saw)."""

    def __init__(self, handler: CallbackHandler) -> None:
        self.handler = handler
        self.lose = False
        self.final: dict[str, threading.Event] = collections.defaultdict(threading.Event)
        outer = self

        class Endpoint(http.server.BaseHTTPRequestHandler):
            def do_POST(self) -> None:
                body = self.rfile.read(int(self.headers.get("content-length", "0")))
                if not outer.lose:
                    answer = outer.handler.handle(body, dict(self.headers.items()))
                    txn = _callback_txn(body)
                    if txn is not None and answer.outcome in ("final", "duplicate"):
                        outer.final[txn].set()
                self.send_response(200)
                self.send_header("content-length", "0")
                self.end_headers()

            def log_message(self, *args: Any) -> None:
                pass

        self.server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Endpoint)
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}/gateway/callback"
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self.thread.start()

    def close(self) -> None:
        self.server.shutdown()
        self.server.server_close()


def _callback_txn(body: bytes) -> str | None:
    import base64

    try:
        payload = json.loads(base64.b64decode(json.loads(body)["response"]))
        return str(payload["data"]["transactionId"])
    except (ValueError, KeyError, TypeError):
        return None


def _post(url: str, data: dict[str, Any]) -> None:
    req = urllib.request.Request(
        url, data=json.dumps(data).encode(), headers={"content-type": "application/json"}, method="POST"
    )
    with urllib.request.urlopen(req, timeout=10) as r:
        r.read()


def _fulfil(payment: Payment, tx: Tx) -> None:
    """The example shop's hook, in the ledger's transaction: the order marked, a paid one shipped."""
    tx.execute(
        "UPDATE bench_orders SET status = ? WHERE transaction_id = ?",
        ("paid" if payment.succeeded else "failed", payment.transaction_id),
    )


def shop_flow(url: str, admin_url: str, name: str, *, payments: int, path: str) -> dict[str, Any]:
    """``payments`` payments, one after another, through the shop's flow on database ``name`` (``path``:
    ``callback`` or ``reconciler``); the server's transactions per payment beyond the fixed cost of starting and
    stopping (the same run with no payment)."""
    fixed = _shop_run(url, admin_url, name, payments=0, path=path)
    run = _shop_run(url, admin_url, name, payments=payments, path=path)
    per = (run["server"] - fixed["server"]) / payments
    sessions = (run["sessions"] - fixed["sessions"]) / payments
    raw = {k: (run["by"].get(k, 0) - fixed["by"].get(k, 0)) / payments for k in run["by"]}
    ledger_per = {k: round(v, 2) for k, v in raw.items()}  # shown rounded; the sums below use the exact figures
    # on the callback path the reconciler checks nothing: its reads are its idle cost (per second, measured apart),
    # spread over the payments of this run by its length
    idle = sum(raw.get(k, 0.0) for k in IDLE_READS) if path == "callback" else 0.0
    return {
        "path": path,
        "payments": payments,
        "server_xacts": run["server"],
        "fixed_xacts": fixed["server"],
        "xacts_per_payment": round(per, 2),
        "sessions_per_payment": round(sessions, 2),
        "idle_reads_per_payment": round(idle, 2),
        "payment_xacts": round(per - sessions - idle, 2),
        "ledger_xacts_per_payment": round((run["ledger"] - fixed["ledger"]) / payments, 2),
        "by_ledger_method": {k: v for k, v in sorted(ledger_per.items()) if v},
        "seconds": run["seconds"],
    }


def _shop_run(url: str, admin_url: str, name: str, *, payments: int, path: str) -> dict[str, Any]:
    import psycopg
    from merchant_gateway import Gateway
    from merchant_gateway.callbacks import CallbackVerifier
    from merchant_gateway.ledger import CallbackHandler, Ledger, Reconciler
    from merchant_gateway_sandbox import ManualClock, start_sandbox

    create_database(admin_url, name)
    direct = database_url(admin_url, name)
    Ledger.migrate(direct)  # the deployment's step
    with psycopg.connect(direct, autocommit=True) as conn:
        conn.execute("CREATE TABLE bench_orders (transaction_id TEXT PRIMARY KEY, status TEXT NOT NULL)")
        conn.execute(
            "INSERT INTO bench_orders SELECT 'X' || lpad(g::text, 6, '0'), 'pending' FROM generate_series(0, %s) g",
            (payments,),
        )
    before = server_count(admin_url, name)
    target = database_url(url, name)
    tally = Tally()
    with start_sandbox(port=0, merchant_id=MERCHANT, salts={"1": SALT}, settle_after=3600.0, clock=ManualClock()) as sb:

        def gateway(observer: LedgerObserver) -> Gateway:
            return Gateway(
                merchant_id=MERCHANT,
                salt_key=SALT,
                salt_index="1",
                base_url=sb.base_url,
                apps_url=sb.apps_url,
                auth_url=sb.auth_url,
                timeout=5.0,
                observer=observer,
            )

        web = Ledger.open(target, on_final=_fulfil, hook_in_transaction=True)
        worker = Ledger.open(target, on_final=_fulfil, hook_in_transaction=True)
        tally.wrap(web.store)
        tally.wrap(worker.store)
        callbacks = CallbackServer(CallbackHandler(web, CallbackVerifier({"1": SALT}, MERCHANT)))
        callbacks.lose = path == "reconciler"
        finals: dict[str, threading.Event] = collections.defaultdict(threading.Event)

        def on_check(event: dict[str, Any]) -> None:
            if event["result"] == "final":
                finals[event["transaction_id"]].set()

        started = time.perf_counter()
        with gateway(web.observer) as gw, gateway(worker.observer) as wgw:
            reconciler = Reconciler(worker, wgw, concurrency=1, on_check=on_check).start()
            try:
                for i in range(payments):
                    txn = f"X{i:06d}"
                    gw.payments.start(
                        amount=100 + i,
                        transaction_id=txn,
                        merchant_order_id=f"ORDER{i}",
                        merchant_user_id="U1",
                        redirect_url="https://shop.example/orders/1",
                        callback_url=callbacks.url,
                    )
                    _post(f"{sb.base_url}/_sandbox/settle", {"transactionId": txn, "code": "PAYMENT_SUCCESS"})
                    if path == "callback":
                        done = callbacks.final[txn]
                    else:
                        web.observe_ui_return(MERCHANT, txn)  # the customer is back: the check is due now
                        done = finals[txn]
                    if not done.wait(30):
                        raise RuntimeError(f"{txn} did not become final on the {path} path")
            finally:
                reconciler.stop(timeout=10)
        seconds = time.perf_counter() - started
        callbacks.close()
        web.close()
        worker.close()
    with psycopg.connect(direct, autocommit=True) as conn:
        shipped = _first(conn.execute("SELECT count(*) FROM bench_orders WHERE status = 'paid'"))
    if shipped != payments:
        raise RuntimeError(f"the hook marked {shipped} orders paid, not {payments}")
    after = server_count(admin_url, name)
    return {
        "server": after[0] - before[0],
        "sessions": after[1] - before[1],
        "ledger": tally.total(),
        "by": dict(tally.by),
        "seconds": round(seconds, 2),
    }


# --- an idle reconciler serving 100 merchants -------------------------------------------------------------------------


def idle_reconciler(url: str, admin_url: str, name: str, *, merchants: int, seconds: float) -> dict[str, Any]:
    """A reconciler serving ``merchants`` merchants, nothing due, for ``seconds``: the server's transactions per
    second, beyond the fixed cost of starting and stopping it (the same run stopped at once)."""
    fixed = _idle_run(url, admin_url, name, merchants=merchants, seconds=0.0)
    run = _idle_run(url, admin_url, name, merchants=merchants, seconds=seconds)
    return {
        "merchants": merchants,
        "seconds": seconds,
        "server_xacts": run["server"],
        "fixed_xacts": fixed["server"],
        "xacts_per_s": round((run["server"] - fixed["server"]) / seconds, 2),
        "sessions_started": run["sessions"] - fixed["sessions"],
        "by_ledger_method": {k: v - fixed["by"].get(k, 0) for k, v in sorted(run["by"].items())},
        "listening": run["listening"],
    }


def _idle_run(url: str, admin_url: str, name: str, *, merchants: int, seconds: float) -> dict[str, Any]:
    from merchant_gateway import Gateway
    from merchant_gateway.ledger import Ledger, Reconciler

    create_database(admin_url, name)
    Ledger.migrate(database_url(admin_url, name))
    before = server_count(admin_url, name)
    tally = Tally()
    ledger = Ledger.open(database_url(url, name), on_final=lambda p, tx: None, hook_in_transaction=True)
    tally.wrap(ledger.store)
    gateways = {
        f"IDLE{m:03d}": Gateway(
            merchant_id=f"IDLE{m:03d}",
            salt_key=SALT,
            salt_index="1",
            base_url="http://127.0.0.1:9",  # never called: nothing is due
            timeout=5.0,
            observer=ledger.observer,
        )
        for m in range(merchants)
    }
    reconciler = Reconciler(ledger, gateways).start()
    listening = getattr(ledger.store, "pool_mode", "") == "session"  # the reconciler listens (LISTEN) then
    time.sleep(seconds)
    reconciler.stop(timeout=10)
    for gw in gateways.values():
        gw.close()
    ledger.close()
    after = server_count(admin_url, name)
    server, sessions = after[0] - before[0], after[1] - before[1]
    return {"server": server, "sessions": sessions, "by": dict(tally.by), "listening": listening}


def measure(url: str, admin_url: str, *, quick: bool, tag: str) -> dict[str, Any]:
    """Both measurements on ``url`` (the server's URL, or PgBouncer's in front of it); ``admin_url``: the server's
    own, for creating databases and reading the counts."""
    n, idle_s = (10, 10.0) if quick else (30, 20.0)  # counts, not times: a few payments say it exactly
    out: dict[str, Any] = {"flow": []}
    for path in ("callback", "reconciler"):
        out["flow"].append(shop_flow(url, admin_url, f"bench_flow_{tag}_{path}", payments=n, path=path))
        print(f"{tag} shop flow ({path}): {out['flow'][-1]}", file=sys.stderr)
    out["idle"] = idle_reconciler(url, admin_url, f"bench_idle_{tag}", merchants=100, seconds=idle_s)
    print(f"{tag} idle reconciler: {out['idle']}", file=sys.stderr)
    return out


def main() -> int:
    """``python bench/ledger_xacts.py [--quick]``: both measurements on a throwaway server, printed as JSON."""
    from merchant_gateway.ledger.testing import local_postgres

    quick = "--quick" in sys.argv
    with local_postgres(fsync=True) as pg:
        print(json.dumps(measure(pg.url, pg.url, quick=quick, tag="direct"), indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
