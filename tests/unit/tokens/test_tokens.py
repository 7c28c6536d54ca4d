from __future__ import annotations

import asyncio
import threading
import time

import httpx
import pytest
from merchant_gateway.errors import ApiError
from merchant_gateway.tokens import AuthorizationToken, TokenAuth, TokenCache, token_from_response


class Clock:
    def __init__(self) -> None:
        self.now = 500.0

    def __call__(self) -> float:
        return self.now


def response(n: int, *, issued: int = 1_000, lifetime: int = 3600) -> dict[str, object]:
    return {
        "access_token": f"tok{n}",
        "encrypted_access_token": "enc",
        "expires_in": None,
        "issued_at": issued,
        "expires_at": issued + lifetime,
        "session_expires_at": issued + lifetime,
        "token_type": "O-Bearer",
    }


def test_lifetime_from_server_fields_not_wall_clock() -> None:
    # issued_at far in the past relative to our wall clock (skew): lifetime still counts from arrival
    tok = token_from_response(response(1, issued=10, lifetime=600), received_at=42.0)
    assert tok.lifetime == 600
    assert tok.expires_monotonic == 642.0
    assert tok.authorization_header == "O-Bearer tok1"
    assert "tok1" not in repr(tok)


@pytest.mark.parametrize(
    "bad",
    [
        {},
        {"access_token": "a", "token_type": "O-Bearer"},
        {**response(1), "expires_at": "x"},
        {**response(1), "issued_at": 5000},
        {**response(1), "access_token": 3},
    ],
)
def test_malformed_token_response(bad: dict[str, object]) -> None:
    with pytest.raises(ApiError):
        token_from_response(bad, 0.0)


def test_expires_in_fallback() -> None:
    tok = token_from_response({**response(1), "issued_at": None, "expires_in": 100}, 0.0)
    assert tok.lifetime == 100


class Fetcher:
    def __init__(self, clock: Clock, lifetime: int = 3600) -> None:
        self.clock = clock
        self.calls = 0
        self.fail = False
        self.lifetime = lifetime

    def __call__(self) -> AuthorizationToken:
        self.calls += 1
        if self.fail:
            raise httpx.ConnectError("down")
        return token_from_response(response(self.calls, lifetime=self.lifetime), self.clock())


def test_cached_until_margin_then_refreshed() -> None:
    clock = Clock()
    cache = TokenCache(margin=60, clock=clock)
    fetch = Fetcher(clock)
    assert cache.get(fetch).access_token == "tok1"
    clock.now += 3600 - 61
    assert cache.get(fetch).access_token == "tok1"
    clock.now += 2  # inside the margin
    assert cache.get(fetch).access_token == "tok2"
    assert fetch.calls == 2


def test_short_lifetime_margin_capped_at_half() -> None:
    clock = Clock()
    cache = TokenCache(margin=60, clock=clock)
    fetch = Fetcher(clock, lifetime=30)
    cache.get(fetch)
    clock.now += 10
    cache.get(fetch)
    assert fetch.calls == 1


def test_valid_token_served_when_refresh_fails_but_not_after_expiry() -> None:
    clock = Clock()
    cache = TokenCache(margin=60, clock=clock)
    fetch = Fetcher(clock)
    cache.get(fetch)
    clock.now += 3590
    fetch.fail = True
    assert cache.get(fetch).access_token == "tok1"
    clock.now += 20  # now expired
    with pytest.raises(httpx.ConnectError):
        cache.get(fetch)


def test_invalidate_forces_one_refresh() -> None:
    clock = Clock()
    cache = TokenCache(clock=clock)
    fetch = Fetcher(clock)
    first = cache.get(fetch)
    cache.invalidate(first)
    second = cache.get(fetch)
    cache.invalidate(first)  # stale rejection of the old token: no second refresh
    assert cache.get(fetch) is second
    assert fetch.calls == 2


def test_invalidated_token_not_served_when_refresh_fails() -> None:
    clock = Clock()
    cache = TokenCache(clock=clock)
    fetch = Fetcher(clock)
    cache.invalidate(cache.get(fetch))
    fetch.fail = True
    with pytest.raises(httpx.ConnectError):
        cache.get(fetch)


