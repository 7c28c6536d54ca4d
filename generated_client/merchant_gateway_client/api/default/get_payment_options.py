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
from ...models.payment_options_payload import PaymentOptionsPayload
from ...models.payment_options_response import PaymentOptionsResponse
from ...types import UNSET, Response, Unset

# Operation metadata from the spec's x- extensions (docs/design.md); the overlay reads these.
OPERATION_ID: Final[str] = "getPaymentOptions"
HOST: Final[Host] = "base"
SIGNING_MODE: Final[SigningMode] = "body"
SIGNING_PATH: Final[str] = "/v3/merchant/payment/options"
SIGNING_REQUIRED: Final[bool] = False
BODY_WRAPPING: Final[BodyWrapping] = "base64-json"
FOLLOW_REDIRECTS: Final[bool] = True
RETRY: Final[Retry] = "safe"


def request_parts(
    *,
    body: Mapping[str, Any],
    x_merchant_device_id: str | Unset = UNSET,
) -> dict[str, Any]:
    """The request's parts (method, URL path on the operation's host, headers, body, signing extension), from the
    payload's wire dict: what merchant_gateway's pipeline sends, encoded once."""
    headers: dict[str, Any] = {}
    if not isinstance(x_merchant_device_id, Unset):
        headers["X-MERCHANT-DEVICE-ID"] = x_merchant_device_id

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v3/merchant/payment/options",
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


def _parse_response(*, client: Client, response: httpx.Response) -> ErrorEnvelope | PaymentOptionsResponse | None:
    if response.status_code == 200:
        response_200 = PaymentOptionsResponse.from_dict(response.json())

        return response_200

    if response.status_code == 400:
        response_400 = ErrorEnvelope.from_dict(response.json())

        return response_400

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(*, client: Client, response: httpx.Response) -> Response[ErrorEnvelope | PaymentOptionsResponse]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: Client,
    body: PaymentOptionsPayload,
    x_merchant_device_id: str | Unset = UNSET,
) -> Response[ErrorEnvelope | PaymentOptionsResponse]:
    """Payment options of a user

     Lists the user's instruments (wallet, upi, card; more such as e-gift vouchers may be added).
    Only enabled instruments are to be shown; `instrumentPriority` and `priority` order them
    (0 first). X-VERIFY is documented as optional for this operation.

    Args:
        x_merchant_device_id (str | Unset):
        body (PaymentOptionsPayload): Payment options payload. merchantUserId or userAuthToken is
            required (stated with `if`/`then` in
            this schema and listed in `x-field-rules`; whether both may be sent together is not
            shown).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorEnvelope | PaymentOptionsResponse]
    """

    kwargs = request_parts(
        body=body.to_dict(),
        x_merchant_device_id=x_merchant_device_id,
    )

    response = client.get_httpx_client().request(
        **_request_kwargs(client, kwargs),
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: Client,
    body: PaymentOptionsPayload,
    x_merchant_device_id: str | Unset = UNSET,
) -> ErrorEnvelope | PaymentOptionsResponse | None:
    """Payment options of a user

     Lists the user's instruments (wallet, upi, card; more such as e-gift vouchers may be added).
    Only enabled instruments are to be shown; `instrumentPriority` and `priority` order them
    (0 first). X-VERIFY is documented as optional for this operation.

    Args:
        x_merchant_device_id (str | Unset):
        body (PaymentOptionsPayload): Payment options payload. merchantUserId or userAuthToken is
            required (stated with `if`/`then` in
            this schema and listed in `x-field-rules`; whether both may be sent together is not
            shown).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorEnvelope | PaymentOptionsResponse
    """

    return sync_detailed(
        client=client,
        body=body,
        x_merchant_device_id=x_merchant_device_id,
    ).parsed


async def asyncio_detailed(
    *,
    client: Client,
    body: PaymentOptionsPayload,
    x_merchant_device_id: str | Unset = UNSET,
) -> Response[ErrorEnvelope | PaymentOptionsResponse]:
    """Payment options of a user

     Lists the user's instruments (wallet, upi, card; more such as e-gift vouchers may be added).
    Only enabled instruments are to be shown; `instrumentPriority` and `priority` order them
    (0 first). X-VERIFY is documented as optional for this operation.

    Args:
        x_merchant_device_id (str | Unset):
        body (PaymentOptionsPayload): Payment options payload. merchantUserId or userAuthToken is
            required (stated with `if`/`then` in
            this schema and listed in `x-field-rules`; whether both may be sent together is not
            shown).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorEnvelope | PaymentOptionsResponse]
    """

    kwargs = request_parts(
        body=body.to_dict(),
        x_merchant_device_id=x_merchant_device_id,
    )

    response = await client.get_async_httpx_client().request(
        **_request_kwargs(client, kwargs),
    )

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: Client,
    body: PaymentOptionsPayload,
    x_merchant_device_id: str | Unset = UNSET,
) -> ErrorEnvelope | PaymentOptionsResponse | None:
    """Payment options of a user

     Lists the user's instruments (wallet, upi, card; more such as e-gift vouchers may be added).
    Only enabled instruments are to be shown; `instrumentPriority` and `priority` order them
    (0 first). X-VERIFY is documented as optional for this operation.

    Args:
        x_merchant_device_id (str | Unset):
        body (PaymentOptionsPayload): Payment options payload. merchantUserId or userAuthToken is
            required (stated with `if`/`then` in
            this schema and listed in `x-field-rules`; whether both may be sent together is not
            shown).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorEnvelope | PaymentOptionsResponse
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
            x_merchant_device_id=x_merchant_device_id,
        )
    ).parsed
