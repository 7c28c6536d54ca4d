"""The Sandbox object: configuration, spec index, validator and all state, shared by routes and pages."""

from __future__ import annotations

import asyncio
import contextlib
from typing import Any

from starlette.responses import JSONResponse

from .accounts import Accounts
from .callbacks import Dispatcher
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
        self.store = Store(self.clock, self.config.settle_after)
        self.store.on_terminal = self._notify
        self.accounts = Accounts(self.config, self.clock)
        self.faults = Faults()
        self.limiter = RateLimiter(self.clock)
        if self.config.rate_limit is not None:
            limit, window = self.config.rate_limit
            self.limiter.configure(limit, window, self.config.rate_limited_operations)
        self.dispatcher = Dispatcher(self.clock, self.config.allow_external_callbacks, self.config.callback_timeout)
        self._ticker: asyncio.Task[None] | None = None

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
