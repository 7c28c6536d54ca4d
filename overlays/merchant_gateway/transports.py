"""The transport under AsyncGateway: aiohttp's connection pool when the ``fast`` extra is installed, else httpx's.

Why this module exists: per call, httpx's own async pool costs more than the rest of the client together, and
aiohttp's connector is measured at well under half of it (docs/performance.md); httpx-aiohttp bridges the two
under the same httpx API. But that bridge maps *every* aiohttp connection error -- including "the server
disconnected after it received the request" -- to ``httpx.ConnectTimeout``, which to a payment client means
"never sent, safe to send again". Used as is, it would let a payment be retried blindly. This module keeps the
speed and corrects the mapping: only failures while connecting stay connect errors; any later failure becomes a
read/protocol error, whose outcome is unknown (OutcomeUnknown, then reconcile).
"""

from __future__ import annotations

import os
from collections.abc import AsyncIterator
from typing import Any

import httpx

_PROXY_VARIABLES = ("HTTPS_PROXY", "https_proxy", "HTTP_PROXY", "http_proxy", "ALL_PROXY", "all_proxy")


def default_async_transport(limits: httpx.Limits) -> httpx.AsyncBaseTransport | None:
    """aiohttp-backed transport when ``httpx-aiohttp`` is installed; None (httpx's own pool) otherwise, and also
    when a proxy is configured in the environment (httpx honours it; the aiohttp bridge would not)."""
    if any(os.environ.get(name) for name in _PROXY_VARIABLES):
        return None
    try:
        import aiohttp
        from httpx_aiohttp import AiohttpTransport
    except ImportError:
        return None

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
