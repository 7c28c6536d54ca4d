"""What `mgw` says (issue 17): a callback mismatch is a mismatch, a signing path the gateway never hashes is named
with the right one, every subcommand is in `mgw --help` and takes --json, `mgw refund` belongs to the original
order, a started payment reads as awaiting payment, and pending is shown as pending (including a gateway that
reports paymentState PENDING), never as an error."""

from __future__ import annotations

import argparse
import json
import re
import subprocess
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

MERCHANT = "MSGMERCHANT"
SALT = "msg-salt-41d0c2"
ROOT = Path(__file__).resolve().parents[3]
Run = Callable[..., subprocess.CompletedProcess[str]]


@pytest.fixture(scope="module")
def sandbox() -> Iterator[Any]:
    """A manual clock: payments stay pending until a test moves it (5 s of sandbox time settle them)."""
    sb = pytest.importorskip("merchant_gateway_sandbox")
    with sb.start_sandbox(
        port=0, merchant_id=MERCHANT, salts={"1": SALT}, settle_after=5.0, clock=sb.ManualClock()
    ) as running:
        yield running


class StatusReads:
    """Counts the status requests that reach the sandbox (its fault hook runs once per gateway request)."""

    def __init__(self, running: Any) -> None:
        self.count = 0
        self._faults = running.sandbox.faults
        self._take = self._faults.take

        def take(operation_id: str) -> Any:
            if operation_id == "getTransactionStatus":
                self.count += 1
            return self._take(operation_id)

        self._faults.take = take

    def wait_for(self, count: int, timeout: float = 30.0) -> None:
        deadline = time.monotonic() + timeout
        while self.count < count:
            assert time.monotonic() < deadline, f"only {self.count} status reads"
            time.sleep(0.02)

    def restore(self) -> None:
        self._faults.take = self._take


@pytest.fixture
def env(sandbox: Any, env_for: Callable[..., dict[str, str]]) -> dict[str, str]:
    return env_for(sandbox, MERCHANT, SALT)


def vector(kind: str, index: int = 0) -> dict[str, Any]:
    vectors = json.loads((ROOT / "spec/vectors/signing.json").read_text(encoding="utf-8"))
    return vectors[kind][index]  # type: ignore[no-any-return]


# --- verify-callback -----------------------------------------------------------------------------------------------


def test_a_validly_signed_callback_with_another_amount_is_a_mismatch_not_a_signature_failure(
    run_mgw: Run, tmp_path: Path
) -> None:
    v = vector("callback_signature")
    env = {"MGW_SALT_KEY": v["salt_key"], "MGW_SALT_INDEX": v["salt_index"]}
    body = tmp_path / "cb.json"
    body.write_text(json.dumps({"response": v["response_b64"]}))
    human = run_mgw(
        "verify-callback", "--body", str(body), "--x-verify", v["expect"], "--expected-amount", "101", env=env
    )
    assert human.returncode == 1
    assert "signature check failed" not in human.stderr
    assert "signature verified" in human.stderr
    assert "amount 100 paise differs from the 101 paise sent" in human.stderr
    as_json = run_mgw(
        "verify-callback", "--json", "--body", str(body), "--x-verify", v["expect"], "--expected-amount", "101", env=env
    )
    doc = json.loads(as_json.stdout)
    assert as_json.returncode == 1
    assert doc["ok"] is False
    assert doc["error"] == "callback_mismatch"
    # a tampered signature is still a signature failure
    wrong = run_mgw("verify-callback", "--body", str(body), "--x-verify", "0" * 64 + "###1", env=env)
    assert wrong.returncode == 1
    assert "signature check failed" in wrong.stderr


# --- sign ----------------------------------------------------------------------------------------------------------


def test_sign_warns_on_a_path_the_gateway_never_signs_and_names_the_right_one(run_mgw: Run) -> None:
    v = vector("body_signature")
    env = {"MGW_SALT_KEY": v["salt_key"], "MGW_SALT_INDEX": v["salt_index"]}
    slash = run_mgw("sign", "--path", "/v4/debit/", "--payload", v["payload_json"], env=env)
    assert slash.returncode == 0  # still signed as asked: the warning helps debug a checksum mismatch
    assert "warning" in slash.stderr
    assert "/v4/debit/" in slash.stderr
    assert re.search(r"it is /v4/debit \(debitV4Web", slash.stderr), slash.stderr
    doc = json.loads(run_mgw("sign", "--json", "--path", "/v4/debit/", "--payload", "{}", env=env).stdout)
    assert doc["ok"] is True
    assert any("it is /v4/debit " in w for w in doc["warnings"])

    right = run_mgw("sign", "--path", "/v4/debit", "--payload", v["payload_json"], env=env)
    assert right.returncode == 0
    assert right.stderr == ""
    status_path = run_mgw("sign", "--path", "/v3/transaction/M1/T1/status", env=env)
    assert status_path.stderr == ""
    profile = run_mgw("sign", "--path", "/v3/profile", "--payload", "{}", env=env)  # a mobile-SDK resource
    assert profile.stderr == ""
    mode = run_mgw("sign", "--path", "/v3/transaction/M1/T1/status", "--payload", "{}", env=env)
    assert "filled path alone" in mode.stderr


