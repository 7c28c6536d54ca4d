# Generated from spec/openapi.yaml by generator/, do not edit.
"""A client library for accessing Merchant Payment Gateway"""

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .client import AuthenticatedClient, Client, SigningError, XVerifyAuth, encode_payload, x_verify

# The spec's info.version; the build reads the package version from this line.
__version__ = "3.0.0"

__all__ = (
    "AuthenticatedClient",
    "Client",
    "SigningError",
    "XVerifyAuth",
    "__version__",
    "encode_payload",
    "x_verify",
)


def __getattr__(name: str) -> Any:
    # The client (and attrs with it) loads on first use: importing the operation facts or the public methods
    # must not pay for it (import time of merchant_gateway).
    if name in __all__:
        from . import client

        return getattr(client, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
