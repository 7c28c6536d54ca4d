"""Gateway (sync) and AsyncGateway (async): the merchant-facing client.

Why this module exists: the generated package is a faithful but low-level mirror of the spec, and it also renders
every typed operation method (``merchant_gateway_client.public_methods``: one per server operation, sync and
async, documented from the spec). These classes inherit those methods and add only policy, in ``_call``:
configuration from arguments or MGW_* variables, the merchant id filled in, validation before sending, typed
errors, retries that cannot double-charge, reconciliation, the cached authorization token and callback
verification. Logic shared by both classes lives in :mod:`merchant_gateway._core`; the sync and async halves here
differ only in how they wait.
"""

from __future__ import annotations

import copy
import logging
import random
import time
from collections.abc import Awaitable, Callable, Mapping
from queue import SimpleQueue
from typing import TYPE_CHECKING, Any, Self

import httpx
from merchant_gateway_client.operations import OPERATIONS

from ._core import Core, Done, Prepared, Wait
from .config import GatewayConfig, GatewaySettings
from .errors import ConfigurationError, TransactionNotFoundError
from .hooks import AttemptEnd
from .host import AsyncGatewayHost, GatewayHost
from .log import log_event, logger
from .retry import RetryPolicy
from .tokens import AuthorizationToken, TokenAuth, TokenCache, token_from_response

if TYPE_CHECKING:  # models load with the first call that needs them (import time matters)
    from typing import Unpack

    from merchant_gateway_client.client import Client
    from merchant_gateway_client.models import TokenForm, TokenResponse, TransactionStatusResponse

    from .callbacks import CollectCallback, PaymentCallback, UiCallback
    from .hooks import CallObserver
    from .tasks import (
        AsyncCollects,
        AsyncPayments,
        AsyncRefunds,
        AsyncSso,
        AsyncWallets,
        Collects,
        MobileSdk,
        Payments,
        Refunds,
        Sso,
        Wallets,
    )