def test_every_signing_path_of_the_generated_code_is_known_and_its_slashed_twin_is_named() -> None:
    from merchant_gateway.cli.commands import signing_path_warnings
    from merchant_gateway_client.operations import OPERATIONS

    checked = 0
    for op in OPERATIONS.values():
        mode, path = getattr(op.module, "SIGNING_MODE", "none"), getattr(op.module, "SIGNING_PATH", None)
        if mode == "none" or path is None:
            continue
        filled = re.sub(r"\{[^}]+\}", "X1", path)
        assert signing_path_warnings(filled, mode) == [], op.name
        (warning,) = signing_path_warnings(filled + "/", mode)
        assert f"it is {filled} (" in warning
        assert op.operation_id in warning
        checked += 1
    assert checked >= 20


# --- help and --json -----------------------------------------------------------------------------------------------


def subcommands() -> dict[str, argparse.ArgumentParser]:
    from merchant_gateway.cli import _parser

    sub = next(a for a in _parser()._actions if isinstance(a, argparse._SubParsersAction))
    return dict(sub.choices)


def test_help_lists_every_subcommand_and_the_sandbox_usage_says_mgw_sandbox(run_mgw: Run) -> None:
    help_text = run_mgw("--help").stdout
    names = set(subcommands())
    assert names >= {"sign", "verify-callback", "pay", "status", "refund", "reconcile", "token", "demo", "sandbox"}
    for name in names:
        assert re.search(rf"^\s+{re.escape(name)}\b", help_text, re.M), name
    sandbox_help = run_mgw("sandbox", "--help")
    assert sandbox_help.returncode == 0
    assert sandbox_help.stdout.startswith("usage: mgw sandbox")
    assert "merchant_gateway_sandbox" not in sandbox_help.stdout


def test_every_subcommand_takes_json(run_mgw: Run) -> None:
    for name, command in subcommands().items():
        if name == "sandbox":
            assert "--json" in run_mgw("sandbox", "--help").stdout
            continue
        assert any("--json" in a.option_strings for a in command._actions), name
    usage = run_mgw("pay", "--json", "--no-such-flag")
    assert usage.returncode == 2
    assert json.loads(usage.stdout)["error"] == "usage"


def test_mgw_sandbox_json_prints_one_document(start_mgw: Callable[..., subprocess.Popen[str]]) -> None:
    proc = start_mgw("sandbox", "--json", "--port", "0", "--merchant-id", "SBXJSON", "--salt-key", "sbx-json-salt")
    assert proc.stdout is not None
    urls = json.loads(proc.stdout.readline())
    assert set(urls) == {"MGW_BASE_URL", "MGW_APPS_URL", "MGW_AUTH_URL"}
    assert httpx.get(urls["MGW_BASE_URL"].rsplit("/apis/", 1)[0] + "/_sandbox/health", timeout=10).json()["ok"]
    proc.terminate()
    assert proc.wait(timeout=30) == 0


# --- pay, status, refund against the sandbox ----------------------------------------------------------------------


def test_pay_says_awaiting_payment_never_started_payment_success(run_mgw: Run, env: dict[str, str]) -> None:
    human = run_mgw("pay", "--amount", "1500", "--transaction-id", "MSGPAY1", env=env)
    assert human.returncode == 0, human.stderr
    assert "PAYMENT_SUCCESS" not in human.stdout
    assert "awaiting payment" in human.stdout
    assert "mgw status MSGPAY1" in human.stdout
    doc = json.loads(run_mgw("pay", "--json", "--amount", "1500", "--transaction-id", "MSGPAY2", env=env).stdout)
    # issue 27: no code at all for a start (the README: a start has no code on purpose)
    assert doc["state"] == "awaiting_payment", doc
    assert not [key for key in doc if "code" in key], doc
    assert "PAYMENT_SUCCESS" not in json.dumps(doc)
    assert doc["redirect_url"].startswith("http://127.0.0.1:")


