"""The example shop (examples/shop): a small run of `make example` (the same script: PostgreSQL, the sandbox with
faults on, uvicorn workers, the reconciler, a web worker and the reconciler SIGKILLed) keeps every order consistent
with the sandbox's record and fulfilled at most once; the run's checker flags what it must; and, in this process
with the SDK's in-memory exporters, the shop's telemetry shows every gateway call it made."""

from __future__ import annotations

import asyncio
import contextlib
import glob
import json
import logging
import shutil
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import httpx
import pytest
import run_example
from run_example import MERCHANT, SALT

RUNNER = Path(run_example.__file__)


def _postgres_binaries() -> bool:
    return bool(shutil.which("pg_ctl") or glob.glob("/usr/lib/postgresql/*/bin/pg_ctl"))


@pytest.mark.skipif(not _postgres_binaries(), reason="PostgreSQL server binaries not installed: make postgres")
@pytest.mark.timeout(900)  # a minute and a half of real leases and restarts; its subprocess has the same bound
def test_small_run_keeps_every_order_consistent_through_faults_and_sigkills(tmp_path: Path) -> None:
    pytest.importorskip("psycopg_pool", reason="psycopg is not installed (extra 'postgres')")
    summary = tmp_path / "summary.json"
    argv = [sys.executable, str(RUNNER), "--orders", "30", "--work-dir", str(tmp_path), "--json", str(summary)]
    argv += ["--lease", "25"]  # the killed reconciler's claims come back sooner (above the 15 s timeout + 5 s)
    proc = subprocess.run(argv, capture_output=True, text=True, timeout=900)
    assert summary.exists(), proc.stdout + proc.stderr
    r = json.loads(summary.read_text())
    assert r["problems"] == [], proc.stdout
    assert sorted(k.split()[0] for k in r["kills"]) == ["database", "reconciler", "web"], r["kills"]
    web_kill, reconciler_kill = (next(k for k in r["kills"] if k.startswith(w)) for w in ("web ", "reconciler "))
    # a debit dropped before the sandbox recorded it: the reconciler's status reads decide it, and it was killed
    # while it had checked that payment and not yet decided it
    assert "while checking open payments" in reconciler_kill
    assert r["ledger_final_codes"].get("NOT_RECORDED", 0) + r["ledger_final_codes"].get("NOT_SENT", 0) >= 1
    assert r["all_settled"]
    assert all(" recorded," in p for p in r["open_payments"])  # only ones the killed worker wrote ahead, never sent
    assert r["web_workers_at_end"] == 2
    assert r["stopped_by_sigterm"]
    # the web processes' log (uvicorn's own lines, the shop's and the package's): one JSON object per line,
    # the killed worker's death among them
    # PostgreSQL restarted half way in: no checkout begun once it answered again failed (both pools check their
    # connections before use), and the log stayed JSON through it
    assert r["checkouts_after_db_back"] > 0
    assert r["checkouts_failed_after_db_back"] == 0, proc.stdout
    assert r["web_log_not_json"] == []
    assert r["web_log_lines"] > 0
    killed_pid = int(web_kill.split()[2])  # "web worker PID after N orders"
    assert killed_pid in r["web_log_deaths"]
    # the reconcilers' heartbeats: the SIGKILLed one left its row with no stop, the restarted one stopped cleanly
    # with the counters of the work it finished
    killed, restarted = r["workers"]
    assert not killed["stopped"]
    assert killed["exit_status"] is None
    assert restarted["stopped"]
    assert restarted["exit_status"] == 0
    assert restarted["finals"] >= 1
    assert r["reconciler_events"]["worker.started"] == 2
    assert r["reconciler_events"]["worker.stopped"] == 1
    assert sum(r["faults"].values()) > 0  # the sandbox's faults were on
    lost = sum(n for k, n in r["checkout_outcomes"].items() if not k.startswith(("to the", "HTTP")))
    assert 30 - lost <= r["orders"] <= 30
    assert sum(r["kinds"].values()) == r["orders"]
    assert r["orders_shipped_twice"] == 0
    assert r["shipments"] == r["order_statuses"].get("paid", 0) == r["ledger_final_codes"].get("PAYMENT_SUCCESS", 0)
    assert proc.returncode == 0, proc.stdout
    assert "OK: every order agrees" in proc.stdout


