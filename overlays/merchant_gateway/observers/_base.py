"""What the observers of both flavours share, free of I/O: how an attempt ended, and the two shapes of ``run``
(the async names turn into the sync ones in ``_sync.py``, tools/derive_sync.py)."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any, NamedTuple

if TYPE_CHECKING:
    from .._core import Prepared

# the rest of the call, as an observer's call runs it: the gateway's send with its attempts (or the next observer)
Run = Callable[["Prepared"], Any]
AsyncRun = Callable[["Prepared"], Awaitable[Any]]


class AttemptEnd(NamedTuple):
    """How one HTTP attempt ended, as :meth:`CallObserver.after_attempt` is told."""

    number: int  # 1-based; a retry is attempt 2, 3 ...
    status: int | None  # the HTTP status of the answer; None: no answer (never connected, timed out, cut off)
    # the attempt's exception: the call's own error when this attempt ended the call with one, else (retried) the
    # transport's exception; None for an answer, returned or retried
    error: BaseException | None
    retry_in: float | None  # seconds until the next attempt; None: this attempt ended the call
