# Generated from spec/openapi.yaml by generator/, do not edit.
from http import HTTPStatus
from typing import Any, Final
from urllib.parse import quote

import httpx

from ... import errors
from ...client import SIGNING_EXTENSION, BodyWrapping, Client, Host, Retry, SigningMode
from ...models.error_envelope import ErrorEnvelope
from ...models.get_transaction_status_apps_host_status_segment import GetTransactionStatusAppsHostStatusSegment
from ...models.rate_limit_envelope import RateLimitEnvelope
from ...models.transaction_status_response import TransactionStatusResponse
from ...types import UNSET, Response, Unset

# Operation metadata from the spec's x- extensions (docs/design.md); the overlay reads these.
OPERATION_ID: Final[str] = "getTransactionStatusAppsHost"
HOST: Final[Host] = "apps"
SIGNING_MODE: Final[SigningMode] = "path"
SIGNING_PATH: Final[str] = "/v3/transaction/{merchantId}/{transactionId}/status"
SIGNING_REQUIRED: Final[bool] = True
BODY_WRAPPING: Final[BodyWrapping] = "none"
FOLLOW_REDIRECTS: Final[bool] = True
RETRY: Final[Retry] = "safe"


def request_parts(
    merchant_id: str,
    transaction_id: str,
    status_segment: GetTransactionStatusAppsHostStatusSegment = GetTransactionStatusAppsHostStatusSegment.STATUS,
    *,
    x_client_id: str | Unset = UNSET,
) -> dict[str, Any]:
    """The request's parts (method, URL path on the operation's host, headers, body, signing extension), from the
    payload's wire dict: what merchant_gateway's pipeline sends, encoded once."""
    headers: dict[str, Any] = {}
    if not isinstance(x_client_id, Unset):
        headers["X-CLIENT-ID"] = x_client_id

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/v3/transaction/{merchant_id}/{transaction_id}/{status_segment}".format(
            merchant_id=quote(str(merchant_id), safe=""),
            transaction_id=quote(str(transaction_id), safe=""),
            status_segment=quote(str(status_segment), safe=""),
        ),
        "extensions": {
            SIGNING_EXTENSION: {
                "mode": SIGNING_MODE,
                "path": SIGNING_PATH.format(
                    **{
                        "merchantId": str(merchant_id),
                        "transactionId": str(transaction_id),
                        "statusSegment": str(status_segment),
                    }
                ),
                "required": SIGNING_REQUIRED,
            }
        },
    }

    _kwargs["headers"] = headers
    return _kwargs


def _request_kwargs(client: Client, kwargs: dict[str, Any]) -> dict[str, Any]:
    """Route to the operation's host (absolute URL wins over the httpx base_url) and attach signing."""
    kwargs["url"] = client.url_for(HOST, kwargs["url"])
    kwargs["auth"] = client.signing_auth
    return kwargs


def _parse_response(
    *, client: Client, response: httpx.Response
) -> ErrorEnvelope | RateLimitEnvelope | TransactionStatusResponse | None:
    if response.status_code == 200:
        response_200 = TransactionStatusResponse.from_dict(response.json())

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
) -> Response[ErrorEnvelope | RateLimitEnvelope | TransactionStatusResponse]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    merchant_id: str,
    transaction_id: str,
    status_segment: GetTransactionStatusAppsHostStatusSegment = GetTransactionStatusAppsHostStatusSegment.STATUS,
    *,
    client: Client,
    x_client_id: str | Unset = UNSET,
) -> Response[ErrorEnvelope | RateLimitEnvelope | TransactionStatusResponse]:
    """Transaction status (apps host)

     The same status call served by the apps host. Its URL is
    `{apps_url}/v3/transaction/{merchantId}/{transactionId}/status`: the last segment is the
    path parameter `statusSegment` whose only value is `status` (OpenAPI forbids two path items
    with the same templated path, so the apps-host operation is written with a templated last
    segment and operation-level apps-host servers; see spec/README.md). The signing path is
    `/v3/transaction/{merchantId}/{transactionId}/status`. The answer may also carry `data.status`;
    INVALID_TRANSACTION_ID here means a wrong id.

    TRANSACTION_NOT_FOUND (`data` is `{}`) is described under HTTP 200 and HTTP 400: its HTTP status is
    not
    shown, so read it by `code` under either.

    Args:
        merchant_id (str): Id assigned to the merchant.
        transaction_id (str): Merchant-generated unique transaction id; length < 38 characters.
            Limited by this project to characters that need no percent-encoding in a URL path
            (letters, digits, `-`, `.`, `_`, `~`): the id goes into the status path, and how the
            gateway signs a percent-encoded path is not shown, so any other character could make the
            payment unreadable.
        status_segment (GetTransactionStatusAppsHostStatusSegment):  Default:
            GetTransactionStatusAppsHostStatusSegment.STATUS.
        x_client_id (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorEnvelope | RateLimitEnvelope | TransactionStatusResponse]
    """

    kwargs = request_parts(
        merchant_id=merchant_id,
        transaction_id=transaction_id,
        status_segment=status_segment,
        x_client_id=x_client_id,
    )

    response = client.get_httpx_client().request(
        **_request_kwargs(client, kwargs),
    )

    return _build_response(client=client, response=response)


