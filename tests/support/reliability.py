"""Shared support of the reliability campaign (issue 9): one loopback sandbox per session, a per-operation
counter of requests that reached it, fake sleep/clock, and the table of payment-like operations.

Everything here is deterministic and fast: the sandbox settles at once (settle_after=0), sleeps are injected,
and no test waits on wall-clock time except the few sandbox "delay" faults (bounded to well under a second).
"""

from __future__ import annotations

import os
import secrets
import threading
import time
import uuid
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

import pytest

MERCHANT = "RELMERCHANT"
# random per run, so the secret scanners can look for exact values that nothing else could print by accident
SALT = "rel-salt-" + secrets.token_hex(12)
CLIENT_ID = "RELCLIENT"
CLIENT_SECRET = "rel-secret-" + secrets.token_hex(12)
OTP = "".join(str(secrets.randbelow(10)) for _ in range(6))
MOBILE = "9876501234"


# Figures of the campaign (inputs generated, rejected ...): written to $MGW_RELIABILITY_STATS at the end of the
# session (see conftest.py) so soak/report.py can put them into docs/reliability.md.
STATS: Counter[str] = Counter()
# Hypothesis example counts are multiplied by this; `make soak` runs the suite with MGW_RELIABILITY_SCALE=5.
SCALE = max(0.1, float(os.environ.get("MGW_RELIABILITY_SCALE", "1")))


def examples(n: int) -> int:
    return max(5, int(n * SCALE))


def tid(prefix: str = "T") -> str:
    """A fresh transaction id (< 38 characters)."""
    return f"{prefix}{uuid.uuid4().hex[:24]}"


class Hits:
    """Counts the gateway operations that reached the sandbox (wraps ``Faults.take``, called once per request)."""

    def __init__(self, sandbox: Any) -> None:
        self.counts: Counter[str] = Counter()
        self._lock = threading.Lock()
        faults = sandbox.faults
        original = faults.take

        def take(operation_id: str) -> Any:
            with self._lock:
                self.counts[operation_id] += 1
            return original(operation_id)

        faults.take = take

    def reset(self) -> None:
        with self._lock:
            self.counts.clear()

    def __getitem__(self, operation_id: str) -> int:
        with self._lock:
            return self.counts[operation_id]


@dataclass
class Env:
    running: Any  # RunningSandbox
    hits: Hits
    user_auth_token: str
    http: Any = None  # shared httpx.Client (plain HTTP on loopback: no TLS context per test)
    gw: Any = None  # shared Gateway for set-up calls (paid payments)

    @property
    def store(self) -> Any:
        return self.running.sandbox.store

    def settings(self, **overrides: Any) -> dict[str, Any]:
        values: dict[str, Any] = {
            "merchant_id": MERCHANT,
            "salt_key": SALT,
            "salt_index": "1",
            "base_url": self.running.base_url,
            "apps_url": self.running.apps_url,
            "auth_url": self.running.auth_url,
            "client_id": CLIENT_ID,
            "client_secret": CLIENT_SECRET,
        }
        values.update(overrides)
        return values

    def records(self, transaction_id: str) -> int:
        """How many transactions the sandbox recorded under this id (the store is keyed by id: 0 or 1)."""
        return sum(1 for (m, t) in list(self.store.txns) if m == MERCHANT and t == transaction_id)

    def wait_recorded(self, transaction_id: str, within: float = 30.0) -> int:
        """Wait until the sandbox has recorded this id (a "delay" fault records the request at once and only
        answers late, so a client that timed out may get here first); 0 if it has not after ``within`` seconds,
        a guard against a hang, not a measurement."""
        deadline = time.monotonic() + within
        while not self.records(transaction_id) and time.monotonic() < deadline:
            time.sleep(0.01)
        return self.records(transaction_id)

    def refunds_of(self, payment_id: str) -> list[Any]:
        return [
            t
            for t in list(self.store.txns.values())
            if t.kind == "refund" and t.original is not None and t.original.transaction_id == payment_id
        ]

    def faults(self, method: str, **body: Any) -> Any:
        url = self.running.origin + "/_sandbox/faults"
        return self.http.request(method, url, json=body or None).json()


@pytest.fixture(scope="session")
def env() -> Iterator[Env]:
    sandbox_mod = pytest.importorskip("merchant_gateway_sandbox")
    import merchant_gateway as mg

    running = sandbox_mod.start_sandbox(
        port=0,
        merchant_id=MERCHANT,
        salts={"1": SALT},
        client_id=CLIENT_ID,
        client_secret=CLIENT_SECRET,
        settle_after=0.0,
        otp=OTP,
        otp_send_limit=10_000,
    )
    try:
        import httpx

        hits = Hits(running.sandbox)
        e = Env(running, hits, "", http=httpx.Client(verify=False, timeout=10))
        e.gw = mg.Gateway(**e.settings(), transport=httpx.HTTPTransport(verify=False))
        token = e.gw.send_otp(mobile_number=MOBILE).data.otp_token
        e.user_auth_token = e.gw.verify_otp(otp_token=token, otp=OTP).data.user_auth_token
        yield e
        e.gw.close()
        e.http.close()
    finally:
        running.stop()


@pytest.fixture
def sbx(env: Env) -> Env:
    env.hits.reset()
    env.faults("DELETE")
    return env


