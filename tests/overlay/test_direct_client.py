"""DirectClient / AsyncDirectClient: every gateway call sends exactly the request httpx's own path would send, and
anything outside the direct path's conditions takes httpx's path."""

from __future__ import annotations

import logging
import random
from typing import Any

import httpx
import merchant_gateway as mg
import pytest
from _helpers import CALLS, CLIENT_SECRET, MERCHANT, SALT, SALT_INDEX
from hypothesis import given, settings
from hypothesis import strategies as st
from merchant_gateway import StdlibTransport
from merchant_gateway.direct_client import AsyncDirectClient, DirectClient

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
    assert isinstance(gw._client.get_httpx_client(), DirectClient)  # noqa: SLF001
    reference = mg.Gateway(**SETTINGS, transport=recording(plain), sleep=lambda s: None, rng=random.Random(1))
    reference._client.set_httpx_client(  # noqa: SLF001 - httpx's own client, as the generated code would build it
        httpx.Client(base_url=gw.config.base, timeout=gw.config.httpx_timeout(), transport=recording(plain))
    )
    for g in (gw, reference):
        for name in sorted(CALLS):
            args, kwargs = CALLS[name]
            try:
                getattr(g, name)(*args, **kwargs)
            except mg.GatewayError:
                pass
    assert len(direct) >= len(CALLS)
    assert wire(direct) == wire(plain)


async def test_every_async_operation_sends_what_httpx_would_send() -> None:
    direct: list[httpx.Request] = []
    plain: list[httpx.Request] = []

    async def no_sleep(seconds: float) -> None:
        return None

    gw = mg.AsyncGateway(**SETTINGS, transport=recording(direct), sleep=no_sleep, rng=random.Random(1))
    assert isinstance(gw._client.get_async_httpx_client(), AsyncDirectClient)  # noqa: SLF001
    reference = mg.AsyncGateway(**SETTINGS, transport=recording(plain), sleep=no_sleep, rng=random.Random(1))
    reference._client.set_async_httpx_client(  # noqa: SLF001
        httpx.AsyncClient(base_url=gw.config.base, timeout=gw.config.httpx_timeout(), transport=recording(plain))
    )
    for g in (gw, reference):
        for name in sorted(CALLS):
            args, kwargs = CALLS[name]
            try:
                await getattr(g, name)(*args, **kwargs)
            except mg.GatewayError:
                pass
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
    assert response.json() == {} and response.elapsed.total_seconds() >= 0


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


def test_a_proxy_in_the_environment_takes_httpx_path(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("HTTPS_PROXY", "http://127.0.0.1:9")  # https only: the http:// call still reaches the mock
    _, through_httpx = sent(direct_client(), monkeypatch)
    assert through_httpx


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


def test_gateway_defaults(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in ("HTTP_PROXY", "HTTPS_PROXY", "ALL_PROXY", "http_proxy", "https_proxy", "all_proxy"):
        monkeypatch.delenv(name, raising=False)
    with mg.Gateway(**SETTINGS) as gw:
        client = gw._client.get_httpx_client()  # noqa: SLF001
        assert isinstance(client, DirectClient) and isinstance(client._direct_transport, StdlibTransport)  # noqa: SLF001
    monkeypatch.setenv("HTTPS_PROXY", "http://127.0.0.1:9")
    with mg.Gateway(**SETTINGS) as gw:
        assert type(gw._client.get_httpx_client()) is httpx.Client  # noqa: SLF001 - httpx honours the proxy


ORIGINS = ["http://127.0.0.1:8080", "https://gw.example", "http://[::1]:9000", "http://EXAMPLE.com:80", "https://a.b"]
PATH_CHARS = "abcXYZ019-._~!$&'()*+,;=:@/%?# é\t"


@settings(max_examples=400, deadline=None)
@given(origin=st.sampled_from(ORIGINS), path=st.text(alphabet=PATH_CHARS, max_size=40))
def test_cached_roots_give_exactly_httpx_urls(origin: str, path: str) -> None:
    from merchant_gateway.direct_client import _UrlCache

    full = origin + "/" + path
    try:
        expected = httpx.URL(full)
    except httpx.InvalidURL:
        with pytest.raises(httpx.InvalidURL):
            _UrlCache().url(full)
        return
    got = _UrlCache().url(full)
    assert (str(got), got.raw_path, got.host, got.port, got.scheme) == (
        str(expected),
        expected.raw_path,
        expected.host,
        expected.port,
        expected.scheme,
    )
    assert got == expected


def test_gateway_paths_take_the_cached_root() -> None:
    from merchant_gateway.direct_client import _UrlCache

    cache = _UrlCache()
    url = "http://127.0.0.1:8080/apis/pg-sandbox/v3/transaction/M1/TX%2F1/status"
    assert cache.url(url) == httpx.URL(url)
    assert cache._roots == {"http://127.0.0.1:8080": httpx.URL("http://127.0.0.1:8080")}  # noqa: SLF001
    for odd in ("http://127.0.0.1:8080/a/../b", "http://127.0.0.1:8080/a?x=1", "http://127.0.0.1:8080/a%zz"):
        assert cache.url(odd) == httpx.URL(odd)  # httpx's own parse: normalised, query kept, escape fixed
