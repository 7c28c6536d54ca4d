"""Authorization-token refresh under contention: 50 threads and 50 asyncio tasks against an expiring token make
exactly one token request; wall clocks skewed by +/-10 minutes (vs the monotonic clock) change nothing; a failing
refresh serves the still-valid cached token, and only an expired token makes the failure visible."""

from __future__ import annotations

import asyncio
import threading
import time
from typing import Any

import httpx
import merchant_gateway as mg
import pytest

from tests.support.reliability import CLIENT_SECRET, MERCHANT, SALT, STATS, FakeTime

LIFETIME = 3600
SERVER_NOW = 1_750_000_000  # the gateway's own clock (issued_at / expires_at)


class TokenServer:
    """MockTransport handler of /v1/oauth/token: counts calls, can be slow (to widen races) or failing."""

    def __init__(self, *, delay: float = 0.0) -> None:
        self.calls = 0
        self.delay = delay
        self.fail: str | None = None  # None | "http500" | "connect"
        self._lock = threading.Lock()

    def __call__(self, request: httpx.Request) -> httpx.Response:
        assert request.url.path.endswith("/v1/oauth/token")
        with self._lock:
            self.calls += 1
            n = self.calls
        if self.delay:
            time.sleep(self.delay)
        if self.fail == "connect":
            raise httpx.ConnectError("refused", request=request)
        if self.fail == "http500":
            return httpx.Response(500, text="<html>500</html>")
        issued = SERVER_NOW + n
        return httpx.Response(
            200,
            json={
                "access_token": f"OT-token-{n}",
                "encrypted_access_token": f"ENC-{n}",
                "expires_in": None,
                "issued_at": issued,
                "expires_at": issued + LIFETIME,
                "session_expires_at": issued + LIFETIME,
                "token_type": "O-Bearer",
            },
        )


def settings(**extra: Any) -> dict[str, Any]:
    return {
        "merchant_id": MERCHANT,
        "salt_key": SALT,
        "salt_index": "1",
        "client_id": "C1",
        "client_secret": CLIENT_SECRET,
        **extra,
    }


def test_fifty_threads_one_refresh(fake_time: FakeTime) -> None:
    server = TokenServer(delay=0.05)
    with mg.Gateway(
        **settings(), transport=httpx.MockTransport(server), clock=fake_time.monotonic, sleep=fake_time.sleep
    ) as gw:
        first = gw.authorization_token()
        assert server.calls == 1
        fake_time.now += LIFETIME + 1  # expired
        barrier = threading.Barrier(50)
        results: list[str] = []
        errors: list[BaseException] = []

        def worker() -> None:
            try:
                barrier.wait(5)
                results.append(gw.authorization_token().access_token)
            except BaseException as exc:  # noqa: BLE001 - a thread's failure, carried to the test's errors == []
                errors.append(exc)

        threads = [threading.Thread(target=worker) for _ in range(50)]
        for t in threads:
            t.start()
        for t in threads:
            t.join(10)
    STATS["token_contenders"] += 50
    assert errors == []
    assert server.calls == 2  # exactly one refresh for fifty callers
    assert set(results) == {"OT-token-2"}
    assert first.access_token == "OT-token-1"


async def test_fifty_tasks_one_refresh(fake_time: FakeTime) -> None:
    server = TokenServer(delay=0.05)  # a blocking handler: the event loop really is held during the refresh
    async with mg.AsyncGateway(
        **settings(), transport=httpx.MockTransport(server), clock=fake_time.monotonic, sleep=fake_time.async_sleep
    ) as gw:
        await gw.authorization_token()
        fake_time.now += LIFETIME + 1
        tokens = await asyncio.gather(*(gw.authorization_token() for _ in range(50)))
    STATS["token_contenders"] += 50
    assert server.calls == 2
    assert {t.access_token for t in tokens} == {"OT-token-2"}


async def test_threads_and_tasks_together(fake_time: FakeTime) -> None:
    """One sync and one async gateway do not share a cache; each refreshes once however many callers it has."""
    server = TokenServer(delay=0.02)
    with mg.Gateway(**settings(), transport=httpx.MockTransport(server), clock=fake_time.monotonic) as gw:
        async with mg.AsyncGateway(
            **settings(), transport=httpx.MockTransport(server), clock=fake_time.monotonic
        ) as agw:
            threads = [threading.Thread(target=gw.authorization_token) for _ in range(50)]
            for t in threads:
                t.start()
            await asyncio.gather(*(agw.authorization_token() for _ in range(50)))
            for t in threads:
                t.join(10)
    assert server.calls == 2


@pytest.mark.parametrize("skew", [-600.0, -1.0, 0.0, 1.0, 600.0])
def test_skewed_wall_clock_changes_nothing(skew: float) -> None:
    """The lifetime is expires_at - issued_at (server clock) counted on the local monotonic clock."""
    fake = FakeTime()
    server = TokenServer()
    with mg.Gateway(
        **settings(), transport=httpx.MockTransport(server), clock=fake.monotonic, wall_clock=lambda: time.time() + skew
    ) as gw:
        gw.authorization_token()
        for _ in range(20):  # up to just before the refresh margin (60 s) -> cached
            fake.now += (LIFETIME - 61) / 20
            gw.authorization_token()
        assert server.calls == 1
        fake.now += 2  # inside the margin -> refreshed once
        gw.authorization_token()
        gw.authorization_token()
        assert server.calls == 2
    STATS["clock_skews_tried"] += 1