class FakeTime:
    """Injected sleep/clock: records the waits requested and advances a virtual clock; never really sleeps."""

    def __init__(self, now: float = 1000.0) -> None:
        self.now = now
        self.sleeps: list[float] = []

    def monotonic(self) -> float:
        return self.now

    def sleep(self, seconds: float) -> None:
        self.sleeps.append(seconds)
        self.now += seconds

    async def async_sleep(self, seconds: float) -> None:
        self.sleep(seconds)


@pytest.fixture
def fake_time() -> FakeTime:
    return FakeTime()


# --- the payment-like operations ----------------------------------------------------------------------------------

PAID_AMOUNT = 10_000


@dataclass(frozen=True)
class PayOp:
    method: str
    operation_id: str
    build: Callable[[Env, str, Any], dict[str, Any]]  # (env, transaction id, paid payment id or None) -> kwargs
    refund: bool = False
    amount: int = 100


def _debit(e: Env, t: str, _: Any, amount: int = 100) -> dict[str, Any]:
    return {"transaction_id": t, "amount": amount, "merchant_user_id": "U1", "merchant_order_id": "OD1"}


def _intent(e: Env, t: str, _: Any, amount: int = 100) -> dict[str, Any]:
    return {
        "transaction_id": t,
        "amount": amount,
        "merchant_order_id": "OD1",
        "payment_scope": "PLATFORM",
        "device_context": {"platformVersionCode": 400922},
    }


def _instant(e: Env, t: str, _: Any, amount: int = 100) -> dict[str, Any]:
    return {
        "transaction_id": t,
        "amount": amount,
        "mobile_number": MOBILE,
        "merchant_order_id": "OD1",
        "user_auth_token": e.user_auth_token,
    }


def _inline(e: Env, t: str, _: Any, amount: int = 100) -> dict[str, Any]:
    return {
        "transaction_id": t,
        "amount": amount,
        "merchant_user_id": "U1",
        "payment_sources": [{"mode": "upi", "type": "INTENT"}],
        "mobile_number": "9999999999",  # required on the POST variant (spec x-field-rules), optional on the GET
    }


def _collect(e: Env, t: str, _: Any, amount: int = 100) -> dict[str, Any]:
    return {
        "transaction_id": t,
        "merchant_order_id": "OD9",
        "amount": amount,
        "instrument_type": "MOBILE",
        "instrument_reference": MOBILE,
        "expires_in": 180,
        "callback_url": "http://127.0.0.1:9/charge",
    }


def _refund(e: Env, t: str, paid: Any, amount: int = 100) -> dict[str, Any]:
    return {
        "transaction_id": t,
        "original_transaction_id": paid,
        "amount": amount,
        "merchant_order_id": "OD1",
        "message": "refund",
        "original_amount": PAID_AMOUNT,
    }


def _fulfil(e: Env, t: str, _: Any, amount: int = 100) -> dict[str, Any]:
    return {"transaction_id": t, "merchant_user_id": "U1", "amount": amount, "merchant_order_id": "OD1"}


def _sdkless(e: Env, t: str, _: Any, amount: int = 100) -> dict[str, Any]:
    return {
        "transaction_id": t,
        "amount": amount,
        "valid_for": 600000,
        "merchant_order_id": "OD1",
        "redirect_url": "https://merchant.example/done",
        "transaction_context": "e30=",
    }


PAY_OPS: dict[str, PayOp] = {
    op.method: op
    for op in (
        PayOp("debit_v3", "debitV3", _debit),
        PayOp("debit_v4_web", "debitV4Web", _debit),
        PayOp("debit_v4_intent", "debitV4Intent", _intent),
        PayOp("instant_debit", "instantDebit", _instant),
        PayOp("inline_pay", "inlinePay", _inline),
        PayOp("inline_pay_with_get", "inlinePayWithGet", _inline),
        PayOp("collect_request", "collectRequest", _collect),
        PayOp("initiate_sdk_less_payment", "initiateSdkLessPayment", _sdkless),
        PayOp("refund_v3", "refundV3", _refund, refund=True),
        PayOp("refund_v4", "refundV4", _refund, refund=True),
        PayOp("refund_apps_host", "refundAppsHost", _refund, refund=True),
        PayOp("fulfill_deferred_refund", "fulfillDeferredRefund", _fulfil),
    )
}


def paid_payment(e: Env) -> str:
    """A fresh successful payment of PAID_AMOUNT (the sandbox settles at once), to refund against."""
    t = tid("PAID")
    e.gw.debit_v4_web(**_debit(e, t, None, PAID_AMOUNT))
    assert e.gw.get_transaction_status(t).code == "PAYMENT_SUCCESS"
    return t


def call_args(e: Env, op: PayOp, t: str, amount: int = 100) -> tuple[dict[str, Any], str | None]:
    paid = paid_payment(e) if op.refund else None
    return op.build(e, t, paid, amount), paid


def assert_no_double_money(e: Env, t: str, paid: str | None) -> None:
    """At most one recorded transaction per id, and refunds never exceed the payment."""
    assert e.records(t) <= 1
    if paid is not None:
        refunds = e.refunds_of(paid)
        original = e.store.get(MERCHANT, paid)
        assert len(refunds) <= 1
        assert original.refunded <= original.amount
        assert sum(r.amount for r in refunds if r.code != "PAYMENT_ERROR") <= original.amount
