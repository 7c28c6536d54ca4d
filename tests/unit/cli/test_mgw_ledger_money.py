"""Money moved from the shell goes through the ledger when one is configured (issue 23): `mgw pay`, `mgw refund` and
`mgw reconcile TXN` with MGW_LEDGER_URL or --ledger record the write-ahead, the attempts and the answers as a web
process does, and a status is judged by the ledger's record. Run as a person runs them (a subprocess) against the
sandbox, on a SQLite file and on a PostgreSQL server. Without a ledger they run as before (test_mgw_cli.py)."""

from __future__ import annotations

import itertools
import json
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from merchant_gateway.ledger import ACCEPTED, FINAL, Ledger

from tests.support.ports import refusing_port
from tests.support.postgres import fresh_database

MERCHANT = "CLILEDGERMERCHANT"
SALT = "cli-ledger-salt-7b21"
WAIT = ("--poll-every", "0.2", "--deadline", "30")
_ids = itertools.count()


@pytest.fixture(scope="module")
def sandbox() -> Iterator[Any]:
    sb = pytest.importorskip("merchant_gateway_sandbox")
    with sb.start_sandbox(port=0, merchant_id=MERCHANT, salts={"1": SALT}, settle_after=0.2) as running:
        yield running


@pytest.fixture(params=["sqlite", "postgres"])
def ledger_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """A new ledger, migrated as a deployment would (mgw and Ledger.open never create the schema)."""
    if request.param == "sqlite":
        Ledger.migrate(f"sqlite:///{tmp_path}/ledger.db")
        return f"sqlite:///{tmp_path}/ledger.db"
    url = fresh_database(request.getfixturevalue("postgres_server").url, "mgw_cli")  # tests/conftest.py's server
    Ledger.migrate(url)
    return url


@pytest.fixture
def env(sandbox: Any, env_for: Callable[..., dict[str, str]]) -> dict[str, str]:
    return env_for(sandbox, MERCHANT, SALT)


@pytest.fixture
def txn() -> Callable[[str], str]:
    run = next(_ids)
    return lambda name: f"{name}L{run}"


def seen_by_sandbox(sandbox: Any, transaction_id: str) -> bool:
    response = httpx.get(f"{sandbox.origin}/_sandbox/transactions/{MERCHANT}/{transaction_id}", timeout=10)
    return response.status_code == 200


def sources(ledger: Ledger, transaction_id: str) -> list[str]:
    return [e["source"] for e in ledger.events(transaction_id, MERCHANT)]


def test_pay_and_refund_record_the_write_ahead_attempts_and_answers(
    run_mgw: Any, env: dict[str, str], ledger_url: str, txn: Callable[[str], str]
) -> None:
    pay = run_mgw(
        "pay", "--json", "--amount", "1234", "--transaction-id", txn("PAY"), env={**env, "MGW_LEDGER_URL": ledger_url}
    )
    assert pay.returncode == 0, pay.stdout + pay.stderr
    assert json.loads(pay.stdout)["ledger_state"] == ACCEPTED
    # --ledger instead of the variable, and a refund: its own row, tied to the payment
    refund = run_mgw(
        "refund", "--json", "--original", txn("PAY"), "--amount", "234", "--original-amount", "1234",
        "--transaction-id", txn("RF"), "--ledger", ledger_url, env=env,
    )  # fmt: skip
    assert refund.returncode == 0, refund.stdout + refund.stderr
    with Ledger.open(ledger_url) as ledger:
        paid, refunded = ledger.get(txn("PAY"), MERCHANT), ledger.get(txn("RF"), MERCHANT)
        assert paid is not None
        assert refunded is not None
        assert (paid.operation, paid.amount, paid.state, paid.attempts) == ("debitV4Web", 1234, ACCEPTED, 1)
        assert sources(ledger, txn("PAY")) == ["intent", "answer"]
        assert (refunded.kind, refunded.amount, refunded.original_transaction_id) == ("refund", 234, txn("PAY"))
        assert refunded.attempts == 1
        assert sources(ledger, txn("RF")) == ["intent", "answer"]


