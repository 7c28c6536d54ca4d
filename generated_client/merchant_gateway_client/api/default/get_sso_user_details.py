# Generated from spec/openapi.yaml by generator/, do not edit.
from typing import Any, Final

from ...client import SIGNING_EXTENSION, BodyWrapping, Host, Retry, SigningMode

# Operation metadata from the spec's x- extensions (docs/design.md); the overlay reads these.
OPERATION_ID: Final[str] = "getSsoUserDetails"
HOST: Final[Host] = "apps"
SIGNING_MODE: Final[SigningMode] = "path"
SIGNING_PATH: Final[str] = "/v3/service/userdetails"
SIGNING_REQUIRED: Final[bool] = True
BODY_WRAPPING: Final[BodyWrapping] = "none"
FOLLOW_REDIRECTS: Final[bool] = True
RETRY: Final[Retry] = "safe"


def request_parts(
    *,
    x_client_id: str,
    x_access_token: str,
) -> dict[str, Any]:
    """The request's parts (method, URL path on the operation's host, headers, body, signing extension), from the
    payload's wire dict: what merchant_gateway's pipeline sends, encoded once."""
    headers: dict[str, Any] = {}
    headers["X-CLIENT-ID"] = x_client_id

    headers["X-ACCESS-TOKEN"] = x_access_token

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/v3/service/userdetails",
        "extensions": {
            SIGNING_EXTENSION: {
                "mode": SIGNING_MODE,
                "path": SIGNING_PATH,
                "required": SIGNING_REQUIRED,
            }
        },
    }

    _kwargs["headers"] = headers
    return _kwargs
