"""How the ledger's database work runs in each flavour (the async names turn into the sync ones in ``_sync.py``,
tools/derive_sync.py).

The stores (:mod:`.store`) are synchronous drivers: a sync caller does the work in its own thread, an async one
in a worker thread, so the event loop never waits on the database. Written once in ``_async.py`` as
``await async_blocking(fn, ...)``, derived as ``blocking(fn, ...)``.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from typing import ParamSpec, TypeVar

P = ParamSpec("P")
T = TypeVar("T")

Sleep = Callable[[float], None]
AsyncSleep = Callable[[float], Awaitable[None]]


def blocking(fn: Callable[P, T], /, *args: P.args, **kwargs: P.kwargs) -> T:
    """The sync flavour: ``fn`` runs in the caller's thread."""
    return fn(*args, **kwargs)


def async_blocking(fn: Callable[P, T], /, *args: P.args, **kwargs: P.kwargs) -> Awaitable[T]:
    """The async flavour: ``fn`` runs in a worker thread."""
    return asyncio.to_thread(fn, *args, **kwargs)


def finishing(fn: Callable[P, T], /, *args: P.args, **kwargs: P.kwargs) -> T:
    """The sync flavour of :func:`async_finishing`: ``fn`` runs in the caller's thread."""
    return fn(*args, **kwargs)


def async_finishing(fn: Callable[P, T], /, *args: P.args, **kwargs: P.kwargs) -> Awaitable[T]:
    """In a worker thread, and carried to its end when the awaiting task is cancelled: a write recording how a
    call ended must not be dropped with the task (a cancelled future may never start its thread)."""
    return asyncio.shield(asyncio.to_thread(fn, *args, **kwargs))
