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
from ...models.error_envelope import ErrorEnvelope
from ...models.inline_pay_payload import InlinePayPayload
from ...models.inline_pay_response import InlinePayResponse
from ...models.redirect_mode import RedirectMode
from ...types import UNSET, Response, Unset

# Operation metadata from the spec's x- extensions (docs/design.md); the overlay reads these.
OPERATION_ID: Final[str] = "inlinePay"
HOST: Final[Host] = "base"
SIGNING_MODE: Final[SigningMode] = "body"
SIGNING_PATH: Final[str] = "/v3/merchant/inline/pay"
SIGNING_REQUIRED: Final[bool] = True
BODY_WRAPPING: Final[BodyWrapping] = "base64-json"
FOLLOW_REDIRECTS: Final[bool] = True
RETRY: Final[Retry] = "reconcile-first"


def request_parts(
    *,
    body: Mapping[str, Any],
    x_redirect_url: str | Unset = UNSET,
    x_redirect_mode: RedirectMode | Unset = UNSET,
    x_callback_url: str | Unset = UNSET,
    x_call_mode: CallMode | Unset = CallMode.POST,
) -> dict[str, Any]:
    """The request's parts (method, URL path on the operation's host, headers, body, signing extension), from the
    payload's wire dict: what merchant_gateway's pipeline sends, encoded once."""
    headers: dict[str, Any] = {}
    if not isinstance(x_redirect_url, Unset):
        headers["X-REDIRECT-URL"] = x_redirect_url

    if not isinstance(x_redirect_mode, Unset):
        headers["X-REDIRECT-MODE"] = str(x_redirect_mode)

    if not isinstance(x_callback_url, Unset):
        headers["X-CALLBACK-URL"] = x_callback_url

    if not isinstance(x_call_mode, Unset):
        headers["X-CALL-MODE"] = str(x_call_mode)

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v3/merchant/inline/pay",
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


def _parse_response(*, client: Client, response: httpx.Response) -> ErrorEnvelope | InlinePayResponse | None:
    if response.status_code == 200:
        response_200 = InlinePayResponse.from_dict(response.json())

        return response_200

    if response.status_code == 400:
        response_400 = ErrorEnvelope.from_dict(response.json())

        return response_400

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(*, client: Client, response: httpx.Response) -> Response[ErrorEnvelope | InlinePayResponse]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: Client,
    body: InlinePayPayload,
    x_redirect_url: str | Unset = UNSET,
    x_redirect_mode: RedirectMode | Unset = UNSET,
    x_callback_url: str | Unset = UNSET,
    x_call_mode: CallMode | Unset = CallMode.POST,
) -> Response[ErrorEnvelope | InlinePayResponse]:
    """Inline pay with a selected instrument (POST, direct debit variant)

     Pays with the selected instrument(s) in `paymentSources` (card, wallets, upi INLINE or INTENT).
    Answers PAYMENT_INITIATED with `data.redirectUrl` (card and wallet) or `data.intentURL` and
    `data.package` (UPI intent); the status operation must then be used to learn the outcome.
    `mobileNumber` is required on this POST variant (`x-field-rules`); one of merchantUserId and
    userAuthToken is required on both variants (`InlinePayPayload`).

    Args:
        x_redirect_url (str | Unset):
        x_redirect_mode (RedirectMode | Unset):
        x_callback_url (str | Unset):
        x_call_mode (CallMode | Unset):  Default: CallMode.POST.
        body (InlinePayPayload): Inline pay payload (`/v3/merchant/inline/pay`, POST and GET).
            merchantUserId or userAuthToken is
            required (stated with `if`/`then` in this schema and listed in `x-field-rules`; whether
            both may be
            sent together is not shown).
            mobileNumber is required on the POST (direct debit) variant only: that rule is the
            inlinePay
            operation's `x-field-rules` (one payload schema serves both variants).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorEnvelope | InlinePayResponse]
    """

    kwargs = request_parts(
        body=body.to_dict(),
        x_redirect_url=x_redirect_url,
        x_redirect_mode=x_redirect_mode,
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
    body: InlinePayPayload,
    x_redirect_url: str | Unset = UNSET,
    x_redirect_mode: RedirectMode | Unset = UNSET,
    x_callback_url: str | Unset = UNSET,
    x_call_mode: CallMode | Unset = CallMode.POST,
) -> ErrorEnvelope | InlinePayResponse | None:
    """Inline pay with a selected instrument (POST, direct debit variant)

     Pays with the selected instrument(s) in `paymentSources` (card, wallets, upi INLINE or INTENT).
    Answers PAYMENT_INITIATED with `data.redirectUrl` (card and wallet) or `data.intentURL` and
    `data.package` (UPI intent); the status operation must then be used to learn the outcome.
    `mobileNumber` is required on this POST variant (`x-field-rules`); one of merchantUserId and
    userAuthToken is required on both variants (`InlinePayPayload`).

    Args:
        x_redirect_url (str | Unset):
        x_redirect_mode (RedirectMode | Unset):
        x_callback_url (str | Unset):
        x_call_mode (CallMode | Unset):  Default: CallMode.POST.
        body (InlinePayPayload): Inline pay payload (`/v3/merchant/inline/pay`, POST and GET).
            merchantUserId or userAuthToken is
            required (stated with `if`/`then` in this schema and listed in `x-field-rules`; whether
            both may be
            sent together is not shown).
            mobileNumber is required on the POST (direct debit) variant only: that rule is the
            inlinePay
            operation's `x-field-rules` (one payload schema serves both variants).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorEnvelope | InlinePayResponse
    """

    return sync_detailed(
        client=client,
        body=body,
        x_redirect_url=x_redirect_url,
        x_redirect_mode=x_redirect_mode,
        x_callback_url=x_callback_url,
        x_call_mode=x_call_mode,
    ).parsed


