# Generated from spec/openapi.yaml by generator/, do not edit.
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
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, Literal, cast, overload

if TYPE_CHECKING:
    from .models import (
        CallbackMode,
        CallMode,
        CardPaymentSource,
        CollectPayload,
        CollectResponse,
        DebitIntentPayload,
        DebitPayload,
        DebitV4Response,
        DeferredFulfillPayload,
        DeferredFulfillResponse,
        DeviceContext,
        InlinePayPayload,
        InlinePayResponse,
        InstantDebitPayload,
        InstantDebitResponse,
        InstrumentType,
        MerchantContext,
        OtpRequestType,
        OtpSendPayload,
        OtpSendResponse,
        OtpVerifyPayload,
        OtpVerifyResponse,
        PaymentOptionsPayload,
        PaymentOptionsResponse,
        PaymentScope,
        RedirectMode,
        RefundResponse,
        RefundV3Payload,
        RefundV4Payload,
        SdkLessInitiatePayload,
        SdkLessInitiateResponse,
        SsoAccessPayload,
        SsoAccessResponse,
        SsoUserDetailsResponse,
        TestCallbackRequest,
        TestCallbackResponse,
        TokenResponse,
        TransactionStatusResponse,
        UnlinkPayload,
        UnlinkResponse,
        UpiPaymentSource,
        WalletBalanceResponse,
        WalletsPaymentSource,
    )