class _Base:
    """Construction, configuration, callbacks and the parts of the token logic that do not send."""

    def __init__(
        self,
        config: GatewayConfig | None = None,
        *,
        clock: Callable[[], float] = time.monotonic,
        wall_clock: Callable[[], float] = time.time,
        rng: random.Random | None = None,
        observer: CallObserver | None = None,
        tokens: TokenCache | None = None,
        **settings: Unpack[GatewaySettings],
    ) -> None:
        if config is None:
            config = GatewayConfig.from_settings(settings)
        elif settings:
            config = config.with_changes(**settings)
        self.config = config
        self._clock = clock
        self._core = Core(config, clock=clock, wall_clock=wall_clock, rng=rng or random.Random())
        # merchant_gateway.hooks: around each call, before and after each attempt (hooks.combine: several); None: no-op
        self.observer = observer
        self._tokens = tokens if tokens is not None else TokenCache(margin=config.token_refresh_margin, clock=clock)
        # imported here, not at module level: the generated client (attrs) and the callback dataclasses load
        # with the first gateway, so `import merchant_gateway` stays cheap
        from .callbacks import CallbackVerifier

        self.callbacks = CallbackVerifier(config.salts, config.merchant_id)
        self._retry: RetryPolicy | None = None  # a with_options() view's policy; None: the configured one

    @property
    def clock(self) -> Callable[[], float]:
        """The monotonic clock this gateway was built with (``clock=``; the task layer's waits use it)."""
        return self._clock

    def __repr__(self) -> str:
        cfg = self.config
        return f"{type(self).__name__}(merchant_id={cfg.merchant_id!r}, environment={cfg.environment!r})"

    def _limits(self) -> httpx.Limits:
        # the pool holds every request let through by max_in_flight, so none ever waits for a connection
        n = self.config.max_in_flight
        return httpx.Limits(max_connections=n, max_keepalive_connections=n)

    def _new_client(self, transport: httpx.BaseTransport | httpx.AsyncBaseTransport | None, *, sync: bool) -> Client:
        """The generated client, sending through a direct client (merchant_gateway/direct_client.py) over
        ``transport``: by default LlhttpTransport or AsyncLlhttpTransport, with the call deadline and the answer
        cap."""
        from merchant_gateway_client.client import Client

        from .async_llhttp_transport import AsyncLlhttpTransport
        from .direct_client import AsyncDirectClient, DirectClient
        from .llhttp_transport import LlhttpTransport

        cfg = self.config
        timeout = cfg.httpx_timeout()
        client = Client(
            base_url=cfg.base,
            apps_url=cfg.apps,
            auth_url=cfg.auth,
            salt_key=cfg.salt_key,
            salt_index=cfg.salt_index,
            timeout=timeout,
        )
        # only the codings the default transports decode within the answer cap (httpx would add br/zstd when
        # their packages happen to be installed)
        args: dict[str, Any] = {
            "base_url": cfg.base,
            "timeout": timeout,
            "headers": {"Accept-Encoding": "gzip, deflate"},
        }
        if transport is None:
            kind = LlhttpTransport if sync else AsyncLlhttpTransport
            transport = kind(limits=self._limits(), deadline=cfg.timeout, max_answer_bytes=cfg.max_answer_bytes)
            # the default transports honour the environment's proxies themselves, with every guarantee: httpx must
            # not route around them through transports of its own
            args["trust_env"] = False
        args["transport"] = transport
        if sync:
            client.set_httpx_client(DirectClient(**args))
        else:
            client.set_async_httpx_client(AsyncDirectClient(**args))
        return client

    def with_options(self, *, retry: RetryPolicy | None = None) -> Self:
        """A view of this gateway whose calls use ``retry`` instead of the configured policy. It shares the
        connections, limits, token cache and amounts of this one (closing either closes both). A poller that
        paces its own requests uses ``with_options(retry=RetryPolicy(max_attempts=1))``."""
        view = copy.copy(self)
        view._retry = retry
        return view

    def _after_attempt(self, prep: Prepared, attempt: int, response: Any, exc: Exception | None) -> Done | Wait:
        """Core.after_attempt, then the observer is told how the attempt ended (merchant_gateway.hooks.AttemptEnd)."""
        if self.observer is None:
            return self._core.after_attempt(prep, attempt, response=response, exc=exc)
        status = None if response is None else int(response.status_code)
        try:
            step = self._core.after_attempt(prep, attempt, response=response, exc=exc)
        except BaseException as error:
            self.observer.after_attempt(prep, AttemptEnd(attempt, status, error, None))
            raise
        retry_in = step.seconds if isinstance(step, Wait) else None
        self.observer.after_attempt(prep, AttemptEnd(attempt, status, exc, retry_in))
        return step

    # --- task layer (merchant_gateway.tasks; loaded on first use, bound to this gateway or view) ----------------

    @property
    def mobile(self) -> MobileSdk:
        """The signed requests the server hands to the app's client SDK (no I/O)."""
        from .tasks.mobile import MobileSdk

        return MobileSdk(self.config, self._core.build_payload)

    def _prepare_call(self, name: str, payload: object, arguments: dict[str, Any]) -> Prepared:
        """Sort a generated method's arguments by what the spec says they are, then validate (sends nothing)."""
        op = OPERATIONS[name]
        if op.payload_from == "configuration":  # the token call: the configured client credentials
            payload = self._token_form()
        params = {p: arguments.pop(p) for p in op.path_params if p in arguments}
        options = {k: arguments.pop(k) for k in op.headers if k in arguments}
        original_amount = arguments.pop("original_amount", None)
        return self._core.prepare(
            op,
            payload=payload,
            fields=arguments,
            params=params,
            options=options,
            original_amount=original_amount,
            retry=self._retry,
        )

    def _token_form(self) -> TokenForm:
        cfg = self.config
        if cfg.client_id is None or cfg.client_secret is None or cfg.client_version is None:
            raise ConfigurationError("MGW_CLIENT_ID", "client credentials are required for the authorization token")
        from merchant_gateway_client.models import TokenForm

        return TokenForm.from_dict(
            {
                "client_id": cfg.client_id,
                "client_version": cfg.client_version,
                "client_secret": cfg.client_secret,
                "grant_type": "client_credentials",
            }
        )

    def _token_from(self, response: TokenResponse) -> AuthorizationToken:
        return token_from_response(response.to_dict(), received_at=self._clock())

    # --- callbacks (no I/O) ----------------------------------------------------------------------------------

    def verify_payment_callback(
        self,
        body: bytes,
        x_verify: str | bytes | None,
        *,
        expected_amount: int | None = None,
        expected_transaction_id: str | None = None,
    ) -> PaymentCallback:
        """``self.callbacks.verify_payment_callback``: the one verifier (:mod:`merchant_gateway.callbacks`)."""
        return self.callbacks.verify_payment_callback(
            body, x_verify, expected_amount=expected_amount, expected_transaction_id=expected_transaction_id
        )

    def verify_collect_callback(
        self,
        body: bytes,
        x_verify: str | bytes | None,
        *,
        expected_amount: int | None = None,
        expected_transaction_id: str | None = None,
    ) -> CollectCallback:
        """``self.callbacks.verify_collect_callback``: the one verifier (:mod:`merchant_gateway.callbacks`)."""
        return self.callbacks.verify_collect_callback(
            body, x_verify, expected_amount=expected_amount, expected_transaction_id=expected_transaction_id
        )

    def verify_ui_callback(
        self,
        form: Mapping[str, str | None],
        *,
        expected_amount: int | None = None,
        expected_transaction_id: str | None = None,
    ) -> UiCallback:
        """``self.callbacks.verify_ui_callback``: the one verifier (:mod:`merchant_gateway.callbacks`)."""
        return self.callbacks.verify_ui_callback(
            form, expected_amount=expected_amount, expected_transaction_id=expected_transaction_id
        )


