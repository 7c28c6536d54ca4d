"""Routes of the JS SDK shim (static module + two sandbox-only endpoints).

- ``GET  /_sandbox/js/platform-sdk-shim.js``: the development shim (ES module; CORS open, so a page on another
  local origin can import it).
- ``POST /_sandbox/jssdk/grant-token``: a grant token the sandbox's SSO access call accepts (the shim's
  ``fetchAuthToken``); the body may name the SSO user (name, phoneNumber, primaryEmail, isEmailVerified).
- ``GET  /_sandbox/jssdk/reservations/{reservationId}``: ``{"state": "OPEN" | "CLOSED" | "EXPIRED"}`` of an
  SDK-less reservation, for the shim's ``proceedToPay``. Deliberately not the payment status: the status is not
  shared client-side, the merchant's server asks the status operation.

The example page and its merchant backend are not here: they play the MERCHANT, so they live on the client side
(``merchant_gateway.cli.jssdk_example``) and ``mgw sandbox`` mounts them through ``extra_routes``
(``app.ExtraRoutes``). The sandbox never imports the client package.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import BaseRoute, Route

from ..core import Sandbox

STATIC = Path(__file__).resolve().parent / "static"
SHIM_PATH = "/_sandbox/js/platform-sdk-shim.js"
CORS = {
    "Access-Control-Allow-Origin": "*",
    "Access-Control-Allow-Methods": "GET, POST, OPTIONS",
    "Access-Control-Allow-Headers": "Content-Type",
}
NO_STORE = {"Cache-Control": "no-store"}
FILES: dict[str, tuple[str, str]] = {
    SHIM_PATH: ("platform-sdk-shim.js", "text/javascript; charset=utf-8"),
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

    out: list[BaseRoute] = []
    for url, (name, media_type) in FILES.items():
        out.append(_file_route(url, STATIC / name, media_type))
    out += [
        Route("/_sandbox/jssdk/grant-token", grant_token, methods=["POST"]),
        Route("/_sandbox/jssdk/grant-token", preflight, methods=["OPTIONS"]),
        Route("/_sandbox/jssdk/reservations/{reservationId}", reservation, methods=["GET"]),
        Route("/_sandbox/jssdk/reservations/{reservationId}", preflight, methods=["OPTIONS"]),
    ]
    return out


def _file_route(url: str, path: Path, media_type: str) -> Route:
    async def serve(request: Request) -> Response:
        return FileResponse(path, media_type=media_type, headers={**CORS, **NO_STORE})

    return Route(url, serve, methods=["GET", "HEAD"])
