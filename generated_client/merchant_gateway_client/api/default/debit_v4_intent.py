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
from ...models.call_mode import CallMode
from ...models.debit_intent_payload import DebitIntentPayload
from ...models.debit_v4_response import DebitV4Response
from ...models.error_envelope import ErrorEnvelope
from ...types import UNSET, Response, Unset

# Operation metadata from the spec's x- extensions (docs/design.md); the overlay reads these.
OPERATION_ID: Final[str] = "debitV4Intent"
HOST: Final[Host] = "base"
SIGNING_MODE: Final[SigningMode] = "body"
SIGNING_PATH: Final[str] = "/v4/debit"
SIGNING_REQUIRED: Final[bool] = True
BODY_WRAPPING: Final[BodyWrapping] = "base64-json"
FOLLOW_REDIRECTS: Final[bool] = True
RETRY: Final[Retry] = "reconcile-first"


def request_parts(
    *,
    body: Mapping[str, Any],
    x_callback_url: str | Unset = UNSET,
    x_call_mode: CallMode | Unset = CallMode.POST,
) -> dict[str, Any]:
    """The request's parts (method, URL path on the operation's host, headers, body, signing extension), from the
    payload's wire dict: what merchant_gateway's pipeline sends, encoded once."""
    headers: dict[str, Any] = {}
    if not isinstance(x_callback_url, Unset):
        headers["X-CALLBACK-URL"] = x_callback_url

    if not isinstance(x_call_mode, Unset):
        headers["X-CALL-MODE"] = str(x_call_mode)

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v4/debit",
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


def _parse_response(*, client: Client, response: httpx.Response) -> DebitV4Response | ErrorEnvelope | None:
    if response.status_code == 200:
        response_200 = DebitV4Response.from_dict(response.json())

        return response_200

    if response.status_code == 400:
        response_400 = ErrorEnvelope.from_dict(response.json())

        return response_400

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(*, client: Client, response: httpx.Response) -> Response[DebitV4Response | ErrorEnvelope]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: Client,
    body: DebitIntentPayload,
    x_callback_url: str | Unset = UNSET,
    x_call_mode: CallMode | Unset = CallMode.POST,
) -> Response[DebitV4Response | ErrorEnvelope]:
    """Debit v4 intent variant (UPI intent URI)

     Intent (deep link) flow. The merchant app checks that the wallet app is installed and sends its
    version code to its server; the server requests the intent URL (`paymentScope` PLATFORM and
    `deviceContext.platformVersionCode`), and the app opens `data.redirectURL` in the wallet app.
    Only X-CALLBACK-URL and X-CALL-MODE are listed for this variant.

    Args:
        x_callback_url (str | Unset):
        x_call_mode (CallMode | Unset):  Default: CallMode.POST.
        body (DebitIntentPayload): Debit payload of the v4 intent variant (`POST /v4/debit`); adds
            paymentScope and deviceContext and
            requires merchantOrderId. merchantUserId is not to be sent together with userAuthToken, as
            for every
            debit payload (stated with `not` in this schema and listed in `x-field-rules`).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[DebitV4Response | ErrorEnvelope]
    """

    kwargs = request_parts(
        body=body.to_dict(),
        x_callback_url=x_callback_url,
        x_call_mode=x_call_mode,
    )

    response = client.get_httpx_client().request(
        **_request_kwargs(client, kwargs),
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: Client,
    body: DebitIntentPayload,
    x_callback_url: str | Unset = UNSET,
    x_call_mode: CallMode | Unset = CallMode.POST,
) -> DebitV4Response | ErrorEnvelope | None:
    """Debit v4 intent variant (UPI intent URI)

     Intent (deep link) flow. The merchant app checks that the wallet app is installed and sends its
    version code to its server; the server requests the intent URL (`paymentScope` PLATFORM and
    `deviceContext.platformVersionCode`), and the app opens `data.redirectURL` in the wallet app.
    Only X-CALLBACK-URL and X-CALL-MODE are listed for this variant.

    Args:
        x_callback_url (str | Unset):
        x_call_mode (CallMode | Unset):  Default: CallMode.POST.
        body (DebitIntentPayload): Debit payload of the v4 intent variant (`POST /v4/debit`); adds
            paymentScope and deviceContext and
            requires merchantOrderId. merchantUserId is not to be sent together with userAuthToken, as
            for every
            debit payload (stated with `not` in this schema and listed in `x-field-rules`).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        DebitV4Response | ErrorEnvelope
    """

    return sync_detailed(
        client=client,
        body=body,
        x_callback_url=x_callback_url,
        x_call_mode=x_call_mode,
    ).parsed


async def asyncio_detailed(
    *,
    client: Client,
    body: DebitIntentPayload,
    x_callback_url: str | Unset = UNSET,
    x_call_mode: CallMode | Unset = CallMode.POST,
) -> Response[DebitV4Response | ErrorEnvelope]:
    """Debit v4 intent variant (UPI intent URI)

     Intent (deep link) flow. The merchant app checks that the wallet app is installed and sends its
    version code to its server; the server requests the intent URL (`paymentScope` PLATFORM and
    `deviceContext.platformVersionCode`), and the app opens `data.redirectURL` in the wallet app.
    Only X-CALLBACK-URL and X-CALL-MODE are listed for this variant.

    Args:
        x_callback_url (str | Unset):
        x_call_mode (CallMode | Unset):  Default: CallMode.POST.
        body (DebitIntentPayload): Debit payload of the v4 intent variant (`POST /v4/debit`); adds
            paymentScope and deviceContext and
            requires merchantOrderId. merchantUserId is not to be sent together with userAuthToken, as
            for every
            debit payload (stated with `not` in this schema and listed in `x-field-rules`).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[DebitV4Response | ErrorEnvelope]
    """

    kwargs = request_parts(
        body=body.to_dict(),
        x_callback_url=x_callback_url,
        x_call_mode=x_call_mode,
    )

    response = await client.get_async_httpx_client().request(
        **_request_kwargs(client, kwargs),
    )

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: Client,
    body: DebitIntentPayload,
    x_callback_url: str | Unset = UNSET,
    x_call_mode: CallMode | Unset = CallMode.POST,
) -> DebitV4Response | ErrorEnvelope | None:
    """Debit v4 intent variant (UPI intent URI)

     Intent (deep link) flow. The merchant app checks that the wallet app is installed and sends its
    version code to its server; the server requests the intent URL (`paymentScope` PLATFORM and
    `deviceContext.platformVersionCode`), and the app opens `data.redirectURL` in the wallet app.
    Only X-CALLBACK-URL and X-CALL-MODE are listed for this variant.

    Args:
        x_callback_url (str | Unset):
        x_call_mode (CallMode | Unset):  Default: CallMode.POST.
        body (DebitIntentPayload): Debit payload of the v4 intent variant (`POST /v4/debit`); adds
            paymentScope and deviceContext and
            requires merchantOrderId. merchantUserId is not to be sent together with userAuthToken, as
            for every
            debit payload (stated with `not` in this schema and listed in `x-field-rules`).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        DebitV4Response | ErrorEnvelope
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
            x_callback_url=x_callback_url,
            x_call_mode=x_call_mode,
        )
    ).parsed
