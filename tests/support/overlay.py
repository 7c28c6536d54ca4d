"""Shared inputs and doubles of the overlay tests (and the telemetry tests built on them): minimal valid arguments
for every Gateway method, a fake clock, a scripted MockTransport handler answering as an honest gateway would, and
gateways built on it."""

from __future__ import annotations

import base64
import json
import random
from collections.abc import Callable
from typing import Any

import httpx
import merchant_gateway as mg

SALT = "salt-key-of-merchant-one-0399"
SALT_INDEX = "1"
MERCHANT = "MERCHANTUAT"
CLIENT_SECRET = "client-secret-xyz-777"
OTP = "918273"

UPI_INTENT = [{"mode": "upi", "type": "INTENT"}]

# method name -> (positional args, keyword args)
CALLS: dict[str, tuple[tuple[Any, ...], dict[str, Any]]] = {
    "debit_v3": ((), {"transaction_id": "TXV3", "amount": 100, "merchant_user_id": "U1"}),
    "debit_v4_web": ((), {"transaction_id": "TXV4", "amount": 100, "merchant_user_id": "U1"}),
    "debit_v4_intent": (
        (),
        {
            "transaction_id": "TXI",
            "amount": 100,
            "merchant_order_id": "OD1",
            "payment_scope": "PLATFORM",
            "device_context": {"platformVersionCode": 400922},
        },
    ),
    "get_transaction_status": (("TXV4",), {}),
    "get_transaction_status_apps_host": (("TXV4",), {}),
    "refund_v3": (
        (),
        {
            "transaction_id": "RF3",
            "original_transaction_id": "TXV4",
            "amount": 50,
            "merchant_order_id": "OD1",
            "message": "refund",
        },
    ),
    "refund_v4": (
        (),
        {
            "transaction_id": "RF4",
            "original_transaction_id": "TXV4",
            "amount": 50,
            "merchant_order_id": "OD1",
            "message": "refund",
        },
    ),
    "refund_apps_host": (
        (),
        {
            "transaction_id": "RFA",
            "original_transaction_id": "TXV4",
            "amount": 50,
            "merchant_order_id": "OD1",
            "message": "refund",
        },
    ),
    "fulfill_deferred_refund": (
        (),
        {"transaction_id": "DF1", "merchant_user_id": "U1", "amount": 100, "merchant_order_id": "OD1"},
    ),
    "collect_request": (
        (),
        {
            "transaction_id": "COL1",
            "merchant_order_id": "OD9",
            "amount": 100,
            "instrument_type": "MOBILE",
            "instrument_reference": "9999999999",
            "expires_in": 180,
            "callback_url": "https://merchant.example/cb",
        },
    ),
    "trigger_test_callback": (
        (),
        {"transaction_id": "TC1", "amount": 100, "callback_url": "https://merchant.example/cb"},
    ),
    "get_wallet_balance": (("UAT-abc.def_123",), {}),
    "instant_debit": (
        (),
        {
            "transaction_id": "ID1",
            "amount": 100,
            "mobile_number": "9999999999",
            "merchant_order_id": "OD1",
            "user_auth_token": "UAT-abc",
        },
    ),
    "inline_pay": (
        (),
        {
            "transaction_id": "IN1",
            "amount": 100,
            "merchant_user_id": "U1",
            "payment_sources": UPI_INTENT,
            "mobile_number": "9999999999",  # required on the POST variant (spec x-field-rules)
        },
    ),
    "inline_pay_with_get": (
        (),
        {"transaction_id": "IN2", "amount": 100, "merchant_user_id": "U1", "payment_sources": UPI_INTENT},
    ),
    "get_payment_options": ((), {"amount": 100, "merchant_user_id": "U1"}),
    "unlink_user": ((), {"user_auth_token": "UAT-abc"}),
    "send_otp": ((), {"mobile_number": "9999999999"}),
    "verify_otp": ((), {"otp_token": "OTPTOKEN1", "otp": OTP}),
    "get_sso_access_token": ((), {"grant_token": "GRANT1"}),
    "get_sso_user_details": ((), {"access_token": "ACCESS1"}),
    "initiate_sdk_less_payment": (
        (),
        {
            "transaction_id": "SDK1",
            "amount": 100,
            "valid_for": 600000,
            "merchant_order_id": "OD1",
            "redirect_url": "https://merchant.example/done",
            "transaction_context": "e30=",
        },
    ),
    "get_authorization_token": ((), {}),
}


class FakeTime:
    """Injected sleep/clock: records waits and advances a virtual clock; never really sleeps."""

    def __init__(self) -> None:
        self.now = 1000.0
        self.sleeps: list[float] = []

    def monotonic(self) -> float:
        return self.now

    def sleep(self, seconds: float) -> None:
        self.sleeps.append(seconds)
        self.now += seconds

    async def async_sleep(self, seconds: float) -> None:
        self.sleep(seconds)


