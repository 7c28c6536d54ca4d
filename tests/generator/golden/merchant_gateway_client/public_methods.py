# Generated from tests/generator/fixtures/mini.yaml by generator/, do not edit.
"""Every typed operation method of Gateway and AsyncGateway, one per server operation, rendered from the spec.

Rendered by generator/public_api.py from one macro for both flavours, so sync and async cannot drift. Each payload
field is a keyword with the generated model's type (nested models also as wire mappings, enums also as their
values; an enum keeps the name the spec gives it, x-enum-name), each request header a keyword, and the docstring is
the spec's text. The overlay's classes inherit these and implement `_call`, the one place with policy (validation,
signing, retries, reconciliation). help() and inspect.signature show a method's keyword form (`_show_fields`).
"""

from __future__ import annotations

import functools
import inspect
from typing import TYPE_CHECKING, Any, Literal, cast, overload

if TYPE_CHECKING:
    from .models import (
        DebitPayload,
        StatusResponse,
        TokenForm,
        TokenResponse,
    )


class GatewayMethods:
    """The operation methods of :class:`merchant_gateway.Gateway` (generated; policy lives in the overlay)."""

    def _call(self, operation: str, payload: object, arguments: dict[str, Any]) -> Any:
        raise NotImplementedError

    @overload
    def debit_v3(
        self,
        payload: DebitPayload,
        /,
        *,
        callback_url: str | None = None,
        redirect_url: str | None = None,
    ) -> str: ...

    @overload
    def debit_v3(
        self,
        payload: None = None,
        /,
        *,
        merchant_id: str | None = None,
        transaction_id: str,
        amount: int,
        merchant_user_id: str | None = None,
        merchant_order_id: str | None = None,
        message: str | None = None,
        callback_url: str | None = None,
        redirect_url: str | None = None,
    ) -> str: ...

    def debit_v3(self, payload: DebitPayload | None = None, /, **arguments: Any) -> str:
        """Start a web payment (redirect)

        Operation debitV3: POST /v3/debit on the base host.

        Payload fields (keywords; or give a payload model positionally):
            merchant_id (merchantId, optional):  Default: the configured merchant id.
            transaction_id (transactionId): (at most 37 characters)
            amount (amount): -
            merchant_user_id (merchantUserId, optional): -
            merchant_order_id (merchantOrderId, optional): -
            message (message, optional): -

        Request headers (keywords):
            callback_url (X-CALLBACK-URL, optional): -
            redirect_url (X-REDIRECT-URL, optional): -

        Raises:
            ValidationError: bad input, named by field; nothing was sent.
            OutcomeUnknown: May move money: once the request may have reached the gateway, any failure (timeout, dropped
                connection, 5xx, INTERNAL_SERVER_ERROR, TIMED_OUT, an unreadable answer) raises OutcomeUnknown; settle
                it with reconcile(transaction_id), never by sending again (x-retry: reconcile-first).
            ApiError (a subclass per gateway code): the gateway answered with an error code.

        Returns:
            the redirect Location sent by the gateway
        """
        return cast("str", self._call("debit_v3", payload, arguments))

    def get_transaction_status(
        self,
        transaction_id: str,
    ) -> StatusResponse:
        """getTransactionStatus

        Operation getTransactionStatus: GET /v3/transaction/{merchantId}/{transactionId}/status on the base host.

        Args:
            transaction_id (transaction_id): -

        Raises:
            ValidationError: bad input, named by field; nothing was sent.
            GatewayConnectionError, GatewayTimeoutError: Retried automatically after failures (x-retry: safe).
            ApiError (a subclass per gateway code): the gateway answered with an error code.

        Returns:
            StatusResponse
        """
        arguments: dict[str, Any] = {
            "transaction_id": transaction_id,
        }
        return cast("StatusResponse", self._call("get_transaction_status", None, arguments))

    def get_transaction_status_apps_host(
        self,
        transaction_id: str,
        *,
        client_id: str | None = None,
    ) -> StatusResponse:
        """getTransactionStatusAppsHost

        Operation getTransactionStatusAppsHost: GET /v3/transaction/{merchantId}/{transactionId}/{statusSegment} on the
        apps host.

        Args:
            transaction_id (transaction_id): -

        Request headers (keywords):
            client_id (X-CLIENT-ID, optional): Default: the configured merchant id (the interface document: unless
                another value was shared).

        Raises:
            ValidationError: bad input, named by field; nothing was sent.
            GatewayConnectionError, GatewayTimeoutError: Retried automatically after failures (x-retry: safe).
            ApiError (a subclass per gateway code): the gateway answered with an error code.

        Returns:
            StatusResponse
        """
        arguments: dict[str, Any] = {
            "transaction_id": transaction_id,
            "client_id": client_id,
        }
        return cast("StatusResponse", self._call("get_transaction_status_apps_host", None, arguments))

    @overload
    def get_authorization_token(
        self,
        payload: TokenForm,
        /,
    ) -> TokenResponse: ...

    @overload
    def get_authorization_token(
        self,
        payload: None = None,
        /,
        *,
        client_id: str,
        client_version: str,
        client_secret: str,
        grant_type: Literal["client_credentials"],
    ) -> TokenResponse: ...

    def get_authorization_token(self, payload: TokenForm | None = None, /, **arguments: Any) -> TokenResponse:
        """getAuthorizationToken

        Operation getAuthorizationToken: POST /v1/oauth/token on the auth host.

        Payload fields (keywords; or give a payload model positionally):
            client_id (client_id): -
            client_version (client_version): -
            client_secret (client_secret): -
            grant_type (grant_type): -

        Raises:
            ValidationError: bad input, named by field; nothing was sent.
            GatewayConnectionError, GatewayTimeoutError: Retried automatically after failures (x-retry: safe).
            ApiError (a subclass per gateway code): the gateway answered with an error code.

        Returns:
            TokenResponse
        """
        return cast("TokenResponse", self._call("get_authorization_token", payload, arguments))


