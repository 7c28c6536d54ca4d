# Generated from _async.py by tools/derive_sync.py (the unasync package), do not edit.
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
    _sign_in,
    _start_intent_payment,
    _start_sdk_less_payment,
    _start_upi_intent,
)
from ..flows.linking import AskOtp, Unlinked, _link_user, _unlink, usable_instruments
from ..flows.polling import FinalStatus, KnowsFinals, StatusSnapshot, checked
from ..flows.schedule import PollSchedule
from ..flows.status import snapshot_of, status_read, wait_for_payment
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

    from ..abstract import AbstractGateway


class Resource:
    """A task namespace of a gateway (of either flavour): the gateway it sends through."""

    def __init__(self, gateway: AbstractGateway) -> None:
        self._gateway = gateway


class StatusReads(Resource):
    """What payments and refunds share: the status of one (a start's or a refund's result, or its transaction id
    with ``expected_amount`` in paise), read once or until final. ``operation="getTransactionStatusAppsHost"``
    reads it on the apps host."""

    @task("getTransactionStatus", "getTransactionStatusAppsHost")
    @renamed_keyword("refund", "payment")  # refunds' own methods named it refund before they were shared
    def retrieve(
        self,
        payment: Started | Refund | str,
        *,
        expected_amount: int | None = None,
        operation: StatusOperation = "getTransactionStatus",
    ) -> StatusSnapshot:
        txn, expected = m.target(payment, expected_amount)
        read = status_read(self._gateway, operation)
        snapshot = checked(snapshot_of(read(txn), txn, expected, operation=operation), expected)
        if snapshot.is_final and isinstance(self._gateway, KnowsFinals):
            self._gateway.remember_final(snapshot)  # a wait for it returns at once, never sleeping past it
        return snapshot

    @task("getTransactionStatus", "getTransactionStatusAppsHost")
    @renamed_keyword("refund", "payment")  # refunds' own methods named it refund before they were shared
    def wait(
        self,
        payment: Started | Refund | str,
        *,
        expected_amount: int | None = None,
        schedule: PollSchedule | None = None,
        operation: StatusOperation = "getTransactionStatus",
        poll_every: float | None = None,
    ) -> FinalStatus:
        return wait_for_payment(
            self._gateway,
            **m.waiting(self._gateway, payment, expected_amount),
            schedule=schedule,
            operation=operation,
            poll_every=poll_every,
        )


class Payments(StatusReads):
    """``gateway.payments``: start a payment (web, intent, UPI intent, card or wallet inline, SDK-less), list a
    user's payment options, read its status, wait for the final one. A start's result carries no answer code (the
    start answer does not say whether the user paid): pass it to :meth:`wait`."""

    @task("debitV4Web", "debitV3")
    def start(
        self,
        *,
        transaction_id: str | None = None,
        operation: WebDebitOperation = "debitV4Web",
        **fields: Unpack[DebitV4WebKeywords],
    ) -> PaymentStart:
        gateway = self._gateway
        send: Any = getattr(gateway, m.method_of(operation, WebDebitOperation))  # the two take the same keywords
        new = m.begin(gateway, operation, transaction_id, fields, web=True)
        answer = send(transaction_id=new.transaction_id, **fields)
        return new.page(answer, gateway, fields)

    @task("debitV4Intent", raises=[m.LOST.format("intent URI")])
    def start_intent(self, *, transaction_id: str | None = None, **fields: Unpack[IntentStartFields]) -> IntentStart:
        new = m.begin(self._gateway, "debitV4Intent", transaction_id, fields, "platform_version_code")
        launch = _start_intent_payment(self._gateway, transaction_id=new.transaction_id, **fields)
        return new.made(IntentStart, fields, intent_url=launch.url)

    @task("inlinePay", raises=[m.LOST.format("intent URL")])
    def start_upi_intent(
        self, *, transaction_id: str | None = None, **fields: Unpack[InlineStartFields]
    ) -> IntentStart:
        m.one_user(fields)
        new = m.begin(self._gateway, "inlinePay", transaction_id, fields)
        launch = _start_upi_intent(self._gateway, transaction_id=new.transaction_id, **fields)
        return new.made(IntentStart, fields, intent_url=launch.url, package=launch.package)

    @task("inlinePay", raises=[m.LOST.format("payments-page URL")])
    def start_inline(self, *, transaction_id: str | None = None, **fields: Unpack[InlinePaymentFields]) -> PaymentStart:
        gateway = self._gateway
        fields["payment_sources"] = m.card_or_wallet_sources(fields.get("payment_sources"))
        m.one_user(fields)
        new = m.begin(gateway, "inlinePay", transaction_id, fields)
        answer = gateway.inline_pay(transaction_id=new.transaction_id, **fields)
        return new.page(answer, gateway, fields)

    @task("initiateSdkLessPayment", raises=[m.LOST.format("payments-page link")])
    def start_sdk_less(
        self, *, transaction_id: str | None = None, **fields: Unpack[SdkLessStartFields]
    ) -> SdkLessStart:
        new = m.begin(self._gateway, "initiateSdkLessPayment", transaction_id, fields)
        if (sub_merchant := fields.pop("sub_merchant", None)) is not None:
            fields["sub_merchant_id"] = sub_merchant
        launch = _start_sdk_less_payment(self._gateway, transaction_id=new.transaction_id, **fields)
        return new.made(SdkLessStart, fields, payment_page_url=launch.url, reservation_id=launch.reservation_id)

    @task("getPaymentOptions")
    def options(self, *, amount: int, **fields: Unpack[GetPaymentOptionsOptional]) -> PaymentOptions:
        m.one_user(fields)
        answer = self._gateway.get_payment_options(amount=amount, **fields)
        return PaymentOptions(instruments=tuple(usable_instruments(answer)), answer=answer)


