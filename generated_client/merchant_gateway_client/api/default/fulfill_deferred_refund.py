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
from ...models.deferred_fulfill_payload import DeferredFulfillPayload
from ...models.deferred_fulfill_response import DeferredFulfillResponse
from ...models.error_envelope import ErrorEnvelope
from ...types import Response

# Operation metadata from the spec's x- extensions (docs/design.md); the overlay reads these.
OPERATION_ID: Final[str] = "fulfillDeferredRefund"
HOST: Final[Host] = "base"
SIGNING_MODE: Final[SigningMode] = "body"
SIGNING_PATH: Final[str] = "/v3/credit/deferred/fulfill"
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
        "url": "/v3/credit/deferred/fulfill",
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


def _parse_response(*, client: Client, response: httpx.Response) -> DeferredFulfillResponse | ErrorEnvelope | None:
    if response.status_code == 200:
        response_200 = DeferredFulfillResponse.from_dict(response.json())

        return response_200

    if response.status_code == 400:
        response_400 = ErrorEnvelope.from_dict(response.json())

        return response_400

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(*, client: Client, response: httpx.Response) -> Response[DeferredFulfillResponse | ErrorEnvelope]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: Client,
    body: DeferredFulfillPayload,
) -> Response[DeferredFulfillResponse | ErrorEnvelope]:
    """Deferred (cash on delivery) refund fulfilment

     Fulfils a deferred credit made earlier with the same transactionId. Needs no auth header besides
    X-VERIFY. Success is shown with HTTP 200 and failure with HTTP 400 in the samples.

    Args:
        body (DeferredFulfillPayload): Deferred (cash on delivery) refund fulfilment payload;
            transactionId is the same as in the earlier deferred credit call.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[DeferredFulfillResponse | ErrorEnvelope]
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
    body: DeferredFulfillPayload,
) -> DeferredFulfillResponse | ErrorEnvelope | None:
    """Deferred (cash on delivery) refund fulfilment

     Fulfils a deferred credit made earlier with the same transactionId. Needs no auth header besides
    X-VERIFY. Success is shown with HTTP 200 and failure with HTTP 400 in the samples.

    Args:
        body (DeferredFulfillPayload): Deferred (cash on delivery) refund fulfilment payload;
            transactionId is the same as in the earlier deferred credit call.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        DeferredFulfillResponse | ErrorEnvelope
    """

    return sync_detailed(
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    *,
    client: Client,
    body: DeferredFulfillPayload,
) -> Response[DeferredFulfillResponse | ErrorEnvelope]:
    """Deferred (cash on delivery) refund fulfilment

     Fulfils a deferred credit made earlier with the same transactionId. Needs no auth header besides
    X-VERIFY. Success is shown with HTTP 200 and failure with HTTP 400 in the samples.

    Args:
        body (DeferredFulfillPayload): Deferred (cash on delivery) refund fulfilment payload;
            transactionId is the same as in the earlier deferred credit call.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[DeferredFulfillResponse | ErrorEnvelope]
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
    body: DeferredFulfillPayload,
) -> DeferredFulfillResponse | ErrorEnvelope | None:
    """Deferred (cash on delivery) refund fulfilment

     Fulfils a deferred credit made earlier with the same transactionId. Needs no auth header besides
    X-VERIFY. Success is shown with HTTP 200 and failure with HTTP 400 in the samples.

    Args:
        body (DeferredFulfillPayload): Deferred (cash on delivery) refund fulfilment payload;
            transactionId is the same as in the earlier deferred credit call.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        DeferredFulfillResponse | ErrorEnvelope
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
        )
    ).parsed
