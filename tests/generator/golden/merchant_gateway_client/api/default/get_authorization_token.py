# Generated from tests/generator/fixtures/mini.yaml by generator/, do not edit.
from collections.abc import Mapping
from typing import Any, Final

from ...client import (
    BodyWrapping,
    Host,
    Retry,
    SigningMode,
)

# Operation metadata from the spec's x- extensions (docs/design.md); the overlay reads these.
OPERATION_ID: Final[str] = "getAuthorizationToken"
HOST: Final[Host] = "auth"
SIGNING_MODE: Final[SigningMode] = "none"
SIGNING_PATH: Final[None] = None
SIGNING_REQUIRED: Final[bool] = False
BODY_WRAPPING: Final[BodyWrapping] = "form"
FOLLOW_REDIRECTS: Final[bool] = True
RETRY: Final[Retry] = "safe"


def request_parts(
    *,
    body: Mapping[str, Any],
) -> dict[str, Any]:
    """The request's parts (method, URL path on the operation's host, headers, body, signing extension), from the
    payload's wire dict: what merchant_gateway's pipeline sends, encoded once."""
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/oauth/token",
    }

    _kwargs["data"] = body
    headers["Content-Type"] = "application/x-www-form-urlencoded"

    _kwargs["headers"] = headers
    return _kwargs
