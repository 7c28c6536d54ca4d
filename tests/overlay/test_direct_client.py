"""DirectClient / AsyncDirectClient: every gateway call sends exactly the request httpx's own path would send, and
anything outside the direct path's conditions takes httpx's path."""

from __future__ import annotations

import contextlib
import logging
import random
from typing import Any

import httpx
import merchant_gateway as mg
import merchant_gateway.direct_client as direct_client_module
import pytest
from merchant_gateway.direct_client import AsyncDirectClient, DirectClient
from merchant_gateway.transports import GatewayTransport

from tests.support.overlay import CALLS, CLIENT_SECRET, MERCHANT, SALT, SALT_INDEX

SETTINGS: dict[str, Any] = {
    "merchant_id": MERCHANT,
    "salt_key": SALT,
    "salt_index": SALT_INDEX,
    "client_id": "CID",
    "client_secret": CLIENT_SECRET,
}
TOKEN = {"access_token": "t", "token_type": "O-Bearer", "issued_at": 1, "expires_at": 9_999_999_999}


def answer(request: httpx.Request) -> httpx.Response:
    if request.url.path.endswith("/v1/oauth/token"):
        return httpx.Response(200, json=TOKEN)
    # an error envelope ends every call after one request, whatever the operation
    return httpx.Response(400, json={"success": False, "code": "BAD_REQUEST", "message": "no"})


def wire(requests: list[httpx.Request]) -> list[tuple[Any, ...]]:
    return [(r.method, str(r.url), r.headers.raw, r.content, r.extensions.get("timeout")) for r in requests]


def recording(into: list[httpx.Request]) -> httpx.MockTransport:
    return httpx.MockTransport(lambda r: (into.append(r), answer(r))[1])


def test_every_operation_sends_what_httpx_would_send() -> None:
    direct: list[httpx.Request] = []
    plain: list[httpx.Request] = []
    gw = mg.Gateway(**SETTINGS, transport=recording(direct), sleep=lambda s: None, rng=random.Random(1))
    assert isinstance(gw._client.get_httpx_client(), DirectClient)
    reference = mg.Gateway(**SETTINGS, transport=recording(plain), sleep=lambda s: None, rng=random.Random(1))
    reference._client.set_httpx_client(
        httpx.Client(
            base_url=gw.config.base,
            timeout=gw.config.httpx_timeout(),
            transport=recording(plain),
            headers={"Accept-Encoding": "gzip, deflate"},  # the codings the gateways ask for
        )
    )
    for g in (gw, reference):
        for name in sorted(CALLS):
            args, kwargs = CALLS[name]
            with contextlib.suppress(mg.GatewayError):
                getattr(g, name)(*args, **kwargs)
    assert len(direct) >= len(CALLS)
    assert wire(direct) == wire(plain)


async def test_every_async_operation_sends_what_httpx_would_send() -> None:
    direct: list[httpx.Request] = []
    plain: list[httpx.Request] = []

    async def no_sleep(seconds: float) -> None:
        return None

    gw = mg.AsyncGateway(**SETTINGS, transport=recording(direct), sleep=no_sleep, rng=random.Random(1))
    assert isinstance(gw._client.get_async_httpx_client(), AsyncDirectClient)
    reference = mg.AsyncGateway(**SETTINGS, transport=recording(plain), sleep=no_sleep, rng=random.Random(1))
    reference._client.set_async_httpx_client(
        httpx.AsyncClient(
            base_url=gw.config.base,
            timeout=gw.config.httpx_timeout(),
            transport=recording(plain),
            headers={"Accept-Encoding": "gzip, deflate"},
        )
    )
    for g in (gw, reference):
        for name in sorted(CALLS):
            args, kwargs = CALLS[name]
            with contextlib.suppress(mg.GatewayError):
                await getattr(g, name)(*args, **kwargs)
    assert len(direct) >= len(CALLS)
    assert wire(direct) == wire(plain)


