"""The one request pipeline written once: :class:`AsyncPipeline`, the async source of ``_sync.py``
(``python tools/derive_sync.py`` derives :class:`Pipeline` from it; ``make lint`` fails when it is out of date).
What both share is in ``_shared.py``.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import httpx

from .._core import Done
from ..fence import end_fence_scope, fence_scope
from ..retry import attempt_budget, check_budget
from ._shared import Requests, answered, attach, attempt_ended, drop_frames, log_request

if TYPE_CHECKING:
    from .._core import Core, Prepared
    from ..observers import CallObserver


class AsyncPipeline:
    """One gateway's calls, each in one attempt loop: the request built once (encoded, signed), then per attempt
    an in-flight slot, the send fence, the attempt's budget, the transport, the answer read once and judged once;
    a wait and another attempt only when :mod:`merchant_gateway.retry` allows it."""

    def __init__(
        self,
        core: Core,
        transport: httpx.AsyncBaseTransport,
        *,
        sleep: Callable[[float], Any],
        slots: Any,
        clock: Callable[[], float],
        observer: CallObserver | None,
    ) -> None:
        self.transport = transport
        self.closed = False
        self._core = core
        self._sleep = sleep
        self._slots = slots  # at most max_in_flight sends at once: only the send holds a slot, a retry's wait not
        self._clock = clock
        self._observer = observer
        self._requests = Requests(core.config)

    async def aclose(self) -> None:
        self.closed = True
        await self.transport.aclose()

    async def call(self, prep: Prepared) -> Any:
        """One public call: its request built (nothing sent when that fails), the call recorded, the observer
        around its attempts, and the record closed however it ends."""
        if self.closed:
            raise RuntimeError("this gateway is closed: build a new one to send (nothing was sent)")
        prep = prep._replace(request=self._requests.build(prep))
        core = self._core
        core.call_started(prep)  # until it ends, a request under its transaction id may still be sent
        try:
            if self._observer is None:
                return await self.run(prep)
            return await self._observer.async_call(prep, self.run)
        except BaseException as exc:
            core.refund_freed(prep, exc)  # a refund that moved nothing no longer counts against its payment
            raise
        finally:
            core.call_ended(prep)

    async def run(self, prep: Prepared) -> Any:
        """The attempt loop of one call (an observer's ``async_call`` runs it)."""
        core, observer, transport, request = self._core, self._observer, self.transport, prep.request
        attempt = 0
        started = self._clock()
        while True:
            attempt += 1
            log_request(prep, attempt)
            slots = self._slots.current()  # this event loop's (or, sync, this process's)
            await slots.acquire()
            # an observer that records the attempt gives it a send deadline (fence.SendFence): this one only
            fence = fence_scope()
            if observer is not None:  # with the slot held: the attempt it records is sent at once
                try:
                    await observer.async_before_attempt(prep)
                except BaseException:
                    end_fence_scope(fence)
                    slots.release()
                    raise
            try:
                # the attempt's deadline is cut to what is left of total_timeout (the transports read it)
                budget = attempt_budget.set(core.budget_left(started))
                sent_at = time.perf_counter()
                try:
                    check_budget()  # spent by the waits above: nothing is handed over (any transport, the caller's too)
                    response = await transport.handle_async_request(request)
                    try:
                        await response.aread()  # the answer read once, whole (the transports cap it)
                    finally:
                        await response.aclose()
                except httpx.RequestError as exc:
                    attach(exc, request)
                    raise
                finally:
                    end_fence_scope(fence)
                    attempt_budget.reset(budget)
                    slots.release()
            except Exception as exc:  # noqa: BLE001 - classified (or re-raised) by after_attempt
                drop_frames(exc)
                step = attempt_ended(core, observer, prep, attempt, None, exc)
            else:
                answered(response, request, sent_at)
                step = attempt_ended(core, observer, prep, attempt, response, None)
            if isinstance(step, Done):
                return step.value
            core.may_try_again(prep, attempt, step, started)
            await self._sleep(step.seconds)
            core.may_try_again(prep, attempt, step._replace(seconds=0.0), started)
