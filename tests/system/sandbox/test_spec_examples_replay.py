"""Issue 16: every answer example of the spec agrees with what the sandbox sends, and the sandbox enforces the spec's
rules between payload fields (x-field-rules) and can answer TRANSACTION_NOT_FOUND with HTTP 400 or 200.

The replay: for each example of each operation's answers, a scenario drives the sandbox to the same code; the HTTP
status, `success`, `code` and the shape of the body (keys and value types, nested; a list by its first item) must be
the example's. An example without a scenario fails the test unless NOT_REPLAYED gives the reason.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import httpx
import pytest
from merchant_gateway_sandbox import cli as sandbox_cli

from tests.support.sandbox import MERCHANT, Gateway, Receiver, b64, sign
from tests.support.spec import spec_document

ROOT = Path(__file__).resolve().parents[3]
SPEC = spec_document()
# The answers the sandbox does not produce, and why (every other example is replayed).
NOT_REPLAYED: dict[tuple[str, str, str], str] = {}


def resolve(node: Any) -> Any:
    while isinstance(node, dict) and "$ref" in node:
        target: Any = SPEC
        for part in node["$ref"][2:].split("/"):
            target = target[part]
        node = target
    return node


def examples() -> list[tuple[str, str, str, Any]]:
    out = []
    for item in SPEC["paths"].values():
        for method, op in item.items():
            if method not in ("get", "post"):
                continue
            for status, response in (op.get("responses") or {}).items():
                for media in (resolve(response).get("content") or {}).values():
                    for name, ex in (media.get("examples") or {}).items():
                        out.append((op["operationId"], str(status), name, resolve(ex)["value"]))
    return out


EXAMPLES = examples()


def shape(value: Any) -> Any:
    if isinstance(value, dict):
        return {k: shape(v) for k, v in sorted(value.items())}
    if isinstance(value, list):
        return [shape(value[0])] if value else []
    if isinstance(value, bool):
        return "boolean"
    if isinstance(value, int):
        return "integer"
    return {str: "string", float: "number", type(None): "null"}.get(type(value), type(value).__name__)


# ------------------------------------------------------------------------------------------------ request builders
def debit(tid: str, **extra: Any) -> dict[str, Any]:
    return {"merchantId": MERCHANT, "transactionId": tid, "merchantUserId": "U123", "amount": 10000, **extra}


def refund(tid: str, original: str, amount: int = 5000) -> dict[str, Any]:
    return {
        "merchantId": MERCHANT,
        "transactionId": tid,
        "originalTransactionId": original,
        "amount": amount,
        "merchantOrderId": "OD1234",
        "message": "refund for order OD1234",
    }


REFUND_PATHS = {
    "refundV3": ("/v3/credit/backToSource/", "/v3/credit/backToSource", "base"),
    "refundV4": ("/v4/credit/backToSource", "/v4/credit/backToSource", "base"),
    "refundAppsHost": ("/v3/credit/backToSource", "/v3/credit/backToSource", "apps"),
}


class Scenarios:
    """Drives the sandbox to each documented answer. Every method returns the sandbox's HTTP answer."""

    def __init__(self, gw: Gateway, receiver: Receiver) -> None:
        self.gw = gw
        self.receiver = receiver
        self.n = 0

    def tid(self, prefix: str = "TX") -> str:
        self.n += 1
        return f"{prefix}{self.n:04d}"

    def config(self, **values: Any) -> None:
        self.gw.control("POST", "/_sandbox/config", json=values).raise_for_status()

    def paid(self, mobile: bool = True) -> str:
        tid = self.tid()
        extra = {"mobileNumber": "9999999999"} if mobile else {}
        self.gw.post_signed("/v4/debit/", debit(tid, **extra), "/v4/debit").raise_for_status()
        self.gw.advance(5)
        return tid

    def link(self) -> str:
        sent = self.gw.post_signed("/v3/merchant/otp/send", {"merchantId": MERCHANT, "mobileNumber": "9999999999"})
        token = sent.json()["data"]["otpToken"]
        verify = {"merchantId": MERCHANT, "otpToken": token, "otp": "123456"}
        return str(self.gw.post_signed("/v3/merchant/otp/verify", verify).json()["data"]["userAuthToken"])

    # -- one valid request per operation (the happy path)
    def call(self, op_id: str, verify: str | None = None) -> httpx.Response:
        gw = self.gw
        if op_id == "getAuthorizationToken":
            form = {"client_id": "SANDBOXCLIENT", "client_version": "1", "client_secret": "sandbox-secret"}
            return gw.http.post(gw.url("auth") + "/v1/oauth/token", data={**form, "grant_type": "client_credentials"})
        if op_id == "debitV3":
            return self.post("/v3/debit", debit(self.tid()), verify=verify)
        if op_id == "debitV4Web":
            return self.post("/v4/debit/", debit(self.tid(), merchantOrderId="OD1234"), "/v4/debit", verify=verify)
        if op_id == "debitV4Intent":
            payload = {
                "merchantId": MERCHANT,
                "transactionId": self.tid(),
                "amount": 100,
                "merchantOrderId": "OD4",
                "paymentScope": "PLATFORM",
                "deviceContext": {"platformVersionCode": 400922},
            }
            return self.post("/v4/debit", payload, verify=verify)
        if op_id in ("getTransactionStatus", "getTransactionStatusAppsHost"):
            return self.status(op_id, self.paid(), verify=verify)
        if op_id in REFUND_PATHS:
            return self.refund(op_id, refund(self.tid("RF"), self.paid()), verify=verify)
        if op_id == "fulfillDeferredRefund":
            payload = {
                "merchantId": MERCHANT,
                "transactionId": self.tid("COD"),
                "merchantUserId": "U123",
                "amount": 10000,
                "merchantOrderId": "OD77",
                "message": "Thank you",
                "mobileNumber": "9999999999",
            }
            return self.post("/v3/credit/deferred/fulfill", payload, verify=verify)
        if op_id == "collectRequest":
            payload = {
                "merchantId": MERCHANT,
                "transactionId": self.tid("COL"),
                "merchantOrderId": "OD9",
                "amount": 100,
                "instrumentType": "MOBILE",
                "instrumentReference": "9999999999",
                "expiresIn": 180,
            }
            headers = {"X-CALLBACK-URL": self.receiver.url + "/collect"}
            return self.post("/v3/charge", payload, headers=headers, verify=verify)
        if op_id == "triggerTestCallback":
            headers = {"x-callback-url": self.receiver.url + "/test", "x-call-mode": "POST", "x-salt-index": "1"}
            body = {"merchantId": MERCHANT, "transactionId": self.tid(), "amount": 100}
            return gw.http.post(gw.url("base") + "/testing/S2SCallback/", json=body, headers=headers)
        if op_id == "getWalletBalance":
            return self.get(f"/v3/account/token/{MERCHANT}/{self.link()}/debit/suggest", verify=verify)
        if op_id == "instantDebit":
            payload = {
                "merchantId": MERCHANT,
                "transactionId": self.tid("ID"),
                "amount": 10000,
                "mobileNumber": "9999999999",
                "merchantOrderId": "OD1235",
                "userAuthToken": self.link(),
            }
            return self.post("/v3/debit/instant", payload, verify=verify)
        if op_id in ("inlinePay", "inlinePayWithGet"):
            return self.inline(op_id, {"mode": "upi", "type": "INTENT"}, verify=verify)
        if op_id == "getPaymentOptions":
            payload = {"merchantId": MERCHANT, "userAuthToken": self.link(), "amount": 10000, "merchantOrderId": "OD1"}
            return self.post("/v3/merchant/payment/options", payload, verify=verify)
        if op_id == "unlinkUser":
            return self.post(
                "/v3/merchant/token/unlink", {"merchantId": MERCHANT, "userAuthToken": self.link()}, verify=verify
            )
        if op_id == "sendOtp":
            payload = {"merchantId": MERCHANT, "mobileNumber": f"90000{self.n:05d}", "requestType": "WALLET"}
            return self.post("/v3/merchant/otp/send", payload, verify=verify)
        if op_id == "verifyOtp":
            sent = self.gw.post_signed("/v3/merchant/otp/send", {"merchantId": MERCHANT, "mobileNumber": "9999999998"})
            payload = {"merchantId": MERCHANT, "otpToken": sent.json()["data"]["otpToken"], "otp": "123456"}
            return self.post("/v3/merchant/otp/verify", payload, verify=verify)
        if op_id == "getSsoAccessToken":
            return self.post(
                "/v3/service/auth/access",
                {"grantToken": self.grant()},
                host="apps",
                headers=self.client_id(),
                verify=verify,
            )
        if op_id == "getSsoUserDetails":
            access = self.gw.post_signed(
                "/v3/service/auth/access", {"grantToken": self.grant()}, host="apps", headers=self.client_id()
            )
            headers = {**self.client_id(), "X-ACCESS-TOKEN": access.json()["data"]["accessToken"]}
            return self.get("/v3/service/userdetails", host="apps", headers=headers, verify=verify)
        if op_id == "initiateSdkLessPayment":
            payload = {
                "merchantId": MERCHANT,
                "transactionId": self.tid("SL"),
                "amount": 10000,
                "validFor": 900000,
                "merchantOrderId": "OD55",
                "redirectUrl": "https://merchant.invalid/order/OD55",
                "transactionContext": "eyJjYXJ0Ijp7fX0=",
            }
            return self.post("/v3/transaction/sdk-less/initiate", payload, host="apps", verify=verify)
        raise AssertionError(f"no scenario for {op_id}")

    # -- transport helpers
    def post(
        self,
        url_path: str,
        payload: dict[str, Any],
        signing_path: str | None = None,
        host: str = "base",
        headers: dict[str, str] | None = None,
        verify: str | None = None,
        method: str = "POST",
    ) -> httpx.Response:
        hdrs = dict(headers or {})
        if verify is not None:
            hdrs["X-VERIFY"] = verify
            request = b64(payload)
            return self.gw.http.request(method, self.gw.url(host) + url_path, json={"request": request}, headers=hdrs)
        return self.gw.post_signed(url_path, payload, signing_path, host=host, headers=hdrs, method=method)

    def get(
        self, url_path: str, host: str = "base", headers: dict[str, str] | None = None, verify: str | None = None
    ) -> httpx.Response:
        hdrs = {"X-VERIFY": verify if verify is not None else sign(url_path.replace("{", ""))}
        hdrs.update(headers or {})
        return self.gw.http.get(self.gw.url(host) + url_path, headers=hdrs)

    def status(self, op_id: str, tid: str, verify: str | None = None) -> httpx.Response:
        path = f"/v3/transaction/{MERCHANT}/{tid}/status"
        return self.get(path, host="apps" if op_id.endswith("AppsHost") else "base", verify=verify)

    def refund(self, op_id: str, payload: dict[str, Any], verify: str | None = None) -> httpx.Response:
        url, signing, host = REFUND_PATHS[op_id]
        return self.post(url, payload, signing, host=host, verify=verify)

    def inline(self, op_id: str, source: dict[str, Any], verify: str | None = None) -> httpx.Response:
        payload = {
            "merchantId": MERCHANT,
            "transactionId": self.tid("IN"),
            "merchantUserId": "U1",
            "amount": 100,
            "paymentSources": [source],
            "mobileNumber": "9999999999",
        }
        method = "GET" if op_id == "inlinePayWithGet" else "POST"
        return self.post("/v3/merchant/inline/pay", payload, verify=verify, method=method)

    def grant(self) -> str:
        return str(self.gw.control("POST", "/_sandbox/sso/grant-token", json={"name": "Asha Rao"}).json()["grantToken"])

    @staticmethod
    def client_id() -> dict[str, str]:
        return {"X-CLIENT-ID": MERCHANT}

    # -- the answer each example shows
    def answer(self, op_id: str, status: str, name: str, example: Any) -> httpx.Response:
        code = example.get("code") if isinstance(example, dict) else None
        if code == "AUTHORIZATION_FAILED":
            return self.call(op_id, verify="0" * 64 + "###1")
        if code == "BAD_REQUEST":
            return self.bad_request(op_id)
        if code == "API_RATE_LIMIT_REACHED":
            self.gw.control("POST", "/_sandbox/rate-limit", json={"limit": 1, "window": 60, "operations": [op_id]})
            try:
                self.call(op_id)
                return self.call(op_id)
            finally:
                self.gw.control("POST", "/_sandbox/rate-limit", json={"limit": None})
        if code == "TRANSACTION_NOT_FOUND":
            self.config(notFoundStatus=int(status))
            try:
                if op_id in REFUND_PATHS:
                    return self.refund(op_id, refund(self.tid("RF"), "NEVERPAID"))
                return self.status(op_id, "NEVERPAID")
            finally:
                self.config(notFoundStatus=400)
        if code == "PAYMENT_PENDING":
            if op_id in REFUND_PATHS:
                return self.refund(op_id, refund(self.tid("RF"), self.paid()))
            tid = self.tid()
            self.gw.post_signed("/v4/debit/", debit(tid), "/v4/debit")
            return self.status(op_id, tid)
        if code == "PAYMENT_ERROR" and op_id in REFUND_PATHS:  # excessAmount
            return self.refund(op_id, refund(self.tid("RF"), self.paid(), amount=20000))
        if code == "PAYMENT_SUCCESS" and (op_id in REFUND_PATHS or op_id == "instantDebit"):
            self.config(settleAfter=0)  # the answer shows the settled state
            try:
                return self.call(op_id)
            finally:
                self.config(settleAfter=5)
        if code == "INVALID_TRANSACTION_ID" and op_id == "fulfillDeferredRefund":
            first = self.call(op_id)
            payload = json.loads(__import__("base64").b64decode(json.loads(first.request.content)["request"]))
            return self.post("/v3/credit/deferred/fulfill", payload)
        if code == "MERCHANT_USER_NOT_FOUND":
            return self.get("/v3/account/token/OTHER/UAT-x/debit/suggest")
        if op_id in ("inlinePay", "inlinePayWithGet") and name == "card":
            return self.inline(op_id, {"mode": "card", "cardId": "CARD1"})
        return self.call(op_id)

    def bad_request(self, op_id: str) -> httpx.Response:
        op = next(
            o
            for item in SPEC["paths"].values()
            for o in item.values()
            if isinstance(o, dict) and o.get("operationId") == op_id
        )
        if op_id == "triggerTestCallback":
            headers = {"x-callback-url": self.receiver.url + "/test", "x-call-mode": "POST", "x-salt-index": "1"}
            body = {"merchantId": MERCHANT, "transactionId": "TX1", "amount": 0}
            return self.gw.http.post(self.gw.url("base") + "/testing/S2SCallback/", json=body, headers=headers)
        if op_id in ("getTransactionStatus", "getTransactionStatusAppsHost"):
            return self.status(op_id, "T" * 38)  # transactionId longer than 37 characters
        if op_id == "getSsoUserDetails":
            return self.get("/v3/service/userdetails", host="apps")  # no X-CLIENT-ID / X-ACCESS-TOKEN
        path = next(p for p, item in SPEC["paths"].items() if op in item.values())
        host = op["x-host"]
        headers = {"X-CALLBACK-URL": self.receiver.url} if op_id == "collectRequest" else {}
        if op_id == "getSsoAccessToken":
            headers = self.client_id()
        method = "GET" if op_id == "inlinePayWithGet" else "POST"
        return self.post(
            path, {"merchantId": MERCHANT}, op["x-signing-path"], host=host, headers=headers, method=method
        )