class GatewayMethods:
    """The operation methods of :class:`merchant_gateway.Gateway` (generated; policy lives in the overlay)."""

    def _call(self, operation: str, payload: object, arguments: dict[str, Any]) -> Any:
        raise NotImplementedError

    def get_authorization_token(
        self,
    ) -> TokenResponse:
        """Issue an authorization token (client credentials)

        Obtains (and refreshes) the authorization token for the newer standard checkout APIs. The path is identical in
        sandbox and production; only the host differs. Rely on `access_token` and `expires_at`; refresh with the same
        call before `expires_at`. Later checkout calls carry the token in the Authorization header (exact value format
        beyond token_type: not shown).

        Not shown in the interface document: The exact Authorization header value format beyond token_type.

        Not shown in the interface document: Error answers of the token call.

        Operation getAuthorizationToken: POST /v1/oauth/token on the auth host.

        Raises:
            ValidationError: bad input, named by field; nothing was sent.
            GatewayConnectionError, GatewayTimeoutError: Retried automatically after failures (x-retry: safe).
            ApiError (a subclass per gateway code): the gateway answered with an error code.

        Returns:
            TokenResponse
        """
        arguments: dict[str, Any] = {}
        return cast("TokenResponse", self._call("get_authorization_token", None, arguments))

    @overload
    def debit_v3(
        self,
        payload: DebitPayload,
        /,
        *,
        redirect_url: str | None = None,
        redirect_mode: RedirectMode | Literal["POST", "REDIRECT"] | None = None,
        callback_url: str | None = None,
        call_mode: CallMode | Literal["POST", "PUT"] | None = None,
        provider_id: str | None = None,
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
        user_auth_token: str | None = None,
        merchant_order_id: str | None = None,
        sub_merchant: str | None = None,
        mobile_number: str | None = None,
        message: str | None = None,
        email: str | None = None,
        short_name: str | None = None,
        merchant_context: MerchantContext | Mapping[str, object] | None = None,
        redirect_url: str | None = None,
        redirect_mode: RedirectMode | Literal["POST", "REDIRECT"] | None = None,
        callback_url: str | None = None,
        call_mode: CallMode | Literal["POST", "PUT"] | None = None,
        provider_id: str | None = None,
    ) -> str: ...

    def debit_v3(self, payload: DebitPayload | None = None, /, **arguments: Any) -> str:
        """Debit v3 (web redirect; also the mobile SDK apiEndPoint)

        Starts a web redirect payment. The answer is a redirect to the payments page: the caller must disable redirect
        following, and the `Location` value is appended to the host.

        Mobile SDK: `/v3/debit` is also the SDK's `apiEndPoint`. The merchant server builds the base64 body (`request`)
        and the X-VERIFY checksum exactly as for this operation (DebitPayload, signing path `/v3/debit`) and sends them
        with the endpoint and transactionId to the app; the SDK starts the payment (optional SDK headers X-CALLBACK-URL,
        X-CALL-MODE, X-PROVIDER-ID). The SDK's completion handler only reports that the UI flow ended: the merchant
        calls the status operation.

        Operation debitV3: POST /v3/debit on the base host.

        Payload fields (keywords; or give a payload model positionally):
            merchant_id (merchantId, optional): Id assigned to the merchant. (at least 1 characters) Default: the
                configured merchant id.
            transaction_id (transactionId): Merchant-generated unique transaction id; length < 38 characters. Limited by
                this project to characters that need no percent-encoding in a URL path (letters, digits, `-`, `.`, `_`,
                `~`): the id goes into the status path, and how the gateway signs a percent-encoded path is not shown,
                so any other character could make the payment unreadable. (at most 37 characters, at least 1 characters,
                pattern ^[A-Za-z0-9._~-]+$)
            amount (amount): Amount in paise (integer, Long). (>= 1)
            merchant_user_id (merchantUserId, optional): Pre-logs the user in. Required except for guest users. Not
                together with userAuthToken; avoid email or mobile number here.
            user_auth_token (userAuthToken, optional): Only in the OTP linking flow. Pre-logs the user in; without it
                unauthenticated users are sent to a login page.
            merchant_order_id (merchantOrderId, optional): Merchant's order id; length < 48 characters. (at most 47
                characters, at least 1 characters)
            sub_merchant (subMerchant, optional): Only when several merchants are tagged under one merchant id.
            mobile_number (mobileNumber, optional): User's mobile number.
            message (message, optional): Shown to the user on completion.
            email (email, optional): User's email.
            short_name (shortName, optional): Pre-filled name for registration.
            merchant_context (merchantContext, optional): Only if deep offers are allocated.

        Request headers (keywords):
            redirect_url (X-REDIRECT-URL, optional): Merchant URL the user is sent to after the payment UI flow (UI
                callback target).
            redirect_mode (X-REDIRECT-MODE, optional): How the user is sent to X-REDIRECT-URL: REDIRECT (browser
                redirect) or POST (form post, see the uiCallback webhook). The interface document gives the default as
                "REDIRECT/POST"; send the header explicitly. (one of REDIRECT, POST)
            callback_url (X-CALLBACK-URL, optional): Per-request server-to-server callback URL; wins over the URL
                registered with the service.
            call_mode (X-CALL-MODE, optional): HTTP method of the server-to-server callback (POST or PUT; default POST).
                (one of POST, PUT) Default: POST, the documented default.
            provider_id (X-PROVIDER-ID, optional): Used when the merchant has several merchant ids.

        Field rules (x-field-rules, checked before sending):
            at-most-one-of: merchantUserId, userAuthToken

        Codes (x-codes: what each code means on this operation):
            PAYMENT_ERROR (failed): Payment failed (also: payment service or gateway down).
            INVALID_TRANSACTION_ID (duplicate): Duplicate transaction id: this transactionId was used before, so a
                payment under it may exist (and may be paid). Never a failed payment: learn that payment's status with
                the status operation; start a new payment only under a new id once that status is known.
            INVALID_USER_AUTH_TOKEN (rejected): userAuthToken invalid, expired or not mapped to the merchant; show the
                linking flow again.
            BAD_REQUEST (rejected): Invalid payload or a mandatory parameter missing.
            AUTHORIZATION_FAILED (rejected): Incorrect X-VERIFY (checksum).
            INTERNAL_SERVER_ERROR (unknown): Something went wrong; the payment may have been started: check the status
                before retrying.

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

    @overload
    def debit_v4_web(
        self,
        payload: DebitPayload,
        /,
        *,
        redirect_url: str | None = None,
        redirect_mode: RedirectMode | Literal["POST", "REDIRECT"] | None = None,
        callback_url: str | None = None,
        call_mode: CallMode | Literal["POST", "PUT"] | None = None,
        provider_id: str | None = None,
    ) -> DebitV4Response: ...

    @overload
    def debit_v4_web(
        self,
        payload: None = None,
        /,
        *,
        merchant_id: str | None = None,
        transaction_id: str,
        amount: int,
        merchant_user_id: str | None = None,
        user_auth_token: str | None = None,
        merchant_order_id: str | None = None,
        sub_merchant: str | None = None,
        mobile_number: str | None = None,
        message: str | None = None,
        email: str | None = None,
        short_name: str | None = None,
        merchant_context: MerchantContext | Mapping[str, object] | None = None,
        redirect_url: str | None = None,
        redirect_mode: RedirectMode | Literal["POST", "REDIRECT"] | None = None,
        callback_url: str | None = None,
        call_mode: CallMode | Literal["POST", "PUT"] | None = None,
        provider_id: str | None = None,
    ) -> DebitV4Response: ...

    def debit_v4_web(self, payload: DebitPayload | None = None, /, **arguments: Any) -> DebitV4Response:
        """Debit v4 (web)

        Starts a web payment; the envelope carries `data.redirectType` (WEB) and `data.redirectURL` (loaded in a web
        view; the redirect URL and mode headers are used). The URL path ends with `/`; the signing path is `/v4/debit`
        (no trailing slash).

        Operation debitV4Web: POST /v4/debit/ on the base host.

        Payload fields (keywords; or give a payload model positionally):
            merchant_id (merchantId, optional): Id assigned to the merchant. (at least 1 characters) Default: the
                configured merchant id.
            transaction_id (transactionId): Merchant-generated unique transaction id; length < 38 characters. Limited by
                this project to characters that need no percent-encoding in a URL path (letters, digits, `-`, `.`, `_`,
                `~`): the id goes into the status path, and how the gateway signs a percent-encoded path is not shown,
                so any other character could make the payment unreadable. (at most 37 characters, at least 1 characters,
                pattern ^[A-Za-z0-9._~-]+$)
            amount (amount): Amount in paise (integer, Long). (>= 1)
            merchant_user_id (merchantUserId, optional): Pre-logs the user in. Required except for guest users. Not
                together with userAuthToken; avoid email or mobile number here.
            user_auth_token (userAuthToken, optional): Only in the OTP linking flow. Pre-logs the user in; without it
                unauthenticated users are sent to a login page.
            merchant_order_id (merchantOrderId, optional): Merchant's order id; length < 48 characters. (at most 47
                characters, at least 1 characters)
            sub_merchant (subMerchant, optional): Only when several merchants are tagged under one merchant id.
            mobile_number (mobileNumber, optional): User's mobile number.
            message (message, optional): Shown to the user on completion.
            email (email, optional): User's email.
            short_name (shortName, optional): Pre-filled name for registration.
            merchant_context (merchantContext, optional): Only if deep offers are allocated.

        Request headers (keywords):
            redirect_url (X-REDIRECT-URL, optional): Merchant URL the user is sent to after the payment UI flow (UI
                callback target).
            redirect_mode (X-REDIRECT-MODE, optional): How the user is sent to X-REDIRECT-URL: REDIRECT (browser
                redirect) or POST (form post, see the uiCallback webhook). The interface document gives the default as
                "REDIRECT/POST"; send the header explicitly. (one of REDIRECT, POST)
            callback_url (X-CALLBACK-URL, optional): Per-request server-to-server callback URL; wins over the URL
                registered with the service.
            call_mode (X-CALL-MODE, optional): HTTP method of the server-to-server callback (POST or PUT; default POST).
                (one of POST, PUT) Default: POST, the documented default.
            provider_id (X-PROVIDER-ID, optional): Used when the merchant has several merchant ids.

        Field rules (x-field-rules, checked before sending):
            at-most-one-of: merchantUserId, userAuthToken

        Codes (x-codes: what each code means on this operation):
            PAYMENT_SUCCESS (accepted): The debit request was accepted and data carries where the user pays
                (redirectType WEB: the payments page URL in redirectURL). The user has not paid yet: this is NOT a paid
                order (the document's code table reads PAYMENT_SUCCESS as 'Payment successful', but on this answer the
                payment flow has not happened). Learn the outcome with the status operation after the flow finishes (or
                from the server-to-server callback).
            PAYMENT_ERROR (failed): Payment failed (also: payment service or gateway down).
            INVALID_TRANSACTION_ID (duplicate): Duplicate transaction id: this transactionId was used before, so a
                payment under it may exist (and may be paid). Never a failed payment: learn that payment's status with
                the status operation; start a new payment only under a new id once that status is known.
            INVALID_USER_AUTH_TOKEN (rejected): userAuthToken invalid, expired or not mapped to the merchant; show the
                linking flow again.
            BAD_REQUEST (rejected): Invalid payload or a mandatory parameter missing.
            AUTHORIZATION_FAILED (rejected): Incorrect X-VERIFY (checksum).
            INTERNAL_SERVER_ERROR (unknown): Something went wrong; the payment may have been started: check the status
                before retrying.

        Raises:
            ValidationError: bad input, named by field; nothing was sent.
            OutcomeUnknown: May move money: once the request may have reached the gateway, any failure (timeout, dropped
                connection, 5xx, INTERNAL_SERVER_ERROR, TIMED_OUT, an unreadable answer) raises OutcomeUnknown; settle
                it with reconcile(transaction_id), never by sending again (x-retry: reconcile-first).
            ApiError (a subclass per gateway code): the gateway answered with an error code.

        Returns:
            DebitV4Response
        """
        return cast("DebitV4Response", self._call("debit_v4_web", payload, arguments))

    @overload
    def debit_v4_intent(
        self,
        payload: DebitIntentPayload,
        /,
        *,
        callback_url: str | None = None,
        call_mode: CallMode | Literal["POST", "PUT"] | None = None,
    ) -> DebitV4Response: ...

    @overload
    def debit_v4_intent(
        self,
        payload: None = None,
        /,
        *,
        merchant_id: str | None = None,
        transaction_id: str,
        amount: int,
        merchant_order_id: str,
        payment_scope: PaymentScope | Literal["PLATFORM"],
        device_context: DeviceContext | Mapping[str, object],
        merchant_user_id: str | None = None,
        user_auth_token: str | None = None,
        sub_merchant: str | None = None,
        mobile_number: str | None = None,
        message: str | None = None,
        email: str | None = None,
        short_name: str | None = None,
        merchant_context: MerchantContext | Mapping[str, object] | None = None,
        callback_url: str | None = None,
        call_mode: CallMode | Literal["POST", "PUT"] | None = None,
    ) -> DebitV4Response: ...

    def debit_v4_intent(self, payload: DebitIntentPayload | None = None, /, **arguments: Any) -> DebitV4Response:
        """Debit v4 intent variant (UPI intent URI)

        Intent (deep link) flow. The merchant app checks that the wallet app is installed and sends its version code to
        its server; the server requests the intent URL (`paymentScope` PLATFORM and
        `deviceContext.platformVersionCode`), and the app opens `data.redirectURL` in the wallet app. Only
        X-CALLBACK-URL and X-CALL-MODE are listed for this variant.

        Operation debitV4Intent: POST /v4/debit on the base host.

        Payload fields (keywords; or give a payload model positionally):
            merchant_id (merchantId, optional): Id assigned to the merchant. (at least 1 characters) Default: the
                configured merchant id.
            transaction_id (transactionId): Merchant-generated unique transaction id; length < 38 characters. Limited by
                this project to characters that need no percent-encoding in a URL path (letters, digits, `-`, `.`, `_`,
                `~`): the id goes into the status path, and how the gateway signs a percent-encoded path is not shown,
                so any other character could make the payment unreadable. (at most 37 characters, at least 1 characters,
                pattern ^[A-Za-z0-9._~-]+$)
            amount (amount): Amount in paise (integer, Long). (>= 1)
            merchant_order_id (merchantOrderId): Merchant's order id; length < 48 characters. (at most 47 characters, at
                least 1 characters)
            payment_scope (paymentScope): Must be PLATFORM. (one of PLATFORM)
            device_context (deviceContext): Device facts of the intent variant.
            merchant_user_id (merchantUserId, optional): Pre-logs the user in. Required except for guest users. Not
                together with userAuthToken.
            user_auth_token (userAuthToken, optional): Only in the OTP linking flow.
            sub_merchant (subMerchant, optional): Only when several merchants are tagged under one merchant id.
            mobile_number (mobileNumber, optional): -
            message (message, optional): Shown to the user on completion.
            email (email, optional): -
            short_name (shortName, optional): Pre-filled name for registration.
            merchant_context (merchantContext, optional): Only if deep offers are allocated.

        Request headers (keywords):
            callback_url (X-CALLBACK-URL, optional): Per-request server-to-server callback URL; wins over the URL
                registered with the service.
            call_mode (X-CALL-MODE, optional): HTTP method of the server-to-server callback (POST or PUT; default POST).
                (one of POST, PUT) Default: POST, the documented default.

        Field rules (x-field-rules, checked before sending):
            at-most-one-of: merchantUserId, userAuthToken

        Codes (x-codes: what each code means on this operation):
            PAYMENT_SUCCESS (accepted): The debit request was accepted and data carries where the user pays
                (redirectType INTENT: the UPI intent URI in redirectURL). The user has not paid yet: this is NOT a paid
                order (the document's code table reads PAYMENT_SUCCESS as 'Payment successful', but on this answer the
                payment flow has not happened). Learn the outcome with the status operation after the flow finishes (or
                from the server-to-server callback).
            PAYMENT_ERROR (failed): Payment failed (also: payment service or gateway down).
            INVALID_TRANSACTION_ID (duplicate): Duplicate transaction id: this transactionId was used before, so a
                payment under it may exist (and may be paid). Never a failed payment: learn that payment's status with
                the status operation; start a new payment only under a new id once that status is known.
            INVALID_USER_AUTH_TOKEN (rejected): userAuthToken invalid, expired or not mapped to the merchant; show the
                linking flow again.
            BAD_REQUEST (rejected): Invalid payload or a mandatory parameter missing.
            AUTHORIZATION_FAILED (rejected): Incorrect X-VERIFY (checksum).
            INTERNAL_SERVER_ERROR (unknown): Something went wrong; the payment may have been started: check the status
                before retrying.

        Raises:
            ValidationError: bad input, named by field; nothing was sent.
            OutcomeUnknown: May move money: once the request may have reached the gateway, any failure (timeout, dropped
                connection, 5xx, INTERNAL_SERVER_ERROR, TIMED_OUT, an unreadable answer) raises OutcomeUnknown; settle
                it with reconcile(transaction_id), never by sending again (x-retry: reconcile-first).
            ApiError (a subclass per gateway code): the gateway answered with an error code.

        Returns:
            DebitV4Response
        """
        return cast("DebitV4Response", self._call("debit_v4_intent", payload, arguments))

    def get_transaction_status(
        self,
        transaction_id: str,
        *,
        expected_amount: int | None = None,
    ) -> TransactionStatusResponse:
        """Transaction status (base host)

        Status of a payment (or refund) by merchant transaction id. Must be called after any payment flow finishes
        (redirect back, SDK completion, callback); the amount must be cross-checked with the forward payment. Decisions
        use `code`; paymentState and payResponseCode are informative. While PAYMENT_PENDING, poll until the status
        changes.

        TRANSACTION_NOT_FOUND (payment not initiated; `data` is `{}`): the interface document shows no HTTP status for
        it (no code is mapped to an HTTP status except 429), so it is described under HTTP 200
        (`TransactionStatusResponse`) and HTTP 400 (`ErrorEnvelope`): read it by `code` under either.

        Not shown in the interface document: The HTTP status of TRANSACTION_NOT_FOUND (described under 200 and 400).

        Operation getTransactionStatus: GET /v3/transaction/{merchantId}/{transactionId}/status on the base host.

        Args:
            transaction_id (transaction_id): The merchant's transaction id (length < 38). (at most 37 characters; at
                least 1 characters; pattern ^[A-Za-z0-9._~-]+$)

        Codes (x-codes: what each code means on this operation):
            PAYMENT_SUCCESS (succeeded): The payment (or refund) is successful; cross-check data.amount with the forward
                payment.
            PAYMENT_PENDING (pending): Pending, not a failure: poll the status again until it changes.
            PAYMENT_ERROR (failed): The payment (or refund) failed.
            PAYMENT_DECLINED (failed): Declined by the user.
            PAYMENT_CANCELLED (failed): Cancelled by the merchant through the cancel operation (not shown).
            TRANSACTION_NOT_FOUND (not-found): Payment not initiated: no transaction for this merchant and transaction
                id; data is {}. Its HTTP status is not shown (200 and 400 are both described): read it by code.
            BAD_REQUEST (rejected): Invalid payload or a mandatory parameter missing.
            AUTHORIZATION_FAILED (rejected): Incorrect X-VERIFY (checksum).
            INTERNAL_SERVER_ERROR (unknown): Something went wrong; nothing was read (a read may be repeated).

        Policy:
            expected_amount: the amount in paise a success must carry (the forward payment's); default: the amount this
                client sent under the transaction id. With neither, a success is unconfirmed; another amount raises
                AmountMismatchError (do not fulfil the order).

        Raises:
            ValidationError: bad input, named by field; nothing was sent.
            GatewayConnectionError, GatewayTimeoutError: Retried automatically after failures (x-retry: safe).
            ApiError (a subclass per gateway code): the gateway answered with an error code.

        Returns:
            TransactionStatusResponse
        """
        arguments: dict[str, Any] = {
            "transaction_id": transaction_id,
            "expected_amount": expected_amount,
        }
        return cast("TransactionStatusResponse", self._call("get_transaction_status", None, arguments))

    def get_transaction_status_apps_host(
        self,
        transaction_id: str,
        *,
        client_id: str | None = None,
        expected_amount: int | None = None,
    ) -> TransactionStatusResponse:
        """Transaction status (apps host)

        The same status call served by the apps host. Its URL is
        `{apps_url}/v3/transaction/{merchantId}/{transactionId}/status`: the last segment is the path parameter
        `statusSegment` whose only value is `status` (OpenAPI forbids two path items with the same templated path, so
        the apps-host operation is written with a templated last segment and operation-level apps-host servers; see
        spec/README.md). The signing path is `/v3/transaction/{merchantId}/{transactionId}/status`. The answer may also
        carry `data.status`; INVALID_TRANSACTION_ID here means a wrong id.

        TRANSACTION_NOT_FOUND (`data` is `{}`) is described under HTTP 200 and HTTP 400: its HTTP status is not shown,
        so read it by `code` under either.

        Not shown in the interface document: The HTTP status of TRANSACTION_NOT_FOUND (described under 200 and 400).

        Operation getTransactionStatusAppsHost: GET /v3/transaction/{merchantId}/{transactionId}/{statusSegment} on the
        apps host.

        Args:
            transaction_id (transaction_id): The merchant's transaction id (length < 38). (at most 37 characters; at
                least 1 characters; pattern ^[A-Za-z0-9._~-]+$)

        Request headers (keywords):
            client_id (X-CLIENT-ID, optional): Merchant id on apps-host calls, unless another value was shared (default
                is the merchant id). Default: the configured merchant id (the interface document: unless another value
                was shared).

        Codes (x-codes: what each code means on this operation):
            PAYMENT_SUCCESS (succeeded): The payment (or refund) is successful; cross-check data.amount with the forward
                payment.
            PAYMENT_PENDING (pending): Pending, not a failure: poll the status again until it changes.
            PAYMENT_ERROR (failed): The payment (or refund) failed.
            PAYMENT_DECLINED (failed): Declined by the user.
            PAYMENT_CANCELLED (failed): Cancelled by the merchant through the cancel operation (not shown).
            TRANSACTION_NOT_FOUND (not-found): Payment not initiated: no transaction for this merchant and transaction
                id; data is {}. Its HTTP status is not shown (200 and 400 are both described): read it by code.
            INVALID_TRANSACTION_ID (rejected): On the apps-host status: a wrong transaction id.
            API_RATE_LIMIT_REACHED (rejected): Call limit breached (HTTP 429, API_LIMIT and TIME_WINDOW); not processed:
                retry after the window.
            BAD_REQUEST (rejected): Invalid payload or a mandatory parameter missing.
            AUTHORIZATION_FAILED (rejected): Incorrect X-VERIFY (checksum).
            INTERNAL_SERVER_ERROR (unknown): Something went wrong; nothing was read (a read may be repeated).

        Policy:
            expected_amount: the amount in paise a success must carry (the forward payment's); default: the amount this
                client sent under the transaction id. With neither, a success is unconfirmed; another amount raises
                AmountMismatchError (do not fulfil the order).

        Raises:
            ValidationError: bad input, named by field; nothing was sent.
            GatewayConnectionError, GatewayTimeoutError: Retried automatically after failures (x-retry: safe).
            ApiError (a subclass per gateway code): the gateway answered with an error code.

        Returns:
            TransactionStatusResponse
        """
        arguments: dict[str, Any] = {
            "transaction_id": transaction_id,
            "client_id": client_id,
            "expected_amount": expected_amount,
        }
        return cast("TransactionStatusResponse", self._call("get_transaction_status_apps_host", None, arguments))

    @overload
    def refund_v3(
        self,
        payload: RefundV3Payload,
        /,
        *,
        original_amount: int | None = None,
    ) -> RefundResponse: ...

    @overload
    def refund_v3(
        self,
        payload: None = None,
        /,
        *,
        merchant_id: str | None = None,
        transaction_id: str,
        amount: int,
        merchant_order_id: str,
        message: str,
        original_transaction_id: str | None = None,
        provider_reference_id: str | None = None,
        sub_merchant: str | None = None,
        original_amount: int | None = None,
    ) -> RefundResponse: ...

    def refund_v3(self, payload: RefundV3Payload | None = None, /, **arguments: Any) -> RefundResponse:
        """Refund v3 (base host)

        Refunds a payment fully or partly back to the original source. The refund's transactionId must differ from the
        debit's. PAYMENT_SUCCESS means the refund succeeded. On INTERNAL_SERVER_ERROR or TIMED_OUT the refund may
        already have been initiated: check status before retrying. The URL path ends with `/`; the signing path is
        `/v3/credit/backToSource`.

        TRANSACTION_NOT_FOUND (original transaction not found) is described under HTTP 200 and HTTP 400: its HTTP status
        is not shown, so read it by `code` under either.

        Not shown in the interface document: The HTTP status of TRANSACTION_NOT_FOUND (described under 200 and 400).

        Operation refundV3: POST /v3/credit/backToSource/ on the base host.

        Payload fields (keywords; or give a payload model positionally):
            merchant_id (merchantId, optional): Id assigned to the merchant. (at least 1 characters) Default: the
                configured merchant id.
            transaction_id (transactionId): Merchant-generated unique transaction id; length < 38 characters. Limited by
                this project to characters that need no percent-encoding in a URL path (letters, digits, `-`, `.`, `_`,
                `~`): the id goes into the status path, and how the gateway signs a percent-encoded path is not shown,
                so any other character could make the payment unreadable. (at most 37 characters, at least 1 characters,
                pattern ^[A-Za-z0-9._~-]+$)
            amount (amount): Amount in paise (integer, Long). (>= 1)
            merchant_order_id (merchantOrderId): Merchant's order id; length < 48 characters. (at most 47 characters, at
                least 1 characters)
            message (message): Refund message.
            original_transaction_id (originalTransactionId, optional): Merchant transaction id of the forward payment
                (one of originalTransactionId and providerReferenceId).
            provider_reference_id (providerReferenceId, optional): The service's id of the forward payment (one of
                originalTransactionId and providerReferenceId).
            sub_merchant (subMerchant, optional): Tag (v3 path).

        Field rules (x-field-rules, checked before sending):
            exactly-one-of: originalTransactionId, providerReferenceId

        Codes (x-codes: what each code means on this operation):
            PAYMENT_SUCCESS (succeeded): The refund is successful.
            PAYMENT_PENDING (pending): The refund is pending, not a failure: check the status (of the refund's
                transactionId) until it changes.
            PAYMENT_ERROR (failed): The refund failed; data.payResponseCode tells why (WALLET_NOT_ACTIVATED: the user
                disabled the wallet, contact the user for the refund source). Two payResponseCode values change the
                meaning (refine).
            TRANSACTION_NOT_FOUND (not-found): Original transaction not found. Its HTTP status is not shown (200 and 400
                are both described): read it by code.
            TIMED_OUT (unknown): The refund timed out; it may already have been initiated: check the status before
                retrying.
            BAD_REQUEST (rejected): Invalid payload or a mandatory parameter missing.
            AUTHORIZATION_FAILED (rejected): Incorrect X-VERIFY (checksum).
            INTERNAL_SERVER_ERROR (unknown): Something went wrong; the refund may already have been initiated: check the
                status before retrying.

        Policy:
            original_amount: the payment's amount in paise; the refund amount must not exceed it (an amount this client
                sent or read is used when not given).

        Raises:
            ValidationError: bad input, named by field; nothing was sent.
            OutcomeUnknown: May move money: once the request may have reached the gateway, any failure (timeout, dropped
                connection, 5xx, INTERNAL_SERVER_ERROR, TIMED_OUT, an unreadable answer) raises OutcomeUnknown; settle
                it with reconcile(transaction_id), never by sending again (x-retry: reconcile-first).
            ApiError (a subclass per gateway code): the gateway answered with an error code.

        Returns:
            RefundResponse
        """
        return cast("RefundResponse", self._call("refund_v3", payload, arguments))

    @overload
    def refund_v4(
        self,
        payload: RefundV4Payload,
        /,
        *,
        callback_url: str | None = None,
        callback_mode: CallbackMode | Literal["POST", "PUT"] | None = None,
        original_amount: int | None = None,
    ) -> RefundResponse: ...

    @overload
    def refund_v4(
        self,
        payload: None = None,
        /,
        *,
        merchant_id: str | None = None,
        transaction_id: str,
        amount: int,
        merchant_order_id: str,
        message: str,
        original_transaction_id: str | None = None,
        provider_reference_id: str | None = None,
        sub_merchant_id: str | None = None,
        callback_url: str | None = None,
        callback_mode: CallbackMode | Literal["POST", "PUT"] | None = None,
        original_amount: int | None = None,
    ) -> RefundResponse: ...

    def refund_v4(self, payload: RefundV4Payload | None = None, /, **arguments: Any) -> RefundResponse:
        """Refund v4 (base host)

        Refund with `subMerchantId`; optional X-CALLBACK-URL (dynamic server callback) and X-CALLBACK-MODE (POST or PUT,
        default POST). Answers e.g. PAYMENT_PENDING. A passed refund window answers REVERSAL_WINDOW_EXCEEDED (process
        the refund manually).

        TRANSACTION_NOT_FOUND (original transaction not found) is described under HTTP 200 and HTTP 400: its HTTP status
        is not shown, so read it by `code` under either.

        Not shown in the interface document: The HTTP status of TRANSACTION_NOT_FOUND (described under 200 and 400).

        Operation refundV4: POST /v4/credit/backToSource on the base host.

        Payload fields (keywords; or give a payload model positionally):
            merchant_id (merchantId, optional): Id assigned to the merchant. (at least 1 characters) Default: the
                configured merchant id.
            transaction_id (transactionId): Merchant-generated unique transaction id; length < 38 characters. Limited by
                this project to characters that need no percent-encoding in a URL path (letters, digits, `-`, `.`, `_`,
                `~`): the id goes into the status path, and how the gateway signs a percent-encoded path is not shown,
                so any other character could make the payment unreadable. (at most 37 characters, at least 1 characters,
                pattern ^[A-Za-z0-9._~-]+$)
            amount (amount): Amount in paise (integer, Long). (>= 1)
            merchant_order_id (merchantOrderId): Merchant's order id; length < 48 characters. (at most 47 characters, at
                least 1 characters)
            message (message): Refund message.
            original_transaction_id (originalTransactionId, optional): Merchant transaction id of the forward payment
                (one of originalTransactionId and providerReferenceId).
            provider_reference_id (providerReferenceId, optional): The service's id of the forward payment (one of
                originalTransactionId and providerReferenceId).
            sub_merchant_id (subMerchantId, optional): Tag (v4 and apps-host paths).

        Request headers (keywords):
            callback_url (X-CALLBACK-URL, optional): Per-request server-to-server callback URL; wins over the URL
                registered with the service.
            callback_mode (X-CALLBACK-MODE, optional): HTTP method of the refund's server-to-server callback (POST or
                PUT; default POST). (one of POST, PUT)

        Field rules (x-field-rules, checked before sending):
            exactly-one-of: originalTransactionId, providerReferenceId

        Codes (x-codes: what each code means on this operation):
            PAYMENT_SUCCESS (succeeded): The refund is successful.
            PAYMENT_PENDING (pending): The refund is pending, not a failure: check the status (of the refund's
                transactionId) until it changes.
            PAYMENT_ERROR (failed): The refund failed; data.payResponseCode tells why (WALLET_NOT_ACTIVATED: the user
                disabled the wallet, contact the user for the refund source). Two payResponseCode values change the
                meaning (refine).
            TRANSACTION_NOT_FOUND (not-found): Original transaction not found. Its HTTP status is not shown (200 and 400
                are both described): read it by code.
            TIMED_OUT (unknown): The refund timed out; it may already have been initiated: check the status before
                retrying.
            REVERSAL_WINDOW_EXCEEDED (rejected): Refund window passed; process the refund manually.
            BAD_REQUEST (rejected): Invalid payload or a mandatory parameter missing.
            AUTHORIZATION_FAILED (rejected): Incorrect X-VERIFY (checksum).
            INTERNAL_SERVER_ERROR (unknown): Something went wrong; the refund may already have been initiated: check the
                status before retrying.

        Policy:
            original_amount: the payment's amount in paise; the refund amount must not exceed it (an amount this client
                sent or read is used when not given).

        Raises:
            ValidationError: bad input, named by field; nothing was sent.
            OutcomeUnknown: May move money: once the request may have reached the gateway, any failure (timeout, dropped
                connection, 5xx, INTERNAL_SERVER_ERROR, TIMED_OUT, an unreadable answer) raises OutcomeUnknown; settle
                it with reconcile(transaction_id), never by sending again (x-retry: reconcile-first).
            ApiError (a subclass per gateway code): the gateway answered with an error code.

        Returns:
            RefundResponse
        """
        return cast("RefundResponse", self._call("refund_v4", payload, arguments))

    @overload
    def refund_apps_host(
        self,
        payload: RefundV4Payload,
        /,
        *,
        client_id: str | None = None,
        original_amount: int | None = None,
    ) -> RefundResponse: ...

    @overload
    def refund_apps_host(
        self,
        payload: None = None,
        /,
        *,
        merchant_id: str | None = None,
        transaction_id: str,
        amount: int,
        merchant_order_id: str,
        message: str,
        original_transaction_id: str | None = None,
        provider_reference_id: str | None = None,
        sub_merchant_id: str | None = None,
        client_id: str | None = None,
        original_amount: int | None = None,
    ) -> RefundResponse: ...

    def refund_apps_host(self, payload: RefundV4Payload | None = None, /, **arguments: Any) -> RefundResponse:
        """Refund (apps host)

        The refund served by the apps host (payload with `subMerchantId`; optional X-CLIENT-ID). In the apps-host
        listing WALLET_NOT_ACTIVATED is spelled WALLLET_NOT_ACTIVATED.

        TRANSACTION_NOT_FOUND (original transaction not found) is described under HTTP 200 and HTTP 400: its HTTP status
        is not shown, so read it by `code` under either.

        Not shown in the interface document: The HTTP status of TRANSACTION_NOT_FOUND (described under 200 and 400).

        Operation refundAppsHost: POST /v3/credit/backToSource on the apps host.

        Payload fields (keywords; or give a payload model positionally):
            merchant_id (merchantId, optional): Id assigned to the merchant. (at least 1 characters) Default: the
                configured merchant id.
            transaction_id (transactionId): Merchant-generated unique transaction id; length < 38 characters. Limited by
                this project to characters that need no percent-encoding in a URL path (letters, digits, `-`, `.`, `_`,
                `~`): the id goes into the status path, and how the gateway signs a percent-encoded path is not shown,
                so any other character could make the payment unreadable. (at most 37 characters, at least 1 characters,
                pattern ^[A-Za-z0-9._~-]+$)
            amount (amount): Amount in paise (integer, Long). (>= 1)
            merchant_order_id (merchantOrderId): Merchant's order id; length < 48 characters. (at most 47 characters, at
                least 1 characters)
            message (message): Refund message.
            original_transaction_id (originalTransactionId, optional): Merchant transaction id of the forward payment
                (one of originalTransactionId and providerReferenceId).
            provider_reference_id (providerReferenceId, optional): The service's id of the forward payment (one of
                originalTransactionId and providerReferenceId).
            sub_merchant_id (subMerchantId, optional): Tag (v4 and apps-host paths).

        Request headers (keywords):
            client_id (X-CLIENT-ID, optional): Merchant id on apps-host calls, unless another value was shared (default
                is the merchant id). Default: the configured merchant id (the interface document: unless another value
                was shared).

        Field rules (x-field-rules, checked before sending):
            exactly-one-of: originalTransactionId, providerReferenceId

        Codes (x-codes: what each code means on this operation):
            PAYMENT_SUCCESS (succeeded): The refund is successful.
            PAYMENT_PENDING (pending): The refund is pending, not a failure: check the status (of the refund's
                transactionId) until it changes.
            PAYMENT_ERROR (failed): The refund failed; data.payResponseCode tells why (WALLET_NOT_ACTIVATED: the user
                disabled the wallet, contact the user for the refund source). Two payResponseCode values change the
                meaning (refine).
            TRANSACTION_NOT_FOUND (not-found): Original transaction not found. Its HTTP status is not shown (200 and 400
                are both described): read it by code.
            TIMED_OUT (unknown): The refund timed out; it may already have been initiated: check the status before
                retrying.
            API_RATE_LIMIT_REACHED (rejected): Call limit breached (HTTP 429, API_LIMIT and TIME_WINDOW); not processed:
                retry after the window.
            BAD_REQUEST (rejected): Invalid payload or a mandatory parameter missing.
            AUTHORIZATION_FAILED (rejected): Incorrect X-VERIFY (checksum).
            INTERNAL_SERVER_ERROR (unknown): Something went wrong; the refund may already have been initiated: check the
                status before retrying.

        Policy:
            original_amount: the payment's amount in paise; the refund amount must not exceed it (an amount this client
                sent or read is used when not given).

        Raises:
            ValidationError: bad input, named by field; nothing was sent.
            OutcomeUnknown: May move money: once the request may have reached the gateway, any failure (timeout, dropped
                connection, 5xx, INTERNAL_SERVER_ERROR, TIMED_OUT, an unreadable answer) raises OutcomeUnknown; settle
                it with reconcile(transaction_id), never by sending again (x-retry: reconcile-first).
            ApiError (a subclass per gateway code): the gateway answered with an error code.

        Returns:
            RefundResponse
        """
        return cast("RefundResponse", self._call("refund_apps_host", payload, arguments))

    @overload
    def fulfill_deferred_refund(
        self,
        payload: DeferredFulfillPayload,
        /,
    ) -> DeferredFulfillResponse: ...

    @overload
    def fulfill_deferred_refund(
        self,
        payload: None = None,
        /,
        *,
        merchant_id: str | None = None,
        transaction_id: str,
        merchant_user_id: str,
        amount: int,
        merchant_order_id: str,
        sub_merchant: str | None = None,
        mobile_number: str | None = None,
        message: str | None = None,
        email: str | None = None,
        short_name: str | None = None,
    ) -> DeferredFulfillResponse: ...

    def fulfill_deferred_refund(
        self, payload: DeferredFulfillPayload | None = None, /, **arguments: Any
    ) -> DeferredFulfillResponse:
        """Deferred (cash on delivery) refund fulfilment

        Fulfils a deferred credit made earlier with the same transactionId. Needs no auth header besides X-VERIFY.
        Success is shown with HTTP 200 and failure with HTTP 400 in the samples.

        Not shown in the interface document: The preceding deferred credit operation.

        Not shown in the interface document: Response codes beyond the sample codes PAYMENT_SUCCESS and
        INVALID_TRANSACTION_ID.

        Operation fulfillDeferredRefund: POST /v3/credit/deferred/fulfill on the base host.

        Payload fields (keywords; or give a payload model positionally):
            merchant_id (merchantId, optional): Id assigned to the merchant. (at least 1 characters) Default: the
                configured merchant id.
            transaction_id (transactionId): Merchant-generated unique transaction id; length < 38 characters. Limited by
                this project to characters that need no percent-encoding in a URL path (letters, digits, `-`, `.`, `_`,
                `~`): the id goes into the status path, and how the gateway signs a percent-encoded path is not shown,
                so any other character could make the payment unreadable. (at most 37 characters, at least 1 characters,
                pattern ^[A-Za-z0-9._~-]+$)
            merchant_user_id (merchantUserId): -
            amount (amount): Amount in paise (integer, Long). (>= 1)
            merchant_order_id (merchantOrderId): Merchant's order id; length < 48 characters. (at most 47 characters, at
                least 1 characters)
            sub_merchant (subMerchant, optional): -
            mobile_number (mobileNumber, optional): -
            message (message, optional): Shown on the success page.
            email (email, optional): -
            short_name (shortName, optional): -

        Codes (x-codes: what each code means on this operation):
            PAYMENT_SUCCESS (succeeded): Sample code of this operation: the deferred refund is fulfilled (data.status
                SUCCESS).
            INVALID_TRANSACTION_ID (duplicate): Sample code of this operation: duplicate or invalid transaction id (e.g.
                a second fulfil): the fulfilment may exist already; learn its status before anything else.
            BAD_REQUEST (rejected): Invalid payload or a mandatory parameter missing.
            AUTHORIZATION_FAILED (rejected): Incorrect X-VERIFY (checksum).
            INTERNAL_SERVER_ERROR (unknown): Something went wrong; the refund may already have been initiated: check the
                status before retrying.

        Raises:
            ValidationError: bad input, named by field; nothing was sent.
            OutcomeUnknown: May move money: once the request may have reached the gateway, any failure (timeout, dropped
                connection, 5xx, INTERNAL_SERVER_ERROR, TIMED_OUT, an unreadable answer) raises OutcomeUnknown; settle
                it with reconcile(transaction_id), never by sending again (x-retry: reconcile-first).
            ApiError (a subclass per gateway code): the gateway answered with an error code.

        Returns:
            DeferredFulfillResponse
        """
        return cast("DeferredFulfillResponse", self._call("fulfill_deferred_refund", payload, arguments))

    @overload
    def collect_request(
        self,
        payload: CollectPayload,
        /,
        *,
        callback_url: str,
    ) -> CollectResponse: ...

    @overload
    def collect_request(
        self,
        payload: None = None,
        /,
        *,
        merchant_id: str | None = None,
        transaction_id: str,
        merchant_order_id: str,
        amount: int,
        instrument_type: InstrumentType | Literal["MOBILE"],
        instrument_reference: str,
        expires_in: int,
        message: str | None = None,
        email: str | None = None,
        short_name: str | None = None,
        sub_merchant: str | None = None,
        sub_merchant_id: str | None = None,
        store_id: str | None = None,
        terminal_id: str | None = None,
        callback_url: str,
    ) -> CollectResponse: ...

    def collect_request(self, payload: CollectPayload | None = None, /, **arguments: Any) -> CollectResponse:
        """Collect request (offline request payment)

        Sends a collect request to the user's mobile number. Code SUCCESS means the collect request was sent to the
        user's payment address. A charge callback is sent only for success or failure; pending cases produce no
        callback, so status must be polled (in a point-of-sale setup, at most expiry time minus time already elapsed,
        e.g. 180 s expiry checked at 60 s leaves 120 s).

        Operation collectRequest: POST /v3/charge on the base host.

        Payload fields (keywords; or give a payload model positionally):
            merchant_id (merchantId, optional): Id assigned to the merchant. (at least 1 characters) Default: the
                configured merchant id.
            transaction_id (transactionId): Merchant-generated unique transaction id; length < 38 characters. Limited by
                this project to characters that need no percent-encoding in a URL path (letters, digits, `-`, `.`, `_`,
                `~`): the id goes into the status path, and how the gateway signs a percent-encoded path is not shown,
                so any other character could make the payment unreadable. (at most 37 characters, at least 1 characters,
                pattern ^[A-Za-z0-9._~-]+$)
            merchant_order_id (merchantOrderId): Merchant's order id; length < 48 characters. (at most 47 characters, at
                least 1 characters)
            amount (amount): Amount in paise (integer, Long). (>= 1)
            instrument_type (instrumentType): Value MOBILE. (one of MOBILE)
            instrument_reference (instrumentReference): User's mobile number. (at least 1 characters)
            expires_in (expiresIn): Time within which the payment must complete, else it is marked failed. Default 30
                days; the sample uses 180 and the status guidance counts it in seconds (seconds: 30 days = 2592000). (>=
                1)
            message (message, optional): Recommended to carry transaction id, order id, invoice number.
            email (email, optional): -
            short_name (shortName, optional): Customer name.
            sub_merchant (subMerchant, optional): Tag (v3 listing).
            sub_merchant_id (subMerchantId, optional): Tag (later listing).
            store_id (storeId, optional): Unique across stores (optional in one listing, required in another).
            terminal_id (terminalId, optional): Unique within a store.

        Request headers (keywords):
            callback_url (X-CALLBACK-URL): Server-to-server callback URL of the collect request (required on
                /v3/charge).

        Codes (x-codes: what each code means on this operation):
            SUCCESS (accepted): The collect request was sent to the user's payment address. The user has not paid yet:
                NOT a paid order. The charge callback reports success or failure only (none for pending); poll the
                status operation.
            INVALID_TRANSACTION_ID (duplicate): Duplicate transaction id: this transactionId was used before, so a
                request under it may exist (and may have been paid). Never a failure: learn its status with the status
                operation; start again only under a new id once that status is known.
            BAD_REQUEST (rejected): Invalid payload or a mandatory parameter missing.
            AUTHORIZATION_FAILED (rejected): Incorrect X-VERIFY (checksum).
            INTERNAL_SERVER_ERROR (unknown): Something went wrong; the payment may have been started: check the status
                before retrying.

        Raises:
            ValidationError: bad input, named by field; nothing was sent.
            OutcomeUnknown: May move money: once the request may have reached the gateway, any failure (timeout, dropped
                connection, 5xx, INTERNAL_SERVER_ERROR, TIMED_OUT, an unreadable answer) raises OutcomeUnknown; settle
                it with reconcile(transaction_id), never by sending again (x-retry: reconcile-first).
            ApiError (a subclass per gateway code): the gateway answered with an error code.

        Returns:
            CollectResponse
        """
        return cast("CollectResponse", self._call("collect_request", payload, arguments))

    @overload
    def trigger_test_callback(
        self,
        payload: TestCallbackRequest,
        /,
        *,
        callback_url: str,
        call_mode: CallMode | Literal["POST", "PUT"] | None = None,
    ) -> TestCallbackResponse: ...

    @overload
    def trigger_test_callback(
        self,
        payload: None = None,
        /,
        *,
        merchant_id: str | None = None,
        transaction_id: str,
        amount: int,
        callback_url: str,
        call_mode: CallMode | Literal["POST", "PUT"] | None = None,
    ) -> TestCallbackResponse: ...

    def trigger_test_callback(
        self, payload: TestCallbackRequest | None = None, /, **arguments: Any
    ) -> TestCallbackResponse:
        """Trigger a test server-to-server callback

        Triggers a test server-to-server callback to the URL in `x-callback-url`. Plain JSON body (not wrapped, not
        signed). Validation failure answers BAD_REQUEST with a message saying the amount must be at least 1.

        The minimum amount is ambiguous in the interface document: its callback-test table says "at least 1 rupee/100
        paise as the validation message says 'must be greater than or equal to 1'", and its limits table says "At least
        1". Amounts are in paise elsewhere, so the minimum may be 1 or 100 paise. This document keeps `minimum: 1` (what
        the validation message says, and the less strict of the two: a client never refuses an amount the gateway may
        accept); send at least 100 to be safe under both readings.

        Not shown in the interface document: Whether the callback-test minimum amount is 1 paise or 100 paise (1 rupee);
        the interface document says both "at least 1 rupee/100 paise" and "must be greater than or equal to 1".

        Not shown in the interface document: The code of a successful answer (its example and the sandbox use SUCCESS)
        and the meaning of data.successful and data.redirect.

        Operation triggerTestCallback: POST /testing/S2SCallback/ on the base host.

        Payload fields (keywords; or give a payload model positionally):
            merchant_id (merchantId, optional): Id assigned to the merchant. (at least 1 characters) Default: the
                configured merchant id.
            transaction_id (transactionId): Merchant-generated unique transaction id; length < 38 characters. Limited by
                this project to characters that need no percent-encoding in a URL path (letters, digits, `-`, `.`, `_`,
                `~`): the id goes into the status path, and how the gateway signs a percent-encoded path is not shown,
                so any other character could make the payment unreadable. (at most 37 characters, at least 1 characters,
                pattern ^[A-Za-z0-9._~-]+$)
            amount (amount): Paise; must be greater than or equal to 1. Ambiguous minimum: the interface document also
                says "at least 1 rupee/100 paise"; send at least 100 to be safe under both readings. (>= 1)

        Request headers (keywords):
            callback_url (x-callback-url): Merchant URL that receives the test server-to-server callback.
            call_mode (x-call-mode, optional): HTTP method of the test callback (POST or PUT). (one of POST, PUT)
                Default: POST, the documented default.

        Codes (x-codes: what each code means on this operation):
            SUCCESS (succeeded): Not shown for this operation in the interface document (its example and the sandbox use
                it): a test server-to-server callback was triggered (data.successful, data.redirect).
            BAD_REQUEST (rejected): Validation failed, e.g. the amount is below the minimum ('must be greater than or
                equal to 1').
            INTERNAL_SERVER_ERROR (unknown): Something went wrong; whether a test callback was sent is unknown.

        Raises:
            ValidationError: bad input, named by field; nothing was sent.
            GatewayConnectionError, GatewayTimeoutError: Retried automatically after failures (x-retry: safe).
            ApiError (a subclass per gateway code): the gateway answered with an error code.

        Returns:
            TestCallbackResponse
        """
        return cast("TestCallbackResponse", self._call("trigger_test_callback", payload, arguments))

    def get_wallet_balance(
        self,
        user_auth_token: str,
    ) -> WalletBalanceResponse:
        """Wallet balance of a linked user

        Reads the wallet balance before initiating a payment (OTP linking flow only). On failure (e.g.
        MERCHANT_USER_NOT_FOUND) `data` holds merchantId, allowPartialPayment and empty `upi` and `wallet` objects.

        Operation getWalletBalance: GET /v3/account/token/{merchantId}/{userAuthToken}/debit/suggest on the base host.

        Args:
            user_auth_token (user_auth_token): Auth token of the linked user (OTP linking flow only). (at least 1
                characters)

        Codes (x-codes: what each code means on this operation):
            SUCCESS (succeeded): Balance read.
            INVALID_USER_AUTH_TOKEN (rejected): userAuthToken invalid, expired or not mapped to the merchant; show the
                linking flow again.
            USER_BLACKLISTED (rejected): Customer blacklisted.
            USER_BLOCKED (rejected): User blocked for 1 day.
            MERCHANT_USER_NOT_FOUND (rejected): No user for the merchant id and user id; data holds merchantId,
                allowPartialPayment and empty upi and wallet objects.
            BAD_REQUEST (rejected): Invalid payload or a mandatory parameter missing.
            AUTHORIZATION_FAILED (rejected): Incorrect X-VERIFY (checksum).
            INTERNAL_SERVER_ERROR (unknown): Something went wrong; nothing was read (a read may be repeated).

        Raises:
            ValidationError: bad input, named by field; nothing was sent.
            GatewayConnectionError, GatewayTimeoutError: Retried automatically after failures (x-retry: safe).
            ApiError (a subclass per gateway code): the gateway answered with an error code.

        Returns:
            WalletBalanceResponse
        """
        arguments: dict[str, Any] = {
            "user_auth_token": user_auth_token,
        }
        return cast("WalletBalanceResponse", self._call("get_wallet_balance", None, arguments))

    @overload
    def instant_debit(
        self,
        payload: InstantDebitPayload,
        /,
    ) -> InstantDebitResponse: ...

    @overload
    def instant_debit(
        self,
        payload: None = None,
        /,
        *,
        merchant_id: str | None = None,
        transaction_id: str,
        amount: int,
        mobile_number: str,
        merchant_order_id: str,
        user_auth_token: str,
        email: str | None = None,
        short_name: str | None = None,
        sub_merchant: str | None = None,
        message: str | None = None,
    ) -> InstantDebitResponse: ...

    def instant_debit(self, payload: InstantDebitPayload | None = None, /, **arguments: Any) -> InstantDebitResponse:
        """Direct wallet debit for a linked user

        Debits the wallet of a user linked through the OTP flow (userAuthToken). On INTERNAL_SERVER_ERROR or TIMED_OUT
        the outcome is unknown: check status before retrying.

        Not shown in the interface document: The codes of an instant debit's payment outcome (its example and the
        sandbox use PAYMENT_SUCCESS, PAYMENT_PENDING and PAYMENT_ERROR, with data.status SUCCESS, PENDING or FAILED);
        the document lists only INVALID_USER_AUTH_TOKEN, TIMED_OUT, USER_BLACKLISTED, USER_BLOCKED and
        MERCHANT_USER_NOT_FOUND for it.

        Operation instantDebit: POST /v3/debit/instant on the base host.

        Payload fields (keywords; or give a payload model positionally):
            merchant_id (merchantId, optional): Id assigned to the merchant. (at least 1 characters) Default: the
                configured merchant id.
            transaction_id (transactionId): Merchant-generated unique transaction id; length < 38 characters. Limited by
                this project to characters that need no percent-encoding in a URL path (letters, digits, `-`, `.`, `_`,
                `~`): the id goes into the status path, and how the gateway signs a percent-encoded path is not shown,
                so any other character could make the payment unreadable. (at most 37 characters, at least 1 characters,
                pattern ^[A-Za-z0-9._~-]+$)
            amount (amount): Amount in paise (integer, Long). (>= 1)
            mobile_number (mobileNumber): Number on which the OTP was sent.
            merchant_order_id (merchantOrderId): Merchant's order id; length < 48 characters. (at most 47 characters, at
                least 1 characters)
            user_auth_token (userAuthToken): From OTP verification.
            email (email, optional): -
            short_name (shortName, optional): -
            sub_merchant (subMerchant, optional): Carried by the sample payload.
            message (message, optional): Carried by the sample payload.

        Codes (x-codes: what each code means on this operation):
            PAYMENT_SUCCESS (succeeded): Not shown for this operation in the interface document (its example and the
                sandbox use it): the wallet was debited (data.status SUCCESS).
            PAYMENT_PENDING (pending): Not shown for this operation in the interface document (its example and the
                sandbox use it): the debit is pending (data.status PENDING): check the status.
            PAYMENT_ERROR (failed): Not shown for this operation in the interface document (its example and the sandbox
                use it): the debit failed (data.status FAILED).
            TIMED_OUT (unknown): The payment timed out; check the status before retrying.
            INVALID_USER_AUTH_TOKEN (rejected): userAuthToken invalid, expired or not mapped to the merchant; show the
                linking flow again.
            USER_BLACKLISTED (rejected): Customer blacklisted.
            USER_BLOCKED (rejected): User blocked for 1 day.
            MERCHANT_USER_NOT_FOUND (rejected): No user for the merchant id and user id.
            BAD_REQUEST (rejected): Invalid payload or a mandatory parameter missing.
            AUTHORIZATION_FAILED (rejected): Incorrect X-VERIFY (checksum).
            INTERNAL_SERVER_ERROR (unknown): Something went wrong; the payment may have been started: check the status
                before retrying.

        Raises:
            ValidationError: bad input, named by field; nothing was sent.
            OutcomeUnknown: May move money: once the request may have reached the gateway, any failure (timeout, dropped
                connection, 5xx, INTERNAL_SERVER_ERROR, TIMED_OUT, an unreadable answer) raises OutcomeUnknown; settle
                it with reconcile(transaction_id), never by sending again (x-retry: reconcile-first).
            ApiError (a subclass per gateway code): the gateway answered with an error code.

        Returns:
            InstantDebitResponse
        """
        return cast("InstantDebitResponse", self._call("instant_debit", payload, arguments))

    @overload
    def inline_pay_with_get(
        self,
        payload: InlinePayPayload,
        /,
        *,
        redirect_url: str | None = None,
        redirect_mode: RedirectMode | Literal["POST", "REDIRECT"] | None = None,
        callback_url: str | None = None,
        call_mode: CallMode | Literal["POST", "PUT"] | None = None,
    ) -> InlinePayResponse: ...

    @overload
    def inline_pay_with_get(
        self,
        payload: None = None,
        /,
        *,
        merchant_id: str | None = None,
        transaction_id: str,
        amount: int,
        payment_sources: Sequence[CardPaymentSource | UpiPaymentSource | WalletsPaymentSource | Mapping[str, object]],
        merchant_user_id: str | None = None,
        user_auth_token: str | None = None,
        merchant_order_id: str | None = None,
        mobile_number: str | None = None,
        device_id: str | None = None,
        redirect_url: str | None = None,
        redirect_mode: RedirectMode | Literal["POST", "REDIRECT"] | None = None,
        callback_url: str | None = None,
        call_mode: CallMode | Literal["POST", "PUT"] | None = None,
    ) -> InlinePayResponse: ...

    def inline_pay_with_get(self, payload: InlinePayPayload | None = None, /, **arguments: Any) -> InlinePayResponse:
        """Inline pay with a selected instrument (GET carrying a body)

        The GET form of inline pay: the wrapped payload is sent as a request body on a GET (unusual, allowed by OpenAPI
        3.1; HTTP gives a GET body no meaning). Same headers and answers as the POST; mobileNumber is optional here.

        Fetch-based runtimes cannot send it: the Fetch standard forbids a body on GET, so `fetch` (browsers, Deno,
        Node.js's global fetch and undici's fetch, Cloudflare Workers and other edge runtimes) and the clients generated
        on top of it (e.g. openapi-generator's typescript-fetch) throw before sending, and browsers' XMLHttpRequest
        drops the body. What works: the POST variant `inlinePay` (same path, payload and signing path; it also needs
        mobileNumber), or an HTTP client that sends a body with any method: Node.js's `http`/`https` modules, Python
        httpx (this project's client), Java's `HttpClient`, curl (`-X GET --data`). Intermediaries may also drop a GET
        body, so prefer the POST variant when you can.

        Operation inlinePayWithGet: GET /v3/merchant/inline/pay on the base host.

        Payload fields (keywords; or give a payload model positionally):
            merchant_id (merchantId, optional): Id assigned to the merchant. (at least 1 characters) Default: the
                configured merchant id.
            transaction_id (transactionId): Merchant-generated unique transaction id; length < 38 characters. Limited by
                this project to characters that need no percent-encoding in a URL path (letters, digits, `-`, `.`, `_`,
                `~`): the id goes into the status path, and how the gateway signs a percent-encoded path is not shown,
                so any other character could make the payment unreadable. (at most 37 characters, at least 1 characters,
                pattern ^[A-Za-z0-9._~-]+$)
            amount (amount): Amount in paise (integer, Long). (>= 1)
            payment_sources (paymentSources): Selected instruments.
            merchant_user_id (merchantUserId, optional): User id (one of merchantUserId and userAuthToken is required).
            user_auth_token (userAuthToken, optional): Token generated when linking (one of merchantUserId and
                userAuthToken is required).
            merchant_order_id (merchantOrderId, optional): Merchant's order id; length < 48 characters. (at most 47
                characters, at least 1 characters)
            mobile_number (mobileNumber, optional): Required on the POST (direct debit) variant.
            device_id (deviceId, optional): Encrypted device id collected from the Android app; for UPI inline requests.

        Request headers (keywords):
            redirect_url (X-REDIRECT-URL, optional): Merchant URL the user is sent to after the payment UI flow (UI
                callback target).
            redirect_mode (X-REDIRECT-MODE, optional): How the user is sent to X-REDIRECT-URL: REDIRECT (browser
                redirect) or POST (form post, see the uiCallback webhook). The interface document gives the default as
                "REDIRECT/POST"; send the header explicitly. (one of REDIRECT, POST)
            callback_url (X-CALLBACK-URL, optional): Per-request server-to-server callback URL; wins over the URL
                registered with the service.
            call_mode (X-CALL-MODE, optional): HTTP method of the server-to-server callback (POST or PUT; default POST).
                (one of POST, PUT) Default: POST, the documented default.

        Field rules (x-field-rules, checked before sending):
            at-least-one-of: merchantUserId, userAuthToken

        Codes (x-codes: what each code means on this operation):
            PAYMENT_INITIATED (accepted): Inline pay accepted: data carries redirectUrl (card, wallet) or intentURL and
                package (UPI intent). The user has not paid yet: NOT a paid order; the status operation gives the
                outcome.
            PAYMENT_ERROR (failed): Payment failed (also: payment service or gateway down).
            INVALID_TRANSACTION_ID (duplicate): Duplicate transaction id: this transactionId was used before, so a
                payment under it may exist (and may be paid). Never a failed payment: learn that payment's status with
                the status operation; start a new payment only under a new id once that status is known.
            INVALID_USER_AUTH_TOKEN (rejected): userAuthToken invalid, expired or not mapped to the merchant; show the
                linking flow again.
            USER_BLACKLISTED (rejected): Customer blacklisted.
            USER_BLOCKED (rejected): User blocked for 1 day.
            MERCHANT_USER_NOT_FOUND (rejected): No user for the merchant id and user id.
            BAD_REQUEST (rejected): Invalid payload or a mandatory parameter missing.
            AUTHORIZATION_FAILED (rejected): Incorrect X-VERIFY (checksum).
            INTERNAL_SERVER_ERROR (unknown): Something went wrong; the payment may have been started: check the status
                before retrying.

        Raises:
            ValidationError: bad input, named by field; nothing was sent.
            OutcomeUnknown: May move money: once the request may have reached the gateway, any failure (timeout, dropped
                connection, 5xx, INTERNAL_SERVER_ERROR, TIMED_OUT, an unreadable answer) raises OutcomeUnknown; settle
                it with reconcile(transaction_id), never by sending again (x-retry: reconcile-first).
            ApiError (a subclass per gateway code): the gateway answered with an error code.

        Returns:
            InlinePayResponse
        """
        return cast("InlinePayResponse", self._call("inline_pay_with_get", payload, arguments))

    @overload
    def inline_pay(
        self,
        payload: InlinePayPayload,
        /,
        *,
        redirect_url: str | None = None,
        redirect_mode: RedirectMode | Literal["POST", "REDIRECT"] | None = None,
        callback_url: str | None = None,
        call_mode: CallMode | Literal["POST", "PUT"] | None = None,
    ) -> InlinePayResponse: ...

    @overload
    def inline_pay(
        self,
        payload: None = None,
        /,
        *,
        merchant_id: str | None = None,
        transaction_id: str,
        amount: int,
        payment_sources: Sequence[CardPaymentSource | UpiPaymentSource | WalletsPaymentSource | Mapping[str, object]],
        merchant_user_id: str | None = None,
        user_auth_token: str | None = None,
        merchant_order_id: str | None = None,
        mobile_number: str | None = None,
        device_id: str | None = None,
        redirect_url: str | None = None,
        redirect_mode: RedirectMode | Literal["POST", "REDIRECT"] | None = None,
        callback_url: str | None = None,
        call_mode: CallMode | Literal["POST", "PUT"] | None = None,
    ) -> InlinePayResponse: ...

    def inline_pay(self, payload: InlinePayPayload | None = None, /, **arguments: Any) -> InlinePayResponse:
        """Inline pay with a selected instrument (POST, direct debit variant)

        Pays with the selected instrument(s) in `paymentSources` (card, wallets, upi INLINE or INTENT). Answers
        PAYMENT_INITIATED with `data.redirectUrl` (card and wallet) or `data.intentURL` and `data.package` (UPI intent);
        the status operation must then be used to learn the outcome. `mobileNumber` is required on this POST variant
        (`x-field-rules`); one of merchantUserId and userAuthToken is required on both variants (`InlinePayPayload`).

        Operation inlinePay: POST /v3/merchant/inline/pay on the base host.

        Payload fields (keywords; or give a payload model positionally):
            merchant_id (merchantId, optional): Id assigned to the merchant. (at least 1 characters) Default: the
                configured merchant id.
            transaction_id (transactionId): Merchant-generated unique transaction id; length < 38 characters. Limited by
                this project to characters that need no percent-encoding in a URL path (letters, digits, `-`, `.`, `_`,
                `~`): the id goes into the status path, and how the gateway signs a percent-encoded path is not shown,
                so any other character could make the payment unreadable. (at most 37 characters, at least 1 characters,
                pattern ^[A-Za-z0-9._~-]+$)
            amount (amount): Amount in paise (integer, Long). (>= 1)
            payment_sources (paymentSources): Selected instruments.
            merchant_user_id (merchantUserId, optional): User id (one of merchantUserId and userAuthToken is required).
            user_auth_token (userAuthToken, optional): Token generated when linking (one of merchantUserId and
                userAuthToken is required).
            merchant_order_id (merchantOrderId, optional): Merchant's order id; length < 48 characters. (at most 47
                characters, at least 1 characters)
            mobile_number (mobileNumber, optional): Required on the POST (direct debit) variant.
            device_id (deviceId, optional): Encrypted device id collected from the Android app; for UPI inline requests.

        Request headers (keywords):
            redirect_url (X-REDIRECT-URL, optional): Merchant URL the user is sent to after the payment UI flow (UI
                callback target).
            redirect_mode (X-REDIRECT-MODE, optional): How the user is sent to X-REDIRECT-URL: REDIRECT (browser
                redirect) or POST (form post, see the uiCallback webhook). The interface document gives the default as
                "REDIRECT/POST"; send the header explicitly. (one of REDIRECT, POST)
            callback_url (X-CALLBACK-URL, optional): Per-request server-to-server callback URL; wins over the URL
                registered with the service.
            call_mode (X-CALL-MODE, optional): HTTP method of the server-to-server callback (POST or PUT; default POST).
                (one of POST, PUT) Default: POST, the documented default.

        Field rules (x-field-rules, checked before sending):
            at-least-one-of: merchantUserId, userAuthToken
            required: mobileNumber

        Codes (x-codes: what each code means on this operation):
            PAYMENT_INITIATED (accepted): Inline pay accepted: data carries redirectUrl (card, wallet) or intentURL and
                package (UPI intent). The user has not paid yet: NOT a paid order; the status operation gives the
                outcome.
            PAYMENT_ERROR (failed): Payment failed (also: payment service or gateway down).
            INVALID_TRANSACTION_ID (duplicate): Duplicate transaction id: this transactionId was used before, so a
                payment under it may exist (and may be paid). Never a failed payment: learn that payment's status with
                the status operation; start a new payment only under a new id once that status is known.
            INVALID_USER_AUTH_TOKEN (rejected): userAuthToken invalid, expired or not mapped to the merchant; show the
                linking flow again.
            USER_BLACKLISTED (rejected): Customer blacklisted.
            USER_BLOCKED (rejected): User blocked for 1 day.
            MERCHANT_USER_NOT_FOUND (rejected): No user for the merchant id and user id.
            BAD_REQUEST (rejected): Invalid payload or a mandatory parameter missing.
            AUTHORIZATION_FAILED (rejected): Incorrect X-VERIFY (checksum).
            INTERNAL_SERVER_ERROR (unknown): Something went wrong; the payment may have been started: check the status
                before retrying.

        Raises:
            ValidationError: bad input, named by field; nothing was sent.
            OutcomeUnknown: May move money: once the request may have reached the gateway, any failure (timeout, dropped
                connection, 5xx, INTERNAL_SERVER_ERROR, TIMED_OUT, an unreadable answer) raises OutcomeUnknown; settle
                it with reconcile(transaction_id), never by sending again (x-retry: reconcile-first).
            ApiError (a subclass per gateway code): the gateway answered with an error code.

        Returns:
            InlinePayResponse
        """
        return cast("InlinePayResponse", self._call("inline_pay", payload, arguments))

    @overload
    def get_payment_options(
        self,
        payload: PaymentOptionsPayload,
        /,
        *,
        merchant_device_id: str | None = None,
    ) -> PaymentOptionsResponse: ...

    @overload
    def get_payment_options(
        self,
        payload: None = None,
        /,
        *,
        merchant_id: str | None = None,
        amount: int,
        merchant_user_id: str | None = None,
        user_auth_token: str | None = None,
        merchant_order_id: str | None = None,
        merchant_device_id: str | None = None,
    ) -> PaymentOptionsResponse: ...

    def get_payment_options(
        self, payload: PaymentOptionsPayload | None = None, /, **arguments: Any
    ) -> PaymentOptionsResponse:
        """Payment options of a user

        Lists the user's instruments (wallet, upi, card; more such as e-gift vouchers may be added). Only enabled
        instruments are to be shown; `instrumentPriority` and `priority` order them (0 first). X-VERIFY is documented as
        optional for this operation.

        Operation getPaymentOptions: POST /v3/merchant/payment/options on the base host.

        Payload fields (keywords; or give a payload model positionally):
            merchant_id (merchantId, optional): Id assigned to the merchant. (at least 1 characters) Default: the
                configured merchant id.
            amount (amount): Amount in paise (integer, Long). (>= 1)
            merchant_user_id (merchantUserId, optional): User id (one of merchantUserId and userAuthToken is required).
            user_auth_token (userAuthToken, optional): Linking token (one of merchantUserId and userAuthToken is
                required).
            merchant_order_id (merchantOrderId, optional): Merchant's order id; length < 48 characters. (at most 47
                characters, at least 1 characters)

        Request headers (keywords):
            merchant_device_id (X-MERCHANT-DEVICE-ID, optional): Encrypted device id collected from the Android app.

        Field rules (x-field-rules, checked before sending):
            at-least-one-of: merchantUserId, userAuthToken

        Codes (x-codes: what each code means on this operation):
            SUCCESS (succeeded): Payment options read.
            INVALID_USER_AUTH_TOKEN (rejected): userAuthToken invalid, expired or not mapped to the merchant; show the
                linking flow again.
            USER_NOT_FOUND (rejected): Cannot resolve the user.
            BAD_REQUEST (rejected): Invalid payload or a mandatory parameter missing.
            AUTHORIZATION_FAILED (rejected): Incorrect X-VERIFY (checksum).
            INTERNAL_SERVER_ERROR (unknown): Something went wrong; nothing was read (a read may be repeated).

        Raises:
            ValidationError: bad input, named by field; nothing was sent.
            GatewayConnectionError, GatewayTimeoutError: Retried automatically after failures (x-retry: safe).
            ApiError (a subclass per gateway code): the gateway answered with an error code.

        Returns:
            PaymentOptionsResponse
        """
        return cast("PaymentOptionsResponse", self._call("get_payment_options", payload, arguments))

    @overload
    def unlink_user(
        self,
        payload: UnlinkPayload,
        /,
    ) -> UnlinkResponse: ...

    @overload
    def unlink_user(
        self,
        payload: None = None,
        /,
        *,
        merchant_id: str | None = None,
        user_auth_token: str,
    ) -> UnlinkResponse: ...

    def unlink_user(self, payload: UnlinkPayload | None = None, /, **arguments: Any) -> UnlinkResponse:
        """Unlink a linked user

        Disables the userAuthToken of a linked user. No UI flow is involved.

        `x-retry: never`: not idempotent (a successful unlink invalidates the userAuthToken, so a repeat carries an
        invalid token; INVALID_USER_AUTH_TOKEN is listed for unlink) and no status operation settles it. After a failure
        once the request may have been sent, a client does not re-send it automatically; the unlink flow settles it by
        sending the unlink once more, where INVALID_USER_AUTH_TOKEN to that second send counts as unlinked (the token no
        longer works).

        Operation unlinkUser: POST /v3/merchant/token/unlink on the base host.

        Payload fields (keywords; or give a payload model positionally):
            merchant_id (merchantId, optional): Id assigned to the merchant. (at least 1 characters) Default: the
                configured merchant id.
            user_auth_token (userAuthToken): Token to disable.

        Codes (x-codes: what each code means on this operation):
            SUCCESS (succeeded): Unlinked: the userAuthToken is invalidated.
            INVALID_USER_AUTH_TOKEN (rejected): userAuthToken invalid, expired or not mapped to the merchant (also the
                answer to a repeat of an unlink that took effect).
            USER_BLACKLISTED (rejected): Customer blacklisted.
            BAD_REQUEST (rejected): Invalid payload or a mandatory parameter missing.
            AUTHORIZATION_FAILED (rejected): Incorrect X-VERIFY (checksum).
            INTERNAL_SERVER_ERROR (unknown): Something went wrong; whether the call took effect is unknown.

        Raises:
            ValidationError: bad input, named by field; nothing was sent.
            OutcomeUnknown: Not idempotent: once the request may have reached the gateway, any failure raises
                OutcomeUnknown and nothing is re-sent automatically; the caller decides (x-retry: never).
            ApiError (a subclass per gateway code): the gateway answered with an error code.

        Returns:
            UnlinkResponse
        """
        return cast("UnlinkResponse", self._call("unlink_user", payload, arguments))

    @overload
    def send_otp(
        self,
        payload: OtpSendPayload,
        /,
    ) -> OtpSendResponse: ...

    @overload
    def send_otp(
        self,
        payload: None = None,
        /,
        *,
        merchant_id: str | None = None,
        mobile_number: str,
        email: str | None = None,
        short_name: str | None = None,
        request_type: OtpRequestType | Literal["CREDIT", "WALLET"] | None = None,
    ) -> OtpSendResponse: ...

    def send_otp(self, payload: OtpSendPayload | None = None, /, **arguments: Any) -> OtpSendResponse:
        """Send a linking OTP to the user's mobile number

        Sends an OTP for linking. A new otpToken is issued for every OTP requested; the merchant must send the latest
        otpToken with its matching otp. The interface document does not show this operation; method, path and payload
        come from the gateway's public reference.

        `x-retry: never`: a repeat sends another OTP with a new otpToken (sends per mobile number are limited:
        OTP_LIMIT_EXCEEDED), and only the latest otpToken matches, so the OTP the user may already have no longer
        verifies. After a failure once the request may have been sent, a client does not re-send it automatically: the
        outcome is unknown and the caller decides.

        Source: the gateway's public reference; the interface document does not show this operation.

        Operation sendOtp: POST /v3/merchant/otp/send on the base host.

        Payload fields (keywords; or give a payload model positionally):
            merchant_id (merchantId, optional): Id assigned to the merchant. (at least 1 characters) Default: the
                configured merchant id.
            mobile_number (mobileNumber): Mobile number that receives the OTP.
            email (email, optional): -
            short_name (shortName, optional): -
            request_type (requestType, optional): Kind of linking requested. (one of WALLET, CREDIT)

        Codes (x-codes: what each code means on this operation):
            SUCCESS (succeeded): OTP sent; data.otpToken is the latest token (earlier ones no longer verify).
            USER_BLACKLISTED (rejected): Customer blacklisted.
            USER_BLOCKED (rejected): User blocked for 1 day.
            OTP_LIMIT_EXCEEDED (rejected): Limit of OTPs to this mobile number exceeded (numeric limit not shown).
            TOO_MANY_REQUESTS (rejected): Too many requests from the merchant.
            BAD_REQUEST (rejected): Invalid payload or a mandatory parameter missing.
            AUTHORIZATION_FAILED (rejected): Incorrect X-VERIFY (checksum).
            INTERNAL_SERVER_ERROR (unknown): Something went wrong; whether the call took effect is unknown.

        Raises:
            ValidationError: bad input, named by field; nothing was sent.
            OutcomeUnknown: Not idempotent: once the request may have reached the gateway, any failure raises
                OutcomeUnknown and nothing is re-sent automatically; the caller decides (x-retry: never).
            ApiError (a subclass per gateway code): the gateway answered with an error code.

        Returns:
            OtpSendResponse
        """
        return cast("OtpSendResponse", self._call("send_otp", payload, arguments))

    @overload
    def verify_otp(
        self,
        payload: OtpVerifyPayload,
        /,
    ) -> OtpVerifyResponse: ...

    @overload
    def verify_otp(
        self,
        payload: None = None,
        /,
        *,
        merchant_id: str | None = None,
        otp_token: str,
        otp: str,
    ) -> OtpVerifyResponse: ...

    def verify_otp(self, payload: OtpVerifyPayload | None = None, /, **arguments: Any) -> OtpVerifyResponse:
        """Verify the linking OTP and obtain the userAuthToken

        Verifies the OTP (merchantId, otpToken, otp) and returns the userAuthToken. The interface document gives the
        request and response fields but not the method and path (taken from the gateway's public reference).

        `x-retry: never`: a repeat of a successful verification answers OTP_ALREADY_VERIFIED and its userAuthToken is
        lost. After a failure once the request may have been sent, a client does not re-send it automatically: the
        userAuthToken may have been issued; the caller decides.

        Source: the gateway's public reference; the interface document does not show this operation.

        Operation verifyOtp: POST /v3/merchant/otp/verify on the base host.

        Payload fields (keywords; or give a payload model positionally):
            merchant_id (merchantId, optional): Id assigned to the merchant. (at least 1 characters) Default: the
                configured merchant id.
            otp_token (otpToken): The latest otpToken issued by sendOtp.
            otp (otp): OTP typed by the user.

        Codes (x-codes: what each code means on this operation):
            SUCCESS (succeeded): OTP verified; data.userAuthToken links the user.
            INVALID_OTP_TOKEN (rejected): OTP token invalid or expired (or not the latest).
            OTP_ALREADY_VERIFIED (rejected): OTP already verified for this token; send a new OTP.
            OTP_VERIFY_FAILED (rejected): OTP invalid; ask the user again.
            OTP_EXPIRED (rejected): OTP expired; send a new one.
            TOO_MANY_REQUESTS (rejected): Too many requests from the merchant.
            BAD_REQUEST (rejected): Invalid payload or a mandatory parameter missing.
            AUTHORIZATION_FAILED (rejected): Incorrect X-VERIFY (checksum).
            INTERNAL_SERVER_ERROR (unknown): Something went wrong; whether the call took effect is unknown.

        Raises:
            ValidationError: bad input, named by field; nothing was sent.
            OutcomeUnknown: Not idempotent: once the request may have reached the gateway, any failure raises
                OutcomeUnknown and nothing is re-sent automatically; the caller decides (x-retry: never).
            ApiError (a subclass per gateway code): the gateway answered with an error code.

        Returns:
            OtpVerifyResponse
        """
        return cast("OtpVerifyResponse", self._call("verify_otp", payload, arguments))

    @overload
    def get_sso_access_token(
        self,
        payload: SsoAccessPayload,
        /,
        *,
        client_id: str | None = None,
    ) -> SsoAccessResponse: ...

    @overload
    def get_sso_access_token(
        self,
        payload: None = None,
        /,
        *,
        grant_token: str,
        client_id: str | None = None,
    ) -> SsoAccessResponse: ...

    def get_sso_access_token(self, payload: SsoAccessPayload | None = None, /, **arguments: Any) -> SsoAccessResponse:
        """Exchange an SSO grant token for an access token

        Exchanges the grant token (from the client SDK's fetchAuthToken) for an access token on the merchant server.
        UNAUTHORIZED means the grantToken is invalid or not mapped to the merchant.

        `x-retry: never`: whether a grant token can be exchanged more than once is not shown, so a repeat may answer
        UNAUTHORIZED although the first exchange succeeded. After a failure once the request may have been sent, a
        client does not re-send it automatically; a new grant token is needed.

        Not shown in the interface document: Whether a grant token can be exchanged more than once.

        Operation getSsoAccessToken: POST /v3/service/auth/access on the apps host.

        Payload fields (keywords; or give a payload model positionally):
            grant_token (grantToken): -

        Request headers (keywords):
            client_id (X-CLIENT-ID, optional): Merchant id on single-sign-on calls, unless another value was shared.
                Default: the configured merchant id (the interface document: unless another value was shared).

        Codes (x-codes: what each code means on this operation):
            SUCCESS (succeeded): Access token issued (data.accessToken, data.expiresInSeconds).
            UNAUTHORIZED (rejected): grantToken invalid or not mapped to the merchant.
            API_RATE_LIMIT_REACHED (rejected): Call limit breached (HTTP 429, API_LIMIT and TIME_WINDOW); not processed:
                retry after the window.
            BAD_REQUEST (rejected): Invalid payload or a mandatory parameter missing.
            AUTHORIZATION_FAILED (rejected): Incorrect X-VERIFY (checksum).
            INTERNAL_SERVER_ERROR (unknown): Something went wrong; whether the call took effect is unknown.

        Raises:
            ValidationError: bad input, named by field; nothing was sent.
            OutcomeUnknown: Not idempotent: once the request may have reached the gateway, any failure raises
                OutcomeUnknown and nothing is re-sent automatically; the caller decides (x-retry: never).
            ApiError (a subclass per gateway code): the gateway answered with an error code.

        Returns:
            SsoAccessResponse
        """
        return cast("SsoAccessResponse", self._call("get_sso_access_token", payload, arguments))

    def get_sso_user_details(
        self,
        *,
        client_id: str | None = None,
        access_token: str,
    ) -> SsoUserDetailsResponse:
        """SSO user details

        Fetches the user's details with the SSO access token. Email fields are present only if the user shared the
        email.

        Operation getSsoUserDetails: GET /v3/service/userdetails on the apps host.

        Request headers (keywords):
            client_id (X-CLIENT-ID, optional): Merchant id on single-sign-on calls, unless another value was shared.
                Default: the configured merchant id (the interface document: unless another value was shared).
            access_token (X-ACCESS-TOKEN): SSO access token (from getSsoAccessToken) on the user details call.

        Codes (x-codes: what each code means on this operation):
            SUCCESS (succeeded): User details read.
            API_RATE_LIMIT_REACHED (rejected): Call limit breached (HTTP 429, API_LIMIT and TIME_WINDOW); not processed:
                retry after the window.
            BAD_REQUEST (rejected): Invalid payload or a mandatory parameter missing.
            AUTHORIZATION_FAILED (rejected): Incorrect X-VERIFY (checksum).
            INTERNAL_SERVER_ERROR (unknown): Something went wrong; nothing was read (a read may be repeated).

        Raises:
            ValidationError: bad input, named by field; nothing was sent.
            GatewayConnectionError, GatewayTimeoutError: Retried automatically after failures (x-retry: safe).
            ApiError (a subclass per gateway code): the gateway answered with an error code.

        Returns:
            SsoUserDetailsResponse
        """
        arguments: dict[str, Any] = {
            "client_id": client_id,
            "access_token": access_token,
        }
        return cast("SsoUserDetailsResponse", self._call("get_sso_user_details", None, arguments))

    @overload
    def initiate_sdk_less_payment(
        self,
        payload: SdkLessInitiatePayload,
        /,
        *,
        client_id: str | None = None,
        callback_url: str | None = None,
    ) -> SdkLessInitiateResponse: ...

    @overload
    def initiate_sdk_less_payment(
        self,
        payload: None = None,
        /,
        *,
        merchant_id: str | None = None,
        transaction_id: str,
        amount: int,
        valid_for: int,
        merchant_order_id: str,
        redirect_url: str,
        transaction_context: str,
        sub_merchant_id: str | None = None,
        client_id: str | None = None,
        callback_url: str | None = None,
    ) -> SdkLessInitiateResponse: ...

    def initiate_sdk_less_payment(
        self, payload: SdkLessInitiatePayload | None = None, /, **arguments: Any
    ) -> SdkLessInitiateResponse:
        """Initiate an SDK-less payment

        Reserves a payment for the mini-app platform. The client opens `data.redirectUrl` (a deep link to the payments
        page), or calls the client SDK's proceedToPay with `data.reservationId`. After payment the user is sent to the
        merchant's `redirectUrl`; the status is not shared client-side, so the merchant must call the status operation.

        Not shown in the interface document: The code of a successful initiate answer (its example and the sandbox use
        SUCCESS).

        Operation initiateSdkLessPayment: POST /v3/transaction/sdk-less/initiate on the apps host.

        Payload fields (keywords; or give a payload model positionally):
            merchant_id (merchantId, optional): Id assigned to the merchant. (at least 1 characters) Default: the
                configured merchant id.
            transaction_id (transactionId): Merchant-generated unique transaction id; length < 38 characters. Limited by
                this project to characters that need no percent-encoding in a URL path (letters, digits, `-`, `.`, `_`,
                `~`): the id goes into the status path, and how the gateway signs a percent-encoded path is not shown,
                so any other character could make the payment unreadable. (at most 37 characters, at least 1 characters,
                pattern ^[A-Za-z0-9._~-]+$)
            amount (amount): Amount in paise (integer, Long). (>= 1)
            valid_for (validFor): Milliseconds for which the payment is valid. (>= 1)
            merchant_order_id (merchantOrderId): Merchant's order id; length < 48 characters. (at most 47 characters, at
                least 1 characters)
            redirect_url (redirectUrl): Where the user is sent after finishing on the payments page.
            transaction_context (transactionContext): Base64 of cart details typed by the request category (category
                tree maintained by the service). The cart details schema per category is not shown.
            sub_merchant_id (subMerchantId, optional): Only when told to send it.

        Request headers (keywords):
            client_id (X-CLIENT-ID, optional): Merchant id on apps-host calls, unless another value was shared (default
                is the merchant id). Default: the configured merchant id (the interface document: unless another value
                was shared).
            callback_url (X-CALLBACK-URL, optional): Per-request server-to-server callback URL; wins over the URL
                registered with the service.

        Codes (x-codes: what each code means on this operation):
            SUCCESS (accepted): Not shown for this operation in the interface document (its example and the sandbox use
                it): the payment is reserved: data.redirectUrl (payments page) and data.reservationId. The user has not
                paid yet: NOT a paid order; the status operation gives the outcome.
            INVALID_TRANSACTION_ID (duplicate): Duplicate transaction id: this transactionId was used before, so a
                request under it may exist (and may have been paid). Never a failure: learn its status with the status
                operation; start again only under a new id once that status is known.
            API_RATE_LIMIT_REACHED (rejected): Call limit breached (HTTP 429, API_LIMIT and TIME_WINDOW); not processed:
                retry after the window.
            BAD_REQUEST (rejected): Invalid payload or a mandatory parameter missing.
            AUTHORIZATION_FAILED (rejected): Incorrect X-VERIFY (checksum).
            INTERNAL_SERVER_ERROR (unknown): Something went wrong; the payment may have been started: check the status
                before retrying.

        Raises:
            ValidationError: bad input, named by field; nothing was sent.
            OutcomeUnknown: May move money: once the request may have reached the gateway, any failure (timeout, dropped
                connection, 5xx, INTERNAL_SERVER_ERROR, TIMED_OUT, an unreadable answer) raises OutcomeUnknown; settle
                it with reconcile(transaction_id), never by sending again (x-retry: reconcile-first).
            ApiError (a subclass per gateway code): the gateway answered with an error code.

        Returns:
            SdkLessInitiateResponse
        """
        return cast("SdkLessInitiateResponse", self._call("initiate_sdk_less_payment", payload, arguments))


class AsyncGatewayMethods:
    """The operation methods of :class:`merchant_gateway.AsyncGateway` (generated; policy lives in the overlay)."""

    async def _call(self, operation: str, payload: object, arguments: dict[str, Any]) -> Any:
        raise NotImplementedError

    async def get_authorization_token(
        self,
    ) -> TokenResponse:
        """Issue an authorization token (client credentials)

        Obtains (and refreshes) the authorization token for the newer standard checkout APIs. The path is identical in
        sandbox and production; only the host differs. Rely on `access_token` and `expires_at`; refresh with the same
        call before `expires_at`. Later checkout calls carry the token in the Authorization header (exact value format
        beyond token_type: not shown).

        Not shown in the interface document: The exact Authorization header value format beyond token_type.

        Not shown in the interface document: Error answers of the token call.

        Operation getAuthorizationToken: POST /v1/oauth/token on the auth host.

        Raises:
            ValidationError: bad input, named by field; nothing was sent.
            GatewayConnectionError, GatewayTimeoutError: Retried automatically after failures (x-retry: safe).
            ApiError (a subclass per gateway code): the gateway answered with an error code.

        Returns:
            TokenResponse
        """
        arguments: dict[str, Any] = {}
        return cast("TokenResponse", await self._call("get_authorization_token", None, arguments))

    @overload
    async def debit_v3(
        self,
        payload: DebitPayload,
        /,
        *,
        redirect_url: str | None = None,
        redirect_mode: RedirectMode | Literal["POST", "REDIRECT"] | None = None,
        callback_url: str | None = None,
        call_mode: CallMode | Literal["POST", "PUT"] | None = None,
        provider_id: str | None = None,
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
        user_auth_token: str | None = None,
        merchant_order_id: str | None = None,
        sub_merchant: str | None = None,
        mobile_number: str | None = None,
        message: str | None = None,
        email: str | None = None,
        short_name: str | None = None,
        merchant_context: MerchantContext | Mapping[str, object] | None = None,
        redirect_url: str | None = None,
        redirect_mode: RedirectMode | Literal["POST", "REDIRECT"] | None = None,
        callback_url: str | None = None,
        call_mode: CallMode | Literal["POST", "PUT"] | None = None,
        provider_id: str | None = None,
    ) -> str: ...

    async def debit_v3(self, payload: DebitPayload | None = None, /, **arguments: Any) -> str:
        """Debit v3 (web redirect; also the mobile SDK apiEndPoint)

        Starts a web redirect payment. The answer is a redirect to the payments page: the caller must disable redirect
        following, and the `Location` value is appended to the host.

        Mobile SDK: `/v3/debit` is also the SDK's `apiEndPoint`. The merchant server builds the base64 body (`request`)
        and the X-VERIFY checksum exactly as for this operation (DebitPayload, signing path `/v3/debit`) and sends them
        with the endpoint and transactionId to the app; the SDK starts the payment (optional SDK headers X-CALLBACK-URL,
        X-CALL-MODE, X-PROVIDER-ID). The SDK's completion handler only reports that the UI flow ended: the merchant
        calls the status operation.

        Operation debitV3: POST /v3/debit on the base host.

        Payload fields (keywords; or give a payload model positionally):
            merchant_id (merchantId, optional): Id assigned to the merchant. (at least 1 characters) Default: the
                configured merchant id.
            transaction_id (transactionId): Merchant-generated unique transaction id; length < 38 characters. Limited by
                this project to characters that need no percent-encoding in a URL path (letters, digits, `-`, `.`, `_`,
                `~`): the id goes into the status path, and how the gateway signs a percent-encoded path is not shown,
                so any other character could make the payment unreadable. (at most 37 characters, at least 1 characters,
                pattern ^[A-Za-z0-9._~-]+$)
            amount (amount): Amount in paise (integer, Long). (>= 1)
            merchant_user_id (merchantUserId, optional): Pre-logs the user in. Required except for guest users. Not
                together with userAuthToken; avoid email or mobile number here.
            user_auth_token (userAuthToken, optional): Only in the OTP linking flow. Pre-logs the user in; without it
                unauthenticated users are sent to a login page.
            merchant_order_id (merchantOrderId, optional): Merchant's order id; length < 48 characters. (at most 47
                characters, at least 1 characters)
            sub_merchant (subMerchant, optional): Only when several merchants are tagged under one merchant id.
            mobile_number (mobileNumber, optional): User's mobile number.
            message (message, optional): Shown to the user on completion.
            email (email, optional): User's email.
            short_name (shortName, optional): Pre-filled name for registration.
            merchant_context (merchantContext, optional): Only if deep offers are allocated.

        Request headers (keywords):
            redirect_url (X-REDIRECT-URL, optional): Merchant URL the user is sent to after the payment UI flow (UI
                callback target).
            redirect_mode (X-REDIRECT-MODE, optional): How the user is sent to X-REDIRECT-URL: REDIRECT (browser
                redirect) or POST (form post, see the uiCallback webhook). The interface document gives the default as
                "REDIRECT/POST"; send the header explicitly. (one of REDIRECT, POST)
            callback_url (X-CALLBACK-URL, optional): Per-request server-to-server callback URL; wins over the URL
                registered with the service.
            call_mode (X-CALL-MODE, optional): HTTP method of the server-to-server callback (POST or PUT; default POST).
                (one of POST, PUT) Default: POST, the documented default.
            provider_id (X-PROVIDER-ID, optional): Used when the merchant has several merchant ids.

        Field rules (x-field-rules, checked before sending):
            at-most-one-of: merchantUserId, userAuthToken

        Codes (x-codes: what each code means on this operation):
            PAYMENT_ERROR (failed): Payment failed (also: payment service or gateway down).
            INVALID_TRANSACTION_ID (duplicate): Duplicate transaction id: this transactionId was used before, so a
                payment under it may exist (and may be paid). Never a failed payment: learn that payment's status with
                the status operation; start a new payment only under a new id once that status is known.
            INVALID_USER_AUTH_TOKEN (rejected): userAuthToken invalid, expired or not mapped to the merchant; show the
                linking flow again.
            BAD_REQUEST (rejected): Invalid payload or a mandatory parameter missing.
            AUTHORIZATION_FAILED (rejected): Incorrect X-VERIFY (checksum).
            INTERNAL_SERVER_ERROR (unknown): Something went wrong; the payment may have been started: check the status
                before retrying.

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

    @overload
    async def debit_v4_web(
        self,
        payload: DebitPayload,
        /,
        *,
        redirect_url: str | None = None,
        redirect_mode: RedirectMode | Literal["POST", "REDIRECT"] | None = None,
        callback_url: str | None = None,
        call_mode: CallMode | Literal["POST", "PUT"] | None = None,
        provider_id: str | None = None,
    ) -> DebitV4Response: ...

    @overload
    async def debit_v4_web(
        self,
        payload: None = None,
        /,
        *,
        merchant_id: str | None = None,
        transaction_id: str,
        amount: int,
        merchant_user_id: str | None = None,
        user_auth_token: str | None = None,
        merchant_order_id: str | None = None,
        sub_merchant: str | None = None,
        mobile_number: str | None = None,
        message: str | None = None,
        email: str | None = None,
        short_name: str | None = None,
        merchant_context: MerchantContext | Mapping[str, object] | None = None,
        redirect_url: str | None = None,
        redirect_mode: RedirectMode | Literal["POST", "REDIRECT"] | None = None,
        callback_url: str | None = None,
        call_mode: CallMode | Literal["POST", "PUT"] | None = None,
        provider_id: str | None = None,
    ) -> DebitV4Response: ...

    async def debit_v4_web(self, payload: DebitPayload | None = None, /, **arguments: Any) -> DebitV4Response:
        """Debit v4 (web)

        Starts a web payment; the envelope carries `data.redirectType` (WEB) and `data.redirectURL` (loaded in a web
        view; the redirect URL and mode headers are used). The URL path ends with `/`; the signing path is `/v4/debit`
        (no trailing slash).

        Operation debitV4Web: POST /v4/debit/ on the base host.

        Payload fields (keywords; or give a payload model positionally):
            merchant_id (merchantId, optional): Id assigned to the merchant. (at least 1 characters) Default: the
                configured merchant id.
            transaction_id (transactionId): Merchant-generated unique transaction id; length < 38 characters. Limited by
                this project to characters that need no percent-encoding in a URL path (letters, digits, `-`, `.`, `_`,
                `~`): the id goes into the status path, and how the gateway signs a percent-encoded path is not shown,
                so any other character could make the payment unreadable. (at most 37 characters, at least 1 characters,
                pattern ^[A-Za-z0-9._~-]+$)
            amount (amount): Amount in paise (integer, Long). (>= 1)
            merchant_user_id (merchantUserId, optional): Pre-logs the user in. Required except for guest users. Not
                together with userAuthToken; avoid email or mobile number here.
            user_auth_token (userAuthToken, optional): Only in the OTP linking flow. Pre-logs the user in; without it
                unauthenticated users are sent to a login page.
            merchant_order_id (merchantOrderId, optional): Merchant's order id; length < 48 characters. (at most 47
                characters, at least 1 characters)
            sub_merchant (subMerchant, optional): Only when several merchants are tagged under one merchant id.
            mobile_number (mobileNumber, optional): User's mobile number.
            message (message, optional): Shown to the user on completion.
            email (email, optional): User's email.
            short_name (shortName, optional): Pre-filled name for registration.
            merchant_context (merchantContext, optional): Only if deep offers are allocated.

        Request headers (keywords):
            redirect_url (X-REDIRECT-URL, optional): Merchant URL the user is sent to after the payment UI flow (UI
                callback target).
            redirect_mode (X-REDIRECT-MODE, optional): How the user is sent to X-REDIRECT-URL: REDIRECT (browser
                redirect) or POST (form post, see the uiCallback webhook). The interface document gives the default as
                "REDIRECT/POST"; send the header explicitly. (one of REDIRECT, POST)
            callback_url (X-CALLBACK-URL, optional): Per-request server-to-server callback URL; wins over the URL
                registered with the service.
            call_mode (X-CALL-MODE, optional): HTTP method of the server-to-server callback (POST or PUT; default POST).
                (one of POST, PUT) Default: POST, the documented default.
            provider_id (X-PROVIDER-ID, optional): Used when the merchant has several merchant ids.

        Field rules (x-field-rules, checked before sending):
            at-most-one-of: merchantUserId, userAuthToken

        Codes (x-codes: what each code means on this operation):
            PAYMENT_SUCCESS (accepted): The debit request was accepted and data carries where the user pays
                (redirectType WEB: the payments page URL in redirectURL). The user has not paid yet: this is NOT a paid
                order (the document's code table reads PAYMENT_SUCCESS as 'Payment successful', but on this answer the
                payment flow has not happened). Learn the outcome with the status operation after the flow finishes (or
                from the server-to-server callback).
            PAYMENT_ERROR (failed): Payment failed (also: payment service or gateway down).
            INVALID_TRANSACTION_ID (duplicate): Duplicate transaction id: this transactionId was used before, so a
                payment under it may exist (and may be paid). Never a failed payment: learn that payment's status with
                the status operation; start a new payment only under a new id once that status is known.
            INVALID_USER_AUTH_TOKEN (rejected): userAuthToken invalid, expired or not mapped to the merchant; show the
                linking flow again.
            BAD_REQUEST (rejected): Invalid payload or a mandatory parameter missing.
            AUTHORIZATION_FAILED (rejected): Incorrect X-VERIFY (checksum).
            INTERNAL_SERVER_ERROR (unknown): Something went wrong; the payment may have been started: check the status
                before retrying.

        Raises:
            ValidationError: bad input, named by field; nothing was sent.
            OutcomeUnknown: May move money: once the request may have reached the gateway, any failure (timeout, dropped
                connection, 5xx, INTERNAL_SERVER_ERROR, TIMED_OUT, an unreadable answer) raises OutcomeUnknown; settle
                it with reconcile(transaction_id), never by sending again (x-retry: reconcile-first).
            ApiError (a subclass per gateway code): the gateway answered with an error code.

        Returns:
            DebitV4Response
        """
        return cast("DebitV4Response", await self._call("debit_v4_web", payload, arguments))

    @overload
    async def debit_v4_intent(
        self,
        payload: DebitIntentPayload,
        /,
        *,
        callback_url: str | None = None,
        call_mode: CallMode | Literal["POST", "PUT"] | None = None,
    ) -> DebitV4Response: ...

    @overload
    async def debit_v4_intent(
        self,
        payload: None = None,
        /,
        *,
        merchant_id: str | None = None,
        transaction_id: str,
        amount: int,
        merchant_order_id: str,
        payment_scope: PaymentScope | Literal["PLATFORM"],
        device_context: DeviceContext | Mapping[str, object],
        merchant_user_id: str | None = None,
        user_auth_token: str | None = None,
        sub_merchant: str | None = None,
        mobile_number: str | None = None,
        message: str | None = None,
        email: str | None = None,
        short_name: str | None = None,
        merchant_context: MerchantContext | Mapping[str, object] | None = None,
        callback_url: str | None = None,
        call_mode: CallMode | Literal["POST", "PUT"] | None = None,
    ) -> DebitV4Response: ...

    async def debit_v4_intent(self, payload: DebitIntentPayload | None = None, /, **arguments: Any) -> DebitV4Response:
        """Debit v4 intent variant (UPI intent URI)

        Intent (deep link) flow. The merchant app checks that the wallet app is installed and sends its version code to
        its server; the server requests the intent URL (`paymentScope` PLATFORM and
        `deviceContext.platformVersionCode`), and the app opens `data.redirectURL` in the wallet app. Only
        X-CALLBACK-URL and X-CALL-MODE are listed for this variant.

        Operation debitV4Intent: POST /v4/debit on the base host.

        Payload fields (keywords; or give a payload model positionally):
            merchant_id (merchantId, optional): Id assigned to the merchant. (at least 1 characters) Default: the
                configured merchant id.
            transaction_id (transactionId): Merchant-generated unique transaction id; length < 38 characters. Limited by
                this project to characters that need no percent-encoding in a URL path (letters, digits, `-`, `.`, `_`,
                `~`): the id goes into the status path, and how the gateway signs a percent-encoded path is not shown,
                so any other character could make the payment unreadable. (at most 37 characters, at least 1 characters,
                pattern ^[A-Za-z0-9._~-]+$)
            amount (amount): Amount in paise (integer, Long). (>= 1)
            merchant_order_id (merchantOrderId): Merchant's order id; length < 48 characters. (at most 47 characters, at
                least 1 characters)
            payment_scope (paymentScope): Must be PLATFORM. (one of PLATFORM)
            device_context (deviceContext): Device facts of the intent variant.
            merchant_user_id (merchantUserId, optional): Pre-logs the user in. Required except for guest users. Not
                together with userAuthToken.
            user_auth_token (userAuthToken, optional): Only in the OTP linking flow.
            sub_merchant (subMerchant, optional): Only when several merchants are tagged under one merchant id.
            mobile_number (mobileNumber, optional): -
            message (message, optional): Shown to the user on completion.
            email (email, optional): -
            short_name (shortName, optional): Pre-filled name for registration.
            merchant_context (merchantContext, optional): Only if deep offers are allocated.

        Request headers (keywords):
            callback_url (X-CALLBACK-URL, optional): Per-request server-to-server callback URL; wins over the URL
                registered with the service.
            call_mode (X-CALL-MODE, optional): HTTP method of the server-to-server callback (POST or PUT; default POST).
                (one of POST, PUT) Default: POST, the documented default.

        Field rules (x-field-rules, checked before sending):
            at-most-one-of: merchantUserId, userAuthToken

        Codes (x-codes: what each code means on this operation):
            PAYMENT_SUCCESS (accepted): The debit request was accepted and data carries where the user pays
                (redirectType INTENT: the UPI intent URI in redirectURL). The user has not paid yet: this is NOT a paid
                order (the document's code table reads PAYMENT_SUCCESS as 'Payment successful', but on this answer the
                payment flow has not happened). Learn the outcome with the status operation after the flow finishes (or
                from the server-to-server callback).
            PAYMENT_ERROR (failed): Payment failed (also: payment service or gateway down).
            INVALID_TRANSACTION_ID (duplicate): Duplicate transaction id: this transactionId was used before, so a
                payment under it may exist (and may be paid). Never a failed payment: learn that payment's status with
                the status operation; start a new payment only under a new id once that status is known.
            INVALID_USER_AUTH_TOKEN (rejected): userAuthToken invalid, expired or not mapped to the merchant; show the
                linking flow again.
            BAD_REQUEST (rejected): Invalid payload or a mandatory parameter missing.
            AUTHORIZATION_FAILED (rejected): Incorrect X-VERIFY (checksum).
            INTERNAL_SERVER_ERROR (unknown): Something went wrong; the payment may have been started: check the status
                before retrying.

        Raises:
            ValidationError: bad input, named by field; nothing was sent.
            OutcomeUnknown: May move money: once the request may have reached the gateway, any failure (timeout, dropped
                connection, 5xx, INTERNAL_SERVER_ERROR, TIMED_OUT, an unreadable answer) raises OutcomeUnknown; settle
                it with reconcile(transaction_id), never by sending again (x-retry: reconcile-first).
            ApiError (a subclass per gateway code): the gateway answered with an error code.

        Returns:
            DebitV4Response
        """
        return cast("DebitV4Response", await self._call("debit_v4_intent", payload, arguments))

    async def get_transaction_status(
        self,
        transaction_id: str,
        *,
        expected_amount: int | None = None,
    ) -> TransactionStatusResponse:
        """Transaction status (base host)

        Status of a payment (or refund) by merchant transaction id. Must be called after any payment flow finishes
        (redirect back, SDK completion, callback); the amount must be cross-checked with the forward payment. Decisions
        use `code`; paymentState and payResponseCode are informative. While PAYMENT_PENDING, poll until the status
        changes.

        TRANSACTION_NOT_FOUND (payment not initiated; `data` is `{}`): the interface document shows no HTTP status for
        it (no code is mapped to an HTTP status except 429), so it is described under HTTP 200
        (`TransactionStatusResponse`) and HTTP 400 (`ErrorEnvelope`): read it by `code` under either.

        Not shown in the interface document: The HTTP status of TRANSACTION_NOT_FOUND (described under 200 and 400).

        Operation getTransactionStatus: GET /v3/transaction/{merchantId}/{transactionId}/status on the base host.

        Args:
            transaction_id (transaction_id): The merchant's transaction id (length < 38). (at most 37 characters; at
                least 1 characters; pattern ^[A-Za-z0-9._~-]+$)

        Codes (x-codes: what each code means on this operation):
            PAYMENT_SUCCESS (succeeded): The payment (or refund) is successful; cross-check data.amount with the forward
                payment.
            PAYMENT_PENDING (pending): Pending, not a failure: poll the status again until it changes.
            PAYMENT_ERROR (failed): The payment (or refund) failed.
            PAYMENT_DECLINED (failed): Declined by the user.
            PAYMENT_CANCELLED (failed): Cancelled by the merchant through the cancel operation (not shown).
            TRANSACTION_NOT_FOUND (not-found): Payment not initiated: no transaction for this merchant and transaction
                id; data is {}. Its HTTP status is not shown (200 and 400 are both described): read it by code.
            BAD_REQUEST (rejected): Invalid payload or a mandatory parameter missing.
            AUTHORIZATION_FAILED (rejected): Incorrect X-VERIFY (checksum).
            INTERNAL_SERVER_ERROR (unknown): Something went wrong; nothing was read (a read may be repeated).

        Policy:
            expected_amount: the amount in paise a success must carry (the forward payment's); default: the amount this
                client sent under the transaction id. With neither, a success is unconfirmed; another amount raises
                AmountMismatchError (do not fulfil the order).

        Raises:
            ValidationError: bad input, named by field; nothing was sent.
            GatewayConnectionError, GatewayTimeoutError: Retried automatically after failures (x-retry: safe).
            ApiError (a subclass per gateway code): the gateway answered with an error code.

        Returns:
            TransactionStatusResponse
        """
        arguments: dict[str, Any] = {
            "transaction_id": transaction_id,
            "expected_amount": expected_amount,
        }
        return cast("TransactionStatusResponse", await self._call("get_transaction_status", None, arguments))

    async def get_transaction_status_apps_host(
        self,
        transaction_id: str,
        *,
        client_id: str | None = None,
        expected_amount: int | None = None,
    ) -> TransactionStatusResponse:
        """Transaction status (apps host)

        The same status call served by the apps host. Its URL is
        `{apps_url}/v3/transaction/{merchantId}/{transactionId}/status`: the last segment is the path parameter
        `statusSegment` whose only value is `status` (OpenAPI forbids two path items with the same templated path, so
        the apps-host operation is written with a templated last segment and operation-level apps-host servers; see
        spec/README.md). The signing path is `/v3/transaction/{merchantId}/{transactionId}/status`. The answer may also
        carry `data.status`; INVALID_TRANSACTION_ID here means a wrong id.

        TRANSACTION_NOT_FOUND (`data` is `{}`) is described under HTTP 200 and HTTP 400: its HTTP status is not shown,
        so read it by `code` under either.

        Not shown in the interface document: The HTTP status of TRANSACTION_NOT_FOUND (described under 200 and 400).

        Operation getTransactionStatusAppsHost: GET /v3/transaction/{merchantId}/{transactionId}/{statusSegment} on the
        apps host.

        Args:
            transaction_id (transaction_id): The merchant's transaction id (length < 38). (at most 37 characters; at
                least 1 characters; pattern ^[A-Za-z0-9._~-]+$)

        Request headers (keywords):
            client_id (X-CLIENT-ID, optional): Merchant id on apps-host calls, unless another value was shared (default
                is the merchant id). Default: the configured merchant id (the interface document: unless another value
                was shared).

        Codes (x-codes: what each code means on this operation):
            PAYMENT_SUCCESS (succeeded): The payment (or refund) is successful; cross-check data.amount with the forward
                payment.
            PAYMENT_PENDING (pending): Pending, not a failure: poll the status again until it changes.
            PAYMENT_ERROR (failed): The payment (or refund) failed.
            PAYMENT_DECLINED (failed): Declined by the user.
            PAYMENT_CANCELLED (failed): Cancelled by the merchant through the cancel operation (not shown).
            TRANSACTION_NOT_FOUND (not-found): Payment not initiated: no transaction for this merchant and transaction
                id; data is {}. Its HTTP status is not shown (200 and 400 are both described): read it by code.
            INVALID_TRANSACTION_ID (rejected): On the apps-host status: a wrong transaction id.
            API_RATE_LIMIT_REACHED (rejected): Call limit breached (HTTP 429, API_LIMIT and TIME_WINDOW); not processed:
                retry after the window.
            BAD_REQUEST (rejected): Invalid payload or a mandatory parameter missing.
            AUTHORIZATION_FAILED (rejected): Incorrect X-VERIFY (checksum).
            INTERNAL_SERVER_ERROR (unknown): Something went wrong; nothing was read (a read may be repeated).

        Policy:
            expected_amount: the amount in paise a success must carry (the forward payment's); default: the amount this
                client sent under the transaction id. With neither, a success is unconfirmed; another amount raises
                AmountMismatchError (do not fulfil the order).

        Raises:
            ValidationError: bad input, named by field; nothing was sent.
            GatewayConnectionError, GatewayTimeoutError: Retried automatically after failures (x-retry: safe).
            ApiError (a subclass per gateway code): the gateway answered with an error code.

        Returns:
            TransactionStatusResponse
        """
        arguments: dict[str, Any] = {
            "transaction_id": transaction_id,
            "client_id": client_id,
            "expected_amount": expected_amount,
        }
        return cast("TransactionStatusResponse", await self._call("get_transaction_status_apps_host", None, arguments))

    @overload
    async def refund_v3(
        self,
        payload: RefundV3Payload,
        /,
        *,
        original_amount: int | None = None,
    ) -> RefundResponse: ...

    @overload
    async def refund_v3(
        self,
        payload: None = None,
        /,
        *,
        merchant_id: str | None = None,
        transaction_id: str,
        amount: int,
        merchant_order_id: str,
        message: str,
        original_transaction_id: str | None = None,
        provider_reference_id: str | None = None,
        sub_merchant: str | None = None,
        original_amount: int | None = None,
    ) -> RefundResponse: ...

    async def refund_v3(self, payload: RefundV3Payload | None = None, /, **arguments: Any) -> RefundResponse:
        """Refund v3 (base host)

        Refunds a payment fully or partly back to the original source. The refund's transactionId must differ from the
        debit's. PAYMENT_SUCCESS means the refund succeeded. On INTERNAL_SERVER_ERROR or TIMED_OUT the refund may
        already have been initiated: check status before retrying. The URL path ends with `/`; the signing path is
        `/v3/credit/backToSource`.

        TRANSACTION_NOT_FOUND (original transaction not found) is described under HTTP 200 and HTTP 400: its HTTP status
        is not shown, so read it by `code` under either.

        Not shown in the interface document: The HTTP status of TRANSACTION_NOT_FOUND (described under 200 and 400).

        Operation refundV3: POST /v3/credit/backToSource/ on the base host.

        Payload fields (keywords; or give a payload model positionally):
            merchant_id (merchantId, optional): Id assigned to the merchant. (at least 1 characters) Default: the
                configured merchant id.
            transaction_id (transactionId): Merchant-generated unique transaction id; length < 38 characters. Limited by
                this project to characters that need no percent-encoding in a URL path (letters, digits, `-`, `.`, `_`,
                `~`): the id goes into the status path, and how the gateway signs a percent-encoded path is not shown,
                so any other character could make the payment unreadable. (at most 37 characters, at least 1 characters,
                pattern ^[A-Za-z0-9._~-]+$)
            amount (amount): Amount in paise (integer, Long). (>= 1)
            merchant_order_id (merchantOrderId): Merchant's order id; length < 48 characters. (at most 47 characters, at
                least 1 characters)
            message (message): Refund message.
            original_transaction_id (originalTransactionId, optional): Merchant transaction id of the forward payment
                (one of originalTransactionId and providerReferenceId).
            provider_reference_id (providerReferenceId, optional): The service's id of the forward payment (one of
                originalTransactionId and providerReferenceId).
            sub_merchant (subMerchant, optional): Tag (v3 path).

        Field rules (x-field-rules, checked before sending):
            exactly-one-of: originalTransactionId, providerReferenceId

        Codes (x-codes: what each code means on this operation):
            PAYMENT_SUCCESS (succeeded): The refund is successful.
            PAYMENT_PENDING (pending): The refund is pending, not a failure: check the status (of the refund's
                transactionId) until it changes.
            PAYMENT_ERROR (failed): The refund failed; data.payResponseCode tells why (WALLET_NOT_ACTIVATED: the user
                disabled the wallet, contact the user for the refund source). Two payResponseCode values change the
                meaning (refine).
            TRANSACTION_NOT_FOUND (not-found): Original transaction not found. Its HTTP status is not shown (200 and 400
                are both described): read it by code.
            TIMED_OUT (unknown): The refund timed out; it may already have been initiated: check the status before
                retrying.
            BAD_REQUEST (rejected): Invalid payload or a mandatory parameter missing.
            AUTHORIZATION_FAILED (rejected): Incorrect X-VERIFY (checksum).
            INTERNAL_SERVER_ERROR (unknown): Something went wrong; the refund may already have been initiated: check the
                status before retrying.

        Policy:
            original_amount: the payment's amount in paise; the refund amount must not exceed it (an amount this client
                sent or read is used when not given).

        Raises:
            ValidationError: bad input, named by field; nothing was sent.
            OutcomeUnknown: May move money: once the request may have reached the gateway, any failure (timeout, dropped
                connection, 5xx, INTERNAL_SERVER_ERROR, TIMED_OUT, an unreadable answer) raises OutcomeUnknown; settle
                it with reconcile(transaction_id), never by sending again (x-retry: reconcile-first).
            ApiError (a subclass per gateway code): the gateway answered with an error code.

        Returns:
            RefundResponse
        """
        return cast("RefundResponse", await self._call("refund_v3", payload, arguments))

    @overload
    async def refund_v4(
        self,
        payload: RefundV4Payload,
        /,
        *,
        callback_url: str | None = None,
        callback_mode: CallbackMode | Literal["POST", "PUT"] | None = None,
        original_amount: int | None = None,
    ) -> RefundResponse: ...

    @overload
    async def refund_v4(
        self,
        payload: None = None,
        /,
        *,
        merchant_id: str | None = None,
        transaction_id: str,
        amount: int,
        merchant_order_id: str,
        message: str,
        original_transaction_id: str | None = None,
        provider_reference_id: str | None = None,
        sub_merchant_id: str | None = None,
        callback_url: str | None = None,
        callback_mode: CallbackMode | Literal["POST", "PUT"] | None = None,
        original_amount: int | None = None,
    ) -> RefundResponse: ...

    async def refund_v4(self, payload: RefundV4Payload | None = None, /, **arguments: Any) -> RefundResponse:
        """Refund v4 (base host)

        Refund with `subMerchantId`; optional X-CALLBACK-URL (dynamic server callback) and X-CALLBACK-MODE (POST or PUT,
        default POST). Answers e.g. PAYMENT_PENDING. A passed refund window answers REVERSAL_WINDOW_EXCEEDED (process
        the refund manually).

        TRANSACTION_NOT_FOUND (original transaction not found) is described under HTTP 200 and HTTP 400: its HTTP status
        is not shown, so read it by `code` under either.

        Not shown in the interface document: The HTTP status of TRANSACTION_NOT_FOUND (described under 200 and 400).

        Operation refundV4: POST /v4/credit/backToSource on the base host.

        Payload fields (keywords; or give a payload model positionally):
            merchant_id (merchantId, optional): Id assigned to the merchant. (at least 1 characters) Default: the
                configured merchant id.
            transaction_id (transactionId): Merchant-generated unique transaction id; length < 38 characters. Limited by
                this project to characters that need no percent-encoding in a URL path (letters, digits, `-`, `.`, `_`,
                `~`): the id goes into the status path, and how the gateway signs a percent-encoded path is not shown,
                so any other character could make the payment unreadable. (at most 37 characters, at least 1 characters,
                pattern ^[A-Za-z0-9._~-]+$)
            amount (amount): Amount in paise (integer, Long). (>= 1)
            merchant_order_id (merchantOrderId): Merchant's order id; length < 48 characters. (at most 47 characters, at
                least 1 characters)
            message (message): Refund message.
            original_transaction_id (originalTransactionId, optional): Merchant transaction id of the forward payment
                (one of originalTransactionId and providerReferenceId).
            provider_reference_id (providerReferenceId, optional): The service's id of the forward payment (one of
                originalTransactionId and providerReferenceId).
            sub_merchant_id (subMerchantId, optional): Tag (v4 and apps-host paths).

        Request headers (keywords):
            callback_url (X-CALLBACK-URL, optional): Per-request server-to-server callback URL; wins over the URL
                registered with the service.
            callback_mode (X-CALLBACK-MODE, optional): HTTP method of the refund's server-to-server callback (POST or
                PUT; default POST). (one of POST, PUT)

        Field rules (x-field-rules, checked before sending):
            exactly-one-of: originalTransactionId, providerReferenceId

        Codes (x-codes: what each code means on this operation):
            PAYMENT_SUCCESS (succeeded): The refund is successful.
            PAYMENT_PENDING (pending): The refund is pending, not a failure: check the status (of the refund's
                transactionId) until it changes.
            PAYMENT_ERROR (failed): The refund failed; data.payResponseCode tells why (WALLET_NOT_ACTIVATED: the user
                disabled the wallet, contact the user for the refund source). Two payResponseCode values change the
                meaning (refine).
            TRANSACTION_NOT_FOUND (not-found): Original transaction not found. Its HTTP status is not shown (200 and 400
                are both described): read it by code.
            TIMED_OUT (unknown): The refund timed out; it may already have been initiated: check the status before
                retrying.
            REVERSAL_WINDOW_EXCEEDED (rejected): Refund window passed; process the refund manually.
            BAD_REQUEST (rejected): Invalid payload or a mandatory parameter missing.
            AUTHORIZATION_FAILED (rejected): Incorrect X-VERIFY (checksum).
            INTERNAL_SERVER_ERROR (unknown): Something went wrong; the refund may already have been initiated: check the
                status before retrying.

        Policy:
            original_amount: the payment's amount in paise; the refund amount must not exceed it (an amount this client
                sent or read is used when not given).

        Raises:
            ValidationError: bad input, named by field; nothing was sent.
            OutcomeUnknown: May move money: once the request may have reached the gateway, any failure (timeout, dropped
                connection, 5xx, INTERNAL_SERVER_ERROR, TIMED_OUT, an unreadable answer) raises OutcomeUnknown; settle
                it with reconcile(transaction_id), never by sending again (x-retry: reconcile-first).
            ApiError (a subclass per gateway code): the gateway answered with an error code.

        Returns:
            RefundResponse
        """
        return cast("RefundResponse", await self._call("refund_v4", payload, arguments))

    @overload
    async def refund_apps_host(
        self,
        payload: RefundV4Payload,
        /,
        *,
        client_id: str | None = None,
        original_amount: int | None = None,
    ) -> RefundResponse: ...

    @overload
    async def refund_apps_host(
        self,
        payload: None = None,
        /,
        *,
        merchant_id: str | None = None,
        transaction_id: str,
        amount: int,
        merchant_order_id: str,
        message: str,
        original_transaction_id: str | None = None,
        provider_reference_id: str | None = None,
        sub_merchant_id: str | None = None,
        client_id: str | None = None,
        original_amount: int | None = None,
    ) -> RefundResponse: ...

    async def refund_apps_host(self, payload: RefundV4Payload | None = None, /, **arguments: Any) -> RefundResponse:
        """Refund (apps host)

        The refund served by the apps host (payload with `subMerchantId`; optional X-CLIENT-ID). In the apps-host
        listing WALLET_NOT_ACTIVATED is spelled WALLLET_NOT_ACTIVATED.

        TRANSACTION_NOT_FOUND (original transaction not found) is described under HTTP 200 and HTTP 400: its HTTP status
        is not shown, so read it by `code` under either.

        Not shown in the interface document: The HTTP status of TRANSACTION_NOT_FOUND (described under 200 and 400).

        Operation refundAppsHost: POST /v3/credit/backToSource on the apps host.

        Payload fields (keywords; or give a payload model positionally):
            merchant_id (merchantId, optional): Id assigned to the merchant. (at least 1 characters) Default: the
                configured merchant id.
            transaction_id (transactionId): Merchant-generated unique transaction id; length < 38 characters. Limited by
                this project to characters that need no percent-encoding in a URL path (letters, digits, `-`, `.`, `_`,
                `~`): the id goes into the status path, and how the gateway signs a percent-encoded path is not shown,
                so any other character could make the payment unreadable. (at most 37 characters, at least 1 characters,
                pattern ^[A-Za-z0-9._~-]+$)
            amount (amount): Amount in paise (integer, Long). (>= 1)
            merchant_order_id (merchantOrderId): Merchant's order id; length < 48 characters. (at most 47 characters, at
                least 1 characters)
            message (message): Refund message.
            original_transaction_id (originalTransactionId, optional): Merchant transaction id of the forward payment
                (one of originalTransactionId and providerReferenceId).
            provider_reference_id (providerReferenceId, optional): The service's id of the forward payment (one of
                originalTransactionId and providerReferenceId).
            sub_merchant_id (subMerchantId, optional): Tag (v4 and apps-host paths).

        Request headers (keywords):
            client_id (X-CLIENT-ID, optional): Merchant id on apps-host calls, unless another value was shared (default
                is the merchant id). Default: the configured merchant id (the interface document: unless another value
                was shared).

        Field rules (x-field-rules, checked before sending):
            exactly-one-of: originalTransactionId, providerReferenceId

        Codes (x-codes: what each code means on this operation):
            PAYMENT_SUCCESS (succeeded): The refund is successful.
            PAYMENT_PENDING (pending): The refund is pending, not a failure: check the status (of the refund's
                transactionId) until it changes.
            PAYMENT_ERROR (failed): The refund failed; data.payResponseCode tells why (WALLET_NOT_ACTIVATED: the user
                disabled the wallet, contact the user for the refund source). Two payResponseCode values change the
                meaning (refine).
            TRANSACTION_NOT_FOUND (not-found): Original transaction not found. Its HTTP status is not shown (200 and 400
                are both described): read it by code.
            TIMED_OUT (unknown): The refund timed out; it may already have been initiated: check the status before
                retrying.
            API_RATE_LIMIT_REACHED (rejected): Call limit breached (HTTP 429, API_LIMIT and TIME_WINDOW); not processed:
                retry after the window.
            BAD_REQUEST (rejected): Invalid payload or a mandatory parameter missing.
            AUTHORIZATION_FAILED (rejected): Incorrect X-VERIFY (checksum).
            INTERNAL_SERVER_ERROR (unknown): Something went wrong; the refund may already have been initiated: check the
                status before retrying.

        Policy:
            original_amount: the payment's amount in paise; the refund amount must not exceed it (an amount this client
                sent or read is used when not given).

        Raises:
            ValidationError: bad input, named by field; nothing was sent.
            OutcomeUnknown: May move money: once the request may have reached the gateway, any failure (timeout, dropped
                connection, 5xx, INTERNAL_SERVER_ERROR, TIMED_OUT, an unreadable answer) raises OutcomeUnknown; settle
                it with reconcile(transaction_id), never by sending again (x-retry: reconcile-first).
            ApiError (a subclass per gateway code): the gateway answered with an error code.

        Returns:
            RefundResponse
        """
        return cast("RefundResponse", await self._call("refund_apps_host", payload, arguments))

    @overload
    async def fulfill_deferred_refund(
        self,
        payload: DeferredFulfillPayload,
        /,
    ) -> DeferredFulfillResponse: ...

    @overload
    async def fulfill_deferred_refund(
        self,
        payload: None = None,
        /,
        *,
        merchant_id: str | None = None,
        transaction_id: str,
        merchant_user_id: str,
        amount: int,
        merchant_order_id: str,
        sub_merchant: str | None = None,
        mobile_number: str | None = None,
        message: str | None = None,
        email: str | None = None,
        short_name: str | None = None,
    ) -> DeferredFulfillResponse: ...

    async def fulfill_deferred_refund(
        self, payload: DeferredFulfillPayload | None = None, /, **arguments: Any
    ) -> DeferredFulfillResponse:
        """Deferred (cash on delivery) refund fulfilment

        Fulfils a deferred credit made earlier with the same transactionId. Needs no auth header besides X-VERIFY.
        Success is shown with HTTP 200 and failure with HTTP 400 in the samples.

        Not shown in the interface document: The preceding deferred credit operation.

        Not shown in the interface document: Response codes beyond the sample codes PAYMENT_SUCCESS and
        INVALID_TRANSACTION_ID.

        Operation fulfillDeferredRefund: POST /v3/credit/deferred/fulfill on the base host.

        Payload fields (keywords; or give a payload model positionally):
            merchant_id (merchantId, optional): Id assigned to the merchant. (at least 1 characters) Default: the
                configured merchant id.
            transaction_id (transactionId): Merchant-generated unique transaction id; length < 38 characters. Limited by
                this project to characters that need no percent-encoding in a URL path (letters, digits, `-`, `.`, `_`,
                `~`): the id goes into the status path, and how the gateway signs a percent-encoded path is not shown,
                so any other character could make the payment unreadable. (at most 37 characters, at least 1 characters,
                pattern ^[A-Za-z0-9._~-]+$)
            merchant_user_id (merchantUserId): -
            amount (amount): Amount in paise (integer, Long). (>= 1)
            merchant_order_id (merchantOrderId): Merchant's order id; length < 48 characters. (at most 47 characters, at
                least 1 characters)
            sub_merchant (subMerchant, optional): -
            mobile_number (mobileNumber, optional): -
            message (message, optional): Shown on the success page.
            email (email, optional): -
            short_name (shortName, optional): -

        Codes (x-codes: what each code means on this operation):
            PAYMENT_SUCCESS (succeeded): Sample code of this operation: the deferred refund is fulfilled (data.status
                SUCCESS).
            INVALID_TRANSACTION_ID (duplicate): Sample code of this operation: duplicate or invalid transaction id (e.g.
                a second fulfil): the fulfilment may exist already; learn its status before anything else.
            BAD_REQUEST (rejected): Invalid payload or a mandatory parameter missing.
            AUTHORIZATION_FAILED (rejected): Incorrect X-VERIFY (checksum).
            INTERNAL_SERVER_ERROR (unknown): Something went wrong; the refund may already have been initiated: check the
                status before retrying.

        Raises:
            ValidationError: bad input, named by field; nothing was sent.
            OutcomeUnknown: May move money: once the request may have reached the gateway, any failure (timeout, dropped
                connection, 5xx, INTERNAL_SERVER_ERROR, TIMED_OUT, an unreadable answer) raises OutcomeUnknown; settle
                it with reconcile(transaction_id), never by sending again (x-retry: reconcile-first).
            ApiError (a subclass per gateway code): the gateway answered with an error code.

        Returns:
            DeferredFulfillResponse
        """
        return cast("DeferredFulfillResponse", await self._call("fulfill_deferred_refund", payload, arguments))

    @overload
    async def collect_request(
        self,
        payload: CollectPayload,
        /,
        *,
        callback_url: str,
    ) -> CollectResponse: ...

    @overload
    async def collect_request(
        self,
        payload: None = None,
        /,
        *,
        merchant_id: str | None = None,
        transaction_id: str,
        merchant_order_id: str,
        amount: int,
        instrument_type: InstrumentType | Literal["MOBILE"],
        instrument_reference: str,
        expires_in: int,
        message: str | None = None,
        email: str | None = None,
        short_name: str | None = None,
        sub_merchant: str | None = None,
        sub_merchant_id: str | None = None,
        store_id: str | None = None,
        terminal_id: str | None = None,
        callback_url: str,
    ) -> CollectResponse: ...

    async def collect_request(self, payload: CollectPayload | None = None, /, **arguments: Any) -> CollectResponse:
        """Collect request (offline request payment)

        Sends a collect request to the user's mobile number. Code SUCCESS means the collect request was sent to the
        user's payment address. A charge callback is sent only for success or failure; pending cases produce no
        callback, so status must be polled (in a point-of-sale setup, at most expiry time minus time already elapsed,
        e.g. 180 s expiry checked at 60 s leaves 120 s).

        Operation collectRequest: POST /v3/charge on the base host.

        Payload fields (keywords; or give a payload model positionally):
            merchant_id (merchantId, optional): Id assigned to the merchant. (at least 1 characters) Default: the
                configured merchant id.
            transaction_id (transactionId): Merchant-generated unique transaction id; length < 38 characters. Limited by
                this project to characters that need no percent-encoding in a URL path (letters, digits, `-`, `.`, `_`,
                `~`): the id goes into the status path, and how the gateway signs a percent-encoded path is not shown,
                so any other character could make the payment unreadable. (at most 37 characters, at least 1 characters,
                pattern ^[A-Za-z0-9._~-]+$)
            merchant_order_id (merchantOrderId): Merchant's order id; length < 48 characters. (at most 47 characters, at
                least 1 characters)
            amount (amount): Amount in paise (integer, Long). (>= 1)
            instrument_type (instrumentType): Value MOBILE. (one of MOBILE)
            instrument_reference (instrumentReference): User's mobile number. (at least 1 characters)
            expires_in (expiresIn): Time within which the payment must complete, else it is marked failed. Default 30
                days; the sample uses 180 and the status guidance counts it in seconds (seconds: 30 days = 2592000). (>=
                1)
            message (message, optional): Recommended to carry transaction id, order id, invoice number.
            email (email, optional): -
            short_name (shortName, optional): Customer name.
            sub_merchant (subMerchant, optional): Tag (v3 listing).
            sub_merchant_id (subMerchantId, optional): Tag (later listing).
            store_id (storeId, optional): Unique across stores (optional in one listing, required in another).
            terminal_id (terminalId, optional): Unique within a store.

        Request headers (keywords):
            callback_url (X-CALLBACK-URL): Server-to-server callback URL of the collect request (required on
                /v3/charge).

        Codes (x-codes: what each code means on this operation):
            SUCCESS (accepted): The collect request was sent to the user's payment address. The user has not paid yet:
                NOT a paid order. The charge callback reports success or failure only (none for pending); poll the
                status operation.
            INVALID_TRANSACTION_ID (duplicate): Duplicate transaction id: this transactionId was used before, so a
                request under it may exist (and may have been paid). Never a failure: learn its status with the status
                operation; start again only under a new id once that status is known.
            BAD_REQUEST (rejected): Invalid payload or a mandatory parameter missing.
            AUTHORIZATION_FAILED (rejected): Incorrect X-VERIFY (checksum).
            INTERNAL_SERVER_ERROR (unknown): Something went wrong; the payment may have been started: check the status
                before retrying.

        Raises:
            ValidationError: bad input, named by field; nothing was sent.
            OutcomeUnknown: May move money: once the request may have reached the gateway, any failure (timeout, dropped
                connection, 5xx, INTERNAL_SERVER_ERROR, TIMED_OUT, an unreadable answer) raises OutcomeUnknown; settle
                it with reconcile(transaction_id), never by sending again (x-retry: reconcile-first).
            ApiError (a subclass per gateway code): the gateway answered with an error code.

        Returns:
            CollectResponse
        """
        return cast("CollectResponse", await self._call("collect_request", payload, arguments))

    @overload
    async def trigger_test_callback(
        self,
        payload: TestCallbackRequest,
        /,
        *,
        callback_url: str,
        call_mode: CallMode | Literal["POST", "PUT"] | None = None,
    ) -> TestCallbackResponse: ...

    @overload
    async def trigger_test_callback(
        self,
        payload: None = None,
        /,
        *,
        merchant_id: str | None = None,
        transaction_id: str,
        amount: int,
        callback_url: str,
        call_mode: CallMode | Literal["POST", "PUT"] | None = None,
    ) -> TestCallbackResponse: ...

    async def trigger_test_callback(
        self, payload: TestCallbackRequest | None = None, /, **arguments: Any
    ) -> TestCallbackResponse:
        """Trigger a test server-to-server callback

        Triggers a test server-to-server callback to the URL in `x-callback-url`. Plain JSON body (not wrapped, not
        signed). Validation failure answers BAD_REQUEST with a message saying the amount must be at least 1.

        The minimum amount is ambiguous in the interface document: its callback-test table says "at least 1 rupee/100
        paise as the validation message says 'must be greater than or equal to 1'", and its limits table says "At least
        1". Amounts are in paise elsewhere, so the minimum may be 1 or 100 paise. This document keeps `minimum: 1` (what
        the validation message says, and the less strict of the two: a client never refuses an amount the gateway may
        accept); send at least 100 to be safe under both readings.

        Not shown in the interface document: Whether the callback-test minimum amount is 1 paise or 100 paise (1 rupee);
        the interface document says both "at least 1 rupee/100 paise" and "must be greater than or equal to 1".

        Not shown in the interface document: The code of a successful answer (its example and the sandbox use SUCCESS)
        and the meaning of data.successful and data.redirect.

        Operation triggerTestCallback: POST /testing/S2SCallback/ on the base host.

        Payload fields (keywords; or give a payload model positionally):
            merchant_id (merchantId, optional): Id assigned to the merchant. (at least 1 characters) Default: the
                configured merchant id.
            transaction_id (transactionId): Merchant-generated unique transaction id; length < 38 characters. Limited by
                this project to characters that need no percent-encoding in a URL path (letters, digits, `-`, `.`, `_`,
                `~`): the id goes into the status path, and how the gateway signs a percent-encoded path is not shown,
                so any other character could make the payment unreadable. (at most 37 characters, at least 1 characters,
                pattern ^[A-Za-z0-9._~-]+$)
            amount (amount): Paise; must be greater than or equal to 1. Ambiguous minimum: the interface document also
                says "at least 1 rupee/100 paise"; send at least 100 to be safe under both readings. (>= 1)

        Request headers (keywords):
            callback_url (x-callback-url): Merchant URL that receives the test server-to-server callback.
            call_mode (x-call-mode, optional): HTTP method of the test callback (POST or PUT). (one of POST, PUT)
                Default: POST, the documented default.

        Codes (x-codes: what each code means on this operation):
            SUCCESS (succeeded): Not shown for this operation in the interface document (its example and the sandbox use
                it): a test server-to-server callback was triggered (data.successful, data.redirect).
            BAD_REQUEST (rejected): Validation failed, e.g. the amount is below the minimum ('must be greater than or
                equal to 1').
            INTERNAL_SERVER_ERROR (unknown): Something went wrong; whether a test callback was sent is unknown.

        Raises:
            ValidationError: bad input, named by field; nothing was sent.
            GatewayConnectionError, GatewayTimeoutError: Retried automatically after failures (x-retry: safe).
            ApiError (a subclass per gateway code): the gateway answered with an error code.

        Returns:
            TestCallbackResponse
        """
        return cast("TestCallbackResponse", await self._call("trigger_test_callback", payload, arguments))

    async def get_wallet_balance(
        self,
        user_auth_token: str,
    ) -> WalletBalanceResponse:
        """Wallet balance of a linked user

        Reads the wallet balance before initiating a payment (OTP linking flow only). On failure (e.g.
        MERCHANT_USER_NOT_FOUND) `data` holds merchantId, allowPartialPayment and empty `upi` and `wallet` objects.

        Operation getWalletBalance: GET /v3/account/token/{merchantId}/{userAuthToken}/debit/suggest on the base host.

        Args:
            user_auth_token (user_auth_token): Auth token of the linked user (OTP linking flow only). (at least 1
                characters)

        Codes (x-codes: what each code means on this operation):
            SUCCESS (succeeded): Balance read.
            INVALID_USER_AUTH_TOKEN (rejected): userAuthToken invalid, expired or not mapped to the merchant; show the
                linking flow again.
            USER_BLACKLISTED (rejected): Customer blacklisted.
            USER_BLOCKED (rejected): User blocked for 1 day.
            MERCHANT_USER_NOT_FOUND (rejected): No user for the merchant id and user id; data holds merchantId,
                allowPartialPayment and empty upi and wallet objects.
            BAD_REQUEST (rejected): Invalid payload or a mandatory parameter missing.
            AUTHORIZATION_FAILED (rejected): Incorrect X-VERIFY (checksum).
            INTERNAL_SERVER_ERROR (unknown): Something went wrong; nothing was read (a read may be repeated).

        Raises:
            ValidationError: bad input, named by field; nothing was sent.
            GatewayConnectionError, GatewayTimeoutError: Retried automatically after failures (x-retry: safe).
            ApiError (a subclass per gateway code): the gateway answered with an error code.

        Returns:
            WalletBalanceResponse
        """
        arguments: dict[str, Any] = {
            "user_auth_token": user_auth_token,
        }
        return cast("WalletBalanceResponse", await self._call("get_wallet_balance", None, arguments))

    @overload
    async def instant_debit(
        self,
        payload: InstantDebitPayload,
        /,
    ) -> InstantDebitResponse: ...

    @overload
    async def instant_debit(
        self,
        payload: None = None,
        /,
        *,
        merchant_id: str | None = None,
        transaction_id: str,
        amount: int,
        mobile_number: str,
        merchant_order_id: str,
        user_auth_token: str,
        email: str | None = None,
        short_name: str | None = None,
        sub_merchant: str | None = None,
        message: str | None = None,
    ) -> InstantDebitResponse: ...

    async def instant_debit(
        self, payload: InstantDebitPayload | None = None, /, **arguments: Any
    ) -> InstantDebitResponse:
        """Direct wallet debit for a linked user

        Debits the wallet of a user linked through the OTP flow (userAuthToken). On INTERNAL_SERVER_ERROR or TIMED_OUT
        the outcome is unknown: check status before retrying.

        Not shown in the interface document: The codes of an instant debit's payment outcome (its example and the
        sandbox use PAYMENT_SUCCESS, PAYMENT_PENDING and PAYMENT_ERROR, with data.status SUCCESS, PENDING or FAILED);
        the document lists only INVALID_USER_AUTH_TOKEN, TIMED_OUT, USER_BLACKLISTED, USER_BLOCKED and
        MERCHANT_USER_NOT_FOUND for it.

        Operation instantDebit: POST /v3/debit/instant on the base host.

        Payload fields (keywords; or give a payload model positionally):
            merchant_id (merchantId, optional): Id assigned to the merchant. (at least 1 characters) Default: the
                configured merchant id.
            transaction_id (transactionId): Merchant-generated unique transaction id; length < 38 characters. Limited by
                this project to characters that need no percent-encoding in a URL path (letters, digits, `-`, `.`, `_`,
                `~`): the id goes into the status path, and how the gateway signs a percent-encoded path is not shown,
                so any other character could make the payment unreadable. (at most 37 characters, at least 1 characters,
                pattern ^[A-Za-z0-9._~-]+$)
            amount (amount): Amount in paise (integer, Long). (>= 1)
            mobile_number (mobileNumber): Number on which the OTP was sent.
            merchant_order_id (merchantOrderId): Merchant's order id; length < 48 characters. (at most 47 characters, at
                least 1 characters)
            user_auth_token (userAuthToken): From OTP verification.
            email (email, optional): -
            short_name (shortName, optional): -
            sub_merchant (subMerchant, optional): Carried by the sample payload.
            message (message, optional): Carried by the sample payload.

        Codes (x-codes: what each code means on this operation):
            PAYMENT_SUCCESS (succeeded): Not shown for this operation in the interface document (its example and the
                sandbox use it): the wallet was debited (data.status SUCCESS).
            PAYMENT_PENDING (pending): Not shown for this operation in the interface document (its example and the
                sandbox use it): the debit is pending (data.status PENDING): check the status.
            PAYMENT_ERROR (failed): Not shown for this operation in the interface document (its example and the sandbox
                use it): the debit failed (data.status FAILED).
            TIMED_OUT (unknown): The payment timed out; check the status before retrying.
            INVALID_USER_AUTH_TOKEN (rejected): userAuthToken invalid, expired or not mapped to the merchant; show the
                linking flow again.
            USER_BLACKLISTED (rejected): Customer blacklisted.
            USER_BLOCKED (rejected): User blocked for 1 day.
            MERCHANT_USER_NOT_FOUND (rejected): No user for the merchant id and user id.
            BAD_REQUEST (rejected): Invalid payload or a mandatory parameter missing.
            AUTHORIZATION_FAILED (rejected): Incorrect X-VERIFY (checksum).
            INTERNAL_SERVER_ERROR (unknown): Something went wrong; the payment may have been started: check the status
                before retrying.

        Raises:
            ValidationError: bad input, named by field; nothing was sent.
            OutcomeUnknown: May move money: once the request may have reached the gateway, any failure (timeout, dropped
                connection, 5xx, INTERNAL_SERVER_ERROR, TIMED_OUT, an unreadable answer) raises OutcomeUnknown; settle
                it with reconcile(transaction_id), never by sending again (x-retry: reconcile-first).
            ApiError (a subclass per gateway code): the gateway answered with an error code.

        Returns:
            InstantDebitResponse
        """
        return cast("InstantDebitResponse", await self._call("instant_debit", payload, arguments))

    @overload
    async def inline_pay_with_get(
        self,
        payload: InlinePayPayload,
        /,
        *,
        redirect_url: str | None = None,
        redirect_mode: RedirectMode | Literal["POST", "REDIRECT"] | None = None,
        callback_url: str | None = None,
        call_mode: CallMode | Literal["POST", "PUT"] | None = None,
    ) -> InlinePayResponse: ...

    @overload
    async def inline_pay_with_get(
        self,
        payload: None = None,
        /,
        *,
        merchant_id: str | None = None,
        transaction_id: str,
        amount: int,
        payment_sources: Sequence[CardPaymentSource | UpiPaymentSource | WalletsPaymentSource | Mapping[str, object]],
        merchant_user_id: str | None = None,
        user_auth_token: str | None = None,
        merchant_order_id: str | None = None,
        mobile_number: str | None = None,
        device_id: str | None = None,
        redirect_url: str | None = None,
        redirect_mode: RedirectMode | Literal["POST", "REDIRECT"] | None = None,
        callback_url: str | None = None,
        call_mode: CallMode | Literal["POST", "PUT"] | None = None,
    ) -> InlinePayResponse: ...

    async def inline_pay_with_get(
        self, payload: InlinePayPayload | None = None, /, **arguments: Any
    ) -> InlinePayResponse:
        """Inline pay with a selected instrument (GET carrying a body)

        The GET form of inline pay: the wrapped payload is sent as a request body on a GET (unusual, allowed by OpenAPI
        3.1; HTTP gives a GET body no meaning). Same headers and answers as the POST; mobileNumber is optional here.

        Fetch-based runtimes cannot send it: the Fetch standard forbids a body on GET, so `fetch` (browsers, Deno,
        Node.js's global fetch and undici's fetch, Cloudflare Workers and other edge runtimes) and the clients generated
        on top of it (e.g. openapi-generator's typescript-fetch) throw before sending, and browsers' XMLHttpRequest
        drops the body. What works: the POST variant `inlinePay` (same path, payload and signing path; it also needs
        mobileNumber), or an HTTP client that sends a body with any method: Node.js's `http`/`https` modules, Python
        httpx (this project's client), Java's `HttpClient`, curl (`-X GET --data`). Intermediaries may also drop a GET
        body, so prefer the POST variant when you can.

        Operation inlinePayWithGet: GET /v3/merchant/inline/pay on the base host.

        Payload fields (keywords; or give a payload model positionally):
            merchant_id (merchantId, optional): Id assigned to the merchant. (at least 1 characters) Default: the
                configured merchant id.
            transaction_id (transactionId): Merchant-generated unique transaction id; length < 38 characters. Limited by
                this project to characters that need no percent-encoding in a URL path (letters, digits, `-`, `.`, `_`,
                `~`): the id goes into the status path, and how the gateway signs a percent-encoded path is not shown,
                so any other character could make the payment unreadable. (at most 37 characters, at least 1 characters,
                pattern ^[A-Za-z0-9._~-]+$)
            amount (amount): Amount in paise (integer, Long). (>= 1)
            payment_sources (paymentSources): Selected instruments.
            merchant_user_id (merchantUserId, optional): User id (one of merchantUserId and userAuthToken is required).
            user_auth_token (userAuthToken, optional): Token generated when linking (one of merchantUserId and
                userAuthToken is required).
            merchant_order_id (merchantOrderId, optional): Merchant's order id; length < 48 characters. (at most 47
                characters, at least 1 characters)
            mobile_number (mobileNumber, optional): Required on the POST (direct debit) variant.
            device_id (deviceId, optional): Encrypted device id collected from the Android app; for UPI inline requests.

        Request headers (keywords):
            redirect_url (X-REDIRECT-URL, optional): Merchant URL the user is sent to after the payment UI flow (UI
                callback target).
            redirect_mode (X-REDIRECT-MODE, optional): How the user is sent to X-REDIRECT-URL: REDIRECT (browser
                redirect) or POST (form post, see the uiCallback webhook). The interface document gives the default as
                "REDIRECT/POST"; send the header explicitly. (one of REDIRECT, POST)
            callback_url (X-CALLBACK-URL, optional): Per-request server-to-server callback URL; wins over the URL
                registered with the service.
            call_mode (X-CALL-MODE, optional): HTTP method of the server-to-server callback (POST or PUT; default POST).
                (one of POST, PUT) Default: POST, the documented default.

        Field rules (x-field-rules, checked before sending):
            at-least-one-of: merchantUserId, userAuthToken

        Codes (x-codes: what each code means on this operation):
            PAYMENT_INITIATED (accepted): Inline pay accepted: data carries redirectUrl (card, wallet) or intentURL and
                package (UPI intent). The user has not paid yet: NOT a paid order; the status operation gives the
                outcome.
            PAYMENT_ERROR (failed): Payment failed (also: payment service or gateway down).
            INVALID_TRANSACTION_ID (duplicate): Duplicate transaction id: this transactionId was used before, so a
                payment under it may exist (and may be paid). Never a failed payment: learn that payment's status with
                the status operation; start a new payment only under a new id once that status is known.
            INVALID_USER_AUTH_TOKEN (rejected): userAuthToken invalid, expired or not mapped to the merchant; show the
                linking flow again.
            USER_BLACKLISTED (rejected): Customer blacklisted.
            USER_BLOCKED (rejected): User blocked for 1 day.
            MERCHANT_USER_NOT_FOUND (rejected): No user for the merchant id and user id.
            BAD_REQUEST (rejected): Invalid payload or a mandatory parameter missing.
            AUTHORIZATION_FAILED (rejected): Incorrect X-VERIFY (checksum).
            INTERNAL_SERVER_ERROR (unknown): Something went wrong; the payment may have been started: check the status
                before retrying.

        Raises:
            ValidationError: bad input, named by field; nothing was sent.
            OutcomeUnknown: May move money: once the request may have reached the gateway, any failure (timeout, dropped
                connection, 5xx, INTERNAL_SERVER_ERROR, TIMED_OUT, an unreadable answer) raises OutcomeUnknown; settle
                it with reconcile(transaction_id), never by sending again (x-retry: reconcile-first).
            ApiError (a subclass per gateway code): the gateway answered with an error code.

        Returns:
            InlinePayResponse
        """
        return cast("InlinePayResponse", await self._call("inline_pay_with_get", payload, arguments))

    @overload
    async def inline_pay(
        self,
        payload: InlinePayPayload,
        /,
        *,
        redirect_url: str | None = None,
        redirect_mode: RedirectMode | Literal["POST", "REDIRECT"] | None = None,
        callback_url: str | None = None,
        call_mode: CallMode | Literal["POST", "PUT"] | None = None,
    ) -> InlinePayResponse: ...

    @overload
    async def inline_pay(
        self,
        payload: None = None,
        /,
        *,
        merchant_id: str | None = None,
        transaction_id: str,
        amount: int,
        payment_sources: Sequence[CardPaymentSource | UpiPaymentSource | WalletsPaymentSource | Mapping[str, object]],
        merchant_user_id: str | None = None,
        user_auth_token: str | None = None,
        merchant_order_id: str | None = None,
        mobile_number: str | None = None,
        device_id: str | None = None,
        redirect_url: str | None = None,
        redirect_mode: RedirectMode | Literal["POST", "REDIRECT"] | None = None,
        callback_url: str | None = None,
        call_mode: CallMode | Literal["POST", "PUT"] | None = None,
    ) -> InlinePayResponse: ...

    async def inline_pay(self, payload: InlinePayPayload | None = None, /, **arguments: Any) -> InlinePayResponse:
        """Inline pay with a selected instrument (POST, direct debit variant)

        Pays with the selected instrument(s) in `paymentSources` (card, wallets, upi INLINE or INTENT). Answers
        PAYMENT_INITIATED with `data.redirectUrl` (card and wallet) or `data.intentURL` and `data.package` (UPI intent);
        the status operation must then be used to learn the outcome. `mobileNumber` is required on this POST variant
        (`x-field-rules`); one of merchantUserId and userAuthToken is required on both variants (`InlinePayPayload`).

        Operation inlinePay: POST /v3/merchant/inline/pay on the base host.

        Payload fields (keywords; or give a payload model positionally):
            merchant_id (merchantId, optional): Id assigned to the merchant. (at least 1 characters) Default: the
                configured merchant id.
            transaction_id (transactionId): Merchant-generated unique transaction id; length < 38 characters. Limited by
                this project to characters that need no percent-encoding in a URL path (letters, digits, `-`, `.`, `_`,
                `~`): the id goes into the status path, and how the gateway signs a percent-encoded path is not shown,
                so any other character could make the payment unreadable. (at most 37 characters, at least 1 characters,
                pattern ^[A-Za-z0-9._~-]+$)
            amount (amount): Amount in paise (integer, Long). (>= 1)
            payment_sources (paymentSources): Selected instruments.
            merchant_user_id (merchantUserId, optional): User id (one of merchantUserId and userAuthToken is required).
            user_auth_token (userAuthToken, optional): Token generated when linking (one of merchantUserId and
                userAuthToken is required).
            merchant_order_id (merchantOrderId, optional): Merchant's order id; length < 48 characters. (at most 47
                characters, at least 1 characters)
            mobile_number (mobileNumber, optional): Required on the POST (direct debit) variant.
            device_id (deviceId, optional): Encrypted device id collected from the Android app; for UPI inline requests.

        Request headers (keywords):
            redirect_url (X-REDIRECT-URL, optional): Merchant URL the user is sent to after the payment UI flow (UI
                callback target).
            redirect_mode (X-REDIRECT-MODE, optional): How the user is sent to X-REDIRECT-URL: REDIRECT (browser
                redirect) or POST (form post, see the uiCallback webhook). The interface document gives the default as
                "REDIRECT/POST"; send the header explicitly. (one of REDIRECT, POST)
            callback_url (X-CALLBACK-URL, optional): Per-request server-to-server callback URL; wins over the URL
                registered with the service.
            call_mode (X-CALL-MODE, optional): HTTP method of the server-to-server callback (POST or PUT; default POST).
                (one of POST, PUT) Default: POST, the documented default.

        Field rules (x-field-rules, checked before sending):
            at-least-one-of: merchantUserId, userAuthToken
            required: mobileNumber

        Codes (x-codes: what each code means on this operation):
            PAYMENT_INITIATED (accepted): Inline pay accepted: data carries redirectUrl (card, wallet) or intentURL and
                package (UPI intent). The user has not paid yet: NOT a paid order; the status operation gives the
                outcome.
            PAYMENT_ERROR (failed): Payment failed (also: payment service or gateway down).
            INVALID_TRANSACTION_ID (duplicate): Duplicate transaction id: this transactionId was used before, so a
                payment under it may exist (and may be paid). Never a failed payment: learn that payment's status with
                the status operation; start a new payment only under a new id once that status is known.
            INVALID_USER_AUTH_TOKEN (rejected): userAuthToken invalid, expired or not mapped to the merchant; show the
                linking flow again.
            USER_BLACKLISTED (rejected): Customer blacklisted.
            USER_BLOCKED (rejected): User blocked for 1 day.
            MERCHANT_USER_NOT_FOUND (rejected): No user for the merchant id and user id.
            BAD_REQUEST (rejected): Invalid payload or a mandatory parameter missing.
            AUTHORIZATION_FAILED (rejected): Incorrect X-VERIFY (checksum).
            INTERNAL_SERVER_ERROR (unknown): Something went wrong; the payment may have been started: check the status
                before retrying.

        Raises:
            ValidationError: bad input, named by field; nothing was sent.
            OutcomeUnknown: May move money: once the request may have reached the gateway, any failure (timeout, dropped
                connection, 5xx, INTERNAL_SERVER_ERROR, TIMED_OUT, an unreadable answer) raises OutcomeUnknown; settle
                it with reconcile(transaction_id), never by sending again (x-retry: reconcile-first).
            ApiError (a subclass per gateway code): the gateway answered with an error code.

        Returns:
            InlinePayResponse
        """
        return cast("InlinePayResponse", await self._call("inline_pay", payload, arguments))

    @overload
    async def get_payment_options(
        self,
        payload: PaymentOptionsPayload,
        /,
        *,
        merchant_device_id: str | None = None,
    ) -> PaymentOptionsResponse: ...

    @overload
    async def get_payment_options(
        self,
        payload: None = None,
        /,
        *,
        merchant_id: str | None = None,
        amount: int,
        merchant_user_id: str | None = None,
        user_auth_token: str | None = None,
        merchant_order_id: str | None = None,
        merchant_device_id: str | None = None,
    ) -> PaymentOptionsResponse: ...

    async def get_payment_options(
        self, payload: PaymentOptionsPayload | None = None, /, **arguments: Any
    ) -> PaymentOptionsResponse:
        """Payment options of a user

        Lists the user's instruments (wallet, upi, card; more such as e-gift vouchers may be added). Only enabled
        instruments are to be shown; `instrumentPriority` and `priority` order them (0 first). X-VERIFY is documented as
        optional for this operation.

        Operation getPaymentOptions: POST /v3/merchant/payment/options on the base host.

        Payload fields (keywords; or give a payload model positionally):
            merchant_id (merchantId, optional): Id assigned to the merchant. (at least 1 characters) Default: the
                configured merchant id.
            amount (amount): Amount in paise (integer, Long). (>= 1)
            merchant_user_id (merchantUserId, optional): User id (one of merchantUserId and userAuthToken is required).
            user_auth_token (userAuthToken, optional): Linking token (one of merchantUserId and userAuthToken is
                required).
            merchant_order_id (merchantOrderId, optional): Merchant's order id; length < 48 characters. (at most 47
                characters, at least 1 characters)

        Request headers (keywords):
            merchant_device_id (X-MERCHANT-DEVICE-ID, optional): Encrypted device id collected from the Android app.

        Field rules (x-field-rules, checked before sending):
            at-least-one-of: merchantUserId, userAuthToken

        Codes (x-codes: what each code means on this operation):
            SUCCESS (succeeded): Payment options read.
            INVALID_USER_AUTH_TOKEN (rejected): userAuthToken invalid, expired or not mapped to the merchant; show the
                linking flow again.
            USER_NOT_FOUND (rejected): Cannot resolve the user.
            BAD_REQUEST (rejected): Invalid payload or a mandatory parameter missing.
            AUTHORIZATION_FAILED (rejected): Incorrect X-VERIFY (checksum).
            INTERNAL_SERVER_ERROR (unknown): Something went wrong; nothing was read (a read may be repeated).

        Raises:
            ValidationError: bad input, named by field; nothing was sent.
            GatewayConnectionError, GatewayTimeoutError: Retried automatically after failures (x-retry: safe).
            ApiError (a subclass per gateway code): the gateway answered with an error code.

        Returns:
            PaymentOptionsResponse
        """
        return cast("PaymentOptionsResponse", await self._call("get_payment_options", payload, arguments))

    @overload
    async def unlink_user(
        self,
        payload: UnlinkPayload,
        /,
    ) -> UnlinkResponse: ...

    @overload
    async def unlink_user(
        self,
        payload: None = None,
        /,
        *,
        merchant_id: str | None = None,
        user_auth_token: str,
    ) -> UnlinkResponse: ...

    async def unlink_user(self, payload: UnlinkPayload | None = None, /, **arguments: Any) -> UnlinkResponse:
        """Unlink a linked user

        Disables the userAuthToken of a linked user. No UI flow is involved.

        `x-retry: never`: not idempotent (a successful unlink invalidates the userAuthToken, so a repeat carries an
        invalid token; INVALID_USER_AUTH_TOKEN is listed for unlink) and no status operation settles it. After a failure
        once the request may have been sent, a client does not re-send it automatically; the unlink flow settles it by
        sending the unlink once more, where INVALID_USER_AUTH_TOKEN to that second send counts as unlinked (the token no
        longer works).

        Operation unlinkUser: POST /v3/merchant/token/unlink on the base host.

        Payload fields (keywords; or give a payload model positionally):
            merchant_id (merchantId, optional): Id assigned to the merchant. (at least 1 characters) Default: the
                configured merchant id.
            user_auth_token (userAuthToken): Token to disable.

        Codes (x-codes: what each code means on this operation):
            SUCCESS (succeeded): Unlinked: the userAuthToken is invalidated.
            INVALID_USER_AUTH_TOKEN (rejected): userAuthToken invalid, expired or not mapped to the merchant (also the
                answer to a repeat of an unlink that took effect).
            USER_BLACKLISTED (rejected): Customer blacklisted.
            BAD_REQUEST (rejected): Invalid payload or a mandatory parameter missing.
            AUTHORIZATION_FAILED (rejected): Incorrect X-VERIFY (checksum).
            INTERNAL_SERVER_ERROR (unknown): Something went wrong; whether the call took effect is unknown.

        Raises:
            ValidationError: bad input, named by field; nothing was sent.
            OutcomeUnknown: Not idempotent: once the request may have reached the gateway, any failure raises
                OutcomeUnknown and nothing is re-sent automatically; the caller decides (x-retry: never).
            ApiError (a subclass per gateway code): the gateway answered with an error code.

        Returns:
            UnlinkResponse
        """
        return cast("UnlinkResponse", await self._call("unlink_user", payload, arguments))

    @overload
    async def send_otp(
        self,
        payload: OtpSendPayload,
        /,
    ) -> OtpSendResponse: ...

    @overload
    async def send_otp(
        self,
        payload: None = None,
        /,
        *,
        merchant_id: str | None = None,
        mobile_number: str,
        email: str | None = None,
        short_name: str | None = None,
        request_type: OtpRequestType | Literal["CREDIT", "WALLET"] | None = None,
    ) -> OtpSendResponse: ...

    async def send_otp(self, payload: OtpSendPayload | None = None, /, **arguments: Any) -> OtpSendResponse:
        """Send a linking OTP to the user's mobile number

        Sends an OTP for linking. A new otpToken is issued for every OTP requested; the merchant must send the latest
        otpToken with its matching otp. The interface document does not show this operation; method, path and payload
        come from the gateway's public reference.

        `x-retry: never`: a repeat sends another OTP with a new otpToken (sends per mobile number are limited:
        OTP_LIMIT_EXCEEDED), and only the latest otpToken matches, so the OTP the user may already have no longer
        verifies. After a failure once the request may have been sent, a client does not re-send it automatically: the
        outcome is unknown and the caller decides.

        Source: the gateway's public reference; the interface document does not show this operation.

        Operation sendOtp: POST /v3/merchant/otp/send on the base host.

        Payload fields (keywords; or give a payload model positionally):
            merchant_id (merchantId, optional): Id assigned to the merchant. (at least 1 characters) Default: the
                configured merchant id.
            mobile_number (mobileNumber): Mobile number that receives the OTP.
            email (email, optional): -
            short_name (shortName, optional): -
            request_type (requestType, optional): Kind of linking requested. (one of WALLET, CREDIT)

        Codes (x-codes: what each code means on this operation):
            SUCCESS (succeeded): OTP sent; data.otpToken is the latest token (earlier ones no longer verify).
            USER_BLACKLISTED (rejected): Customer blacklisted.
            USER_BLOCKED (rejected): User blocked for 1 day.
            OTP_LIMIT_EXCEEDED (rejected): Limit of OTPs to this mobile number exceeded (numeric limit not shown).
            TOO_MANY_REQUESTS (rejected): Too many requests from the merchant.
            BAD_REQUEST (rejected): Invalid payload or a mandatory parameter missing.
            AUTHORIZATION_FAILED (rejected): Incorrect X-VERIFY (checksum).
            INTERNAL_SERVER_ERROR (unknown): Something went wrong; whether the call took effect is unknown.

        Raises:
            ValidationError: bad input, named by field; nothing was sent.
            OutcomeUnknown: Not idempotent: once the request may have reached the gateway, any failure raises
                OutcomeUnknown and nothing is re-sent automatically; the caller decides (x-retry: never).
            ApiError (a subclass per gateway code): the gateway answered with an error code.

        Returns:
            OtpSendResponse
        """
        return cast("OtpSendResponse", await self._call("send_otp", payload, arguments))

    @overload
    async def verify_otp(
        self,
        payload: OtpVerifyPayload,
        /,
    ) -> OtpVerifyResponse: ...

    @overload
    async def verify_otp(
        self,
        payload: None = None,
        /,
        *,
        merchant_id: str | None = None,
        otp_token: str,
        otp: str,
    ) -> OtpVerifyResponse: ...

    async def verify_otp(self, payload: OtpVerifyPayload | None = None, /, **arguments: Any) -> OtpVerifyResponse:
        """Verify the linking OTP and obtain the userAuthToken

        Verifies the OTP (merchantId, otpToken, otp) and returns the userAuthToken. The interface document gives the
        request and response fields but not the method and path (taken from the gateway's public reference).

        `x-retry: never`: a repeat of a successful verification answers OTP_ALREADY_VERIFIED and its userAuthToken is
        lost. After a failure once the request may have been sent, a client does not re-send it automatically: the
        userAuthToken may have been issued; the caller decides.

        Source: the gateway's public reference; the interface document does not show this operation.

        Operation verifyOtp: POST /v3/merchant/otp/verify on the base host.

        Payload fields (keywords; or give a payload model positionally):
            merchant_id (merchantId, optional): Id assigned to the merchant. (at least 1 characters) Default: the
                configured merchant id.
            otp_token (otpToken): The latest otpToken issued by sendOtp.
            otp (otp): OTP typed by the user.

        Codes (x-codes: what each code means on this operation):
            SUCCESS (succeeded): OTP verified; data.userAuthToken links the user.
            INVALID_OTP_TOKEN (rejected): OTP token invalid or expired (or not the latest).
            OTP_ALREADY_VERIFIED (rejected): OTP already verified for this token; send a new OTP.
            OTP_VERIFY_FAILED (rejected): OTP invalid; ask the user again.
            OTP_EXPIRED (rejected): OTP expired; send a new one.
            TOO_MANY_REQUESTS (rejected): Too many requests from the merchant.
            BAD_REQUEST (rejected): Invalid payload or a mandatory parameter missing.
            AUTHORIZATION_FAILED (rejected): Incorrect X-VERIFY (checksum).
            INTERNAL_SERVER_ERROR (unknown): Something went wrong; whether the call took effect is unknown.

        Raises:
            ValidationError: bad input, named by field; nothing was sent.
            OutcomeUnknown: Not idempotent: once the request may have reached the gateway, any failure raises
                OutcomeUnknown and nothing is re-sent automatically; the caller decides (x-retry: never).
            ApiError (a subclass per gateway code): the gateway answered with an error code.

        Returns:
            OtpVerifyResponse
        """
        return cast("OtpVerifyResponse", await self._call("verify_otp", payload, arguments))

    @overload
    async def get_sso_access_token(
        self,
        payload: SsoAccessPayload,
        /,
        *,
        client_id: str | None = None,
    ) -> SsoAccessResponse: ...

    @overload
    async def get_sso_access_token(
        self,
        payload: None = None,
        /,
        *,
        grant_token: str,
        client_id: str | None = None,
    ) -> SsoAccessResponse: ...

    async def get_sso_access_token(
        self, payload: SsoAccessPayload | None = None, /, **arguments: Any
    ) -> SsoAccessResponse:
        """Exchange an SSO grant token for an access token

        Exchanges the grant token (from the client SDK's fetchAuthToken) for an access token on the merchant server.
        UNAUTHORIZED means the grantToken is invalid or not mapped to the merchant.

        `x-retry: never`: whether a grant token can be exchanged more than once is not shown, so a repeat may answer
        UNAUTHORIZED although the first exchange succeeded. After a failure once the request may have been sent, a
        client does not re-send it automatically; a new grant token is needed.

        Not shown in the interface document: Whether a grant token can be exchanged more than once.

        Operation getSsoAccessToken: POST /v3/service/auth/access on the apps host.

        Payload fields (keywords; or give a payload model positionally):
            grant_token (grantToken): -

        Request headers (keywords):
            client_id (X-CLIENT-ID, optional): Merchant id on single-sign-on calls, unless another value was shared.
                Default: the configured merchant id (the interface document: unless another value was shared).

        Codes (x-codes: what each code means on this operation):
            SUCCESS (succeeded): Access token issued (data.accessToken, data.expiresInSeconds).
            UNAUTHORIZED (rejected): grantToken invalid or not mapped to the merchant.
            API_RATE_LIMIT_REACHED (rejected): Call limit breached (HTTP 429, API_LIMIT and TIME_WINDOW); not processed:
                retry after the window.
            BAD_REQUEST (rejected): Invalid payload or a mandatory parameter missing.
            AUTHORIZATION_FAILED (rejected): Incorrect X-VERIFY (checksum).
            INTERNAL_SERVER_ERROR (unknown): Something went wrong; whether the call took effect is unknown.

        Raises:
            ValidationError: bad input, named by field; nothing was sent.
            OutcomeUnknown: Not idempotent: once the request may have reached the gateway, any failure raises
                OutcomeUnknown and nothing is re-sent automatically; the caller decides (x-retry: never).
            ApiError (a subclass per gateway code): the gateway answered with an error code.

        Returns:
            SsoAccessResponse
        """
        return cast("SsoAccessResponse", await self._call("get_sso_access_token", payload, arguments))

    async def get_sso_user_details(
        self,
        *,
        client_id: str | None = None,
        access_token: str,
    ) -> SsoUserDetailsResponse:
        """SSO user details

        Fetches the user's details with the SSO access token. Email fields are present only if the user shared the
        email.

        Operation getSsoUserDetails: GET /v3/service/userdetails on the apps host.

        Request headers (keywords):
            client_id (X-CLIENT-ID, optional): Merchant id on single-sign-on calls, unless another value was shared.
                Default: the configured merchant id (the interface document: unless another value was shared).
            access_token (X-ACCESS-TOKEN): SSO access token (from getSsoAccessToken) on the user details call.

        Codes (x-codes: what each code means on this operation):
            SUCCESS (succeeded): User details read.
            API_RATE_LIMIT_REACHED (rejected): Call limit breached (HTTP 429, API_LIMIT and TIME_WINDOW); not processed:
                retry after the window.
            BAD_REQUEST (rejected): Invalid payload or a mandatory parameter missing.
            AUTHORIZATION_FAILED (rejected): Incorrect X-VERIFY (checksum).
            INTERNAL_SERVER_ERROR (unknown): Something went wrong; nothing was read (a read may be repeated).

        Raises:
            ValidationError: bad input, named by field; nothing was sent.
            GatewayConnectionError, GatewayTimeoutError: Retried automatically after failures (x-retry: safe).
            ApiError (a subclass per gateway code): the gateway answered with an error code.

        Returns:
            SsoUserDetailsResponse
        """
        arguments: dict[str, Any] = {
            "client_id": client_id,
            "access_token": access_token,
        }
        return cast("SsoUserDetailsResponse", await self._call("get_sso_user_details", None, arguments))

    @overload
    async def initiate_sdk_less_payment(
        self,
        payload: SdkLessInitiatePayload,
        /,
        *,
        client_id: str | None = None,
        callback_url: str | None = None,
    ) -> SdkLessInitiateResponse: ...

    @overload
    async def initiate_sdk_less_payment(
        self,
        payload: None = None,
        /,
        *,
        merchant_id: str | None = None,
        transaction_id: str,
        amount: int,
        valid_for: int,
        merchant_order_id: str,
        redirect_url: str,
        transaction_context: str,
        sub_merchant_id: str | None = None,
        client_id: str | None = None,
        callback_url: str | None = None,
    ) -> SdkLessInitiateResponse: ...

    async def initiate_sdk_less_payment(
        self, payload: SdkLessInitiatePayload | None = None, /, **arguments: Any
    ) -> SdkLessInitiateResponse:
        """Initiate an SDK-less payment

        Reserves a payment for the mini-app platform. The client opens `data.redirectUrl` (a deep link to the payments
        page), or calls the client SDK's proceedToPay with `data.reservationId`. After payment the user is sent to the
        merchant's `redirectUrl`; the status is not shared client-side, so the merchant must call the status operation.

        Not shown in the interface document: The code of a successful initiate answer (its example and the sandbox use
        SUCCESS).

        Operation initiateSdkLessPayment: POST /v3/transaction/sdk-less/initiate on the apps host.

        Payload fields (keywords; or give a payload model positionally):
            merchant_id (merchantId, optional): Id assigned to the merchant. (at least 1 characters) Default: the
                configured merchant id.
            transaction_id (transactionId): Merchant-generated unique transaction id; length < 38 characters. Limited by
                this project to characters that need no percent-encoding in a URL path (letters, digits, `-`, `.`, `_`,
                `~`): the id goes into the status path, and how the gateway signs a percent-encoded path is not shown,
                so any other character could make the payment unreadable. (at most 37 characters, at least 1 characters,
                pattern ^[A-Za-z0-9._~-]+$)
            amount (amount): Amount in paise (integer, Long). (>= 1)
            valid_for (validFor): Milliseconds for which the payment is valid. (>= 1)
            merchant_order_id (merchantOrderId): Merchant's order id; length < 48 characters. (at most 47 characters, at
                least 1 characters)
            redirect_url (redirectUrl): Where the user is sent after finishing on the payments page.
            transaction_context (transactionContext): Base64 of cart details typed by the request category (category
                tree maintained by the service). The cart details schema per category is not shown.
            sub_merchant_id (subMerchantId, optional): Only when told to send it.

        Request headers (keywords):
            client_id (X-CLIENT-ID, optional): Merchant id on apps-host calls, unless another value was shared (default
                is the merchant id). Default: the configured merchant id (the interface document: unless another value
                was shared).
            callback_url (X-CALLBACK-URL, optional): Per-request server-to-server callback URL; wins over the URL
                registered with the service.

        Codes (x-codes: what each code means on this operation):
            SUCCESS (accepted): Not shown for this operation in the interface document (its example and the sandbox use
                it): the payment is reserved: data.redirectUrl (payments page) and data.reservationId. The user has not
                paid yet: NOT a paid order; the status operation gives the outcome.
            INVALID_TRANSACTION_ID (duplicate): Duplicate transaction id: this transactionId was used before, so a
                request under it may exist (and may have been paid). Never a failure: learn its status with the status
                operation; start again only under a new id once that status is known.
            API_RATE_LIMIT_REACHED (rejected): Call limit breached (HTTP 429, API_LIMIT and TIME_WINDOW); not processed:
                retry after the window.
            BAD_REQUEST (rejected): Invalid payload or a mandatory parameter missing.
            AUTHORIZATION_FAILED (rejected): Incorrect X-VERIFY (checksum).
            INTERNAL_SERVER_ERROR (unknown): Something went wrong; the payment may have been started: check the status
                before retrying.

        Raises:
            ValidationError: bad input, named by field; nothing was sent.
            OutcomeUnknown: May move money: once the request may have reached the gateway, any failure (timeout, dropped
                connection, 5xx, INTERNAL_SERVER_ERROR, TIMED_OUT, an unreadable answer) raises OutcomeUnknown; settle
                it with reconcile(transaction_id), never by sending again (x-retry: reconcile-first).
            ApiError (a subclass per gateway code): the gateway answered with an error code.

        Returns:
            SdkLessInitiateResponse
        """
        return cast("SdkLessInitiateResponse", await self._call("initiate_sdk_less_payment", payload, arguments))


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
        "user_auth_token: str | None = None",
        "merchant_order_id: str | None = None",
        "sub_merchant: str | None = None",
        "mobile_number: str | None = None",
        "message: str | None = None",
        "email: str | None = None",
        "short_name: str | None = None",
        "merchant_context: MerchantContext | Mapping[str, object] | None = None",
        "redirect_url: str | None = None",
        'redirect_mode: RedirectMode | Literal["POST", "REDIRECT"] | None = None',
        "callback_url: str | None = None",
        'call_mode: CallMode | Literal["POST", "PUT"] | None = None',
        "provider_id: str | None = None",
    ),
)


