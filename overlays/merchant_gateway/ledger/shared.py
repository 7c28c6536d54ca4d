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
"""

from __future__ import annotations

import asyncio
import math
import time
import uuid
from collections.abc import Awaitable, Callable
from dataclasses import dataclass

from ..errors import ConfigurationError, GatewayError
from ..tokens import AuthorizationToken, TokenCache
from .store import Store, Tx

# seconds added to the window by default: the spread between a grant and the request's arrival at the gateway;
# 0.2 s was not enough on a loaded 2-core machine, 0.5 s was (docs/reliability.md, the ledger soak). Safety over
# throughput: at 40/1 it costs a third of the rate; 0.0 is the exact window (a test on a fake clock)
DEFAULT_MARGIN = 0.5


@dataclass(frozen=True)
class RateLimit:
    """At most ``limit`` request starts in any ``window`` seconds (plus ``margin``, default 0.5 s), for the whole
    fleet."""

    limit: int
    window: float = 1.0
    margin: float = DEFAULT_MARGIN
    name: str = "gateway"

    def __post_init__(self) -> None:
        if type(self.limit) is not int or not 1 <= self.limit <= 100_000:
            raise ConfigurationError("rate_limit.limit", "must be an integer from 1 to 100000")
        for field_name in ("window", "margin"):
            value = getattr(self, field_name)
            if not isinstance(value, int | float) or not math.isfinite(value) or value < 0:
                raise ConfigurationError(f"rate_limit.{field_name}", "must be a finite number of seconds >= 0")
        if self.window <= 0:
            raise ConfigurationError("rate_limit.window", "must be > 0")

    @classmethod
    def parse(cls, text: str, margin: float = DEFAULT_MARGIN) -> RateLimit:
        """``"50/1"`` (50 per second), ``"600/60"``."""
        limit, _, window = text.partition("/")
        try:
            return cls(int(limit), float(window or 1.0), margin)
        except ValueError:
            raise ConfigurationError("--rate-limit", "must be LIMIT/WINDOW_SECONDS, e.g. 50/1") from None


class SharedRateLimiter:
    def __init__(
        self,
        store: Store,
        rate: RateLimit,
        *,
        clock: Callable[[], float] = time.time,
        sleep: Callable[[float], None] = time.sleep,
        use_server_clock: bool = True,
        on_grant: Callable[[float], None] | None = None,
    ) -> None:
        self.store = store
        self.rate = rate
        self.on_grant = on_grant  # called with each grant's time (the clock the window is kept on)
        self._clock = clock
        self._sleep = sleep
        self._server_clock = use_server_clock
        self.grants = 0
        self.waited = 0.0
        with store.transaction(fast=True) as tx:
            self._ensure_slots(tx)

    def _ensure_slots(self, tx: Tx) -> None:
        """The ceiling's slots, created by the first process; another process's other ceiling is refused, never
        resized here (it was: the last process to start set the whole fleet's ceiling). A deliberate change goes
        through the fleet settings (:mod:`.settings`), which resize the slots."""
        r = self.rate
        rows = tx.execute("SELECT lim, win FROM mgw_rate WHERE name = ?", (r.name,))
        if not rows:
            size_ceiling(tx, r.name, r.limit, r.window)
            return
        stored = (int(rows[0]["lim"]), float(rows[0]["win"]))
        if stored != (r.limit, float(r.window)):
            raise ConfigurationError(
                "rate_limit",
                f"this process was given {r.limit}/{r.window:g}, the ledger's shared ceiling {r.name!r} is "
                f"{stored[0]}/{stored[1]:g}",
                remedy="every process must use the same ceiling: give this one the stored ceiling, or change it for "
                "the whole fleet through the fleet settings (mgw ledger settings --set rate_limit.limit=LIMIT, or "
                "Ledger.open(..., rate_limit=..., replace_settings=True))",
            )

    def try_acquire(self) -> float:
        """Take a slot now (returns 0.0) or say how many seconds to wait before trying again."""
        r = self.rate
        window = r.window + r.margin
        with self.store.transaction(fast=True) as tx:
            lock = " FOR UPDATE" if tx.dialect == "postgresql" else ""
            if not tx.execute(f"SELECT lim FROM mgw_rate WHERE name = ?{lock}", (r.name,)):
                self._ensure_slots(tx)
            now = (self.store.server_now(tx) if self._server_clock else None) or self._clock()
            rows = tx.execute("SELECT slot, at FROM mgw_rate_slots WHERE name = ? ORDER BY at LIMIT 1", (r.name,))
            oldest = rows[0]
            if oldest["at"] > now - window:
                return float(oldest["at"]) + window - now
            tx.execute("UPDATE mgw_rate_slots SET at = ? WHERE name = ? AND slot = ?", (now, r.name, oldest["slot"]))
        self.grants += 1
        if self.on_grant is not None:
            self.on_grant(now)
        return 0.0

    def acquire(self) -> None:
        while (wait := self.try_acquire()) > 0:
            self.waited += wait
            self._sleep(min(wait, 1.0))

    async def aacquire(self) -> None:
        while (wait := await asyncio.to_thread(self.try_acquire)) > 0:
            self.waited += wait
            await asyncio.sleep(min(wait, 1.0))


def size_ceiling(tx: Tx, name: str, limit: int, window: float) -> None:
    """Make the ceiling ``name`` hold ``limit`` slots per ``window`` (created, or resized when the fleet settings
    changed it: the slots start free)."""
    rows = tx.execute("SELECT lim, win FROM mgw_rate WHERE name = ?", (name,))
    if rows and (int(rows[0]["lim"]), float(rows[0]["win"])) == (limit, float(window)):
        return
    tx.execute("DELETE FROM mgw_rate_slots WHERE name = ?", (name,))
    tx.execute("DELETE FROM mgw_rate WHERE name = ?", (name,))
    tx.execute("INSERT INTO mgw_rate (name, lim, win) VALUES (?, ?, ?)", (name, limit, window))
    for slot in range(limit):
        tx.execute("INSERT INTO mgw_rate_slots (name, slot, at) VALUES (?, ?, ?)", (name, slot, -1e18))


class SharedTokenCache(TokenCache):
    """A TokenCache whose token is shared by every process on the ledger (see the module docstring).

    ``clock`` is the local monotonic clock (as for TokenCache); ``wall_clock`` the clock the fleet shares (the
    ledger's). ``poll`` is how often a process without a usable token looks for the one another process fetches.
    """

    def __init__(
        self,
        store: Store,
        merchant_id: str,
        client_id: str,
        *,
        owner: str,
        margin: float = 60.0,
        lease: float | None = None,
        poll: float = 0.05,
        clock: Callable[[], float] = time.monotonic,
        wall_clock: Callable[[], float] = time.time,
        sleep: Callable[[float], None] = time.sleep,
    ) -> None:
        super().__init__(margin=margin, clock=clock)
        self.store = store
        self.key = (merchant_id, client_id)
        self.owner = owner
        # a holder that dies mid-refresh must not leave the fleet without a valid token: its lease ends while the
        # old token (refreshed ``margin`` seconds before expiry) is still valid
        self.lease = lease if lease is not None else min(30.0, margin / 2)
        self.poll = poll
        self._wall = wall_clock
        self._sleep = sleep
        self.fetches = 0  # token calls made by this process
        with store.transaction() as tx:
            tx.execute("INSERT INTO mgw_tokens (merchant_id, client_id) VALUES (?, ?) ON CONFLICT DO NOTHING", self.key)

    # the shared row, read into a token on the local monotonic clock
    def _read(self) -> tuple[AuthorizationToken | None, bool, float]:
        """(token or None, whether another process holds a live lease, seconds of validity left)."""
        with self.store.transaction() as tx:
            rows = tx.execute(
                "SELECT access_token, token_type, issued_at, expires_at, lifetime, valid_until, lease_owner, "
                "lease_until FROM mgw_tokens WHERE merchant_id = ? AND client_id = ?",
                self.key,
            )
        now = self._wall()
        row = rows[0] if rows else None
        if row is None or row["access_token"] is None or row["valid_until"] is None:
            leased = bool(row and row["lease_owner"] and (row["lease_until"] or 0) > now)
            return None, leased, 0.0
        left = float(row["valid_until"]) - now
        leased = bool(row["lease_owner"] and (row["lease_until"] or 0) > now)
        if left <= 0:
            return None, leased, left
        lifetime = float(row["lifetime"])
        token = AuthorizationToken(
            row["access_token"],
            row["token_type"],
            int(row["issued_at"] or 0),
            int(row["expires_at"] or 0),
            lifetime,
            received_at=self.clock() - (lifetime - left),
        )
        return token, leased, left

    def _take_lease(self) -> str | None:
        token = f"{self.owner}/{uuid.uuid4().hex[:8]}"
        now = self._wall()
        with self.store.transaction() as tx:
            n = tx.rowcount(
                "UPDATE mgw_tokens SET lease_owner = ?, lease_until = ? WHERE merchant_id = ? AND client_id = ? "
                "AND (lease_owner IS NULL OR lease_until < ?)",
                (token, now + self.lease, *self.key, now),
            )
        return token if n else None

    def _publish(self, lease: str, token: AuthorizationToken, fetched_wall: float) -> None:
        with self.store.transaction() as tx:
            tx.execute(
                "UPDATE mgw_tokens SET access_token = ?, token_type = ?, issued_at = ?, expires_at = ?, lifetime = ?, "
                "valid_until = ?, fetched_at = ?, fetches = fetches + 1, lease_owner = NULL, lease_until = NULL "
                "WHERE merchant_id = ? AND client_id = ? AND lease_owner = ?",
                (
                    token.access_token,
                    token.token_type,
                    token.issued_at,
                    token.expires_at,
                    token.lifetime,
                    fetched_wall + token.lifetime,
                    fetched_wall,
                    *self.key,
                    lease,
                ),
            )

    def _drop_lease(self, lease: str) -> None:
        with self.store.transaction() as tx:
            tx.execute(
                "UPDATE mgw_tokens SET lease_owner = NULL, lease_until = NULL "
                "WHERE merchant_id = ? AND client_id = ? AND lease_owner = ?",
                (*self.key, lease),
            )

    def _shared_get(self, fetch: Callable[[], AuthorizationToken]) -> AuthorizationToken:
        deadline = self._wall() + self.lease * 2
        self._forced = False  # an invalidated token was already marked invalid in the shared row
        while True:
            token, leased, _ = self._read()
            if token is not None and self._fresh(token):
                return self._store(token)
            if not leased:
                lease = self._take_lease()
                if lease is not None:
                    again, _, _ = self._read()  # published between our read and our lease: use it
                    if again is not None and self._fresh(again):
                        self._drop_lease(lease)
                        return self._store(again)
                    started = self._wall()
                    try:
                        new = fetch()
                    except Exception:
                        self._drop_lease(lease)
                        if token is not None:  # stale but still valid: serve it, try again later
                            return self._store_stale(token)
                        raise
                    self.fetches += 1
                    # conservative: the lifetime counts from before the request was sent
                    self._publish(lease, new, started)
                    return self._store(new)
            if token is not None:  # another process is refreshing: the current token is still valid
                return self._store_stale(token)
            if self._wall() > deadline:
                raise GatewayError("no authorization token: the process refreshing it does not finish")
            self._sleep(self.poll)

    def _store_stale(self, token: AuthorizationToken) -> AuthorizationToken:
        self._token = token
        self._forced = False
        self._next_refresh = self.clock() + min(self.poll * 4, max(0.0, token.expires_monotonic - self.clock()) / 2)
        return token

    def get(self, fetch: Callable[[], AuthorizationToken]) -> AuthorizationToken:
        token = self._token
        if self._usable(token):
            assert token is not None
            return token
        with self._lock:
            token = self._token
            if self._usable(token):
                assert token is not None
                return token
            return self._shared_get(fetch)

    async def aget(self, fetch: Callable[[], Awaitable[AuthorizationToken]]) -> AuthorizationToken:
        token = self._token
        if self._usable(token):
            assert token is not None
            return token
        loop = asyncio.get_running_loop()

        async def run() -> AuthorizationToken:
            return await fetch()

        def sync_fetch() -> AuthorizationToken:  # in a worker thread: the fetch itself runs on this loop
            return asyncio.run_coroutine_threadsafe(run(), loop).result()

        return await asyncio.to_thread(self.get, sync_fetch)

    def invalidate(self, token: AuthorizationToken) -> None:
        """The gateway rejected ``token``: the whole fleet refreshes (once)."""
        local = self._token
        if local is not None and local.access_token == token.access_token:
            self._forced = True
        with self.store.transaction() as tx:
            tx.execute(
                "UPDATE mgw_tokens SET valid_until = 0 WHERE merchant_id = ? AND client_id = ? AND access_token = ?",
                (*self.key, token.access_token),
            )
