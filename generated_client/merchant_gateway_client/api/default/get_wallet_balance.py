# Generated from spec/openapi.yaml by generator/, do not edit.
from typing import Any, Final
from urllib.parse import quote

from ...client import SIGNING_EXTENSION, BodyWrapping, Host, Retry, SigningMode

# Operation metadata from the spec's x- extensions (docs/design.md); the overlay reads these.
OPERATION_ID: Final[str] = "getWalletBalance"
HOST: Final[Host] = "base"
SIGNING_MODE: Final[SigningMode] = "path"
SIGNING_PATH: Final[str] = "/v3/account/token/{merchantId}/{userAuthToken}/debit/suggest"
SIGNING_REQUIRED: Final[bool] = True
BODY_WRAPPING: Final[BodyWrapping] = "none"
FOLLOW_REDIRECTS: Final[bool] = True
RETRY: Final[Retry] = "safe"


def request_parts(
    merchant_id: str,
    user_auth_token: str,
) -> dict[str, Any]:
    """The request's parts (method, URL path on the operation's host, headers, body, signing extension), from the
    payload's wire dict: what merchant_gateway's pipeline sends, encoded once."""

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/v3/account/token/{merchant_id}/{user_auth_token}/debit/suggest".format(
            merchant_id=quote(str(merchant_id), safe=""),
            user_auth_token=quote(str(user_auth_token), safe=""),
        ),
        "extensions": {
            SIGNING_EXTENSION: {
                "mode": SIGNING_MODE,
                "path": SIGNING_PATH.format(
                    **{
                        "merchantId": str(merchant_id),
                        "userAuthToken": str(user_auth_token),
                    }
                ),
                "required": SIGNING_REQUIRED,
            }
        },
    }

    return _kwargs