_show_fields(
    "debit_v4_web",
    "DebitV4Response",
    (),
    "payload: DebitPayload | None = None",
    (
        "merchant_id: str | None = None",
        "transaction_id: str",
        "amount: int",
        "merchant_user_id: str | None = None",
        "user_auth_token: str | None = None",
        "merchant_order_id: str | None = None",
        "sub_merchant: str | None = None",
        "mobile_number: str | None = None",
        "message: str | None = None",
        "email: str | None = None",
        "short_name: str | None = None",
        "merchant_context: MerchantContext | Mapping[str, object] | None = None",
        "redirect_url: str | None = None",
        'redirect_mode: RedirectMode | Literal["POST", "REDIRECT"] | None = None',
        "callback_url: str | None = None",
        'call_mode: CallMode | Literal["POST", "PUT"] | None = None',
        "provider_id: str | None = None",
    ),
)


_show_fields(
    "debit_v4_intent",
    "DebitV4Response",
    (),
    "payload: DebitIntentPayload | None = None",
    (
        "merchant_id: str | None = None",
        "transaction_id: str",
        "amount: int",
        "merchant_order_id: str",
        'payment_scope: PaymentScope | Literal["PLATFORM"]',
        "device_context: DeviceContext | Mapping[str, object]",
        "merchant_user_id: str | None = None",
        "user_auth_token: str | None = None",
        "sub_merchant: str | None = None",
        "mobile_number: str | None = None",
        "message: str | None = None",
        "email: str | None = None",
        "short_name: str | None = None",
        "merchant_context: MerchantContext | Mapping[str, object] | None = None",
        "callback_url: str | None = None",
        'call_mode: CallMode | Literal["POST", "PUT"] | None = None',
    ),
)


