"""Values and helpers of the ledger tests (imported by bare name: unique across tests/)."""

from __future__ import annotations

from typing import Any

MERCHANT = "LEDGERMERCHANT"
SALT = "ledger-salt-51f0"
START = 1_800_000_000.0


class FakeClock:
    """A wall clock that moves only when told; ``sleep`` moves it (so waiting code returns at once)."""

    def __init__(self, start: float = START) -> None:
        self.now = start
        self.slept: list[float] = []

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds

    def sleep(self, seconds: float) -> None:
        self.slept.append(seconds)
        self.now += seconds


def settings(sandbox: Any) -> dict[str, Any]:
    return {
        "merchant_id": MERCHANT,
        "salt_key": SALT,
        "salt_index": "1",
        "base_url": sandbox.base_url,
        "apps_url": sandbox.apps_url,
        "auth_url": sandbox.auth_url,
        "timeout": 5.0,
    }


def advance(sandbox: Any, clock: FakeClock, seconds: float) -> None:
    """Move the ledger's clock and the sandbox's together."""
    clock.advance(seconds)
    sandbox.advance(seconds)
