"""State a fleet shares through the ledger's database: the gateway's rate ceiling and the authorization token.

Rate ceiling (:class:`SharedRateLimiter`): at most ``limit`` requests start in any ``window`` seconds, counted over
every process on the ledger. It is an exact sliding window kept as ``limit`` slots, each holding the time of one
past grant: a new request may start once the oldest slot is ``window`` old, and then takes that slot. One short
transaction per request (PostgreSQL: a row lock and the server's clock, so machines with skewed clocks share one
window; SQLite: the file's write lock). ``margin`` widens the window to absorb the spread between a grant and the
request's arrival at the gateway. The gateway's numeric limits are not shown by the interface document: set them
from what your gateway told you. Limit, window and margin are fleet settings (:mod:`.settings`): a process with
another ceiling is refused, never allowed to resize the fleet's.

Token (:class:`SharedTokenCache`): a :class:`~merchant_gateway.tokens.TokenCache` whose token lives in the ledger,
so the fleet fetches it once per expiry. Single flight across processes: the process that finds the token stale
takes a lease on its row and fetches; the others keep serving the still-valid token, or wait for the new one when
there is none. The lease ends after ``lease`` seconds (default: half the margin, at most 30 s), so a holder that
dies does not block the fleet, and its lease ends while the old token is still valid. Refreshed
``margin`` seconds before expiry (at most half the lifetime), like the per-process cache. The access token is
stored in the ledger's database: protect that database like the salt key.

Both serve both flavours: :meth:`SharedRateLimiter.acquire` and :meth:`SharedTokenCache.get` in the caller's
thread, :meth:`SharedRateLimiter.async_acquire` and :meth:`SharedTokenCache.async_get` with the database work in a
worker thread (the event loop never waits on it) and the token fetched on the loop. The waits are written once in
``_async.py`` (``_sync.py`` is derived); the rows and decisions they share are in ``_shared_rows.py``.
"""

from __future__ import annotations

from ._async import AsyncRateWaiter, AsyncSharedTokenGetter
from ._shared_rows import DEFAULT_MARGIN, RateLimit, size_ceiling
from ._sync import RateWaiter, SharedTokenGetter

__all__ = ["DEFAULT_MARGIN", "RateLimit", "SharedRateLimiter", "SharedTokenCache", "size_ceiling"]


class SharedRateLimiter(RateWaiter, AsyncRateWaiter):
    """The fleet's rate ceiling (see the module docstring): :meth:`acquire` waits with ``sleep``,
    :meth:`async_acquire` with ``async_sleep`` (default :func:`asyncio.sleep`); :meth:`try_acquire` never waits."""


class SharedTokenCache(SharedTokenGetter, AsyncSharedTokenGetter):
    """A TokenCache whose token is shared by every process on the ledger (see the module docstring).

    ``clock`` is the local monotonic clock (as for TokenCache); ``wall_clock`` the clock the fleet shares (the
    ledger's). ``poll`` is how often a process without a usable token looks for the one another process fetches,
    waiting with ``sleep`` (:meth:`get`) or ``async_sleep`` (:meth:`async_get`, default :func:`asyncio.sleep`).
    """