def test_single_flight_threads() -> None:
    clock = Clock()
    cache = TokenCache(clock=clock)
    calls = 0
    gate = threading.Event()

    def slow_fetch() -> AuthorizationToken:
        nonlocal calls
        calls += 1
        gate.wait(2)
        return token_from_response(response(calls), clock())

    results: list[str] = []
    threads = [threading.Thread(target=lambda: results.append(cache.get(slow_fetch).access_token)) for _ in range(50)]
    for t in threads:
        t.start()
    time.sleep(0.05)
    gate.set()
    for t in threads:
        t.join()
    assert calls == 1
    assert results == ["tok1"] * 50


async def test_single_flight_asyncio_on_expiring_token() -> None:
    clock = Clock()
    cache = TokenCache(margin=60, clock=clock)
    calls = 0

    async def async_fetch() -> AuthorizationToken:
        nonlocal calls
        calls += 1
        await asyncio.sleep(0.01)
        return token_from_response(response(calls), clock())

    await cache.async_get(async_fetch)
    clock.now += 3590  # inside the refresh margin
    tokens = await asyncio.gather(*(cache.async_get(async_fetch) for _ in range(50)))
    assert calls == 2
    assert {t.access_token for t in tokens} == {"tok2"}


# a read the spec marks x-retry: safe, behind the local sandbox's path prefix
STATUS_READ = "http://x/apis/pg-sandbox/v3/transaction/M1/T1/status"


def _api(auth: TokenAuth, reject_first: int) -> tuple[list[str], httpx.MockTransport]:
    seen: list[str] = []

    def handler(request: httpx.Request) -> httpx.Response:
        seen.append(request.headers["Authorization"])
        if len(seen) <= reject_first:
            return httpx.Response(401, json={"success": False, "code": "AUTHORIZATION_FAILED"})
        return httpx.Response(200, json={"ok": True})

    return seen, httpx.MockTransport(handler)


def test_token_auth_sets_header_and_refreshes_once() -> None:
    clock = Clock()
    cache = TokenCache(clock=clock)
    fetch = Fetcher(clock)

    async def async_fetch() -> AuthorizationToken:
        return fetch()

    auth = TokenAuth(cache, fetch, async_fetch)
    seen, transport = _api(auth, reject_first=1)
    with httpx.Client(transport=transport, auth=auth) as client:
        assert client.get(STATUS_READ).status_code == 200
    assert seen == ["O-Bearer tok1", "O-Bearer tok2"]
    # persistent rejection: exactly one forced refresh, then the 401 is returned
    seen2, transport2 = _api(auth, reject_first=99)
    with httpx.Client(transport=transport2, auth=auth) as client:
        assert client.get(STATUS_READ).status_code == 401
    assert len(seen2) == 2
    assert fetch.calls == 3


async def test_token_auth_async() -> None:
    clock = Clock()
    cache = TokenCache(clock=clock)
    fetch = Fetcher(clock)

    async def async_fetch() -> AuthorizationToken:
        return fetch()

    auth = TokenAuth(cache, fetch, async_fetch)
    seen, transport = _api(auth, reject_first=1)
    async with httpx.AsyncClient(transport=transport, auth=auth) as client:
        assert (await client.get(STATUS_READ)).status_code == 200
    assert seen == ["O-Bearer tok1", "O-Bearer tok2"]


async def test_a_token_auth_without_a_fetch_for_the_clients_flavour_says_which_to_use() -> None:
    from merchant_gateway.errors import GatewayError

    sync_only = TokenAuth(TokenCache(), fetch=lambda: token_from_response(response(1), 0.0))
    async with httpx.AsyncClient(auth=sync_only, transport=httpx.MockTransport(lambda r: httpx.Response(200))) as c:
        with pytest.raises(GatewayError, match=r"AsyncGateway\.token_auth\(\) with httpx\.AsyncClient"):
            await c.get("http://gw.example/x")
    async_only = TokenAuth(TokenCache(), async_fetch=lambda: asyncio.sleep(0, token_from_response(response(1), 0.0)))
    with (
        httpx.Client(auth=async_only, transport=httpx.MockTransport(lambda r: httpx.Response(200))) as client,
        pytest.raises(GatewayError, match=r"Gateway\.token_auth\(\) with httpx\.Client"),
    ):
        client.get("http://gw.example/x")


