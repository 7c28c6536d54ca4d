# Generated from _async.py by tools/derive_sync.py (the unasync package), do not edit.
"""The task layer: ``gateway.payments``, ``.refunds``, ``.collects``, ``.wallets`` and ``.sso``.

Why this module exists: the operation methods are named after operation ids and API versions (debit_v4_web,
refund_v4...), complete but silent about which one to use. These resources name the task instead, pick the
operation (the latest version by default), generate transaction ids, return results that cannot be misread
(a started payment carries no answer code), and hand the result to the one source of truth, the status operation.
Each method's docstring names the operation it uses; the operation methods stay the complete surface.

One flavour is written by hand: ``_async.py`` (for ``AsyncGateway``). ``_sync.py`` (for ``Gateway``) is derived
from it by ``tools/derive_sync.py`` (the ``unasync`` package; ``make lint`` fails when it is out of date): the
same code without the coroutine keywords and with the async names renamed by the naming rule.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Literal

from ..checks.advice import check_merchant_user_id, check_web_callback, check_web_redirect
from ..errors import ValidationError
from ..flows.launch import (
    SsoUser,
    _start_intent_payment,
    _start_sdk_less_payment,
    _start_upi_intent,
    sign_in,
)
from ..flows.linking import AskOtp, Unlinked, link_user, unlink, usable_instruments
from ..flows.polling import FinalStatus, KnowsFinals, StatusSnapshot, checked
from ..flows.schedule import PollSchedule
from ..flows.status import snapshot_of, status_read, wait_for_payment
from ..verdicts import Expect, judge, table
from ._models import (
    REFUNDS,
    WEB_DEBITS,
    CollectStart,
    IntentStart,
    LinkedWallet,
    PaymentOptions,
    PaymentSource,
    PaymentStart,
    Refund,
    RefundOperation,
    SdkLessStart,
    Started,
    StatusOperation,
    WalletPayment,
    WebDebitOperation,
    absolute_url,
    card_or_wallet_sources,
    data_of,
    one_original,
    one_user,
    pick,
    set_fields,
    started_amount,
    target,
    transaction_id_or_new,
)

if TYPE_CHECKING:
    from merchant_gateway_client.models import MerchantContext, WalletBalanceResponse

    from ..host import GatewayHost


class Payments:
    """``gateway.payments``: start a payment (web, intent, UPI intent, card or wallet inline, SDK-less), list a
    user's payment options, read its status, wait for the final one."""

    def __init__(self, gateway: GatewayHost) -> None:
        self._gateway = gateway

    def start(
        self,
        *,
        amount: int,
        merchant_order_id: str | None = None,
        merchant_user_id: str | None = None,
        user_auth_token: str | None = None,
        redirect_url: str | None = None,
        redirect_mode: Literal["REDIRECT", "POST"] | None = None,
        callback_url: str | None = None,
        call_mode: Literal["POST", "PUT"] | None = None,
        provider_id: str | None = None,
        transaction_id: str | None = None,
        mobile_number: str | None = None,
        message: str | None = None,
        email: str | None = None,
        short_name: str | None = None,
        sub_merchant: str | None = None,
        merchant_context: MerchantContext | Mapping[str, object] | None = None,
        operation: WebDebitOperation = "debitV4Web",
    ) -> PaymentStart:
        """Start a web payment and return where to send the browser.

        Operation: debitV4Web (``debit_v4_web``) by default; ``operation="debitV3"`` uses debitV3 (``debit_v3``),
        whose answer is a redirect: its relative Location is appended to the base URL (or to its origin:
        ``location_base``, MGW_LOCATION_BASE), so ``payment_page_url`` is absolute either way. The result carries
        no answer code (the start answer says nothing about whether the user paid): pass it to :meth:`wait`.

        ``redirect_url``/``redirect_mode`` are X-REDIRECT-URL/X-REDIRECT-MODE (where the user returns),
        ``callback_url``/``call_mode`` X-CALLBACK-URL/X-CALL-MODE, ``provider_id`` X-PROVIDER-ID; the other
        keywords are the debit payload's fields. A ``merchant_user_id`` that looks like an email address or a
        mobile number, no ``redirect_url``, or no ``callback_url`` (then no server-to-server callback comes,
        unless a static callback URL is registered with the gateway) goes against the interface document's
        advice: an AdviceWarning (``merchant_gateway.checks.advice``), never a refusal.

        Limits: ``amount`` integer paise, at least 1 (``merchant_gateway.paise_from_rupees`` converts);
        ``transaction_id`` at most 37 characters of letters, digits and ``-._~`` (generated when not given);
        ``merchant_order_id`` at most 47 characters; ``merchant_user_id`` and ``user_auth_token`` not together.

        Raises:
            ValidationError: bad input, named by field; nothing was sent.
            OutcomeUnknown: the request may have reached the gateway and its answer was lost (timeout, dropped
                connection, 5xx, INTERNAL_SERVER_ERROR, an unreadable answer); it carries the transaction id:
                settle it with ``gateway.reconcile(exc.transaction_id)``, never by starting again.
            DuplicateRequestError: INVALID_TRANSACTION_ID, the id was used before: read that payment's status.
            PaymentError: PAYMENT_ERROR, the start failed.
            ApiError: the category's subclass of a refusal (AuthorizationError, BadRequestError, UserLinkError).
            Every error carries ``verdict`` and ``remedy`` (what to do next).

        Verdicts (debitV4Web, debitV3): accepted (PAYMENT_SUCCESS with the page URL, or debitV3's redirect:
        returned), failed (PAYMENT_ERROR), duplicate (INVALID_TRANSACTION_ID), rejected (INVALID_USER_AUTH_TOKEN,
        BAD_REQUEST, AUTHORIZATION_FAILED), unknown (INTERNAL_SERVER_ERROR, a code the table does not list).
        """
        gateway = self._gateway
        pick(WEB_DEBITS, operation, "operation")
        one_user(merchant_user_id, user_auth_token, required=False)
        txn = transaction_id_or_new(transaction_id)
        check_merchant_user_id(merchant_user_id, operation=operation, transaction_id=txn)
        check_web_redirect(redirect_url, operation=operation, transaction_id=txn)
        check_web_callback(callback_url, operation=operation, transaction_id=txn)
        started_at = gateway.clock()
        location: object
        if operation == "debitV3":
            location = gateway.debit_v3(
                transaction_id=txn,
                amount=amount,
                merchant_order_id=merchant_order_id,
                merchant_user_id=merchant_user_id,
                user_auth_token=user_auth_token,
                mobile_number=mobile_number,
                message=message,
                email=email,
                short_name=short_name,
                sub_merchant=sub_merchant,
                merchant_context=merchant_context,
                redirect_url=redirect_url,
                redirect_mode=redirect_mode,
                callback_url=callback_url,
                call_mode=call_mode,
                provider_id=provider_id,
            )
        else:
            answer = gateway.debit_v4_web(
                transaction_id=txn,
                amount=amount,
                merchant_order_id=merchant_order_id,
                merchant_user_id=merchant_user_id,
                user_auth_token=user_auth_token,
                mobile_number=mobile_number,
                message=message,
                email=email,
                short_name=short_name,
                sub_merchant=sub_merchant,
                merchant_context=merchant_context,
                redirect_url=redirect_url,
                redirect_mode=redirect_mode,
                callback_url=callback_url,
                call_mode=call_mode,
                provider_id=provider_id,
            )
            location = getattr(data_of(answer), "redirect_url", None)
        url = absolute_url(location, gateway.config.location_root, what="payments-page URL", transaction_id=txn)
        return PaymentStart(
            transaction_id=txn,
            amount=amount,
            operation=operation,
            merchant_order_id=merchant_order_id,
            started_at=started_at,
            payment_page_url=url,
        )

    def start_intent(
        self,
        *,
        amount: int,
        merchant_order_id: str,
        platform_version_code: int,
        merchant_user_id: str | None = None,
        user_auth_token: str | None = None,
        callback_url: str | None = None,
        call_mode: Literal["POST", "PUT"] | None = None,
        transaction_id: str | None = None,
        mobile_number: str | None = None,
        message: str | None = None,
        email: str | None = None,
        short_name: str | None = None,
        sub_merchant: str | None = None,
        merchant_context: MerchantContext | Mapping[str, object] | None = None,
    ) -> IntentStart:
        """Start an app payment by intent: the app sends the wallet app's version code (``platform_version_code``),
        the server gets the UPI intent URI (``intent_url``) and the app opens it in the wallet app.

        Operation: debitV4Intent (``debit_v4_intent``; paymentScope PLATFORM). Then :meth:`wait`.

        Limits: ``amount`` integer paise, at least 1; ``platform_version_code`` an integer, at least 1;
        ``transaction_id`` at most 37 characters of letters, digits and ``-._~`` (generated when not given);
        ``merchant_order_id`` at most 47 characters; ``merchant_user_id`` and ``user_auth_token`` not together.

        Raises:
            ValidationError: bad input, named by field; nothing was sent.
            OutcomeUnknown: the answer was lost after the request may have been sent; settle it with
                ``gateway.reconcile(exc.transaction_id)``, never by starting again.
            DuplicateRequestError: INVALID_TRANSACTION_ID, the id was used before: read that payment's status.
            PaymentError: PAYMENT_ERROR, the start failed.
            ApiError: the category's subclass of a refusal (AuthorizationError, BadRequestError, UserLinkError).
            GatewayError: an accepted answer without the intent URI (the payment was started: wait for it).

        Verdicts (debitV4Intent): accepted (PAYMENT_SUCCESS with data.redirectURL: returned), failed
        (PAYMENT_ERROR), duplicate (INVALID_TRANSACTION_ID), rejected (INVALID_USER_AUTH_TOKEN, BAD_REQUEST,
        AUTHORIZATION_FAILED), unknown (INTERNAL_SERVER_ERROR, a code the table does not list).
        """
        gateway = self._gateway
        one_user(merchant_user_id, user_auth_token, required=False)
        txn = transaction_id_or_new(transaction_id)
        check_merchant_user_id(merchant_user_id, operation="debitV4Intent", transaction_id=txn)
        started_at = gateway.clock()
        launch = _start_intent_payment(
            gateway,
            transaction_id=txn,
            platform_version_code=platform_version_code,
            amount=amount,
            merchant_order_id=merchant_order_id,
            **set_fields(
                merchant_user_id=merchant_user_id,
                user_auth_token=user_auth_token,
                callback_url=callback_url,
                call_mode=call_mode,
                mobile_number=mobile_number,
                message=message,
                email=email,
                short_name=short_name,
                sub_merchant=sub_merchant,
                merchant_context=merchant_context,
            ),
        )
        return IntentStart(
            transaction_id=txn,
            amount=amount,
            operation="debitV4Intent",
            merchant_order_id=merchant_order_id,
            started_at=started_at,
            intent_url=launch.url,
        )

    def start_upi_intent(
        self,
        *,
        amount: int,
        mobile_number: str,
        merchant_user_id: str | None = None,
        user_auth_token: str | None = None,
        merchant_order_id: str | None = None,
        redirect_url: str | None = None,
        redirect_mode: Literal["REDIRECT", "POST"] | None = None,
        callback_url: str | None = None,
        call_mode: Literal["POST", "PUT"] | None = None,
        device_id: str | None = None,
        transaction_id: str | None = None,
    ) -> IntentStart:
        """Start a UPI intent payment: ``intent_url`` (a UPI intent URI) and ``package`` (the app to open).

        Operation: inlinePay (``inline_pay``, the POST variant) with the payment source ``upi`` / ``INTENT``; its
        answer PAYMENT_INITIATED only means accepted. ``device_id`` is the payload's deviceId (encrypted device id
        from the Android app). Then :meth:`wait`.

        Limits: ``amount`` integer paise, at least 1; ``mobile_number`` required; exactly one of
        ``merchant_user_id`` and ``user_auth_token``; ``transaction_id`` at most 37 characters of letters, digits
        and ``-._~`` (generated when not given); ``merchant_order_id`` at most 47 characters.

        Raises:
            ValidationError: bad input, named by field; nothing was sent.
            OutcomeUnknown: the answer was lost after the request may have been sent; settle it with
                ``gateway.reconcile(exc.transaction_id)``, never by starting again.
            DuplicateRequestError: INVALID_TRANSACTION_ID, the id was used before: read that payment's status.
            PaymentError: PAYMENT_ERROR, the start failed.
            ApiError: the category's subclass of a refusal (UserLinkError: link again; UserBlockedError,
                NotFoundError, AuthorizationError, BadRequestError).
            GatewayError: an accepted answer without the intent URL (the payment was started: wait for it).

        Verdicts (inlinePay): accepted (PAYMENT_INITIATED: returned), failed (PAYMENT_ERROR), duplicate
        (INVALID_TRANSACTION_ID), rejected (INVALID_USER_AUTH_TOKEN, USER_BLACKLISTED, USER_BLOCKED,
        MERCHANT_USER_NOT_FOUND, BAD_REQUEST, AUTHORIZATION_FAILED), unknown (INTERNAL_SERVER_ERROR, a code the
        table does not list).
        """
        gateway = self._gateway
        one_user(merchant_user_id, user_auth_token, required=True)
        txn = transaction_id_or_new(transaction_id)
        check_merchant_user_id(merchant_user_id, operation="inlinePay", transaction_id=txn)
        started_at = gateway.clock()
        launch = _start_upi_intent(
            gateway,
            transaction_id=txn,
            amount=amount,
            mobile_number=mobile_number,
            **set_fields(
                merchant_user_id=merchant_user_id,
                user_auth_token=user_auth_token,
                merchant_order_id=merchant_order_id,
                redirect_url=redirect_url,
                redirect_mode=redirect_mode,
                callback_url=callback_url,
                call_mode=call_mode,
                device_id=device_id,
            ),
        )
        return IntentStart(
            transaction_id=txn,
            amount=amount,
            operation="inlinePay",
            merchant_order_id=merchant_order_id,
            started_at=started_at,
            intent_url=launch.url,
            package=launch.package,
        )

    def start_inline(
        self,
        *,
        amount: int,
        mobile_number: str,
        payment_sources: Sequence[PaymentSource],
        merchant_user_id: str | None = None,
        user_auth_token: str | None = None,
        merchant_order_id: str | None = None,
        redirect_url: str | None = None,
        redirect_mode: Literal["REDIRECT", "POST"] | None = None,
        callback_url: str | None = None,
        call_mode: Literal["POST", "PUT"] | None = None,
        transaction_id: str | None = None,
    ) -> PaymentStart:
        """Pay with an instrument the user picked from :meth:`options`: a saved card or a wallet, inline.

        Operation: inlinePay (``inline_pay``, the POST variant) with ``payment_sources`` (the payload's
        paymentSources: ``{"mode": "card", "cardId": ...}`` from options' saved cards, ``{"mode": "wallets"}``,
        or the generated CardPaymentSource / WalletsPaymentSource models). Its answer PAYMENT_INITIATED only
        means accepted: send the browser to ``payment_page_url`` (data.redirectUrl, absolute: a relative one is
        appended like debitV3's Location; the interface document shows only absolute ones), then :meth:`wait`.
        A UPI source is refused here: :meth:`start_upi_intent` handles it.

        Limits: ``amount`` integer paise, at least 1; ``mobile_number`` required; exactly one of
        ``merchant_user_id`` and ``user_auth_token``; at least one source, each card with its ``cardId``;
        ``transaction_id`` at most 37 characters of letters, digits and ``-._~`` (generated when not given);
        ``merchant_order_id`` at most 47 characters.

        Raises:
            ValidationError: bad input, named by field (``paymentSources[0].cardId``); nothing was sent.
            OutcomeUnknown: the answer was lost after the request may have been sent; settle it with
                ``gateway.reconcile(exc.transaction_id)``, never by starting again.
            DuplicateRequestError: INVALID_TRANSACTION_ID, the id was used before: read that payment's status.
            PaymentError: PAYMENT_ERROR, the start failed.
            ApiError: the category's subclass of a refusal (UserLinkError: link again; UserBlockedError,
                NotFoundError, AuthorizationError, BadRequestError).
            GatewayError: an accepted answer without a usable page URL (the payment was started: wait for it).

        Verdicts (inlinePay): accepted (PAYMENT_INITIATED: returned), failed (PAYMENT_ERROR), duplicate
        (INVALID_TRANSACTION_ID), rejected (INVALID_USER_AUTH_TOKEN, USER_BLACKLISTED, USER_BLOCKED,
        MERCHANT_USER_NOT_FOUND, BAD_REQUEST, AUTHORIZATION_FAILED), unknown (INTERNAL_SERVER_ERROR, a code the
        table does not list).
        """
        gateway = self._gateway
        one_user(merchant_user_id, user_auth_token, required=True)
        sources = card_or_wallet_sources(payment_sources)
        txn = transaction_id_or_new(transaction_id)
        check_merchant_user_id(merchant_user_id, operation="inlinePay", transaction_id=txn)
        started_at = gateway.clock()
        answer = gateway.inline_pay(
            transaction_id=txn,
            amount=amount,
            mobile_number=mobile_number,
            payment_sources=sources,
            merchant_user_id=merchant_user_id,
            user_auth_token=user_auth_token,
            merchant_order_id=merchant_order_id,
            redirect_url=redirect_url,
            redirect_mode=redirect_mode,
            callback_url=callback_url,
            call_mode=call_mode,
        )
        location = getattr(data_of(answer), "redirect_url", None)
        url = absolute_url(location, gateway.config.location_root, what="payments-page URL", transaction_id=txn)
        return PaymentStart(
            transaction_id=txn,
            amount=amount,
            operation="inlinePay",
            merchant_order_id=merchant_order_id,
            started_at=started_at,
            payment_page_url=url,
        )

    def start_sdk_less(
        self,
        *,
        amount: int,
        merchant_order_id: str,
        valid_for: int,
        redirect_url: str,
        transaction_context: str,
        sub_merchant: str | None = None,
        callback_url: str | None = None,
        transaction_id: str | None = None,
    ) -> SdkLessStart:
        """Reserve a payment for the mini-app platform, without the client SDK: the client opens
        ``payment_page_url`` (data.redirectUrl, a deep link to the payments page, as the gateway gave it) or calls
        the JS SDK's proceedToPay with ``reservation_id``; the user comes back to ``redirect_url``.

        Operation: initiateSdkLessPayment (``initiate_sdk_less_payment``, apps host). The status is not shared
        client-side: :meth:`wait`.
        ``redirect_url`` is the payload's redirectUrl (where the user returns), ``callback_url`` X-CALLBACK-URL,
        ``sub_merchant`` the payload's subMerchantId (send it only when told to), ``transaction_context`` the
        base64 cart details by category (their schema is not shown in the interface document). How the gateway
        closes a reservation after ``valid_for`` is not shown, so the wait follows the usual schedule.

        Limits: ``amount`` integer paise, at least 1; ``valid_for`` milliseconds, at least 1;
        ``transaction_id`` at most 37 characters of letters, digits and ``-._~`` (generated when not given);
        ``merchant_order_id`` at most 47 characters.

        Raises:
            ValidationError: bad input, named by field; nothing was sent.
            OutcomeUnknown: the answer was lost after the request may have been sent; settle it with
                ``gateway.reconcile(exc.transaction_id)``, never by starting again.
            DuplicateRequestError: INVALID_TRANSACTION_ID, the id was used before: read that payment's status.
            RateLimitedError: API_RATE_LIMIT_REACHED after the allowed waits (nothing was processed).
            ApiError: the category's subclass of a refusal (AuthorizationError, BadRequestError).
            GatewayError: an accepted answer without the payments-page link (the payment was reserved: wait).

        Verdicts (initiateSdkLessPayment): accepted (SUCCESS with data.redirectUrl: returned), duplicate
        (INVALID_TRANSACTION_ID), rejected (API_RATE_LIMIT_REACHED, BAD_REQUEST, AUTHORIZATION_FAILED), unknown
        (INTERNAL_SERVER_ERROR, a code the table does not list).
        """
        gateway = self._gateway
        txn = transaction_id_or_new(transaction_id)
        started_at = gateway.clock()
        launch = _start_sdk_less_payment(
            gateway,
            transaction_id=txn,
            amount=amount,
            valid_for=valid_for,
            merchant_order_id=merchant_order_id,
            redirect_url=redirect_url,
            transaction_context=transaction_context,
            **set_fields(sub_merchant_id=sub_merchant, callback_url=callback_url),
        )
        return SdkLessStart(
            transaction_id=txn,
            amount=amount,
            operation="initiateSdkLessPayment",
            merchant_order_id=merchant_order_id,
            started_at=started_at,
            payment_page_url=launch.url,
            reservation_id=launch.reservation_id,
        )

    def options(
        self,
        *,
        amount: int,
        merchant_user_id: str | None = None,
        user_auth_token: str | None = None,
        merchant_order_id: str | None = None,
        merchant_device_id: str | None = None,
    ) -> PaymentOptions:
        """The instruments the user can pay ``amount`` with: only the enabled ones, in display order
        (instrumentPriority, then each item's priority; 0 first), as ``merchant_gateway.flows.usable_instruments``
        reads them. Pay with one through :meth:`start_inline` (a saved card's ``card_id``, a wallet).

        Operation: getPaymentOptions (``get_payment_options``; a read, repeated on transport failures).
        ``merchant_device_id`` is X-MERCHANT-DEVICE-ID (encrypted device id from the Android app).

        Limits: ``amount`` integer paise, at least 1; one of ``merchant_user_id`` and ``user_auth_token`` (not
        both); ``merchant_order_id`` at most 47 characters.

        Raises:
            ValidationError: bad input, named by field; nothing was sent.
            GatewayConnectionError, GatewayTimeoutError: no answer after the automatic retries.
            ServerError: INTERNAL_SERVER_ERROR after the retries; the read may be repeated.
            ApiError: the category's subclass of a refusal (UserLinkError: link again; NotFoundError,
                AuthorizationError, BadRequestError).

        Verdicts (getPaymentOptions): succeeded (SUCCESS: returned), rejected (INVALID_USER_AUTH_TOKEN,
        USER_NOT_FOUND, BAD_REQUEST, AUTHORIZATION_FAILED, a code the table does not list), unknown
        (INTERNAL_SERVER_ERROR).
        """
        one_user(merchant_user_id, user_auth_token, required=True)
        answer = self._gateway.get_payment_options(
            amount=amount,
            merchant_user_id=merchant_user_id,
            user_auth_token=user_auth_token,
            merchant_order_id=merchant_order_id,
            merchant_device_id=merchant_device_id,
        )
        return PaymentOptions(instruments=tuple(usable_instruments(answer)), answer=answer)

    def retrieve(
        self,
        payment: Started | str,
        *,
        expected_amount: int | None = None,
        operation: StatusOperation = "getTransactionStatus",
    ) -> StatusSnapshot:
        """The payment's status now (one read; decide by ``verdict``, ``succeeded``, ``is_final``).

        Operation: getTransactionStatus (``get_transaction_status``) by default;
        ``operation="getTransactionStatusAppsHost"`` reads the same status on the apps host
        (``get_transaction_status_apps_host``). ``payment`` is what a start returned, or a transaction id
        together with ``expected_amount``: a PAYMENT_SUCCESS for another amount raises AmountMismatchError
        (interface document: cross-check the amount with the forward payment).

        Limits: ``expected_amount`` integer paise; a transaction id at most 37 characters.

        Raises:
            ValidationError: bad input (a bare id without ``expected_amount``, an unknown ``operation``).
            AmountMismatchError: the status names another amount: do not fulfil the order.
            AnswerMismatchError: the answer is about another transaction or merchant.
            TransactionNotFoundError: TRANSACTION_NOT_FOUND (its ``verdict`` says not-found, not-yet-found
                within the grace after a start, or not-recorded).
            GatewayConnectionError, GatewayTimeoutError, ServerError: no usable answer after the retries.
            ApiError: the category's subclass of a refusal (InvalidTransactionIdError on the apps host: a wrong
                id; AuthorizationError, BadRequestError, RateLimitedError), or an answer that could not be trusted
                (verdict unreadable).

        Verdicts (getTransactionStatus, getTransactionStatusAppsHost): succeeded (PAYMENT_SUCCESS naming this
        transaction and amount), pending (PAYMENT_PENDING), failed (PAYMENT_ERROR, PAYMENT_DECLINED,
        PAYMENT_CANCELLED: returned), not-found / not-yet-found / not-recorded (TRANSACTION_NOT_FOUND), rejected
        (INVALID_TRANSACTION_ID on the apps host, API_RATE_LIMIT_REACHED, BAD_REQUEST, AUTHORIZATION_FAILED, a
        code the table does not list), unknown (INTERNAL_SERVER_ERROR), unreadable (a contradictory answer).
        """
        txn, expected = target(payment, expected_amount)
        read = status_read(self._gateway, operation)
        snapshot = checked(snapshot_of(read(txn), txn, expected, operation=operation), expected)
        if snapshot.is_final and isinstance(self._gateway, KnowsFinals):
            self._gateway.remember_final(snapshot)  # a wait for it returns at once, never sleeping past it
        return snapshot

    def wait(
        self,
        payment: Started | str,
        *,
        expected_amount: int | None = None,
        schedule: PollSchedule | None = None,
        operation: StatusOperation = "getTransactionStatus",
        poll_every: float | None = None,
    ) -> FinalStatus:
        """Wait for the payment's final status: succeeded, failed (PAYMENT_ERROR, PAYMENT_DECLINED,
        PAYMENT_CANCELLED) or not-recorded (TRANSACTION_NOT_FOUND after the grace); decide by ``final.succeeded``.

        Operation: getTransactionStatus, repeated (``operation="getTransactionStatusAppsHost"``: on the apps
        host). The schedule, against ``sandbox`` and ``production``: the gateway's public reference, not the
        interface document (which says only "poll until the status changes"): first check 20 s after the start,
        then every 3 s for 30 s, 6 s for 60 s, 10 s for 60 s, 30 s for 60 s, then every minute until 15 minutes
        (``merchant_gateway.flows.DEFAULT_SCHEDULE``). Against the local sandbox (``environment="local"``): the
        sandbox's own, a check every second (``merchant_gateway.flows.schedule.SANDBOX_SCHEDULE``).
        ``poll_every=SECONDS`` checks every SECONDS instead (the quick development loop); ``schedule`` replaces
        either. A verdict already known (a final status this gateway read; with a ledger observer, a verified
        callback the ledger recorded) returns at once: the wait never sleeps past it. A collect request is never
        waited for past its ``expires_in``. Sleeps with the gateway's ``sleep`` and reads its ``clock``.

        Limits: ``expected_amount`` integer paise (required with a bare transaction id).

        Raises:
            ValidationError: bad input (a bare id without ``expected_amount``, an unknown ``operation``).
            PollTimeout: nothing final before the deadline (its ``code`` is the last one seen).
            AmountMismatchError: the status names another amount: do not fulfil the order.
            AnswerMismatchError: an answer about another transaction or merchant.
            ApiError: the category's subclass of a refusal (AuthorizationError, BadRequestError,
                InvalidTransactionIdError on the apps host); transport failures, INTERNAL_SERVER_ERROR and 429
                are waited out, not raised.

        Verdicts (getTransactionStatus, getTransactionStatusAppsHost): succeeded, failed, not-recorded (final:
        returned); pending, not-found, not-yet-found, unknown and unreadable answers are read again; rejected
        (INVALID_TRANSACTION_ID on the apps host, API_RATE_LIMIT_REACHED past the waits, BAD_REQUEST,
        AUTHORIZATION_FAILED, a code the table does not list) is raised.
        """
        gateway = self._gateway
        txn, expected = target(payment, expected_amount)
        started = payment if isinstance(payment, Started) else None
        return wait_for_payment(
            gateway,
            txn,
            expected_amount=expected,
            started_at=None if started is None else started.started_at,
            expires_in=None if started is None else started.expires_in,
            schedule=schedule,
            clock=gateway.clock,
            sleep=gateway.sleep,
            operation=operation,
            poll_every=poll_every,
        )


