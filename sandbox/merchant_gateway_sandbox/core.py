"""The Sandbox object: configuration, spec index, validator and all state, shared by routes and pages."""

from __future__ import annotations

import asyncio
import contextlib
import copy
import dataclasses
from typing import Any

from starlette.responses import JSONResponse

from .accounts import Accounts
from .callback_delivery import Dispatcher
from .clock import ManualClock
from .config import SandboxConfig
from .errors import GatewayError
from .faults import Faults
from .ratelimit import RateLimiter
from .spec import SpecIndex, load_spec
from .state import Store, Txn
from .validation import RequestValidator


def envelope(success: bool, code: str, message: str, data: Any = None, status: int = 200, **kw: Any) -> JSONResponse:
    body = {"success": success, "code": code, "message": message, "data": {} if data is None else data}
    return JSONResponse(body, status_code=status, **kw)


def error_response(err: GatewayError) -> JSONResponse:
    return envelope(False, err.code, err.message, err.data, status=err.status, headers=err.headers or None)


class Sandbox:
    def __init__(self, config: SandboxConfig | None = None, index: SpecIndex | None = None) -> None:
        self.config = config or SandboxConfig()
        if index is None:
            doc, source = load_spec(self.config.spec_path)
            index = SpecIndex(doc, source)
        self.index = index
        self.validator = RequestValidator(index)
        self.clock = self.config.clock
        # what reset() returns to: the configuration as started (the clock object itself shared, not copied)
        self._started_config = copy.deepcopy(self.config, {id(self.clock): self.clock})
        self._started_at = self.clock.now()
        self.store, self.accounts, self.limiter = self._fresh_state()
        self.faults = Faults()
        self.dispatcher = Dispatcher(self.clock, self.config.allow_external_callbacks, self.config.callback_timeout)
        self._ticker: asyncio.Task[None] | None = None

    def _fresh_state(self) -> tuple[Store, Accounts, RateLimiter]:
        store = Store(self.clock, self.config.settle_after)
        store.on_terminal = self._notify
        limiter = RateLimiter(self.clock)
        if self.config.rate_limit is not None:
            limit, window = self.config.rate_limit
            limiter.configure(limit, window, self.config.rate_limited_operations)
        return store, Accounts(self.config, self.clock), limiter

    def reset(self) -> None:
        """Back to the state the sandbox started in, without restarting it: no payments, refunds, users, OTPs,
        tokens, faults, rate windows or recorded callbacks; the configuration as started; a ManualClock back at
        its start. For a test suite that shares one running sandbox: call it between tests, while no request
        is in flight (a callback already on its way is still delivered)."""
        for f in dataclasses.fields(self.config):
            started = getattr(self._started_config, f.name)
            setattr(self.config, f.name, copy.deepcopy(started, {id(self.clock): self.clock}))
        if isinstance(self.clock, ManualClock):
            self.clock.set(self._started_at)
        self.store, self.accounts, self.limiter = self._fresh_state()
        self.faults.clear()
        self.dispatcher.deliveries = []

    # -- lifecycle (Starlette lifespan) ---------------------------------------------------------------------------
    async def startup(self) -> None:
        await self.dispatcher.start()
        self._ticker = asyncio.get_running_loop().create_task(self._tick())

    async def shutdown(self) -> None:
        if self._ticker is not None:
            self._ticker.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._ticker
        await self.dispatcher.stop()

    async def _tick(self) -> None:
        while True:
            await asyncio.sleep(self.config.tick_interval)
            self.store.advance()

    # -- helpers --------------------------------------------------------------------------------------------------
    def salt(self, index: str | None) -> tuple[str, str]:
        if index is not None and index in self.config.salts:
            return self.config.salts[index], index
        first = next(iter(self.config.salts))
        return self.config.salts[first], first

    def _notify(self, txn: Txn) -> None:
        url = txn.callback_url or self.config.callback_url
        if not url:
            return
        salt_key, salt_index = self.salt(txn.salt_index)
        kind = "charge" if txn.callback_kind == "charge" else txn.kind
        self.dispatcher.send(kind, url, txn.callback_mode, self.store.callback_body(txn), salt_key, salt_index)