_show_fields(
    "refund_v3",
    "RefundResponse",
    (),
    "payload: RefundV3Payload | None = None",
    (
        "merchant_id: str | None = None",
        "transaction_id: str",
        "amount: int",
        "merchant_order_id: str",
        "message: str",
        "original_transaction_id: str | None = None",
        "provider_reference_id: str | None = None",
        "sub_merchant: str | None = None",
        "original_amount: int | None = None",
    ),
)


_show_fields(
    "refund_v4",
    "RefundResponse",
    (),
    "payload: RefundV4Payload | None = None",
    (
        "merchant_id: str | None = None",
        "transaction_id: str",
        "amount: int",
        "merchant_order_id: str",
        "message: str",
        "original_transaction_id: str | None = None",
        "provider_reference_id: str | None = None",
        "sub_merchant_id: str | None = None",
        "callback_url: str | None = None",
        'callback_mode: CallbackMode | Literal["POST", "PUT"] | None = None',
        "original_amount: int | None = None",
    ),
)


_show_fields(
    "refund_apps_host",
    "RefundResponse",
    (),
    "payload: RefundV4Payload | None = None",
    (
        "merchant_id: str | None = None",
        "transaction_id: str",
        "amount: int",
        "merchant_order_id: str",
        "message: str",
        "original_transaction_id: str | None = None",
        "provider_reference_id: str | None = None",
        "sub_merchant_id: str | None = None",
        "client_id: str | None = None",
        "original_amount: int | None = None",
    ),
)


