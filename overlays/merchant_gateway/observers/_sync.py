# Generated from _async.py by tools/derive_sync.py (the unasync package), do not edit.
"""The observers' calls, written once: the async source of ``_sync.py`` (``python tools/derive_sync.py`` derives
it; ``make lint`` fails when it is out of date). :mod:`merchant_gateway.observers` composes both flavours into
:class:`~merchant_gateway.observers.CallObserver` and :class:`~merchant_gateway.observers.CombinedObserver`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ._base import Run

if TYPE_CHECKING:
    from .._core import Prepared
    from . import CallObserver


class ObserverCalls:
    """:class:`~merchant_gateway.observers.CallObserver`'s call, in this module's flavour: passes straight through."""

    def call(self, prep: Prepared, run: Run) -> Any:
        """Around one public call of a gateway of this flavour (all of its attempts): ``run(prep)``."""
        return run(prep)


class CombinedCalls:
    """:class:`~merchant_gateway.observers.CombinedObserver`'s call and wait, in this module's flavour."""

    observers: tuple[CallObserver, ...]

    def call(self, prep: Prepared, run: Run) -> Any:
        for observer in reversed(self.observers):
            run = _nest(observer, run)
        return run(prep)

    def before_attempt(self, prep: Prepared) -> None:
        for observer in self.observers:
            observer.before_attempt(prep)
        for observer in self.observers:
            observer.attempt_ready(prep)


def _nest(observer: CallObserver, run: Run) -> Run:
    return lambda prep: observer.call(prep, run)
