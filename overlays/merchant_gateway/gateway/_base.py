"""What both gateways share, free of I/O: construction, configuration, the call's preparation, the token form,
callbacks, and the waiting and in-flight primitives of each flavour (:mod:`merchant_gateway.gateway` is the public
module; the halves that send are ``_async.py`` and its derived ``_sync.py``)."""

from __future__ import annotations

import contextlib
import copy
import functools
import os
import random
import time
import typing
import weakref
from collections.abc import Awaitable, Callable, Mapping
from typing import TYPE_CHECKING, Any, Self

import httpx

from ..errors import ConfigurationError

if TYPE_CHECKING:  # models load with the first call that needs them (import time matters)
    from typing import Unpack

    from merchant_gateway_client.models import TokenForm, TokenResponse
    from merchant_gateway_client.operations import Operation

    from .._core import Prepared
    from ..callbacks import CollectCallback, PaymentCallback, UiCallback
    from ..config import GatewayConfig, GatewaySettings
    from ..flows.polling import StatusSnapshot
    from ..observers import CallObserver
    from ..retry import RetryPolicy
    from ..tasks import MobileSdk
    from ..tokens import AuthorizationToken, TokenCache


_KNOWN_FINALS = 1024  # final verdicts a gateway keeps for its waits (a few hundred bytes each)

# How a gateway waits and limits its sends, in each flavour (the async names turn into the sync ones in _sync.py,
# tools/derive_sync.py).
Sleep = Callable[[float], None]
AsyncSleep = Callable[[float], Awaitable[None]]


def default_sleep() -> Sleep:
    return _blocking_sleep


def _blocking_sleep(seconds: float) -> None:
    """time.sleep, but said aloud inside a running event loop: the sync Gateway there blocks every other task of
    the loop for as long as it waits (a retry's pause, a payments.wait of many seconds)."""
    if seconds > 0 and _in_event_loop():
        import warnings

        warnings.warn(
            "the sync Gateway is blocking the running event loop while it waits (a payments.wait or a retry inside "
            "async code: every other task stops): use AsyncGateway there and await its calls "
            "(await gateway.payments.wait(...))",
            RuntimeWarning,
            stacklevel=3,
        )
    time.sleep(seconds)


def _in_event_loop() -> bool:
    import sys

    asyncio = sys.modules.get("asyncio")  # not imported: no loop can be running
    if asyncio is None:
        return False
    try:
        asyncio.get_running_loop()
    except RuntimeError:
        return False
    return True


def async_default_sleep() -> AsyncSleep:
    import anyio  # here, not at module level: with the first async gateway (httpcore's async pool loads it too)

    return anyio.sleep  # asyncio's sleep, or trio's under trio


class Slots:
    """At most ``n`` sends at once: one token per slot in a C-level queue (acquire blocks when none is left),
    cheaper per call than threading.BoundedSemaphore's Python-level condition variable; both methods are C-level.
    ``current()`` gives the slots of the calling process: a forked child starts with all ``n`` free (the threads
    that held some in the parent do not exist there)."""

    def __init__(self, n: int) -> None:
        self._n = n
        self._fill()

    def _fill(self) -> None:
        from queue import SimpleQueue  # here: the queue module (and heapq) load with the first sync gateway

        queue: SimpleQueue[None] = SimpleQueue()
        for _ in range(self._n):
            queue.put(None)
        self._pid = os.getpid()
        self.acquire: Callable[[], None] = queue.get
        self.release: Callable[[], None] = functools.partial(queue.put, None)

    def current(self) -> Slots:
        if os.getpid() != self._pid:
            self._fill()
        return self


class _AsyncSemaphore(typing.Protocol):
    """The waiting primitive of one event loop: ``acquire`` (awaited) and ``release``."""

    def acquire(self) -> Awaitable[Any]: ...

    def release(self) -> None: ...