_show_fields(
    "fulfill_deferred_refund",
    "DeferredFulfillResponse",
    (),
    "payload: DeferredFulfillPayload | None = None",
    (
        "merchant_id: str | None = None",
        "transaction_id: str",
        "merchant_user_id: str",
        "amount: int",
        "merchant_order_id: str",
        "sub_merchant: str | None = None",
        "mobile_number: str | None = None",
        "message: str | None = None",
        "email: str | None = None",
        "short_name: str | None = None",
    ),
)


_show_fields(
    "collect_request",
    "CollectResponse",
    (),
    "payload: CollectPayload | None = None",
    (
        "merchant_id: str | None = None",
        "transaction_id: str",
        "merchant_order_id: str",
        "amount: int",
        'instrument_type: InstrumentType | Literal["MOBILE"]',
        "instrument_reference: str",
        "expires_in: int",
        "message: str | None = None",
        "email: str | None = None",
        "short_name: str | None = None",
        "sub_merchant: str | None = None",
        "sub_merchant_id: str | None = None",
        "store_id: str | None = None",
        "terminal_id: str | None = None",
        "callback_url: str",
    ),
)


_show_fields(
    "trigger_test_callback",
    "TestCallbackResponse",
    (),
    "payload: TestCallbackRequest | None = None",
    (
        "merchant_id: str | None = None",
        "transaction_id: str",
        "amount: int",
        "callback_url: str",
        'call_mode: CallMode | Literal["POST", "PUT"] | None = None',
    ),
)


