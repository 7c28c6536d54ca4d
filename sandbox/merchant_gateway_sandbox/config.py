"""Sandbox configuration (everything here is SANDBOX behaviour, not documented gateway behaviour)."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from .clock import Clock, SystemClock

BASE_PREFIX = "/apis/pg-sandbox"
APPS_PREFIX = "/apis/apps"
AUTH_PREFIX = "/apis/identity-manager"
PREFIXES = {"base": BASE_PREFIX, "apps": APPS_PREFIX, "auth": AUTH_PREFIX}

DEFAULT_MERCHANT_ID = "MERCHANTUAT"
DEFAULT_SALTS = {"1": "099eb0cd-02cf-4e2a-8aca-3e6c6aff0399"}


@dataclass
class SandboxConfig:
    merchant_id: str = DEFAULT_MERCHANT_ID
    salts: dict[str, str] = field(default_factory=lambda: dict(DEFAULT_SALTS))
    client_id: str = "SANDBOXCLIENT"
    client_secret: str = "sandbox-secret"
    # seconds of the sandbox clock after which a pending payment/refund settles
    settle_after: float = 3.0
    # static callback URL "registered at onboarding" (a per-request X-CALLBACK-URL wins)
    callback_url: str | None = None
    allow_external_callbacks: bool = False
    callback_timeout: float = 10.0
    otp: str = "123456"
    otp_ttl: float = 600.0
    otp_send_limit: int = 5
    grant_token_ttl: int = 600
    sso_access_token_ttl: int = 3600
    oauth_token_ttl: int = 3600
    wallet_balance: int = 1_000_000
    # rate limit: None = off; else (calls, window seconds), per operation
    rate_limit: tuple[int, float] | None = None
    rate_limited_operations: frozenset[str] | None = None  # None = all operations
    spec_path: Path | None = None
    clock: Clock = field(default_factory=SystemClock)
    tick_interval: float = 0.05  # real seconds between background settle ticks
