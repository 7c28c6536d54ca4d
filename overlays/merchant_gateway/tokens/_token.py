"""The authorization token and how a token response becomes one (:mod:`merchant_gateway.tokens` is the public
module and states the rules).

Why a module of its own: a frozen dataclass costs about half a millisecond to create, and only a token fetch
(``authorization_token()``, ``token_auth()``) needs this class; payment calls do not, so it loads with the first
token instead of with every ``import merchant_gateway``.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass, field

from ..errors import ApiError

DEFAULT_TOKEN_TYPE = "O-Bearer"  # the documented token_type value; used when the response omits it


@dataclass(frozen=True)
class AuthorizationToken:
    """A token as cached. ``access_token`` is excluded from ``repr``."""

    access_token: str = field(repr=False)
    token_type: str
    issued_at: int
    expires_at: int
    lifetime: float  # seconds, from the server's own expires_at - issued_at
    received_at: float  # local monotonic clock when the response arrived

    @property
    def authorization_header(self) -> str:
        return f"{self.token_type} {self.access_token}"

    @property
    def expires_monotonic(self) -> float:
        return self.received_at + self.lifetime


def token_from_response(data: Mapping[str, object], received_at: float) -> AuthorizationToken:
    """Build a token from the decoded token response; malformed responses raise :class:`ApiError`."""
    access = data.get("access_token")
    token_type = data.get("token_type")
    issued = data.get("issued_at")
    expires = data.get("expires_at")
    if token_type is None:
        token_type = DEFAULT_TOKEN_TYPE
    if not isinstance(access, str) or not access or not isinstance(token_type, str) or not token_type:
        raise ApiError("token response lacks access_token or token_type", operation="getAuthorizationToken")
    if not _is_int(expires):
        raise ApiError("token response lacks expires_at", operation="getAuthorizationToken")
    assert isinstance(expires, int)
    lifetime: float | None = None
    if _is_int(issued):
        assert isinstance(issued, int)
        lifetime = float(expires - issued)
    expires_in = data.get("expires_in")  # null in the documented sample; used only when issued_at is missing
    if (lifetime is None or lifetime <= 0) and isinstance(expires_in, int | float) and not isinstance(expires_in, bool):
        lifetime = float(expires_in)
    if lifetime is None or not math.isfinite(lifetime) or lifetime <= 0:
        raise ApiError("token response has no positive lifetime", operation="getAuthorizationToken")
    issued_at = issued if isinstance(issued, int) and not isinstance(issued, bool) else 0
    return AuthorizationToken(access, token_type, issued_at, expires, lifetime, received_at)


def _is_int(value: object) -> bool:
    return type(value) is int