_show_fields(
    "instant_debit",
    "InstantDebitResponse",
    (),
    "payload: InstantDebitPayload | None = None",
    (
        "merchant_id: str | None = None",
        "transaction_id: str",
        "amount: int",
        "mobile_number: str",
        "merchant_order_id: str",
        "user_auth_token: str",
        "email: str | None = None",
        "short_name: str | None = None",
        "sub_merchant: str | None = None",
        "message: str | None = None",
    ),
)


_show_fields(
    "inline_pay_with_get",
    "InlinePayResponse",
    (),
    "payload: InlinePayPayload | None = None",
    (
        "merchant_id: str | None = None",
        "transaction_id: str",
        "amount: int",
        "payment_sources: Sequence[CardPaymentSource | UpiPaymentSource | WalletsPaymentSource | Mapping[str, object]]",
        "merchant_user_id: str | None = None",
        "user_auth_token: str | None = None",
        "merchant_order_id: str | None = None",
        "mobile_number: str | None = None",
        "device_id: str | None = None",
        "redirect_url: str | None = None",
        'redirect_mode: RedirectMode | Literal["POST", "REDIRECT"] | None = None',
        "callback_url: str | None = None",
        'call_mode: CallMode | Literal["POST", "PUT"] | None = None',
    ),
)


