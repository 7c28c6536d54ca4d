# Generated from spec/openapi.yaml by generator/, do not edit.
from collections.abc import Mapping
from typing import Any, Final

from ...client import (
    SIGNING_EXTENSION,
    BodyWrapping,
    Host,
    Retry,
    SigningMode,
    base64_json_body,
    encode_payload,
)
from ...models.call_mode import CallMode
from ...types import UNSET, Unset

# Operation metadata from the spec's x- extensions (docs/design.md); the overlay reads these.
OPERATION_ID: Final[str] = "debitV4Intent"
HOST: Final[Host] = "base"
SIGNING_MODE: Final[SigningMode] = "body"
SIGNING_PATH: Final[str] = "/v4/debit"
SIGNING_REQUIRED: Final[bool] = True
BODY_WRAPPING: Final[BodyWrapping] = "base64-json"
FOLLOW_REDIRECTS: Final[bool] = True
RETRY: Final[Retry] = "reconcile-first"


def request_parts(
    *,
    body: Mapping[str, Any],
    x_callback_url: str | Unset = UNSET,
    x_call_mode: CallMode | Unset = CallMode.POST,
) -> dict[str, Any]:
    """The request's parts (method, URL path on the operation's host, headers, body, signing extension), from the
    payload's wire dict: what merchant_gateway's pipeline sends, encoded once."""
    headers: dict[str, Any] = {}
    if not isinstance(x_callback_url, Unset):
        headers["X-CALLBACK-URL"] = x_callback_url

    if not isinstance(x_call_mode, Unset):
        headers["X-CALL-MODE"] = str(x_call_mode)

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v4/debit",
        "extensions": {
            SIGNING_EXTENSION: {
                "mode": SIGNING_MODE,
                "path": SIGNING_PATH,
                "required": SIGNING_REQUIRED,
            }
        },
    }

    _encoded = encode_payload(body)
    _kwargs["content"] = base64_json_body(_encoded)
    _kwargs["extensions"][SIGNING_EXTENSION]["request"] = _encoded
    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs
