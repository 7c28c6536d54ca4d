"""ASGI application: gateway operations (matched against the spec), pages and /_sandbox control endpoints."""

from __future__ import annotations

import asyncio
import contextlib
import json
from collections.abc import AsyncIterator, Awaitable, Callable, Sequence
from typing import Any

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import HTMLResponse, Response
from starlette.routing import BaseRoute
from starlette.types import Message, Receive, Scope, Send

from . import control, ops_payments, ops_users, pages
from .config import PREFIXES, SandboxConfig
from .core import Sandbox, envelope, error_response
from .errors import GatewayError
from .faults import Fault
from .spec import Operation

Handler = Callable[[Sandbox, Any, Request], Awaitable[Response]]
# Routes an embedding application serves beside the sandbox's own, built once from the Sandbox: `mgw sandbox`
# mounts the JS SDK example merchant this way. The sandbox itself never imports the client package (a gateway
# does not depend on a client; pyproject.toml's import-linter contracts).
ExtraRoutes = Callable[[Sandbox], Sequence[BaseRoute]]

HANDLERS: dict[str, Handler] = {
    "getAuthorizationToken": ops_users.oauth_token,
    "debitV3": ops_payments.debit_v3,
    "debitV4Web": ops_payments.debit_v4_web,
    "debitV4Intent": ops_payments.debit_v4_intent,
    "getTransactionStatus": ops_payments.status,
    "getTransactionStatusAppsHost": ops_payments.status,
    "refundV3": ops_payments.refund,
    "refundV4": ops_payments.refund,
    "refundAppsHost": ops_payments.refund,
    "fulfillDeferredRefund": ops_payments.fulfill_deferred,
    "collectRequest": ops_payments.collect,
    "triggerTestCallback": ops_payments.test_callback,
    "getWalletBalance": ops_users.wallet_balance,
    "instantDebit": ops_payments.instant_debit,
    "inlinePay": ops_payments.inline_pay,
    "inlinePayWithGet": ops_payments.inline_pay,
    "getPaymentOptions": ops_users.payment_options,
    "unlinkUser": ops_users.unlink,
    "sendOtp": ops_users.send_otp,
    "verifyOtp": ops_users.verify_otp,
    "getSsoAccessToken": ops_users.sso_access,
    "getSsoUserDetails": ops_users.sso_user_details,
    "initiateSdkLessPayment": ops_payments.sdkless_initiate,
    "appProfile": ops_users.app_profile,
    "appAccountSummary": ops_users.app_account_summary,
}


class SandboxApp:
    """Outermost ASGI callable: dispatches gateway paths itself (exact spec paths, trailing slash significant)
    and applies fault injection; everything else goes to the Starlette app (pages, /_sandbox)."""

    def __init__(self, sandbox: Sandbox, extra_routes: ExtraRoutes | None = None) -> None:
        self.sandbox = sandbox
        from .jssdk import routes as jssdk_routes  # JS SDK shim and its endpoints, loaded only here

        routes = pages.routes(sandbox) + control.routes(sandbox) + jssdk_routes(sandbox)
        if extra_routes is not None:  # after the sandbox's own, so they never shadow one
            routes += list(extra_routes(sandbox))
        self.starlette = Starlette(routes=routes, lifespan=self._lifespan)

    @contextlib.asynccontextmanager
    async def _lifespan(self, app: Starlette) -> AsyncIterator[None]:
        await self.sandbox.startup()
        try:
            yield
        finally:
            await self.sandbox.shutdown()

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.starlette(scope, receive, send)
            return
        raw = scope.get("raw_path") or scope["path"].encode()
        path = raw.decode("latin-1").split("?", 1)[0]
        if not any(path.startswith(p + "/") for p in PREFIXES.values()) or "/_sandbox/" in path:
            await self.starlette(scope, receive, send)
            return
        op, values, known = self.sandbox.index.find(scope["method"], path)
        if op is None:
            status, msg = (405, "method not allowed") if known else (404, "no such operation")
            await envelope(False, "BAD_REQUEST", msg, status=status)(scope, receive, send)
            return
        fault = self.sandbox.faults.take(op.operation_id)
        if fault is None:
            await self.gateway(op, values, scope, receive, send)
        else:
            await self.faulty(fault, op, values, scope, receive, send)

    async def gateway(self, op: Operation, values: dict[str, str], scope: Scope, receive: Receive, send: Send) -> None:
        sb = self.sandbox
        request = Request(scope, receive)
        try:
            body = await request.body()
            sb.store.advance()
            sb.limiter.check(op.operation_id)
            valid = sb.validator.validate(op, values, request.headers, body, sb.config.salts)
            handler = HANDLERS.get(op.operation_id)
            if handler is None:
                raise GatewayError("BAD_REQUEST", f"operation {op.operation_id} is not served by this sandbox")
            response = await handler(sb, valid, request)
        except GatewayError as err:
            response = error_response(err)
        await response(scope, receive, send)

    async def faulty(
        self, fault: Fault, op: Operation, values: dict[str, str], scope: Scope, receive: Receive, send: Send
    ) -> None:
        captured: list[Message] = []

        async def capture(message: Message) -> None:
            captured.append(message)

        if fault.kind == "delay":
            # Like a slow real gateway: the request is read and handled (the payment recorded) at once, only the
            # answer is late. A client that has timed out meanwhile never gets it (uvicorn drops the send).
            await self.gateway(op, values, scope, receive, capture)
            await asyncio.sleep(fault.seconds)
            with contextlib.suppress(OSError):
                for message in captured:
                    await send(message)
            return
        if fault.kind in ("drop_after", "truncated_json") or (fault.kind == "html_500" and fault.after_record):
            await self.gateway(op, values, scope, receive, capture)
        if fault.kind in ("drop_before", "drop_after"):
            await drop_connection(receive, send)
        elif fault.kind == "html_500":
            html = "<html><head><title>500 Internal Server Error</title></head><body><h1>500</h1></body></html>"
            await HTMLResponse(html, status_code=500)(scope, receive, send)
        elif fault.kind == "truncated_json":
            start = next(m for m in captured if m["type"] == "http.response.start")
            body = b"".join(m.get("body", b"") for m in captured if m["type"] == "http.response.body")
            cut = body[: max(1, len(body) // 2)]
            headers = [(k, v) for k, v in start["headers"] if k.lower() != b"content-length"]
            headers.append((b"content-length", str(len(cut)).encode()))
            await send({"type": "http.response.start", "status": start["status"], "headers": headers})
            await send({"type": "http.response.body", "body": cut})


async def drop_connection(receive: Receive, send: Send) -> None:
    """Close the TCP connection without any answer (uvicorn: the protocol cycle owns `transport`)."""
    transport = getattr(getattr(send, "__self__", None), "transport", None)
    if transport is None:  # not under uvicorn: the closest thing is a broken answer
        await send({"type": "http.response.start", "status": 500, "headers": [(b"content-length", b"100")]})
        await send({"type": "http.response.body", "body": b"", "more_body": False})
        return
    transport.abort()
    with contextlib.suppress(Exception):
        while (await asyncio.wait_for(receive(), 2.0))["type"] != "http.disconnect":
            pass


def create_app(
    config: SandboxConfig | None = None, sandbox: Sandbox | None = None, extra_routes: ExtraRoutes | None = None
) -> SandboxApp:
    return SandboxApp(sandbox or Sandbox(config), extra_routes)


def json_loads(body: bytes) -> dict[str, Any]:
    data = json.loads(body or b"{}")
    return data if isinstance(data, dict) else {}
