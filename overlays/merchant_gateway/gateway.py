"""Gateway (sync) and AsyncGateway (async): the merchant-facing client, one method per spec operation.

Why this module exists: the generated package is a faithful but low-level mirror of the spec. These classes
add what a merchant needs on top of it: configuration from arguments or MGW_* variables, the merchant id filled
in, validation before sending, typed errors, retries that cannot double-charge, reconciliation, the cached
authorization token and callback verification. All logic shared by both classes lives in
:mod:`merchant_gateway._core`; the methods here are thin and only send.

Every method takes either a generated payload model (positional) or the payload's fields as keyword arguments in
snake_case (``merchant_id`` defaults to the configured one; nested values as generated models or wire dicts),
plus request-header options (``callback_url``, ``redirect_url``, ``redirect_mode``, ``call_mode``...). Calls that
may move money raise :class:`OutcomeUnknown` when their fate is unknown; settle with :meth:`Gateway.reconcile`.
"""

from __future__ import annotations

import logging
import random
import time
from collections.abc import Awaitable, Callable, Mapping
from queue import SimpleQueue
from typing import TYPE_CHECKING, Any, cast

import httpx

from ._core import Core, Done, Prepared
from .config import GatewayConfig
from .errors import ConfigurationError, TransactionNotFoundError
from .log import log_event, logger
from .operations import OPERATIONS
from .retry import RetryPolicy
from .tokens import AuthorizationToken, TokenAuth, TokenCache, token_from_response

if TYPE_CHECKING:  # models load with the first call that needs them (import time matters)
    from merchant_gateway_client.client import Client
    from merchant_gateway_client.models import (
        CollectPayload,
        CollectResponse,
        DebitIntentPayload,
        DebitPayload,
        DebitV4Response,
        DeferredFulfillPayload,
        DeferredFulfillResponse,
        InlinePayPayload,
        InlinePayResponse,
        InstantDebitPayload,
        InstantDebitResponse,
        OtpSendPayload,
        OtpSendResponse,
        OtpVerifyPayload,
        OtpVerifyResponse,
        PaymentOptionsPayload,
        PaymentOptionsResponse,
        RefundResponse,
        RefundV3Payload,
        RefundV4Payload,
        SdkLessInitiatePayload,
        SdkLessInitiateResponse,
        SsoAccessPayload,
        SsoAccessResponse,
        SsoUserDetailsResponse,
        TestCallbackRequest,
        TestCallbackResponse,
        TokenForm,
        TokenResponse,
        TransactionStatusResponse,
        UnlinkPayload,
        UnlinkResponse,
        WalletBalanceResponse,
    )

    from .callbacks import CollectCallback, PaymentCallback, UiCallback

Opt = str | None


