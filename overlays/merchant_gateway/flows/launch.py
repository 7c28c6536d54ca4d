"""Handing a payment to an app or a page: the intent, UPI-intent and SDK-less launches, and single sign-on.

Why this module exists: in these flows the merchant server only *starts* the payment; the user finishes it in
another app or page, and "client-side completion only shows that the UI flow ended, not the real status"
(interface document). Each launch therefore returns what the client needs to open, together with the one next
step the server must take: check the status.

What each launch returns and how its answer is read, free of I/O, is in ``_launch.py``; the launches are written
once in ``_async.py`` and derived for sync in ``_sync.py``. This module re-exports both flavours.
"""

from ._async import async_sign_in, async_start_intent_payment, async_start_sdk_less_payment, async_start_upi_intent
from ._launch import NEXT_STEP, SSO_UNKNOWN, Launch, SsoUser
from ._sync import sign_in, start_intent_payment, start_sdk_less_payment, start_upi_intent

__all__ = [
    "NEXT_STEP",
    "SSO_UNKNOWN",
    "Launch",
    "SsoUser",
    "async_sign_in",
    "async_start_intent_payment",
    "async_start_sdk_less_payment",
    "async_start_upi_intent",
    "sign_in",
    "start_intent_payment",
    "start_sdk_less_payment",
    "start_upi_intent",
]
