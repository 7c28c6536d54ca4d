# Generated from spec/openapi.yaml by generator/, do not edit.
from collections.abc import Mapping
from http import HTTPStatus
from typing import Any, Final, cast

import httpx

from ... import errors
from ...client import (
    BodyWrapping,
    Client,
    Host,
    Retry,
    SigningMode,
)
from ...models.token_form import TokenForm
from ...models.token_response import TokenResponse
from ...types import Response

# Operation metadata from the spec's x- extensions (docs/design.md); the overlay reads these.
OPERATION_ID: Final[str] = "getAuthorizationToken"
HOST: Final[Host] = "auth"
SIGNING_MODE: Final[SigningMode] = "none"
SIGNING_PATH: Final[None] = None
SIGNING_REQUIRED: Final[bool] = False
BODY_WRAPPING: Final[BodyWrapping] = "form"
FOLLOW_REDIRECTS: Final[bool] = True
RETRY: Final[Retry] = "safe"


def request_parts(
    *,
    body: Mapping[str, Any],
) -> dict[str, Any]:
    """The request's parts (method, URL path on the operation's host, headers, body, signing extension), from the
    payload's wire dict: what merchant_gateway's pipeline sends, encoded once."""
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/oauth/token",
    }

    _kwargs["data"] = body
    headers["Content-Type"] = "application/x-www-form-urlencoded"

    _kwargs["headers"] = headers
    return _kwargs


def _request_kwargs(client: Client, kwargs: dict[str, Any]) -> dict[str, Any]:
    """Route to the operation's host (absolute URL wins over the httpx base_url) and attach signing."""
    kwargs["url"] = client.url_for(HOST, kwargs["url"])
    return kwargs


def _parse_response(*, client: Client, response: httpx.Response) -> Any | TokenResponse | None:
    if response.status_code == 200:
        response_200 = TokenResponse.from_dict(response.json())

        return response_200

    if 400 <= response.status_code <= 499:
        response_4xx = cast(Any, None)
        return response_4xx

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(*, client: Client, response: httpx.Response) -> Response[Any | TokenResponse]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: Client,
    body: TokenForm,
) -> Response[Any | TokenResponse]:
    """Issue an authorization token (client credentials)

     Obtains (and refreshes) the authorization token for the newer standard checkout APIs.
    The path is identical in sandbox and production; only the host differs.
    Rely on `access_token` and `expires_at`; refresh with the same call before `expires_at`.
    Later checkout calls carry the token in the Authorization header (exact value format beyond
    token_type: not shown).

    Args:
        body (TokenForm): Form fields of the token call (application/x-www-form-urlencoded).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any | TokenResponse]
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
    body: TokenForm,
) -> Any | TokenResponse | None:
    """Issue an authorization token (client credentials)

     Obtains (and refreshes) the authorization token for the newer standard checkout APIs.
    The path is identical in sandbox and production; only the host differs.
    Rely on `access_token` and `expires_at`; refresh with the same call before `expires_at`.
    Later checkout calls carry the token in the Authorization header (exact value format beyond
    token_type: not shown).

    Args:
        body (TokenForm): Form fields of the token call (application/x-www-form-urlencoded).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Any | TokenResponse
    """

    return sync_detailed(
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    *,
    client: Client,
    body: TokenForm,
) -> Response[Any | TokenResponse]:
    """Issue an authorization token (client credentials)

     Obtains (and refreshes) the authorization token for the newer standard checkout APIs.
    The path is identical in sandbox and production; only the host differs.
    Rely on `access_token` and `expires_at`; refresh with the same call before `expires_at`.
    Later checkout calls carry the token in the Authorization header (exact value format beyond
    token_type: not shown).

    Args:
        body (TokenForm): Form fields of the token call (application/x-www-form-urlencoded).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any | TokenResponse]
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
    body: TokenForm,
) -> Any | TokenResponse | None:
    """Issue an authorization token (client credentials)

     Obtains (and refreshes) the authorization token for the newer standard checkout APIs.
    The path is identical in sandbox and production; only the host differs.
    Rely on `access_token` and `expires_at`; refresh with the same call before `expires_at`.
    Later checkout calls carry the token in the Authorization header (exact value format beyond
    token_type: not shown).

    Args:
        body (TokenForm): Form fields of the token call (application/x-www-form-urlencoded).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Any | TokenResponse
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
        )
    ).parsed