class AsyncSlots:
    """At most ``n`` sends at once on each event loop: ``current()`` gives the calling loop's semaphore (asyncio's
    for asyncio and uvloop, trio's under trio), made on the loop's first call, so one AsyncGateway serves several
    loops in turn (each ``asyncio.run()``) or at once (one per thread). Its own ``acquire``/``release`` are used
    directly (``async with`` would add two coroutine layers per call)."""

    def __init__(self, n: int) -> None:
        from ..transports._limits import running_loop  # with the first async gateway, as its transport

        self._n = n
        self._running_loop = running_loop
        self._loop: object = None
        self._semaphore: _AsyncSemaphore | None = None
        self._by_loop: weakref.WeakKeyDictionary[Any, _AsyncSemaphore] = weakref.WeakKeyDictionary()

    def current(self) -> _AsyncSemaphore:
        loop = self._running_loop()
        semaphore = self._semaphore
        if loop is self._loop and semaphore is not None:
            return semaphore
        semaphore = self._by_loop.get(loop)
        if semaphore is None:
            semaphore = self._new(loop)
            with contextlib.suppress(TypeError):  # a loop that takes no weak reference: made again when it returns
                self._by_loop[loop] = semaphore
        self._loop, self._semaphore = loop, semaphore
        return semaphore

    def _new(self, loop: object) -> _AsyncSemaphore:
        import asyncio

        if isinstance(loop, asyncio.AbstractEventLoop):
            return asyncio.Semaphore(self._n)
        import trio  # running_loop() found a trio run

        return trio.Semaphore(self._n)


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
            from ..config import GatewayConfig  # with the first gateway: `import merchant_gateway` spares it

            config = GatewayConfig.from_settings(settings)
        elif settings:
            config = config.with_changes(**settings)
        self.config = config
        self._clock = clock
        # imported here, not at module level: the call core (the outcome tables, the checks) and the operation
        # facts load with the first gateway built, so `from merchant_gateway import Gateway` stays cheap
        from merchant_gateway_client.operations import OPERATIONS

        from .._core import Core

        self._operations: Mapping[str, Operation] = OPERATIONS
        self._core = Core(config, clock=clock, wall_clock=wall_clock, rng=rng or random.Random())
        # merchant_gateway.observers: around each call, before and after each attempt (observers.combine: several);
        # None: no-op
        self.observer = observer
        # the token cache: the one given, else made with the first token use (payment calls need none, and
        # merchant_gateway.tokens then never loads). A box, so the views with_options copies share one cache.
        self._token_box: dict[str, TokenCache] = {} if tokens is None else {"cache": tokens}
        # imported here, not at module level: the generated client (attrs) and the callback dataclasses load
        # with the first gateway, so `import merchant_gateway` stays cheap
        from ..callbacks import CallbackVerifier

        self.callbacks = CallbackVerifier(config.salts, config.merchant_id)
        self._retry: RetryPolicy | None = None  # a with_options() view's policy; None: the configured one
        # final verdicts this gateway read (payments.retrieve, a wait's last read), so a later wait for the same
        # payment returns at once; shared with the with_options views, bounded (oldest forgotten first)
        self._finals: dict[str, StatusSnapshot] = {}

    @property
    def _tokens(self) -> TokenCache:
        cache = self._token_box.get("cache")
        if cache is None:
            from ..tokens import TokenCache

            made = TokenCache(margin=self.config.token_refresh_margin, clock=self._clock)
            cache = self._token_box.setdefault("cache", made)  # atomic: threads racing here share the first one
        return cache

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

    def _transport_for(self, transport: httpx.BaseTransport | None) -> httpx.BaseTransport:
        built: httpx.BaseTransport = self._build_transport(transport, sync=True)
        return built

    def _async_transport_for(self, transport: httpx.AsyncBaseTransport | None) -> httpx.AsyncBaseTransport:
        built: httpx.AsyncBaseTransport = self._build_transport(transport, sync=False)
        return built

    def _build_transport(self, transport: httpx.BaseTransport | httpx.AsyncBaseTransport | None, *, sync: bool) -> Any:
        """The transport the pipeline sends through: by default GatewayTransport or AsyncGatewayTransport (httpcore
        and h11, httpx's own engine, honouring the environment's proxies themselves), with the call deadline and
        the answer cap; a transport of the caller's own keeps both around it (transports/_own.py)."""
        from ..transports import AsyncCappedTransport, AsyncGatewayTransport, CappedTransport, GatewayTransport

        cfg = self.config
        if transport is None:
            kind = GatewayTransport if sync else AsyncGatewayTransport
            return kind(
                limits=self._limits(),
                deadline=cfg.timeout,
                max_answer_bytes=cfg.max_answer_bytes,
                **cfg.tls_options(),
            )
        if isinstance(transport, GatewayTransport | AsyncGatewayTransport | CappedTransport | AsyncCappedTransport):
            return transport
        # the gateway's flavour picks the wrapper (httpx.MockTransport is both a sync and an async transport)
        wrapper: Any = CappedTransport if sync else AsyncCappedTransport
        return wrapper(transport, deadline=cfg.timeout, max_answer_bytes=cfg.max_answer_bytes)

    def with_options(self, *, retry: RetryPolicy | None = None) -> Self:
        """A view of this gateway whose calls use ``retry`` instead of the configured policy. It shares the
        connections, limits, token cache and amounts of this one (closing either closes both). A poller that
        paces its own requests uses ``with_options(retry=RetryPolicy(max_attempts=1))``."""
        view = copy.copy(self)
        view._retry = retry
        view._is_view = True  # closing is the gateway's business, not a view's (see __del__)
        return view

    _is_view = False

    def __del__(self) -> None:
        # A gateway dropped without close() (or a with block) leaves its connections to the garbage collector; say
        # so the way Python says it of a file or socket (a ResourceWarning, shown under -W default or -X dev).
        pipeline = self.__dict__.get("_pipeline")
        if pipeline is None or self._is_view:
            return
        try:
            if pipeline.closed:
                return
            import warnings

            flavour = type(self).__name__
            opener = "async with" if flavour.startswith("Async") else "with"
            closer = "await gateway.aclose()" if opener == "async with" else "gateway.close()"
            warnings.warn(
                f"{flavour}(merchant_id={self.config.merchant_id!r}) was never closed: its connections stay open "
                f"until the garbage collector finds them; use `{opener} {flavour}(...) as gateway:` or {closer}",
                ResourceWarning,
                source=self,
                stacklevel=2,
            )
        except Exception:  # noqa: BLE001 - never raise from a finaliser (interpreter shutdown, a half-built gateway)
            return

    # --- verdicts already known (a wait never sleeps past one) ---------------------------------------------------

    def remember_final(self, snapshot: StatusSnapshot) -> None:
        """Keep a final status this gateway read, so a wait for that payment returns it without sleeping."""
        if not snapshot.is_final:
            return
        finals = self._finals
        finals[snapshot.transaction_id] = snapshot
        while len(finals) > _KNOWN_FINALS:
            finals.pop(next(iter(finals)), None)

    def known_final(self, transaction_id: str) -> StatusSnapshot | None:
        """A final verdict known without a request: a final status this gateway read, else (with a ledger as
        ``observer``) the ledger's final record of a verified callback or another process's read; else None."""
        snapshot = self._finals.get(transaction_id)
        if snapshot is not None:
            return snapshot
        source = getattr(self.observer, "known_final", None)
        return source(transaction_id, self.config.merchant_id) if callable(source) else None

    @property
    def follows_callbacks(self) -> bool:
        """Whether verdicts can become known while a wait sleeps (an observer that records callbacks: the
        ledger's); then a wait asks :meth:`known_final` every second instead of only before each sleep."""
        return callable(getattr(self.observer, "known_final", None))

    # --- task layer (merchant_gateway.tasks; loaded on first use, bound to this gateway or view) ----------------

    @property
    def mobile(self) -> MobileSdk:
        """The signed requests the server hands to the app's client SDK (no I/O)."""
        from ..tasks.mobile import MobileSdk

        return MobileSdk(self.config, self._core.build_payload)

    def _prepare_call(self, name: str, payload: object, arguments: dict[str, Any]) -> Prepared:
        """Sort a generated method's arguments by what the spec says they are, then validate (sends nothing)."""
        op = self._operations[name]
        if op.payload_from == "configuration":  # the token call: the configured client credentials
            payload = self._token_form()
        params = {p: arguments.pop(p) for p in op.path_params if p in arguments}
        options = {k: arguments.pop(k) for k in op.headers if k in arguments}
        original_amount = arguments.pop("original_amount", None)
        expected_amount = arguments.pop("expected_amount", None)  # a status read's (the caller's, else sent)
        return self._core.prepare(
            op,
            payload=payload,
            fields=arguments,
            params=params,
            options=options,
            original_amount=original_amount,
            expected_amount=expected_amount,
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
        from ..tokens._token import token_from_response  # with the first token: payment calls need none

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