_show_fields(
    "inline_pay",
    "InlinePayResponse",
    (),
    "payload: InlinePayPayload | None = None",
    (
        "merchant_id: str | None = None",
        "transaction_id: str",
        "amount: int",
        "payment_sources: Sequence[CardPaymentSource | UpiPaymentSource | WalletsPaymentSource | Mapping[str, object]]",
        "merchant_user_id: str | None = None",
        "user_auth_token: str | None = None",
        "merchant_order_id: str | None = None",
        "mobile_number: str | None = None",
        "device_id: str | None = None",
        "redirect_url: str | None = None",
        'redirect_mode: RedirectMode | Literal["POST", "REDIRECT"] | None = None',
        "callback_url: str | None = None",
        'call_mode: CallMode | Literal["POST", "PUT"] | None = None',
    ),
)


_show_fields(
    "get_payment_options",
    "PaymentOptionsResponse",
    (),
    "payload: PaymentOptionsPayload | None = None",
    (
        "merchant_id: str | None = None",
        "amount: int",
        "merchant_user_id: str | None = None",
        "user_auth_token: str | None = None",
        "merchant_order_id: str | None = None",
        "merchant_device_id: str | None = None",
    ),
)


_show_fields(
    "unlink_user",
    "UnlinkResponse",
    (),
    "payload: UnlinkPayload | None = None",
    (
        "merchant_id: str | None = None",
        "user_auth_token: str",
    ),
)


