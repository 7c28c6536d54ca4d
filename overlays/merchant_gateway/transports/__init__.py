"""The httpcore transports, GatewayTransport (sync) and AsyncGatewayTransport: httpcore's connection pool and
h11's strict HTTP/1.1 parser (the same machinery as httpx's own transports), with two things a payment client needs
added: the gateways' default transports (pass one as ``transport=`` to change its limits). The async one runs on
anyio, so on asyncio, uvloop and trio alike.

Why this module exists: httpx's transports bound each network operation (connect, every read, every write)
but not a call as a whole, and read whatever size of answer arrives. A server that drips its answer one byte
per second keeps a payment call open for ever; a 200 MB or gzip-bombed answer grows memory instead of failing.
So these transports:

- give each request one deadline, connect to last byte: every connect, read and write of the request gets at
  most the time left (a network backend wrapped around httpcore's own; public httpcore API), and
- read the whole answer before returning, refusing one above ``max_answer_bytes`` (raw and decoded) and
  decoding gzip/deflate themselves within that bound; any other content coding is an error. Every byte read
  for a request (interim 1xx heads and body framing too) counts against the same cap, with room for one head,
  so no answer of any shape grows memory beyond a constant over the cap, and
- never reuse a connection on which more bytes arrived than the answer held. httpcore keeps h11's read-ahead
  buffer across requests, so bytes a server sends after an answer (a second, forged answer, say) would be
  read as the *next* call's answer. The byte count of each exchange is compared with one answer's (its head
  found in the first bytes, which are kept, and the body h11 delivered); an exchange of another shape (1xx,
  chunked, bare LF) is framed once more with h11 (its public API) when it was small enough to be kept whole, and
  otherwise retired. Leftovers retire the connection before the pool can hand it out again.

Everything else (pooling, keep-alive, TLS, 1xx answers, framing) is httpcore's and h11's, each route's connections
spread over several small httpcore pools instead of one (``_limits._Sharded`` says why); exceptions are httpx's,
so the client's phase rule stays the one of httpx: a connect error or pool timeout means nothing was sent, any
other failure means the request may have been sent (merchant_gateway/_core.py). The TLS settings (``verify``,
``cert``, ``truststore``: merchant_gateway/tls.py) reach httpcore as one SSL context, built when the first https
pool is made; a failed handshake is a connect error. A transport of the caller's own is wrapped in
:class:`CappedTransport` / :class:`AsyncCappedTransport` (the cap and the deadline around it, ``_own.py``).

- refuse to write the first byte of an attempt whose send deadline has passed (:class:`SendFence`, given by the
  payment ledger when it records the attempt; ``SendDeadlinePassed`` means nothing was sent).

A proxy named in the environment (HTTP(S)_PROXY, ALL_PROXY; NO_PROXY lifts hosts) is honoured here, per gateway
host, through httpcore's HTTP proxy pool on the same network backend: a proxied call keeps every guarantee above.

Written once: the half that waits in ``_async.py`` (the source), ``_sync.py`` derived from it by
tools/derive_sync.py (httpcore's sync and async APIs map name for name, as httpcore derives its own), what does not
wait in ``_limits.py``.
"""

from ..fence import SendDeadlinePassed, SendFence, arm_fence, end_fence_scope, fence_scope
from ._async import AsyncCappedTransport, AsyncGatewayTransport
from ._limits import environment_proxy
from ._sync import CappedTransport, GatewayTransport

__all__ = [
    "AsyncCappedTransport",
    "AsyncGatewayTransport",
    "CappedTransport",
    "GatewayTransport",
    "SendDeadlinePassed",
    "SendFence",
    "arm_fence",
    "end_fence_scope",
    "environment_proxy",
    "fence_scope",
]
