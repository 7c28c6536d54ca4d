"""HTTP 429 / API_RATE_LIMIT_REACHED with hostile Retry-After and TIME_WINDOW values, through the public
Gateway/AsyncGateway (sleep, wall clock and jitter randomness injected): every wait requested is asserted exactly,
is finite, >= 0, within RetryPolicy.max_wait, and a payment that was rate limited is never recorded twice."""

from __future__ import annotations

import email.utils
import math
import random
from typing import Any

import httpx
import merchant_gateway as mg
import pytest

from tests.support.reliability import MERCHANT, PAY_OPS, SALT, Env, FakeTime, tid

NOW = 1_750_000_000.0  # the injected wall clock (HTTP dates are relative to it)
SEED = 20240917


def _http_date(offset: float) -> str:
    return email.utils.formatdate(NOW + offset, usegmt=True)


# value -> the server hint the client should use (None: unusable, fall back to exponential backoff)
HOSTILE: dict[str, float | None] = {
    "2": 2.0,
    "0": 0.0,
    "2.5": 2.5,
    " 7 ": 7.0,
    _http_date(7): 7.0,
    _http_date(-3600): 0.0,  # a date in the past: retry now (still jittered >= 0)
    _http_date(10**7): 10.0**7,  # capped at max_wait
    "inf": None,
    "-inf": None,
    "nan": None,
    "NaN": None,
    "-1": None,
    "99999": 99999.0,
    "1e3": None,
    "0x10": None,
    "+5": None,
    "٣": None,  # an Arabic-Indic digit: str.isdigit() would accept it
    "5; DROP TABLE": None,
    "garbage": None,
    "": None,
    "9" * 80: None,
    "Wed, 32 Foo 2024 99:99:99 GMT": None,
    "Mon, 01 Jan 0001 00:00:00 GMT": 0.0,
}


def expected_waits(policy: mg.RetryPolicy, hint: float | None, rng: random.Random) -> list[float]:
    """The documented rule (retry.wait_seconds): server hint or 0.5 * 2**(n-1) as the base, then uniform in
    [min(base, max_wait * (1 - jitter)), min(base * (1 + jitter), max_wait)]."""
    waits = []
    for attempt in range(1, policy.max_attempts):
        base = hint if hint is not None else policy.backoff_base * 2.0 ** (attempt - 1)
        hi = min(base * (1 + policy.jitter), policy.max_wait)
        lo = min(base, policy.max_wait * (1 - policy.jitter))
        waits.append(rng.uniform(lo, hi))
    return waits


class Limited:
    """MockTransport handler that always answers 429 with the given header/body values; counts requests."""

    def __init__(self, *, retry_after: str | None = None, window_body: Any = None, window_header: str | None = None):
        self.retry_after, self.window_body, self.window_header = retry_after, window_body, window_header
        self.requests = 0

    def __call__(self, request: httpx.Request) -> httpx.Response:
        self.requests += 1
        headers: dict[str, bytes] = {"API_LIMIT": b"10"}
        if self.retry_after is not None:  # raw bytes on the wire, so non-ASCII values reach the client too
            headers["Retry-After"] = self.retry_after.encode("utf-8")
        if self.window_header is not None:
            headers["TIME_WINDOW"] = self.window_header.encode("utf-8")
        data: dict[str, Any] = {"API_LIMIT": 10}
        if self.window_body is not None:
            data["TIME_WINDOW"] = self.window_body
        body = {"success": False, "code": "API_RATE_LIMIT_REACHED", "message": "API rate limit reached.", "data": data}
        return httpx.Response(429, json=body, headers=headers)


def _gateway(handler: Limited, fake: FakeTime, policy: mg.RetryPolicy | None = None) -> mg.Gateway:
    return mg.Gateway(
        merchant_id=MERCHANT,
        salt_key=SALT,
        salt_index="1",
        transport=httpx.MockTransport(handler),
        sleep=fake.sleep,
        wall_clock=lambda: NOW,
        rng=random.Random(SEED),
        **({"retry": policy} if policy else {}),
    )


def _pay(gw: mg.Gateway) -> None:
    gw.debit_v4_web(transaction_id=tid("RL"), amount=100, merchant_user_id="U1")


def _check(fake: FakeTime, handler: Limited, policy: mg.RetryPolicy, hint: float | None) -> None:
    assert handler.requests == policy.max_attempts  # a 429 was not processed: retrying a payment is safe
    assert fake.sleeps == pytest.approx(expected_waits(policy, hint, random.Random(SEED)), abs=1e-12)
    for wait in fake.sleeps:
        assert math.isfinite(wait)
        assert 0.0 <= wait <= policy.max_wait


@pytest.mark.parametrize("value", list(HOSTILE), ids=[repr(v)[:30] for v in HOSTILE])
def test_retry_after_header(fake_time: FakeTime, value: str) -> None:
    handler = Limited(retry_after=value)
    policy = mg.RetryPolicy()
    with _gateway(handler, fake_time) as gw, pytest.raises(mg.RateLimitedError) as info:
        _pay(gw)
    assert info.value.status == 429
    assert info.value.code == "API_RATE_LIMIT_REACHED"
    _check(fake_time, handler, policy, HOSTILE[value])


@pytest.mark.parametrize("value", list(HOSTILE), ids=[repr(v)[:30] for v in HOSTILE])
def test_time_window_in_body(fake_time: FakeTime, value: str) -> None:
    handler = Limited(window_body=value)
    policy = mg.RetryPolicy(max_attempts=4, max_wait=12.0)
    with _gateway(handler, fake_time, policy) as gw, pytest.raises(mg.RateLimitedError) as info:
        _pay(gw)
    assert info.value.time_window == value[:32] or value == ""
    _check(fake_time, handler, policy, HOSTILE[value])


@pytest.mark.parametrize(
    ("value", "hint"), [(2, 2.0), (2.5, 2.5), (-1, None), (True, None), (None, None), ([1], None), ({"a": 1}, None)]
)
def test_time_window_json_types(fake_time: FakeTime, value: Any, hint: float | None) -> None:
    handler = Limited(window_body=value)
    policy = mg.RetryPolicy()
    with _gateway(handler, fake_time) as gw, pytest.raises(mg.RateLimitedError):
        _pay(gw)
    _check(fake_time, handler, policy, hint)


def test_retry_after_wins_over_time_window(fake_time: FakeTime) -> None:
    handler = Limited(retry_after="3", window_body="9")
    with _gateway(handler, fake_time) as gw, pytest.raises(mg.RateLimitedError):
        _pay(gw)
    _check(fake_time, handler, mg.RetryPolicy(), 3.0)


def test_unusable_retry_after_falls_back_to_time_window(fake_time: FakeTime) -> None:
    handler = Limited(retry_after="inf", window_body="4")
    with _gateway(handler, fake_time) as gw, pytest.raises(mg.RateLimitedError):
        _pay(gw)
    _check(fake_time, handler, mg.RetryPolicy(), 4.0)


async def test_async_gateway_same_waits(fake_time: FakeTime) -> None:
    handler = Limited(retry_after="99999")
    policy = mg.RetryPolicy()
    async with mg.AsyncGateway(
        merchant_id=MERCHANT,
        salt_key=SALT,
        salt_index="1",
        transport=httpx.MockTransport(handler),
        sleep=fake_time.async_sleep,
        wall_clock=lambda: NOW,
        rng=random.Random(SEED),
    ) as gw:
        with pytest.raises(mg.RateLimitedError):
            await gw.instant_debit(
                transaction_id=tid("RA"),
                amount=100,
                mobile_number="9999999999",
                user_auth_token="UAT-x",
                merchant_order_id="O1",
            )
    _check(fake_time, handler, policy, 99999.0)


def test_zero_max_wait_never_sleeps(fake_time: FakeTime) -> None:
    handler = Limited(retry_after="99999")
    policy = mg.RetryPolicy(max_wait=0.0)
    with _gateway(handler, fake_time, policy) as gw, pytest.raises(mg.RateLimitedError):
        _pay(gw)
    assert fake_time.sleeps == [0.0, 0.0]


def test_waits_are_jittered_below_the_cap(fake_time: FakeTime) -> None:
    """Different clients (rng) wait different times for the same hint; the spread stays within 25 %."""
    waits = set()
    for seed in range(20):
        fake = FakeTime()
        handler = Limited(retry_after="2")
        with (
            mg.Gateway(
                merchant_id=MERCHANT,
                salt_key=SALT,
                salt_index="1",
                transport=httpx.MockTransport(handler),
                sleep=fake.sleep,
                rng=random.Random(seed),
            ) as gw,
            pytest.raises(mg.RateLimitedError),
        ):
            _pay(gw)
        waits.update(fake.sleeps)
        assert all(2.0 <= w <= 2.5 for w in fake.sleeps)
    assert len(waits) > 10


def test_waits_at_the_cap_are_still_jittered() -> None:
    waits = set()
    for seed in range(5):
        fake = FakeTime()
        with (
            mg.Gateway(
                merchant_id=MERCHANT,
                salt_key=SALT,
                salt_index="1",
                transport=httpx.MockTransport(Limited(retry_after="99999")),
                sleep=fake.sleep,
                rng=random.Random(seed),
            ) as gw,
            pytest.raises(mg.RateLimitedError),
        ):
            _pay(gw)
        waits.update(fake.sleeps)
    assert len(waits) > 1


def test_time_window_header_only(fake_time: FakeTime) -> None:
    handler = Limited(window_header="4")
    with _gateway(handler, fake_time) as gw, pytest.raises(mg.RateLimitedError):
        _pay(gw)
    _check(fake_time, handler, mg.RetryPolicy(), 4.0)


def test_sandbox_rate_limit_payment_not_recorded(sbx: Env, fake_time: FakeTime) -> None:
    """Against the sandbox's own limiter: a rate-limited payment is retried (bounded waits), reaches the gateway
    max_attempts times, is never recorded, and the error carries API_LIMIT / TIME_WINDOW."""
    op = PAY_OPS["debit_v4_web"]
    sbx.http.post(
        sbx.running.origin + "/_sandbox/rate-limit", json={"limit": 1, "window": 2, "operations": [op.operation_id]}
    )
    try:
        first, second = tid("RS"), tid("RS")
        policy = mg.RetryPolicy()
        with mg.Gateway(**sbx.settings(), sleep=fake_time.sleep, rng=random.Random(SEED)) as gw:
            gw.debit_v4_web(transaction_id=first, amount=100, merchant_user_id="U1")
            sbx.hits.reset()
            with pytest.raises(mg.RateLimitedError) as info:
                gw.debit_v4_web(transaction_id=second, amount=100, merchant_user_id="U1")
        assert info.value.api_limit == "1"
        assert info.value.time_window == "2"
        assert sbx.hits[op.operation_id] == policy.max_attempts
        assert fake_time.sleeps == pytest.approx(expected_waits(policy, 2.0, random.Random(SEED)))
        assert sbx.records(first) == 1
        assert sbx.records(second) == 0
    finally:
        sbx.http.post(sbx.running.origin + "/_sandbox/rate-limit", json={"limit": None})
