"""The task layer's resources: ``gateway.payments``, ``.refunds``, ``.collects``, ``.wallets`` and ``.sso``.

Only policy is written here: which operation a task sends, its transaction id, a result that cannot be misread.
The package docstring says why the layer exists, how its keywords are typed and its docstrings completed, and
that ``_sync.py`` is derived from this file.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Literal, Unpack

from ..flows.deprecated import renamed_keyword
from ..flows.launch import (
    SsoUser,
    _async_sign_in,
    _async_start_intent_payment,
    _async_start_sdk_less_payment,
    _async_start_upi_intent,
)
from ..flows.linking import AsyncAskOtp, Unlinked, _async_link_user, _async_unlink, usable_instruments
from ..flows.polling import FinalStatus, KnowsFinals, StatusSnapshot, checked
from ..flows.schedule import PollSchedule
from ..flows.status import async_wait_for_payment, snapshot_of, status_read
from . import _models as m
from ._docs import task
from ._models import (
    CollectStart,
    CollectStartFields,
    InlinePaymentFields,
    InlineStartFields,
    IntentStart,
    IntentStartFields,
    LinkedWallet,
    PaymentOptions,
    PaymentStart,
    Refund,
    RefundOperation,
    SdkLessStart,
    SdkLessStartFields,
    Started,
    StatusOperation,
    WalletPayFields,
    WalletPayment,
    WebDebitOperation,
)

if TYPE_CHECKING:
    from merchant_gateway_client.models import WalletBalanceResponse
    from merchant_gateway_client.payloads import (
        DebitV4WebKeywords,
        FulfillDeferredRefundFields,
        GetPaymentOptionsOptional,
        SendOtpOptional,
    )

    from ..abstract import AsyncAbstractGateway


class AsyncResource:
    """A task namespace of a gateway (of either flavour): the gateway it sends through."""

    def __init__(self, gateway: AsyncAbstractGateway) -> None:
        self._gateway = gateway


class AsyncStatusReads(AsyncResource):
    """What payments and refunds share: the status of one (a start's or a refund's result, or its transaction id
    with ``expected_amount`` in paise), read once or until final. ``operation="getTransactionStatusAppsHost"``
    reads it on the apps host."""

    @task("getTransactionStatus", "getTransactionStatusAppsHost")
    @renamed_keyword("refund", "payment")  # refunds' own methods named it refund before they were shared
    async def retrieve(
        self,
        payment: Started | Refund | str,
        *,
        expected_amount: int | None = None,
        operation: StatusOperation = "getTransactionStatus",
    ) -> StatusSnapshot:
        """The status now (one read; decide by ``verdict``, ``succeeded``, ``is_final``). A PAYMENT_SUCCESS for
        another amount than the expected one (paise) raises AmountMismatchError: the interface document asks to
        cross-check the amount with the forward payment. For a refund, PAYMENT_SUCCESS means the refund succeeded.

        Raises:
            ValidationError: bad input (a bare id without ``expected_amount``, an unknown ``operation``).
            AmountMismatchError: the status names another amount: do not fulfil the order.
            AnswerMismatchError: the answer is about another transaction or merchant.
            TransactionNotFoundError: TRANSACTION_NOT_FOUND (``verdict``: not-found, not-yet-found, not-recorded).
            GatewayConnectionError, GatewayTimeoutError, ServerError: no usable answer after the retries.
            ApiError: the category's subclass of a refusal, or an answer that could not be trusted (unreadable)."""
        txn, expected = m.target(payment, expected_amount)
        read = status_read(self._gateway, operation)
        snapshot = checked(snapshot_of(await read(txn), txn, expected, operation=operation), expected)
        if snapshot.is_final and isinstance(self._gateway, KnowsFinals):
            self._gateway.remember_final(snapshot)  # a wait for it returns at once, never sleeping past it
        return snapshot

    @task("getTransactionStatus", "getTransactionStatusAppsHost")
    @renamed_keyword("refund", "payment")  # refunds' own methods named it refund before they were shared
    async def wait(
        self,
        payment: Started | Refund | str,
        *,
        expected_amount: int | None = None,
        schedule: PollSchedule | None = None,
        operation: StatusOperation = "getTransactionStatus",
        poll_every: float | None = None,
    ) -> FinalStatus:
        """Wait for the final status: succeeded, failed or not-recorded; decide by ``final.succeeded``.

        The schedule against ``sandbox`` and ``production`` is the gateway's public reference's, not the interface
        document's (which says only "poll until the status changes"): 20 s after the start, then every 3 s for 30 s,
        6 s for 60 s, 10 s for 60 s, 30 s for 60 s, then every minute until 15 minutes
        (``merchant_gateway.flows.DEFAULT_SCHEDULE``); against the local sandbox its own, a check every second.
        ``poll_every=SECONDS`` checks every SECONDS instead; ``schedule`` replaces either. A verdict already known
        (a final status this gateway read; with a ledger observer, a verified callback) returns at once. A collect
        is never waited for past its ``expires_in``. Pending, not-found, unknown and unreadable answers are read
        again; transport failures and 429 are waited out.

        Raises:
            ValidationError: bad input (a bare id without ``expected_amount``, an unknown ``operation``).
            PollTimeout: nothing final before the deadline (its ``code`` is the last one seen).
            AmountMismatchError: the status names another amount: do not fulfil the order.
            AnswerMismatchError: an answer about another transaction or merchant.
            ApiError: the category's subclass of a refusal (verdict rejected)."""
        return await async_wait_for_payment(
            self._gateway,
            **m.waiting(self._gateway, payment, expected_amount),
            schedule=schedule,
            operation=operation,
            poll_every=poll_every,
        )


