"""The reconciler worker speaks (issue 23, "Workers that speak"): structured log events for a failed status check,
a failed hook and a database outage (metadata only, never an error's message); counters that are right (a hook
failure is an error); a heartbeat with its counters; and `mgw reconcile --worker` exit statuses a supervisor can
act on, with its events as JSON lines."""

from __future__ import annotations

import json
import logging
import os
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest
from ledger_support import MERCHANT, SALT, FakeClock, advance
from merchant_gateway import Gateway, OutcomeUnknown
from merchant_gateway.cli import main
from merchant_gateway.ledger import FINAL, Ledger, LedgerUnavailable, Reconciler
from merchant_gateway_sandbox.faults import Fault

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")


def pay(gw: Gateway, txn: str, amount: int = 10_000) -> Any:
    return gw.debit_v4_web(transaction_id=txn, amount=amount, merchant_order_id=f"OD-{txn}", merchant_user_id="U1")


def events(caplog: pytest.LogCaptureFixture, name: str) -> list[dict[str, Any]]:
    return [r.mgw for r in caplog.records if getattr(r, "mgw", {}).get("event") == name]  # type: ignore[attr-defined]


def test_a_failing_hook_is_an_error_and_a_hook_failed_event_without_its_message(
    t: Any, sandbox: Any, gateway: Gateway, ledger: Ledger, clock: FakeClock, caplog: pytest.LogCaptureFixture
) -> None:
    def hook(payment: Any) -> None:
        raise RuntimeError("card 4111-1111 of customer 42")  # a message that must not reach the logs

    ledger.hook = hook
    sandbox.sandbox.faults.add(Fault(kind="drop_after", operation_id="debitV4Web"))
    with pytest.raises(OutcomeUnknown):
        pay(gateway, t("HF1"))
    rec = Reconciler(ledger, gateway, concurrency=1)
    advance(sandbox, clock, 20)
    caplog.set_level(logging.DEBUG, logger="merchant_gateway")
    assert rec.run_once() == 1
    p = ledger.get(t("HF1"), MERCHANT)
    assert p is not None
    assert p.state == FINAL
    assert p.hook_pending

    assert (rec.stats.finals, rec.stats.hooks, rec.stats.hook_failures, rec.stats.errors) == (1, 0, 1, 1)
    (failed,) = events(caplog, "hook.failed")
    assert failed["transaction_id"] == t("HF1")
    assert failed["error_type"] == "RuntimeError"
    assert [r.levelname for r in caplog.records if r.mgw.get("event") == "hook.failed"] == ["WARNING"]  # type: ignore[attr-defined]
    assert "4111-1111" not in caplog.text  # the bare digits may occur by chance (a pid, a worker id's hex)

    ledger.hook = lambda payment: None  # fixed and redeployed: the pending hook is delivered on the next round
    advance(sandbox, clock, ledger.hook_retry)
    rec.run_once()
    assert (rec.stats.hooks, rec.stats.hook_failures, rec.stats.errors) == (1, 1, 1)


def test_a_failed_status_check_is_a_check_failed_warning_and_an_error(
    t: Any, sandbox: Any, gateway: Gateway, ledger: Ledger, clock: FakeClock, caplog: pytest.LogCaptureFixture
) -> None:
    pay(gateway, t("CF1"))
    sandbox.sandbox.faults.add(Fault(kind="html_500", operation_id="getTransactionStatus"))
    rec = Reconciler(ledger, gateway, concurrency=1)
    advance(sandbox, clock, 20)
    caplog.set_level(logging.INFO, logger="merchant_gateway")
    assert rec.run_once() == 1
    (failed,) = events(caplog, "check.failed")
    assert failed["transaction_id"] == t("CF1")
    assert failed["worker"] == ledger.owner
    assert failed["error_type"]
    assert rec.stats.errors == 1
    assert rec.stats.checks == 1


def test_the_reconciler_beats_with_its_counters_and_records_its_stop(
    t: Any, sandbox: Any, gateway: Gateway, ledger: Ledger, clock: FakeClock
) -> None:
    sandbox.sandbox.faults.add(Fault(kind="drop_after", operation_id="debitV4Web"))
    with pytest.raises(OutcomeUnknown):
        pay(gateway, t("HB1"))
    rec = Reconciler(ledger, gateway, concurrency=1)
    rec.begin()
    (w,) = [w for w in ledger.workers() if w.name == ledger.owner]
    assert w.counters["checks"] == 0
    assert w.running
    assert w.merchant_id == MERCHANT
    advance(sandbox, clock, 20)
    rec.run_once()
    assert rec.step(0) == rec.idle  # a step of the worker's loop: its beat is due (beat_every passed)
    (w,) = [w for w in ledger.workers() if w.name == ledger.owner]
    assert w.counters["checks"] == 1
    assert w.counters["finals"] == 1
    assert w.beat_at == clock()
    rec.end(exit_status=0)
    (w,) = [w for w in ledger.workers() if w.name == ledger.owner]
    assert not w.running
    assert w.exit_status == 0


