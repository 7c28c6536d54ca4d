"""Linking a user through OTP, and what a linked user can do.

Why this module exists: the OTP flow has sharp edges that the interface document spells out: a new otpToken is
issued for every OTP and the merchant must send the *latest* token with its matching OTP; each failure code asks
for a different reaction (ask again, send a new OTP, wait, stop). Encoding that once keeps merchants from
verifying a stale token or hammering a blocked number. Only enabled payment instruments are to be shown, ordered
by priority (0 first): :func:`usable_instruments` does that.

The send/verify pair comes from the gateway's public reference (the interface document leaves it unshown; the
spec marks it ``x-source: public-reference``).

No silent re-send: sending an OTP, verifying it and unlinking are not idempotent (``x-retry: never``),
so after a failure once the request may have been sent the gateway raises
:class:`~merchant_gateway.errors.OutcomeUnknown` instead of re-sending. :func:`link_user` passes that on to its
caller (asking for another OTP would void the one the user may already have, or lose a userAuthToken that may
have been issued); :func:`unlink` settles it itself by sending the unlink once more.

The decisions and results, free of I/O, are in ``_linking.py``; the flows are written once in ``_async.py`` and
derived for sync in ``_sync.py``. This module re-exports both flavours.

The one public way to link and unlink is ``gateway.wallets.link`` / ``.unlink`` (they run these flows);
``link_user``, ``unlink`` and their async forms are deprecated aliases that warn (docs/api.md, "Deprecated
aliases"). The task layer calls the flows under their private names.
"""

from ._async import _async_link_user as _async_link_user
from ._async import _async_unlink as _async_unlink
from ._linking import (
    OTP_GUIDANCE,
    SEND_UNKNOWN,
    VERIFY_UNKNOWN,
    AskOtp,
    AsyncAskOtp,
    Instrument,
    LinkedUser,
    LinkingError,
    OtpPrompt,
    Unlinked,
    usable_instruments,
)
from ._sync import _link_user as _link_user
from ._sync import _unlink as _unlink
from .deprecated import alias, async_alias

__all__ = [
    "OTP_GUIDANCE",
    "SEND_UNKNOWN",
    "VERIFY_UNKNOWN",
    "AskOtp",
    "AsyncAskOtp",
    "Instrument",
    "LinkedUser",
    "LinkingError",
    "OtpPrompt",
    "Unlinked",
    "async_link_user",
    "async_unlink",
    "link_user",
    "unlink",
    "usable_instruments",
]

link_user = alias("link_user", "Gateway.wallets.link", _link_user)
async_link_user = async_alias("async_link_user", "AsyncGateway.wallets.link", _async_link_user)
unlink = alias("unlink", "Gateway.wallets.unlink", _unlink)
async_unlink = async_alias("async_unlink", "AsyncGateway.wallets.unlink", _async_unlink)
