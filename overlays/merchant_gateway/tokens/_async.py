"""The token cache's fetch paths and the httpx auth flow, written once: the async source of ``_sync.py``
(``python tools/derive_sync.py`` derives it; ``make lint`` fails when it is out of date). The state and decisions
they share are in ``_cache.py``; :mod:`merchant_gateway.tokens` composes both flavours and states the rules.
"""

from __future__ import annotations

from collections.abc import AsyncGenerator
from typing import TYPE_CHECKING

import httpx

from ..errors import GatewayError
from ._cache import NO_FETCH, AsyncFetchToken, _is_auth_failure, _TokenState
from ._resend import Resend, may_resend

if TYPE_CHECKING:
    from ._token import AuthorizationToken


async def _async_no_fetch() -> AuthorizationToken:
    raise GatewayError(NO_FETCH)


class AsyncTokenGetter(_TokenState):
    """The fetch path of :class:`~merchant_gateway.tokens.TokenCache`, in this module's flavour."""

    async def async_get(self, fetch: AsyncFetchToken) -> AuthorizationToken:
        """The cached token, or a new one from ``fetch`` (one refresh at a time; a failed refresh serves the
        still-valid token, else raises)."""
        token = self._token
        if self._usable(token):
            assert token is not None
            return token
        async with self._async_lock:
            token = self._token  # another caller may have refreshed (or failed to) while we waited
            if self._usable(token):
                assert token is not None
                return token
            try:
                return self._store(await fetch())
            except Exception as exc:  # noqa: BLE001 - re-raised unless a valid token can be served
                return self._refresh_failed(token, exc)


class AsyncTokenAuthFlow:
    """The auth flow of :class:`~merchant_gateway.tokens.TokenAuth`, in this module's flavour."""

    _cache: AsyncTokenGetter
    _async_fetch: AsyncFetchToken
    _resend: Resend

    async def async_auth_flow(self, request: httpx.Request) -> AsyncGenerator[httpx.Request, httpx.Response]:
        token = await self._cache.async_get(self._async_fetch)
        request.headers["Authorization"] = token.authorization_header
        response = yield request  # body already read: requires_response_body
        if _is_auth_failure(response):
            self._cache.invalidate(token)  # the next request gets a fresh token, whatever happens to this one
            if not may_resend(request, self._resend):
                return  # it may have moved money: the rejection goes to the caller, who decides (_resend.py)
            fresh = await self._cache.async_get(self._async_fetch)
            request.headers["Authorization"] = fresh.authorization_header
            yield request