class AsyncGatewayMethods:
    """The operation methods of :class:`merchant_gateway.AsyncGateway` (generated; policy lives in the overlay)."""

    async def _call(self, operation: str, payload: object, arguments: dict[str, Any]) -> Any:
        raise NotImplementedError

    @overload
    async def debit_v3(
        self,
        payload: DebitPayload,
        /,
        *,
        callback_url: str | None = None,
        redirect_url: str | None = None,
    ) -> str: ...

    @overload
    async def debit_v3(
        self,
        payload: None = None,
        /,
        *,
        merchant_id: str | None = None,
        transaction_id: str,
        amount: int,
        merchant_user_id: str | None = None,
        merchant_order_id: str | None = None,
        message: str | None = None,
        callback_url: str | None = None,
        redirect_url: str | None = None,
    ) -> str: ...

    async def debit_v3(self, payload: DebitPayload | None = None, /, **arguments: Any) -> str:
        """Start a web payment (redirect)

        Operation debitV3: POST /v3/debit on the base host.

        Payload fields (keywords; or give a payload model positionally):
            merchant_id (merchantId, optional):  Default: the configured merchant id.
            transaction_id (transactionId): (at most 37 characters)
            amount (amount): -
            merchant_user_id (merchantUserId, optional): -
            merchant_order_id (merchantOrderId, optional): -
            message (message, optional): -

        Request headers (keywords):
            callback_url (X-CALLBACK-URL, optional): -
            redirect_url (X-REDIRECT-URL, optional): -

        Raises:
            ValidationError: bad input, named by field; nothing was sent.
            OutcomeUnknown: May move money: once the request may have reached the gateway, any failure (timeout, dropped
                connection, 5xx, INTERNAL_SERVER_ERROR, TIMED_OUT, an unreadable answer) raises OutcomeUnknown; settle
                it with reconcile(transaction_id), never by sending again (x-retry: reconcile-first).
            ApiError (a subclass per gateway code): the gateway answered with an error code.

        Returns:
            the redirect Location sent by the gateway
        """
        return cast("str", await self._call("debit_v3", payload, arguments))

    async def get_transaction_status(
        self,
        transaction_id: str,
    ) -> StatusResponse:
        """getTransactionStatus

        Operation getTransactionStatus: GET /v3/transaction/{merchantId}/{transactionId}/status on the base host.

        Args:
            transaction_id (transaction_id): -

        Raises:
            ValidationError: bad input, named by field; nothing was sent.
            GatewayConnectionError, GatewayTimeoutError: Retried automatically after failures (x-retry: safe).
            ApiError (a subclass per gateway code): the gateway answered with an error code.

        Returns:
            StatusResponse
        """
        arguments: dict[str, Any] = {
            "transaction_id": transaction_id,
        }
        return cast("StatusResponse", await self._call("get_transaction_status", None, arguments))

    async def get_transaction_status_apps_host(
        self,
        transaction_id: str,
        *,
        client_id: str | None = None,
    ) -> StatusResponse:
        """getTransactionStatusAppsHost

        Operation getTransactionStatusAppsHost: GET /v3/transaction/{merchantId}/{transactionId}/{statusSegment} on the
        apps host.

        Args:
            transaction_id (transaction_id): -

        Request headers (keywords):
            client_id (X-CLIENT-ID, optional): Default: the configured merchant id (the interface document: unless
                another value was shared).

        Raises:
            ValidationError: bad input, named by field; nothing was sent.
            GatewayConnectionError, GatewayTimeoutError: Retried automatically after failures (x-retry: safe).
            ApiError (a subclass per gateway code): the gateway answered with an error code.

        Returns:
            StatusResponse
        """
        arguments: dict[str, Any] = {
            "transaction_id": transaction_id,
            "client_id": client_id,
        }
        return cast("StatusResponse", await self._call("get_transaction_status_apps_host", None, arguments))

    @overload
    async def get_authorization_token(
        self,
        payload: TokenForm,
        /,
    ) -> TokenResponse: ...

    @overload
    async def get_authorization_token(
        self,
        payload: None = None,
        /,
        *,
        client_id: str,
        client_version: str,
        client_secret: str,
        grant_type: Literal["client_credentials"],
    ) -> TokenResponse: ...

    async def get_authorization_token(self, payload: TokenForm | None = None, /, **arguments: Any) -> TokenResponse:
        """getAuthorizationToken

        Operation getAuthorizationToken: POST /v1/oauth/token on the auth host.

        Payload fields (keywords; or give a payload model positionally):
            client_id (client_id): -
            client_version (client_version): -
            client_secret (client_secret): -
            grant_type (grant_type): -

        Raises:
            ValidationError: bad input, named by field; nothing was sent.
            GatewayConnectionError, GatewayTimeoutError: Retried automatically after failures (x-retry: safe).
            ApiError (a subclass per gateway code): the gateway answered with an error code.

        Returns:
            TokenResponse
        """
        return cast("TokenResponse", await self._call("get_authorization_token", payload, arguments))


