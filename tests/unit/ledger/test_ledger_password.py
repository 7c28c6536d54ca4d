"""A real password against a real PostgreSQL server (issue 34): the test server trusts everyone, so this fixture
gives one role a SCRAM password and makes the server require it for that role on loopback TCP (a pg_hba.conf line
before the trust lines, and a reload), and takes both away afterwards; every other role keeps trust. The right
password opens the ledger; a wrong one is exit 2 (configuration: a restart does not help) with a message that names
the setting, MGW_LEDGER_URL, and never contains the password."""

from __future__ import annotations

import json
import time
import urllib.parse
from collections.abc import Iterator
from pathlib import Path

import pytest
from ledger_support import MERCHANT, SALT
from merchant_gateway.cli import main
from merchant_gateway.ledger import Ledger

ROLE, DATABASE = "mgw_scram", "mgw_scram_db"
PASSWORD, WRONG = "Right-pass 7f3a/9", "Wr0ng-pass-5c1e"  # a space and a slash: quoted in the URL
HBA_LINE = f"host all {ROLE} 127.0.0.1/32 scram-sha-256  # mgw test: a password for this role only\n"


def role_url(server_url: str, password: str) -> str:
    parts = urllib.parse.urlsplit(server_url)
    quoted = urllib.parse.quote(password, safe="")
    return f"postgresql://{ROLE}:{quoted}@{parts.hostname}:{parts.port}/{DATABASE}"


def _refused_without_password(server_url: str) -> bool:
    import psycopg

    try:
        psycopg.connect(role_url(server_url, "").replace(":@", "@"), connect_timeout=5).close()
    except psycopg.OperationalError:
        return True
    return False


@pytest.fixture
def scram_role(postgres_url: str) -> Iterator[str]:
    """The session server, with ROLE needing its password over loopback TCP while the test runs."""
    import psycopg

    with psycopg.connect(postgres_url, autocommit=True) as conn:
        hba = Path(str(conn.execute("SHOW hba_file").fetchone()[0]))  # type: ignore[index]
        conn.execute("SET password_encryption = 'scram-sha-256'")
        conn.execute(f"CREATE ROLE {ROLE} LOGIN PASSWORD '{PASSWORD}'")
        conn.execute(f"CREATE DATABASE {DATABASE} OWNER {ROLE}")
        original = hba.read_text(encoding="utf-8")
        try:
            hba.write_text(HBA_LINE + original, encoding="utf-8")  # first match wins: before the trust lines
            conn.execute("SELECT pg_reload_conf()")
            deadline = time.monotonic() + 30  # the reload is a signal: wait until the server applies it
            while not _refused_without_password(postgres_url):
                assert time.monotonic() < deadline, "the server did not apply the pg_hba.conf line"
                time.sleep(0.1)
            yield postgres_url
        finally:
            hba.write_text(original, encoding="utf-8")
            conn.execute("SELECT pg_reload_conf()")
            deadline = time.monotonic() + 30
            while _refused_without_password(postgres_url) and time.monotonic() < deadline:
                time.sleep(0.1)
            conn.execute(f"DROP DATABASE IF EXISTS {DATABASE} WITH (FORCE)")
            conn.execute(f"DROP ROLE IF EXISTS {ROLE}")


def test_the_right_password_opens_the_ledger_and_a_wrong_one_is_exit_2_naming_the_setting_without_the_password(
    scram_role: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    right, wrong = role_url(scram_role, PASSWORD), role_url(scram_role, WRONG)
    assert _refused_without_password(scram_role)  # the server really asks this role for a password
    Ledger.migrate(right)  # the role owns its database: it may create the ledger's tables
    with Ledger.open(right) as ledger:
        ledger.record_intent(merchant_id=MERCHANT, transaction_id="PW1", operation="debitV4Web", amount=100)
        assert ledger.get("PW1", MERCHANT) is not None
    assert main(["ledger", "--ledger", right, "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["total"] == 1

    for name in ("MGW_MERCHANT_ID", "MGW_SALT_KEY", "MGW_SALT_INDEX"):
        monkeypatch.setenv(name, {"MGW_MERCHANT_ID": MERCHANT, "MGW_SALT_KEY": SALT, "MGW_SALT_INDEX": "1"}[name])
    commands = [
        ["ledger", "--ledger", wrong],
        ["ledger", "show", "PW1", "--ledger", wrong],
        ["ledger", "migrate", "--ledger", wrong],
        ["reconcile", "--worker", "--once", "--ledger", wrong],
    ]
    for argv in commands:
        assert main(argv) == 2, argv
        out, err = capsys.readouterr()
        assert "MGW_LEDGER_URL" in err, (argv, err)
        assert "password authentication failed" in err, (argv, err)
        for secret in (WRONG, PASSWORD, urllib.parse.quote(PASSWORD, safe="")):
            assert secret not in out + err, argv
    monkeypatch.setenv("MGW_LEDGER_URL", wrong)  # the same through the variable, as one JSON document
    assert main(["ledger", "--json"]) == 2
    doc = json.loads(capsys.readouterr().out)
    assert doc["ok"] is False
    assert "MGW_LEDGER_URL" in doc["message"]
    assert WRONG not in json.dumps(doc)