class AsyncPayments(AsyncStatusReads):
    """``gateway.payments``: start a payment (web, intent, UPI intent, card or wallet inline, SDK-less), list a
    user's payment options, read its status, wait for the final one. A start's result carries no answer code (the
    start answer does not say whether the user paid): pass it to :meth:`wait`."""

    @task("debitV4Web", "debitV3")
    async def start(
        self,
        *,
        transaction_id: str | None = None,
        operation: WebDebitOperation = "debitV4Web",
        **fields: Unpack[DebitV4WebKeywords],
    ) -> PaymentStart:
        """Start a web payment and return where to send the browser: ``payment_page_url``, absolute either way.

        ``operation="debitV3"``: debitV3, whose answer is a redirect; a relative Location is appended to the base URL
        (or ``location_base``, MGW_LOCATION_BASE). A ``merchant_user_id`` that looks like an email address or a
        mobile number, no ``redirect_url`` or no ``callback_url`` goes against the interface document's advice: an
        AdviceWarning, never a refusal (``merchant_gateway.paise_from_rupees`` converts rupees)."""
        gateway = self._gateway
        send: Any = getattr(gateway, m.method_of(operation, WebDebitOperation))  # the two take the same keywords
        new = m.begin(gateway, operation, transaction_id, fields, web=True)
        answer = await send(transaction_id=new.transaction_id, **fields)
        return new.page(answer, gateway, fields)

    @task("debitV4Intent", raises=[m.LOST.format("intent URI")])
    async def start_intent(
        self, *, transaction_id: str | None = None, **fields: Unpack[IntentStartFields]
    ) -> IntentStart:
        """Start an app payment by intent (paymentScope PLATFORM): the app sends the wallet app's version code
        (``platform_version_code``, at least 1), the server gets the UPI intent URI (``intent_url``) and the app
        opens it in the wallet app."""
        new = m.begin(self._gateway, "debitV4Intent", transaction_id, fields, "platform_version_code")
        launch = await _async_start_intent_payment(self._gateway, transaction_id=new.transaction_id, **fields)
        return new.made(IntentStart, fields, intent_url=launch.url)

    @task("inlinePay", raises=[m.LOST.format("intent URL")])
    async def start_upi_intent(
        self, *, transaction_id: str | None = None, **fields: Unpack[InlineStartFields]
    ) -> IntentStart:
        """Start a UPI intent payment (payment source ``upi`` / ``INTENT``): ``intent_url`` (a UPI intent URI) and
        ``package`` (the app to open). The answer PAYMENT_INITIATED only means accepted. Exactly one of
        ``merchant_user_id`` and ``user_auth_token``."""
        m.one_user(fields)
        new = m.begin(self._gateway, "inlinePay", transaction_id, fields)
        launch = await _async_start_upi_intent(self._gateway, transaction_id=new.transaction_id, **fields)
        return new.made(IntentStart, fields, intent_url=launch.url, package=launch.package)

    @task("inlinePay", raises=[m.LOST.format("payments-page URL")])
    async def start_inline(
        self, *, transaction_id: str | None = None, **fields: Unpack[InlinePaymentFields]
    ) -> PaymentStart:
        """Pay with an instrument the user picked from :meth:`options`: a saved card or a wallet, inline.

        ``payment_sources``: ``{"mode": "card", "cardId": ...}`` from options' saved cards, ``{"mode": "wallets"}``,
        or the generated CardPaymentSource / WalletsPaymentSource models (a UPI source: :meth:`start_upi_intent`).
        The answer PAYMENT_INITIATED only means accepted: send the browser to ``payment_page_url`` (made absolute
        like debitV3's Location). Exactly one of ``merchant_user_id`` and ``user_auth_token``."""
        gateway = self._gateway
        fields["payment_sources"] = m.card_or_wallet_sources(fields.get("payment_sources"))
        m.one_user(fields)
        new = m.begin(gateway, "inlinePay", transaction_id, fields)
        answer = await gateway.inline_pay(transaction_id=new.transaction_id, **fields)
        return new.page(answer, gateway, fields)

    @task("initiateSdkLessPayment", raises=[m.LOST.format("payments-page link")])
    async def start_sdk_less(
        self, *, transaction_id: str | None = None, **fields: Unpack[SdkLessStartFields]
    ) -> SdkLessStart:
        """Reserve a payment for the mini-app platform, without the client SDK: the client opens
        ``payment_page_url`` (a deep link to the payments page, as given) or calls the JS SDK's proceedToPay with
        ``reservation_id``; the user comes back to ``redirect_url``. The status is not shared client-side; how a
        reservation closes after ``valid_for`` is not shown. ``sub_merchant`` is another name for
        ``sub_merchant_id`` (send it only when told to)."""
        new = m.begin(self._gateway, "initiateSdkLessPayment", transaction_id, fields)
        if (sub_merchant := fields.pop("sub_merchant", None)) is not None:
            fields["sub_merchant_id"] = sub_merchant
        launch = await _async_start_sdk_less_payment(self._gateway, transaction_id=new.transaction_id, **fields)
        return new.made(SdkLessStart, fields, payment_page_url=launch.url, reservation_id=launch.reservation_id)

    @task("getPaymentOptions")
    async def options(self, *, amount: int, **fields: Unpack[GetPaymentOptionsOptional]) -> PaymentOptions:
        """The instruments the user can pay ``amount`` paise with: only the enabled ones, in display order
        (instrumentPriority, then each item's priority; 0 first; ``merchant_gateway.flows.usable_instruments``).
        Pay with one through :meth:`start_inline`. Exactly one of ``merchant_user_id`` and ``user_auth_token``."""
        m.one_user(fields)
        answer = await self._gateway.get_payment_options(amount=amount, **fields)
        return PaymentOptions(instruments=tuple(usable_instruments(answer)), answer=answer)