def _log_request(prep: Prepared, attempt: int) -> None:
    if not logger.isEnabledFor(logging.DEBUG):  # the common case: skip building the call's keyword arguments
        return
    log_event(
        logging.DEBUG, "request", operation=prep.op.operation_id, transaction_id=prep.transaction_id, attempt=attempt
    )


class Gateway(_Base, GatewayHost):
    """Synchronous client of one merchant. Thread-safe; use one instance per merchant (no global state).

    Construct with ``Gateway(merchant_id=..., salt_key=..., salt_index=..., environment="local", ...)`` (the
    fields of :class:`GatewayConfig`), ``Gateway(config)`` or ``Gateway.from_env()``. ``transport`` (an httpx
    transport; default :class:`~merchant_gateway.llhttp_transport.LlhttpTransport`, which enforces ``timeout`` per
    attempt and ``max_answer_bytes``; a transport of your own gets neither) and ``sleep``/``clock``/
    ``wall_clock``/``rng`` are injectable for tests.
    """

    def __init__(
        self,
        config: GatewayConfig | None = None,
        *,
        transport: httpx.BaseTransport | None = None,
        sleep: Callable[[float], None] = time.sleep,
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
        self._sleep = sleep
        # at most max_in_flight sends at once: one token per slot in a C-level queue (get blocks when none is
        # left), cheaper per call than threading.BoundedSemaphore's Python-level condition variable
        self._slots: SimpleQueue[None] = SimpleQueue()
        for _ in range(self.config.max_in_flight):
            self._slots.put(None)
        self._client = self._new_client(transport, sync=True)

    @classmethod
    def from_env(
        cls,
        environ: Mapping[str, str] | None = None,
        *,
        transport: httpx.BaseTransport | None = None,
        sleep: Callable[[float], None] = time.sleep,
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
    def sleep(self) -> Callable[[float], None]:
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
        while True:
            attempt += 1
            _log_request(prep, attempt)
            slots = self._slots
            slots.get()
            if self.observer is not None:  # with the slot held: the attempt it records is sent at once
                try:
                    self.observer.before_attempt(prep)
                except BaseException:
                    slots.put(None)
                    raise
            try:
                try:
                    response = prep.op.module.sync_detailed(client=self._client, **prep.kwargs)
                finally:
                    slots.put(None)
            except Exception as exc:  # noqa: BLE001 - classified (or re-raised) by after_attempt
                step = self._after_attempt(prep, attempt, None, exc)
            else:
                step = self._after_attempt(prep, attempt, response, None)
            if isinstance(step, Done):
                return step.value
            self._sleep(step.seconds)

    def _call(self, operation: str, payload: object, arguments: dict[str, Any]) -> Any:
        prep = self._prepare_call(operation, payload, arguments)
        self._core.call_started(prep)  # until it ends, a request under its transaction id may still be sent
        try:
            if self.observer is None:
                return self._run(prep)
            return self.observer.call(prep, self._run)
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

    def authorization_token(self) -> AuthorizationToken:
        """The cached token, refreshed before it expires (single flight)."""
        return self._tokens.get(lambda: self._token_from(self.get_authorization_token()))

    def token_auth(self) -> TokenAuth:
        """An httpx.Auth for ``httpx.Client`` that sends ``Authorization: O-Bearer <token>``."""
        return TokenAuth(self._tokens, fetch=lambda: self._token_from(self.get_authorization_token()))

    # --- task layer (merchant_gateway.tasks._sync, derived from the async one) ------------------------------------

    @property
    def payments(self) -> Payments:
        """Start a payment, read its status, wait for the final one."""
        from .tasks._sync import Payments

        return Payments(self)

    @property
    def refunds(self) -> Refunds:
        """Refund a payment and follow the refund."""
        from .tasks._sync import Refunds

        return Refunds(self)

    @property
    def collects(self) -> Collects:
        """Collect requests sent to a user's mobile number."""
        from .tasks._sync import Collects

        return Collects(self)

    @property
    def wallets(self) -> Wallets:
        """Link a wallet by OTP, read its balance, pay from it, unlink it."""
        from .tasks._sync import Wallets

        return Wallets(self)

    @property
    def sso(self) -> Sso:
        """Single sign-on: exchange the client's grant token, read the user's details."""
        from .tasks._sync import Sso

        return Sso(self)


class AsyncGateway(_Base, AsyncGatewayHost):
    """Asynchronous twin of :class:`Gateway`: same constructor (``sleep`` is async) and the same methods."""

    def __init__(
        self,
        config: GatewayConfig | None = None,
        *,
        transport: httpx.AsyncBaseTransport | None = None,
        sleep: Callable[[float], Awaitable[None]] | None = None,  # default: asyncio.sleep
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
        import asyncio  # here, not at module level: asyncio is not needed to import the package

        self._sleep = sleep if sleep is not None else asyncio.sleep
        self._slots = asyncio.Semaphore(self.config.max_in_flight)
        self._client = self._new_client(transport, sync=False)

    @classmethod
    def from_env(
        cls,
        environ: Mapping[str, str] | None = None,
        *,
        transport: httpx.AsyncBaseTransport | None = None,
        sleep: Callable[[float], Awaitable[None]] | None = None,
        clock: Callable[[], float] = time.monotonic,
        wall_clock: Callable[[], float] = time.time,
        rng: random.Random | None = None,
        observer: CallObserver | None = None,
        tokens: TokenCache | None = None,
        **settings: Unpack[GatewaySettings],
    ) -> AsyncGateway:
        """Async :meth:`Gateway.from_env`."""
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
    def sleep(self) -> Callable[[float], Awaitable[None]]:
        """How this gateway waits (``sleep=``), between retries and the task layer's polls."""
        return self._sleep

    async def aclose(self) -> None:
        await self._client.get_async_httpx_client().aclose()

    async def __aenter__(self) -> AsyncGateway:
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.aclose()

    async def _run(self, prep: Prepared) -> object:
        attempt = 0
        while True:
            attempt += 1
            _log_request(prep, attempt)
            slots = self._slots  # only the send holds a slot; a retry's wait does not
            await slots.acquire()  # acquire/release directly: `async with` adds two coroutine layers per call
            if self.observer is not None:  # with the slot held: the attempt it records is sent at once
                try:
                    await self.observer.abefore_attempt(prep)
                except BaseException:
                    slots.release()
                    raise
            try:
                try:
                    response = await prep.op.module.asyncio_detailed(client=self._client, **prep.kwargs)
                finally:
                    slots.release()
            except Exception as exc:  # noqa: BLE001 - classified (or re-raised) by after_attempt
                step = self._after_attempt(prep, attempt, None, exc)
            else:
                step = self._after_attempt(prep, attempt, response, None)
            if isinstance(step, Done):
                return step.value
            await self._sleep(step.seconds)

    async def _call(self, operation: str, payload: object, arguments: dict[str, Any]) -> Any:
        prep = self._prepare_call(operation, payload, arguments)
        self._core.call_started(prep)
        try:
            if self.observer is None:
                return await self._run(prep)
            return await self.observer.acall(prep, self._run)
        finally:
            self._core.call_ended(prep)

    async def reconcile(self, transaction_id: str) -> TransactionStatusResponse:
        """Async :meth:`Gateway.reconcile`."""
        try:
            return await self.get_transaction_status(transaction_id)
        except TransactionNotFoundError as exc:
            raise self._core.not_found_verdict(transaction_id, exc) from None

    async def _fetch_token(self) -> AuthorizationToken:
        return self._token_from(await self.get_authorization_token())

    async def authorization_token(self) -> AuthorizationToken:
        return await self._tokens.async_get(self._fetch_token)

    def token_auth(self) -> TokenAuth:
        """An httpx.Auth for ``httpx.AsyncClient`` that sends ``Authorization: O-Bearer <token>``."""
        return TokenAuth(self._tokens, async_fetch=self._fetch_token)

    # --- task layer (merchant_gateway.tasks._async) -----------------------------------------------------------------

    @property
    def payments(self) -> AsyncPayments:
        """Start a payment, read its status, wait for the final one."""
        from .tasks._async import AsyncPayments

        return AsyncPayments(self)

    @property
    def refunds(self) -> AsyncRefunds:
        """Refund a payment and follow the refund."""
        from .tasks._async import AsyncRefunds

        return AsyncRefunds(self)

    @property
    def collects(self) -> AsyncCollects:
        """Collect requests sent to a user's mobile number."""
        from .tasks._async import AsyncCollects

        return AsyncCollects(self)

    @property
    def wallets(self) -> AsyncWallets:
        """Link a wallet by OTP, read its balance, pay from it, unlink it."""
        from .tasks._async import AsyncWallets

        return AsyncWallets(self)

    @property
    def sso(self) -> AsyncSso:
        """Single sign-on: exchange the client's grant token, read the user's details."""
        from .tasks._async import AsyncSso

        return AsyncSso(self)