def sent(client: httpx.Client, monkeypatch: pytest.MonkeyPatch, **kwargs: Any) -> tuple[httpx.Response, bool]:
    """Make one request; report whether it went through httpx.Client.send (httpx's own path)."""
    through_httpx: list[bool] = []
    original = httpx.Client.send

    def send(self: httpx.Client, request: httpx.Request, **kw: Any) -> httpx.Response:
        through_httpx.append(True)
        return original(self, request, **kw)

    monkeypatch.setattr(httpx.Client, "send", send)
    response = client.request(**{"method": "GET", "url": "http://gw.example/api/v1/x", **kwargs})
    monkeypatch.undo()
    return response, bool(through_httpx)


def direct_client(**kwargs: Any) -> DirectClient:
    return DirectClient(transport=httpx.MockTransport(lambda r: httpx.Response(200, json={})), **kwargs)


def test_a_plain_call_skips_httpx_send_and_still_gets_a_full_response(monkeypatch: pytest.MonkeyPatch) -> None:
    response, through_httpx = sent(direct_client(), monkeypatch)
    assert not through_httpx
    assert response.request.url == "http://gw.example/api/v1/x"
    assert response.json() == {}
    assert response.elapsed.total_seconds() >= 0


@pytest.mark.parametrize(
    ("method", "headers", "content"),
    [
        ("POST", {"Content-Type": "application/json"}, b"{}"),
        ("post", {"X-A": "1"}, None),  # a body-less POST: Content-Length 0, after Host
        ("PUT", {"X-A": "1"}, b""),
        ("GET", {"X-A": "1"}, None),
        ("GET", None, None),  # a status read gives no headers of its own
        ("POST", {}, None),
        ("DELETE", {"X-A": "1"}, None),
        ("POST", {"host": "other.example", "content-length": "2"}, b"{}"),  # given: kept, not added
        ("POST", {"Transfer-Encoding": "chunked"}, None),
        ("POST", {"ACCEPT": "text/plain", "user-agent": "me"}, b"x"),  # replaces the client's, any case
    ],
)
def test_the_direct_request_has_the_headers_httpx_would_give_it(
    method: str, headers: dict[str, str] | None, content: bytes | None
) -> None:
    direct: list[httpx.Request] = []
    plain: list[httpx.Request] = []
    client_headers = {"Accept-Encoding": "gzip, deflate", "Accept": "*/*"}
    DirectClient(transport=recording(direct), headers=client_headers).request(
        method, "http://gw.example:8080/v4/debit/", headers=headers, content=content
    )
    httpx.Client(transport=recording(plain), headers=client_headers).request(
        method, "http://gw.example:8080/v4/debit/", headers=headers, content=content
    )
    assert wire(direct) == wire(plain)


def test_recent_urls_are_parsed_once_and_kept_within_a_bound() -> None:
    seen: list[httpx.Request] = []
    client = DirectClient(transport=recording(seen))
    bound = direct_client_module._RECENT_URLS
    debit = "http://gw.example/v4/debit/"
    urls = [f"http://gw.example/v3/transaction/M/T{i}/status" for i in range(bound + 50)] + [debit, debit]
    for url in urls:
        client.request("GET", url)
    # what httpx's own parse gives, whether the URL was parsed for this call or remembered from an earlier one
    assert [r.url for r in seen] == [httpx.URL(u) for u in urls]
    recent = client._direct.parse.cache_info()
    assert (recent.hits, recent.currsize) == (1, bound)