async def asyncio_detailed(
    *,
    client: Client,
    body: InlinePayPayload,
    x_redirect_url: str | Unset = UNSET,
    x_redirect_mode: RedirectMode | Unset = UNSET,
    x_callback_url: str | Unset = UNSET,
    x_call_mode: CallMode | Unset = CallMode.POST,
) -> Response[ErrorEnvelope | InlinePayResponse]:
    """Inline pay with a selected instrument (POST, direct debit variant)

     Pays with the selected instrument(s) in `paymentSources` (card, wallets, upi INLINE or INTENT).
    Answers PAYMENT_INITIATED with `data.redirectUrl` (card and wallet) or `data.intentURL` and
    `data.package` (UPI intent); the status operation must then be used to learn the outcome.
    `mobileNumber` is required on this POST variant (`x-field-rules`); one of merchantUserId and
    userAuthToken is required on both variants (`InlinePayPayload`).

    Args:
        x_redirect_url (str | Unset):
        x_redirect_mode (RedirectMode | Unset):
        x_callback_url (str | Unset):
        x_call_mode (CallMode | Unset):  Default: CallMode.POST.
        body (InlinePayPayload): Inline pay payload (`/v3/merchant/inline/pay`, POST and GET).
            merchantUserId or userAuthToken is
            required (stated with `if`/`then` in this schema and listed in `x-field-rules`; whether
            both may be
            sent together is not shown).
            mobileNumber is required on the POST (direct debit) variant only: that rule is the
            inlinePay
            operation's `x-field-rules` (one payload schema serves both variants).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorEnvelope | InlinePayResponse]
    """

    kwargs = request_parts(
        body=body.to_dict(),
        x_redirect_url=x_redirect_url,
        x_redirect_mode=x_redirect_mode,
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
    body: InlinePayPayload,
    x_redirect_url: str | Unset = UNSET,
    x_redirect_mode: RedirectMode | Unset = UNSET,
    x_callback_url: str | Unset = UNSET,
    x_call_mode: CallMode | Unset = CallMode.POST,
) -> ErrorEnvelope | InlinePayResponse | None:
    """Inline pay with a selected instrument (POST, direct debit variant)

     Pays with the selected instrument(s) in `paymentSources` (card, wallets, upi INLINE or INTENT).
    Answers PAYMENT_INITIATED with `data.redirectUrl` (card and wallet) or `data.intentURL` and
    `data.package` (UPI intent); the status operation must then be used to learn the outcome.
    `mobileNumber` is required on this POST variant (`x-field-rules`); one of merchantUserId and
    userAuthToken is required on both variants (`InlinePayPayload`).

    Args:
        x_redirect_url (str | Unset):
        x_redirect_mode (RedirectMode | Unset):
        x_callback_url (str | Unset):
        x_call_mode (CallMode | Unset):  Default: CallMode.POST.
        body (InlinePayPayload): Inline pay payload (`/v3/merchant/inline/pay`, POST and GET).
            merchantUserId or userAuthToken is
            required (stated with `if`/`then` in this schema and listed in `x-field-rules`; whether
            both may be
            sent together is not shown).
            mobileNumber is required on the POST (direct debit) variant only: that rule is the
            inlinePay
            operation's `x-field-rules` (one payload schema serves both variants).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorEnvelope | InlinePayResponse
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
            x_redirect_url=x_redirect_url,
            x_redirect_mode=x_redirect_mode,
            x_callback_url=x_callback_url,
            x_call_mode=x_call_mode,
        )
    ).parsed
