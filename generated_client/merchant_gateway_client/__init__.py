# Generated from spec/openapi.yaml by generator/, do not edit.
"""A client library for accessing Merchant Payment Gateway"""

from .client import AuthenticatedClient, Client, SigningError, XVerifyAuth, encode_payload, x_verify

# The spec's info.version; the build reads the package version from this line.
__version__ = "1.1.0"

__all__ = (
    "AuthenticatedClient",
    "Client",
    "SigningError",
    "XVerifyAuth",
    "__version__",
    "encode_payload",
    "x_verify",
)
