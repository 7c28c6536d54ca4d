"""JS SDK support of the sandbox: the development shim and its sandbox-only endpoints.

SANDBOX behaviour only (nothing here is gateway behaviour): see spec/js-sdk/README.md.
"""

from .routes import routes

__all__ = ["routes"]