def test_pay_wait_and_reconcile_are_judged_by_the_ledgers_record(
    run_mgw: Any, env: dict[str, str], ledger_url: str, txn: Callable[[str], str]
) -> None:
    with_ledger = {**env, "MGW_LEDGER_URL": ledger_url}
    waited = run_mgw(
        "pay", "--json", "--amount", "4321", "--transaction-id", txn("W"), "--wait", *WAIT, env=with_ledger
    )
    assert waited.returncode == 0, waited.stdout + waited.stderr
    doc = json.loads(waited.stdout)
    assert (doc["code"], doc["final"], doc["ledger_state"], doc["succeeded"]) == ("PAYMENT_SUCCESS", True, FINAL, True)

    assert run_mgw("pay", "--amount", "700", "--transaction-id", txn("R"), env=with_ledger).returncode == 0
    wrong = run_mgw("reconcile", f"{txn('R')}:701", *WAIT, env=with_ledger)
    assert wrong.returncode == 2
    assert "700 paise" in wrong.stderr
    rec = run_mgw("reconcile", "--json", txn("R"), *WAIT, env=with_ledger)  # the id alone: the ledger knows the amount
    assert rec.returncode == 0, rec.stdout + rec.stderr
    (row,) = json.loads(rec.stdout)["outcomes"]
    assert (row["transaction_id"], row["code"], row["final"], row["succeeded"]) == (
        txn("R"),
        "PAYMENT_SUCCESS",
        True,
        True,
    )
    with Ledger.open(ledger_url) as ledger:
        p = ledger.get(txn("R"), MERCHANT)
        assert p is not None
        assert (p.state, p.code, p.final_source) == (FINAL, "PAYMENT_SUCCESS", "status")


def test_reconcile_trusts_the_ledgers_amount_not_the_answer(
    run_mgw: Any, env: dict[str, str], ledger_url: str, txn: Callable[[str], str]
) -> None:
    """The sandbox's record says 1000 paise were paid; the ledger recorded 999 as sent: the answer proves nothing
    about this payment, so it stays open (a person looks at it), although a plain reading would call it paid."""
    assert run_mgw("pay", "--amount", "1000", "--transaction-id", txn("M"), env=env).returncode == 0  # no ledger
    with Ledger.open(ledger_url) as ledger:
        ledger.record_intent(merchant_id=MERCHANT, transaction_id=txn("M"), operation="debitV4Web", amount=999)
        ledger.record_answer(MERCHANT, txn("M"), "PAYMENT_INITIATED")
    rec = run_mgw("reconcile", "--json", txn("M"), "--poll-every", "0.2", "--deadline", "1",
                  env={**env, "MGW_LEDGER_URL": ledger_url})  # fmt: skip
    assert rec.returncode == 4, rec.stdout + rec.stderr
    (row,) = json.loads(rec.stdout)["outcomes"]
    assert (row["final"], row["ledger_state"]) == (False, ACCEPTED)
    with Ledger.open(ledger_url) as ledger:
        assert any("amount" in (e["detail"] or "") for e in ledger.events(txn("M"), MERCHANT))
    plain = run_mgw("reconcile", "--json", f"{txn('M')}:1000", "--poll-every", "0.2", "--deadline", "5", env=env)
    assert json.loads(plain.stdout)["outcomes"][0]["code"] == "PAYMENT_SUCCESS"  # without the ledger: as before


@pytest.mark.parametrize("backend", ["sqlite", "postgres"])
def test_a_ledger_that_is_down_is_one_line_and_nothing_is_sent(
    run_mgw: Any, env: dict[str, str], sandbox: Any, txn: Callable[[str], str], tmp_path: Path, backend: str
) -> None:
    (tmp_path / "broken.db").write_bytes(b"not a database" * 100)  # a file SQLite cannot read: unusable
    with refusing_port() as port:  # refused while the test runs, never another test's server
        url = (
            f"sqlite:///{tmp_path}/broken.db"
            if backend == "sqlite"
            else f"postgresql://shop:not-shown-4d1@127.0.0.1:{port}/shop"
        )
        for argv in (
            ("pay", "--amount", "100", "--transaction-id", txn("DOWN")),
            (
                "refund",
                "--original",
                txn("DOWN"),
                "--amount",
                "1",
                "--original-amount",
                "100",
                "--transaction-id",
                txn("DR"),
            ),
        ):
            out = run_mgw(*argv, env={**env, "MGW_LEDGER_URL": url})
            assert out.returncode == 6, out.stdout + out.stderr  # the ledger's database cannot be used
            assert out.stderr.count("\n") == 1
            assert "ledger" in out.stderr
            assert "nothing was sent" in out.stderr
            assert "not-shown-4d1" not in out.stderr
    assert not seen_by_sandbox(sandbox, txn("DOWN"))
    assert not seen_by_sandbox(sandbox, txn("DR"))
