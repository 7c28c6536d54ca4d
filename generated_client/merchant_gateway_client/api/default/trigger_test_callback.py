# Generated from spec/openapi.yaml by generator/, do not edit.
from collections.abc import Mapping
from http import HTTPStatus
from typing import Any, Final

import httpx

from ... import errors
from ...client import (
    BodyWrapping,
    Client,
    Host,
    Retry,
    SigningMode,
)
from ...models.call_mode import CallMode
from ...models.error_envelope import ErrorEnvelope
from ...models.test_callback_request import TestCallbackRequest
from ...models.test_callback_response import TestCallbackResponse
from ...types import Response

# Operation metadata from the spec's x- extensions (docs/design.md); the overlay reads these.
OPERATION_ID: Final[str] = "triggerTestCallback"
HOST: Final[Host] = "base"
SIGNING_MODE: Final[SigningMode] = "none"
SIGNING_PATH: Final[None] = None
SIGNING_REQUIRED: Final[bool] = False
BODY_WRAPPING: Final[BodyWrapping] = "json"
FOLLOW_REDIRECTS: Final[bool] = True
RETRY: Final[Retry] = "safe"


def request_parts(
    *,
    body: Mapping[str, Any],
    x_callback_url: str,
    x_call_mode: CallMode,
    x_salt_index: str = "1",
) -> dict[str, Any]:
    """The request's parts (method, URL path on the operation's host, headers, body, signing extension), from the
    payload's wire dict: what merchant_gateway's pipeline sends, encoded once."""
    headers: dict[str, Any] = {}
    headers["x-callback-url"] = x_callback_url

    headers["x-call-mode"] = str(x_call_mode)

    headers["x-salt-index"] = x_salt_index

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/testing/S2SCallback/",
    }

    _kwargs["json"] = body
    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _request_kwargs(client: Client, kwargs: dict[str, Any]) -> dict[str, Any]:
    """Route to the operation's host (absolute URL wins over the httpx base_url) and attach signing."""
    kwargs["url"] = client.url_for(HOST, kwargs["url"])
    return kwargs


def _parse_response(*, client: Client, response: httpx.Response) -> ErrorEnvelope | TestCallbackResponse | None:
    if response.status_code == 200:
        response_200 = TestCallbackResponse.from_dict(response.json())

        return response_200

    if response.status_code == 400:
        response_400 = ErrorEnvelope.from_dict(response.json())

        return response_400

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(*, client: Client, response: httpx.Response) -> Response[ErrorEnvelope | TestCallbackResponse]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: Client,
    body: TestCallbackRequest,
    x_callback_url: str,
    x_call_mode: CallMode,
    x_salt_index: str = "1",
) -> Response[ErrorEnvelope | TestCallbackResponse]:
    """Trigger a test server-to-server callback

     Triggers a test server-to-server callback to the URL in `x-callback-url`. Plain JSON body (not
    wrapped, not signed). Validation failure answers BAD_REQUEST with a message saying the amount
    must be at least 1.

    The minimum amount is ambiguous in the interface document: its callback-test table says "at least
    1 rupee/100 paise as the validation message says 'must be greater than or equal to 1'", and its
    limits table says "At least 1". Amounts are in paise elsewhere, so the minimum may be 1 or 100
    paise. This document keeps `minimum: 1` (what the validation message says, and the less strict
    of the two: a client never refuses an amount the gateway may accept); send at least 100 to be
    safe under both readings.

    Args:
        x_callback_url (str):
        x_call_mode (CallMode):
        x_salt_index (str):  Default: '1'.
        body (TestCallbackRequest): Test callback request (plain JSON, not wrapped).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorEnvelope | TestCallbackResponse]
    """

    kwargs = request_parts(
        body=body.to_dict(),
        x_callback_url=x_callback_url,
        x_call_mode=x_call_mode,
        x_salt_index=x_salt_index,
    )

    response = client.get_httpx_client().request(
        **_request_kwargs(client, kwargs),
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: Client,
    body: TestCallbackRequest,
    x_callback_url: str,
    x_call_mode: CallMode,
    x_salt_index: str = "1",
) -> ErrorEnvelope | TestCallbackResponse | None:
    """Trigger a test server-to-server callback

     Triggers a test server-to-server callback to the URL in `x-callback-url`. Plain JSON body (not
    wrapped, not signed). Validation failure answers BAD_REQUEST with a message saying the amount
    must be at least 1.

    The minimum amount is ambiguous in the interface document: its callback-test table says "at least
    1 rupee/100 paise as the validation message says 'must be greater than or equal to 1'", and its
    limits table says "At least 1". Amounts are in paise elsewhere, so the minimum may be 1 or 100
    paise. This document keeps `minimum: 1` (what the validation message says, and the less strict
    of the two: a client never refuses an amount the gateway may accept); send at least 100 to be
    safe under both readings.

    Args:
        x_callback_url (str):
        x_call_mode (CallMode):
        x_salt_index (str):  Default: '1'.
        body (TestCallbackRequest): Test callback request (plain JSON, not wrapped).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorEnvelope | TestCallbackResponse
    """

    return sync_detailed(
        client=client,
        body=body,
        x_callback_url=x_callback_url,
        x_call_mode=x_call_mode,
        x_salt_index=x_salt_index,
    ).parsed


