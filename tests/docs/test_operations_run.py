"""docs/operations.md's blocks that run as written: the web application of "Deploy it: the example shop" served by
Starlette's test client (its lifespan included) against the sandbox and a SQLite ledger, and the logging
configuration of "Logging". (The health probes' block runs in tests/unit/ledger/test_ledger_health.py, the metrics block
in tests/unit/telemetry/test_telemetry.py, the retention SQL in tests/unit/ledger/test_ledger_retention.py.)"""

from __future__ import annotations

import base64
import hashlib
import json
import logging
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from merchant_gateway.ledger import ACCEPTED, FINAL, Ledger

DOC = Path(__file__).resolve().parents[2] / "docs" / "operations.md"
MERCHANT, SALT = "DOCSHOP", "docs-shop-salt-3"


def block_under(heading: str) -> str:
    section = DOC.read_text(encoding="utf-8").split(heading, 1)[1]
    return section.split("```python\n", 1)[1].split("```", 1)[0]


@pytest.fixture(scope="module")
def sandbox() -> Iterator[Any]:
    sb = pytest.importorskip("merchant_gateway_sandbox")
    with sb.start_sandbox(port=0, merchant_id=MERCHANT, salts={"1": SALT}, settle_after=60.0) as running:
        yield running


def signed_callback(txn: str, code: str, amount: int) -> tuple[bytes, dict[str, str]]:
    payload = {
        "success": code == "PAYMENT_SUCCESS",
        "code": code,
        "message": "m",
        "data": {"merchantId": MERCHANT, "transactionId": txn, "amount": amount, "providerReferenceId": "P1"},
    }
    response = base64.b64encode(json.dumps(payload).encode()).decode()
    digest = hashlib.sha256((response + SALT).encode()).hexdigest()
    return json.dumps({"response": response}).encode(), {"X-VERIFY": f"{digest}###1"}


def test_the_documented_web_application_runs_as_written(
    sandbox: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    testclient = pytest.importorskip("starlette.testclient")
    url = f"sqlite:///{tmp_path}/shop.db"
    Ledger.migrate(url)  # the deployment's step before the web application starts (docs/operations.md, Upgrading)
    env = {
        "MGW_ENV": "local",
        "MGW_BASE_URL": sandbox.base_url,
        "MGW_APPS_URL": sandbox.apps_url,
        "MGW_AUTH_URL": sandbox.auth_url,
        "MGW_MERCHANT_ID": MERCHANT,
        "MGW_SALT_KEY": SALT,
        "MGW_SALT_INDEX": "1",
        "MGW_LEDGER_URL": url,
        "SHOP_PUBLIC_URL": "https://shop.example",
    }
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    namespace: dict[str, Any] = {}
    exec(block_under("### The web application"), namespace)
    caplog.set_level(logging.INFO, logger="shop")
    with testclient.TestClient(namespace["app"], follow_redirects=False) as client:
        started = client.post("/checkout", json={"amount": 1234, "order_id": "ORDER1", "customer": "C1"})
        assert started.status_code == 303
        assert started.headers["location"].startswith(sandbox.origin)
        with Ledger.open(url) as ledger:
            (payment,) = ledger.unfinished()  # written ahead, sent once, answered
            assert (payment.order_id, payment.amount, payment.state, payment.attempts) == ("ORDER1", 1234, ACCEPTED, 1)
        body, headers = signed_callback(payment.transaction_id, "PAYMENT_SUCCESS", 1234)
        first = client.post("/gateway/callback", content=body, headers=headers)
        again = client.post("/gateway/callback", content=body, headers=headers)
    assert (first.status_code, first.json()["outcome"]) == (200, "final")
    assert (again.status_code, again.json()["outcome"]) == (200, "duplicate")
    assert [r.getMessage() for r in caplog.records if r.name == "shop"] == ["order ORDER1: paid"]  # once
    with Ledger.open(url) as ledger:
        done = ledger.get(payment.transaction_id, MERCHANT)
        assert done is not None
        assert (done.state, done.code, done.hook_pending) == (FINAL, "PAYMENT_SUCCESS", False)


def test_the_documented_logging_configuration_writes_one_json_line_per_event(
    capsys: pytest.CaptureFixture[str],
) -> None:
    uvicorn_config = pytest.importorskip("uvicorn.config")
    assert "root" not in uvicorn_config.LOGGING_CONFIG  # uvicorn's default: handlers for its own loggers only
    from merchant_gateway.log import log_ledger_event

    root = logging.getLogger()
    before = (list(root.handlers), root.level)
    try:
        exec(block_under("### Logging"), {})
        log_ledger_event(logging.WARNING, "hook.failed", transaction_id="TXLOG1", error_type="RuntimeError")
    finally:
        for handler in root.handlers[:]:
            if handler not in before[0]:
                root.removeHandler(handler)
        root.setLevel(before[1])
    (line,) = [x for x in capsys.readouterr().err.splitlines() if "TXLOG1" in x]
    event = json.loads(line)
    assert (event["logger"], event["level"], event["event"]) == ("merchant_gateway.ledger", "WARNING", "hook.failed")
    assert (event["transaction_id"], event["error_type"]) == ("TXLOG1", "RuntimeError")
