"""The sandbox serves any HTTP/1.1 client as the gateway would, with each client's defaults: Java 17's default
HttpClient (which offers an HTTP/2 upgrade on http://: `Connection: Upgrade, HTTP2-Settings`, `Upgrade: h2c`),
Node's global fetch and curl (as it comes, and with --http2, which makes the same offer) each complete a debit and
read its status, on one connection where the client keeps it. An ignored upgrade offer must keep the request body."""

from __future__ import annotations

import json
import logging
import shutil
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest
from merchant_gateway_sandbox import RunningSandbox

from tests.support.sandbox import MERCHANT, b64, sign

DEBIT_PATH = "/v4/debit"

JAVA = """
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;

// The JDK's HttpClient exactly as newHttpClient() makes it: no version, no option.
public class DefaultClient {
    public static void main(String[] a) throws Exception {
        HttpClient client = HttpClient.newHttpClient();
        HttpRequest debit = HttpRequest.newBuilder(URI.create(a[0]))
            .header("Content-Type", "application/json").header("X-VERIFY", a[2])
            .POST(HttpRequest.BodyPublishers.ofString(a[1])).build();
        HttpResponse<String> paid = client.send(debit, HttpResponse.BodyHandlers.ofString());
        HttpRequest status = HttpRequest.newBuilder(URI.create(a[3])).header("X-VERIFY", a[4]).GET().build();
        HttpResponse<String> read = client.send(status, HttpResponse.BodyHandlers.ofString());
        System.out.println(paid.statusCode() + " " + paid.body());
        System.out.println(read.statusCode() + " " + read.body());
    }
}
"""

NODE = """
const [debitUrl, body, verify, statusUrl, statusVerify] = process.argv.slice(2);
const headers = { "Content-Type": "application/json", "X-VERIFY": verify };
const paid = await fetch(debitUrl, { method: "POST", headers, body });
console.log(paid.status + " " + (await paid.text()));
const read = await fetch(statusUrl, { headers: { "X-VERIFY": statusVerify } });
console.log(read.status + " " + (await read.text()));
"""


class Upgrades(logging.Handler):
    """uvicorn's own record of each upgrade offer it did not take (its logger, public logging API)."""

    def __init__(self) -> None:
        super().__init__()
        self.offers = 0

    def emit(self, record: logging.LogRecord) -> None:
        if "Unsupported upgrade request" in record.getMessage():
            self.offers += 1


@pytest.fixture
def upgrades() -> Iterator[Upgrades]:
    handler = Upgrades()
    logger = logging.getLogger("uvicorn.error")
    level = logger.level  # each uvicorn.Config sets it for the whole process: another server may have raised it
    logger.setLevel(logging.WARNING)
    logger.addHandler(handler)
    try:
        yield handler
    finally:
        logger.removeHandler(handler)
        logger.setLevel(level)


def _calls(running: RunningSandbox, transaction_id: str) -> list[str]:
    """debit URL, body, X-VERIFY, status URL, its X-VERIFY: what a merchant's program computes itself."""
    payload = b64(
        {
            "merchantId": MERCHANT,
            "transactionId": transaction_id,
            "merchantOrderId": f"O{transaction_id}",
            "merchantUserId": "U1",
            "amount": 10000,
        }
    )
    status_path = f"/v3/transaction/{MERCHANT}/{transaction_id}/status"
    return [
        running.base_url + DEBIT_PATH + "/",
        json.dumps({"request": payload}),
        sign(payload + DEBIT_PATH),
        running.base_url + status_path,
        sign(status_path),
    ]


def _check(lines: list[str], running: RunningSandbox, transaction_id: str) -> None:
    (paid_status, paid), (read_status, read) = (line.split(" ", 1) for line in lines)
    assert (paid_status, json.loads(paid)["code"]) == ("200", "PAYMENT_SUCCESS"), paid  # the body arrived, whole
    assert json.loads(paid)["data"]["redirectType"] == "WEB"
    assert (read_status, json.loads(read)["code"]) == ("200", "PAYMENT_PENDING"), read
    assert json.loads(read)["data"]["transactionId"] == transaction_id
    assert (MERCHANT, transaction_id) in running.sandbox.store.txns


def _run(argv: list[str], cwd: Path | None = None) -> list[str]:
    proc = subprocess.run(argv, cwd=cwd, capture_output=True, text=True, timeout=60)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    return proc.stdout.strip().splitlines()


def test_java_default_http_client_offering_h2c(running: RunningSandbox, upgrades: Upgrades, tmp_path: Path) -> None:
    javac, java = shutil.which("javac"), shutil.which("java")
    if not (javac and java):
        pytest.skip("no JDK (javac, java) on PATH")
    (tmp_path / "DefaultClient.java").write_text(JAVA)
    _run([javac, "DefaultClient.java"], cwd=tmp_path)
    _check(_run([java, "-cp", str(tmp_path), "DefaultClient", *_calls(running, "TXJAVA1")]), running, "TXJAVA1")
    assert upgrades.offers >= 1  # it did offer HTTP/2, and the offer was ignored


def test_node_fetch(running: RunningSandbox, tmp_path: Path) -> None:
    node = shutil.which("node")
    if not node:
        pytest.skip("node is not on PATH")
    (tmp_path / "client.mjs").write_text(NODE)
    _check(_run([node, str(tmp_path / "client.mjs"), *_calls(running, "TXNODE1")]), running, "TXNODE1")


@pytest.mark.parametrize("offer", [False, True], ids=["as-it-comes", "http2-offer"])
def test_curl(running: RunningSandbox, upgrades: Upgrades, offer: bool) -> None:
    curl = shutil.which("curl")
    if not curl:
        pytest.skip("curl is not on PATH (apt-get install curl)")
    txn = f"TXCURL{int(offer)}"
    debit_url, body, verify, status_url, status_verify = _calls(running, txn)
    extra = ["--http2"] if offer else []
    # one curl command, two requests: --next keeps the connection for the status read
    argv = [curl, "-sS", *extra, "-H", "Content-Type: application/json", "-H", f"X-VERIFY: {verify}"]
    argv += ["--data", body, "-w", r"\n%{http_code}\n", debit_url]
    argv += ["--next", "-sS", *extra, "-H", f"X-VERIFY: {status_verify}", "-w", r"\n%{http_code}\n", status_url]
    out = _run(argv)
    _check([f"{out[1]} {out[0]}", f"{out[3]} {out[2]}"], running, txn)
    assert (upgrades.offers >= 2) == offer  # curl offers h2c only when asked to; both requests offered it then
