"""Switchable rate limiting (SANDBOX numbers; the document does not show the real limits).

When on, each operation may be called `limit` times per `window` seconds of the sandbox clock; the next call
answers HTTP 429 API_RATE_LIMIT_REACHED with API_LIMIT and TIME_WINDOW both as response headers and in `data`.
"""

from __future__ import annotations

from collections import defaultdict, deque

from .clock import Clock
from .errors import GatewayError


class RateLimiter:
    def __init__(self, clock: Clock) -> None:
        self.clock = clock
        self.limit: int | None = None
        self.window: float = 60.0
        self.operations: frozenset[str] | None = None
        self._calls: dict[str, deque[float]] = defaultdict(deque)

    def configure(self, limit: int | None, window: float = 60.0, operations: frozenset[str] | None = None) -> None:
        self.limit, self.window, self.operations = limit, window, operations
        self._calls.clear()

    def check(self, operation_id: str) -> None:
        if self.limit is None or (self.operations is not None and operation_id not in self.operations):
            return
        now = self.clock.now()
        calls = self._calls[operation_id]
        while calls and calls[0] <= now - self.window:
            calls.popleft()
        if len(calls) >= self.limit:
            window = int(self.window) if float(self.window).is_integer() else self.window
            raise GatewayError(
                "API_RATE_LIMIT_REACHED",
                "API rate limit reached.",
                status=429,
                data={"API_LIMIT": self.limit, "TIME_WINDOW": window},
                headers={"API_LIMIT": str(self.limit), "TIME_WINDOW": str(window)},
            )
        calls.append(now)
