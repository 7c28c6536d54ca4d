"""`mgw ledger` and `mgw reconcile --worker` against a real ledger (SQLite file) and the sandbox."""

from __future__ import annotations

import json
import time
from typing import Any

import pytest
from ledger_support import MERCHANT, SALT, settings
from merchant_gateway import Gateway
from merchant_gateway.cli import main
from merchant_gateway.ledger import Ledger

FULFILLED: list[str] = []


def fulfil(payment: Any) -> None:  # the merchant's hook, loaded by `--hook test_cli_ledger:fulfil`
    FULFILLED.append(payment.transaction_id)


def test_worker_settles_what_a_dead_web_process_left_and_ledger_shows_progress(
    tmp_path: Any, sandbox: Any, capsys: pytest.CaptureFixture[str], t: Any
) -> None:
    url = f"sqlite:///{tmp_path}/cli.db"
    Ledger.migrate(url)
    # a web process started three payments 100 s ago and died before any final state was known
    with (
        Ledger.open(url, clock=lambda: time.time() - 100) as web,
        Gateway(**settings(sandbox), observer=web.observer) as gw,
    ):
        for i in range(3):
            gw.debit_v4_web(transaction_id=t(f"CLI{i}"), amount=1000 + i, merchant_order_id="O", merchant_user_id="U")
    sandbox.advance(6)
    assert main(["ledger", "--ledger", url, "--json"]) == 0
    view = json.loads(capsys.readouterr().out)
    assert (view["total"], view["open"]) == (3, 3)
    assert {r["state"] for r in view["unfinished"]} == {"accepted"}
    assert all(r["next_check_in_s"] < 0 for r in view["unfinished"])  # overdue for their first check
    flags = ["--base-url", sandbox.base_url, "--apps-url", sandbox.apps_url, "--auth-url", sandbox.auth_url]
    flags += ["--merchant-id", MERCHANT, "--salt-key", SALT, "--salt-index", "1"]
    FULFILLED.clear()
    argv = ["reconcile", "--worker", "--once", "--ledger", url, "--hook", "test_cli_ledger:fulfil", "--json", *flags]
    assert main(argv) == 0
    done = json.loads(capsys.readouterr().out)
    assert done["finals"] == 3
    assert done["checks"] == 3
    assert sorted(FULFILLED) == sorted(t(f"CLI{i}") for i in range(3))
    assert main(["ledger", "--ledger", url]) == 0
    text = capsys.readouterr().out
    assert "3/3 final (100.0 %), 0 open" in text
    assert "final:PAYMENT_SUCCESS 3" in text


def test_ledger_command_needs_a_ledger(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("MGW_LEDGER_URL", raising=False)
    assert main(["ledger"]) == 2
    assert "MGW_LEDGER_URL" in capsys.readouterr().err
