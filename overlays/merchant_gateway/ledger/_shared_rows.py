"""The rows a fleet shares through the ledger (the rate ceiling's slots, the token) and the decisions on them: one
short transaction each, the same in both flavours. The waits around them are written once in ``_async.py`` (and
derived in ``_sync.py``); :mod:`.shared` composes both and states the rules."""

from __future__ import annotations

import asyncio
import math
import time
import uuid
from collections.abc import Callable
from dataclasses import dataclass

from ..errors import ConfigurationError
from ..tokens import AuthorizationToken, TokenCache
from ._flavours import AsyncSleep, Sleep
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


class _RateState:
    """A :class:`~merchant_gateway.ledger.SharedRateLimiter`'s settings, counters and its one transaction per
    request (:meth:`try_acquire`)."""

    def __init__(
        self,
        store: Store,
        rate: RateLimit,
        *,
        clock: Callable[[], float] = time.time,
        sleep: Sleep = time.sleep,
        async_sleep: AsyncSleep | None = None,
        use_server_clock: bool = True,
        on_grant: Callable[[float], None] | None = None,
    ) -> None:
        self.store = store
        self.rate = rate
        self.on_grant = on_grant  # called with each grant's time (the clock the window is kept on)
        self._clock = clock
        self._sleep = sleep
        self._async_sleep = async_sleep if async_sleep is not None else asyncio.sleep
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
        if self.store.dialect == "postgresql":
            return self._try_acquire_pg(window)
        with self.store.transaction(fast=True) as tx:  # SQLite: the one writer serialises grants already
            if not tx.execute("SELECT lim FROM mgw_rate WHERE name = ?", (r.name,)):
                self._ensure_slots(tx)
            now = (self.store.server_now(tx) if self._server_clock else None) or self._clock()
            rows = tx.execute("SELECT slot, at FROM mgw_rate_slots WHERE name = ? ORDER BY at LIMIT 1", (r.name,))
            oldest = rows[0]
            if oldest["at"] > now - window:
                return float(oldest["at"]) + window - now
            tx.execute("UPDATE mgw_rate_slots SET at = ? WHERE name = ? AND slot = ?", (now, r.name, oldest["slot"]))
        self._granted(now)
        return 0.0

    def _granted(self, now: float) -> None:
        self.grants += 1
        if self.on_grant is not None:
            self.on_grant(now)

    def _try_acquire_pg(self, window: float) -> float:
        """One statement takes the oldest free slot, skipping slots other processes are taking at this moment
        (``FOR UPDATE SKIP LOCKED``): grants of many processes never queue behind one lock, so a grant costs
        the same with 1 process or 4 (it used to lock the ceiling's row for the whole transaction). A slot is
        free when its last grant is older than the window: at most ``limit`` grants per window, as before."""
        r = self.rate
        given = None if self._server_clock else self._clock()
        with self.store.transaction(fast=True) as tx:
            rows = tx.execute(_GRANT_PG, (given, r.name, window, r.name))
            if rows:
                now = float(rows[0]["now"])
            else:
                left = tx.execute(_OLDEST_PG, (given, r.name))[0]
                if left["oldest"] is None:  # no slots (a fleet setting removed them): made again, then retried
                    self._ensure_slots(tx)
                    return 0.001
                return max(0.001, float(left["oldest"]) + window - float(left["now"]))
        self._granted(now)
        return 0.0


_GRANT_PG = (
    "WITH t AS (SELECT COALESCE(?::float8, extract(epoch from clock_timestamp())::float8) AS now), "
    "free AS (SELECT s.slot FROM mgw_rate_slots s, t WHERE s.name = ? AND s.at <= t.now - ? "
    "ORDER BY s.at LIMIT 1 FOR UPDATE OF s SKIP LOCKED) "
    "UPDATE mgw_rate_slots u SET at = t.now FROM free, t WHERE u.name = ? AND u.slot = free.slot "
    "RETURNING t.now AS now"
)
_OLDEST_PG = (
    "SELECT MIN(at) AS oldest, COALESCE(?::float8, extract(epoch from clock_timestamp())::float8) AS now "
    "FROM mgw_rate_slots WHERE name = ?"
)


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


class _SharedTokenRows(TokenCache):
    """A :class:`~merchant_gateway.ledger.SharedTokenCache`'s settings and its transactions on the shared row."""

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
        sleep: Sleep = time.sleep,
        async_sleep: AsyncSleep | None = None,
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
        self._async_sleep = async_sleep if async_sleep is not None else asyncio.sleep
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

    def _store_stale(self, token: AuthorizationToken) -> AuthorizationToken:
        self._token = token
        self._forced = False
        self._next_refresh = self.clock() + min(self.poll * 4, max(0.0, token.expires_monotonic - self.clock()) / 2)
        return token

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