class Refunds:
    """``gateway.refunds``: refund a payment (fully or partly, back to its source, by its transaction id or the
    gateway's reference), fulfil a deferred refund, and follow the refund."""

    def __init__(self, gateway: GatewayHost) -> None:
        self._gateway = gateway

    def create(
        self,
        payment: Started | str | None = None,
        *,
        amount: int,
        provider_reference_id: str | None = None,
        merchant_order_id: str | None = None,
        message: str = "Refund",
        original_amount: int | None = None,
        callback_url: str | None = None,
        callback_mode: Literal["POST", "PUT"] | None = None,
        sub_merchant: str | None = None,
        transaction_id: str | None = None,
        operation: RefundOperation = "refundV4",
    ) -> Refund:
        """Refund ``amount`` paise of ``payment`` (what a start returned, or the payment's transaction id), or of
        the payment the gateway knows as ``provider_reference_id`` (its providerReferenceId, as a status or
        callback reported it): exactly one of the two.

        Operation: refundV4 (``refund_v4``, the latest version) by default; ``operation="refundV3"`` or
        ``"refundAppsHost"`` for the others (no X-CALLBACK-URL there). The refund gets its own transaction id
        (generated when not given). The amount is checked against the original payment before anything is sent:
        the original amount is ``original_amount``, else the started payment's, else the one its status reports
        (one getTransactionStatus read); by ``provider_reference_id`` there is no status to read, so
        ``original_amount`` is required. ``merchant_order_id`` defaults to the started payment's.
        ``sub_merchant`` is sent as subMerchantId (v4, apps host) or subMerchant (v3). Decide by
        ``refund.verdict``; :meth:`wait` follows a pending refund.

        Limits: ``amount`` integer paise, at least 1 and at most the original amount; ``transaction_id`` at most
        37 characters of letters, digits and ``-._~``, not the payment's own; ``merchant_order_id`` at most 47
        characters.

        Raises:
            ValidationError: bad input, named by field (an amount above the original, both or neither of
                ``payment`` and ``provider_reference_id``); nothing was sent.
            OutcomeUnknown: the answer was lost, TIMED_OUT or INTERNAL_SERVER_ERROR: the refund may have been
                initiated; read its status (:meth:`retrieve`) before anything else, never send it again blindly.
            DuplicateRequestError: PAYMENT_ERROR with DUPLICATE_TXN_REQUEST: a refund under this id exists.
            PaymentError: PAYMENT_ERROR, the refund failed (``pay_response_code`` says why).
            TransactionNotFoundError: TRANSACTION_NOT_FOUND, the original payment is not known.
            RefundWindowExceededError: REVERSAL_WINDOW_EXCEEDED (refundV4): refund manually.
            ApiError: the category's subclass of another refusal (AuthorizationError, BadRequestError,
                RateLimitedError).

        Verdicts (refundV4, refundV3, refundAppsHost): succeeded (PAYMENT_SUCCESS naming the refund's id),
        pending (PAYMENT_PENDING: returned), failed (PAYMENT_ERROR), duplicate (PAYMENT_ERROR +
        DUPLICATE_TXN_REQUEST), not-found (TRANSACTION_NOT_FOUND), rejected (REVERSAL_WINDOW_EXCEEDED,
        API_RATE_LIMIT_REACHED, BAD_REQUEST, AUTHORIZATION_FAILED), unknown (TIMED_OUT, INTERNAL_SERVER_ERROR,
        PAYMENT_ERROR + EXCESS_REFUND_AMOUNT, a code the table does not list). The status read that finds the
        original amount (getTransactionStatus) ends as :meth:`AsyncPayments.retrieve` does: succeeded, pending,
        failed, not-found, rejected, unknown.
        """
        gateway = self._gateway
        method = pick(REFUNDS, operation, "operation")
        if method != "refund_v4" and (callback_url is not None or callback_mode is not None):
            raise ValidationError(
                "callback_url", f"{operation} takes no X-CALLBACK-URL/X-CALLBACK-MODE; use refundV4 (the default)"
            )
        one_original(payment, provider_reference_id, original_amount)
        original_txn, known = (
            (payment.transaction_id, payment.amount) if isinstance(payment, Started) else (payment, None)
        )
        if merchant_order_id is None and isinstance(payment, Started):
            merchant_order_id = payment.merchant_order_id
        if merchant_order_id is None:
            raise ValidationError(
                "merchant_order_id",
                "is required without a start result: pass the original payment's order id (or the start result)",
            )
        if original_amount is None:
            original_amount = known
        if original_amount is None and original_txn is not None:
            status = gateway.get_transaction_status(original_txn)
            original_amount = started_amount(status, original_txn)
        txn = transaction_id_or_new(transaction_id)
        started_at = gateway.clock()
        if method == "refund_v3":
            answer = gateway.refund_v3(
                transaction_id=txn,
                amount=amount,
                merchant_order_id=merchant_order_id,
                message=message,
                original_transaction_id=original_txn,
                provider_reference_id=provider_reference_id,
                sub_merchant=sub_merchant,
                original_amount=original_amount,
            )
        elif method == "refund_apps_host":
            answer = gateway.refund_apps_host(
                transaction_id=txn,
                amount=amount,
                merchant_order_id=merchant_order_id,
                message=message,
                original_transaction_id=original_txn,
                provider_reference_id=provider_reference_id,
                sub_merchant_id=sub_merchant,
                original_amount=original_amount,
            )
        else:
            answer = gateway.refund_v4(
                transaction_id=txn,
                amount=amount,
                merchant_order_id=merchant_order_id,
                message=message,
                original_transaction_id=original_txn,
                provider_reference_id=provider_reference_id,
                sub_merchant_id=sub_merchant,
                callback_url=callback_url,
                callback_mode=callback_mode,
                original_amount=original_amount,
            )
        return Refund(
            transaction_id=txn,
            amount=amount,
            original_transaction_id=original_txn,
            provider_reference_id=provider_reference_id,
            original_amount=original_amount,
            code=str(answer.code),
            operation=operation,
            started_at=started_at,
            verdict=judge(table(operation), status=200, answer=answer.to_dict(), expect=Expect(txn)).verdict,
        )

    def fulfill_deferred(
        self,
        *,
        transaction_id: str,
        merchant_user_id: str,
        amount: int,
        merchant_order_id: str,
        sub_merchant: str | None = None,
        mobile_number: str | None = None,
        message: str | None = None,
        email: str | None = None,
        short_name: str | None = None,
    ) -> Refund:
        """Fulfil a deferred (cash on delivery) refund: the deferred credit made earlier under ``transaction_id``.

        Operation: fulfillDeferredRefund (``fulfill_deferred_refund``). ``transaction_id`` is the deferred
        credit's (the interface document: the same as the earlier deferred credit call, which it does not show),
        so it is never generated here. ``message`` is shown on the success page. The result is a :class:`Refund`
        with no original payment (``original_transaction_id`` and ``original_amount`` are None), judged by its
        answer; :meth:`wait` reads its status like any refund's (whether the status operation reports a deferred
        fulfilment is not shown in the interface document).

        Limits: ``amount`` integer paise, at least 1; ``transaction_id`` at most 37 characters of letters,
        digits and ``-._~``; ``merchant_order_id`` at most 47 characters.

        Raises:
            ValidationError: bad input, named by field; nothing was sent.
            OutcomeUnknown: the answer was lost or INTERNAL_SERVER_ERROR: the fulfilment may have happened; read
                its status before anything else, never send it again blindly.
            DuplicateRequestError: INVALID_TRANSACTION_ID, a fulfilment under this id may exist already.
            ApiError: the category's subclass of a refusal (AuthorizationError, BadRequestError).

        Verdicts (fulfillDeferredRefund): succeeded (PAYMENT_SUCCESS naming this transaction: returned),
        duplicate (INVALID_TRANSACTION_ID), rejected (BAD_REQUEST, AUTHORIZATION_FAILED), unknown
        (INTERNAL_SERVER_ERROR, a code the table does not list).
        """
        gateway = self._gateway
        check_merchant_user_id(merchant_user_id, operation="fulfillDeferredRefund", transaction_id=transaction_id)
        started_at = gateway.clock()
        answer = gateway.fulfill_deferred_refund(
            transaction_id=transaction_id,
            merchant_user_id=merchant_user_id,
            amount=amount,
            merchant_order_id=merchant_order_id,
            sub_merchant=sub_merchant,
            mobile_number=mobile_number,
            message=message,
            email=email,
            short_name=short_name,
        )
        return Refund(
            transaction_id=transaction_id,
            amount=amount,
            original_transaction_id=None,
            original_amount=None,
            code=str(answer.code),
            operation="fulfillDeferredRefund",
            started_at=started_at,
            verdict=judge(
                table("fulfillDeferredRefund"), status=200, answer=answer.to_dict(), expect=Expect(transaction_id)
            ).verdict,
        )

    def retrieve(
        self,
        refund: Refund | str,
        *,
        expected_amount: int | None = None,
        operation: StatusOperation = "getTransactionStatus",
    ) -> StatusSnapshot:
        """The refund's status now, read with the refund's own transaction id (for a refund PAYMENT_SUCCESS means
        the refund is successful).

        Operation: getTransactionStatus (``get_transaction_status``); ``operation="getTransactionStatusAppsHost"``
        on the apps host. A bare refund id needs ``expected_amount`` (the refund's amount in paise).

        Raises:
            ValidationError: bad input (a bare id without ``expected_amount``, an unknown ``operation``).
            AmountMismatchError: the status names another amount than the refund's.
            TransactionNotFoundError: TRANSACTION_NOT_FOUND (``verdict``: not-found, not-yet-found, not-recorded).
            GatewayConnectionError, GatewayTimeoutError, ServerError: no usable answer after the retries.
            ApiError: the category's subclass of a refusal (AuthorizationError, BadRequestError,
                InvalidTransactionIdError on the apps host, RateLimitedError), or an answer that could not be
                trusted (verdict unreadable).

        Verdicts (getTransactionStatus, getTransactionStatusAppsHost): succeeded, pending, failed (returned),
        not-found / not-yet-found / not-recorded, rejected, unknown, unreadable, as for
        :meth:`AsyncPayments.retrieve`.
        """
        txn, expected = target(refund, expected_amount)
        read = status_read(self._gateway, operation)
        return checked(snapshot_of(read(txn), txn, expected, operation=operation), expected)

    def wait(
        self,
        refund: Refund | str,
        *,
        expected_amount: int | None = None,
        schedule: PollSchedule | None = None,
        operation: StatusOperation = "getTransactionStatus",
        poll_every: float | None = None,
    ) -> FinalStatus:
        """Wait for the refund's final status, on the schedule of ``payments.wait`` (``poll_every`` and
        ``schedule`` as there; against ``sandbox`` and ``production`` the gateway's public reference, not the
        interface document; against the local sandbox, its own).

        Operation: getTransactionStatus, repeated (``operation="getTransactionStatusAppsHost"``: on the apps
        host). A bare refund id needs ``expected_amount`` (the refund's amount in paise).

        Raises:
            ValidationError: bad input (a bare id without ``expected_amount``, an unknown ``operation``).
            PollTimeout: nothing final before the deadline.
            AmountMismatchError: the status names another amount than the refund's.
            ApiError: the category's subclass of a refusal (AuthorizationError, BadRequestError,
                InvalidTransactionIdError on the apps host); transport failures, INTERNAL_SERVER_ERROR and 429
                are waited out, not raised.

        Verdicts (getTransactionStatus, getTransactionStatusAppsHost): succeeded, failed, not-recorded (final:
        returned); pending, not-found, not-yet-found, unknown and unreadable answers are read again; rejected is
        raised.
        """
        gateway = self._gateway
        txn, expected = target(refund, expected_amount)
        return wait_for_payment(
            gateway,
            txn,
            expected_amount=expected,
            started_at=refund.started_at if isinstance(refund, Refund) else None,
            schedule=schedule,
            clock=gateway.clock,
            sleep=gateway.sleep,
            operation=operation,
            poll_every=poll_every,
        )


