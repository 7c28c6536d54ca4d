"""Merchant-backend demo for the JS SDK example page: it plays the MERCHANT'S server, not the gateway.

It talks to the gateway (here: the local sandbox) only over HTTP, through this project's public client
(:class:`merchant_gateway.AsyncGateway`), exactly as a merchant's server would:

- ``POST /_sandbox/example/api/sso``: exchange the page's grant token for an access token
  (``{apps_url}/v3/service/auth/access``: signed, base64-wrapped, X-CLIENT-ID) and fetch the user details
  (``{apps_url}/v3/service/userdetails``). The access token stays on the server.
- ``POST /_sandbox/example/api/pay``: initiate an SDK-less payment; the page gets the ``reservationId`` for
  ``proceedToPay``.
- ``GET /_sandbox/example/api/status/{transactionId}``: the status operation on the base host, and the
  cross-check of the amount against the amount sent (the client-side result never tells the status).

The merchant's credentials are the sandbox's own configuration (merchant id, first salt), and the hosts are the
sandbox's prefixes on the origin the request came in on (:func:`merchant_gateway.cli.jssdk_example.routes`).
"""

from __future__ import annotations

import base64
import json
import secrets
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import BaseRoute, Route

from ...errors import GatewayError
from ...gateway import AsyncGateway

API = "/_sandbox/example/api"
DEFAULT_AMOUNT = 100  # paise
DEFAULT_VALID_FOR_MS = 5 * 60 * 1000


@dataclass(frozen=True)
class MerchantSettings:
    base_url: str
    apps_url: str
    auth_url: str
    merchant_id: str
    salt_key: str = field(repr=False)
    salt_index: str


def _plain(value: Any) -> Any:
    """A generated model (attrs, with ``to_dict``) or a plain value as JSON-ready data."""
    to_dict = getattr(value, "to_dict", None)
    return to_dict() if callable(to_dict) else value


def _failure(exc: GatewayError) -> JSONResponse:
    code = getattr(exc, "code", None)
    status = 502 if code is None else 200
    return JSONResponse(
        {"ok": False, "code": code or type(exc).__name__, "message": getattr(exc, "message", str(exc))}, status
    )


class AsyncMerchantBackend:
    """The demo merchant server's calls to the gateway. One instance per process; state is in memory."""

    def __init__(self) -> None:
        self.sent_amounts: dict[str, int] = {}  # transactionId -> amount sent (for the status cross-check)

    def gateway(self, settings: MerchantSettings) -> AsyncGateway:
        return AsyncGateway(
            merchant_id=settings.merchant_id,
            salt_key=settings.salt_key,
            salt_index=settings.salt_index,
            base_url=settings.base_url,
            apps_url=settings.apps_url,
            auth_url=settings.auth_url,
        )

    async def sso(self, settings: MerchantSettings, grant_token: str) -> dict[str, Any]:
        gw = self.gateway(settings)
        try:
            access = await gw.get_sso_access_token(grant_token=grant_token)
            access_data = _plain(access.data) or {}
            access_token = access_data.get("accessToken")
            if not access.success or not isinstance(access_token, str):
                return {"ok": False, "code": access.code, "message": access.message}
            details = await gw.get_sso_user_details(access_token=access_token)
        finally:
            await gw.aclose()
        return {
            "ok": bool(details.success),
            "code": details.code,
            "user": _plain(details.data),
            "accessTokenExpiresInSeconds": access_data.get("expiresInSeconds"),
        }

    async def pay(
        self, settings: MerchantSettings, amount: int, valid_for_ms: int, redirect_url: str
    ) -> dict[str, Any]:
        transaction_id = "JSSDK" + secrets.token_hex(8).upper()
        # The cart-details schema of transactionContext is not shown in the interface document: a demo cart.
        cart = {"category": "DEMO", "items": [{"name": "Sandbox coffee", "quantity": 1, "amount": amount}]}
        context = base64.b64encode(json.dumps(cart, separators=(",", ":")).encode()).decode()
        gw = self.gateway(settings)
        try:
            answer = await gw.initiate_sdk_less_payment(
                transaction_id=transaction_id,
                amount=amount,
                valid_for=valid_for_ms,
                merchant_order_id="ORDER-" + transaction_id,
                redirect_url=redirect_url,
                transaction_context=context,
            )
        finally:
            await gw.aclose()
        if not answer.success:
            return {"ok": False, "code": answer.code, "message": answer.message, "transactionId": transaction_id}
        self.sent_amounts[transaction_id] = amount
        data = _plain(answer.data)
        return {
            "ok": True,
            "code": answer.code,
            "transactionId": transaction_id,
            "amount": amount,
            "reservationId": data.get("reservationId"),
            "redirectUrl": data.get("redirectUrl"),
        }

    async def status(self, settings: MerchantSettings, transaction_id: str) -> dict[str, Any]:
        gw = self.gateway(settings)
        try:
            answer = await gw.get_transaction_status(transaction_id)
        finally:
            await gw.aclose()
        data = _plain(answer.data) or {}
        sent = self.sent_amounts.get(transaction_id)
        return {
            "ok": True,
            "transactionId": transaction_id,
            "code": answer.code,
            "message": answer.message,
            "data": data,
            "amountMatches": sent is not None and data.get("amount") == sent,
        }


def api_routes(
    settings_for: Callable[[Request], MerchantSettings], backend: AsyncMerchantBackend | None = None
) -> list[BaseRoute]:
    """The demo's HTTP API (JSON in, JSON out) under /_sandbox/example/api."""
    be = backend or AsyncMerchantBackend()

    async def body_of(request: Request) -> dict[str, Any]:
        try:
            data = json.loads(await request.body() or b"{}")
        except ValueError:
            return {}
        return data if isinstance(data, dict) else {}

    def guarded(fn: Callable[[Request], Awaitable[dict[str, Any]]]) -> Callable[[Request], Awaitable[Response]]:
        async def endpoint(request: Request) -> Response:
            try:
                return JSONResponse(await fn(request))
            except GatewayError as exc:  # an error answer of the gateway or a transport failure: shown on the page
                return _failure(exc)

        return endpoint

    async def sso(request: Request) -> dict[str, Any]:
        grant_token = (await body_of(request)).get("grantToken")
        if not isinstance(grant_token, str) or not grant_token:
            return {"ok": False, "code": "BAD_REQUEST", "message": "grantToken is required"}
        return await be.sso(settings_for(request), grant_token)

    async def pay(request: Request) -> dict[str, Any]:
        body = await body_of(request)
        amount = body.get("amount", DEFAULT_AMOUNT)
        valid_for = body.get("validForMs", DEFAULT_VALID_FOR_MS)
        if not isinstance(amount, int) or isinstance(amount, bool) or not isinstance(valid_for, int):
            return {"ok": False, "code": "BAD_REQUEST", "message": "amount and validForMs are integers"}
        origin = f"{request.url.scheme}://{request.url.netloc}"
        return await be.pay(settings_for(request), amount, valid_for, origin + "/_sandbox/example/returned.html")

    async def status(request: Request) -> dict[str, Any]:
        return await be.status(settings_for(request), request.path_params["transactionId"])

    return [
        Route(f"{API}/sso", guarded(sso), methods=["POST"]),
        Route(f"{API}/pay", guarded(pay), methods=["POST"]),
        Route(f"{API}/status/{{transactionId}}", guarded(status), methods=["GET"]),
    ]