@pytest.fixture
def scenarios(gw: Gateway, receiver: Receiver) -> Scenarios:
    return Scenarios(gw, receiver)


@pytest.mark.parametrize(
    ("op_id", "status", "name", "example"), EXAMPLES, ids=[f"{e[0]}-{e[1]}-{e[2]}" for e in EXAMPLES]
)
def test_example_agrees_with_the_sandbox(
    scenarios: Scenarios, op_id: str, status: str, name: str, example: Any
) -> None:
    if (op_id, status, name) in NOT_REPLAYED:
        pytest.skip(NOT_REPLAYED[(op_id, status, name)])
    resp = scenarios.answer(op_id, status, name, example)
    body = resp.json()
    assert str(resp.status_code) == status, (resp.status_code, body)
    if isinstance(example, dict) and "code" in example:
        assert (body.get("code"), body.get("success")) == (example["code"], example["success"]), body
    assert shape(body) == shape(example), f"sandbox {shape(body)}\nexample {shape(example)}"


def test_every_answer_example_is_replayed() -> None:
    assert len(EXAMPLES) > 60
    assert not set(NOT_REPLAYED) - {(e[0], e[1], e[2]) for e in EXAMPLES}, "a stale NOT_REPLAYED entry"


# ------------------------------------------------------------------------------------------------ field rules
def _rule_cases() -> list[dict[str, Any]]:
    import make_kit  # tools/conformance (pytest's `pythonpath`)

    return make_kit.rule_cases(spec_document())  # the document make_kit.load_spec reads, parsed once


