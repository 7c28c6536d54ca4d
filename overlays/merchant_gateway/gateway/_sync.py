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

from .._core import Done, Prepared
from ..config import GatewayConfig, GatewaySettings
from ..errors import TransactionNotFoundError
from ..fence import end_fence_scope, fence_scope
from ..host import GatewayHost
from ..retry import attempt_budget
from ._base import Sleep, Slots, _Base, _drop_frames, _log_request, default_sleep

if TYPE_CHECKING:
    from typing import Unpack

    from merchant_gateway_client.models import TransactionStatusResponse

    from ..hooks import CallObserver
    from ..tasks import Collects, Payments, Refunds, Sso, Wallets
    from ..tokens import AuthorizationToken, TokenAuth, TokenCache


class Gateway(_Base, GatewayHost):
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
        self._slots = Slots(self.config.max_in_flight)  # only the send holds a slot; a retry's wait does not
        self._client = self._new_client(transport)

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
        self._client.get_httpx_client().close()

    def __enter__(self) -> Gateway:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def _run(self, prep: Prepared) -> object:
        attempt = 0
        started = self._clock()
        while True:
            attempt += 1
            _log_request(prep, attempt)
            slots = self._slots.current()  # this event loop's (or, sync, this process's)
            slots.acquire()
            # an observer that records the attempt gives it a send deadline (transports.SendFence): this one only
            fence = fence_scope()
            if self.observer is not None:  # with the slot held: the attempt it records is sent at once
                try:
                    self.observer.before_attempt(prep)
                except BaseException:
                    end_fence_scope(fence)
                    slots.release()
                    raise
            try:
                # the attempt's deadline is cut to what is left of total_timeout (the default transports read it)
                budget = attempt_budget.set(self._core.budget_left(started))
                try:
                    response = prep.op.module.sync_detailed(client=self._client, **prep.kwargs)
                finally:
                    end_fence_scope(fence)
                    attempt_budget.reset(budget)
                    slots.release()
            except Exception as exc:  # noqa: BLE001 - classified (or re-raised) by after_attempt
                _drop_frames(exc)
                step = self._after_attempt(prep, attempt, None, exc)
            else:
                step = self._after_attempt(prep, attempt, response, None)
            if isinstance(step, Done):
                return step.value
            self._core.may_try_again(prep, attempt, step, started)
            self._sleep(step.seconds)
            self._core.may_try_again(prep, attempt, step._replace(seconds=0.0), started)

    def _call(self, operation: str, payload: object, arguments: dict[str, Any]) -> Any:
        prep = self._prepare_call(operation, payload, arguments)
        self._core.call_started(prep)  # until it ends, a request under its transaction id may still be sent
        try:
            if self.observer is None:
                return self._run(prep)
            return self.observer.call(prep, self._run)
        except BaseException as exc:
            self._core.refund_freed(prep, exc)  # a refund that moved nothing no longer counts against its payment
            raise
        finally:
            self._core.call_ended(prep)

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

    def token_auth(self) -> TokenAuth:
        """An httpx.Auth for this flavour's httpx client (``httpx.Client``, ``httpx.AsyncClient``) that sends
        ``Authorization: O-Bearer <token>``."""
        from ..tokens import TokenAuth

        return TokenAuth(self._tokens, fetch=self._fetch_token)

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
