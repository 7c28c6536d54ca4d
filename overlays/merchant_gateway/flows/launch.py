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
they did (docs/api.md, "Deprecated aliases").
"""

from __future__ import annotations

import functools
import warnings
from collections.abc import Awaitable, Callable
from typing import ParamSpec, TypeVar

# the starters under private names, for the task methods (the explicit `as` re-exports them to the task layer)
from ._async import _async_start_intent_payment as _async_start_intent_payment
from ._async import _async_start_sdk_less_payment as _async_start_sdk_less_payment
from ._async import _async_start_upi_intent as _async_start_upi_intent
from ._async import async_sign_in
from ._launch import NEXT_STEP, SSO_UNKNOWN, Launch, SsoUser
from ._sync import _start_intent_payment as _start_intent_payment
from ._sync import _start_sdk_less_payment as _start_sdk_less_payment
from ._sync import _start_upi_intent as _start_upi_intent
from ._sync import sign_in

__all__ = [
    "DEPRECATED",
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

P = ParamSpec("P")
R = TypeVar("R")

# deprecated name -> the one public way that replaces it (docs/api.md lists both; tools/api_map.py reads this)
DEPRECATED: dict[str, str] = {
    "merchant_gateway.flows.start_intent_payment": "Gateway.payments.start_intent",
    "merchant_gateway.flows.async_start_intent_payment": "AsyncGateway.payments.start_intent",
    "merchant_gateway.flows.start_upi_intent": "Gateway.payments.start_upi_intent",
    "merchant_gateway.flows.async_start_upi_intent": "AsyncGateway.payments.start_upi_intent",
    "merchant_gateway.flows.start_sdk_less_payment": "Gateway.payments.start_sdk_less",
    "merchant_gateway.flows.async_start_sdk_less_payment": "AsyncGateway.payments.start_sdk_less",
}
REMOVED_IN = "3.1.0"


def _message(name: str) -> str:
    old = f"merchant_gateway.flows.{name}"
    return (
        f"{old} is deprecated and will be removed in {REMOVED_IN}: use gateway.{DEPRECATED[old].split('.', 1)[1]}"
        "(...) (it checks the input, makes the transaction id and returns a start that payments.wait accepts)"
    )


def _deprecated(name: str, target: Callable[P, R]) -> Callable[P, R]:
    @functools.wraps(target)
    def alias(*args: P.args, **kwargs: P.kwargs) -> R:
        warnings.warn(_message(name), DeprecationWarning, stacklevel=2)
        return target(*args, **kwargs)

    alias.__name__ = alias.__qualname__ = name
    alias.__doc__ = f"Deprecated alias (removed in {REMOVED_IN}): {_message(name)}."
    return alias


def _async_deprecated(name: str, target: Callable[P, Awaitable[R]]) -> Callable[P, Awaitable[R]]:
    @functools.wraps(target)
    async def alias(*args: P.args, **kwargs: P.kwargs) -> R:
        warnings.warn(_message(name), DeprecationWarning, stacklevel=2)
        return await target(*args, **kwargs)

    alias.__name__ = alias.__qualname__ = name
    alias.__doc__ = f"Deprecated alias (removed in {REMOVED_IN}): {_message(name)}."
    return alias


start_intent_payment = _deprecated("start_intent_payment", _start_intent_payment)
start_upi_intent = _deprecated("start_upi_intent", _start_upi_intent)
start_sdk_less_payment = _deprecated("start_sdk_less_payment", _start_sdk_less_payment)
async_start_intent_payment = _async_deprecated("async_start_intent_payment", _async_start_intent_payment)
async_start_upi_intent = _async_deprecated("async_start_upi_intent", _async_start_upi_intent)
async_start_sdk_less_payment = _async_deprecated("async_start_sdk_less_payment", _async_start_sdk_less_payment)
