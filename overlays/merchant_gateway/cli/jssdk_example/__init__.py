"""The JS SDK example merchant: its page (``static/``) and its backend (``backend.py``), mounted on the sandbox.

It plays the MERCHANT (a page using the platform's client JS SDK and the merchant's server behind it), so it
lives on the client side: the sandbox never imports this package. ``mgw sandbox`` hands :func:`routes` to the
sandbox as its ``extra_routes`` (``merchant_gateway_sandbox.app.ExtraRoutes``), so the page is served on the
sandbox's origin (where it imports the development shim from) under ``/_sandbox/example/``:

- ``GET /_sandbox/example/`` (``/_sandbox/example`` redirects there), ``example.js``, ``returned.html``;
- ``/_sandbox/example/api/*``: the merchant-backend demo (:mod:`.backend`), which talks to the sandbox only over
  HTTP through :class:`merchant_gateway.AsyncGateway`, with the sandbox's merchant id and first salt.

Needs the ``sandbox`` extra (starlette), like ``mgw sandbox`` itself.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from starlette.requests import Request
from starlette.responses import FileResponse, RedirectResponse, Response
from starlette.routing import BaseRoute, Route

from .backend import AsyncMerchantBackend, MerchantSettings, api_routes

if TYPE_CHECKING:
    from merchant_gateway_sandbox import Sandbox

STATIC = Path(__file__).resolve().parent / "static"
EXAMPLE = "/_sandbox/example"
NO_STORE = {"Cache-Control": "no-store"}
FILES: dict[str, tuple[str, str]] = {
    EXAMPLE + "/": ("index.html", "text/html; charset=utf-8"),
    EXAMPLE + "/example.js": ("example.js", "text/javascript; charset=utf-8"),
    EXAMPLE + "/returned.html": ("returned.html", "text/html; charset=utf-8"),
}

__all__ = ["EXAMPLE", "AsyncMerchantBackend", "MerchantSettings", "api_routes", "routes"]


def routes(sb: Sandbox) -> list[BaseRoute]:
    """The example page and its backend, for the sandbox's ``extra_routes`` (the merchant is the sandbox's own)."""
    from merchant_gateway_sandbox.config import APPS_PREFIX, AUTH_PREFIX, BASE_PREFIX

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

    async def to_example(request: Request) -> Response:
        return RedirectResponse(EXAMPLE + "/" + (f"?{request.url.query}" if request.url.query else ""), 307)

    out: list[BaseRoute] = [_file_route(url, STATIC / name, media_type) for url, (name, media_type) in FILES.items()]
    out.append(Route(EXAMPLE, to_example, methods=["GET"]))
    out += api_routes(settings_for, AsyncMerchantBackend())
    return out


def _file_route(url: str, path: Path, media_type: str) -> Route:
    async def serve(request: Request) -> Response:
        return FileResponse(path, media_type=media_type, headers=NO_STORE)

    return Route(url, serve, methods=["GET", "HEAD"])