def sync(
    merchant_id: str,
    transaction_id: str,
    status_segment: GetTransactionStatusAppsHostStatusSegment = GetTransactionStatusAppsHostStatusSegment.STATUS,
    *,
    client: Client,
    x_client_id: str | Unset = UNSET,
) -> ErrorEnvelope | RateLimitEnvelope | TransactionStatusResponse | None:
    """Transaction status (apps host)

     The same status call served by the apps host. Its URL is
    `{apps_url}/v3/transaction/{merchantId}/{transactionId}/status`: the last segment is the
    path parameter `statusSegment` whose only value is `status` (OpenAPI forbids two path items
    with the same templated path, so the apps-host operation is written with a templated last
    segment and operation-level apps-host servers; see spec/README.md). The signing path is
    `/v3/transaction/{merchantId}/{transactionId}/status`. The answer may also carry `data.status`;
    INVALID_TRANSACTION_ID here means a wrong id.

    TRANSACTION_NOT_FOUND (`data` is `{}`) is described under HTTP 200 and HTTP 400: its HTTP status is
    not
    shown, so read it by `code` under either.

    Args:
        merchant_id (str): Id assigned to the merchant.
        transaction_id (str): Merchant-generated unique transaction id; length < 38 characters.
            Limited by this project to characters that need no percent-encoding in a URL path
            (letters, digits, `-`, `.`, `_`, `~`): the id goes into the status path, and how the
            gateway signs a percent-encoded path is not shown, so any other character could make the
            payment unreadable.
        status_segment (GetTransactionStatusAppsHostStatusSegment):  Default:
            GetTransactionStatusAppsHostStatusSegment.STATUS.
        x_client_id (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorEnvelope | RateLimitEnvelope | TransactionStatusResponse
    """

    return sync_detailed(
        merchant_id=merchant_id,
        transaction_id=transaction_id,
        status_segment=status_segment,
        client=client,
        x_client_id=x_client_id,
    ).parsed


async def asyncio_detailed(
    merchant_id: str,
    transaction_id: str,
    status_segment: GetTransactionStatusAppsHostStatusSegment = GetTransactionStatusAppsHostStatusSegment.STATUS,
    *,
    client: Client,
    x_client_id: str | Unset = UNSET,
) -> Response[ErrorEnvelope | RateLimitEnvelope | TransactionStatusResponse]:
    """Transaction status (apps host)

     The same status call served by the apps host. Its URL is
    `{apps_url}/v3/transaction/{merchantId}/{transactionId}/status`: the last segment is the
    path parameter `statusSegment` whose only value is `status` (OpenAPI forbids two path items
    with the same templated path, so the apps-host operation is written with a templated last
    segment and operation-level apps-host servers; see spec/README.md). The signing path is
    `/v3/transaction/{merchantId}/{transactionId}/status`. The answer may also carry `data.status`;
    INVALID_TRANSACTION_ID here means a wrong id.

    TRANSACTION_NOT_FOUND (`data` is `{}`) is described under HTTP 200 and HTTP 400: its HTTP status is
    not
    shown, so read it by `code` under either.

    Args:
        merchant_id (str): Id assigned to the merchant.
        transaction_id (str): Merchant-generated unique transaction id; length < 38 characters.
            Limited by this project to characters that need no percent-encoding in a URL path
            (letters, digits, `-`, `.`, `_`, `~`): the id goes into the status path, and how the
            gateway signs a percent-encoded path is not shown, so any other character could make the
            payment unreadable.
        status_segment (GetTransactionStatusAppsHostStatusSegment):  Default:
            GetTransactionStatusAppsHostStatusSegment.STATUS.
        x_client_id (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorEnvelope | RateLimitEnvelope | TransactionStatusResponse]
    """

    kwargs = request_parts(
        merchant_id=merchant_id,
        transaction_id=transaction_id,
        status_segment=status_segment,
        x_client_id=x_client_id,
    )

    response = await client.get_async_httpx_client().request(
        **_request_kwargs(client, kwargs),
    )

    return _build_response(client=client, response=response)


async def asyncio(
    merchant_id: str,
    transaction_id: str,
    status_segment: GetTransactionStatusAppsHostStatusSegment = GetTransactionStatusAppsHostStatusSegment.STATUS,
    *,
    client: Client,
    x_client_id: str | Unset = UNSET,
) -> ErrorEnvelope | RateLimitEnvelope | TransactionStatusResponse | None:
    """Transaction status (apps host)

     The same status call served by the apps host. Its URL is
    `{apps_url}/v3/transaction/{merchantId}/{transactionId}/status`: the last segment is the
    path parameter `statusSegment` whose only value is `status` (OpenAPI forbids two path items
    with the same templated path, so the apps-host operation is written with a templated last
    segment and operation-level apps-host servers; see spec/README.md). The signing path is
    `/v3/transaction/{merchantId}/{transactionId}/status`. The answer may also carry `data.status`;
    INVALID_TRANSACTION_ID here means a wrong id.

    TRANSACTION_NOT_FOUND (`data` is `{}`) is described under HTTP 200 and HTTP 400: its HTTP status is
    not
    shown, so read it by `code` under either.

    Args:
        merchant_id (str): Id assigned to the merchant.
        transaction_id (str): Merchant-generated unique transaction id; length < 38 characters.
            Limited by this project to characters that need no percent-encoding in a URL path
            (letters, digits, `-`, `.`, `_`, `~`): the id goes into the status path, and how the
            gateway signs a percent-encoded path is not shown, so any other character could make the
            payment unreadable.
        status_segment (GetTransactionStatusAppsHostStatusSegment):  Default:
            GetTransactionStatusAppsHostStatusSegment.STATUS.
        x_client_id (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorEnvelope | RateLimitEnvelope | TransactionStatusResponse
    """

    return (
        await asyncio_detailed(
            merchant_id=merchant_id,
            transaction_id=transaction_id,
            status_segment=status_segment,
            client=client,
            x_client_id=x_client_id,
        )
    ).parsed