class Refunds(StatusReads):
    """``gateway.refunds``: refund a payment (fully or partly, back to its source, by its transaction id or the
    gateway's reference), fulfil a deferred refund, and follow the refund. Decide by ``refund.verdict``;
    :meth:`wait` follows it."""

    @task("refundV4", "refundV3", "refundAppsHost", "getTransactionStatus", raises=[m.EXCESS])
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
        method, send = m.refund_call(locals())  # every keyword as the caller gave it
        gateway = self._gateway
        if send["original_amount"] is None:  # a payment named by its id: its status tells the amount (one read)
            txn = send["original_transaction_id"]
            send["original_amount"] = m.started_amount(gateway.get_transaction_status(txn), txn)
        new = m.begin(gateway, operation, transaction_id, {})
        answer = getattr(gateway, method)(transaction_id=new.transaction_id, **send)
        return new.refund(answer, amount, **{k: send[k] for k in m.REFUND_FACTS})

    @task("fulfillDeferredRefund")
    def fulfill_deferred(self, **fields: Unpack[FulfillDeferredRefundFields]) -> Refund:
        new = m.begin(self._gateway, "fulfillDeferredRefund", fields["transaction_id"], fields)
        return new.refund(self._gateway.fulfill_deferred_refund(**fields), fields["amount"])


class Collects(Resource):
    """``gateway.collects``: ask a user to pay by a collect request sent to their mobile number (offline)."""

    @task("collectRequest")
    def create(self, *, transaction_id: str | None = None, **fields: Unpack[CollectStartFields]) -> CollectStart:
        new = m.begin(self._gateway, "collectRequest", transaction_id, fields, "mobile_number")
        self._gateway.collect_request(transaction_id=new.transaction_id, **m.collect_keywords(fields))
        return new.made(CollectStart, fields, expires_in=fields["expires_in"], mobile_number=fields["mobile_number"])


class Wallets(Resource):
    """``gateway.wallets``: link a user's wallet by OTP, read its balance, pay from it, unlink it."""

    @task("sendOtp", "verifyOtp", raises=["LinkingError: an OTP code that ends the linking, with ``guidance``."])
    def link(
        self,
        mobile_number: str,
        ask_otp: AskOtp,
        *,
        max_prompts: int = 5,
        max_sends: int = 3,
        **fields: Unpack[SendOtpOptional],
    ) -> LinkedWallet:
        linked = _link_user(
            self._gateway, mobile_number, ask_otp, max_prompts=max_prompts, max_sends=max_sends, **fields
        )
        return LinkedWallet(mobile_number, linked.user_auth_token, linked.merchant_id or None)

    @task("getWalletBalance")
    def balance(self, wallet: LinkedWallet) -> WalletBalanceResponse:
        return self._gateway.get_wallet_balance(wallet.user_auth_token)

    @task("instantDebit")
    def pay(
        self, wallet: LinkedWallet, *, transaction_id: str | None = None, **fields: Unpack[WalletPayFields]
    ) -> WalletPayment:
        new = m.begin(self._gateway, "instantDebit", transaction_id, {})
        answer = self._gateway.instant_debit(
            transaction_id=new.transaction_id,
            mobile_number=wallet.mobile_number,
            user_auth_token=wallet.user_auth_token,
            **fields,
        )
        return new.made(WalletPayment, fields, answer_code=str(answer.code))

    @task("unlinkUser")
    def unlink(self, wallet: LinkedWallet) -> Unlinked:
        return _unlink(self._gateway, wallet.user_auth_token)


class Sso(Resource):
    """``gateway.sso``: single sign-on: exchange the client's grant token and read the user's details."""

    @task("getSsoAccessToken", "getSsoUserDetails", raises=["GatewayError: a SUCCESS answer without the access token."])
    def sign_in(self, grant_token: str) -> SsoUser:
        return _sign_in(self._gateway, grant_token)