RULE_CASES = _rule_cases()


@pytest.mark.parametrize("case", RULE_CASES, ids=[c["id"] for c in RULE_CASES])
def test_the_sandbox_refuses_a_payload_breaking_a_field_rule(scenarios: Scenarios, case: dict[str, Any]) -> None:
    op = next(
        (path, m, o)
        for path, item in SPEC["paths"].items()
        for m, o in item.items()
        if isinstance(o, dict) and o.get("operationId") == case["operationId"]
    )
    path, method, spec_op = op
    headers = {"X-CLIENT-ID": MERCHANT} if spec_op["x-host"] == "apps" else {}
    resp = scenarios.post(
        path,
        case["inputs"]["payload"],
        spec_op["x-signing-path"],
        host=spec_op["x-host"],
        headers=headers,
        method=method.upper(),
    )
    body = resp.json()
    assert resp.status_code == 400, body
    assert body["code"] == "BAD_REQUEST", body
    assert any(f"'{f}'" in body["message"] for f in case["expect"]["fields"]), body["message"]


def test_inline_pay_without_a_user_field_is_refused_not_initiated(scenarios: Scenarios) -> None:
    """The issue's example: inline pay with neither merchantUserId nor userAuthToken was answered PAYMENT_INITIATED."""
    payload = {
        "merchantId": MERCHANT,
        "transactionId": "INNOUSER",
        "amount": 100,
        "paymentSources": [{"mode": "upi", "type": "INTENT"}],
        "mobileNumber": "9999999999",
    }
    for method in ("POST", "GET"):
        body = scenarios.post("/v3/merchant/inline/pay", payload, method=method).json()
        assert body["code"] == "BAD_REQUEST", body
        assert "'merchantUserId' and 'userAuthToken'" in body["message"], body
    payload["merchantUserId"] = "U1"
    del payload["mobileNumber"]
    assert scenarios.post("/v3/merchant/inline/pay", payload).json()["code"] == "BAD_REQUEST"  # POST needs it
    assert scenarios.post("/v3/merchant/inline/pay", payload, method="GET").json()["code"] == "PAYMENT_INITIATED"


