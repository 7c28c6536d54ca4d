# Generated from tests/generator/fixtures/mini.yaml by generator/, do not edit.
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
from ...models.debit_payload import DebitPayload
from ...models.error_envelope import ErrorEnvelope
from ...types import UNSET, Response, Unset

# Operation metadata from the spec's x- extensions (docs/design.md); the overlay reads these.
OPERATION_ID: Final[str] = "debitV3"
HOST: Final[Host] = "base"
SIGNING_MODE: Final[SigningMode] = "body"
SIGNING_PATH: Final[str] = "/v3/debit"
SIGNING_REQUIRED: Final[bool] = True
BODY_WRAPPING: Final[BodyWrapping] = "base64-json"
FOLLOW_REDIRECTS: Final[bool] = False
RETRY: Final[Retry] = "reconcile-first"


def request_parts(
    *,
    body: Mapping[str, Any],
    x_callback_url: str | Unset = UNSET,
    x_redirect_url: str | Unset = UNSET,
) -> dict[str, Any]:
    """The request's parts (method, URL path on the operation's host, headers, body, signing extension), from the
    payload's wire dict: what merchant_gateway's pipeline sends, encoded once."""
    headers: dict[str, Any] = {}
    if not isinstance(x_callback_url, Unset):
        headers["X-CALLBACK-URL"] = x_callback_url

    if not isinstance(x_redirect_url, Unset):
        headers["X-REDIRECT-URL"] = x_redirect_url

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v3/debit",
        "extensions": {
            SIGNING_EXTENSION: {
                "mode": SIGNING_MODE,
                "path": SIGNING_PATH,
                "required": SIGNING_REQUIRED,
            }
        },
        "follow_redirects": False,
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


def _parse_response(*, client: Client, response: httpx.Response) -> Any | ErrorEnvelope | None:
    if response.status_code == 302:
        # A redirect without body: its target is the useful answer.
        return response.headers.get("Location")
    if response.status_code == 400:
        response_400 = ErrorEnvelope.from_dict(response.json())

        return response_400

    if response.status_code == 429:
        response_429 = ErrorEnvelope.from_dict(response.json())

        return response_429

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(*, client: Client, response: httpx.Response) -> Response[Any | ErrorEnvelope]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: Client,
    body: DebitPayload,
    x_callback_url: str | Unset = UNSET,
    x_redirect_url: str | Unset = UNSET,
) -> Response[Any | ErrorEnvelope]:
    """Start a web payment (redirect)

    Args:
        x_callback_url (str | Unset):
        x_redirect_url (str | Unset):
        body (DebitPayload):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any | ErrorEnvelope]
    """

    kwargs = request_parts(
        body=body.to_dict(),
        x_callback_url=x_callback_url,
        x_redirect_url=x_redirect_url,
    )

    response = client.get_httpx_client().request(
        **_request_kwargs(client, kwargs),
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: Client,
    body: DebitPayload,
    x_callback_url: str | Unset = UNSET,
    x_redirect_url: str | Unset = UNSET,
) -> Any | ErrorEnvelope | None:
    """Start a web payment (redirect)

    Args:
        x_callback_url (str | Unset):
        x_redirect_url (str | Unset):
        body (DebitPayload):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Any | ErrorEnvelope
    """

    return sync_detailed(
        client=client,
        body=body,
        x_callback_url=x_callback_url,
        x_redirect_url=x_redirect_url,
    ).parsed


async def asyncio_detailed(
    *,
    client: Client,
    body: DebitPayload,
    x_callback_url: str | Unset = UNSET,
    x_redirect_url: str | Unset = UNSET,
) -> Response[Any | ErrorEnvelope]:
    """Start a web payment (redirect)

    Args:
        x_callback_url (str | Unset):
        x_redirect_url (str | Unset):
        body (DebitPayload):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any | ErrorEnvelope]
    """

    kwargs = request_parts(
        body=body.to_dict(),
        x_callback_url=x_callback_url,
        x_redirect_url=x_redirect_url,
    )

    response = await client.get_async_httpx_client().request(
        **_request_kwargs(client, kwargs),
    )

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: Client,
    body: DebitPayload,
    x_callback_url: str | Unset = UNSET,
    x_redirect_url: str | Unset = UNSET,
) -> Any | ErrorEnvelope | None:
    """Start a web payment (redirect)

    Args:
        x_callback_url (str | Unset):
        x_redirect_url (str | Unset):
        body (DebitPayload):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Any | ErrorEnvelope
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
            x_callback_url=x_callback_url,
            x_redirect_url=x_redirect_url,
        )
    ).parsed