_show_fields(
    "send_otp",
    "OtpSendResponse",
    (),
    "payload: OtpSendPayload | None = None",
    (
        "merchant_id: str | None = None",
        "mobile_number: str",
        "email: str | None = None",
        "short_name: str | None = None",
        'request_type: OtpRequestType | Literal["CREDIT", "WALLET"] | None = None',
    ),
)


_show_fields(
    "verify_otp",
    "OtpVerifyResponse",
    (),
    "payload: OtpVerifyPayload | None = None",
    (
        "merchant_id: str | None = None",
        "otp_token: str",
        "otp: str",
    ),
)


_show_fields(
    "get_sso_access_token",
    "SsoAccessResponse",
    (),
    "payload: SsoAccessPayload | None = None",
    (
        "grant_token: str",
        "client_id: str | None = None",
    ),
)


_show_fields(
    "initiate_sdk_less_payment",
    "SdkLessInitiateResponse",
    (),
    "payload: SdkLessInitiatePayload | None = None",
    (
        "merchant_id: str | None = None",
        "transaction_id: str",
        "amount: int",
        "valid_for: int",
        "merchant_order_id: str",
        "redirect_url: str",
        "transaction_context: str",
        "sub_merchant_id: str | None = None",
        "client_id: str | None = None",
        "callback_url: str | None = None",
    ),
)
