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
from ...models.error_envelope import ErrorEnvelope
from ...models.rate_limit_envelope import RateLimitEnvelope
from ...models.sdk_less_initiate_payload import SdkLessInitiatePayload
from ...models.sdk_less_initiate_response import SdkLessInitiateResponse
from ...types import UNSET, Response, Unset

# Operation metadata from the spec's x- extensions (docs/design.md); the overlay reads these.
OPERATION_ID: Final[str] = "initiateSdkLessPayment"
HOST: Final[Host] = "apps"
SIGNING_MODE: Final[SigningMode] = "body"
SIGNING_PATH: Final[str] = "/v3/transaction/sdk-less/initiate"
SIGNING_REQUIRED: Final[bool] = True
BODY_WRAPPING: Final[BodyWrapping] = "base64-json"
FOLLOW_REDIRECTS: Final[bool] = True
RETRY: Final[Retry] = "reconcile-first"


def request_parts(
    *,
    body: Mapping[str, Any],
    x_client_id: str | Unset = UNSET,
    x_callback_url: str | Unset = UNSET,
) -> dict[str, Any]:
    """The request's parts (method, URL path on the operation's host, headers, body, signing extension), from the
    payload's wire dict: what merchant_gateway's pipeline sends, encoded once."""
    headers: dict[str, Any] = {}
    if not isinstance(x_client_id, Unset):
        headers["X-CLIENT-ID"] = x_client_id

    if not isinstance(x_callback_url, Unset):
        headers["X-CALLBACK-URL"] = x_callback_url

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v3/transaction/sdk-less/initiate",
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


def _parse_response(
    *, client: Client, response: httpx.Response
) -> ErrorEnvelope | RateLimitEnvelope | SdkLessInitiateResponse | None:
    if response.status_code == 200:
        response_200 = SdkLessInitiateResponse.from_dict(response.json())

        return response_200

    if response.status_code == 400:
        response_400 = ErrorEnvelope.from_dict(response.json())

        return response_400

    if response.status_code == 429:
        response_429 = RateLimitEnvelope.from_dict(response.json())

        return response_429

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: Client, response: httpx.Response
) -> Response[ErrorEnvelope | RateLimitEnvelope | SdkLessInitiateResponse]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: Client,
    body: SdkLessInitiatePayload,
    x_client_id: str | Unset = UNSET,
    x_callback_url: str | Unset = UNSET,
) -> Response[ErrorEnvelope | RateLimitEnvelope | SdkLessInitiateResponse]:
    """Initiate an SDK-less payment

     Reserves a payment for the mini-app platform. The client opens `data.redirectUrl` (a deep link
    to the payments page), or calls the client SDK's proceedToPay with `data.reservationId`. After
    payment the user is sent to the merchant's `redirectUrl`; the status is not shared client-side,
    so the merchant must call the status operation.

    Args:
        x_client_id (str | Unset):
        x_callback_url (str | Unset):
        body (SdkLessInitiatePayload): SDK-less initiate payload.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorEnvelope | RateLimitEnvelope | SdkLessInitiateResponse]
    """

    kwargs = request_parts(
        body=body.to_dict(),
        x_client_id=x_client_id,
        x_callback_url=x_callback_url,
    )

    response = client.get_httpx_client().request(
        **_request_kwargs(client, kwargs),
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: Client,
    body: SdkLessInitiatePayload,
    x_client_id: str | Unset = UNSET,
    x_callback_url: str | Unset = UNSET,
) -> ErrorEnvelope | RateLimitEnvelope | SdkLessInitiateResponse | None:
    """Initiate an SDK-less payment

     Reserves a payment for the mini-app platform. The client opens `data.redirectUrl` (a deep link
    to the payments page), or calls the client SDK's proceedToPay with `data.reservationId`. After
    payment the user is sent to the merchant's `redirectUrl`; the status is not shared client-side,
    so the merchant must call the status operation.

    Args:
        x_client_id (str | Unset):
        x_callback_url (str | Unset):
        body (SdkLessInitiatePayload): SDK-less initiate payload.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorEnvelope | RateLimitEnvelope | SdkLessInitiateResponse
    """

    return sync_detailed(
        client=client,
        body=body,
        x_client_id=x_client_id,
        x_callback_url=x_callback_url,
    ).parsed


async def asyncio_detailed(
    *,
    client: Client,
    body: SdkLessInitiatePayload,
    x_client_id: str | Unset = UNSET,
    x_callback_url: str | Unset = UNSET,
) -> Response[ErrorEnvelope | RateLimitEnvelope | SdkLessInitiateResponse]:
    """Initiate an SDK-less payment

     Reserves a payment for the mini-app platform. The client opens `data.redirectUrl` (a deep link
    to the payments page), or calls the client SDK's proceedToPay with `data.reservationId`. After
    payment the user is sent to the merchant's `redirectUrl`; the status is not shared client-side,
    so the merchant must call the status operation.

    Args:
        x_client_id (str | Unset):
        x_callback_url (str | Unset):
        body (SdkLessInitiatePayload): SDK-less initiate payload.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorEnvelope | RateLimitEnvelope | SdkLessInitiateResponse]
    """

    kwargs = request_parts(
        body=body.to_dict(),
        x_client_id=x_client_id,
        x_callback_url=x_callback_url,
    )

    response = await client.get_async_httpx_client().request(
        **_request_kwargs(client, kwargs),
    )

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: Client,
    body: SdkLessInitiatePayload,
    x_client_id: str | Unset = UNSET,
    x_callback_url: str | Unset = UNSET,
) -> ErrorEnvelope | RateLimitEnvelope | SdkLessInitiateResponse | None:
    """Initiate an SDK-less payment

     Reserves a payment for the mini-app platform. The client opens `data.redirectUrl` (a deep link
    to the payments page), or calls the client SDK's proceedToPay with `data.reservationId`. After
    payment the user is sent to the merchant's `redirectUrl`; the status is not shared client-side,
    so the merchant must call the status operation.

    Args:
        x_client_id (str | Unset):
        x_callback_url (str | Unset):
        body (SdkLessInitiatePayload): SDK-less initiate payload.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorEnvelope | RateLimitEnvelope | SdkLessInitiateResponse
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
            x_client_id=x_client_id,
            x_callback_url=x_callback_url,
        )
    ).parsed