class AsyncRefunds(AsyncStatusReads):
    """``gateway.refunds``: refund a payment (fully or partly, back to its source, by its transaction id or the
    gateway's reference), fulfil a deferred refund, and follow the refund. Decide by ``refund.verdict``;
    :meth:`wait` follows it."""

    @task("refundV4", "refundV3", "refundAppsHost", "getTransactionStatus", raises=[m.EXCESS])
    async def create(
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
        """Refund ``amount`` paise of ``payment`` (a start's result or its transaction id), or of the payment the
        gateway knows as ``provider_reference_id``: exactly one of the two.

        ``operation``: refundV4 (the default), refundV3 or refundAppsHost (no X-CALLBACK-URL there). The refund gets
        its own transaction id (never the payment's). The amount is checked against the original before anything
        is sent: ``original_amount`` (paise), else the started payment's, else what its status reports (one
        getTransactionStatus read); by ``provider_reference_id`` ``original_amount`` is required.
        ``merchant_order_id`` defaults to the started payment's. ``sub_merchant`` is sent as subMerchantId (v4,
        apps host) or subMerchant (v3)."""
        method, send = m.refund_call(locals())  # every keyword as the caller gave it
        gateway = self._gateway
        if send["original_amount"] is None:  # a payment named by its id: its status tells the amount (one read)
            txn = send["original_transaction_id"]
            send["original_amount"] = m.started_amount(await gateway.get_transaction_status(txn), txn)
        new = m.begin(gateway, operation, transaction_id, {})
        answer = await getattr(gateway, method)(transaction_id=new.transaction_id, **send)
        return new.refund(answer, amount, **{k: send[k] for k in m.REFUND_FACTS})

    @task("fulfillDeferredRefund")
    async def fulfill_deferred(self, **fields: Unpack[FulfillDeferredRefundFields]) -> Refund:
        """Fulfil a deferred (cash on delivery) refund: the deferred credit made earlier under ``transaction_id``
        (the interface document: the same as the earlier deferred credit call, which it does not show; so never
        generated here). The result is a :class:`Refund` with no original payment, judged by its answer;
        :meth:`wait` reads its status like any refund's (whether the status operation reports a deferred
        fulfilment is not shown)."""
        new = m.begin(self._gateway, "fulfillDeferredRefund", fields["transaction_id"], fields)
        return new.refund(await self._gateway.fulfill_deferred_refund(**fields), fields["amount"])


class AsyncCollects(AsyncResource):
    """``gateway.collects``: ask a user to pay by a collect request sent to their mobile number (offline)."""

    @task("collectRequest")
    async def create(self, *, transaction_id: str | None = None, **fields: Unpack[CollectStartFields]) -> CollectStart:
        """Send a collect request to ``mobile_number`` (instrumentType MOBILE); the answer SUCCESS means sent, not
        paid. ``expires_in``: seconds within which the user must pay, else the payment is marked failed (the
        interface document's sample and status guidance count seconds). No callback comes while pending:
        ``gateway.payments.wait(collect)`` polls until 10 s after the expiry (``flows.polling.EXPIRY_GRACE``)."""
        new = m.begin(self._gateway, "collectRequest", transaction_id, fields, "mobile_number")
        await self._gateway.collect_request(transaction_id=new.transaction_id, **m.collect_keywords(fields))
        return new.made(CollectStart, fields, expires_in=fields["expires_in"], mobile_number=fields["mobile_number"])


class AsyncWallets(AsyncResource):
    """``gateway.wallets``: link a user's wallet by OTP, read its balance, pay from it, unlink it."""

    @task("sendOtp", "verifyOtp", raises=["LinkingError: an OTP code that ends the linking, with ``guidance``."])
    async def link(
        self,
        mobile_number: str,
        ask_otp: AsyncAskOtp,
        *,
        max_prompts: int = 5,
        max_sends: int = 3,
        **fields: Unpack[SendOtpOptional],
    ) -> LinkedWallet:
        """Link the user of ``mobile_number``: send an OTP, ask the user through ``ask_otp``, verify it; at most
        ``max_prompts`` OTPs asked and ``max_sends`` sent. Keep the returned wallet: ``pay``, ``balance`` and
        ``unlink`` use its token. The send and verify operations come from the gateway's public reference; the
        interface document shows the verification's fields, that only the latest otpToken matches its OTP, and the
        OTP codes, each handled as documented. A lost send or verify answer raises OutcomeUnknown, never a second
        OTP."""
        linked = await _async_link_user(
            self._gateway, mobile_number, ask_otp, max_prompts=max_prompts, max_sends=max_sends, **fields
        )
        return LinkedWallet(mobile_number, linked.user_auth_token, linked.merchant_id or None)

    @task("getWalletBalance")
    async def balance(self, wallet: LinkedWallet) -> WalletBalanceResponse:
        """The linked user's wallet balance (the answer as the gateway gave it; amounts in paise)."""
        return await self._gateway.get_wallet_balance(wallet.user_auth_token)

    @task("instantDebit")
    async def pay(
        self, wallet: LinkedWallet, *, transaction_id: str | None = None, **fields: Unpack[WalletPayFields]
    ) -> WalletPayment:
        """Pay ``amount`` paise from the linked user's wallet, with no UI flow. ``answer_code`` is what the answer said
        (PAYMENT_SUCCESS or PAYMENT_PENDING); the result is the status: ``gateway.payments.wait(payment)``."""
        new = m.begin(self._gateway, "instantDebit", transaction_id, {})
        answer = await self._gateway.instant_debit(
            transaction_id=new.transaction_id,
            mobile_number=wallet.mobile_number,
            user_auth_token=wallet.user_auth_token,
            **fields,
        )
        return new.made(WalletPayment, fields, answer_code=str(answer.code))

    @task("unlinkUser")
    async def unlink(self, wallet: LinkedWallet) -> Unlinked:
        """Unlink the user: its token stops working. A lost answer is settled by sending the unlink once more
        (unlinking twice leaves the same state): INVALID_USER_AUTH_TOKEN on that second send means the first one
        unlinked; on the first send it raises UserLinkError (the token was not linked)."""
        return await _async_unlink(self._gateway, wallet.user_auth_token)


class AsyncSso(AsyncResource):
    """``gateway.sso``: single sign-on: exchange the client's grant token and read the user's details."""

    @task("getSsoAccessToken", "getSsoUserDetails", raises=["GatewayError: a SUCCESS answer without the access token."])
    async def sign_in(self, grant_token: str) -> SsoUser:
        """Exchange the grant token the client SDK fetched (fetchAuthToken; a non-empty string, used once) for an
        access token, then read the user's details: name, phone number, email (only if the user shared it). The
        exchange is never sent twice (whether a grant token can be exchanged twice is not shown): when its answer
        is lost the grant token may be spent; ask the client for a new one. The access token stays inside this
        call; ``SsoUser`` keeps the phone number and email out of its repr."""
        return await _async_sign_in(self._gateway, grant_token)
