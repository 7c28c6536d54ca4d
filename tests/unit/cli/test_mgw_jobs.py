"""`mgw collect` and `mgw intent` (start, wait, verify; `--json`) against a sandbox over real sockets, as a person
runs them. Against the local sandbox a wait checks at the sandbox's own pace (every second), not the public
reference's (first check 20 s after the start)."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from tests.unit.cli.conftest import Run

MERCHANT = "JOBSMERCHANT"
SALT = "jobs-salt-41c9"


@pytest.fixture(scope="module")
def sandbox() -> Iterator[Any]:
    sb = pytest.importorskip("merchant_gateway_sandbox")
    with sb.start_sandbox(port=0, merchant_id=MERCHANT, salts={"1": SALT}, settle_after=0.2) as running:
        yield running


@pytest.fixture
def env(sandbox: Any, env_for: Callable[..., dict[str, str]]) -> dict[str, str]:
    return env_for(sandbox, MERCHANT, SALT)


def test_collect_starts_waits_and_verifies_in_json(run_mgw: Run, env: dict[str, str]) -> None:
    done = run_mgw(
        "collect", "--json", "--amount", "1500", "--mobile", "9999999999",
        "--callback-url", "http://127.0.0.1:9/cb", "--wait", "--transaction-id", "JOBCOLLECT1", env=env,
    )  # fmt: skip
    assert done.returncode == 0, done.stdout + done.stderr
    doc = json.loads(done.stdout)
    assert doc["ok"] is True
    assert (doc["transaction_id"], doc["code"], doc["succeeded"], doc["verdict"]) == (
        "JOBCOLLECT1", "PAYMENT_SUCCESS", True, "succeeded",
    )  # fmt: skip
    assert (doc["amount"], doc["kind"], doc["final"]) == (1500, "collect", True)


def test_collect_without_wait_says_what_to_run_next(run_mgw: Run, env: dict[str, str]) -> None:
    started = run_mgw(
        "collect", "--amount", "1500", "--mobile", "9999999999", "--callback-url", "http://127.0.0.1:9/cb",
        "--transaction-id", "JOBCOLLECT2", env=env,
    )  # fmt: skip
    assert started.returncode == 0, started.stderr
    assert "collect request JOBCOLLECT2 sent (not paid yet)" in started.stdout
    assert "mgw status JOBCOLLECT2 --expected-amount 1500" in started.stdout


def test_collect_needs_its_callback_url(run_mgw: Run, env: dict[str, str]) -> None:
    refused = run_mgw("collect", "--amount", "1500", "--mobile", "9999999999", env=env)
    assert refused.returncode == 2
    assert "--callback-url" in refused.stderr


def test_intent_prints_the_intent_url_and_waits(run_mgw: Run, env: dict[str, str]) -> None:
    done = run_mgw(
        "intent", "--json", "--amount", "700", "--platform-version-code", "400922", "--wait",
        "--transaction-id", "JOBINTENT1", env=env,
    )  # fmt: skip
    assert done.returncode == 0, done.stdout + done.stderr
    doc = json.loads(done.stdout)
    assert doc["intent_url"].startswith("upi://")
    assert (doc["code"], doc["succeeded"], doc["kind"]) == ("PAYMENT_SUCCESS", True, "intent")
    assert doc["checks"] <= 2  # the sandbox's pace: settled at 0.2 s, seen by the check at 1 s


def test_upi_intent_names_the_app_package(run_mgw: Run, env: dict[str, str]) -> None:
    started = run_mgw(
        "intent", "--json", "--upi", "--mobile", "9999999999", "--amount", "800", "--user-id", "U1", env=env
    )
    assert started.returncode == 0, started.stdout + started.stderr
    doc = json.loads(started.stdout)
    assert doc["kind"] == "upi-intent"
    assert doc["intent_url"]
    assert doc["package"]
    assert doc["state"] == "awaiting_payment"


def test_intent_without_its_version_code_says_what_to_give(run_mgw: Run, env: dict[str, str]) -> None:
    refused = run_mgw("intent", "--amount", "700", env=env)
    assert refused.returncode == 2
    assert "--platform-version-code: is required for an intent payment" in refused.stderr
    assert "--upi --mobile" in refused.stderr
    upi = run_mgw("intent", "--upi", "--amount", "700", env=env)
    assert upi.returncode == 2
    assert "--mobile: is required with --upi" in upi.stderr


def test_pay_wait_against_the_local_sandbox_uses_its_pace(run_mgw: Run, env: dict[str, str]) -> None:
    done = run_mgw("pay", "--json", "--amount", "900", "--wait", "--callback-url", "http://127.0.0.1:9/cb", env=env)
    assert done.returncode == 0, done.stdout + done.stderr
    doc = json.loads(done.stdout)
    assert doc["code"] == "PAYMENT_SUCCESS"
    assert doc["checks"] <= 2
