"""The one request pipeline of both gateways: :class:`AsyncPipeline` and :class:`Pipeline` (derived from it).

Why this package exists: a call's way from the typed operation method to the transport and back is one loop in one
place, as in openai-python's ``_base_client``: the payload is checked and turned into its wire dict once
(:mod:`merchant_gateway._core`, ``prepare``), the generated ``request_parts`` of the operation encodes it once
(base64 JSON, JSON or a form), X-VERIFY is computed from those bytes, the ``httpx.Request`` is built with httpx's
public API for the operation's host and handed straight to the gateway's transport (the send fence, the deadline
and the answer cap live there, :mod:`merchant_gateway.transports`); the answer is read once, parsed once by the
strict reader (:func:`merchant_gateway.verdicts.read_answer`), judged over the spec's outcome table and, when
:mod:`merchant_gateway.retry` allows, tried again after a wait. The typed answer model is built from that parsed
dict (``from_dict``). The observer (the ledger, telemetry) sees the call, each attempt before it is sent and how
it ended.

The gateway never goes through ``httpx.Client.send``: the interface document shows no cookies and no redirect the
client should follow, and signing is one function, so the client's cookie jar, auth flow and redirect loop would
only cost time; the requests are what an ``httpx.Client`` with the same headers sends (tests/unit/pipeline
compares them).
"""

from ._async import AsyncPipeline
from ._sync import Pipeline

__all__ = ["AsyncPipeline", "Pipeline"]