class Collects:
    """``gateway.collects``: ask a user to pay by a collect request sent to their mobile number (offline)."""

    def __init__(self, gateway: GatewayHost) -> None:
        self._gateway = gateway

    def create(
        self,
        *,
        amount: int,
        mobile_number: str,
        merchant_order_id: str,
        expires_in: int,
        callback_url: str,
        message: str | None = None,
        email: str | None = None,
        short_name: str | None = None,
        sub_merchant: str | None = None,
        store_id: str | None = None,
        terminal_id: str | None = None,
        transaction_id: str | None = None,
    ) -> CollectStart:
        """Send a collect request; the answer SUCCESS means it was sent, not paid.

        Operation: collectRequest (``collect_request``; instrumentType MOBILE, X-CALLBACK-URL required).
        ``expires_in`` is the time within which the user must pay, else the payment is marked failed (the
        interface document's sample and status guidance count it in seconds). No callback comes while pending:
        ``gateway.payments.wait(collect)`` polls until one 10 s grace after the expiry
        (``flows.polling.EXPIRY_GRACE``). ``sub_merchant`` is sent as subMerchant, the name in the v3 listing of
        this /v3/charge payload (a later listing names it subMerchantId; for that
        one use ``gateway.collect_request(sub_merchant_id=...)``).

        Limits: ``amount`` integer paise, at least 1; ``expires_in`` seconds, at least 1 (the gateway's default
        is 30 days); ``transaction_id`` at most 37 characters of letters, digits and ``-._~`` (generated when not
        given); ``merchant_order_id`` at most 47 characters; ``callback_url`` an absolute URL.

        Raises:
            ValidationError: bad input, named by field; nothing was sent.
            OutcomeUnknown: the answer was lost or INTERNAL_SERVER_ERROR: the request may have been sent; settle
                it with ``gateway.reconcile(exc.transaction_id)``, never by sending again.
            DuplicateRequestError: INVALID_TRANSACTION_ID, the id was used before: read its status.
            ApiError: the category's subclass of a refusal (AuthorizationError, BadRequestError).

        Verdicts (collectRequest): accepted (SUCCESS: sent, returned), duplicate (INVALID_TRANSACTION_ID),
        rejected (BAD_REQUEST, AUTHORIZATION_FAILED), unknown (INTERNAL_SERVER_ERROR, a code the table does not
        list).
        """
        gateway = self._gateway
        txn = transaction_id_or_new(transaction_id)
        started_at = gateway.clock()
        gateway.collect_request(
            transaction_id=txn,
            amount=amount,
            merchant_order_id=merchant_order_id,
            instrument_type="MOBILE",
            instrument_reference=mobile_number,
            expires_in=expires_in,
            message=message,
            email=email,
            short_name=short_name,
            sub_merchant=sub_merchant,
            store_id=store_id,
            terminal_id=terminal_id,
            callback_url=callback_url,
        )
        return CollectStart(
            transaction_id=txn,
            amount=amount,
            operation="collectRequest",
            merchant_order_id=merchant_order_id,
            expires_in=expires_in,
            started_at=started_at,
            mobile_number=mobile_number,
        )