Handler = Callable[[httpx.Request], httpx.Response]


def ok_envelope(code: str = "SUCCESS", **data: Any) -> dict[str, Any]:
    return {"success": True, "code": code, "message": "ok", "data": {"merchantId": MERCHANT, **data}}


def token_body(issued: int = 1_000, lifetime: int = 3600, n: int = 1) -> dict[str, Any]:
    return {
        "access_token": f"secret-access-token-{n}",
        "encrypted_access_token": "enc",
        "expires_in": None,
        "issued_at": issued,
        "expires_at": issued + lifetime,
        "session_expires_at": issued + lifetime,
        "token_type": "O-Bearer",
    }


def default_answer(request: httpx.Request) -> httpx.Response:
    path = request.url.path
    if path.endswith("/v1/oauth/token"):
        return httpx.Response(200, json=token_body())
    if path.endswith("/v3/debit"):
        return httpx.Response(302, headers={"Location": "/pay/abc"})
    # an honest gateway's answer is about the transaction asked about (the client checks that it is)
    merchant, transaction = asked_about(request)
    answer = ok_envelope(positive_code(path), transactionId=transaction, amount=amount_sent(request))
    answer["data"]["merchantId"] = merchant
    answer["data"]["redirectURL"] = "https://pay.example/p/1"  # what a v4 debit's acceptance needs (x-evidence)
    return httpx.Response(200, json=answer)


def amount_sent(request: httpx.Request) -> int:
    """The payload's amount (an honest gateway echoes it), else 100."""
    try:
        payload = json.loads(base64.b64decode(json.loads(request.content)["request"]))
    except (ValueError, KeyError, TypeError):
        return 100
    amount = payload.get("amount", 100)
    return amount if isinstance(amount, int) else 100


def positive_code(path: str) -> str:
    """The code an honest gateway answers for a success of the operation at ``path`` (its x-codes)."""
    if any(p in path for p in ("/otp/", "/token/unlink", "/auth/access", "/charge", "/sdk-less/")):
        return "SUCCESS"
    return "PAYMENT_INITIATED" if "/inline/pay" in path else "PAYMENT_SUCCESS"


def asked_about(request: httpx.Request) -> tuple[str, str]:
    """(merchant id, transaction id) a request is about: the status path's, or the base64 payload's."""
    parts = request.url.path.split("/")
    if parts[-1] == "status":
        return parts[-3], parts[-2]
    try:
        payload = json.loads(request.content)
        if "request" in payload:  # base64-wrapped; the test callback sends plain JSON
            payload = json.loads(base64.b64decode(payload["request"]))
    except (ValueError, KeyError, TypeError):
        return MERCHANT, "TXV4"
    return str(payload.get("merchantId", MERCHANT)), str(payload.get("transactionId", "TXV4"))


class Recorder:
    """A MockTransport handler that records requests and answers from a script (then the default)."""

    def __init__(self, *script: httpx.Response | Exception | Handler) -> None:
        self.script = list(script)
        self.requests: list[httpx.Request] = []

    def __call__(self, request: httpx.Request) -> httpx.Response:
        self.requests.append(request)
        if self.script:
            item = self.script.pop(0)
            if isinstance(item, Exception):
                raise item
            if isinstance(item, httpx.Response):
                return item
            return item(request)
        return default_answer(request)


def _settings(rec: Recorder, fake: FakeTime, kw: dict[str, Any]) -> dict[str, Any]:
    """What both gateways are built with: merchant one's credentials, the scripted transport and the fake clock
    (the caller adds its flavour's sleep); ``kw`` overrides any of it."""
    return {
        "merchant_id": MERCHANT,
        "salt_key": SALT,
        "salt_index": SALT_INDEX,
        "client_id": "CID",
        "client_secret": CLIENT_SECRET,
        "transport": httpx.MockTransport(rec),
        "clock": fake.monotonic,
        "wall_clock": lambda: 1_700_000_000.0,
        "rng": random.Random(7),
        **kw,
    }


def make(rec: Recorder, fake: FakeTime, **kw: Any) -> mg.Gateway:
    return mg.Gateway(**_settings(rec, fake, {"sleep": fake.sleep, **kw}))


def async_make(rec: Recorder, fake: FakeTime, **kw: Any) -> mg.AsyncGateway:
    """make's async flavour, named by the async naming rule: a derived test (tools/derive_sync.py) calls make."""
    return mg.AsyncGateway(**_settings(rec, fake, {"sleep": fake.async_sleep, **kw}))


make_async = async_make  # the name the tests not derived yet use