@pytest.mark.parametrize("skew", [-600.0, 600.0])
def test_skewed_monotonic_start_changes_nothing(skew: float) -> None:
    """Monotonic clocks start anywhere (even negative); only differences matter."""
    fake = FakeTime(now=skew)
    server = TokenServer()
    with mg.Gateway(**settings(), transport=httpx.MockTransport(server), clock=fake.monotonic) as gw:
        gw.authorization_token()
        fake.now += LIFETIME / 2
        gw.authorization_token()
    assert server.calls == 1


@pytest.mark.parametrize("failure", ["http500", "connect"])
def test_refresh_failure_serves_valid_cached_token(fake_time: FakeTime, failure: str) -> None:
    server = TokenServer()
    with mg.Gateway(
        **settings(), transport=httpx.MockTransport(server), clock=fake_time.monotonic, sleep=fake_time.sleep
    ) as gw:
        first = gw.authorization_token()
        server.fail = failure
        fake_time.now += LIFETIME - 30  # inside the refresh margin, still valid
        calls = server.calls
        assert gw.authorization_token().access_token == first.access_token
        assert server.calls - calls == mg.RetryPolicy().max_attempts  # the token call is safe: retried, bounded
        fake_time.now += 31  # now expired: the failure must surface
        with pytest.raises((mg.ServerError, mg.GatewayConnectionError, mg.ApiError)):
            gw.authorization_token()
        server.fail = None
        assert gw.authorization_token().access_token != first.access_token


async def test_async_refresh_failure_serves_valid_cached_token(fake_time: FakeTime) -> None:
    server = TokenServer()
    async with mg.AsyncGateway(
        **settings(), transport=httpx.MockTransport(server), clock=fake_time.monotonic, sleep=fake_time.async_sleep
    ) as gw:
        first = await gw.authorization_token()
        server.fail = "http500"
        fake_time.now += LIFETIME - 30
        assert (await gw.authorization_token()).access_token == first.access_token
        fake_time.now += 31
        with pytest.raises(mg.GatewayError):
            await gw.authorization_token()


async def _no_sleep(seconds: float) -> None:
    return None


async def test_fifty_tasks_during_token_outage_make_one_refresh(fake_time: FakeTime) -> None:
    server = TokenServer()
    async with mg.AsyncGateway(
        **settings(), transport=httpx.MockTransport(server), clock=fake_time.monotonic, sleep=_no_sleep
    ) as gw:
        first = await gw.authorization_token()
        server.fail = "http500"
        fake_time.now += LIFETIME - 30  # in the refresh margin, still valid for 30 s
        calls = server.calls
        tokens = await asyncio.gather(*(gw.authorization_token() for _ in range(50)))
    assert {t.access_token for t in tokens} == {first.access_token}
    assert server.calls - calls <= mg.RetryPolicy().max_attempts  # one (failed, retried) refresh, shared


def test_fifty_threads_during_token_outage_make_one_refresh(fake_time: FakeTime) -> None:
    server = TokenServer()
    with mg.Gateway(
        **settings(), transport=httpx.MockTransport(server), clock=fake_time.monotonic, sleep=lambda s: None
    ) as gw:
        gw.authorization_token()
        server.fail = "connect"
        fake_time.now += LIFETIME - 30
        calls = server.calls
        threads = [threading.Thread(target=gw.authorization_token) for _ in range(50)]
        for t in threads:
            t.start()
        for t in threads:
            t.join(10)
    assert server.calls - calls <= mg.RetryPolicy().max_attempts


def test_token_auth_rejected_token_refreshes_once_for_fifty_threads(fake_time: FakeTime) -> None:
    """TokenAuth: 50 threads get AUTHORIZATION_FAILED for the same old token -> one refresh, every retry carries
    the new token."""
    server = TokenServer(delay=0.02)
    seen: list[str] = []
    lock = threading.Lock()

    def api(request: httpx.Request) -> httpx.Response:
        auth = request.headers["Authorization"]
        with lock:
            seen.append(auth)
        if auth.endswith("OT-token-1"):
            return httpx.Response(401, json={"success": False, "code": "AUTHORIZATION_FAILED", "data": {}})
        return httpx.Response(200, json={"success": True})

    with mg.Gateway(**settings(), transport=httpx.MockTransport(server), clock=fake_time.monotonic) as gw:
        gw.authorization_token()
        # the checkout GET is outside the spec: re-sent after a rejection because the caller says GETs are reads
        resend = gw.token_auth(resend=lambda request: request.method == "GET")
        with httpx.Client(auth=resend, transport=httpx.MockTransport(api)) as http:
            barrier = threading.Barrier(50)
            codes: list[int] = []

            def worker() -> None:
                barrier.wait(5)
                codes.append(http.get("http://127.0.0.1:9/checkout").status_code)

            threads = [threading.Thread(target=worker) for _ in range(50)]
            for t in threads:
                t.start()
            for t in threads:
                t.join(10)
    assert codes == [200] * 50
    assert server.calls == 2
