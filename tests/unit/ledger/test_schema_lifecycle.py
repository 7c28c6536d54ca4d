"""The ledger's schema lifecycle (issue 34): created and changed only by the explicit migration, refused by an
ordinary open when it is missing, older or newer, a rolling upgrade with processes of both versions around the
migration, an application role with only SELECT/INSERT/UPDATE/DELETE, refused credentials as configuration errors,
and processes that open one SQLite ledger at the same moment.

The rolling upgrade plays a next release whose migration adds one step: this package's code is the running
("old") release, whose processes expect this SCHEMA_VERSION; the next release's processes expect one more."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from ledger_support import MERCHANT
from merchant_gateway.errors import ConfigurationError
from merchant_gateway.ledger import SCHEMA_VERSION, Ledger, RateLimit, migrate, open_store
from merchant_gateway.ledger.migrations import STEPS
from merchant_gateway.ledger.store import read_version

from tests.support.postgres import fresh_database


def fresh_postgres_db(server_url: str) -> str:
    """A new, empty database on the test server."""
    return fresh_database(server_url, "mgw_life")


OLD = SCHEMA_VERSION - 1  # a ledger the previous release left
REPO = Path(__file__).resolve().parents[3]


@pytest.fixture(params=["sqlite", "postgres"])
def empty_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """A database with no ledger in it yet."""
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path}/ledger.db"
    return fresh_postgres_db(request.getfixturevalue("postgres_url"))


def mgw(*args: str, url: str) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("MGW_")}
    return subprocess.run(
        [sys.executable, "-m", "merchant_gateway", *args, "--ledger", url],
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


def intent(ledger: Ledger, txn: str) -> None:
    ledger.record_intent(merchant_id=MERCHANT, transaction_id=txn, operation="debitV4Web", amount=100)


def settings_rows(ledger: Ledger) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    with ledger.store.transaction() as tx:
        stored = tx.execute("SELECT name, value, set_by FROM mgw_settings ORDER BY name")
        log = tx.execute("SELECT name, old_value, new_value FROM mgw_settings_log ORDER BY id")
    return stored, log


def test_every_step_bumps_the_version_once_in_order() -> None:
    assert [s.version for s in STEPS] == list(range(1, len(STEPS) + 1))
    assert STEPS[-1].version == SCHEMA_VERSION


def test_an_ordinary_open_never_creates_or_changes_the_schema_and_names_the_command(empty_url: str) -> None:
    for opening in (Ledger.open, open_store):
        with pytest.raises(ConfigurationError) as info:
            opening(empty_url)
        assert "holds no ledger" in str(info.value)
        assert "mgw ledger migrate" in str(info.value)
    assert read_version(empty_url) is None
    done = migrate(empty_url)
    assert (done.before, done.after, len(done.applied)) == (0, SCHEMA_VERSION, len(STEPS))
    assert migrate(empty_url).applied == ()  # again: nothing to do
    with Ledger.open(empty_url) as ledger:
        intent(ledger, "FRESH1")
        assert ledger.get("FRESH1", MERCHANT) is not None


def test_a_read_command_never_changes_the_schema_and_says_what_to_run(empty_url: str) -> None:
    """A read-only `mgw ledger` from a newer package silently migrated an older ledger."""
    migrate(empty_url, target=OLD)
    for command in (["ledger"], ["ledger", "health"], ["ledger", "settings"], ["ledger", "hooks"]):
        run = mgw(*command, url=empty_url)
        assert run.returncode == 2, run.stderr  # configuration: fix it, do not restart
        assert f"the ledger's schema is version {OLD}, this package needs version {SCHEMA_VERSION}" in run.stderr
        assert "mgw ledger migrate" in run.stderr
    check = mgw("ledger", "migrate", "--check", "--json", url=empty_url)
    assert check.returncode == 1
    assert json.loads(check.stdout)["state"] == "older"
    assert read_version(empty_url) == OLD  # nothing changed it
    done = mgw("ledger", "migrate", url=empty_url)
    assert done.returncode == 0, done.stderr
    assert f"schema version {OLD} -> {SCHEMA_VERSION}" in done.stdout
    assert read_version(empty_url) == SCHEMA_VERSION


def test_a_schema_newer_than_the_package_knows_is_refused_naming_the_upgrade(empty_url: str) -> None:
    migrate(empty_url)
    with pytest.raises(ConfigurationError) as info:
        open_store(empty_url, expect_schema=OLD)  # a process of the previous release
    message = str(info.value)
    assert f"version {SCHEMA_VERSION}, newer than this package knows (version {OLD})" in message
    assert "pip install --upgrade merchant-gateway-client" in message


@pytest.fixture
def next_release(monkeypatch: pytest.MonkeyPatch) -> int:
    """A next release whose migration adds one step (a column and a table, as every step only adds): this
    package's code is then "the old release", which expects SCHEMA_VERSION; the next one expects one more."""
    from merchant_gateway.ledger import migrations, store

    def step(tx: Any) -> None:
        tx.execute("ALTER TABLE mgw_payments ADD COLUMN next_release_note TEXT")
        tx.execute("CREATE TABLE mgw_next_release (name TEXT PRIMARY KEY)")

    nxt = SCHEMA_VERSION + 1
    monkeypatch.setattr(migrations, "STEPS", (*migrations.STEPS, migrations.Step(nxt, "the next release's", step)))
    monkeypatch.setattr(migrations, "SCHEMA_VERSION", nxt)
    monkeypatch.setattr(store, "SCHEMA_VERSION", nxt)
    return nxt