class _Base:
    """Construction, configuration, callbacks and the parts of the token logic that do not send."""

    def __init__(
        self,
        config: GatewayConfig | None = None,
        *,
        clock: Callable[[], float] = time.monotonic,
        wall_clock: Callable[[], float] = time.time,
        rng: random.Random | None = None,
        **settings: Any,
    ) -> None:
        if config is None:
            config = GatewayConfig(**settings)
        elif settings:
            config = config.with_changes(**settings)
        self.config = config
        self._clock = clock
        self._core = Core(config, clock=clock, wall_clock=wall_clock, rng=rng or random.Random())
        self._tokens = TokenCache(margin=config.token_refresh_margin, clock=clock)
        # imported here, not at module level: the generated client (attrs) and the callback dataclasses load
        # with the first gateway, so `import merchant_gateway` stays cheap
        from .callbacks import CallbackVerifier

        self.callbacks = CallbackVerifier(config.salts, config.merchant_id)

    def __repr__(self) -> str:
        cfg = self.config
        return f"{type(self).__name__}(merchant_id={cfg.merchant_id!r}, environment={cfg.environment!r})"

    def _limits(self) -> httpx.Limits:
        # the pool holds every request let through by max_in_flight, so none ever waits for a connection
        n = self.config.max_in_flight
        return httpx.Limits(max_connections=n, max_keepalive_connections=n)

    def _new_client(self, transport: httpx.BaseTransport | httpx.AsyncBaseTransport | None, *, sync: bool) -> Client:
        """The generated client, sending through a direct client (merchant_gateway/direct_client.py) over
        ``transport``: by default :mod:`merchant_gateway.transports`' one, with the call deadline and answer cap."""
        from merchant_gateway_client.client import Client

        from .direct_client import AsyncDirectClient, DirectClient
        from .transports import AsyncGatewayTransport, GatewayTransport

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
        if transport is None:
            kind = GatewayTransport if sync else AsyncGatewayTransport
            transport = kind(limits=self._limits(), deadline=cfg.timeout, max_answer_bytes=cfg.max_answer_bytes)
        # only the codings the default transports decode within the answer cap (httpx would add br/zstd when
        # their packages happen to be installed)
        args: dict[str, Any] = {
            "base_url": cfg.base,
            "timeout": timeout,
            "transport": transport,
            "headers": {"Accept-Encoding": "gzip, deflate"},
        }
        if sync:
            client.set_httpx_client(DirectClient(**args))
        else:
            client.set_async_httpx_client(AsyncDirectClient(**args))
        return client

    def _prepare(
        self,
        name: str,
        payload: object = None,
        fields: Mapping[str, object] | None = None,
        params: Mapping[str, object] | None = None,
        original_amount: int | None = None,
        retry: RetryPolicy | None = None,
        **options: object,
    ) -> Prepared:
        return self._core.prepare(
            OPERATIONS[name],
            payload=payload,
            fields=fields,
            params=params,
            options=options,
            original_amount=original_amount,
            retry=retry,
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
        """Verify an S2S payment/refund callback; see :mod:`merchant_gateway.callbacks`."""
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
        return self.callbacks.verify_ui_callback(
            form, expected_amount=expected_amount, expected_transaction_id=expected_transaction_id
        )


def _log_request(prep: Prepared, attempt: int) -> None:
    if not logger.isEnabledFor(logging.DEBUG):  # the common case: skip building the call's keyword arguments
        return
    log_event(
        logging.DEBUG, "request", operation=prep.op.operation_id, transaction_id=prep.transaction_id, attempt=attempt
    )


class Gateway(_Base):
    """Synchronous client of one merchant. Thread-safe; use one instance per merchant (no global state).

    Construct with ``Gateway(merchant_id=..., salt_key=..., salt_index=..., environment="local", ...)`` (the
    fields of :class:`GatewayConfig`), ``Gateway(config)`` or ``Gateway.from_env()``. ``transport`` (an httpx
    transport; default :class:`~merchant_gateway.transports.GatewayTransport`, which enforces ``timeout`` per
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
        **settings: Any,
    ) -> None:
        super().__init__(config, clock=clock, wall_clock=wall_clock, rng=rng, **settings)
        self._sleep = sleep
        # at most max_in_flight sends at once: one token per slot in a C-level queue (get blocks when none is
        # left), cheaper per call than threading.BoundedSemaphore's Python-level condition variable
        self._slots: SimpleQueue[None] = SimpleQueue()
        for _ in range(self.config.max_in_flight):
            self._slots.put(None)
        self._client = self._new_client(transport, sync=True)

    @classmethod
    def from_env(cls, environ: Mapping[str, str] | None = None, **kwargs: Any) -> Gateway:
        """Build from the MGW_* variables (see :meth:`GatewayConfig.from_env`)."""
        return cls(GatewayConfig.from_env(environ), **kwargs)

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
            try:
                try:
                    response = prep.op.module.sync_detailed(client=self._client, **prep.kwargs)
                finally:
                    slots.put(None)
            except Exception as exc:  # noqa: BLE001 - classified (or re-raised) by after_attempt
                step = self._core.after_attempt(prep, attempt, exc=exc)
            else:
                step = self._core.after_attempt(prep, attempt, response=response)
            if isinstance(step, Done):
                return step.value
            self._sleep(step.seconds)

    # --- payments -------------------------------------------------------------------------------------------

    def debit_v3(
        self,
        payload: DebitPayload | None = None,
        /,
        *,
        redirect_url: Opt = None,
        redirect_mode: Opt = None,
        callback_url: Opt = None,
        call_mode: Opt = None,
        provider_id: Opt = None,
        **fields: Any,
    ) -> str:
        """Start a web payment (v3); returns the redirect Location (as sent by the gateway)."""
        return cast(
            "str",
            self._run(
                self._prepare(
                    "debit_v3",
                    payload,
                    fields,
                    redirect_url=redirect_url,
                    redirect_mode=redirect_mode,
                    callback_url=callback_url,
                    call_mode=call_mode,
                    provider_id=provider_id,
                )
            ),
        )

    def debit_v4_web(
        self,
        payload: DebitPayload | None = None,
        /,
        *,
        redirect_url: Opt = None,
        redirect_mode: Opt = None,
        callback_url: Opt = None,
        call_mode: Opt = None,
        provider_id: Opt = None,
        **fields: Any,
    ) -> DebitV4Response:
        return cast(
            "DebitV4Response",
            self._run(
                self._prepare(
                    "debit_v4_web",
                    payload,
                    fields,
                    redirect_url=redirect_url,
                    redirect_mode=redirect_mode,
                    callback_url=callback_url,
                    call_mode=call_mode,
                    provider_id=provider_id,
                )
            ),
        )

    def debit_v4_intent(
        self,
        payload: DebitIntentPayload | None = None,
        /,
        *,
        callback_url: Opt = None,
        call_mode: Opt = None,
        **fields: Any,
    ) -> DebitV4Response:
        return cast(
            "DebitV4Response",
            self._run(
                self._prepare("debit_v4_intent", payload, fields, callback_url=callback_url, call_mode=call_mode)
            ),
        )

    def instant_debit(self, payload: InstantDebitPayload | None = None, /, **fields: Any) -> InstantDebitResponse:
        return cast("InstantDebitResponse", self._run(self._prepare("instant_debit", payload, fields)))

    def inline_pay(
        self,
        payload: InlinePayPayload | None = None,
        /,
        *,
        redirect_url: Opt = None,
        redirect_mode: Opt = None,
        callback_url: Opt = None,
        call_mode: Opt = None,
        **fields: Any,
    ) -> InlinePayResponse:
        return cast(
            "InlinePayResponse",
            self._run(
                self._prepare(
                    "inline_pay",
                    payload,
                    fields,
                    redirect_url=redirect_url,
                    redirect_mode=redirect_mode,
                    callback_url=callback_url,
                    call_mode=call_mode,
                )
            ),
        )

    def inline_pay_with_get(
        self,
        payload: InlinePayPayload | None = None,
        /,
        *,
        redirect_url: Opt = None,
        redirect_mode: Opt = None,
        callback_url: Opt = None,
        call_mode: Opt = None,
        **fields: Any,
    ) -> InlinePayResponse:
        return cast(
            "InlinePayResponse",
            self._run(
                self._prepare(
                    "inline_pay_with_get",
                    payload,
                    fields,
                    redirect_url=redirect_url,
                    redirect_mode=redirect_mode,
                    callback_url=callback_url,
                    call_mode=call_mode,
                )
            ),
        )

    def collect_request(
        self, payload: CollectPayload | None = None, /, *, callback_url: Opt = None, **fields: Any
    ) -> CollectResponse:
        """Send an offline collect request; ``callback_url`` (X-CALLBACK-URL) is required by the gateway."""
        return cast(
            "CollectResponse", self._run(self._prepare("collect_request", payload, fields, callback_url=callback_url))
        )

    def initiate_sdk_less_payment(
        self,
        payload: SdkLessInitiatePayload | None = None,
        /,
        *,
        client_id: Opt = None,
        callback_url: Opt = None,
        **fields: Any,
    ) -> SdkLessInitiateResponse:
        return cast(
            "SdkLessInitiateResponse",
            self._run(
                self._prepare(
                    "initiate_sdk_less_payment", payload, fields, client_id=client_id, callback_url=callback_url
                )
            ),
        )

    # --- status ---------------------------------------------------------------------------------------------

    def get_transaction_status(
        self, transaction_id: str, *, retry: RetryPolicy | None = None
    ) -> TransactionStatusResponse:
        """Status of a payment, refund or collect. Payment states (including PAYMENT_ERROR) are returned.

        ``retry`` overrides the configured policy for this call (pollers that pace their own requests use one
        attempt, so every request counts against their rate ceiling).
        """
        return cast(
            "TransactionStatusResponse",
            self._run(
                self._prepare(
                    "get_transaction_status",
                    params={"merchant_id": self.config.merchant_id, "transaction_id": transaction_id},
                    retry=retry,
                )
            ),
        )

    def get_transaction_status_apps_host(
        self, transaction_id: str, *, client_id: Opt = None
    ) -> TransactionStatusResponse:
        return cast(
            "TransactionStatusResponse",
            self._run(
                self._prepare(
                    "get_transaction_status_apps_host",
                    params={"merchant_id": self.config.merchant_id, "transaction_id": transaction_id},
                    client_id=client_id,
                )
            ),
        )

    def reconcile(self, transaction_id: str) -> TransactionStatusResponse:
        """Settle an :class:`OutcomeUnknown` through the status operation (itself safely retried).

        TransactionNotFoundError means the gateway never recorded the payment: safe to pay again with a new id.
        Within ``reconcile_grace`` of this client's own OutcomeUnknown for the id, TRANSACTION_NOT_FOUND is not
        trusted yet (the request may still be in processing) and OutcomeUnknown is raised again.
        """
        try:
            return self.get_transaction_status(transaction_id)
        except TransactionNotFoundError as exc:
            raise self._core.not_found_verdict(transaction_id, exc) from None

    # --- refunds --------------------------------------------------------------------------------------------

    def refund_v3(
        self, payload: RefundV3Payload | None = None, /, *, original_amount: int | None = None, **fields: Any
    ) -> RefundResponse:
        """Refund; ``original_amount`` (or an amount this client saw) bounds the refund amount."""
        return cast(
            "RefundResponse", self._run(self._prepare("refund_v3", payload, fields, original_amount=original_amount))
        )

    def refund_v4(
        self,
        payload: RefundV4Payload | None = None,
        /,
        *,
        original_amount: int | None = None,
        callback_url: Opt = None,
        callback_mode: Opt = None,
        **fields: Any,
    ) -> RefundResponse:
        return cast(
            "RefundResponse",
            self._run(
                self._prepare(
                    "refund_v4",
                    payload,
                    fields,
                    original_amount=original_amount,
                    callback_url=callback_url,
                    callback_mode=callback_mode,
                )
            ),
        )

    def refund_apps_host(
        self,
        payload: RefundV4Payload | None = None,
        /,
        *,
        original_amount: int | None = None,
        client_id: Opt = None,
        **fields: Any,
    ) -> RefundResponse:
        return cast(
            "RefundResponse",
            self._run(
                self._prepare("refund_apps_host", payload, fields, original_amount=original_amount, client_id=client_id)
            ),
        )

    def fulfill_deferred_refund(
        self, payload: DeferredFulfillPayload | None = None, /, **fields: Any
    ) -> DeferredFulfillResponse:
        return cast("DeferredFulfillResponse", self._run(self._prepare("fulfill_deferred_refund", payload, fields)))

    # --- users, wallet, SSO ---------------------------------------------------------------------------------

    def send_otp(self, payload: OtpSendPayload | None = None, /, **fields: Any) -> OtpSendResponse:
        return cast("OtpSendResponse", self._run(self._prepare("send_otp", payload, fields)))

    def verify_otp(self, payload: OtpVerifyPayload | None = None, /, **fields: Any) -> OtpVerifyResponse:
        return cast("OtpVerifyResponse", self._run(self._prepare("verify_otp", payload, fields)))

    def get_wallet_balance(self, user_auth_token: str) -> WalletBalanceResponse:
        return cast(
            "WalletBalanceResponse",
            self._run(
                self._prepare(
                    "get_wallet_balance",
                    params={"merchant_id": self.config.merchant_id, "user_auth_token": user_auth_token},
                )
            ),
        )

    def get_payment_options(
        self, payload: PaymentOptionsPayload | None = None, /, *, device_id: Opt = None, **fields: Any
    ) -> PaymentOptionsResponse:
        return cast(
            "PaymentOptionsResponse",
            self._run(self._prepare("get_payment_options", payload, fields, device_id=device_id)),
        )

    def unlink_user(self, payload: UnlinkPayload | None = None, /, **fields: Any) -> UnlinkResponse:
        return cast("UnlinkResponse", self._run(self._prepare("unlink_user", payload, fields)))

    def get_sso_access_token(
        self, payload: SsoAccessPayload | None = None, /, *, client_id: Opt = None, **fields: Any
    ) -> SsoAccessResponse:
        return cast(
            "SsoAccessResponse", self._run(self._prepare("get_sso_access_token", payload, fields, client_id=client_id))
        )

    def get_sso_user_details(self, access_token: str, *, client_id: Opt = None) -> SsoUserDetailsResponse:
        return cast(
            "SsoUserDetailsResponse",
            self._run(self._prepare("get_sso_user_details", access_token=access_token, client_id=client_id)),
        )

    # --- testing and tokens ---------------------------------------------------------------------------------

    def trigger_test_callback(
        self,
        payload: TestCallbackRequest | None = None,
        /,
        *,
        callback_url: Opt = None,
        call_mode: Opt = None,
        **fields: Any,
    ) -> TestCallbackResponse:
        return cast(
            "TestCallbackResponse",
            self._run(
                self._prepare("trigger_test_callback", payload, fields, callback_url=callback_url, call_mode=call_mode)
            ),
        )

    def get_authorization_token(self) -> TokenResponse:
        """One uncached token call with the configured client credentials (see :meth:`authorization_token`)."""
        return cast("TokenResponse", self._run(self._prepare("get_authorization_token", self._token_form())))

    def authorization_token(self) -> AuthorizationToken:
        """The cached token, refreshed before it expires (single flight)."""
        return self._tokens.get(lambda: self._token_from(self.get_authorization_token()))

    def token_auth(self) -> TokenAuth:
        """An httpx.Auth for ``httpx.Client`` that sends ``Authorization: O-Bearer <token>``."""
        return TokenAuth(self._tokens, fetch=lambda: self._token_from(self.get_authorization_token()))


class AsyncGateway(_Base):
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
        **settings: Any,
    ) -> None:
        super().__init__(config, clock=clock, wall_clock=wall_clock, rng=rng, **settings)
        import asyncio  # here, not at module level: asyncio is not needed to import the package

        self._sleep = sleep if sleep is not None else asyncio.sleep
        self._slots = asyncio.Semaphore(self.config.max_in_flight)
        self._client = self._new_client(transport, sync=False)

    @classmethod
    def from_env(cls, environ: Mapping[str, str] | None = None, **kwargs: Any) -> AsyncGateway:
        return cls(GatewayConfig.from_env(environ), **kwargs)

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
            try:
                await slots.acquire()  # acquire/release directly: `async with` adds two coroutine layers per call
                try:
                    response = await prep.op.module.asyncio_detailed(client=self._client, **prep.kwargs)
                finally:
                    slots.release()
            except Exception as exc:  # noqa: BLE001 - classified (or re-raised) by after_attempt
                step = self._core.after_attempt(prep, attempt, exc=exc)
            else:
                step = self._core.after_attempt(prep, attempt, response=response)
            if isinstance(step, Done):
                return step.value
            await self._sleep(step.seconds)

    async def debit_v3(
        self,
        payload: DebitPayload | None = None,
        /,
        *,
        redirect_url: Opt = None,
        redirect_mode: Opt = None,
        callback_url: Opt = None,
        call_mode: Opt = None,
        provider_id: Opt = None,
        **fields: Any,
    ) -> str:
        return cast(
            "str",
            await self._run(
                self._prepare(
                    "debit_v3",
                    payload,
                    fields,
                    redirect_url=redirect_url,
                    redirect_mode=redirect_mode,
                    callback_url=callback_url,
                    call_mode=call_mode,
                    provider_id=provider_id,
                )
            ),
        )

    async def debit_v4_web(
        self,
        payload: DebitPayload | None = None,
        /,
        *,
        redirect_url: Opt = None,
        redirect_mode: Opt = None,
        callback_url: Opt = None,
        call_mode: Opt = None,
        provider_id: Opt = None,
        **fields: Any,
    ) -> DebitV4Response:
        return cast(
            "DebitV4Response",
            await self._run(
                self._prepare(
                    "debit_v4_web",
                    payload,
                    fields,
                    redirect_url=redirect_url,
                    redirect_mode=redirect_mode,
                    callback_url=callback_url,
                    call_mode=call_mode,
                    provider_id=provider_id,
                )
            ),
        )

    async def debit_v4_intent(
        self,
        payload: DebitIntentPayload | None = None,
        /,
        *,
        callback_url: Opt = None,
        call_mode: Opt = None,
        **fields: Any,
    ) -> DebitV4Response:
        return cast(
            "DebitV4Response",
            await self._run(
                self._prepare("debit_v4_intent", payload, fields, callback_url=callback_url, call_mode=call_mode)
            ),
        )

    async def instant_debit(self, payload: InstantDebitPayload | None = None, /, **fields: Any) -> InstantDebitResponse:
        return cast("InstantDebitResponse", await self._run(self._prepare("instant_debit", payload, fields)))

    async def inline_pay(
        self,
        payload: InlinePayPayload | None = None,
        /,
        *,
        redirect_url: Opt = None,
        redirect_mode: Opt = None,
        callback_url: Opt = None,
        call_mode: Opt = None,
        **fields: Any,
    ) -> InlinePayResponse:
        return cast(
            "InlinePayResponse",
            await self._run(
                self._prepare(
                    "inline_pay",
                    payload,
                    fields,
                    redirect_url=redirect_url,
                    redirect_mode=redirect_mode,
                    callback_url=callback_url,
                    call_mode=call_mode,
                )
            ),
        )

    async def inline_pay_with_get(
        self,
        payload: InlinePayPayload | None = None,
        /,
        *,
        redirect_url: Opt = None,
        redirect_mode: Opt = None,
        callback_url: Opt = None,
        call_mode: Opt = None,
        **fields: Any,
    ) -> InlinePayResponse:
        return cast(
            "InlinePayResponse",
            await self._run(
                self._prepare(
                    "inline_pay_with_get",
                    payload,
                    fields,
                    redirect_url=redirect_url,
                    redirect_mode=redirect_mode,
                    callback_url=callback_url,
                    call_mode=call_mode,
                )
            ),
        )

    async def collect_request(
        self, payload: CollectPayload | None = None, /, *, callback_url: Opt = None, **fields: Any
    ) -> CollectResponse:
        return cast(
            "CollectResponse",
            await self._run(self._prepare("collect_request", payload, fields, callback_url=callback_url)),
        )

    async def initiate_sdk_less_payment(
        self,
        payload: SdkLessInitiatePayload | None = None,
        /,
        *,
        client_id: Opt = None,
        callback_url: Opt = None,
        **fields: Any,
    ) -> SdkLessInitiateResponse:
        return cast(
            "SdkLessInitiateResponse",
            await self._run(
                self._prepare(
                    "initiate_sdk_less_payment", payload, fields, client_id=client_id, callback_url=callback_url
                )
            ),
        )

    async def get_transaction_status(
        self, transaction_id: str, *, retry: RetryPolicy | None = None
    ) -> TransactionStatusResponse:
        return cast(
            "TransactionStatusResponse",
            await self._run(
                self._prepare(
                    "get_transaction_status",
                    params={"merchant_id": self.config.merchant_id, "transaction_id": transaction_id},
                    retry=retry,
                )
            ),
        )

    async def get_transaction_status_apps_host(
        self, transaction_id: str, *, client_id: Opt = None
    ) -> TransactionStatusResponse:
        return cast(
            "TransactionStatusResponse",
            await self._run(
                self._prepare(
                    "get_transaction_status_apps_host",
                    params={"merchant_id": self.config.merchant_id, "transaction_id": transaction_id},
                    client_id=client_id,
                )
            ),
        )

    async def reconcile(self, transaction_id: str) -> TransactionStatusResponse:
        try:
            return await self.get_transaction_status(transaction_id)
        except TransactionNotFoundError as exc:
            raise self._core.not_found_verdict(transaction_id, exc) from None

    async def refund_v3(
        self, payload: RefundV3Payload | None = None, /, *, original_amount: int | None = None, **fields: Any
    ) -> RefundResponse:
        return cast(
            "RefundResponse",
            await self._run(self._prepare("refund_v3", payload, fields, original_amount=original_amount)),
        )

    async def refund_v4(
        self,
        payload: RefundV4Payload | None = None,
        /,
        *,
        original_amount: int | None = None,
        callback_url: Opt = None,
        callback_mode: Opt = None,
        **fields: Any,
    ) -> RefundResponse:
        return cast(
            "RefundResponse",
            await self._run(
                self._prepare(
                    "refund_v4",
                    payload,
                    fields,
                    original_amount=original_amount,
                    callback_url=callback_url,
                    callback_mode=callback_mode,
                )
            ),
        )

    async def refund_apps_host(
        self,
        payload: RefundV4Payload | None = None,
        /,
        *,
        original_amount: int | None = None,
        client_id: Opt = None,
        **fields: Any,
    ) -> RefundResponse:
        return cast(
            "RefundResponse",
            await self._run(
                self._prepare("refund_apps_host", payload, fields, original_amount=original_amount, client_id=client_id)
            ),
        )

    async def fulfill_deferred_refund(
        self, payload: DeferredFulfillPayload | None = None, /, **fields: Any
    ) -> DeferredFulfillResponse:
        return cast(
            "DeferredFulfillResponse", await self._run(self._prepare("fulfill_deferred_refund", payload, fields))
        )

    async def send_otp(self, payload: OtpSendPayload | None = None, /, **fields: Any) -> OtpSendResponse:
        return cast("OtpSendResponse", await self._run(self._prepare("send_otp", payload, fields)))

    async def verify_otp(self, payload: OtpVerifyPayload | None = None, /, **fields: Any) -> OtpVerifyResponse:
        return cast("OtpVerifyResponse", await self._run(self._prepare("verify_otp", payload, fields)))

    async def get_wallet_balance(self, user_auth_token: str) -> WalletBalanceResponse:
        return cast(
            "WalletBalanceResponse",
            await self._run(
                self._prepare(
                    "get_wallet_balance",
                    params={"merchant_id": self.config.merchant_id, "user_auth_token": user_auth_token},
                )
            ),
        )

    async def get_payment_options(
        self, payload: PaymentOptionsPayload | None = None, /, *, device_id: Opt = None, **fields: Any
    ) -> PaymentOptionsResponse:
        return cast(
            "PaymentOptionsResponse",
            await self._run(self._prepare("get_payment_options", payload, fields, device_id=device_id)),
        )

    async def unlink_user(self, payload: UnlinkPayload | None = None, /, **fields: Any) -> UnlinkResponse:
        return cast("UnlinkResponse", await self._run(self._prepare("unlink_user", payload, fields)))

    async def get_sso_access_token(
        self, payload: SsoAccessPayload | None = None, /, *, client_id: Opt = None, **fields: Any
    ) -> SsoAccessResponse:
        return cast(
            "SsoAccessResponse",
            await self._run(self._prepare("get_sso_access_token", payload, fields, client_id=client_id)),
        )

    async def get_sso_user_details(self, access_token: str, *, client_id: Opt = None) -> SsoUserDetailsResponse:
        return cast(
            "SsoUserDetailsResponse",
            await self._run(self._prepare("get_sso_user_details", access_token=access_token, client_id=client_id)),
        )

    async def trigger_test_callback(
        self,
        payload: TestCallbackRequest | None = None,
        /,
        *,
        callback_url: Opt = None,
        call_mode: Opt = None,
        **fields: Any,
    ) -> TestCallbackResponse:
        return cast(
            "TestCallbackResponse",
            await self._run(
                self._prepare("trigger_test_callback", payload, fields, callback_url=callback_url, call_mode=call_mode)
            ),
        )

    async def get_authorization_token(self) -> TokenResponse:
        return cast("TokenResponse", await self._run(self._prepare("get_authorization_token", self._token_form())))

    async def _fetch_token(self) -> AuthorizationToken:
        return self._token_from(await self.get_authorization_token())

    async def authorization_token(self) -> AuthorizationToken:
        return await self._tokens.aget(self._fetch_token)

    def token_auth(self) -> TokenAuth:
        """An httpx.Auth for ``httpx.AsyncClient`` that sends ``Authorization: O-Bearer <token>``."""
        return TokenAuth(self._tokens, afetch=self._fetch_token)
