"""The token cache's state and decisions, free of I/O (:mod:`merchant_gateway.tokens` is the public module and
states the rules; the token itself is in ``_token.py``)."""

from __future__ import annotations

import json
import math
import time
import typing
import weakref
from collections.abc import Awaitable, Callable
from threading import Lock
from typing import TYPE_CHECKING, Any

import httpx

if TYPE_CHECKING:  # asyncio loads with the first async refresh (import time of the package matters)
    import asyncio

    from ._token import AuthorizationToken

Clock = Callable[[], float]
REFRESH_COOLDOWN = 5.0  # seconds between refresh attempts while a refresh keeps failing and a valid token exists


# A refresh at a time, in each flavour (the async names turn into the sync ones in _sync.py, tools/derive_sync.py).
FetchToken = Callable[[], "AuthorizationToken"]
AsyncFetchToken = Callable[[], Awaitable["AuthorizationToken"]]


class AsyncLock:
    """One lock per event loop (a cache may serve several loops, one per thread): an ``asyncio.Lock``, or trio's
    under trio; asyncio loads with the first async refresh."""

    def __init__(self) -> None:
        self._locks: weakref.WeakKeyDictionary[Any, asyncio.Lock] = weakref.WeakKeyDictionary()

    def _current(self) -> asyncio.Lock:
        import asyncio

        from ..transports._limits import running_loop

        loop = running_loop()
        lock = self._locks.get(loop)
        if lock is None:
            if isinstance(loop, asyncio.AbstractEventLoop):
                lock = asyncio.Lock()
            else:
                import trio  # running_loop() found a trio run: its lock has the same acquire/release

                lock = typing.cast("asyncio.Lock", trio.Lock())
            self._locks[loop] = lock
        return lock

    async def __aenter__(self) -> None:
        await self._current().acquire()

    async def __aexit__(self, *exc: object) -> None:
        self._current().release()  # the same loop, hence the same lock, as in __aenter__


class _TokenState:
    """The state of a :class:`~merchant_gateway.tokens.TokenCache` and its decisions, free of I/O (the fetch
    paths, sync and async, are in ``_async.py``/``_sync.py``)."""

    def __init__(self, *, margin: float = 60.0, clock: Clock = time.monotonic) -> None:
        self._margin = margin
        self._clock = clock
        self._token: AuthorizationToken | None = None
        self._forced = False
        # after a failed refresh, callers keep the still-valid token until then instead of each repeating the
        # failing call (with its retries) one after another behind the lock
        self._next_refresh = -math.inf
        self._lock = Lock()  # single flight under threads
        self._async_lock = AsyncLock()  # single flight under asyncio

    @property
    def clock(self) -> Clock:
        return self._clock

    def peek(self) -> AuthorizationToken | None:
        return self._token

    def _fresh(self, token: AuthorizationToken | None) -> bool:
        if token is None or self._forced:
            return False
        margin = min(self._margin, token.lifetime / 2)
        return self._clock() < token.expires_monotonic - margin

    def _still_valid(self, token: AuthorizationToken | None) -> bool:
        return token is not None and not self._forced and self._clock() < token.expires_monotonic

    def _usable(self, token: AuthorizationToken | None) -> bool:
        """Serve ``token`` without refreshing: fresh, or still valid while a failed refresh cools down."""
        return self._fresh(token) or (self._still_valid(token) and self._clock() < self._next_refresh)

    def _store(self, token: AuthorizationToken) -> AuthorizationToken:
        self._token = token
        self._forced = False
        self._next_refresh = -math.inf
        return token

    def _refresh_failed(self, token: AuthorizationToken | None, error: Exception) -> AuthorizationToken:
        """A refresh failed: serve the still-valid token (and wait a little before trying again), or re-raise."""
        if not self._still_valid(token):
            raise error
        assert token is not None
        left = token.expires_monotonic - self._clock()
        self._next_refresh = self._clock() + min(REFRESH_COOLDOWN, left / 2)
        return token

    def invalidate(self, token: AuthorizationToken) -> None:
        """Force a refresh, unless another caller already replaced ``token`` (so N rejections refresh once)."""
        if self._token is token:
            self._forced = True


NO_FETCH = (
    "this TokenAuth has no token fetch for this client's flavour: use Gateway.token_auth() with httpx.Client and "
    "AsyncGateway.token_auth() with httpx.AsyncClient"
)


def _is_auth_failure(response: httpx.Response) -> bool:
    if response.status_code == 401:
        return True
    try:
        body = json.loads(response.content)
    except ValueError:
        return False
    return isinstance(body, dict) and body.get("code") in ("AUTHORIZATION_FAILED", "UNAUTHORIZED")