def _payment(code: str | None, *, final: bool = True, hook_pending: bool = False) -> SimpleNamespace:
    return SimpleNamespace(
        is_final=final,
        state="final" if final else "recorded",
        code=code,
        detail=None,
        final_source="callback",
        hook_pending=hook_pending,
        checks=1,
        succeeded=final and code == "PAYMENT_SUCCESS",
    )


def _order(n: int, status: str, shipments: int) -> dict[str, Any]:
    return {"id": n, "transaction_id": f"T{n}", "amount": 100, "status": status, "shipments": shipments}


def test_the_checker_flags_every_kind_of_inconsistency() -> None:
    payments = {
        "T1": _payment("PAYMENT_SUCCESS"),  # consistent
        "T2": _payment("PAYMENT_SUCCESS"),  # shipped twice
        "T3": _payment("PAYMENT_DECLINED"),  # the gateway says success
        "T4": _payment("NOT_RECORDED"),  # the gateway recorded it
        "T5": _payment("PAYMENT_SUCCESS"),  # paid, never shipped
        "T6": _payment(None, final=False),  # open although the gateway has it
        "T7": _payment("PAYMENT_ERROR", hook_pending=True),  # hook not done
    }
    ledger = SimpleNamespace(get=lambda txn, merchant: payments.get(txn), events=lambda txn, merchant: [])
    rows = [
        _order(1, "paid", 1),
        _order(2, "paid", 2),
        _order(3, "failed", 0),
        _order(4, "failed", 0),
        _order(5, "paid", 0),
        _order(6, "pending", 0),
        _order(7, "pending", 0),
        _order(8, "pending", 0),  # no ledger row, and the gateway never saw it: consistent
    ]
    at_gateway = {f"T{n}": "PAYMENT_SUCCESS" for n in (1, 2, 3, 4, 5, 6)} | {"T7": "PAYMENT_ERROR", "T99": "X"}
    result = run_example.check(ledger, rows, at_gateway)
    flagged = sorted({p.split(" ")[1] for p in result["problems"] if p.startswith("order ")})
    assert flagged == ["2", "3", "4", "5", "6", "7"], result["problems"]
    assert "order 2 (T2): fulfilled 2 times" in result["problems"]
    assert "gateway has T99 (X) for no order" in result["problems"]
    assert result["orders_shipped_twice"] == 1
    assert result["kinds"] == {
        "final": 6,
        "open: its request never reached the gateway": 1,
        "never sent (no ledger row)": 1,
    }


# --- telemetry, in this process ---------------------------------------------------------------------------------


@contextlib.contextmanager
def serve_shop(
    postgres_url: str,
    sandbox: Any,
    monkeypatch: pytest.MonkeyPatch,
    starting: Callable[[], None] | None = None,
    **telemetry: Any,
) -> Iterator[str]:
    """The shop's FastAPI app served as merchants serve it: uvicorn on uvloop with httptools (uvicorn[standard]),
    on a free loopback port, in this process; yields its URL. ``starting`` runs while the server starts (its
    lifespan may be waiting for the database); the shop's tables are then the caller's."""
    uvicorn = pytest.importorskip("uvicorn")
    pytest.importorskip("fastapi", reason="the shop is a FastAPI app (dev group: fastapi)")
    pytest.importorskip("uvloop", reason="uvicorn[standard] (uvloop) is not installed")
    from shop.app import create_app
    from shop.orders import create_tables

    if starting is None:
        create_tables(postgres_url)
    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    url = f"http://127.0.0.1:{sock.getsockname()[1]}"
    for name, value in {
        "MGW_LEDGER_URL": postgres_url,
        "MGW_MERCHANT_ID": MERCHANT,
        "MGW_SALT_KEY": SALT,
        "MGW_SALT_INDEX": "1",
        "MGW_BASE_URL": sandbox.base_url,
        "MGW_APPS_URL": sandbox.apps_url,
        "MGW_AUTH_URL": sandbox.auth_url,
        "SHOP_PUBLIC_URL": url,
    }.items():
        monkeypatch.setenv(name, value)
    config = uvicorn.Config(
        create_app(**telemetry), lifespan="on", log_level="warning", loop="uvloop", http="httptools"
    )
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    if starting is not None:
        starting()
    deadline = time.monotonic() + 30
    while not server.started and thread.is_alive() and time.monotonic() < deadline:
        time.sleep(0.01)
    assert server.started, "the shop did not start"
    try:
        yield url
    finally:
        server.should_exit = True
        thread.join(30)
        sock.close()


