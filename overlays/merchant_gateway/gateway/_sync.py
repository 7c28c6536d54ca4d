# Generated from _async.py by tools/derive_sync.py (the unasync package), do not edit.
"""The gateway's half that sends, written once: :class:`AsyncGateway`, the async source of ``_sync.py``
(``python tools/derive_sync.py`` derives :class:`~merchant_gateway.Gateway` from it; ``make lint`` fails when it is
out of date). What both share is in ``_base.py``.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

import httpx

from ..abstract import AbstractGateway
from ..errors import TransactionNotFoundError
from ._base import Sleep, Slots, _Base, default_sleep

if TYPE_CHECKING:
    from typing import Unpack

    from merchant_gateway_client.models import TransactionStatusResponse

    from ..config import GatewayConfig, GatewaySettings
    from ..observers import CallObserver
    from ..tasks import Collects, Payments, Refunds, Sso, Wallets
    from ..tokens import AuthorizationToken, Resend, TokenAuth, TokenCache


class Gateway(_Base, AbstractGateway):
    """Client of one merchant, in two flavours with the same constructor and methods: ``Gateway`` (sync,
    thread-safe) and ``AsyncGateway`` (async; its ``sleep`` is a coroutine function). Use one instance per merchant
    (no global state).

    Construct with ``Gateway(merchant_id=..., salt_key=..., salt_index=..., environment="local", ...)`` (the
    fields of :class:`GatewayConfig`), ``Gateway(config)`` or ``Gateway.from_env()``. ``transport`` (an httpx
    transport; default :class:`~merchant_gateway.transports.GatewayTransport` or
    :class:`~merchant_gateway.transports.AsyncGatewayTransport`, httpx's own engine, which enforce ``timeout`` per
    attempt and ``max_answer_bytes``; a transport of your own is wrapped to keep both, README.md) and
    ``sleep``/``clock``/``wall_clock``/``rng`` are injectable for tests.
    """

    def __init__(
        self,
        config: GatewayConfig | None = None,
        *,
        transport: httpx.BaseTransport | None = None,
        sleep: Sleep | None = None,  # default: time.sleep, asyncio.sleep
        clock: Callable[[], float] = time.monotonic,
        wall_clock: Callable[[], float] = time.time,
        rng: random.Random | None = None,
        observer: CallObserver | None = None,
        tokens: TokenCache | None = None,
        **settings: Unpack[GatewaySettings],
    ) -> None:
        super().__init__(
            config, clock=clock, wall_clock=wall_clock, rng=rng, observer=observer, tokens=tokens, **settings
        )
        self._sleep = sleep if sleep is not None else default_sleep()
        # imported here: the pipeline (and the generated client's signing, attrs with it) loads with the first
        # gateway built, not with `from merchant_gateway import Gateway`
        from ..pipeline import Pipeline

        self._pipeline = Pipeline(
            self._core,
            self._transport_for(transport),
            sleep=self._sleep,
            slots=Slots(self.config.max_in_flight),
            clock=clock,
            observer=observer,
        )

    @classmethod
    def from_env(
        cls,
        environ: Mapping[str, str] | None = None,
        *,
        transport: httpx.BaseTransport | None = None,
        sleep: Sleep | None = None,
        clock: Callable[[], float] = time.monotonic,
        wall_clock: Callable[[], float] = time.time,
        rng: random.Random | None = None,
        observer: CallObserver | None = None,
        tokens: TokenCache | None = None,
        **settings: Unpack[GatewaySettings],
    ) -> Gateway:
        """Build from the MGW_* variables (see :meth:`GatewayConfig.from_env`); ``settings`` given here win over
        the environment's. The other keywords are the constructor's."""
        from ..config import GatewayConfig

        return cls(
            GatewayConfig.from_env(environ, **settings),
            transport=transport,
            sleep=sleep,
            clock=clock,
            wall_clock=wall_clock,
            rng=rng,
            observer=observer,
            tokens=tokens,
        )

    @property
    def sleep(self) -> Sleep:
        """How this gateway waits (``sleep=``), between retries and the task layer's polls."""
        return self._sleep

    def close(self) -> None:
        self._pipeline.close()

    def __enter__(self) -> Gateway:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def _call(self, operation: str, payload: object, arguments: dict[str, Any]) -> Any:
        """Every typed operation method's one line (merchant_gateway_client.public_methods): checked here, then the
        pipeline sends it (merchant_gateway.pipeline)."""
        return self._pipeline.call(self._prepare_call(operation, payload, arguments))

    def reconcile(self, transaction_id: str) -> TransactionStatusResponse:
        """Settle an :class:`OutcomeUnknown` through the status operation (itself safely retried).

        TRANSACTION_NOT_FOUND within ``reconcile_grace`` of the last request this client may have sent under the id
        (or while a call for it is still in progress) is not trusted yet: OutcomeUnknown is raised again. After it,
        TransactionNotFoundError with ``verdict == "not-recorded"`` means the gateway never recorded the payment and
        this client sends nothing more under the id: pay again under a new id. ``verdict == "not-found"``: this
        client never sent the id, so only you know whether a request for it may still arrive.
        """
        try:
            return self.get_transaction_status(transaction_id)
        except TransactionNotFoundError as exc:
            raise self._core.not_found_verdict(transaction_id, exc) from None

    def _fetch_token(self) -> AuthorizationToken:
        return self._token_from(self.get_authorization_token())

    def authorization_token(self) -> AuthorizationToken:
        """The cached token, refreshed before it expires (single flight)."""
        return self._tokens.get(self._fetch_token)

    def token_auth(self, *, resend: Resend | None = None) -> TokenAuth:
        """An httpx.Auth for this flavour's httpx client (``httpx.Client``, ``httpx.AsyncClient``) that sends
        ``Authorization: O-Bearer <token>``. A rejected request is re-sent with a fresh token only when it cannot move
        money (an operation with ``x-retry: safe``); a request the spec does not describe only when
        ``resend(request)`` says so (default: never; :class:`~merchant_gateway.tokens.TokenAuth`)."""
        from ..tokens import TokenAuth

        if resend is None:
            return TokenAuth(self._tokens, fetch=self._fetch_token)
        return TokenAuth(self._tokens, fetch=self._fetch_token, resend=resend)

    # --- task layer (merchant_gateway.tasks; loaded on first use, bound to this gateway or view) ----------------

    @property
    def payments(self) -> Payments:
        """Start a payment, read its status, wait for the final one."""
        from ..tasks import Payments

        return Payments(self)

    @property
    def refunds(self) -> Refunds:
        """Refund a payment and follow the refund."""
        from ..tasks import Refunds

        return Refunds(self)

    @property
    def collects(self) -> Collects:
        """Collect requests sent to a user's mobile number."""
        from ..tasks import Collects

        return Collects(self)

    @property
    def wallets(self) -> Wallets:
        """Link a wallet by OTP, read its balance, pay from it, unlink it."""
        from ..tasks import Wallets

        return Wallets(self)

    @property
    def sso(self) -> Sso:
        """Single sign-on: exchange the client's grant token, read the user's details."""
        from ..tasks import Sso

        return Sso(self)