def test_a_database_outage_is_logged_once_then_recovered_or_beyond_the_bound_stops_the_worker(
    sandbox: Any, gateway: Gateway, ledger: Ledger, clock: FakeClock, caplog: pytest.LogCaptureFixture
) -> None:
    rec = Reconciler(ledger, gateway, concurrency=1, database_bound=300.0)
    real_claim = ledger.claim_due

    def down(*args: Any, **kwargs: Any) -> Any:
        raise LedgerUnavailable("the ledger's database cannot be used (test)")

    caplog.set_level(logging.INFO, logger="merchant_gateway")
    ledger.claim_due = down  # type: ignore[method-assign]
    for _ in range(5):  # five failing steps, one second apart: one event, one error
        assert rec.step(1) == rec.idle
        clock.advance(1)
    assert len(events(caplog, "database.unavailable")) == 1
    assert rec.stats.errors == 1
    ledger.claim_due = real_claim  # type: ignore[method-assign]
    rec.step(1)
    (back,) = events(caplog, "database.recovered")
    assert back["down_for"] == 5.0
    assert not rec.stopping

    ledger.claim_due = down  # type: ignore[method-assign]
    rec.step(1)
    clock.advance(301)
    rec.step(1)
    assert rec.failure == "database"
    assert rec.stopping
    assert events(caplog, "worker.giving_up")[0]["down_for"] == 301.0
    assert rec.stats.errors == 2


# --- mgw reconcile --worker: exit statuses and JSON log lines ----------------------------------------------------


def worker_env(tmp_path: Path) -> dict[str, str]:
    Ledger.migrate(f"sqlite:///{tmp_path}/ledger.db")
    return {
        "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
        "MGW_LEDGER_URL": f"sqlite:///{tmp_path}/ledger.db",
        "MGW_MERCHANT_ID": MERCHANT,
        "MGW_SALT_KEY": SALT,
        "MGW_SALT_INDEX": "1",
    }


def test_exit_statuses_a_supervisor_can_act_on(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    for name, value in worker_env(tmp_path).items():
        monkeypatch.setenv(name, value)
    once = ["reconcile", "--worker", "--once"]
    assert main([*once, "--hook", "no_such_module_23:fulfil"]) == 9  # the hook cannot be imported
    assert "no_such_module_23" in capsys.readouterr().err
    with pytest.raises(SystemExit) as usage:
        main([*once, "--log-format", "yaml"])
    assert usage.value.code == 2
    assert "choose from 'text', 'json'" in capsys.readouterr().err
    monkeypatch.setenv("MGW_LOG_FORMAT", "yaml")
    assert main(once) == 2
    assert "MGW_LOG_FORMAT" in capsys.readouterr().err
    monkeypatch.delenv("MGW_LOG_FORMAT")
    assert main([*once, "--heartbeat", "0"]) == 2
    assert "--heartbeat: must be a positive number of seconds" in capsys.readouterr().err
    assert main([*once, "--ledger", "postgresql://mgw@127.0.0.1:1/none"]) == 6  # the database is unavailable
    capsys.readouterr()
    assert main(once) == 0


def test_sigterm_stops_the_worker_cleanly_with_json_events_and_its_last_heartbeat(tmp_path: Path) -> None:
    argv = [sys.executable, "-m", "merchant_gateway", "reconcile", "--worker", "--log-format", "json"]
    proc = subprocess.Popen(argv, env=worker_env(tmp_path), stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        assert proc.stderr is not None
        first = json.loads(proc.stderr.readline())  # blocks until the worker has started
        assert first["event"] == "worker.started"
        assert first["level"] == "INFO"
        assert first["ledger"] == "sqlite"
        with Ledger.open(f"sqlite:///{tmp_path}/ledger.db") as ledger:
            deadline = time.monotonic() + 30
            while not ledger.workers() and time.monotonic() < deadline:
                time.sleep(0.05)
            (running,) = ledger.workers()
            assert running.running
            assert running.pid == proc.pid
            proc.send_signal(signal.SIGTERM)
            out, err = proc.communicate(timeout=60)
            (stopped,) = ledger.workers()
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    assert proc.returncode == 0, err
    lines = [json.loads(line) for line in err.splitlines()]
    (last,) = [e for e in lines if e["event"] == "worker.stopped"]
    assert last["exit_status"] == 0
    assert last["errors"] == 0
    assert "checks" in last
    assert not stopped.running
    assert stopped.exit_status == 0
    assert SALT not in err + out
    assert "0 status checks" in out
