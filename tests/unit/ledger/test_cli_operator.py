"""`mgw ledger`'s operator actions as a person runs them: `python -m merchant_gateway` in a subprocess with only the
MGW_* variables the test gives, on a SQLite file and on PostgreSQL (and one PostgreSQL server stopped, for the
outage: one line and exit 6, not a hang and a traceback)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest
from ledger_support import MERCHANT, SALT, settings
from merchant_gateway import Gateway
from merchant_gateway.ledger import Ledger
from merchant_gateway.ledger.health import readiness

ROOT = Path(__file__).resolve().parents[3]


def mgw(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    clean = {k: v for k, v in os.environ.items() if not k.startswith("MGW_")}
    clean.update(env or {})
    return subprocess.run(
        [sys.executable, "-m", "merchant_gateway", *args],
        env=clean,
        capture_output=True,
        text=True,
        timeout=120,  # a guard against a hang, not a measurement
        cwd=ROOT,
    )


def doc(run: subprocess.CompletedProcess[str]) -> dict[str, Any]:
    parsed: dict[str, Any] = json.loads(run.stdout)
    return parsed


def ago(seconds: float) -> Any:
    return lambda: time.time() - seconds


def intent(ledger: Ledger, txn: str, amount: int = 500) -> None:
    ledger.record_intent(merchant_id=MERCHANT, transaction_id=txn, operation="debitV4Web", amount=amount)


def test_show_hooks_retry_and_resolve_from_the_shell(store_url: str) -> None:
    def broken(p: Any) -> None:
        raise RuntimeError("shop db down")

    with Ledger.open(store_url, on_final=broken) as web:
        intent(web, "OP1")
        web.end_call(MERCHANT, "OP1")
        web.record_final(MERCHANT, "OP1", "PAYMENT_SUCCESS", source="status", amount=500)
        intent(web, "OP2")
        web.end_call(MERCHANT, "OP2")
    env = {"MGW_LEDGER_URL": store_url}

    shown = mgw("ledger", "show", "OP1", "--json", env=env)
    assert shown.returncode == 0, shown.stderr
    assert [(e["source"], e["state"]) for e in doc(shown)["events"]] == [
        ("intent", "recorded"),
        ("status", "final"),
        ("hook", None),  # the hook's failed attempt: its error's class, never its message
    ]
    assert doc(shown)["events"][-1]["detail"] == "failed (builtins.RuntimeError); retried in 30 s"
    text = mgw("ledger", "show", "OP1", env=env).stdout
    assert "state final PAYMENT_SUCCESS (status)" in text
    assert "hook pending" in text
    missing = mgw("ledger", "show", "NOPE", env=env)
    assert missing.returncode == 2
    assert "NOPE is not in the ledger" in missing.stderr

    hooks = mgw("ledger", "hooks", env=env)
    assert hooks.returncode == 0
    assert "1 failing" in hooks.stdout
    assert "builtins.RuntimeError" in hooks.stdout
    assert "shop db down" not in hooks.stdout  # the hook's message may quote the merchant's data: never shown

    due = mgw("ledger", "retry-hook", "OP1", "--json", env=env)
    assert due.returncode == 0
    assert doc(due)["result"] == "due"
    ran = mgw("ledger", "retry-hook", "OP1", "--hook", "json:dumps", env=env)  # any callable taking the payment
    assert ran.returncode == 1
    assert "its hook failed again: builtins.TypeError" in ran.stderr
    assert "attempts 2" in mgw("ledger", "hooks", env=env).stdout
    fine = mgw("ledger", "retry-hook", "OP1", "--hook", "builtins:repr", env=env)
    assert fine.returncode == 0
    assert "its hook ran here and completed" in fine.stdout
    again = mgw("ledger", "retry-hook", "OP1", env=env)
    assert again.returncode == 1
    assert "no hook is pending" in again.stderr

    refused = mgw("ledger", "resolve", "OP1", "--state", "PAYMENT_ERROR", "--reason", "r", "--operator", "ann", env=env)
    assert refused.returncode == 1
    assert refused.stderr.startswith("mgw: error: refused, nothing was changed: transaction_id: OP1 is final already")
    resolved = mgw(
        "ledger", "resolve", "OP2", "--state", "UNRESOLVED", "--reason", "bank has no record",
        "--operator", "ann", "--json", env=env,
    )  # fmt: skip
    assert resolved.returncode == 0
    assert doc(resolved)["final_source"] == "operator"
    events = doc(mgw("ledger", "show", "OP2", "--json", env=env))["events"]
    assert events[-1]["detail"] == "resolved by ann: bank has no record"
    assert events[-1]["source"] == "operator"
    usage = mgw("ledger", "resolve", "OP2", "--state", "NOT_RECORDED", "--reason", "r", "--operator", "a", env=env)
    assert usage.returncode == 2
    assert "invalid choice: 'NOT_RECORDED'" in usage.stderr


def test_failed_hooks_retried_in_bulk_and_workers_listed_and_forgotten_from_the_shell(store_url: str) -> None:
    def broken(p: Any) -> None:
        raise RuntimeError("shop db down")

    with Ledger.open(store_url, on_final=broken) as web:
        for txn in ("BK1", "BK2"):
            intent(web, txn)
            web.end_call(MERCHANT, txn)
            web.record_final(MERCHANT, txn, "PAYMENT_SUCCESS", source="status", amount=500)
    with Ledger.open(store_url, clock=ago(7200), owner="old-host:41:dead") as old:
        old.worker_beat({"checks": 5}, merchant_id=MERCHANT)  # died during an outage, two hours ago
    with Ledger.open(store_url, owner="new-host:42:live") as new:
        new.worker_beat({"checks": 1}, merchant_id=MERCHANT)
    env = {"MGW_LEDGER_URL": store_url}

    both = mgw("ledger", "retry-hook", "BK1", "--all-failed", env=env)
    assert both.returncode == 2
    assert "give one transaction id, or --all-failed" in both.stderr
    bulk = mgw(
        "ledger", "retry-hook", "--all-failed", "--hook", "builtins:repr", "--operator", "bob", "--json", env=env
    )
    assert bulk.returncode == 0, bulk.stderr
    assert doc(bulk)["results"] == {"ran": ["BK1", "BK2"]}
    events = doc(mgw("ledger", "show", "BK2", "--json", env=env))["events"]
    assert [(e["source"], e["detail"], e["actor"]) for e in events[-2:]] == [
        ("operator", "hook retry asked for", "bob"),
        ("hook", "ran", events[-1]["actor"]),
    ]
    assert "[by bob]" in mgw("ledger", "show", "BK2", env=env).stdout
    assert doc(mgw("ledger", "retry-hook", "--all-failed", "--json", env=env))["retried"] == 0

    listed = doc(mgw("ledger", "workers", "--json", env=env))["workers"]
    assert [w["name"] for w in listed] == ["new-host:42:live", "old-host:41:dead"]
    assert listed[1]["beat_at"].endswith("Z")  # ISO 8601 times, not epoch numbers
    assert listed[1]["counters"]["checks"] == 5
    health = mgw("ledger", "health", "--oldest-open-critical", "2h", env=env)
    assert "OK       worker_heartbeat" in health.stdout  # the dead worker is presumed gone, not a warning forever
    assert "1 silent for 1 h or more, presumed gone" in health.stdout
    forgot = mgw("ledger", "workers", "--forget", "old-host:41:dead", env=env)
    assert forgot.returncode == 0, forgot.stderr
    assert [w["name"] for w in doc(mgw("ledger", "workers", "--json", env=env))["workers"]] == ["new-host:42:live"]
    unknown = mgw("ledger", "workers", "--forget", "old-host:41:dead", env=env)
    assert unknown.returncode == 2
    assert "no worker named 'old-host:41:dead'" in unknown.stderr


def test_since_windows_the_counts(store_url: str) -> None:
    with Ledger.open(store_url, clock=ago(7200)) as old:
        intent(old, "WIN1")
    with Ledger.open(store_url) as new:
        intent(new, "WIN2")
    env = {"MGW_LEDGER_URL": store_url}
    everything = doc(mgw("ledger", "--json", env=env))
    recent = doc(mgw("ledger", "--since", "1h", "--json", env=env))
    assert (everything["total"], recent["total"], recent["since_s"]) == (2, 1, 3600)
    assert [r["transaction_id"] for r in recent["unfinished"]] == ["WIN2"]
    assert sorted(r["transaction_id"] for r in everything["unfinished"]) == ["WIN1", "WIN2"]
    bad = mgw("ledger", "--since", "an hour", env=env)
    assert bad.returncode == 2
    assert "'an hour' is not a duration" in bad.stderr


def test_check_reads_the_status_now_through_the_gateway_configured_from_the_environment(
    tmp_path: Any, sandbox: Any, t: Any
) -> None:
    url = f"sqlite:///{tmp_path}/check.db"
    Ledger.migrate(url)
    with Ledger.open(url) as web, Gateway(**settings(sandbox), observer=web.observer) as gw:
        gw.debit_v4_web(transaction_id=t("CHK"), amount=1000, merchant_order_id="O", merchant_user_id="U")
        gw.debit_v4_web(transaction_id=t("PND"), amount=4004, merchant_order_id="O", merchant_user_id="U")
    sandbox.advance(6)
    env = {
        "MGW_ENV": "local",
        "MGW_BASE_URL": sandbox.base_url,
        "MGW_APPS_URL": sandbox.apps_url,
        "MGW_AUTH_URL": sandbox.auth_url,
        "MGW_MERCHANT_ID": MERCHANT,
        "MGW_SALT_KEY": SALT,
        "MGW_SALT_INDEX": "1",
        "MGW_LEDGER_URL": url,
    }
    done = mgw("ledger", "check", t("CHK"), "--json", env=env)
    assert done.returncode == 0, done.stdout + done.stderr
    assert (doc(done)["result"], doc(done)["state"], doc(done)["code"]) == ("final", "final", "PAYMENT_SUCCESS")
    assert SALT not in done.stdout + done.stderr
    again = mgw("ledger", "check", t("CHK"), env=env)
    assert again.returncode == 0
    assert "final PAYMENT_SUCCESS already; the gateway says the same" in again.stdout
    pending = mgw("ledger", "check", t("PND"), env=env)
    assert pending.returncode == 4
    assert "still open (accepted); the gateway said PAYMENT_PENDING" in pending.stdout
    resolve = ("ledger", "resolve", t("PND"), "--state", "PAYMENT_CANCELLED", "--reason", "r", "--operator", "o")
    refused = mgw(*resolve, env=env)  # a failure while the gateway's latest read says pending
    assert refused.returncode == 1
    assert "latest read was PAYMENT_PENDING" in refused.stderr
    wrong = mgw(*resolve, "--force", "--second-operator", "p", env=env)
    assert wrong.returncode == 0
    conflict = mgw("ledger", "check", t("PND"), env=env)  # the gateway's record still says pending
    assert conflict.returncode == 1
    assert "final PAYMENT_CANCELLED in the ledger, but the gateway now says PAYMENT_PENDING" in conflict.stderr


def test_health_lines_and_exit_codes(store_url: str) -> None:
    env = {"MGW_LEDGER_URL": store_url}
    with Ledger.open(store_url):
        pass  # an empty ledger: nothing open, nothing to judge
    calm = mgw("ledger", "health", "--no-workers", env=env)
    assert calm.returncode == 0, calm.stderr
    assert calm.stdout.splitlines() == [
        "OK       unknown_rate      0/0 payments in the last 1 h: too few to judge (min 10)",
        "OK       oldest_open       no open payment",
    ]
    with Ledger.open(store_url, clock=ago(1800)) as web:
        intent(web, "HL1")
        web.record_unknown(MERCHANT, "HL1")
    both = mgw("ledger", "health", "--no-workers", "--min-payments", "1", "--json", env=env)
    checks = {c["name"]: c["status"] for c in doc(both)["checks"]}
    assert checks == {"oldest_open": "warn", "unknown_rate": "critical"}
    assert both.returncode == 8
    assert doc(both)["status"] == "critical"
    critical = mgw("ledger", "health", "--no-workers", "--min-payments", "1", env=env)
    assert critical.returncode == 8
    assert "CRITICAL unknown_rate      100.0 % (1/1)" in critical.stdout
    lenient = mgw(
        "ledger", "health", "--no-workers", "--unknown-rate-critical", "100%", "--unknown-rate-warn", "100%",
        "--oldest-open-warn", "20m", "--oldest-open-critical", "2h", env=env,
    )  # fmt: skip
    assert lenient.returncode == 7
    assert "WARN     oldest_open       the oldest open payment was written 30 min" in (lenient.stdout)
    no_worker = mgw("ledger", "health", "--oldest-open-critical", "2h", env=env)
    assert no_worker.returncode == 8
    assert "CRITICAL worker_heartbeat  no reconciler worker is running" in (no_worker.stdout)
    wrong = mgw("ledger", "health", "--oldest-open-warn", "2h", "--oldest-open-critical", "1h", env=env)
    assert wrong.returncode == 2
    assert "oldest_open_warn: must not exceed oldest_open_critical" in wrong.stderr
    typo = mgw("ledger", "health", "--heartbeat-warn", "soon", "--json", env=env)
    assert typo.returncode == 2
    assert doc(typo)["error"] == "usage"
    assert "'soon' is not a duration" in doc(typo)["message"]


def test_a_database_outage_is_one_line_and_exit_6() -> None:
    pytest.importorskip("psycopg")
    from merchant_gateway.ledger.testing import PostgresUnavailable, local_postgres

    try:
        with local_postgres() as server:
            Ledger.migrate(server.url)
            with Ledger.open(server.url, timeout=2) as web:
                intent(web, "DOWN1")  # the schema is there: the ledger worked until now
                server.stop()
                runs = [
                    mgw("ledger", env={"MGW_LEDGER_URL": server.url}),
                    mgw("ledger", "health", "--timeout", "1s", env={"MGW_LEDGER_URL": server.url}),
                    mgw("ledger", "show", "DOWN1", "--json", env={"MGW_LEDGER_URL": server.url}),
                ]
                probe = readiness(web, environ={"MGW_MERCHANT_ID": MERCHANT, "MGW_SALT_KEY": SALT}, timeout=30)
    except PostgresUnavailable as exc:
        pytest.skip(str(exc))
    # a web process whose database went away: not ready, with the package's one-line reason
    assert (probe.status, probe.checks[0].status) == ("critical", "critical")
    assert probe.checks[0].message.startswith("the ledger's database cannot be used")
    for run in runs[:2]:
        assert run.returncode == 6, run.stderr
        assert run.stdout == "", run.stderr
        assert len(run.stderr.splitlines()) == 1, run.stderr
        assert run.stderr.startswith("mgw: error: the ledger's database cannot be used")
    assert runs[2].returncode == 6
    assert doc(runs[2])["error"] == "ledger_unavailable"
    assert runs[2].stderr == ""


def test_an_outage_while_watching_ends_with_one_line_and_exit_6() -> None:
    """The driver's pool logs each failed reconnect; `mgw ledger --watch` still says one line when the server goes."""
    pytest.importorskip("psycopg")
    from merchant_gateway.ledger.testing import PostgresUnavailable, local_postgres

    try:
        with local_postgres() as server:
            Ledger.migrate(server.url)
            with Ledger.open(server.url) as web:
                intent(web, "WATCH1")  # open: the watch goes on until the database goes away
            clean = {k: v for k, v in os.environ.items() if not k.startswith("MGW_")}
            watching = subprocess.Popen(
                [sys.executable, "-m", "merchant_gateway", "ledger", "--watch", "0.2", "--timeout", "2"],
                env={**clean, "MGW_LEDGER_URL": server.url},
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                text=True,
                cwd=ROOT,
            )
            try:
                assert watching.stdout is not None
                assert "0/1 final" in watching.stdout.readline()  # it is watching
                server.stop()
                out, err = watching.communicate(timeout=120)  # a guard against a hang, not a measurement
            finally:
                if watching.poll() is None:
                    watching.kill()
                    watching.wait(timeout=30)
    except PostgresUnavailable as exc:
        pytest.skip(str(exc))
    assert watching.returncode == 6, err
    assert err.splitlines() == [err.strip()]
    assert err.startswith("mgw: error: the ledger's database cannot be used")
