"""The one extension point of Gateway and AsyncGateway: an observer around every call and before every attempt.

Why this module exists: the payment ledger (merchant_gateway.ledger) must write a payment down before its request
is sent, see every answer or failure, and make every HTTP attempt wait for a rate ceiling shared by many
processes. Rather than the gateways knowing about ledgers, they call an observer given to their constructor
(``Gateway(..., observer=...)``); without one they behave exactly as before. ``prep`` is the validated call
(:class:`merchant_gateway._core.Prepared`: the operation's facts, the transaction id, the amount, the generated
call's keyword arguments); nothing has been sent when ``call`` is entered.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from ._core import Prepared


class CallObserver:
    """Base class: every method passes straight through. Subclass and override what you need."""

    def call(self, prep: Prepared, run: Callable[[Prepared], Any]) -> Any:
        """Around one public call of a :class:`~merchant_gateway.Gateway` (all of its attempts): ``run(prep)``."""
        return run(prep)

    def before_attempt(self, prep: Prepared) -> None:
        """Before each HTTP attempt (retries included) of a Gateway; may block (a rate ceiling)."""

    async def acall(self, prep: Prepared, run: Callable[[Prepared], Awaitable[Any]]) -> Any:
        """Around one public call of an :class:`~merchant_gateway.AsyncGateway`."""
        return await run(prep)

    async def abefore_attempt(self, prep: Prepared) -> None:
        """Before each HTTP attempt of an AsyncGateway."""
