# Generated from spec/openapi.yaml by generator/, do not edit.
from collections.abc import Mapping
from http import HTTPStatus
from typing import Any, Final

import httpx

from ... import errors
from ...client import (
    SIGNING_EXTENSION,
    BodyWrapping,
    Client,
    Host,
    Retry,
    SigningMode,
    base64_json_body,
    encode_payload,
)
from ...models.collect_payload import CollectPayload
from ...models.collect_response import CollectResponse
from ...models.error_envelope import ErrorEnvelope
from ...types import Response

# Operation metadata from the spec's x- extensions (docs/design.md); the overlay reads these.
OPERATION_ID: Final[str] = "collectRequest"
HOST: Final[Host] = "base"
SIGNING_MODE: Final[SigningMode] = "body"
SIGNING_PATH: Final[str] = "/v3/charge"
SIGNING_REQUIRED: Final[bool] = True
BODY_WRAPPING: Final[BodyWrapping] = "base64-json"
FOLLOW_REDIRECTS: Final[bool] = True
RETRY: Final[Retry] = "reconcile-first"


def request_parts(
    *,
    body: Mapping[str, Any],
    x_callback_url: str,
) -> dict[str, Any]:
    """The request's parts (method, URL path on the operation's host, headers, body, signing extension), from the
    payload's wire dict: what merchant_gateway's pipeline sends, encoded once."""
    headers: dict[str, Any] = {}
    headers["X-CALLBACK-URL"] = x_callback_url

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v3/charge",
        "extensions": {
            SIGNING_EXTENSION: {
                "mode": SIGNING_MODE,
                "path": SIGNING_PATH,
                "required": SIGNING_REQUIRED,
            }
        },
    }

    _encoded = encode_payload(body)
    _kwargs["content"] = base64_json_body(_encoded)
    _kwargs["extensions"][SIGNING_EXTENSION]["request"] = _encoded
    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _request_kwargs(client: Client, kwargs: dict[str, Any]) -> dict[str, Any]:
    """Route to the operation's host (absolute URL wins over the httpx base_url) and attach signing."""
    kwargs["url"] = client.url_for(HOST, kwargs["url"])
    kwargs["auth"] = client.signing_auth
    return kwargs


def _parse_response(*, client: Client, response: httpx.Response) -> CollectResponse | ErrorEnvelope | None:
    if response.status_code == 200:
        response_200 = CollectResponse.from_dict(response.json())

        return response_200

    if response.status_code == 400:
        response_400 = ErrorEnvelope.from_dict(response.json())

        return response_400

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(*, client: Client, response: httpx.Response) -> Response[CollectResponse | ErrorEnvelope]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: Client,
    body: CollectPayload,
    x_callback_url: str,
) -> Response[CollectResponse | ErrorEnvelope]:
    """Collect request (offline request payment)

     Sends a collect request to the user's mobile number. Code SUCCESS means the collect request was
    sent to the user's payment address. A charge callback is sent only for success or failure;
    pending cases produce no callback, so status must be polled (in a point-of-sale setup, at most
    expiry time minus time already elapsed, e.g. 180 s expiry checked at 60 s leaves 120 s).

    Args:
        x_callback_url (str):
        body (CollectPayload): Collect request (offline) payload. The listings differ on
            `subMerchant` (v3) vs `subMerchantId`
            (later listing) and on whether `storeId` is required (No in one listing, Yes in another);
            both
            names are accepted here and storeId is optional.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[CollectResponse | ErrorEnvelope]
    """

    kwargs = request_parts(
        body=body.to_dict(),
        x_callback_url=x_callback_url,
    )

    response = client.get_httpx_client().request(
        **_request_kwargs(client, kwargs),
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: Client,
    body: CollectPayload,
    x_callback_url: str,
) -> CollectResponse | ErrorEnvelope | None:
    """Collect request (offline request payment)

     Sends a collect request to the user's mobile number. Code SUCCESS means the collect request was
    sent to the user's payment address. A charge callback is sent only for success or failure;
    pending cases produce no callback, so status must be polled (in a point-of-sale setup, at most
    expiry time minus time already elapsed, e.g. 180 s expiry checked at 60 s leaves 120 s).

    Args:
        x_callback_url (str):
        body (CollectPayload): Collect request (offline) payload. The listings differ on
            `subMerchant` (v3) vs `subMerchantId`
            (later listing) and on whether `storeId` is required (No in one listing, Yes in another);
            both
            names are accepted here and storeId is optional.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        CollectResponse | ErrorEnvelope
    """

    return sync_detailed(
        client=client,
        body=body,
        x_callback_url=x_callback_url,
    ).parsed


async def asyncio_detailed(
    *,
    client: Client,
    body: CollectPayload,
    x_callback_url: str,
) -> Response[CollectResponse | ErrorEnvelope]:
    """Collect request (offline request payment)

     Sends a collect request to the user's mobile number. Code SUCCESS means the collect request was
    sent to the user's payment address. A charge callback is sent only for success or failure;
    pending cases produce no callback, so status must be polled (in a point-of-sale setup, at most
    expiry time minus time already elapsed, e.g. 180 s expiry checked at 60 s leaves 120 s).

    Args:
        x_callback_url (str):
        body (CollectPayload): Collect request (offline) payload. The listings differ on
            `subMerchant` (v3) vs `subMerchantId`
            (later listing) and on whether `storeId` is required (No in one listing, Yes in another);
            both
            names are accepted here and storeId is optional.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[CollectResponse | ErrorEnvelope]
    """

    kwargs = request_parts(
        body=body.to_dict(),
        x_callback_url=x_callback_url,
    )

    response = await client.get_async_httpx_client().request(
        **_request_kwargs(client, kwargs),
    )

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: Client,
    body: CollectPayload,
    x_callback_url: str,
) -> CollectResponse | ErrorEnvelope | None:
    """Collect request (offline request payment)

     Sends a collect request to the user's mobile number. Code SUCCESS means the collect request was
    sent to the user's payment address. A charge callback is sent only for success or failure;
    pending cases produce no callback, so status must be polled (in a point-of-sale setup, at most
    expiry time minus time already elapsed, e.g. 180 s expiry checked at 60 s leaves 120 s).

    Args:
        x_callback_url (str):
        body (CollectPayload): Collect request (offline) payload. The listings differ on
            `subMerchant` (v3) vs `subMerchantId`
            (later listing) and on whether `storeId` is required (No in one listing, Yes in another);
            both
            names are accepted here and storeId is optional.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        CollectResponse | ErrorEnvelope
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
            x_callback_url=x_callback_url,
        )
    ).parsed
