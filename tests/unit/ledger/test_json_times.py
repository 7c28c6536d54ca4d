"""Every `mgw ... --json` prints times as ISO 8601 (issue 34): each command that takes --json is run here (against
the sandbox and a SQLite ledger holding payments, events, a failing hook, a worker's heartbeat and a fleet setting),
and its document fails the test if a time field (``*_at``, ``*_until``, ``at``, ``deadline``) holds anything but an
ISO 8601 UTC string or null, or if any number anywhere looks like an epoch time (seconds or milliseconds). A command
added later with --json and not run here fails the first test."""

from __future__ import annotations

import argparse
import datetime
import json
import os
import time
from pathlib import Path
from typing import Any

import pytest
from ledger_support import MERCHANT, SALT, settings
from merchant_gateway import Gateway
from merchant_gateway.cli import main
from merchant_gateway.cli.output import is_time_field
from merchant_gateway.ledger import Ledger

# not run here, and why: each prints no time (its document is checked where it is tested)
NOT_RUN = {"demo": "a guided tour that waits for a person (tests/unit/cli/test_mgw_demo.py)"}
EPOCH_LIKE = (1e9, 1e13)  # 2001 onwards in seconds, or in milliseconds up to 2286


def refuse(payment: Any) -> None:  # the merchant's hook, failing: its payment's hook stays pending with an error
    raise RuntimeError("the shop is closed")


def json_commands() -> set[str]:
    from merchant_gateway.cli import _parser

    def subparsers(parser: argparse.ArgumentParser) -> dict[str, argparse.ArgumentParser]:
        found = [a for a in parser._actions if isinstance(a, argparse._SubParsersAction)]
        return dict(found[0].choices) if found else {}

    def takes_json(parser: argparse.ArgumentParser) -> bool:
        return any("--json" in a.option_strings for a in parser._actions)

    names = set()
    for name, parser in subparsers(_parser()).items():
        if takes_json(parser):
            names.add(name)
        names.update(f"{name} {action}" for action, sub in subparsers(parser).items() if takes_json(sub))
    return names


def problems(doc: Any, where: str = "") -> list[str]:
    """Every time field that is not ISO 8601 UTC (or null), and every epoch-like number, by its path."""
    found: list[str] = []
    if isinstance(doc, dict):
        for key, value in doc.items():
            path = f"{where}.{key}"
            if is_time_field(key) and value is not None:
                if not isinstance(value, str) or not value.endswith("Z"):
                    found.append(f"{path}={value!r}: not an ISO 8601 UTC time")
                else:
                    datetime.datetime.fromisoformat(value.replace("Z", "+00:00"))  # raises if it is not one
            found += problems(value, path)
    elif isinstance(doc, list):
        for i, value in enumerate(doc):
            found += problems(value, f"{where}[{i}]")
    elif isinstance(doc, int | float) and not isinstance(doc, bool) and EPOCH_LIKE[0] <= abs(doc) <= EPOCH_LIKE[1]:
        found.append(f"{where}={doc!r}: an epoch-like number")
    return found


def test_the_checker_fails_on_epoch_numbers() -> None:
    now = time.time()
    assert problems({"payment": {"created_at": now}}) == [
        f".payment.created_at={now!r}: not an ISO 8601 UTC time",
        f".payment.created_at={now!r}: an epoch-like number",
    ]
    assert problems({"events": [{"at": 1_800_000_000}]})
    assert problems({"beat_age_s": 3.5, "seen": int(now * 1000)}) == [f".seen={int(now * 1000)}: an epoch-like number"]
    assert problems({"at": "2026-11-28T00:24:24.123Z", "amount": 1000, "deadline": None}) == []


