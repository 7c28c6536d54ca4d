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

What both clients share is in ``_direct.py``; :class:`AsyncDirectClient` is written once in ``_async.py`` and
:class:`DirectClient` derived from it in ``_sync.py``.
"""

from ._async import AsyncDirectClient
from ._direct import _RECENT_URLS, proxied
from ._sync import DirectClient

__all__ = ["_RECENT_URLS", "AsyncDirectClient", "DirectClient", "proxied"]
