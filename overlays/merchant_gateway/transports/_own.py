"""What the wrappers of a caller's own transport (``Gateway(transport=...)``) need that does not wait: the answer
built from a capped body, the deadline's error, and the bound over a whole call. The wrappers themselves,
:class:`AsyncCappedTransport` and the derived :class:`CappedTransport`, are in ``_async.py``/``_sync.py``.

Why they exist: the gateway's own transports (GatewayTransport, AsyncGatewayTransport) enforce the answer cap and
the call's deadline inside the connection; a transport a caller brings (a mock, an instrumented or corporate
transport) does neither, and a caller who passed one would silently lose both. Around it, the body is read by the
wrapper, raw and decoded bytes each capped at ``max_answer_bytes`` (gzip and deflate undone within the cap; any
other coding is an error), and the deadline is kept as the body arrives and, async, over the whole call, connect to
last byte (a cancel scope: anyio, so asyncio, uvloop and trio alike), cut to what is left of the call's
``total_timeout``. A blocking transport cannot be interrupted from outside, so the sync wrapper cannot bound the wait
before the answer's head. The attempt's send fence (:class:`SendFence`, armed by the payment ledger) is checked as
the request is handed to the caller's transport: its writes are out of reach, so that is the last moment an attempt
whose send deadline has passed can be refused, and it must be (a paused sender would otherwise send after its
payment was declared never recorded). What stays the caller's
transport's own: the size of an answer's head, the TLS settings, and the leftover check (bytes beyond an answer on a
kept-alive connection), which needs the connection itself. A call cut short here was handed to the transport, so
it counts as maybe sent (httpx.ReadTimeout, httpx.ReadError), like any failure after the first byte.
"""

from __future__ import annotations

import contextlib
from typing import Any

import httpx

from ._limits import _Reader, too_large


def answer_of(response: httpx.Response, reader: _Reader) -> httpx.Response:
    """``response`` with the body ``reader`` read and decoded (Content-Encoding dropped: httpx must not decode it
    a second time)."""
    headers = [(k, v) for k, v in response.headers.raw if k.lower() != b"content-encoding"]
    return httpx.Response(
        response.status_code, headers=headers, content=reader.finish(), extensions=response.extensions
    )


def read_already(response: httpx.Response, limit: int, request: httpx.Request) -> bool:
    """Whether ``response`` can be handed on as it is: the caller's transport read it whole already (a
    ``MockTransport`` handler's ``httpx.Response(content=...)``, a transport that caches), without a content coding,
    so its bytes are the very bytes it received. Building a second answer from them would only repeat httpx's read
    of the same bytes, and httpx.Client would return this very object too. The cap still holds: an answer over
    ``max_answer_bytes`` fails as it would when read piece by piece. An encoded answer is read through the cap's
    decoder instead (httpx's decoding of it was not bounded), and so is one still to be read."""
    if not response.is_stream_consumed or any(name.lower() == b"content-encoding" for name, _ in response.headers.raw):
        return False
    try:
        body = response.content
    except httpx.ResponseNotRead:  # its stream was iterated, not read: only the stream can say what it holds
        return False
    if len(body) > limit:
        raise too_large(limit, request)
    return True


def late(request: httpx.Request, deadline: float | None) -> httpx.ReadTimeout:
    return httpx.ReadTimeout(f"no complete answer within the call's deadline ({deadline} s)", request=request)


def async_call_bound(deadline: float | None) -> contextlib.AbstractContextManager[Any]:
    """The whole call cut at ``deadline`` seconds (TimeoutError when it fires), on any event loop anyio runs."""
    if deadline is None:
        return contextlib.nullcontext()
    import anyio  # httpx's own dependency; loaded with the first call through a caller's transport

    return anyio.fail_after(deadline)


def call_bound(deadline: float | None) -> contextlib.AbstractContextManager[Any]:
    """The sync flavour's: none. A blocking call cannot be cut from outside; the body's arrival is checked instead."""
    return contextlib.nullcontext()
