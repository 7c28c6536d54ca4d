"""The task layer: ``gateway.payments``, ``gateway.refunds``, ``gateway.collects`` and ``gateway.wallets``.

Why this module exists: the operation methods are named after operation ids and API versions (debit_v4_web,
refund_v4...), complete but silent about which one to use. These resources name the task instead, pick the
operation (the latest version by default), generate transaction ids, return results that cannot be misread
(a started payment carries no answer code), and hand the result to the one source of truth, the status operation.
Each method's docstring names the operation it uses; the operation methods stay the complete surface.

One flavour is written by hand: ``_async.py`` (for ``AsyncGateway``). ``_sync.py`` (for ``Gateway``) is derived
from it by ``tools/unasync_tasks.py`` (the ``unasync`` package; ``make lint`` fails when it is out of date): the
same code without the coroutine keywords and with the names listed in that tool replaced.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Literal

from ..advice import check_merchant_user_id, check_web_redirect
from ..errors import ValidationError
from ..flows.launch import async_start_intent_payment, async_start_upi_intent
from ..flows.linking import Unlinked, async_link_user, async_unlink
from ..flows.polling import FinalStatus, StatusSnapshot, checked
from ..flows.schedule import DEFAULT_SCHEDULE, PollSchedule
from ..flows.status import async_wait_for_payment, snapshot_of
from ..verdicts import Expect, judge, table
from ._models import (
    REFUNDS,
    WEB_DEBITS,
    AsyncAskOtp,
    CollectStart,
    IntentStart,
    LinkedWallet,
    PaymentStart,
    Refund,
    RefundOperation,
    Started,
    WalletPayment,
    WebDebitOperation,
    absolute_url,
    data_of,
    one_user,
    pick,
    set_fields,
    started_amount,
    target,
    transaction_id_or_new,
)

if TYPE_CHECKING:
    from merchant_gateway_client.models import MerchantContext, WalletBalanceResponse

    from ..gateway import AsyncGateway


class AsyncPayments:
    """``gateway.payments``: start a payment (web, intent, UPI intent), read its status, wait for the final one."""

    def __init__(self, gateway: AsyncGateway) -> None:
        self._gateway = gateway

    async def start(
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
        merchant_context: MerchantContext | Mapping[str, Any] | None = None,
        operation: WebDebitOperation = "debitV4Web",
    ) -> PaymentStart:
        """Start a web payment and return where to send the browser.

        Operation: debitV4Web (``debit_v4_web``) by default; ``operation="debitV3"`` uses debitV3 (``debit_v3``),
        whose answer is a redirect: its relative Location is appended to the base URL (or to its origin:
        ``location_base``, MGW_LOCATION_BASE), so ``payment_page_url`` is absolute either way. The result carries
        no answer code (the start answer says nothing about whether the user paid): pass it to :meth:`wait`.

        ``amount`` is integer paise; ``transaction_id`` is generated (``merchant_gateway.ids``) when not given.
        ``redirect_url``/``redirect_mode`` are X-REDIRECT-URL/X-REDIRECT-MODE (where the user returns),
        ``callback_url``/``call_mode`` X-CALLBACK-URL/X-CALL-MODE, ``provider_id`` X-PROVIDER-ID; the other
        keywords are the debit payload's fields. A lost answer raises OutcomeUnknown carrying the transaction id:
        settle it with ``gateway.reconcile(exc.transaction_id)``, never by starting again. A ``merchant_user_id``
        that looks like an email address or a mobile number, or no ``redirect_url``, goes against the interface
        document's advice: an AdviceWarning (``merchant_gateway.advice``), never a refusal.
        """
        gateway = self._gateway
        pick(WEB_DEBITS, operation, "operation")
        one_user(merchant_user_id, user_auth_token, required=False)
        txn = transaction_id_or_new(transaction_id)
        check_merchant_user_id(merchant_user_id, operation=operation, transaction_id=txn)
        check_web_redirect(redirect_url, operation=operation, transaction_id=txn)
        started_at = gateway._clock()
        location: object
        if operation == "debitV3":
            location = await gateway.debit_v3(
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
            answer = await gateway.debit_v4_web(
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

    async def start_intent(
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
        merchant_context: MerchantContext | Mapping[str, Any] | None = None,
    ) -> IntentStart:
        """Start an app payment by intent: the app sends the wallet app's version code (``platform_version_code``),
        the server gets the UPI intent URI (``intent_url``) and the app opens it in the wallet app.

        Operation: debitV4Intent (``debit_v4_intent``; paymentScope PLATFORM). Then :meth:`wait`.
        """
        gateway = self._gateway
        one_user(merchant_user_id, user_auth_token, required=False)
        txn = transaction_id_or_new(transaction_id)
        check_merchant_user_id(merchant_user_id, operation="debitV4Intent", transaction_id=txn)
        started_at = gateway._clock()
        launch = await async_start_intent_payment(
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

    async def start_upi_intent(
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
        """
        gateway = self._gateway
        one_user(merchant_user_id, user_auth_token, required=True)
        txn = transaction_id_or_new(transaction_id)
        check_merchant_user_id(merchant_user_id, operation="inlinePay", transaction_id=txn)
        started_at = gateway._clock()
        launch = await async_start_upi_intent(
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

    async def retrieve(self, payment: Started | str, *, expected_amount: int | None = None) -> StatusSnapshot:
        """The payment's status now (one read; decide by ``code``, ``succeeded``, ``is_final``).

        Operation: getTransactionStatus (``get_transaction_status``). ``payment`` is what a start returned, or a
        transaction id together with ``expected_amount``: a PAYMENT_SUCCESS for another amount raises
        AmountMismatchError (interface document: cross-check the amount with the forward payment).
        """
        txn, expected = target(payment, expected_amount)
        return checked(snapshot_of(await self._gateway.get_transaction_status(txn), txn, expected), expected)

    async def wait(
        self,
        payment: Started | str,
        *,
        expected_amount: int | None = None,
        schedule: PollSchedule | None = None,
    ) -> FinalStatus:
        """Wait for the payment's final status: a terminal code (PAYMENT_SUCCESS, PAYMENT_ERROR, PAYMENT_DECLINED,
        PAYMENT_CANCELLED) or TRANSACTION_NOT_FOUND; decide by ``final.code`` / ``final.succeeded``.

        Operation: getTransactionStatus, repeated. Source of the schedule: the gateway's public reference, not the
        interface document (which says only "poll until the status changes"): first check 20 s after the start,
        then every 3 s for 30 s, 6 s for 60 s, 10 s for 60 s, 30 s for 60 s, then every minute until 15 minutes
        (``merchant_gateway.flows.DEFAULT_SCHEDULE``; ``schedule`` replaces it). A collect request is never waited
        for past its ``expires_in``. The amount is cross-checked as in :meth:`retrieve`; PollTimeout when nothing
        final came before the deadline. Sleeps with the gateway's ``sleep`` and reads its ``clock``.
        """
        gateway = self._gateway
        txn, expected = target(payment, expected_amount)
        started = payment if isinstance(payment, Started) else None
        return await async_wait_for_payment(
            gateway,
            txn,
            expected_amount=expected,
            started_at=None if started is None else started.started_at,
            expires_in=None if started is None else started.expires_in,
            schedule=schedule or DEFAULT_SCHEDULE,
            clock=gateway._clock,
            sleep=gateway._sleep,
        )


class AsyncRefunds:
    """``gateway.refunds``: refund a payment (fully or partly, back to its source) and follow the refund."""

    def __init__(self, gateway: AsyncGateway) -> None:
        self._gateway = gateway

    async def create(
        self,
        payment: Started | str,
        *,
        amount: int,
        merchant_order_id: str | None = None,
        message: str = "Refund",
        original_amount: int | None = None,
        callback_url: str | None = None,
        callback_mode: Literal["POST", "PUT"] | None = None,
        sub_merchant: str | None = None,
        transaction_id: str | None = None,
        operation: RefundOperation = "refundV4",
    ) -> Refund:
        """Refund ``amount`` paise of ``payment`` (what a start returned, or the payment's transaction id).

        Operation: refundV4 (``refund_v4``, the latest version) by default; ``operation="refundV3"`` or
        ``"refundAppsHost"`` for the others (no X-CALLBACK-URL there). The refund gets its own transaction id
        (generated when not given). The amount is checked against the original payment before anything is sent
        (ValidationError): the original amount is ``original_amount``, else the started payment's, else the one its
        status reports (getTransactionStatus). ``merchant_order_id`` defaults to the started payment's.
        ``sub_merchant`` is sent as subMerchantId (v4, apps host) or subMerchant (v3). A lost answer raises
        OutcomeUnknown: check the refund's status before anything else (the refund may have been initiated).
        """
        gateway = self._gateway
        method = pick(REFUNDS, operation, "operation")
        if method != "refund_v4" and (callback_url is not None or callback_mode is not None):
            raise ValidationError("callback_url", f"{operation} takes no X-CALLBACK-URL/X-CALLBACK-MODE; use refundV4")
        original_txn, known = (
            (payment.transaction_id, payment.amount) if isinstance(payment, Started) else (payment, None)
        )
        if merchant_order_id is None and isinstance(payment, Started):
            merchant_order_id = payment.merchant_order_id
        if merchant_order_id is None:
            raise ValidationError(
                "merchant_order_id",
                "is required with a bare transaction id: pass the original payment's order id (or the start result)",
            )
        if original_amount is None:
            original_amount = known
        if original_amount is None:
            status = await gateway.get_transaction_status(original_txn)
            original_amount = started_amount(status, original_txn)
        txn = transaction_id_or_new(transaction_id)
        started_at = gateway._clock()
        if method == "refund_v3":
            answer = await gateway.refund_v3(
                transaction_id=txn,
                amount=amount,
                merchant_order_id=merchant_order_id,
                message=message,
                original_transaction_id=original_txn,
                sub_merchant=sub_merchant,
                original_amount=original_amount,
            )
        elif method == "refund_apps_host":
            answer = await gateway.refund_apps_host(
                transaction_id=txn,
                amount=amount,
                merchant_order_id=merchant_order_id,
                message=message,
                original_transaction_id=original_txn,
                sub_merchant_id=sub_merchant,
                original_amount=original_amount,
            )
        else:
            answer = await gateway.refund_v4(
                transaction_id=txn,
                amount=amount,
                merchant_order_id=merchant_order_id,
                message=message,
                original_transaction_id=original_txn,
                sub_merchant_id=sub_merchant,
                callback_url=callback_url,
                callback_mode=callback_mode,
                original_amount=original_amount,
            )
        return Refund(
            transaction_id=txn,
            amount=amount,
            original_transaction_id=original_txn,
            original_amount=original_amount,
            code=str(answer.code),
            operation=operation,
            started_at=started_at,
            verdict=judge(table(operation), status=200, answer=answer.to_dict(), expect=Expect(txn)).verdict,
        )

    async def retrieve(self, refund: Refund | str, *, expected_amount: int | None = None) -> StatusSnapshot:
        """The refund's status now. Operation: getTransactionStatus with the refund's transaction id (for a refund
        PAYMENT_SUCCESS means the refund is successful)."""
        txn, expected = target(refund, expected_amount)
        return checked(snapshot_of(await self._gateway.get_transaction_status(txn), txn, expected), expected)

    async def wait(
        self, refund: Refund | str, *, expected_amount: int | None = None, schedule: PollSchedule | None = None
    ) -> FinalStatus:
        """Wait for the refund's final status. Operation: getTransactionStatus, repeated, on the schedule of
        ``payments.wait`` (source: the gateway's public reference, not the interface document)."""
        gateway = self._gateway
        txn, expected = target(refund, expected_amount)
        return await async_wait_for_payment(
            gateway,
            txn,
            expected_amount=expected,
            started_at=refund.started_at if isinstance(refund, Refund) else None,
            schedule=schedule or DEFAULT_SCHEDULE,
            clock=gateway._clock,
            sleep=gateway._sleep,
        )


class AsyncCollects:
    """``gateway.collects``: ask a user to pay by a collect request sent to their mobile number (offline)."""

    def __init__(self, gateway: AsyncGateway) -> None:
        self._gateway = gateway

    async def create(
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
        store_id: str | None = None,
        terminal_id: str | None = None,
        transaction_id: str | None = None,
    ) -> CollectStart:
        """Send a collect request; the answer SUCCESS means it was sent, not paid.

        Operation: collectRequest (``collect_request``; instrumentType MOBILE, X-CALLBACK-URL required).
        ``expires_in`` is the time within which the user must pay, else the payment is marked failed (the
        interface document's sample and status guidance count it in seconds). No callback comes while pending:
        ``gateway.payments.wait(collect)`` polls, never past the expiry.
        """
        gateway = self._gateway
        txn = transaction_id_or_new(transaction_id)
        started_at = gateway._clock()
        await gateway.collect_request(
            transaction_id=txn,
            amount=amount,
            merchant_order_id=merchant_order_id,
            instrument_type="MOBILE",
            instrument_reference=mobile_number,
            expires_in=expires_in,
            message=message,
            email=email,
            short_name=short_name,
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


class AsyncWallets:
    """``gateway.wallets``: link a user's wallet by OTP, read its balance, pay from it, unlink it."""

    def __init__(self, gateway: AsyncGateway) -> None:
        self._gateway = gateway

    async def link(
        self,
        mobile_number: str,
        ask_otp: AsyncAskOtp,
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
        documents (LinkingError with guidance); a lost send/verify answer raises OutcomeUnknown (never a second
        OTP). Keep the returned wallet: its token is what ``pay``, ``balance`` and ``unlink`` use.
        """
        linked = await async_link_user(
            self._gateway,
            mobile_number,
            ask_otp,
            max_prompts=max_prompts,
            max_sends=max_sends,
            **set_fields(email=email, short_name=short_name, request_type=request_type),
        )
        return LinkedWallet(mobile_number, linked.user_auth_token, linked.merchant_id or None)

    async def balance(self, wallet: LinkedWallet) -> WalletBalanceResponse:
        """The linked user's wallet balance. Operation: getWalletBalance (``get_wallet_balance``)."""
        return await self._gateway.get_wallet_balance(wallet.user_auth_token)

    async def pay(
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
        PAYMENT_PENDING); the result is the status: ``gateway.payments.wait(payment)``. A lost answer raises
        OutcomeUnknown (TIMED_OUT included): settle it with ``gateway.reconcile(exc.transaction_id)``.
        """
        gateway = self._gateway
        txn = transaction_id_or_new(transaction_id)
        started_at = gateway._clock()
        answer = await gateway.instant_debit(
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

    async def unlink(self, wallet: LinkedWallet) -> Unlinked:
        """Unlink the user: its token stops working. Operation: unlinkUser (``unlink_user``); a lost answer is
        settled by sending it once more (``merchant_gateway.flows.unlink``)."""
        return await async_unlink(self._gateway, wallet.user_auth_token)
