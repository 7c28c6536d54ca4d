"""Sending a generated endpoint's request without the overlay: the tests of the generated client and of the kit's
byte-for-byte replay use it. The generated endpoint modules are data (``request_parts``); merchant_gateway's pipeline
is what sends them in the product. Here the same parts go through a plain ``httpx.Client`` of the generated
``Client`` (its host URLs and ``XVerifyAuth``), the way httpx would send them."""

from __future__ import annotations

from types import ModuleType
from typing import Any

import httpx
from merchant_gateway_client.client import Client


def parts_of(module: ModuleType, args: dict[str, Any]) -> dict[str, Any]:
    """``module.request_parts`` of ``args``, a payload model given as ``body`` turned into its wire dict."""
    body = args.get("body")
    if body is not None and hasattr(body, "to_dict"):
        args = {**args, "body": body.to_dict()}
    parts: dict[str, Any] = module.request_parts(**args)
    return parts


def _request_args(client: Client, module: ModuleType, args: dict[str, Any]) -> dict[str, Any]:
    parts = parts_of(module, args)
    parts["url"] = client.url_for(module.HOST, parts["url"])
    if module.SIGNING_MODE != "none":
        parts["auth"] = client.signing_auth
    return parts


def send(client: Client, module: ModuleType, **args: Any) -> httpx.Response:
    """The request of ``module`` for ``args`` through ``client``'s httpx.Client."""
    return client.get_httpx_client().request(**_request_args(client, module, args))


async def async_send(client: Client, module: ModuleType, **args: Any) -> httpx.Response:
    """The request of ``module`` for ``args`` through ``client``'s httpx.AsyncClient."""
    return await client.get_async_httpx_client().request(**_request_args(client, module, args))
