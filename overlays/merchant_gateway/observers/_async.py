"""The observers' calls, written once: the async source of ``_sync.py`` (``python tools/derive_sync.py`` derives
it; ``make lint`` fails when it is out of date). :mod:`merchant_gateway.observers` composes both flavours into
:class:`~merchant_gateway.observers.CallObserver` and :class:`~merchant_gateway.observers.CombinedObserver`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ._base import AsyncRun

if TYPE_CHECKING:
    from .._core import Prepared
    from . import CallObserver


class AsyncObserverCalls:
    """:class:`~merchant_gateway.observers.CallObserver`'s call, in this module's flavour: passes straight through."""

    async def async_call(self, prep: Prepared, run: AsyncRun) -> Any:
        """Around one public call of a gateway of this flavour (all of its attempts): ``run(prep)``."""
        return await run(prep)


class AsyncCombinedCalls:
    """:class:`~merchant_gateway.observers.CombinedObserver`'s call and wait, in this module's flavour."""

    observers: tuple[CallObserver, ...]

    async def async_call(self, prep: Prepared, run: AsyncRun) -> Any:
        for observer in reversed(self.observers):
            run = _async_nest(observer, run)
        return await run(prep)

    async def async_before_attempt(self, prep: Prepared) -> None:
        for observer in self.observers:
            await observer.async_before_attempt(prep)
        for observer in self.observers:
            observer.attempt_ready(prep)


def _async_nest(observer: CallObserver, run: AsyncRun) -> AsyncRun:
    return lambda prep: observer.async_call(prep, run)