@pytest.fixture
def shop(postgres_url: str, sandbox: Any, monkeypatch: pytest.MonkeyPatch) -> Iterator[SimpleNamespace]:
    """The shop's app (serve_shop), its Telemetry on in-memory exporters."""
    from opentelemetry.sdk.metrics import MeterProvider
    from opentelemetry.sdk.metrics.export import InMemoryMetricReader
    from opentelemetry.sdk.trace import TracerProvider
    from opentelemetry.sdk.trace.export import SimpleSpanProcessor
    from opentelemetry.sdk.trace.export.in_memory_span_exporter import InMemorySpanExporter

    spans = InMemorySpanExporter()
    tracer_provider = TracerProvider()
    tracer_provider.add_span_processor(SimpleSpanProcessor(spans))
    metrics = InMemoryMetricReader()
    meter_provider = MeterProvider(metric_readers=[metrics])
    try:
        with serve_shop(
            postgres_url, sandbox, monkeypatch, tracer_provider=tracer_provider, meter_provider=meter_provider
        ) as url:
            yield SimpleNamespace(url=url, spans=spans, metrics=metrics)
    finally:
        tracer_provider.shutdown()
        meter_provider.shutdown()


def _points(reader: Any, name: str) -> list[tuple[dict[str, Any], Any]]:
    data = reader.get_metrics_data()
    return [
        (dict(p.attributes or {}), p)
        for resource in (data.resource_metrics if data is not None else ())
        for scope in resource.scope_metrics
        for metric in scope.metrics
        if metric.name == name
        for p in metric.data.data_points
    ]


