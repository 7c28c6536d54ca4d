"""The `mgw` command line via subprocess: human and --json output, exit codes, secrets never printed."""

from __future__ import annotations

import base64
import hashlib
import json
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

MERCHANT = "CLIMERCHANT"
SALT = "cli-salt-0f3a9d"
ROOT = Path(__file__).resolve().parents[3]


def mgw(*args: str, env: dict[str, str] | None = None, stdin: bytes | None = None) -> subprocess.CompletedProcess[str]:
    full_env = {k: v for k, v in os.environ.items() if not k.startswith("MGW_")}
    full_env.update(env or {})
    return subprocess.run(
        [sys.executable, "-m", "merchant_gateway", *args],
        env=full_env,
        input=stdin.decode() if stdin is not None else None,
        capture_output=True,
        text=True,
        timeout=120,
        cwd=ROOT,
    )


@pytest.fixture(scope="module")
def sandbox() -> Iterator[Any]:
    sb = pytest.importorskip("merchant_gateway_sandbox")
    with sb.start_sandbox(
        port=0,
        merchant_id=MERCHANT,
        salts={"1": SALT},
        settle_after=0.2,
        client_id="CLICLIENT",
        client_secret="cli-client-secret-55",
    ) as running:
        yield running


@pytest.fixture
def env(sandbox: Any) -> dict[str, str]:
    return {
        "MGW_ENV": "local",
        "MGW_BASE_URL": sandbox.base_url,
        "MGW_APPS_URL": sandbox.apps_url,
        "MGW_AUTH_URL": sandbox.auth_url,
        "MGW_MERCHANT_ID": MERCHANT,
        "MGW_SALT_KEY": SALT,
        "MGW_SALT_INDEX": "1",
        "MGW_CLIENT_ID": "CLICLIENT",
        "MGW_CLIENT_SECRET": "cli-client-secret-55",
    }


def assert_no_secrets(text: str, *secrets: str) -> None:
    for secret in secrets:
        assert secret not in text


def test_sign_matches_the_shared_vector_without_printing_the_payload() -> None:
    vectors = json.loads((ROOT / "spec/vectors/signing.json").read_text(encoding="utf-8"))
    v = vectors["body_signature"][0]
    env = {"MGW_SALT_KEY": v["salt_key"], "MGW_SALT_INDEX": v["salt_index"]}
    human = mgw("sign", "--path", v["signing_path"], "--payload", v["payload_json"], env=env)
    assert human.returncode == 0, human.stderr
    assert v["expect"] in human.stdout
    assert_no_secrets(human.stdout + human.stderr, v["salt_key"], v["request_b64"])
    as_json = json.loads(
        mgw("sign", "--json", "--path", v["signing_path"], "--payload", v["payload_json"], env=env).stdout
    )
    assert as_json["x_verify"] == v["expect"]
    assert as_json["mode"] == "body"
    assert as_json["request_sha256"] == hashlib.sha256(v["request_b64"].encode()).hexdigest()


def test_sign_path_mode_reproduces_the_status_vector() -> None:
    vectors = json.loads((ROOT / "spec/vectors/signing.json").read_text(encoding="utf-8"))
    v = vectors["path_signature"][0]
    out = mgw(
        "sign",
        "--json",
        "--path",
        v["signing_path"],
        env={"MGW_SALT_KEY": v["salt_key"], "MGW_SALT_INDEX": v["salt_index"]},
    )
    assert json.loads(out.stdout)["x_verify"] == v["expect"]


