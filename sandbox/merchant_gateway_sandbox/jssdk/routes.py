"""Routes of the JS SDK shim (static module + two sandbox-only endpoints) and of the example page.

- ``GET  /_sandbox/js/platform-sdk-shim.js``: the development shim (ES module; CORS open, so a page on another
  local origin can import it).
- ``POST /_sandbox/jssdk/grant-token``: a grant token the sandbox's SSO access call accepts (the shim's
  ``fetchAuthToken``); the body may name the SSO user (name, phoneNumber, primaryEmail, isEmailVerified).
- ``GET  /_sandbox/jssdk/reservations/{reservationId}``: ``{"state": "OPEN" | "CLOSED" | "EXPIRED"}`` of an
  SDK-less reservation, for the shim's ``proceedToPay``. Deliberately not the payment status: the status is not
  shared client-side, the merchant's server asks the status operation.
- ``GET  /_sandbox/example/``: the example page; ``/_sandbox/example/api/*``: its merchant-backend demo.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, RedirectResponse, Response
from starlette.routing import BaseRoute, Route

from ..config import APPS_PREFIX, AUTH_PREFIX, BASE_PREFIX
from ..core import Sandbox
from .merchant_backend import MerchantBackend, MerchantSettings, api_routes

STATIC = Path(__file__).resolve().parent / "static"
SHIM_PATH = "/_sandbox/js/platform-sdk-shim.js"
EXAMPLE = "/_sandbox/example"
CORS = {
    "Access-Control-Allow-Origin": "*",
    "Access-Control-Allow-Methods": "GET, POST, OPTIONS",
    "Access-Control-Allow-Headers": "Content-Type",
}
NO_STORE = {"Cache-Control": "no-store"}
FILES: dict[str, tuple[str, str]] = {
    SHIM_PATH: ("platform-sdk-shim.js", "text/javascript; charset=utf-8"),
    EXAMPLE + "/": ("example/index.html", "text/html; charset=utf-8"),
    EXAMPLE + "/example.js": ("example/example.js", "text/javascript; charset=utf-8"),
    EXAMPLE + "/returned.html": ("example/returned.html", "text/html; charset=utf-8"),
}
SDK_LESS_OPERATION = "initiateSdkLessPayment"


def routes(sb: Sandbox) -> list[BaseRoute]:
    async def body_of(request: Request) -> dict[str, Any]:
        try:
            data = json.loads(await request.body() or b"{}")
        except ValueError:
            return {}
        return data if isinstance(data, dict) else {}

    async def preflight(request: Request) -> Response:
        return Response(status_code=204, headers=CORS)

    async def grant_token(request: Request) -> Response:
        from ..ops_users import issue_grant_token

        return JSONResponse(issue_grant_token(sb, await body_of(request)), headers={**CORS, **NO_STORE})

    async def reservation(request: Request) -> Response:
        sb.store.advance()
        ref = request.path_params["reservationId"]
        txn = sb.store.by_reference.get(ref)
        if txn is None or txn.operation_id != SDK_LESS_OPERATION:
            return JSONResponse({"error": "unknown reservationId"}, 404, headers={**CORS, **NO_STORE})
        if not txn.terminal:
            state = "OPEN"
        elif txn.pay_response_code == "EXPIRED":
            state = "EXPIRED"
        else:
            state = "CLOSED"
        return JSONResponse({"reservationId": ref, "state": state}, headers={**CORS, **NO_STORE})

    async def to_example(request: Request) -> Response:
        return RedirectResponse(EXAMPLE + "/" + (f"?{request.url.query}" if request.url.query else ""), 307)

    def settings_for(request: Request) -> MerchantSettings:
        origin = f"{request.url.scheme}://{request.url.netloc}"
        salt_key, salt_index = sb.salt(None)
        return MerchantSettings(
            base_url=origin + BASE_PREFIX,
            apps_url=origin + APPS_PREFIX,
            auth_url=origin + AUTH_PREFIX,
            merchant_id=sb.config.merchant_id,
            salt_key=salt_key,
            salt_index=salt_index,
        )

    out: list[BaseRoute] = []
    for url, (name, media_type) in FILES.items():
        out.append(_file_route(url, STATIC / name, media_type))
    out += [
        Route(EXAMPLE, to_example, methods=["GET"]),
        Route("/_sandbox/jssdk/grant-token", grant_token, methods=["POST"]),
        Route("/_sandbox/jssdk/grant-token", preflight, methods=["OPTIONS"]),
        Route("/_sandbox/jssdk/reservations/{reservationId}", reservation, methods=["GET"]),
        Route("/_sandbox/jssdk/reservations/{reservationId}", preflight, methods=["OPTIONS"]),
    ]
    out += api_routes(settings_for, MerchantBackend())
    return out


def _file_route(url: str, path: Path, media_type: str) -> Route:
    async def serve(request: Request) -> Response:
        return FileResponse(path, media_type=media_type, headers={**CORS, **NO_STORE})

    return Route(url, serve, methods=["GET", "HEAD"])
