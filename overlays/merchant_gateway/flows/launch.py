"""Handing a payment to an app or a page: the intent, UPI-intent and SDK-less launches, and single sign-on.

Why this module exists: in these flows the merchant server only *starts* the payment; the user finishes it in
another app or page, and "client-side completion only shows that the UI flow ended, not the real status"
(interface document). Each launch therefore returns what the client needs to open, together with the one next
step the server must take: check the status.

What each launch returns and how its answer is read, free of I/O, is in ``_launch.py``; the launches are written
once in ``_async.py`` and derived for sync in ``_sync.py``. This module re-exports both flavours.

The one public way to start a payment is its task method (``gateway.payments.start_intent``,
``.start_upi_intent``, ``.start_sdk_less``: they check the input, make the transaction id and return a start that
:meth:`~merchant_gateway.tasks.Payments.wait` accepts). The stand-alone starters below were a second way to do the
same: they are deprecated aliases, kept for one minor version, that warn (``DeprecationWarning``) and then do what
they did (docs/api.md, "Deprecated aliases"). So is ``sign_in``, which ``gateway.sso.sign_in`` replaces.
"""

from __future__ import annotations

# the flows under private names, for the task methods (the explicit `as` re-exports them to the task layer)
from ._async import _async_sign_in as _async_sign_in
from ._async import _async_start_intent_payment as _async_start_intent_payment
from ._async import _async_start_sdk_less_payment as _async_start_sdk_less_payment
from ._async import _async_start_upi_intent as _async_start_upi_intent
from ._launch import NEXT_STEP, SSO_UNKNOWN, Launch, SsoUser
from ._sync import _sign_in as _sign_in
from ._sync import _start_intent_payment as _start_intent_payment
from ._sync import _start_sdk_less_payment as _start_sdk_less_payment
from ._sync import _start_upi_intent as _start_upi_intent
from .deprecated import REMOVED_IN, alias, async_alias

__all__ = [
    "DEPRECATED",
    "NEXT_STEP",
    "REMOVED_IN",
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

start_intent_payment = alias("start_intent_payment", "Gateway.payments.start_intent", _start_intent_payment)
async_start_intent_payment = async_alias(
    "async_start_intent_payment", "AsyncGateway.payments.start_intent", _async_start_intent_payment
)
start_upi_intent = alias("start_upi_intent", "Gateway.payments.start_upi_intent", _start_upi_intent)
async_start_upi_intent = async_alias(
    "async_start_upi_intent", "AsyncGateway.payments.start_upi_intent", _async_start_upi_intent
)
start_sdk_less_payment = alias("start_sdk_less_payment", "Gateway.payments.start_sdk_less", _start_sdk_less_payment)
async_start_sdk_less_payment = async_alias(
    "async_start_sdk_less_payment", "AsyncGateway.payments.start_sdk_less", _async_start_sdk_less_payment
)
# the deprecated starters -> the task method that replaces each (docs/api.md lists them in its table of starts)
DEPRECATED: dict[str, str] = {
    f"merchant_gateway.flows.{f.__name__}": new
    for f, new in (
        (start_intent_payment, "Gateway.payments.start_intent"),
        (async_start_intent_payment, "AsyncGateway.payments.start_intent"),
        (start_upi_intent, "Gateway.payments.start_upi_intent"),
        (async_start_upi_intent, "AsyncGateway.payments.start_upi_intent"),
        (start_sdk_less_payment, "Gateway.payments.start_sdk_less"),
        (async_start_sdk_less_payment, "AsyncGateway.payments.start_sdk_less"),
    )
}
sign_in = alias("sign_in", "Gateway.sso.sign_in", _sign_in)
async_sign_in = async_alias("async_sign_in", "AsyncGateway.sso.sign_in", _async_sign_in)