def test_refund_belongs_to_the_original_order_by_default(run_mgw: Run, env: dict[str, str], sandbox: Any) -> None:
    assert run_mgw("pay", "--amount", "5000", "--transaction-id", "MSGORD1", env=env).returncode == 0
    sandbox.advance(5)
    done = run_mgw(
        "status", "MSGORD1", "--expected-amount", "5000", "--wait", "--poll-every", "0.1", "--deadline", "30", env=env
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert "PAYMENT_SUCCESS" in done.stdout, done.stdout + done.stderr
    refund = run_mgw(
        "refund", "--json", "--original", "MSGORD1", "--amount", "700", "--transaction-id", "MSGRF1", env=env
    )
    assert refund.returncode == 0, refund.stdout + refund.stderr
    doc = json.loads(refund.stdout)
    assert doc["merchant_order_id"] == "MSGORD1"
    assert doc["code"] == "PAYMENT_PENDING"
    assert doc["final"] is False
    recorded = httpx.get(f"{sandbox.origin}/_sandbox/transactions/{MERCHANT}/MSGRF1", timeout=10).json()
    assert recorded["merchantOrderId"] == "MSGORD1"  # what the gateway received: the payment's order id
    explicit = run_mgw(
        "refund",
        "--json",
        "--original",
        "MSGORD1",
        "--amount",
        "100",
        "--order-id",
        "OD-77",
        "--transaction-id",
        "MSGRF2",
        env=env,
    )
    assert json.loads(explicit.stdout)["merchant_order_id"] == "OD-77"
    human = run_mgw("refund", "--original", "MSGORD1", "--amount", "100", "--transaction-id", "MSGRF3", env=env)
    assert human.returncode == 0
    assert "PAYMENT_PENDING (pending" in human.stdout
    assert human.stderr == ""


def test_status_and_pay_wait_read_payment_state_pending(
    run_mgw: Run, start_mgw: Callable[..., subprocess.Popen[str]], env: dict[str, str], sandbox: Any
) -> None:
    """Sandbox amount 4005: while pending, status answers carry paymentState PENDING (a value the document does not
    list); `mgw status` shows it as pending and `mgw pay --wait` reads it on every check until the final code."""
    assert run_mgw("pay", "--amount", "4005", "--transaction-id", "MSGPS1", env=env).returncode == 0
    status = run_mgw("status", "MSGPS1", "--json", env=env)
    doc = json.loads(status.stdout)
    assert status.returncode == 0
    assert doc["code"] == "PAYMENT_PENDING"
    assert doc["payment_state"] == "PENDING"
    assert doc["final"] is False
    human = run_mgw("status", "MSGPS1", env=env)
    assert human.returncode == 0
    assert human.stderr == ""
    assert human.stdout.startswith("MSGPS1: PAYMENT_PENDING, amount 4005 paise (pending: not final yet")

    reads = StatusReads(sandbox)
    try:
        proc = start_mgw(
            "pay",
            "--json",
            "--amount",
            "4005",
            "--transaction-id",
            "MSGPS2",
            "--wait",
            "--poll-every",
            "0.05",
            "--deadline",
            "60",
            env=env,
        )
        reads.wait_for(3)  # three PENDING answers read while the clock stands still
        sandbox.advance(5)
        out, err = proc.communicate(timeout=60)
    finally:
        reads.restore()
    assert proc.returncode == 0, out + err
    doc = json.loads(out)
    assert doc["code"] == "PAYMENT_SUCCESS"
    assert doc["final"] is True
    assert doc["payment_state"] == "COMPLETED"
    assert doc["checks"] >= 4

    status_wait = run_mgw(
        "status", "MSGPS1", "--expected-amount", "4005", "--wait", "--poll-every", "0.1", "--deadline", "30", env=env
    )
    assert status_wait.returncode == 0
    assert "MSGPS1: PAYMENT_SUCCESS, amount 4005 paise" in status_wait.stdout


def test_not_final_before_the_deadline_is_shown_as_pending_not_as_an_error(run_mgw: Run, env: dict[str, str]) -> None:
    """Sandbox amount 4004 stays pending: the wait ends at the deadline with exit 4 and says pending."""
    human = run_mgw(
        "pay",
        "--amount",
        "4004",
        "--transaction-id",
        "MSGPD1",
        "--wait",
        "--poll-every",
        "0.1",
        "--deadline",
        "0.5",
        env=env,
    )
    assert human.returncode == 4
    assert "still PAYMENT_PENDING" in human.stdout
    assert "pending is not failed" in human.stdout
    assert "error" not in human.stderr
    assert "mgw status MSGPD1" in human.stdout
    as_json = run_mgw(
        "status",
        "MSGPD1",
        "--json",
        "--expected-amount",
        "4004",
        "--wait",
        "--poll-every",
        "0.1",
        "--deadline",
        "0.5",
        env=env,
    )
    doc = json.loads(as_json.stdout)
    assert as_json.returncode == 4
    assert doc["ok"] is True
    assert doc["final"] is False
    assert doc["code"] == "PAYMENT_PENDING"
    bad = run_mgw("status", "MSGPD1", "--wait", "--expected-amount", "4004", "--deadline", "0", env=env)
    assert bad.returncode == 2
    assert "--deadline" in bad.stderr