def test_a_rolling_upgrade_loses_nothing_and_resets_no_setting(empty_url: str, next_release: int) -> None:
    """Processes of the running release go on while the ledger is migrated for the next one, and processes of the
    next release start beside them; an old process that restarts afterwards is refused (it must be replaced).
    Every payment of both is there, and the fleet settings stored before are the ones both use (an older worker
    once reset the stored ceiling)."""
    migrate(empty_url, target=SCHEMA_VERSION)  # the ledger as the running release migrated it
    old = Ledger(open_store(empty_url, expect_schema=SCHEMA_VERSION), grace=90.0)
    try:
        change = Ledger(
            open_store(empty_url, expect_schema=SCHEMA_VERSION), rate_limit=RateLimit(40, 1.0), replace_settings=True
        )
        change.close()  # the fleet's ceiling, set deliberately under the running release
        old_worker = Ledger(open_store(empty_url, expect_schema=SCHEMA_VERSION), rate_limit=RateLimit(40, 1.0))
        for i in range(5):
            intent(old, f"OLD{i}")
        before_settings = settings_rows(old)
        with pytest.raises(ConfigurationError, match="mgw ledger migrate"):  # the next release, before migrating
            open_store(empty_url, expect_schema=next_release)

        done = migrate(empty_url)  # the deploy step, with the old processes running
        assert (done.before, done.after) == (SCHEMA_VERSION, next_release)

        new = Ledger(open_store(empty_url, expect_schema=next_release), rate_limit=RateLimit(40, 1.0), grace=90.0)
        try:
            for i in range(5, 10):
                intent(old, f"OLD{i}")  # the old processes keep writing and reading after the migration
                intent(new, f"NEW{i}")
            old_worker.record_final(MERCHANT, "NEW5", "PAYMENT_SUCCESS", source="status", amount=100)
            new.record_final(MERCHANT, "OLD0", "PAYMENT_SUCCESS", source="status", amount=100)
            assert old.get("NEW9", MERCHANT) is not None
            assert new.get("OLD9", MERCHANT) is not None
            assert len(old.unfinished(limit=100)) == 13
            assert old_worker.limiter is not None
            assert new.limiter is not None
            assert old_worker.limiter.rate == new.limiter.rate == RateLimit(40, 1.0)
            assert new.limiter.try_acquire() == 0.0
            assert old_worker.limiter.try_acquire() == 0.0
            with pytest.raises(ConfigurationError, match="newer than this package knows"):
                open_store(empty_url, expect_schema=SCHEMA_VERSION)  # an old process that restarts now
            with new.store.transaction() as tx:
                n = tx.execute("SELECT count(*) AS n FROM mgw_payments")[0]["n"]
                finals = tx.execute("SELECT transaction_id FROM mgw_payments WHERE state = 'final' ORDER BY 1")
            assert n == 15
            assert [r["transaction_id"] for r in finals] == ["NEW5", "OLD0"]
            assert settings_rows(new) == before_settings  # neither release reset or re-stored a setting
            assert new.settings["rate_limit.limit"] == "40"
            assert new.settings["grace"] == "90.0"
        finally:
            new.close()
        old_worker.close()
    finally:
        old.close()


