"""The gateway as the task layer and the flows see it: :class:`AbstractGateway` and :class:`AsyncAbstractGateway`.

Why this module exists: the gateway builds its task resources (``gateway.payments``, ``.refunds``, ...) and hands
itself to them, and the flows (polling, linking, launch) take a gateway too. Had they imported ``gateway.py`` to
name its type, the package would hold the cycle gateway -> tasks -> flows -> gateway. They depend on this small
public interface instead, one layer below them (docs/design.md, "Layers inside merchant_gateway"): the generated
operation methods, the configuration, ``reconcile``, ``with_options``, and the clock and sleep the gateway was built
with (so the task layer's waits and timestamps follow an injected fake clock), never a private attribute.

Nominal, not a ``typing.Protocol``: the operation methods come from the generated ``GatewayMethods``, a plain
class, and a Protocol cannot inherit it. :class:`merchant_gateway.Gateway` and :class:`merchant_gateway.AsyncGateway`
are the implementations; another one (a test double) subclasses these and fills in the abstract members.

Named for what it holds, an abstract gateway, not "host": in this package a host is one of the gateway's three
(base, apps, auth: the generated ``Host``, an operation's ``host``, the span attribute ``merchant_gateway.host``).
``merchant_gateway.host`` is this module's deprecated old name (removed in 3.1.0).
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Self

from merchant_gateway_client.public_methods import AsyncGatewayMethods, GatewayMethods

if TYPE_CHECKING:
    from merchant_gateway_client.models import TransactionStatusResponse

    from .config import GatewayConfig
    from .retry import RetryPolicy


class AbstractGateway(GatewayMethods, ABC):
    """What the sync task layer and flows use of a gateway (:class:`merchant_gateway.Gateway` is one)."""

    config: GatewayConfig

    @property
    @abstractmethod
    def clock(self) -> Callable[[], float]:
        """The monotonic clock the gateway was built with (``clock=``)."""

    @property
    @abstractmethod
    def sleep(self) -> Callable[[float], None]:
        """How the gateway waits (``sleep=``): between polls as between retries."""

    @abstractmethod
    def reconcile(self, transaction_id: str) -> TransactionStatusResponse:
        """Settle an OutcomeUnknown through the status operation."""

    @abstractmethod
    def with_options(self, *, retry: RetryPolicy | None = None) -> Self:
        """A view of the gateway whose calls use ``retry``."""


class AsyncAbstractGateway(AsyncGatewayMethods, ABC):
    """What the async task layer and flows use of a gateway (:class:`merchant_gateway.AsyncGateway` is one)."""

    config: GatewayConfig

    @property
    @abstractmethod
    def clock(self) -> Callable[[], float]:
        """The monotonic clock the gateway was built with (``clock=``)."""

    @property
    @abstractmethod
    def sleep(self) -> Callable[[float], Awaitable[None]]:
        """How the gateway waits (``sleep=``): between polls as between retries."""

    @abstractmethod
    async def reconcile(self, transaction_id: str) -> TransactionStatusResponse:
        """Settle an OutcomeUnknown through the status operation."""

    @abstractmethod
    def with_options(self, *, retry: RetryPolicy | None = None) -> Self:
        """A view of the gateway whose calls use ``retry``."""