def test_verify_callback_accepts_the_vector_and_reports_a_tampered_one(tmp_path: Path) -> None:
    vectors = json.loads((ROOT / "spec/vectors/signing.json").read_text(encoding="utf-8"))
    v = vectors["callback_signature"][0]
    env = {"MGW_SALT_KEY": v["salt_key"], "MGW_SALT_INDEX": v["salt_index"]}
    body = tmp_path / "cb.json"
    body.write_text(json.dumps({"response": v["response_b64"]}))
    good = mgw("verify-callback", "--body", str(body), "--x-verify", v["expect"], "--expected-amount", "100", env=env)
    assert good.returncode == 0, good.stderr
    assert "verified" in good.stdout
    assert "PAYMENT_SUCCESS" in good.stdout
    tampered = v["expect"][:-5] + ("0" if v["expect"][-5] != "0" else "1") + v["expect"][-4:]
    bad = mgw("verify-callback", "--json", "--body", str(body), "--x-verify", tampered, env=env)
    assert bad.returncode == 1
    doc = json.loads(bad.stdout)
    assert doc["ok"] is False
    assert doc["error"] == "bad_signature"
    wrong_amount = mgw(
        "verify-callback", "--body", str(body), "--x-verify", v["expect"], "--expected-amount", "99", env=env
    )
    assert wrong_amount.returncode == 1
    assert "amount" in wrong_amount.stderr
    assert_no_secrets(good.stdout + bad.stdout + wrong_amount.stderr, v["salt_key"], v["response_b64"])


def test_verify_form_post(tmp_path: Path) -> None:
    vectors = json.loads((ROOT / "spec/vectors/signing.json").read_text(encoding="utf-8"))
    v = vectors["ui_callback_checksum"][1]
    form = tmp_path / "form.txt"
    form.write_text(httpx.QueryParams({**v["form"], "checksum": v["expect"]}).__str__())
    out = mgw(
        "verify-callback",
        "--kind",
        "form",
        "--body",
        str(form),
        env={"MGW_SALT_KEY": v["salt_key"], "MGW_SALT_INDEX": v["salt_index"]},
    )
    assert out.returncode == 0, out.stderr
    assert "PAYMENT_ERROR" in out.stdout


def test_pay_status_refund_reconcile_token_against_the_sandbox(env: dict[str, str], sandbox: Any) -> None:
    pay = mgw("pay", "--json", "--rupees", "12.34", "--transaction-id", "CLITX1", env=env)
    assert pay.returncode == 0, pay.stderr
    doc = json.loads(pay.stdout)
    assert doc["amount"] == 1234
    assert doc["transaction_id"] == "CLITX1"
    assert doc["state"] == "awaiting_payment"

    waited = mgw("status", "CLITX1", "--wait", "--expected-amount", "1234", env=env)
    assert waited.returncode == 0, waited.stderr
    assert "CLITX1: PAYMENT_SUCCESS, amount 1234 paise" in waited.stdout

    refund = mgw("refund", "--json", "--original", "CLITX1", "--amount", "234", "--transaction-id", "CLIRF1", env=env)
    assert refund.returncode == 0, refund.stderr
    assert json.loads(refund.stdout)["transaction_id"] == "CLIRF1"

    wait = ("--poll-every", "0.2", "--deadline", "3")
    rec = mgw("reconcile", "--json", "CLITX1:1234", "CLIRF1:234", "NEVERSEEN1:100", *wait, env=env)
    # NEVERSEEN1 is not "not recorded" within 3 s: its send may still be under way (the grace after it)
    assert rec.returncode == 4, rec.stdout + rec.stderr
    outcomes = {o["transaction_id"]: (o["code"], o["final"]) for o in json.loads(rec.stdout)["outcomes"]}
    assert outcomes["CLITX1"] == ("PAYMENT_SUCCESS", True)
    assert outcomes["CLIRF1"] == ("PAYMENT_SUCCESS", True)
    assert outcomes["NEVERSEEN1"] == ("TRANSACTION_NOT_FOUND", False)

    token = mgw("token", env=env)
    assert token.returncode == 0, token.stderr
    assert "O-Bearer" in token.stdout
    assert "not shown" in token.stdout
    assert_no_secrets(
        pay.stdout + waited.stdout + refund.stdout + rec.stdout + rec.stderr + token.stdout,
        SALT,
        "cli-client-secret-55",
        "OT-",
    )


