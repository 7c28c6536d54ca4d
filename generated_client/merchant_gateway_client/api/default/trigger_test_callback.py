# Generated from spec/openapi.yaml by generator/, do not edit.
from collections.abc import Mapping
from typing import Any, Final

from ...client import (
    BodyWrapping,
    Host,
    Retry,
    SigningMode,
)
from ...models.call_mode import CallMode

# Operation metadata from the spec's x- extensions (docs/design.md); the overlay reads these.
OPERATION_ID: Final[str] = "triggerTestCallback"
HOST: Final[Host] = "base"
SIGNING_MODE: Final[SigningMode] = "none"
SIGNING_PATH: Final[None] = None
SIGNING_REQUIRED: Final[bool] = False
BODY_WRAPPING: Final[BodyWrapping] = "json"
FOLLOW_REDIRECTS: Final[bool] = True
RETRY: Final[Retry] = "safe"


def request_parts(
    *,
    body: Mapping[str, Any],
    x_callback_url: str,
    x_call_mode: CallMode,
    x_salt_index: str = "1",
) -> dict[str, Any]:
    """The request's parts (method, URL path on the operation's host, headers, body, signing extension), from the
    payload's wire dict: what merchant_gateway's pipeline sends, encoded once."""
    headers: dict[str, Any] = {}
    headers["x-callback-url"] = x_callback_url

    headers["x-call-mode"] = str(x_call_mode)

    headers["x-salt-index"] = x_salt_index

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/testing/S2SCallback/",
    }

    _kwargs["json"] = body
    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs
