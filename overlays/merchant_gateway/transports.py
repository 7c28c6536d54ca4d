"""Which transport Gateway and AsyncGateway send with, unless given one.

Sync: :class:`~merchant_gateway.stdlib_transport.StdlibTransport` (the fastest measured, nothing to install).
Async: aiohttp's connection pool when the ``fast`` extra is installed, else httpx's. Both fall back to httpx's
own transport when a proxy is configured in the environment (httpx honours it; these would not).

Why the async choice needs care: per call, httpx's own async pool costs more than the rest of the client
together, and aiohttp's connector is measured at well under half of it (docs/performance.md); httpx-aiohttp
bridges the two under the same httpx API. But that bridge maps *every* aiohttp connection error -- including
"the server disconnected after it received the request" -- to ``httpx.ConnectTimeout``, which to a payment
client means "never sent, safe to send again". Used as is, it would let a payment be retried blindly. This
module keeps the speed and corrects the mapping: only failures while connecting stay connect errors; any later
failure becomes a read/protocol error, whose outcome is unknown (OutcomeUnknown, then reconcile).
"""

from __future__ import annotations

import urllib.request
from collections.abc import AsyncIterator
from typing import Any

import httpx


def proxy_configured() -> bool:
    """True when the environment names a proxy httpx would use (HTTP(S)_PROXY, ALL_PROXY, any case)."""
    proxies = urllib.request.getproxies()
    return any(proxies.get(scheme) for scheme in ("http", "https", "all"))


def default_sync_transport(limits: httpx.Limits) -> httpx.BaseTransport | None:
    """StdlibTransport; None (httpx's own transport) when a proxy is configured."""
    if proxy_configured():
        return None
    from .stdlib_transport import StdlibTransport

    return StdlibTransport(limits=limits)


def default_async_transport(limits: httpx.Limits) -> httpx.AsyncBaseTransport | None:
    """aiohttp-backed transport when ``httpx-aiohttp`` is installed, else httpx's own pool; None (httpx's client
    chooses, honouring the proxy) when a proxy is configured in the environment."""
    if proxy_configured():
        return None
    try:
        import aiohttp
        from httpx_aiohttp import AiohttpTransport
    except ImportError:
        return httpx.AsyncHTTPTransport(limits=limits)

    def remap(exc: Exception) -> Exception:
        cause = exc.__cause__
        if isinstance(cause, aiohttp.ClientConnectorError):
            return httpx.ConnectError(str(exc))  # could not connect: nothing was sent
        if isinstance(cause, aiohttp.ConnectionTimeoutError):
            return httpx.ConnectTimeout(str(exc))  # no connection within the connect/pool timeout
        if isinstance(cause, aiohttp.ServerTimeoutError | TimeoutError):
            return httpx.ReadTimeout(str(exc))
        if isinstance(exc, httpx.ConnectError | httpx.ConnectTimeout):  # any other connection error: maybe sent
            return httpx.RemoteProtocolError(str(exc))
        return exc

    class _Stream(httpx.AsyncByteStream):
        def __init__(self, inner: httpx.AsyncByteStream) -> None:
            self._inner = inner

        async def __aiter__(self) -> AsyncIterator[bytes]:
            try:
                async for chunk in self._inner:
                    yield chunk
            except httpx.TransportError as exc:
                raise remap(exc) from exc.__cause__

        async def aclose(self) -> None:
            await self._inner.aclose()

    class SafeAiohttpTransport(AiohttpTransport):
        async def handle_async_request(self, request: httpx.Request) -> httpx.Response:
            try:
                response = await super().handle_async_request(request)
            except httpx.TransportError as exc:
                raise remap(exc) from exc.__cause__
            assert isinstance(response.stream, httpx.AsyncByteStream)
            response.stream = _Stream(response.stream)
            return response

    transport: Any = SafeAiohttpTransport(limits=limits)
    return transport  # type: ignore[no-any-return]