@pytest.mark.parametrize(
    ("client_kwargs", "call_kwargs"),
    [
        ({"event_hooks": {"request": [lambda r: None]}}, {}),
        ({}, {"params": {"a": "1"}}),
        ({}, {"json": {"a": 1}}),
        ({}, {"auth": ("user", "pass")}),
        ({"follow_redirects": True}, {}),
        ({"base_url": "http://gw.example/api"}, {"url": "/v1/x"}),
    ],
)
def test_anything_else_takes_httpx_path(
    client_kwargs: dict[str, Any], call_kwargs: dict[str, Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    response, through_httpx = sent(direct_client(**client_kwargs), monkeypatch, **call_kwargs)
    assert through_httpx
    assert response.request.url.path == "/api/v1/x"


def test_no_cookie_is_kept_on_either_path(monkeypatch: pytest.MonkeyPatch) -> None:
    requests: list[httpx.Request] = []

    def handler(request: httpx.Request) -> httpx.Response:
        requests.append(request)
        return httpx.Response(200, headers={"Set-Cookie": "session=abc; Path=/"}, json={})

    client = DirectClient(transport=httpx.MockTransport(handler))
    client.get("http://gw.example/api/a")
    client.get("http://gw.example/api/b", params={"x": "1"})  # httpx's path extracts cookies: the jar refuses
    client.get("http://gw.example/api/c")
    assert not client.cookies
    assert all("cookie" not in r.headers for r in requests)


def test_transport_errors_carry_the_request() -> None:
    def fail(request: httpx.Request) -> httpx.Response:
        raise httpx.ConnectError("refused")  # no request attached, as a custom transport may do

    with pytest.raises(httpx.ConnectError) as info:
        DirectClient(transport=httpx.MockTransport(fail)).get("http://gw.example/api/x")
    assert info.value.request.url == "http://gw.example/api/x"


def test_the_httpx_request_log_line_is_kept(caplog: pytest.LogCaptureFixture) -> None:
    with caplog.at_level(logging.INFO, logger="httpx"):
        direct_client().get("http://gw.example/api/x")
    assert [r.getMessage() for r in caplog.records if r.name == "httpx"] == [
        'HTTP Request: GET http://gw.example/api/x "HTTP/1.1 200 OK"'
    ]


def test_needs_its_transport_and_no_proxy() -> None:
    with pytest.raises(TypeError):
        DirectClient()
    with pytest.raises(TypeError):
        DirectClient(transport=httpx.MockTransport(answer), proxy="http://127.0.0.1:9")


def _no_proxy_env(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in ("HTTP_PROXY", "HTTPS_PROXY", "ALL_PROXY", "NO_PROXY"):
        monkeypatch.delenv(name, raising=False)
        monkeypatch.delenv(name.lower(), raising=False)


def test_gateway_defaults(monkeypatch: pytest.MonkeyPatch) -> None:
    _no_proxy_env(monkeypatch)
    with mg.Gateway(**SETTINGS) as gw:
        client = gw._client.get_httpx_client()
        assert isinstance(client, DirectClient)
        assert isinstance(client._direct_transport, GatewayTransport)


@pytest.mark.parametrize(
    ("env", "direct"),
    [
        ({}, True),
        ({"HTTPS_PROXY": "http://127.0.0.1:9"}, True),  # another scheme's proxy
        ({"HTTP_PROXY": "http://127.0.0.1:9"}, False),
        ({"ALL_PROXY": "http://127.0.0.1:9"}, False),
        ({"HTTP_PROXY": "http://127.0.0.1:9", "NO_PROXY": "gw.example"}, True),  # NO_PROXY covers the gateway
        ({"HTTP_PROXY": "http://127.0.0.1:9", "NO_PROXY": ".example"}, True),
        ({"HTTP_PROXY": "http://127.0.0.1:9", "NO_PROXY": "other.example"}, False),
        ({"HTTP_PROXY": "http://127.0.0.1:9", "NO_PROXY": "*"}, True),
    ],
)
def test_only_hosts_a_proxy_would_carry_leave_the_direct_path(
    env: dict[str, str], direct: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    _no_proxy_env(monkeypatch)
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    assert _takes_httpx_path(direct_client(), monkeypatch) is not direct


def _takes_httpx_path(client: DirectClient, monkeypatch: pytest.MonkeyPatch) -> bool:
    """Whether a plain call goes through httpx.Client.send (where httpx would route it to the proxy)."""
    seen: list[str] = []

    def send(self: httpx.Client, request: httpx.Request, **kw: Any) -> httpx.Response:
        seen.append(str(request.url))  # not sent on: the proxy named above does not exist
        return httpx.Response(200, json={}, request=request)

    monkeypatch.setattr(httpx.Client, "send", send)
    client.request("GET", "http://gw.example/api/v1/x")  # as the generated code calls it
    return bool(seen)


def test_trust_env_false_ignores_proxies(monkeypatch: pytest.MonkeyPatch) -> None:
    _no_proxy_env(monkeypatch)
    monkeypatch.setenv("HTTP_PROXY", "http://127.0.0.1:9")
    assert not _takes_httpx_path(direct_client(trust_env=False), monkeypatch)
