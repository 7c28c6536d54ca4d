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
    # refunds (v4) of a payment older than this many seconds of the sandbox clock answer REVERSAL_WINDOW_EXCEEDED;
    # None = no window (the document shows the code, not the length of the window)
    refund_window: float | None = None
    # param1..param20 put on every UI form post (and into its checksum); the document reserves them, values are ours
    ui_params: dict[str, str] = field(default_factory=dict)
    # origin (scheme://host:port) of the payments page URLs handed out (v4 web redirectURL, inline pay redirectUrl,
    # SDK-less redirectUrl); None = the origin the request came to. An address nobody serves stands in for a
    # gateway whose payments page cannot be opened from here (complete such payments with POST /_sandbox/settle).
    payment_page_origin: str | None = None
    # HTTP status of TRANSACTION_NOT_FOUND (status, refund): 400 (what failure samples pair) or 200. The document maps
    # no code to an HTTP status except 429, so clients must read both the same way (spec: described under both).
    not_found_status: int = 400
    spec_path: Path | None = None
    clock: Clock = field(default_factory=SystemClock)
    tick_interval: float = 0.05  # real seconds between background settle ticks
