"""Authorization-token cache for the standard checkout APIs.

Why this module exists: the token call ("/v1/oauth/token") is rate-limited and slow compared with the calls that
use the token, so the token is cached per client and refreshed shortly before it expires. Rules implemented:

- Lifetime is ``expires_at - issued_at`` from the response (both server epoch seconds), counted on the local
  *monotonic* clock from the moment the response arrived; a skewed local wall clock therefore cannot make a
  fresh token look expired (or an expired one look fresh).
- Refresh ``margin`` seconds before expiry (at most half the lifetime, so short tokens are not refetched on
  every call).
- Single flight: one refresh at a time, under threads (``threading.Lock``) and under asyncio (one
  ``asyncio.Lock`` per event loop); waiters reuse the result.
- If a refresh fails while the cached token is still valid, the cached token is served.
- :meth:`TokenCache.invalidate` forces one refresh after the gateway rejected a token.
- After a rejection (HTTP 401, AUTHORIZATION_FAILED, UNAUTHORIZED) :class:`TokenAuth` re-sends the request once with
  a fresh token only when it cannot move money: an operation of the spec with ``x-retry: safe``. The interface
  document does not show that a rejected request did nothing, so a money move's rejection is returned to the caller
  (who decides), and a request outside the spec only when the caller's ``resend(request)`` says so (``_resend.py``).

The header value is ``"<token_type> <access_token>"`` (e.g. ``O-Bearer abc``). The interface document says the
exact header format beyond ``token_type`` is not shown; this is the conventional form.

The state and decisions, free of I/O, are in ``_cache.py``; the fetch paths (:meth:`TokenCache.get` and
:meth:`TokenCache.async_get`) and :class:`TokenAuth`'s two flows are written once in ``_async.py`` and derived for
sync in ``_sync.py``; this module composes them. The token itself and its parsing are in ``_token.py``, loaded
with the first token (a payment call needs none; a gateway loads this package with its first token use).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import httpx

from .._lazy import reexport
from ._async import AsyncTokenAuthFlow, AsyncTokenGetter, _async_no_fetch
from ._cache import REFRESH_COOLDOWN, AsyncFetchToken, Clock, FetchToken
from ._resend import Resend, never
from ._sync import TokenAuthFlow, TokenGetter, _no_fetch

if TYPE_CHECKING:
    from ._token import DEFAULT_TOKEN_TYPE, AuthorizationToken, token_from_response

# the token and its parsing load with the first token fetch, not with the package (_token.py)
__getattr__, __dir__ = reexport(
    globals(), dict.fromkeys(("DEFAULT_TOKEN_TYPE", "AuthorizationToken", "token_from_response"), "._token")
)


__all__ = [
    "DEFAULT_TOKEN_TYPE",
    "REFRESH_COOLDOWN",
    "AsyncFetchToken",
    "AuthorizationToken",
    "Clock",
    "FetchToken",
    "Resend",
    "TokenAuth",
    "TokenCache",
    "token_from_response",
]


class TokenCache(TokenGetter, AsyncTokenGetter):
    """Per-client cache of one :class:`AuthorizationToken` with single-flight refresh: :meth:`get` for a sync
    fetch, :meth:`async_get` for an async one, sharing one token."""


class TokenAuth(TokenAuthFlow, AsyncTokenAuthFlow, httpx.Auth):
    """httpx.Auth that sets ``Authorization: <token_type> <token>`` and refreshes once on an authorization failure.

    Works with both ``httpx.Client`` (``fetch``) and ``httpx.AsyncClient`` (``async_fetch``). After a rejection the
    request is sent again with the fresh token only when it cannot move money (a spec operation with
    ``x-retry: safe``); a request the spec does not describe only when ``resend(request)`` is true (default: never,
    e.g. ``resend=lambda r: r.method == "GET"`` for a checkout API whose GETs are reads). Otherwise the rejection is
    returned as it is and the next request carries the fresh token.
    """

    requires_response_body = True
    _cache: TokenCache

    def __init__(
        self,
        cache: TokenCache,
        fetch: FetchToken | None = None,
        async_fetch: AsyncFetchToken | None = None,
        *,
        resend: Resend = never,
    ) -> None:
        self._cache = cache
        self._resend = resend
        self._fetch = fetch or _no_fetch
        self._async_fetch = async_fetch or _async_no_fetch
