"""Injectable clocks. All sandbox timing (settling, expiry, OTP, tokens, rate windows) reads `Clock.now()`."""

from __future__ import annotations

import threading
import time
from typing import Protocol


class Clock(Protocol):
    def now(self) -> float: ...


class SystemClock:
    def now(self) -> float:
        return time.time()


class ManualClock:
    """A clock that only moves when told to (tests, `POST /_sandbox/clock/advance`)."""

    def __init__(self, start: float | None = None) -> None:
        self._now = time.time() if start is None else start
        self._lock = threading.Lock()

    def now(self) -> float:
        with self._lock:
            return self._now

    def advance(self, seconds: float) -> float:
        with self._lock:
            self._now += seconds
            return self._now

    def set(self, now: float) -> None:
        """Put the clock at ``now`` (also backwards: ``Sandbox.reset`` returns it to where it started)."""
        with self._lock:
            self._now = now
