# Generated from spec/openapi.yaml by generator/, do not edit.
from http import HTTPStatus
from typing import Any, Final

import httpx

from ... import errors
from ...client import SIGNING_EXTENSION, BodyWrapping, Client, Host, Retry, SigningMode
from ...models.error_envelope import ErrorEnvelope
from ...models.rate_limit_envelope import RateLimitEnvelope
from ...models.sso_user_details_response import SsoUserDetailsResponse
from ...types import Response

# Operation metadata from the spec's x- extensions (docs/design.md); the overlay reads these.
OPERATION_ID: Final[str] = "getSsoUserDetails"
HOST: Final[Host] = "apps"
SIGNING_MODE: Final[SigningMode] = "path"
SIGNING_PATH: Final[str] = "/v3/service/userdetails"
SIGNING_REQUIRED: Final[bool] = True
BODY_WRAPPING: Final[BodyWrapping] = "none"
FOLLOW_REDIRECTS: Final[bool] = True
RETRY: Final[Retry] = "safe"


def request_parts(
    *,
    x_client_id: str,
    x_access_token: str,
) -> dict[str, Any]:
    """The request's parts (method, URL path on the operation's host, headers, body, signing extension), from the
    payload's wire dict: what merchant_gateway's pipeline sends, encoded once."""
    headers: dict[str, Any] = {}
    headers["X-CLIENT-ID"] = x_client_id

    headers["X-ACCESS-TOKEN"] = x_access_token

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/v3/service/userdetails",
        "extensions": {
            SIGNING_EXTENSION: {
                "mode": SIGNING_MODE,
                "path": SIGNING_PATH,
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
) -> ErrorEnvelope | RateLimitEnvelope | SsoUserDetailsResponse | None:
    if response.status_code == 200:
        response_200 = SsoUserDetailsResponse.from_dict(response.json())

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
) -> Response[ErrorEnvelope | RateLimitEnvelope | SsoUserDetailsResponse]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: Client,
    x_client_id: str,
    x_access_token: str,
) -> Response[ErrorEnvelope | RateLimitEnvelope | SsoUserDetailsResponse]:
    """SSO user details

     Fetches the user's details with the SSO access token. Email fields are present only if the user
    shared the email.

    Args:
        x_client_id (str):
        x_access_token (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorEnvelope | RateLimitEnvelope | SsoUserDetailsResponse]
    """

    kwargs = request_parts(
        x_client_id=x_client_id,
        x_access_token=x_access_token,
    )

    response = client.get_httpx_client().request(
        **_request_kwargs(client, kwargs),
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: Client,
    x_client_id: str,
    x_access_token: str,
) -> ErrorEnvelope | RateLimitEnvelope | SsoUserDetailsResponse | None:
    """SSO user details

     Fetches the user's details with the SSO access token. Email fields are present only if the user
    shared the email.

    Args:
        x_client_id (str):
        x_access_token (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorEnvelope | RateLimitEnvelope | SsoUserDetailsResponse
    """

    return sync_detailed(
        client=client,
        x_client_id=x_client_id,
        x_access_token=x_access_token,
    ).parsed


async def asyncio_detailed(
    *,
    client: Client,
    x_client_id: str,
    x_access_token: str,
) -> Response[ErrorEnvelope | RateLimitEnvelope | SsoUserDetailsResponse]:
    """SSO user details

     Fetches the user's details with the SSO access token. Email fields are present only if the user
    shared the email.

    Args:
        x_client_id (str):
        x_access_token (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorEnvelope | RateLimitEnvelope | SsoUserDetailsResponse]
    """

    kwargs = request_parts(
        x_client_id=x_client_id,
        x_access_token=x_access_token,
    )

    response = await client.get_async_httpx_client().request(
        **_request_kwargs(client, kwargs),
    )

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: Client,
    x_client_id: str,
    x_access_token: str,
) -> ErrorEnvelope | RateLimitEnvelope | SsoUserDetailsResponse | None:
    """SSO user details

     Fetches the user's details with the SSO access token. Email fields are present only if the user
    shared the email.

    Args:
        x_client_id (str):
        x_access_token (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorEnvelope | RateLimitEnvelope | SsoUserDetailsResponse
    """

    return (
        await asyncio_detailed(
            client=client,
            x_client_id=x_client_id,
            x_access_token=x_access_token,
        )
    ).parsed
