# Generated from spec/openapi.yaml by generator/, do not edit.
from http import HTTPStatus
from typing import Any, Final
from urllib.parse import quote

import httpx

from ... import errors
from ...client import SIGNING_EXTENSION, BodyWrapping, Client, Host, Retry, SigningMode
from ...models.wallet_balance_response import WalletBalanceResponse
from ...types import Response

# Operation metadata from the spec's x- extensions (docs/design.md); the overlay reads these.
OPERATION_ID: Final[str] = "getWalletBalance"
HOST: Final[Host] = "base"
SIGNING_MODE: Final[SigningMode] = "path"
SIGNING_PATH: Final[str] = "/v3/account/token/{merchantId}/{userAuthToken}/debit/suggest"
SIGNING_REQUIRED: Final[bool] = True
BODY_WRAPPING: Final[BodyWrapping] = "none"
FOLLOW_REDIRECTS: Final[bool] = True
RETRY: Final[Retry] = "safe"


def request_parts(
    merchant_id: str,
    user_auth_token: str,
) -> dict[str, Any]:
    """The request's parts (method, URL path on the operation's host, headers, body, signing extension), from the
    payload's wire dict: what merchant_gateway's pipeline sends, encoded once."""

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/v3/account/token/{merchant_id}/{user_auth_token}/debit/suggest".format(
            merchant_id=quote(str(merchant_id), safe=""),
            user_auth_token=quote(str(user_auth_token), safe=""),
        ),
        "extensions": {
            SIGNING_EXTENSION: {
                "mode": SIGNING_MODE,
                "path": SIGNING_PATH.format(
                    **{
                        "merchantId": str(merchant_id),
                        "userAuthToken": str(user_auth_token),
                    }
                ),
                "required": SIGNING_REQUIRED,
            }
        },
    }

    return _kwargs


def _request_kwargs(client: Client, kwargs: dict[str, Any]) -> dict[str, Any]:
    """Route to the operation's host (absolute URL wins over the httpx base_url) and attach signing."""
    kwargs["url"] = client.url_for(HOST, kwargs["url"])
    kwargs["auth"] = client.signing_auth
    return kwargs


def _parse_response(*, client: Client, response: httpx.Response) -> WalletBalanceResponse | None:
    if response.status_code == 200:
        response_200 = WalletBalanceResponse.from_dict(response.json())

        return response_200

    if response.status_code == 400:
        response_400 = WalletBalanceResponse.from_dict(response.json())

        return response_400

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(*, client: Client, response: httpx.Response) -> Response[WalletBalanceResponse]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    merchant_id: str,
    user_auth_token: str,
    *,
    client: Client,
) -> Response[WalletBalanceResponse]:
    """Wallet balance of a linked user

     Reads the wallet balance before initiating a payment (OTP linking flow only). On failure (e.g.
    MERCHANT_USER_NOT_FOUND) `data` holds merchantId, allowPartialPayment and empty `upi` and
    `wallet` objects.

    Args:
        merchant_id (str): Id assigned to the merchant.
        user_auth_token (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[WalletBalanceResponse]
    """

    kwargs = request_parts(
        merchant_id=merchant_id,
        user_auth_token=user_auth_token,
    )

    response = client.get_httpx_client().request(
        **_request_kwargs(client, kwargs),
    )

    return _build_response(client=client, response=response)


def sync(
    merchant_id: str,
    user_auth_token: str,
    *,
    client: Client,
) -> WalletBalanceResponse | None:
    """Wallet balance of a linked user

     Reads the wallet balance before initiating a payment (OTP linking flow only). On failure (e.g.
    MERCHANT_USER_NOT_FOUND) `data` holds merchantId, allowPartialPayment and empty `upi` and
    `wallet` objects.

    Args:
        merchant_id (str): Id assigned to the merchant.
        user_auth_token (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        WalletBalanceResponse
    """

    return sync_detailed(
        merchant_id=merchant_id,
        user_auth_token=user_auth_token,
        client=client,
    ).parsed


async def asyncio_detailed(
    merchant_id: str,
    user_auth_token: str,
    *,
    client: Client,
) -> Response[WalletBalanceResponse]:
    """Wallet balance of a linked user

     Reads the wallet balance before initiating a payment (OTP linking flow only). On failure (e.g.
    MERCHANT_USER_NOT_FOUND) `data` holds merchantId, allowPartialPayment and empty `upi` and
    `wallet` objects.

    Args:
        merchant_id (str): Id assigned to the merchant.
        user_auth_token (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[WalletBalanceResponse]
    """

    kwargs = request_parts(
        merchant_id=merchant_id,
        user_auth_token=user_auth_token,
    )

    response = await client.get_async_httpx_client().request(
        **_request_kwargs(client, kwargs),
    )

    return _build_response(client=client, response=response)


async def asyncio(
    merchant_id: str,
    user_auth_token: str,
    *,
    client: Client,
) -> WalletBalanceResponse | None:
    """Wallet balance of a linked user

     Reads the wallet balance before initiating a payment (OTP linking flow only). On failure (e.g.
    MERCHANT_USER_NOT_FOUND) `data` holds merchantId, allowPartialPayment and empty `upi` and
    `wallet` objects.

    Args:
        merchant_id (str): Id assigned to the merchant.
        user_auth_token (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        WalletBalanceResponse
    """

    return (
        await asyncio_detailed(
            merchant_id=merchant_id,
            user_auth_token=user_auth_token,
            client=client,
        )
    ).parsed
