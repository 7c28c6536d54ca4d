# Generated from _async.py by tools/derive_sync.py (the unasync package), do not edit.
"""Telemetry's call span and attempt start, written once: the async source of ``_sync.py`` (``python
tools/derive_sync.py`` derives it; ``make lint`` fails when it is out of date). What they record is in ``_spans.py``;
:mod:`merchant_gateway.telemetry` composes both flavours into :class:`~merchant_gateway.telemetry.Telemetry`.
"""

from __future__ import annotations

import time
from typing import TYPE_CHECKING, Any

from opentelemetry import trace

from ..observers import AttemptEnd, Run
from ._spans import _Spans

if TYPE_CHECKING:
    from .._core import Prepared


class TelemetryCalls(_Spans):
    """The call span and the attempt start of :class:`~merchant_gateway.telemetry.Telemetry`, in this module's
    flavour."""

    def call(self, prep: Prepared, run: Run) -> Any:
        state = self._start(prep)
        token = self._current.set(state)
        try:
            with trace.use_span(state.span, record_exception=False, set_status_on_exception=False):
                result = run(prep)
        except BaseException as exc:
            self._current.reset(token)
            self._finish(prep, state, exc=exc)
            raise
        self._current.reset(token)
        self._finish(prep, state, result=result)
        return result

    def before_attempt(self, prep: Prepared) -> None:
        state = self._current.get()
        if state is None:
            return
        if state.open:  # the previous attempt never ended (cannot happen through a gateway): close it
            self._end_attempt(prep, state, AttemptEnd(state.attempts, None, None, None))
        state.attempts += 1
        state.open = True
        state.held = None
        state.ready = self._clock()
        state.ready_ns = time.time_ns()