async def asyncio_detailed(
    *,
    client: Client,
    body: TestCallbackRequest,
    x_callback_url: str,
    x_call_mode: CallMode,
    x_salt_index: str = "1",
) -> Response[ErrorEnvelope | TestCallbackResponse]:
    """Trigger a test server-to-server callback

     Triggers a test server-to-server callback to the URL in `x-callback-url`. Plain JSON body (not
    wrapped, not signed). Validation failure answers BAD_REQUEST with a message saying the amount
    must be at least 1.

    The minimum amount is ambiguous in the interface document: its callback-test table says "at least
    1 rupee/100 paise as the validation message says 'must be greater than or equal to 1'", and its
    limits table says "At least 1". Amounts are in paise elsewhere, so the minimum may be 1 or 100
    paise. This document keeps `minimum: 1` (what the validation message says, and the less strict
    of the two: a client never refuses an amount the gateway may accept); send at least 100 to be
    safe under both readings.

    Args:
        x_callback_url (str):
        x_call_mode (CallMode):
        x_salt_index (str):  Default: '1'.
        body (TestCallbackRequest): Test callback request (plain JSON, not wrapped).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorEnvelope | TestCallbackResponse]
    """

    kwargs = request_parts(
        body=body.to_dict(),
        x_callback_url=x_callback_url,
        x_call_mode=x_call_mode,
        x_salt_index=x_salt_index,
    )

    response = await client.get_async_httpx_client().request(
        **_request_kwargs(client, kwargs),
    )

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: Client,
    body: TestCallbackRequest,
    x_callback_url: str,
    x_call_mode: CallMode,
    x_salt_index: str = "1",
) -> ErrorEnvelope | TestCallbackResponse | None:
    """Trigger a test server-to-server callback

     Triggers a test server-to-server callback to the URL in `x-callback-url`. Plain JSON body (not
    wrapped, not signed). Validation failure answers BAD_REQUEST with a message saying the amount
    must be at least 1.

    The minimum amount is ambiguous in the interface document: its callback-test table says "at least
    1 rupee/100 paise as the validation message says 'must be greater than or equal to 1'", and its
    limits table says "At least 1". Amounts are in paise elsewhere, so the minimum may be 1 or 100
    paise. This document keeps `minimum: 1` (what the validation message says, and the less strict
    of the two: a client never refuses an amount the gateway may accept); send at least 100 to be
    safe under both readings.

    Args:
        x_callback_url (str):
        x_call_mode (CallMode):
        x_salt_index (str):  Default: '1'.
        body (TestCallbackRequest): Test callback request (plain JSON, not wrapped).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorEnvelope | TestCallbackResponse
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
            x_callback_url=x_callback_url,
            x_call_mode=x_call_mode,
            x_salt_index=x_salt_index,
        )
    ).parsed
