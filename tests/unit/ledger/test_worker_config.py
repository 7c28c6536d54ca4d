"""The worker's gateway timeout (issue 34): MGW_TIMEOUT, and --gateway-timeout over it; the worker's start event
says the one in force."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from ledger_support import MERCHANT, SALT
from merchant_gateway.cli import main
from merchant_gateway.ledger import Ledger


def started(err: str) -> dict[str, object]:
    docs = [json.loads(line) for line in err.splitlines() if line.startswith("{")]
    (event,) = [d for d in docs if d.get("event") == "worker.started"]
    return event


def test_the_gateway_timeout_comes_from_mgw_timeout_or_the_worker_flag(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    url = f"sqlite:///{tmp_path}/ledger.db"
    Ledger.migrate(url)
    for name, value in {"MGW_LEDGER_URL": url, "MGW_MERCHANT_ID": MERCHANT, "MGW_SALT_KEY": SALT}.items():
        monkeypatch.setenv(name, value)
    monkeypatch.setenv("MGW_SALT_INDEX", "1")
    once = ["reconcile", "--worker", "--once", "--log-format", "json"]
    assert main(once) == 0
    assert started(capsys.readouterr().err)["timeout"] == 15.0  # the default
    monkeypatch.setenv("MGW_TIMEOUT", "7")
    assert main(once) == 0
    assert started(capsys.readouterr().err)["timeout"] == 7.0
    assert main([*once, "--gateway-timeout", "2.5"]) == 0  # the flag over the variable
    assert started(capsys.readouterr().err)["timeout"] == 2.5
    assert main([*once, "--gateway-timeout", "-1"]) == 2  # checked like MGW_TIMEOUT: a configuration error
    assert "timeout" in capsys.readouterr().err
