"""Waiting for a payment's final status, on the polling schedule of :mod:`.schedule`.

Source of that schedule: the gateway's public reference, not the interface document (see :mod:`.schedule`).

Why this module exists: the interface document makes the status operation the only source of truth ("after any
payment flow finishes ... the merchant must call the status operation") and asks the merchant to cross-check the
amount. This module turns that into one call, sync or async, with an injectable clock and sleep so tests run
instantly and call by call.

Rules: stop at a final verdict (merchant_gateway.verdicts: succeeded with the payment's own id and amount, failed,
or "not recorded": TRANSACTION_NOT_FOUND once the grace after the start is over); treat everything else (pending,
not yet found, INTERNAL_SERVER_ERROR, TIMED_OUT, transport failures of the safe status read) as "not final yet";
on 429 wait at least what the gateway asks (bounded); for collect requests never wait past the expiry; never sleep
past a final verdict already known without a read (:class:`KnowsFinals`: a final status the gateway read, a
verified callback its ledger recorded).

The decisions, free of I/O, are in ``_polling.py``; the loop is written once in ``_async.py`` and derived for sync
in ``_sync.py`` (docs/design.md, "Sync and async: written once"). This module re-exports both flavours.
"""

from ..errors import AmountMismatchError
from ._async import async_wait_for_final_status
from ._polling import (
    EXPIRY_GRACE,
    MAX_RATE_LIMIT_WAIT,
    AsyncFetchSnapshot,
    AsyncSleep,
    FetchSnapshot,
    FinalStatus,
    KnownFinal,
    KnowsFinals,
    PollTimeout,
    Sleep,
    StatusSnapshot,
    checked,
)
from ._sync import wait_for_final_status

__all__ = [
    "EXPIRY_GRACE",
    "MAX_RATE_LIMIT_WAIT",
    "AmountMismatchError",
    "AsyncFetchSnapshot",
    "AsyncSleep",
    "FetchSnapshot",
    "FinalStatus",
    "KnownFinal",
    "KnowsFinals",
    "PollTimeout",
    "Sleep",
    "StatusSnapshot",
    "async_wait_for_final_status",
    "checked",
    "wait_for_final_status",
]
