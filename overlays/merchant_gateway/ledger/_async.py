"""The ledger's waits and calls, written once: the async source of ``_sync.py`` (``python tools/derive_sync.py``
derives it; ``make lint`` fails when it is out of date). The database work they share runs through
:mod:`._flavours` (in a worker thread for the async flavour); the rows and decisions are in ``_shared_rows.py`` and
``_outcomes.py``; :mod:`.shared` and :mod:`.observer` compose both flavours and state the rules.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..errors import GatewayError
from ..observers import AsyncRun
from ..tokens import AsyncFetchToken, AuthorizationToken
from ._flavours import async_blocking, async_finishing
from ._outcomes import _FIRST_ATTEMPT, _attempt_key, _intent, _LedgerOutcomes, _status_key
from ._shared_rows import _RateState, _SharedTokenRows

if TYPE_CHECKING:
    from .._core import Prepared


class AsyncRateWaiter(_RateState):
    """The wait of :class:`~merchant_gateway.ledger.SharedRateLimiter`, in this module's flavour."""

    async def async_acquire(self) -> None:
        """Wait until the fleet's ceiling has a free slot, then take it."""
        while (wait := await async_blocking(self.try_acquire)) > 0:
            self.waited += wait
            await self._async_sleep(min(wait, 1.0))


class AsyncSharedTokenGetter(_SharedTokenRows):
    """The fetch path of :class:`~merchant_gateway.ledger.SharedTokenCache`, in this module's flavour."""

    async def async_get(self, fetch: AsyncFetchToken) -> AuthorizationToken:
        """The token the fleet shares, fetched by this process (``fetch``) only when it holds the row's lease."""
        token = self._token
        if self._usable(token):
            assert token is not None
            return token
        async with self._async_lock:
            token = self._token
            if self._usable(token):
                assert token is not None
                return token
            return await self._async_shared_get(fetch)

    async def _async_shared_get(self, fetch: AsyncFetchToken) -> AuthorizationToken:
        deadline = self._wall() + self.lease * 2
        self._forced = False  # an invalidated token was already marked invalid in the shared row
        while True:
            token, leased, _ = await async_blocking(self._read)
            if token is not None and self._fresh(token):
                return self._store(token)
            if not leased:
                lease = await async_blocking(self._take_lease)
                if lease is not None:
                    again, _, _ = await async_blocking(self._read)  # published between our read and our lease
                    if again is not None and self._fresh(again):
                        await async_blocking(self._drop_lease, lease)
                        return self._store(again)
                    started = self._wall()
                    try:
                        new = await fetch()
                    except Exception:
                        await async_blocking(self._drop_lease, lease)
                        if token is not None:  # stale but still valid: serve it, try again later
                            return self._store_stale(token)
                        raise
                    self.fetches += 1
                    # conservative: the lifetime counts from before the request was sent
                    await async_blocking(self._publish, lease, new, started)
                    return self._store(new)
            if token is not None:  # another process is refreshing: the current token is still valid
                return self._store_stale(token)
            if self._wall() > deadline:
                raise GatewayError("no authorization token: the process refreshing it does not finish")
            await self._async_sleep(self.poll)


class AsyncLedgerCalls(_LedgerOutcomes):
    """The calls of :class:`~merchant_gateway.ledger.LedgerObserver`, in this module's flavour."""

    async def async_call(self, prep: Prepared, run: AsyncRun) -> Any:
        intent = _intent(prep)
        if intent is not None:
            # the write-ahead and the first attempt, one transaction; raises: nothing is sent
            payment = await async_blocking(self.ledger.record_intent, **intent, attempt=True)
            first = self._first_attempt(intent, payment)
            try:
                result = await run(prep)
            except BaseException as exc:
                await async_finishing(self._safely, self._after_error, intent, exc)
                raise
            finally:
                _FIRST_ATTEMPT.reset(first)
            await async_blocking(self._safely, self._after_answer, intent, result)
            return result
        result = await run(prep)
        key = _status_key(prep)
        if key is not None:
            await async_blocking(self._safely, self._after_status, key, result)
        return result

    async def async_before_attempt(self, prep: Prepared) -> None:
        if self.limiter is not None:
            await self.limiter.async_acquire()
        key = _attempt_key(prep)
        if key is not None:
            attempt_at = self._recorded_first(key)  # the call's write-ahead recorded its first attempt
            if attempt_at is None:
                attempt_at = await async_blocking(self.ledger.record_attempt, *key)  # raises: it is not sent
            self._arm(attempt_at)  # the transport refuses its first byte after the attempt's send deadline