# ------------------------------------------------------------------------------------------------ not found switch
def test_transaction_not_found_status_is_a_documented_switch(scenarios: Scenarios) -> None:
    assert scenarios.status("getTransactionStatus", "NOPE").status_code == 400  # the default
    scenarios.config(notFoundStatus=200)
    try:
        for op_id in ("getTransactionStatus", "getTransactionStatusAppsHost"):
            resp = scenarios.status(op_id, "NOPE")
            assert resp.status_code == 200
            assert resp.json()["code"] == "TRANSACTION_NOT_FOUND"
        resp = scenarios.refund("refundV4", refund("RFNOPE", "NOPE"))
        assert resp.status_code == 200
        assert resp.json()["code"] == "TRANSACTION_NOT_FOUND"
    finally:
        scenarios.config(notFoundStatus=400)
    bad = scenarios.gw.control("POST", "/_sandbox/config", json={"notFoundStatus": 404})
    assert bad.status_code == 400
    assert sandbox_cli.parser().parse_args(["--not-found-status", "200"]).not_found_status == 200
    with pytest.raises(SystemExit):
        sandbox_cli.parser().parse_args(["--not-found-status", "404"])


def test_refund_and_status_pending_answers_say_success_true(scenarios: Scenarios) -> None:
    """Finding 3: the examples and the sandbox agree on `success` of a pending answer (true; not shown)."""
    tid = scenarios.paid()
    body = scenarios.refund("refundV4", refund("RFPEND", tid)).json()
    assert (body["code"], body["success"]) == ("PAYMENT_PENDING", True)
    assert scenarios.status("getTransactionStatus", "RFPEND").json()["success"] is True