class Wallets:
    """``gateway.wallets``: link a user's wallet by OTP, read its balance, pay from it, unlink it."""

    def __init__(self, gateway: GatewayHost) -> None:
        self._gateway = gateway

    def link(
        self,
        mobile_number: str,
        ask_otp: AskOtp,
        *,
        max_prompts: int = 5,
        max_sends: int = 3,
        email: str | None = None,
        short_name: str | None = None,
        request_type: Literal["WALLET", "CREDIT"] | None = None,
    ) -> LinkedWallet:
        """Link the user of ``mobile_number``: send an OTP, ask the user through ``ask_otp``, verify it.

        Operations: sendOtp and verifyOtp (``send_otp``, ``verify_otp``). Source: the gateway's public reference.
        The interface document shows the verification's fields (merchantId, otpToken, otp -> userAuthToken), the
        rule that only the latest otpToken matches its OTP, and the OTP codes, but not the send operation nor
        the verification's method and path. Each OTP code is handled as ``merchant_gateway.flows.link_user``
        documents; a lost send/verify answer raises OutcomeUnknown (never a second OTP). Keep the returned
        wallet: its token is what ``pay``, ``balance`` and ``unlink`` use.

        Limits: at most ``max_prompts`` OTPs asked and ``max_sends`` OTPs sent.

        Raises:
            ValidationError: bad input, named by field; nothing was sent.
            OutcomeUnknown: a send or verify answer was lost: an OTP may have been sent or verified; do not
                send another automatically.
            LinkingError: an OTP code that ends the linking (OTP_LIMIT_EXCEEDED, OTP_EXPIRED, too many wrong
                OTPs...), with ``guidance`` for the user.
            ApiError: the category's subclass of another refusal (UserBlockedError, RateLimitedError,
                AuthorizationError, BadRequestError).

        Verdicts (sendOtp, verifyOtp): succeeded (SUCCESS: returned), rejected (USER_BLACKLISTED, USER_BLOCKED,
        OTP_LIMIT_EXCEEDED, INVALID_OTP_TOKEN, OTP_ALREADY_VERIFIED, OTP_VERIFY_FAILED, OTP_EXPIRED,
        TOO_MANY_REQUESTS, BAD_REQUEST, AUTHORIZATION_FAILED), unknown (INTERNAL_SERVER_ERROR, a code the table
        does not list).
        """
        linked = link_user(
            self._gateway,
            mobile_number,
            ask_otp,
            max_prompts=max_prompts,
            max_sends=max_sends,
            **set_fields(email=email, short_name=short_name, request_type=request_type),
        )
        return LinkedWallet(mobile_number, linked.user_auth_token, linked.merchant_id or None)

    def balance(self, wallet: LinkedWallet) -> WalletBalanceResponse:
        """The linked user's wallet balance (the answer as the gateway gave it; amounts in paise).

        Operation: getWalletBalance (``get_wallet_balance``; a read, repeated on transport failures).

        Raises:
            GatewayConnectionError, GatewayTimeoutError, ServerError: no usable answer after the retries.
            UserLinkError: INVALID_USER_AUTH_TOKEN: link the wallet again.
            ApiError: the category's subclass of another refusal (UserBlockedError, NotFoundError,
                AuthorizationError, BadRequestError).

        Verdicts (getWalletBalance): succeeded (SUCCESS: returned), rejected (INVALID_USER_AUTH_TOKEN,
        USER_BLACKLISTED, USER_BLOCKED, MERCHANT_USER_NOT_FOUND, BAD_REQUEST, AUTHORIZATION_FAILED, a code the
        table does not list), unknown (INTERNAL_SERVER_ERROR).
        """
        return self._gateway.get_wallet_balance(wallet.user_auth_token)

    def pay(
        self,
        wallet: LinkedWallet,
        *,
        amount: int,
        merchant_order_id: str,
        message: str | None = None,
        email: str | None = None,
        short_name: str | None = None,
        sub_merchant: str | None = None,
        transaction_id: str | None = None,
    ) -> WalletPayment:
        """Pay ``amount`` paise from the linked user's wallet, with no UI flow.

        Operation: instantDebit (``instant_debit``). ``answer_code`` is what that answer said (PAYMENT_SUCCESS or
        PAYMENT_PENDING); the result is the status: ``gateway.payments.wait(payment)``.

        Limits: ``amount`` integer paise, at least 1; ``transaction_id`` at most 37 characters of letters,
        digits and ``-._~`` (generated when not given); ``merchant_order_id`` at most 47 characters.

        Raises:
            ValidationError: bad input, named by field; nothing was sent.
            OutcomeUnknown: the answer was lost, TIMED_OUT or INTERNAL_SERVER_ERROR: settle it with
                ``gateway.reconcile(exc.transaction_id)``, never by paying again.
            PaymentError: PAYMENT_ERROR, the debit failed.
            UserLinkError: INVALID_USER_AUTH_TOKEN: link the wallet again.
            ApiError: the category's subclass of another refusal (UserBlockedError, NotFoundError,
                AuthorizationError, BadRequestError).

        Verdicts (instantDebit): succeeded (PAYMENT_SUCCESS naming this transaction), pending (PAYMENT_PENDING:
        returned), failed (PAYMENT_ERROR), rejected (INVALID_USER_AUTH_TOKEN, USER_BLACKLISTED, USER_BLOCKED,
        MERCHANT_USER_NOT_FOUND, BAD_REQUEST, AUTHORIZATION_FAILED), unknown (TIMED_OUT, INTERNAL_SERVER_ERROR, a
        code the table does not list).
        """
        gateway = self._gateway
        txn = transaction_id_or_new(transaction_id)
        started_at = gateway.clock()
        answer = gateway.instant_debit(
            transaction_id=txn,
            amount=amount,
            mobile_number=wallet.mobile_number,
            merchant_order_id=merchant_order_id,
            user_auth_token=wallet.user_auth_token,
            message=message,
            email=email,
            short_name=short_name,
            sub_merchant=sub_merchant,
        )
        return WalletPayment(
            transaction_id=txn,
            amount=amount,
            operation="instantDebit",
            merchant_order_id=merchant_order_id,
            started_at=started_at,
            answer_code=str(answer.code),
        )

    def unlink(self, wallet: LinkedWallet) -> Unlinked:
        """Unlink the user: its token stops working.

        Operation: unlinkUser (``unlink_user``); a lost answer is settled by sending it once more
        (``merchant_gateway.flows.unlink``: unlinking twice leaves the same state), and INVALID_USER_AUTH_TOKEN
        on that second send means the first one unlinked.

        Raises:
            OutcomeUnknown: the second send's answer was lost too.
            UserLinkError: INVALID_USER_AUTH_TOKEN on the first send: the token was not linked.
            ApiError: the category's subclass of another refusal (UserBlockedError, AuthorizationError,
                BadRequestError).

        Verdicts (unlinkUser): succeeded (SUCCESS: returned), rejected (INVALID_USER_AUTH_TOKEN,
        USER_BLACKLISTED, BAD_REQUEST, AUTHORIZATION_FAILED), unknown (INTERNAL_SERVER_ERROR, a code the table
        does not list).
        """
        return unlink(self._gateway, wallet.user_auth_token)


