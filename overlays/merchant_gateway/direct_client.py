"""httpx clients whose ``request()`` hands a signed request straight to the transport.

Why this module exists: for one gateway call, ``httpx.Client.send`` spends more CPU than the rest of the client
together on machinery the gateway never uses: a cookie-jar round trip through ``urllib.request`` objects on every
answer, a generator-based auth flow, a redirect loop and a second URL parse (docs/performance.md). The interface
document shows no cookies and no redirect the client should follow, and signing is one function. So a call
that uses nothing else -- an absolute URL, bytes or no body, ``XVerifyAuth`` or no auth, no event hooks, no
cookies, redirects off, no proxy -- is built exactly as ``httpx.Client.build_request`` would build it, signed,
and sent to the transport; anything else takes httpx's own path unchanged. The cookie jar refuses every cookie,
so both paths behave the same.

The clients stay ``httpx.Client`` / ``httpx.AsyncClient``: same transports, exceptions, responses and the same
"HTTP Request: ..." log line on the ``httpx`` logger.

With ``trust_env`` (httpx's default), a URL whose host a proxy in the environment would carry (HTTP(S)_PROXY,
ALL_PROXY, unless NO_PROXY lifts it) takes httpx's path, where httpx routes it there. The gateways' default
transports route proxies themselves, so the gateways build these clients with ``trust_env=False``.
"""

from __future__ import annotations

import datetime
import functools
import http.cookiejar
import logging
import time
from typing import Any

import httpx
from merchant_gateway_client.client import XVerifyAuth

from .transports import environment_proxy

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
    client: DirectClient | AsyncDirectClient,
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
    direct = client._direct  # noqa: SLF001 - this module's own attribute
    full_url = direct.parse(url) if isinstance(url, str) else url
    if full_url.is_relative_url or not direct.allows(full_url):
        return None
    merged = client.headers  # httpx.Request copies the headers it is given
    if headers:
        merged = merged.copy()
        merged.update(headers)
    extensions = {} if extensions is None else extensions
    if "timeout" not in extensions:
        extensions = {**extensions, "timeout": client.timeout.as_dict()}
    request = httpx.Request(method, full_url, content=content, headers=merged, extensions=extensions)
    if auth is not None:
        auth.sign(request)
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
        self._direct_transport = kwargs["transport"]
        # a proxy in the environment: httpx routes through it (its mounts), the direct path would not
        self._direct = _Direct(kwargs.get("trust_env", True))
        kwargs["cookies"] = _refuse_all_cookies()
        return kwargs


class DirectClient(_DirectMixin, httpx.Client):
    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**self._direct_init(kwargs))

    def request(  # type: ignore[override]
        self,
        method: str,
        url: httpx.URL | str,
        *,
        content: Any = None,
        headers: Any = None,
        auth: Any = httpx.USE_CLIENT_DEFAULT,
        extensions: dict[str, Any] | None = None,
        **other: Any,
    ) -> httpx.Response:
        request = _direct_request(self, method, url, content, headers, auth, extensions, other)
        if request is None:
            return super().request(
                method, url, content=content, headers=headers, auth=auth, extensions=extensions, **other
            )
        started = time.perf_counter()
        try:
            response: httpx.Response = self._direct_transport.handle_request(request)
        except httpx.RequestError as exc:
            _attach(exc, request)
            raise
        try:
            response.read()
        finally:
            response.close()
        _finish(response, request, started)
        return response


class AsyncDirectClient(_DirectMixin, httpx.AsyncClient):
    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**self._direct_init(kwargs))

    async def request(  # type: ignore[override]
        self,
        method: str,
        url: httpx.URL | str,
        *,
        content: Any = None,
        headers: Any = None,
        auth: Any = httpx.USE_CLIENT_DEFAULT,
        extensions: dict[str, Any] | None = None,
        **other: Any,
    ) -> httpx.Response:
        request = _direct_request(self, method, url, content, headers, auth, extensions, other)
        if request is None:
            return await super().request(
                method, url, content=content, headers=headers, auth=auth, extensions=extensions, **other
            )
        started = time.perf_counter()
        try:
            response: httpx.Response = await self._direct_transport.handle_async_request(request)
        except httpx.RequestError as exc:
            _attach(exc, request)
            raise
        try:
            await response.aread()
        finally:
            await response.aclose()
        _finish(response, request, started)
        return response