def test_every_json_command_prints_iso_times(
    tmp_path: Path, sandbox: Any, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], t: Any
) -> None:
    url = f"sqlite:///{tmp_path}/times.db"
    Ledger.migrate(url)
    sandbox.sandbox.faults.clear()
    with (
        Ledger.open(url, clock=lambda: time.time() - 100) as web,
        Gateway(**settings(sandbox), observer=web.observer) as gw,
    ):
        for name in ("PAID", "OPEN", "STUCK"):
            gw.debit_v4_web(transaction_id=t(name), amount=1000, merchant_order_id=t(name), merchant_user_id="U")
    sandbox.advance(6)
    for name in [n for n in os.environ if n.startswith("MGW_")]:
        monkeypatch.delenv(name)
    env = {
        "MGW_LEDGER_URL": url,
        "MGW_BASE_URL": sandbox.base_url,
        "MGW_APPS_URL": sandbox.apps_url,
        "MGW_AUTH_URL": sandbox.auth_url,
        "MGW_MERCHANT_ID": MERCHANT,
        "MGW_SALT_KEY": SALT,
        "MGW_SALT_INDEX": "1",
        "MGW_CLIENT_ID": "SANDBOXCLIENT",  # the sandbox's own (mgw token)
        "MGW_CLIENT_SECRET": "sandbox-secret",
    }
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    body = tmp_path / "callback.json"
    body.write_text('{"response": "e30="}', encoding="utf-8")
    paid, stuck = t("PAID"), t("STUCK")
    runs: dict[str, list[str]] = {
        # the worker first: it settles the three payments (their hooks fail, so they stay pending) and beats
        "reconcile": ["reconcile", "--worker", "--once", "--hook", "test_json_times:refuse"],
        "ledger": ["ledger"],
        "ledger show": ["ledger", "show", paid],
        "ledger hooks": ["ledger", "hooks"],
        "ledger retry-hook": ["ledger", "retry-hook", "--all-failed", "--operator", "tester"],
        "ledger workers": ["ledger", "workers", "--all"],
        "ledger check": ["ledger", "check", t("OPEN")],
        "ledger resolve": ["ledger", "resolve", stuck, "--state", "PAYMENT_ERROR", "--reason", "r", "--operator", "o"],
        "ledger health": ["ledger", "health"],
        "ledger settings": ["ledger", "settings", "--set", "grace=90", "--by", "tester"],
        "ledger migrate": ["ledger", "migrate", "--check"],
        "token": ["token"],
        "status": ["status", paid],
        "pay": ["pay", "--amount", "500", "--transaction-id", t("NEW")],
        "refund": ["refund", "--original", paid, "--amount", "100", "--original-amount", "1000"],
        "collect": ["collect", "--amount", "100", "--mobile", "9000000001", "--callback-url", "http://127.0.0.1:9/cb"],
        "intent": ["intent", "--amount", "100", "--platform-version-code", "1"],
        "sign": ["sign", "--path", "/v4/debit", "--payload", '{"amount": 100}'],
        "verify-callback": ["verify-callback", "--body", str(body), "--x-verify", "0" * 64 + "###1"],
        "artifacts": ["artifacts"],
    }
    assert set(runs) | set(NOT_RUN) == json_commands()
    seen: dict[str, Any] = {}
    for name, argv in runs.items():
        status = main([*argv, "--json"])
        out = capsys.readouterr().out
        doc = json.loads(out)  # one document, whatever the outcome
        assert status in (0, 1, 4, 7, 8), (name, status, doc)  # done, refused, open, health: never 2
        assert problems(doc) == [], (name, doc)
        seen[name] = doc
    # the documents that hold times hold them as ISO 8601 (not merely: no number)
    assert seen["reconcile"]["finals"] >= 1
    assert seen["ledger show"]["payment"]["created_at"].endswith("Z")
    assert all(e["at"].endswith("Z") for e in seen["ledger show"]["events"])
    assert seen["ledger hooks"]["hooks"][0]["final_at"].endswith("Z")
    assert seen["ledger workers"]["workers"][0]["beat_at"].endswith("Z")
    assert seen["ledger settings"]["set"]["grace"]["at"].endswith("Z")
    assert seen["token"]["expires_at"].endswith("Z")