def test_the_shops_telemetry_shows_every_gateway_call(shop: SimpleNamespace, sandbox: Any, postgres_url: str) -> None:
    from merchant_gateway.ledger import Ledger
    from merchant_gateway_sandbox.faults import Fault

    sandbox.sandbox.faults.clear()
    before = len(run_example.shop_rows(postgres_url))
    # the first debit is recorded by the sandbox, then its connection dropped: an unknown outcome for the shop
    sandbox.sandbox.faults.add(Fault(kind="drop_after", operation_id="debitV4Web", after_record=True))
    amounts = [10_001, 4001, 10_002, 5001, 10_003]
    with httpx.Client(timeout=30) as client:
        answers = [client.post(f"{shop.url}/checkout", json={"amount": a, "customer": "C1"}) for a in amounts]
    assert [a.status_code for a in answers] == [303] * len(amounts)
    assert answers[0].headers["location"].startswith(f"{shop.url}/orders/")  # the unknown outcome: the order page

    rows = run_example.shop_rows(postgres_url)[before:]
    assert [r["amount"] for r in rows] == amounts
    with Ledger.open(postgres_url) as ledger:
        deadline = time.monotonic() + 60  # the sandbox settles in 0.5 s and calls back; the hook runs there
        while time.monotonic() < deadline:
            payments = [ledger.get(r["transaction_id"], MERCHANT) for r in rows]
            if all(p is not None and p.is_final and not p.hook_pending for p in payments):
                break
            time.sleep(0.1)
        rows = run_example.shop_rows(postgres_url)[before:]
        result = run_example.check(ledger, rows, run_example.gateway_record(sandbox.sandbox))
    assert result["problems"] == []
    assert [r["status"] for r in rows] == ["paid", "failed", "paid", "paid", "paid"]
    assert [r["shipments"] for r in rows] == [1, 0, 1, 1, 1]

    txns = [r["transaction_id"] for r in rows]
    finished = shop.spans.get_finished_spans()
    calls = [s for s in finished if s.name == "merchant_gateway debitV4Web"]
    assert [s.attributes["merchant_gateway.transaction_id"] for s in calls] == txns  # one span per call, in order
    # the dropped answer and amount 5001's INTERNAL_SERVER_ERROR (recorded by the sandbox) are unknown outcomes
    assert [s.attributes["merchant_gateway.verdict"] for s in calls] == [
        "unknown",
        "answer",
        "answer",
        "unknown",
        "answer",
    ]
    for call in calls:  # each with its HTTP attempt under it (and the ledger's write-ahead and answer)
        assert call.context is not None
        under = [s for s in finished if s.parent is not None and s.parent.span_id == call.context.span_id]
        assert any(s.kind.name == "CLIENT" for s in under)
        # the ledger's transitions under it; the payment's later callback and hook join its trace here too (its
        # trace context is stored with the payment at write-ahead)
        names = {s.name for s in under if s.kind.name != "CLIENT"}
        assert "merchant_gateway.ledger transition" in names
        assert names <= {
            "merchant_gateway.ledger transition",
            "merchant_gateway.ledger callback",
            "merchant_gateway.ledger hook",
        }
    assert set(txns) <= set(run_example.gateway_record(sandbox.sandbox))  # the calls the gateway saw were traced

    # every ledger transition of every order: the spans, in order, are the states its history records
    with Ledger.open(postgres_url) as ledger:
        for txn in txns:
            history = [(e["source"], e["state"]) for e in ledger.events(txn, MERCHANT) if e["state"] is not None]
            traced = [
                (s.attributes["merchant_gateway.ledger.source"], s.attributes["merchant_gateway.ledger.state"])
                for s in finished
                if s.name == "merchant_gateway.ledger transition"
                and s.attributes is not None
                and s.attributes["merchant_gateway.transaction_id"] == txn
            ]
            assert traced == history, txn
            assert history[0] == ("intent", "recorded"), txn
            assert history[-1][1] == "final", txn
    # every gateway call the shop made (the debits, and any status read a doubtful callback asked for) is a call
    # span with its attempts under it
    for call in (s for s in finished if s.name.startswith("merchant_gateway ")):
        assert call.context is not None
        under = [s for s in finished if s.parent is not None and s.parent.span_id == call.context.span_id]
        assert any(s.kind.name == "CLIENT" for s in under), call.name

    durations = [
        p for attrs, p in _points(shop.metrics, "merchant_gateway.call.duration") if "debitV4Web" in attrs.values()
    ]
    assert sum(p.count for p in durations) == len(amounts)
    assert sum(p.value for _, p in _points(shop.metrics, "merchant_gateway.outcome_unknown")) == 2
    finals = _points(shop.metrics, "merchant_gateway.ledger.transitions")
    assert sum(p.value for a, p in finals if a["merchant_gateway.ledger.state"] == "final") >= len(amounts)
    (_, delays), *_ = _points(shop.metrics, "merchant_gateway.hook.delay")
    assert delays.count >= len(amounts)  # the hook ran for each, in the callbacks' transactions
    recorded = json.dumps([dict(s.attributes or {}) for s in finished], default=str)
    assert SALT not in recorded