class Sso:
    """``gateway.sso``: single sign-on: exchange the client's grant token and read the user's details."""

    def __init__(self, gateway: GatewayHost) -> None:
        self._gateway = gateway

    def sign_in(self, grant_token: str) -> SsoUser:
        """Exchange the grant token the client SDK fetched (fetchAuthToken) for an access token on the server,
        then read the user's details with it: name, phone number, email (only if the user shared it).

        Operations: getSsoAccessToken then getSsoUserDetails (``get_sso_access_token``,
        ``get_sso_user_details``; apps host) through ``merchant_gateway.flows.sign_in``. The exchange is never
        sent twice (``x-retry: never``: whether a grant token can be exchanged twice is not shown); the access
        token stays inside this call (it is a secret). ``SsoUser`` keeps the phone number and email out of its
        repr.

        Limits: ``grant_token`` a non-empty string, used once.

        Raises:
            ValidationError: bad input; nothing was sent.
            OutcomeUnknown: the exchange's answer was lost or INTERNAL_SERVER_ERROR: the grant token may be
                spent; ask the client for a new one (sign in again).
            AuthorizationError: UNAUTHORIZED, the grant token is invalid or not mapped to the merchant (get a new
                one); or AUTHORIZATION_FAILED (check the salt key).
            ApiError: the category's subclass of another refusal (RateLimitedError, BadRequestError);
                GatewayConnectionError, GatewayTimeoutError, ServerError on the details read after its retries.
            GatewayError: a SUCCESS answer without the access token.

        Verdicts (getSsoAccessToken, getSsoUserDetails): succeeded (SUCCESS: returned), rejected (UNAUTHORIZED,
        API_RATE_LIMIT_REACHED, BAD_REQUEST, AUTHORIZATION_FAILED), unknown (INTERNAL_SERVER_ERROR; on the
        exchange also a code the table does not list, which on the details read is rejected).
        """
        return sign_in(self._gateway, grant_token)
