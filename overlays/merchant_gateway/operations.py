"""The operation table: one row per spec operation, binding the public method name to the generated endpoint
module, its payload model and its typed result.

Why this module exists: Gateway and AsyncGateway must behave identically. Everything that does not depend on
sync vs async (building and validating the payload, interpreting an answer, retry decisions) lives here and in
:mod:`merchant_gateway._core`; the two classes only send.
"""

from __future__ import annotations

from dataclasses import dataclass
from types import ModuleType

from merchant_gateway_client.api.default import (
    collect_request,
    debit_v3,
    debit_v4_intent,
    debit_v4_web,
    fulfill_deferred_refund,
    get_authorization_token,
    get_payment_options,
    get_sso_access_token,
    get_sso_user_details,
    get_transaction_status,
    get_transaction_status_apps_host,
    get_wallet_balance,
    initiate_sdk_less_payment,
    inline_pay,
    inline_pay_with_get,
    instant_debit,
    refund_apps_host,
    refund_v3,
    refund_v4,
    send_otp,
    trigger_test_callback,
    unlink_user,
    verify_otp,
)
from merchant_gateway_client.models import (
    CollectPayload,
    CollectResponse,
    DebitIntentPayload,
    DebitPayload,
    DebitV4Response,
    DeferredFulfillPayload,
    DeferredFulfillResponse,
    InlinePayPayload,
    InlinePayResponse,
    InstantDebitPayload,
    InstantDebitResponse,
    OtpSendPayload,
    OtpSendResponse,
    OtpVerifyPayload,
    OtpVerifyResponse,
    PaymentOptionsPayload,
    PaymentOptionsResponse,
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
    TokenForm,
    TokenResponse,
    TransactionStatusResponse,
    UnlinkPayload,
    UnlinkResponse,
    WalletBalanceResponse,
)

# Codes that are an answer, not an error. PAYMENT_PENDING is an answer: the merchant polls status later.
ANSWER_CODES = frozenset({"SUCCESS", "PAYMENT_SUCCESS", "PAYMENT_INITIATED", "PAYMENT_PENDING"})
# For the status operations every payment state is the answer being asked for.
STATUS_CODES = ANSWER_CODES | {"PAYMENT_ERROR", "PAYMENT_DECLINED", "PAYMENT_CANCELLED"}


@dataclass(frozen=True)
class Operation:
    name: str  # public method name
    module: ModuleType  # generated endpoint module (OPERATION_ID, RETRY, sync_detailed, asyncio_detailed)
    payload: type | None  # generated payload model, passed as ``body``
    result: type | None  # generated success model; None: the answer is a redirect Location (debitV3)
    answer_codes: frozenset[str] = ANSWER_CODES
    debit: bool = False  # remember the amount so a later refund can be checked against it
    refund: bool = False

    @property
    def operation_id(self) -> str:
        value: str = self.module.OPERATION_ID
        return value

    @property
    def retry_mode(self) -> str:
        value: str = self.module.RETRY
        return value


def _ops(*rows: Operation) -> dict[str, Operation]:
    return {row.name: row for row in rows}


OPERATIONS = _ops(
    Operation("debit_v3", debit_v3, DebitPayload, None, debit=True),
    Operation("debit_v4_web", debit_v4_web, DebitPayload, DebitV4Response, debit=True),
    Operation("debit_v4_intent", debit_v4_intent, DebitIntentPayload, DebitV4Response, debit=True),
    Operation("get_transaction_status", get_transaction_status, None, TransactionStatusResponse, STATUS_CODES),
    Operation(
        "get_transaction_status_apps_host",
        get_transaction_status_apps_host,
        None,
        TransactionStatusResponse,
        STATUS_CODES,
    ),
    Operation("refund_v3", refund_v3, RefundV3Payload, RefundResponse, refund=True),
    Operation("refund_v4", refund_v4, RefundV4Payload, RefundResponse, refund=True),
    Operation("refund_apps_host", refund_apps_host, RefundV4Payload, RefundResponse, refund=True),
    Operation("fulfill_deferred_refund", fulfill_deferred_refund, DeferredFulfillPayload, DeferredFulfillResponse),
    Operation("collect_request", collect_request, CollectPayload, CollectResponse, debit=True),
    Operation("trigger_test_callback", trigger_test_callback, TestCallbackRequest, TestCallbackResponse),
    Operation("get_wallet_balance", get_wallet_balance, None, WalletBalanceResponse),
    Operation("instant_debit", instant_debit, InstantDebitPayload, InstantDebitResponse, debit=True),
    Operation("inline_pay", inline_pay, InlinePayPayload, InlinePayResponse, debit=True),
    Operation("inline_pay_with_get", inline_pay_with_get, InlinePayPayload, InlinePayResponse, debit=True),
    Operation("get_payment_options", get_payment_options, PaymentOptionsPayload, PaymentOptionsResponse),
    Operation("unlink_user", unlink_user, UnlinkPayload, UnlinkResponse),
    Operation("send_otp", send_otp, OtpSendPayload, OtpSendResponse),
    Operation("verify_otp", verify_otp, OtpVerifyPayload, OtpVerifyResponse),
    Operation("get_sso_access_token", get_sso_access_token, SsoAccessPayload, SsoAccessResponse),
    Operation("get_sso_user_details", get_sso_user_details, None, SsoUserDetailsResponse),
    Operation("initiate_sdk_less_payment", initiate_sdk_less_payment, SdkLessInitiatePayload, SdkLessInitiateResponse),
    Operation("get_authorization_token", get_authorization_token, TokenForm, TokenResponse),
)