def test_an_application_role_with_only_dml_rights_runs_a_migrated_ledger(postgres_url: str) -> None:
    """The migration runs as the owner; the processes as a role with SELECT, INSERT, UPDATE and DELETE only
    (no CREATE, no sequence rights): the identity ids need no sequence grant."""
    import psycopg

    url = fresh_postgres_db(postgres_url)
    name = url.rsplit("/", 1)[1]
    role = f"app_{name}"
    with psycopg.connect(url, autocommit=True) as conn:
        conn.execute(f"CREATE ROLE {role} LOGIN")
    app_url = url.replace("postgres@", f"{role}@")
    with pytest.raises(ConfigurationError) as info:  # the application role cannot create the schema
        migrate(app_url)
    assert "refused this process" in str(info.value)
    assert "permission denied" in str(info.value)
    migrate(url)
    with psycopg.connect(url, autocommit=True) as conn:
        conn.execute(f"GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO {role}")
    hooked: list[str] = []
    with Ledger.open(url, rate_limit=RateLimit(40, 1.0), replace_settings=True):
        pass  # the ceiling, set deliberately by the deploy step
    with Ledger.open(app_url, on_final=lambda p: hooked.append(p.transaction_id), grace=90.0) as ledger:
        intent(ledger, "APP1")
        ledger.record_final(MERCHANT, "APP1", "PAYMENT_SUCCESS", source="status", amount=100)
        ledger.worker_beat({"checks": 1}, merchant_id=MERCHANT)
        assert ledger.limiter is not None
        assert ledger.limiter.try_acquire() == 0.0
        ledger.token_cache(MERCHANT, "client")  # the token row's table is usable too
        assert hooked == ["APP1"]
        assert [e["source"] for e in ledger.events("APP1", MERCHANT)][:2] == ["intent", "status"]
        assert ledger.settings["grace"] == "90.0"  # stored by the application role (mgw_settings_log's identity)
    with psycopg.connect(url, autocommit=True) as conn:
        conn.execute(f"REVOKE UPDATE ON mgw_payments FROM {role}")
    with Ledger.open(app_url) as ledger:
        intent(ledger, "APP2")
        with pytest.raises(ConfigurationError) as info:  # a missing right: configuration, not an outage
            ledger.record_final(MERCHANT, "APP2", "PAYMENT_SUCCESS", source="status", amount=100)
    assert "permission denied for table mgw_payments" in str(info.value)


def test_refused_credentials_are_configuration_errors_exit_2_not_6(postgres_url: str) -> None:
    """A wrong database password exited 6 ("retry later"): a supervisor restarted it forever."""
    server = postgres_url.rsplit("/", 1)[0]
    for url, reason in (
        (server.replace("postgres@", "nobody@") + "/postgres", 'role "nobody" does not exist'),
        (server + "/no_such_db", 'database "no_such_db" does not exist'),
    ):
        with pytest.raises(ConfigurationError) as info:
            Ledger.open(url, timeout=5.0)
        assert reason in str(info.value)
        run = mgw("ledger", "health", url=url)
        assert run.returncode == 2, run.stderr
        assert reason in run.stderr
        assert len(run.stderr.splitlines()) == 1


_OPEN_AND_WRITE = """
import os, sys, time
from merchant_gateway.ledger import Ledger
url, start, me, rounds = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4])
while not os.path.exists(start):  # every process waits here, then all open at once
    time.sleep(0.001)
for i in range(rounds):
    with Ledger.open(url, timeout=30.0) as ledger:
        ledger.record_intent(merchant_id="M", transaction_id=f"{me}-{i}", operation="debitV4Web", amount=1)
print("ok")
"""


def test_processes_that_start_together_all_open_one_sqlite_ledger(tmp_path: Path) -> None:
    """Every SQLite connect used to set the journal mode, which needs a lock: processes opening together failed
    with "database is locked" (a fresh-clone CI run). Twelve processes open it at the same moment, ten times each;
    every one opens and writes."""
    url = f"sqlite:///{tmp_path}/fleet.db"
    migrate(url)
    start = tmp_path / "go"
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)}
    procs = [
        subprocess.Popen(
            [sys.executable, "-c", _OPEN_AND_WRITE, url, str(start), f"P{n}", "10"],
            env=env,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        for n in range(12)
    ]
    start.touch()
    results = [p.communicate(timeout=300) for p in procs]
    failures = [err for (out, err), p in zip(results, procs, strict=True) if p.returncode != 0 or "ok" not in out]
    assert failures == []
    with Ledger.open(url) as ledger, ledger.store.transaction() as tx:
        assert tx.execute("SELECT count(*) AS n FROM mgw_payments")[0]["n"] == 120
        assert tx.execute("PRAGMA journal_mode")[0]["journal_mode"] == "wal"  # set once, by the migration