def _auth() -> tuple[TokenAuth, Fetcher]:
    clock = Clock()
    fetch = Fetcher(clock)

    async def async_fetch() -> AuthorizationToken:
        return fetch()

    return TokenAuth(TokenCache(clock=clock), fetch, async_fetch), fetch


# The interface document does not show that a request rejected for its token did nothing: a call that may move money
# is never re-sent with a fresh token; its rejection goes back to the caller and the next request has the fresh one.
MONEY_MOVES = [
    ("POST", "http://x/apis/pg-sandbox/v4/debit"),
    ("POST", "https://gw.example/v3/credit/backToSource/"),
    ("POST", "https://gw.example/v3/charge"),
    ("POST", "https://gw.example/v3/debit/instant"),
    ("GET", "https://gw.example/v3/merchant/inline/pay"),  # a GET that moves money: the method alone proves nothing
]


@pytest.mark.parametrize(("method", "url"), MONEY_MOVES)
def test_a_money_move_rejected_for_its_token_is_not_re_sent(method: str, url: str) -> None:
    auth, fetch = _auth()
    seen, transport = _api(auth, reject_first=1)
    with httpx.Client(transport=transport, auth=auth) as client:
        assert client.request(method, url).status_code == 401
        assert seen == ["O-Bearer tok1"]
        assert client.get(STATUS_READ).status_code == 200  # the next request carries the refreshed token
    assert seen == ["O-Bearer tok1", "O-Bearer tok2"]
    assert fetch.calls == 2


@pytest.mark.parametrize(("method", "url"), MONEY_MOVES)
async def test_a_money_move_rejected_for_its_token_is_not_re_sent_async(method: str, url: str) -> None:
    auth, _ = _auth()
    seen, transport = _api(auth, reject_first=1)
    async with httpx.AsyncClient(transport=transport, auth=auth) as client:
        assert (await client.request(method, url)).status_code == 401
    assert seen == ["O-Bearer tok1"]


@pytest.mark.parametrize(
    ("method", "url"),
    [
        ("GET", "https://gw.example/v3/transaction/M1/T1/status"),
        ("GET", "https://gw.example/v3/account/token/M1/U1/debit/suggest"),
        ("POST", "https://gw.example/v3/merchant/payment/options"),  # a POST read
    ],
)
def test_a_safe_read_rejected_for_its_token_is_re_sent_once(method: str, url: str) -> None:
    auth, _ = _auth()
    seen, transport = _api(auth, reject_first=1)
    with httpx.Client(transport=transport, auth=auth) as client:
        assert client.request(method, url).status_code == 200
    assert seen == ["O-Bearer tok1", "O-Bearer tok2"]


def test_a_request_outside_the_spec_is_re_sent_only_when_the_caller_says_so() -> None:
    auth, _ = _auth()
    seen, transport = _api(auth, reject_first=1)
    with httpx.Client(transport=transport, auth=auth) as client:
        assert client.get("https://checkout.example/pay/status").status_code == 401
    assert seen == ["O-Bearer tok1"]

    clock = Clock()
    reads = TokenAuth(TokenCache(clock=clock), Fetcher(clock), resend=lambda request: request.method == "GET")
    seen, transport = _api(reads, reject_first=2)
    with httpx.Client(transport=transport, auth=reads) as client:
        assert client.post("https://checkout.example/pay").status_code == 401
        assert client.get("https://checkout.example/pay/status").status_code == 200
    assert seen == ["O-Bearer tok1", "O-Bearer tok2", "O-Bearer tok3"]


def test_the_callers_resend_cannot_re_send_a_money_move_of_the_spec() -> None:
    clock = Clock()
    auth = TokenAuth(TokenCache(clock=clock), Fetcher(clock), resend=lambda request: True)
    seen, transport = _api(auth, reject_first=1)
    with httpx.Client(transport=transport, auth=auth) as client:
        assert client.post("https://gw.example/v4/credit/backToSource").status_code == 401
    assert seen == ["O-Bearer tok1"]
