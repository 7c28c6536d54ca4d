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
from ...models.refund_response import RefundResponse
from ...models.refund_v3_payload import RefundV3Payload
from ...types import Response

# Operation metadata from the spec's x- extensions (docs/design.md); the overlay reads these.
OPERATION_ID: Final[str] = "refundV3"
HOST: Final[Host] = "base"
SIGNING_MODE: Final[SigningMode] = "body"
SIGNING_PATH: Final[str] = "/v3/credit/backToSource"
SIGNING_REQUIRED: Final[bool] = True
BODY_WRAPPING: Final[BodyWrapping] = "base64-json"
FOLLOW_REDIRECTS: Final[bool] = True
RETRY: Final[Retry] = "reconcile-first"


def request_parts(
    *,
    body: Mapping[str, Any],
) -> dict[str, Any]:
    """The request's parts (method, URL path on the operation's host, headers, body, signing extension), from the
    payload's wire dict: what merchant_gateway's pipeline sends, encoded once."""
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v3/credit/backToSource/",
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


def _parse_response(*, client: Client, response: httpx.Response) -> ErrorEnvelope | RefundResponse | None:
    if response.status_code == 200:
        response_200 = RefundResponse.from_dict(response.json())

        return response_200

    if response.status_code == 400:
        response_400 = ErrorEnvelope.from_dict(response.json())

        return response_400

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(*, client: Client, response: httpx.Response) -> Response[ErrorEnvelope | RefundResponse]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: Client,
    body: RefundV3Payload,
) -> Response[ErrorEnvelope | RefundResponse]:
    """Refund v3 (base host)

     Refunds a payment fully or partly back to the original source. The refund's transactionId must
    differ from the debit's. PAYMENT_SUCCESS means the refund succeeded. On INTERNAL_SERVER_ERROR or
    TIMED_OUT the refund may already have been initiated: check status before retrying.
    The URL path ends with `/`; the signing path is `/v3/credit/backToSource`.

    TRANSACTION_NOT_FOUND (original transaction not found) is described under HTTP 200 and HTTP 400: its
    HTTP status is not shown, so read it by `code` under either.

    Args:
        body (RefundV3Payload): Refund payload of `/v3/credit/backToSource/` (uses `subMerchant`).
            Send exactly one of
            originalTransactionId and providerReferenceId (stated with `if`/`then`/`else` in this
            schema and
            listed in `x-field-rules`). transactionId must differ from the debit's. amount is at most
            the
            original payment amount.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorEnvelope | RefundResponse]
    """

    kwargs = request_parts(
        body=body.to_dict(),
    )

    response = client.get_httpx_client().request(
        **_request_kwargs(client, kwargs),
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: Client,
    body: RefundV3Payload,
) -> ErrorEnvelope | RefundResponse | None:
    """Refund v3 (base host)

     Refunds a payment fully or partly back to the original source. The refund's transactionId must
    differ from the debit's. PAYMENT_SUCCESS means the refund succeeded. On INTERNAL_SERVER_ERROR or
    TIMED_OUT the refund may already have been initiated: check status before retrying.
    The URL path ends with `/`; the signing path is `/v3/credit/backToSource`.

    TRANSACTION_NOT_FOUND (original transaction not found) is described under HTTP 200 and HTTP 400: its
    HTTP status is not shown, so read it by `code` under either.

    Args:
        body (RefundV3Payload): Refund payload of `/v3/credit/backToSource/` (uses `subMerchant`).
            Send exactly one of
            originalTransactionId and providerReferenceId (stated with `if`/`then`/`else` in this
            schema and
            listed in `x-field-rules`). transactionId must differ from the debit's. amount is at most
            the
            original payment amount.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorEnvelope | RefundResponse
    """

    return sync_detailed(
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    *,
    client: Client,
    body: RefundV3Payload,
) -> Response[ErrorEnvelope | RefundResponse]:
    """Refund v3 (base host)

     Refunds a payment fully or partly back to the original source. The refund's transactionId must
    differ from the debit's. PAYMENT_SUCCESS means the refund succeeded. On INTERNAL_SERVER_ERROR or
    TIMED_OUT the refund may already have been initiated: check status before retrying.
    The URL path ends with `/`; the signing path is `/v3/credit/backToSource`.

    TRANSACTION_NOT_FOUND (original transaction not found) is described under HTTP 200 and HTTP 400: its
    HTTP status is not shown, so read it by `code` under either.

    Args:
        body (RefundV3Payload): Refund payload of `/v3/credit/backToSource/` (uses `subMerchant`).
            Send exactly one of
            originalTransactionId and providerReferenceId (stated with `if`/`then`/`else` in this
            schema and
            listed in `x-field-rules`). transactionId must differ from the debit's. amount is at most
            the
            original payment amount.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorEnvelope | RefundResponse]
    """

    kwargs = request_parts(
        body=body.to_dict(),
    )

    response = await client.get_async_httpx_client().request(
        **_request_kwargs(client, kwargs),
    )

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: Client,
    body: RefundV3Payload,
) -> ErrorEnvelope | RefundResponse | None:
    """Refund v3 (base host)

     Refunds a payment fully or partly back to the original source. The refund's transactionId must
    differ from the debit's. PAYMENT_SUCCESS means the refund succeeded. On INTERNAL_SERVER_ERROR or
    TIMED_OUT the refund may already have been initiated: check status before retrying.
    The URL path ends with `/`; the signing path is `/v3/credit/backToSource`.

    TRANSACTION_NOT_FOUND (original transaction not found) is described under HTTP 200 and HTTP 400: its
    HTTP status is not shown, so read it by `code` under either.

    Args:
        body (RefundV3Payload): Refund payload of `/v3/credit/backToSource/` (uses `subMerchant`).
            Send exactly one of
            originalTransactionId and providerReferenceId (stated with `if`/`then`/`else` in this
            schema and
            listed in `x-field-rules`). transactionId must differ from the debit's. amount is at most
            the
            original payment amount.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorEnvelope | RefundResponse
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
        )
    ).parsed
