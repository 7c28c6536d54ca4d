"""merchant_gateway.ledger.health: readiness (the ledger's database within a bound, the gateway configuration
complete; no secret in the result), liveness, and the fleet's checks against thresholds (outcome-unknown rate,
oldest open payment, the reconciler workers' heartbeats), on both backends with a fake clock."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path
from typing import Any

import pytest
from ledger_support import MERCHANT, SALT, FakeClock
from merchant_gateway.errors import ValidationError
from merchant_gateway.ledger import Ledger
from merchant_gateway.ledger.health import CRITICAL, OK, WARN, Thresholds, fleet_health, liveness, readiness

ENV = {"MGW_ENV": "local", "MGW_MERCHANT_ID": MERCHANT, "MGW_SALT_KEY": SALT, "MGW_SALT_INDEX": "1"}


def test_readiness_says_the_database_answers_and_the_configuration_is_complete(ledger: Ledger) -> None:
    ready = readiness(ledger, environ=ENV)
    assert ready.ok
    assert [(c.name, c.status) for c in ready.checks] == [("database", OK), ("gateway_config", OK)]
    assert ready.to_dict()["status"] == "ok"
    assert SALT not in json.dumps(ready.to_dict())


def test_readiness_names_what_is_missing_and_never_a_secret(ledger: Ledger) -> None:
    missing = readiness(ledger, environ={k: v for k, v in ENV.items() if k != "MGW_MERCHANT_ID"})
    assert missing.status == CRITICAL
    config = missing.checks[1]
    assert config.status == CRITICAL
    assert config.message.startswith("MGW_MERCHANT_ID: is not set")
    assert SALT not in json.dumps(missing.to_dict())
    no_ledger = readiness(environ=ENV)
    assert [c.name for c in no_ledger.checks] == ["gateway_config"]
    with pytest.raises(ValidationError, match="timeout"):
        readiness(ledger, environ=ENV, timeout=0)


def test_readiness_is_bounded_when_the_database_does_not_answer(tmp_path: Any) -> None:
    url = f"sqlite:///{tmp_path}/busy.db"
    Ledger.migrate(url)
    with Ledger.open(url) as ledger:
        holder = sqlite3.connect(f"{tmp_path}/busy.db", isolation_level=None)
        holder.execute("BEGIN IMMEDIATE")  # another process holds the write lock (a long hook, a stuck writer)
        try:
            stuck = readiness(ledger, environ=ENV, timeout=0.2)
        finally:
            holder.execute("ROLLBACK")
            holder.close()
        assert stuck.status == CRITICAL
        assert stuck.checks[0].message == "the ledger's database did not answer within 0.2 s"
        assert stuck.checks[1].status == OK


def test_liveness_does_not_depend_on_the_database() -> None:
    alive = liveness()
    assert alive.ok
    assert alive.to_dict() == {
        "status": "ok",
        "checks": [{"name": "process", "status": "ok", "message": "alive", "value": None}],
    }


def test_worker_heartbeats_are_judged_by_their_age(make_ledger: Any, clock: FakeClock) -> None:
    reader = make_ledger()
    th = Thresholds(heartbeat_warn=60, heartbeat_critical=300)

    def heartbeat() -> Any:
        return next(c for c in fleet_health(reader, th).checks if c.name == "worker_heartbeat")

    none = heartbeat()
    assert none.status == CRITICAL
    assert "no reconciler worker is running" in none.message
    worker = make_ledger()
    worker.worker_beat({"checks": 3}, merchant_id=MERCHANT)
    clock.advance(30)
    assert (heartbeat().status, heartbeat().value) == (OK, 30)
    clock.advance(60)
    assert heartbeat().status == WARN
    clock.advance(300)
    assert heartbeat().status == CRITICAL
    fresh = make_ledger()
    fresh.worker_beat({}, merchant_id=MERCHANT)  # a second worker: the fleet reconciles, one worker is silent
    got = heartbeat()
    assert got.status == WARN
    assert got.value == 0
    assert "1 silent for 5 min or more" in got.message
    assert fleet_health(reader, th, merchant_id="OTHER").checks[2].status == CRITICAL  # not this merchant's
    # the silent one died without a clean stop (during an outage, say): presumed gone after heartbeat_gone, it no
    # longer holds the fleet at a warning, and an operator can forget it at once
    clock.advance(3600)
    fresh.worker_beat({}, merchant_id=MERCHANT)
    gone = heartbeat()
    assert (gone.status, gone.value) == (OK, 0)
    assert "1 silent for 1 h or more, presumed gone" in gone.message
    assert reader.forget_worker(worker.owner) is True
    assert [w.name for w in reader.workers()] == [fresh.owner]
    assert reader.forget_worker(worker.owner) is False
    worker.worker_beat({}, merchant_id=MERCHANT)  # still alive after all: its next beat writes it back
    assert {w.name for w in reader.workers()} == {fresh.owner, worker.owner}
    fresh.worker_beat({}, merchant_id=MERCHANT, stopped=True, exit_status=0)
    worker.worker_beat({}, merchant_id=MERCHANT, stopped=True, exit_status=0)
    assert heartbeat().status == CRITICAL  # both stopped cleanly: nobody is reconciling
    assert [c.name for c in fleet_health(reader, Thresholds(workers=False)).checks] == ["unknown_rate", "oldest_open"]


def test_unknown_rate_and_oldest_open_against_thresholds(ledger: Ledger, clock: FakeClock) -> None:
    th = Thresholds(min_payments=4, unknown_rate_warn=0.25, unknown_rate_critical=0.5, workers=False)
    for i in range(4):
        ledger.record_intent(merchant_id=MERCHANT, transaction_id=f"UR{i}", operation="debitV4Web", amount=1)
    ledger.record_unknown(MERCHANT, "UR0")
    checks = {c.name: c for c in fleet_health(ledger, th).checks}
    assert (checks["unknown_rate"].status, checks["unknown_rate"].value) == (WARN, 0.25)
    assert checks["oldest_open"].status == OK
    assert checks["oldest_open"].value == 0
    ledger.record_unknown(MERCHANT, "UR1")
    clock.advance(1200)
    checks = {c.name: c for c in fleet_health(ledger, th).checks}
    assert checks["unknown_rate"].status == CRITICAL
    assert checks["oldest_open"].status == WARN
    clock.advance(2400)
    checks = {c.name: c for c in fleet_health(ledger, th).checks}
    assert checks["oldest_open"].status == CRITICAL
    assert checks["oldest_open"].message.startswith("the oldest open payment was written 1 h ago")
    clock.advance(1)
    checks = {c.name: c for c in fleet_health(ledger, th).checks}
    assert checks["unknown_rate"].status == OK  # outside the hour's window: 0 payments, too few to judge
    assert checks["unknown_rate"].message == "0/0 payments in the last 1 h: too few to judge (min 4)"


@pytest.mark.parametrize(
    ("given", "field"),
    [
        ({"window": 0}, "window"),
        ({"unknown_rate_warn": 1.5}, "unknown_rate_warn"),
        ({"heartbeat_warn": 600}, "heartbeat_warn"),
        ({"min_payments": 0}, "min_payments"),
    ],
)
def test_thresholds_are_checked(given: dict[str, Any], field: str) -> None:
    with pytest.raises(ValidationError, match=f"^{field}: "):
        Thresholds(**given)


def test_the_documented_starlette_probes_run_as_written(tmp_path: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """docs/operations.md "Operator commands and health": the block as written (the readiness bound aside), served
    by Starlette's test client with its lifespan: 200 while the database answers, 503 while it does not."""
    testclient = pytest.importorskip("starlette.testclient")
    docs = (Path(__file__).resolve().parents[3] / "docs/operations.md").read_text(encoding="utf-8")
    section = docs.split("### Operator commands and health", 1)[1]
    block = section.split("```python\n", 1)[1].split("```", 1)[0]
    assert "timeout=2.0" in block
    Ledger.migrate(f"sqlite:///{tmp_path}/shop.db")
    for name, value in {**ENV, "MGW_LEDGER_URL": f"sqlite:///{tmp_path}/shop.db"}.items():
        monkeypatch.setenv(name, value)
    namespace: dict[str, Any] = {}
    exec(block.replace("timeout=2.0", "timeout=0.2"), namespace)
    with testclient.TestClient(namespace["app"]) as client:
        alive = client.get("/healthz")
        assert (alive.status_code, alive.json()["status"]) == (200, "ok")
        ready = client.get("/readyz")
        assert ready.status_code == 200
        assert [c["name"] for c in ready.json()["checks"]] == [
            "database",
            "gateway_config",
        ]
        assert SALT not in ready.text
        assert "sqlite" in ready.json()["checks"][0]["message"]
        holder = sqlite3.connect(f"{tmp_path}/shop.db", isolation_level=None)
        holder.execute("BEGIN IMMEDIATE")
        try:
            busy = client.get("/readyz")
        finally:
            holder.execute("ROLLBACK")
            holder.close()
        assert busy.status_code == 503
        assert busy.json()["checks"][0]["message"].endswith("within 0.2 s")
        assert client.get("/healthz").status_code == 200  # liveness never looked at the database
