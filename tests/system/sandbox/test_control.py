"""Fault injection, rate limiting, programmatic start and the CLI."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import httpx
import pytest
from merchant_gateway_sandbox import RunningSandbox, start_sandbox

from tests.support.sandbox import MERCHANT, SALTS, Gateway, b64, sign

ROOT = Path(__file__).resolve().parents[3]


def debit(tid: str) -> dict[str, object]:
    return {"merchantId": MERCHANT, "transactionId": tid, "amount": 100}


def fault(gw: Gateway, **body: object) -> None:
    assert gw.control("POST", "/_sandbox/faults", json=body).status_code == 200


def test_drop_before_records_nothing(gw: Gateway) -> None:
    fault(gw, kind="drop_before", operationId="debitV4Web")
    with pytest.raises(httpx.TransportError):
        gw.post_signed("/v4/debit/", debit("TXF1"), "/v4/debit")
    assert gw.status("TXF1").json()["code"] == "TRANSACTION_NOT_FOUND"


def test_drop_after_records_the_payment(gw: Gateway) -> None:
    fault(gw, kind="drop_after", operationId="debitV4Web")
    with pytest.raises(httpx.TransportError):
        gw.post_signed("/v4/debit/", debit("TXF2"), "/v4/debit")
    assert gw.status("TXF2").json()["code"] == "PAYMENT_PENDING"
    # a blind retry would be refused: the id is taken
    assert gw.post_signed("/v4/debit/", debit("TXF2"), "/v4/debit").json()["code"] == "INVALID_TRANSACTION_ID"


def test_html_500_and_truncated_json(gw: Gateway) -> None:
    fault(gw, kind="html_500", operationId="getTransactionStatus")
    resp = gw.status("X")
    assert resp.status_code == 500
    assert resp.headers["content-type"].startswith("text/html")
    fault(gw, kind="truncated_json", operationId="debitV4Web")
    resp = gw.post_signed("/v4/debit/", debit("TXF3"), "/v4/debit")
    assert resp.status_code == 200
    with pytest.raises(json.JSONDecodeError):
        resp.json()
    assert gw.status("TXF3").json()["code"] == "PAYMENT_PENDING"
    fault(gw, kind="html_500", operationId="debitV4Web", afterRecord=True)
    assert gw.post_signed("/v4/debit/", debit("TXF4"), "/v4/debit").status_code == 500
    assert gw.status("TXF4").json()["code"] == "PAYMENT_PENDING"


def test_delay_and_fault_listing(gw: Gateway) -> None:
    # answered 2 s late, far beyond the 0.1 s timeout and any pause of a loaded machine; nothing waits for it
    fault(gw, kind="delay", operationId="getTransactionStatus", seconds=2.0, times=None)
    assert gw.control("GET", "/_sandbox/faults").json()["faults"][0]["kind"] == "delay"
    with pytest.raises(httpx.ReadTimeout):
        gw.http.get(
            gw.base_url + f"/v3/transaction/{MERCHANT}/X/status",
            headers={"X-VERIFY": sign(f"/v3/transaction/{MERCHANT}/X/status")},
            timeout=0.1,
        )
    gw.control("DELETE", "/_sandbox/faults")
    assert gw.status("X").json()["code"] == "TRANSACTION_NOT_FOUND"
    assert gw.control("POST", "/_sandbox/faults", json={"kind": "nope"}).status_code == 400


def test_rate_limit(gw: Gateway) -> None:
    gw.control("POST", "/_sandbox/rate-limit", json={"limit": 2, "window": 60, "operations": ["getTransactionStatus"]})
    assert gw.status("X").status_code == 400
    assert gw.status("X").status_code == 400
    limited = gw.status("X")
    assert limited.status_code == 429
    body = limited.json()
    assert body["code"] == "API_RATE_LIMIT_REACHED"
    assert body["data"] == {"API_LIMIT": 2, "TIME_WINDOW": 60}
    assert limited.headers["API_LIMIT"] == "2"
    assert limited.headers["TIME_WINDOW"] == "60"
    assert gw.post_signed("/v4/debit/", debit("TXRL"), "/v4/debit").status_code == 200  # other operations unaffected
    gw.advance(61)
    assert gw.status("X").status_code == 400
    gw.control("POST", "/_sandbox/rate-limit", json={"limit": None})


def test_reset_returns_a_running_sandbox_to_how_it_started(gw: Gateway, running: RunningSandbox) -> None:
    """What lets the suite share one sandbox: everything a test did is forgotten, the server keeps running."""
    started_at = running.clock.now()
    assert gw.post_signed("/v4/debit/", debit("TXRS"), "/v4/debit").json()["code"] == "PAYMENT_SUCCESS"
    fault(gw, kind="html_500", operationId="getTransactionStatus")
    gw.control("POST", "/_sandbox/rate-limit", json={"limit": 1, "operations": ["debitV4Web"]})
    gw.control("POST", "/_sandbox/config", json={"settleAfter": 99, "callbackUrl": "http://127.0.0.1:9/cb"})
    gw.advance(3600)
    running.reset()
    assert running.clock.now() == started_at
    assert gw.control("GET", "/_sandbox/faults").json()["faults"] == []
    config = gw.control("GET", "/_sandbox/config").json()
    assert config["settleAfter"] == 5.0
    assert config["callbackUrl"] is None
    assert gw.status("TXRS").json()["code"] == "TRANSACTION_NOT_FOUND"
    for tid in ("TXRS", "TXRS2"):  # the id is free again and no rate limit is left
        assert gw.post_signed("/v4/debit/", debit(tid), "/v4/debit").json()["code"] == "PAYMENT_SUCCESS"


def test_start_sandbox_context_manager_real_clock() -> None:
    with start_sandbox(merchant_id=MERCHANT, salts=SALTS, settle_after=0) as sb:
        assert sb.base_url.endswith("/apis/pg-sandbox")
        assert sb.apps_url.endswith("/apis/apps")
        assert sb.auth_url.endswith("/apis/identity-manager")
        request_b64 = b64(debit("TXRT"))
        resp = httpx.post(
            sb.base_url + "/v4/debit/",
            json={"request": request_b64},
            headers={"X-VERIFY": sign(request_b64 + "/v4/debit")},
            trust_env=False,
        )
        assert resp.status_code == 200
        path = f"/v3/transaction/{MERCHANT}/TXRT/status"
        status = httpx.get(sb.base_url + path, headers={"X-VERIFY": sign(path)}, trust_env=False).json()
        assert status["code"] == "PAYMENT_SUCCESS"  # settle_after=0
    with pytest.raises(ValueError, match="refusing to bind to non-loopback '0.0.0.0'"):
        start_sandbox(host="0.0.0.0")


def test_cli_prints_three_lines() -> None:
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(ROOT / "sandbox"), os.environ.get("PYTHONPATH", "")]))
    proc = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "merchant_gateway_sandbox",
            "--host",
            "127.0.0.1",
            "--port",
            "0",
            "--merchant-id",
            "M1",
            "--salt-key",
            "k1",
            "--salt-index",
            "3",
        ],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
    )
    try:
        lines = [proc.stdout.readline().strip() for _ in range(3)]  # type: ignore[union-attr]
        assert [line.split("=", 1)[0] for line in lines] == ["MGW_BASE_URL", "MGW_APPS_URL", "MGW_AUTH_URL"]
        base = lines[0].split("=", 1)[1]
        assert base.startswith("http://127.0.0.1:")
        assert base.endswith("/apis/pg-sandbox")
        path = "/v3/transaction/M1/T/status"
        resp = httpx.get(base + path, headers={"X-VERIFY": sign(path, "3", {"3": "k1"})}, trust_env=False)
        assert resp.json()["code"] == "TRANSACTION_NOT_FOUND"
    finally:
        proc.terminate()
        proc.wait(10)
    assert proc.returncode == 0