@functools.cache  # Parameters are immutable: one per distinct "name: type" (most keywords recur across methods)
def _parameter(text: str, keyword: bool) -> inspect.Parameter:
    P = inspect.Parameter
    declared, _, default = text.partition(" = ")
    pname, annotation = declared.split(": ", 1)
    kind = P.KEYWORD_ONLY if keyword else P.POSITIONAL_ONLY
    return P(pname, kind, default=None if default else P.empty, annotation=annotation)


def _show_fields(name: str, result: str, path: tuple[str, ...], payload: str, keywords: tuple[str, ...]) -> None:
    """Give both flavours of a method with a payload the signature of its keyword form, so that help() and
    inspect.signature list every field, header and policy keyword with its type ("name: type", "= None" when
    optional). The implementation itself takes ``**arguments``: a misspelt field then reaches ``_call`` and fails
    with a ValidationError naming it and the payload model."""
    P = inspect.Parameter
    parameters = [P("self", P.POSITIONAL_ONLY)]
    parameters += [_parameter(p, False) for p in (*path, payload)]
    parameters += [_parameter(k, True) for k in keywords]
    signature = inspect.Signature(parameters, return_annotation=result)
    for methods in (GatewayMethods, AsyncGatewayMethods):
        vars(methods)[name].__signature__ = signature


_show_fields(
    "debit_v3",
    "str",
    (),
    "payload: DebitPayload | None = None",
    (
        "merchant_id: str | None = None",
        "transaction_id: str",
        "amount: int",
        "merchant_user_id: str | None = None",
        "merchant_order_id: str | None = None",
        "message: str | None = None",
        "callback_url: str | None = None",
        "redirect_url: str | None = None",
    ),
)


_show_fields(
    "get_authorization_token",
    "TokenResponse",
    (),
    "payload: TokenForm | None = None",
    (
        "client_id: str",
        "client_version: str",
        "client_secret: str",
        "grant_type: Literal['client_credentials']",
    ),
)
