"""Gateway (sync) and AsyncGateway (async): the merchant-facing client.

Why this module exists: the generated package is a faithful but low-level mirror of the spec, and it also renders
every typed operation method (``merchant_gateway_client.public_methods``: one per server operation, sync and
async, documented from the spec). These classes inherit those methods and add only policy, in ``_call``:
configuration from arguments or MGW_* variables, the merchant id filled in, validation before sending, typed
errors, retries that cannot double-charge, reconciliation, the cached authorization token and callback
verification. Logic shared by both classes lives in :mod:`merchant_gateway._core` and ``_base.py``; the half that
sends is written once, async (``_async.py``), and ``Gateway`` is derived from it (``_sync.py``, by
tools/derive_sync.py): the two differ only in how they wait.
"""

from ._async import AsyncGateway
from ._sync import Gateway

__all__ = ["AsyncGateway", "Gateway"]