def test_bad_input_is_one_line_and_exit_2_before_anything_is_sent(env: dict[str, str], sandbox: Any) -> None:
    out = mgw("pay", "--amount", "12.5", env=env)
    assert out.returncode == 2
    assert out.stderr.count("\n") == 1
    assert "--amount" in out.stderr
    long_id = mgw("pay", "--amount", "100", "--transaction-id", "T" * 38, env=env)
    assert long_id.returncode == 2
    assert "transactionId" in long_id.stderr
    missing = mgw("status", "X", env={"MGW_ENV": "local"})
    assert missing.returncode == 2
    assert "MGW_MERCHANT_ID" in missing.stderr


def test_unknown_outcome_names_the_status_command(env: dict[str, str], sandbox: Any) -> None:
    # 5001 is the sandbox's documented "answered INTERNAL_SERVER_ERROR although recorded" amount
    out = mgw("pay", "--amount", "5001", "--transaction-id", "CLIUNK1", env=env)
    assert out.returncode == 3, out.stdout + out.stderr
    assert "outcome unknown" in out.stderr
    assert "mgw status CLIUNK1" in out.stderr
    # no advice warning in the document
    back = ("--redirect-url", "https://shop.example/return", "--callback-url", "http://127.0.0.1:9/cb")
    as_json = json.loads(mgw("pay", "--json", "--amount", "5001", "--transaction-id", "CLIUNK2", *back, env=env).stdout)
    assert as_json == {
        "ok": False,
        "error": "outcome_unknown",
        "message": as_json["message"],
        "code": "INTERNAL_SERVER_ERROR",
        "transaction_id": "CLIUNK2",
    }


def test_demo_human_and_json(tmp_path: Path) -> None:
    human = mgw("demo")
    assert human.returncode == 0, human.stdout + human.stderr
    lines = human.stdout.splitlines()
    assert lines[-1].startswith("demo: ")
    assert " 0 failed" in lines[-1]
    assert sum(1 for line in lines if line.startswith("[ok  ]")) >= 10
    doc = json.loads(mgw("demo", "--json").stdout)
    assert doc["ok"] is True
    assert {s["step"] for s in doc["steps"]} >= {
        "web payment (v4 debit)",
        "server-to-server callback",
        "status and amount",
        "partial refund",
        "unlink",
    }
    assert all(s["result"] == "ok" for s in doc["steps"])
    decoded = base64.b64encode(b'{"').decode()[:3]  # base64 payloads start like this; none may be printed
    assert not any(decoded in s["detail"] for s in doc["steps"])


def test_mgw_sandbox_prints_the_three_urls_and_serves_them() -> None:
    env = {k: v for k, v in os.environ.items() if not k.startswith("MGW_")}
    proc = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "merchant_gateway",
            "sandbox",
            "--host",
            "127.0.0.1",
            "--port",
            "0",
            "--merchant-id",
            "SBXCLI",
            "--salt-key",
            "sbx-cli-salt",
            "--salt-index",
            "2",
        ],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
        cwd=ROOT,
    )
    try:
        assert proc.stdout is not None
        lines = [proc.stdout.readline().strip() for _ in range(3)]
        urls = dict(line.split("=", 1) for line in lines)
        assert set(urls) == {"MGW_BASE_URL", "MGW_APPS_URL", "MGW_AUTH_URL"}
        assert all(u.startswith("http://127.0.0.1:") for u in urls.values())
        status = mgw(
            "status",
            "NOPE1",
            "--json",
            env={**urls, "MGW_MERCHANT_ID": "SBXCLI", "MGW_SALT_KEY": "sbx-cli-salt", "MGW_SALT_INDEX": "2"},
        )
        assert json.loads(status.stdout)["code"] == "TRANSACTION_NOT_FOUND"
        # `mgw sandbox` also serves the JS SDK example merchant (client side, mounted on the sandbox)
        origin = urls["MGW_BASE_URL"].rsplit("/apis/", 1)[0]
        page = httpx.get(origin + "/_sandbox/example/")
        assert page.status_code == 200
        assert "example.js" in page.text
    finally:
        proc.terminate()
        proc.wait(timeout=30)