def test_bad_checkout_input_is_refused_before_any_order(shop: SimpleNamespace, sandbox: Any, postgres_url: str) -> None:
    before = run_example.shop_rows(postgres_url)
    at_gateway = run_example.gateway_record(sandbox.sandbox)
    with httpx.Client(timeout=30) as client:
        answers = [
            client.post(f"{shop.url}/checkout", content=b"[1, 2]"),
            client.post(f"{shop.url}/checkout", content=b"{"),
            client.post(f"{shop.url}/checkout", json={"amount": 0}),
            client.post(f"{shop.url}/checkout", json={"amount": 100.0}),
            client.post(f"{shop.url}/checkout", json={"amount": 100, "customer": 7}),
        ]
    assert [a.status_code for a in answers] == [400] * 5
    assert all("amount" in a.json()["error"] for a in answers)
    assert run_example.shop_rows(postgres_url) == before
    assert run_example.gateway_record(sandbox.sandbox) == at_gateway


def test_the_workers_hook_is_importable_only_from_pythonpath(tmp_path: Path) -> None:
    """docs/operations.md: `mgw` does not see the working directory; the shop's folder goes on PYTHONPATH."""
    mgw = shutil.which("mgw", path=str(Path(sys.executable).parent))
    assert mgw is not None
    shop_dir = RUNNER.parent
    env = {
        "PATH": "/usr/bin:/bin",
        "MGW_LEDGER_URL": f"sqlite:///{tmp_path}/ledger.db",
        "MGW_MERCHANT_ID": MERCHANT,
        "MGW_SALT_KEY": SALT,
        "MGW_SALT_INDEX": "1",
    }
    from merchant_gateway.ledger import Ledger

    Ledger.migrate(env["MGW_LEDGER_URL"])  # the deployment's migration step, before any process opens the ledger
    argv = [mgw, "reconcile", "--worker", "--once", "--hook", "shop.orders:fulfil", "--hook-in-transaction"]
    alone = subprocess.run(argv, cwd=shop_dir, env=env, capture_output=True, text=True, timeout=60)
    assert alone.returncode == 9  # the worker's own status: fix the deployment, a restart will not help
    assert "--hook: cannot load shop.orders:fulfil: No module named 'shop'" in alone.stderr
    found = subprocess.run(
        argv, cwd=tmp_path, env={**env, "PYTHONPATH": str(shop_dir)}, capture_output=True, text=True, timeout=60
    )
    assert found.returncode == 0, found.stderr
    assert "0 status checks" in found.stdout


# --- probes and the shop's own pool -------------------------------------------------------------------------------


def test_liveness_and_readiness_routes(shop: SimpleNamespace) -> None:
    with httpx.Client(timeout=30) as client:
        alive, ready = client.get(f"{shop.url}/healthz"), client.get(f"{shop.url}/readyz")
    assert alive.status_code == 200
    assert alive.json() == {
        "status": "ok",
        "checks": [{"name": "process", "status": "ok", "message": "alive", "value": None}],
    }
    assert ready.status_code == 200, ready.text
    assert ready.json()["status"] == "ok"
    assert [c["name"] for c in ready.json()["checks"]] == ["database", "gateway_config", "shop_database"]
    assert SALT not in ready.text


