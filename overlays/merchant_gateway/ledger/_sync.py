# Generated from _async.py by tools/derive_sync.py (the unasync package), do not edit.
"""The ledger's waits and calls, written once: the async source of ``_sync.py`` (``python tools/derive_sync.py``
derives it; ``make lint`` fails when it is out of date). The database work they share runs through
:mod:`._flavours` (in a worker thread for the async flavour); the rows and decisions are in ``_shared_rows.py`` and
``_outcomes.py``; :mod:`.shared` and :mod:`.observer` compose both flavours and state the rules.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..errors import GatewayError
from ..observers import Run
from ..tokens import AuthorizationToken, FetchToken
from ._flavours import blocking, finishing
from ._outcomes import _FIRST_ATTEMPT, _attempt_key, _intent, _LedgerOutcomes, _status_key
from ._shared_rows import _RateState, _SharedTokenRows

if TYPE_CHECKING:
    from .._core import Prepared


class RateWaiter(_RateState):
    """The wait of :class:`~merchant_gateway.ledger.SharedRateLimiter`, in this module's flavour."""

    def acquire(self) -> None:
        """Wait until the fleet's ceiling has a free slot, then take it."""
        while (wait := blocking(self.try_acquire)) > 0:
            self.waited += wait
            self._sleep(min(wait, 1.0))


class SharedTokenGetter(_SharedTokenRows):
    """The fetch path of :class:`~merchant_gateway.ledger.SharedTokenCache`, in this module's flavour."""

    def get(self, fetch: FetchToken) -> AuthorizationToken:
        """The token the fleet shares, fetched by this process (``fetch``) only when it holds the row's lease."""
        token = self._token
        if self._usable(token):
            assert token is not None
            return token
        with self._lock:
            token = self._token
            if self._usable(token):
                assert token is not None
                return token
            return self._shared_get(fetch)

    def _shared_get(self, fetch: FetchToken) -> AuthorizationToken:
        deadline = self._wall() + self.lease * 2
        self._forced = False  # an invalidated token was already marked invalid in the shared row
        while True:
            token, leased, _ = blocking(self._read)
            if token is not None and self._fresh(token):
                return self._store(token)
            if not leased:
                lease = blocking(self._take_lease)
                if lease is not None:
                    again, _, _ = blocking(self._read)  # published between our read and our lease
                    if again is not None and self._fresh(again):
                        blocking(self._drop_lease, lease)
                        return self._store(again)
                    started = self._wall()
                    try:
                        new = fetch()
                    except Exception:
                        blocking(self._drop_lease, lease)
                        if token is not None:  # stale but still valid: serve it, try again later
                            return self._store_stale(token)
                        raise
                    self.fetches += 1
                    # conservative: the lifetime counts from before the request was sent
                    blocking(self._publish, lease, new, started)
                    return self._store(new)
            if token is not None:  # another process is refreshing: the current token is still valid
                return self._store_stale(token)
            if self._wall() > deadline:
                raise GatewayError("no authorization token: the process refreshing it does not finish")
            self._sleep(self.poll)


class LedgerCalls(_LedgerOutcomes):
    """The calls of :class:`~merchant_gateway.ledger.LedgerObserver`, in this module's flavour."""

    def call(self, prep: Prepared, run: Run) -> Any:
        intent = _intent(prep)
        if intent is not None:
            # the write-ahead and the first attempt, one transaction; raises: nothing is sent
            payment = blocking(self.ledger.record_intent, **intent, attempt=True)
            first = self._first_attempt(intent, payment)
            try:
                result = run(prep)
            except BaseException as exc:
                finishing(self._safely, self._after_error, intent, exc)
                raise
            finally:
                _FIRST_ATTEMPT.reset(first)
            blocking(self._safely, self._after_answer, intent, result)
            return result
        result = run(prep)
        key = _status_key(prep)
        if key is not None:
            blocking(self._safely, self._after_status, key, result)
        return result

    def before_attempt(self, prep: Prepared) -> None:
        if self.limiter is not None:
            self.limiter.acquire()
        key = _attempt_key(prep)
        if key is not None:
            attempt_at = self._recorded_first(key)  # the call's write-ahead recorded its first attempt
            if attempt_at is None:
                attempt_at = blocking(self.ledger.record_attempt, *key)  # raises: it is not sent
            self._arm(attempt_at)  # the transport refuses its first byte after the attempt's send deadline
