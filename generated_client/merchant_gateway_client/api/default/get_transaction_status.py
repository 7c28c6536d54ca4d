# Generated from spec/openapi.yaml by generator/, do not edit.
from typing import Any, Final
from urllib.parse import quote

from ...client import SIGNING_EXTENSION, BodyWrapping, Host, Retry, SigningMode

# Operation metadata from the spec's x- extensions (docs/design.md); the overlay reads these.
OPERATION_ID: Final[str] = "getTransactionStatus"
HOST: Final[Host] = "base"
SIGNING_MODE: Final[SigningMode] = "path"
SIGNING_PATH: Final[str] = "/v3/transaction/{merchantId}/{transactionId}/status"
SIGNING_REQUIRED: Final[bool] = True
BODY_WRAPPING: Final[BodyWrapping] = "none"
FOLLOW_REDIRECTS: Final[bool] = True
RETRY: Final[Retry] = "safe"


def request_parts(
    merchant_id: str,
    transaction_id: str,
) -> dict[str, Any]:
    """The request's parts (method, URL path on the operation's host, headers, body, signing extension), from the
    payload's wire dict: what merchant_gateway's pipeline sends, encoded once."""

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/v3/transaction/{merchant_id}/{transaction_id}/status".format(
            merchant_id=quote(str(merchant_id), safe=""),
            transaction_id=quote(str(transaction_id), safe=""),
        ),
        "extensions": {
            SIGNING_EXTENSION: {
                "mode": SIGNING_MODE,
                "path": SIGNING_PATH.format(
                    **{
                        "merchantId": str(merchant_id),
                        "transactionId": str(transaction_id),
                    }
                ),
                "required": SIGNING_REQUIRED,
            }
        },
    }

    return _kwargs
