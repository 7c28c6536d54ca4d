"""What the direct clients share, free of I/O: when a call may skip httpx's own path, and the request it sends
(:mod:`merchant_gateway.direct_client` is the public module and explains why)."""

from __future__ import annotations

import datetime
import functools
import http.cookiejar
import logging
import time
from typing import Any

import httpx
from merchant_gateway_client.client import XVerifyAuth

from ..transports import environment_proxy

_httpx_logger = logging.getLogger("httpx")


def _refuse_all_cookies() -> http.cookiejar.CookieJar:
    return http.cookiejar.CookieJar(policy=http.cookiejar.DefaultCookiePolicy(allowed_domains=[]))


def proxied(scheme: str, host: str) -> bool:
    """True when the environment names a proxy for ``scheme`` that NO_PROXY does not lift for ``host``."""
    return environment_proxy(scheme, host) is not None


# How many recently sent URLs keep their parsed form: httpx.URL is immutable, and parsing one with httpx's
# public parser costs more than anything else the client does per call. Every operation without path
# parameters (the debits, refunds and collects) has one URL per host, and a poller asks for the same status URL
# again and again; per-payment URLs age out, so memory stays bounded.
_RECENT_URLS = 256


class _Direct:
    """Per client: may a request to (scheme, host) go straight to the transport (decided once per host), and the
    parsed form of recently sent URLs."""

    def __init__(self, trust_env: bool) -> None:
        self._trust_env = trust_env
        self._hosts: dict[tuple[str, str], bool] = {}
        self.parse = functools.lru_cache(maxsize=_RECENT_URLS)(httpx.URL)

    def allows(self, url: httpx.URL) -> bool:
        key = (url.scheme, url.host)
        allowed = self._hosts.get(key)
        if allowed is None:
            allowed = self._hosts[key] = not (self._trust_env and proxied(*key))
        return allowed


def _direct_request(
    client: httpx.Client | httpx.AsyncClient,
    direct: _Direct,
    method: str,
    url: httpx.URL | str,
    content: bytes | None,
    headers: Any,
    auth: Any,
    extensions: dict[str, Any] | None,
    other: dict[str, Any],
) -> httpx.Request | None:
    """The signed request httpx would send, or None when the call needs httpx's own path."""
    if other or client.follow_redirects or not isinstance(content, bytes | None):
        return None
    if auth is httpx.USE_CLIENT_DEFAULT:
        auth = client.auth
    if auth is not None and not isinstance(auth, XVerifyAuth):
        return None
    hooks = client.event_hooks
    if hooks["request"] or hooks["response"] or client.cookies:
        return None
    full_url = direct.parse(url) if isinstance(url, str) else url
    if full_url.is_relative_url or not direct.allows(full_url):
        return None
    extensions = {} if extensions is None else extensions
    if "timeout" not in extensions:
        extensions = {**extensions, "timeout": client.timeout.as_dict()}
    if headers is None or type(headers) is dict:  # every generated call
        request = _framed_request(client.headers, headers or {}, method, full_url, content or b"", extensions)
    else:
        merged: Any = client.headers  # httpx.Request copies the headers it is given
        if headers:
            merged = merged.copy()
            merged.update(headers)
        request = httpx.Request(method, full_url, content=content, headers=merged, extensions=extensions)
    if auth is not None:
        auth.sign(request)
    return request


def _framed_request(
    defaults: httpx.Headers, given: dict[str, Any], method: str, url: httpx.URL, body: bytes, extensions: Any
) -> httpx.Request:
    """``httpx.Request(method, url, content=body, headers=defaults updated by given)``, built as one header list:
    httpx's way re-reads the header list once per name it adds (Host, Content-Length) and per name ``given``
    replaces, a visible part of a call's own cost. The same headers in the same order (test_direct_client compares every
    operation's request with httpx's own): a name in ``given`` replaces the client's (any case); Host first
    unless given; Content-Length last for a body, "0" after Host for a body-less POST, PUT or PATCH, unless
    given (or Transfer-Encoding is)."""
    replaced = {name.lower().encode("ascii") for name in given}
    pairs: list[tuple[Any, Any]] = [pair for pair in defaults.raw if pair[0].lower() not in replaced]
    names = replaced.union(pair[0].lower() for pair in pairs)
    pairs += given.items()
    front: list[tuple[Any, Any]] = []
    if b"host" not in names and url.host:
        front.append((b"Host", url.netloc))
    if b"content-length" not in names:
        if body:
            pairs.append((b"Content-Length", str(len(body)).encode("ascii")))
        elif b"transfer-encoding" not in names and method.upper() in ("POST", "PUT", "PATCH"):
            front.append((b"Content-Length", b"0"))
    request = httpx.Request(method, url, headers=front + pairs, stream=httpx.ByteStream(body), extensions=extensions)
    request.read()
    return request


def _finish(response: httpx.Response, request: httpx.Request, started: float) -> None:
    response.request = request
    response.elapsed = datetime.timedelta(seconds=time.perf_counter() - started)
    if _httpx_logger.isEnabledFor(logging.INFO):
        _httpx_logger.info(
            'HTTP Request: %s %s "%s %d %s"',
            request.method,
            request.url,
            response.http_version,
            response.status_code,
            response.reason_phrase,
        )


def _attach(exc: httpx.RequestError, request: httpx.Request) -> None:
    try:
        exc.request  # noqa: B018 - raises when the transport did not attach it
    except RuntimeError:
        exc.request = request


class _DirectMixin:
    """Shared set-up: the transport to send to, and a cookie jar that keeps nothing."""

    def _direct_init(self, kwargs: dict[str, Any]) -> dict[str, Any]:
        if kwargs.get("transport") is None:
            raise TypeError("a direct client needs its transport")
        if kwargs.get("mounts") or kwargs.get("proxy"):
            raise TypeError("a direct client sends to its one transport: no mounts or proxy")
        self._direct_transport: Any = kwargs["transport"]
        # a proxy in the environment: httpx routes through it (its mounts), the direct path would not
        self._direct = _Direct(kwargs.get("trust_env", True))
        kwargs["cookies"] = _refuse_all_cookies()
        return kwargs