@pytest.mark.skipif(not _postgres_binaries(), reason="PostgreSQL server binaries not installed: make postgres")
@pytest.mark.timeout(300)
def test_after_a_postgres_restart_the_shop_serves_at_once(sandbox: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """Its own server: a restart would cut the module's other tests' connections. Every connection of both pools
    (the shop's orders, the ledger's) is stale after a restart; each is checked before use and replaced, so no
    request fails once the database is back. While it is down, readiness says so (both pools) and liveness does not."""
    pytest.importorskip("psycopg_pool", reason="psycopg is not installed (extra 'postgres')")
    from merchant_gateway.ledger.testing import PostgresUnavailable, local_postgres

    try:
        manager = local_postgres()
        server = manager.__enter__()
    except PostgresUnavailable as exc:
        pytest.skip(str(exc))
    try:
        with serve_shop(server.url, sandbox, monkeypatch) as url, httpx.Client(timeout=30) as client:

            def checkout(n: int) -> httpx.Response:
                return client.post(f"{url}/checkout", json={"amount": 20_000 + n, "customer": "C9"})

            async def busy(n: int) -> None:  # hold several pooled connections at once, so the pool has them all
                async with httpx.AsyncClient(timeout=30) as many:
                    await asyncio.gather(*(many.get(f"{url}/orders/{i}") for i in range(n)))

            first = [checkout(n) for n in range(3)]
            assert [r.status_code for r in first] == [303] * 3
            asyncio.run(busy(8))
            server._run("pg_ctl", "-D", server.datadir, "-m", "fast", "-w", "restart")
            orders = [client.get(f"{url}/orders/{n}") for n in range(1, 9)]
            assert [r.status_code for r in orders] == [200] * 3 + [404] * 5, [r.text for r in orders]
            again = [checkout(n) for n in range(3, 9)]
            assert [r.status_code for r in again] == [303] * 6, [r.text for r in again]
            assert all("/_sandbox/pay/" in r.headers["location"] for r in again)
            assert client.get(f"{url}/readyz").status_code == 200

            server._run("pg_ctl", "-D", server.datadir, "-m", "fast", "-w", "stop")
            down = client.get(f"{url}/readyz")
            assert down.status_code == 503
            assert [c["status"] for c in down.json()["checks"]] == ["critical", "ok", "critical"]  # both pools
            assert client.get(f"{url}/healthz").status_code == 200
            options = f"-p {server.port} -k {Path(server.datadir).parent} -c listen_addresses=127.0.0.1 -c fsync=off"
            log = str(Path(server.datadir).parent / "log")
            server._run("pg_ctl", "-D", server.datadir, "-o", options, "-l", log, "-w", "start")
            assert client.get(f"{url}/readyz").status_code == 200
            assert checkout(9).status_code == 303
            assert client.get(f"{url}/orders/1").json()["amount"] == 20_000
    finally:
        manager.__exit__(None, None, None)


@pytest.mark.skipif(not _postgres_binaries(), reason="PostgreSQL server binaries not installed: make postgres")
@pytest.mark.timeout(300)
def test_a_worker_started_while_the_database_is_down_waits_for_it(
    sandbox: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """uvicorn stops the whole server, every worker, when one worker's start-up fails: a worker it (re)starts during
    a database outage must wait for the database (its lifespan logs why), then serve."""
    pytest.importorskip("psycopg_pool", reason="psycopg is not installed (extra 'postgres')")
    from merchant_gateway.ledger.testing import PostgresUnavailable, local_postgres
    from shop.orders import create_tables

    try:
        manager = local_postgres()
        server = manager.__enter__()
    except PostgresUnavailable as exc:
        pytest.skip(str(exc))
    waiting = threading.Event()

    class Waiting(logging.Handler):
        def emit(self, record: logging.LogRecord) -> None:
            if "start-up waits for the ledger's database" in record.getMessage():
                waiting.set()

    handler = Waiting()
    logging.getLogger("shop").addHandler(handler)
    options = f"-p {server.port} -k {Path(server.datadir).parent} -c listen_addresses=127.0.0.1 -c fsync=off"
    log = str(Path(server.datadir).parent / "log")

    def database_back() -> None:  # once the starting worker has met the outage
        assert waiting.wait(60), "the shop's start-up did not wait for the database"
        server._run("pg_ctl", "-D", server.datadir, "-o", options, "-l", log, "-w", "start")

    try:
        create_tables(server.url)
        server._run("pg_ctl", "-D", server.datadir, "-m", "fast", "-w", "stop")
        with serve_shop(server.url, sandbox, monkeypatch, starting=database_back) as url, httpx.Client() as client:
            assert client.get(f"{url}/readyz", timeout=30).status_code == 200
            paid = client.post(f"{url}/checkout", json={"amount": 30_000, "customer": "C3"}, timeout=30)
            assert paid.status_code == 303
            assert "/_sandbox/pay/" in paid.headers["location"]
    finally:
        logging.getLogger("shop").removeHandler(handler)
        manager.__exit__(None, None, None)
