# Generated from spec/openapi.yaml by generator/, do not edit.
"""The facts of every server operation, from the spec's x- extensions (docs/design.md; spec/README.md).

Rendered by generator/public_api.py. The overlay (merchant_gateway) reads these instead of keeping a table of
its own: a new operation in the spec reaches Gateway and AsyncGateway with `make generate` alone. Endpoint
modules and models are named, not imported: they load on first use.
"""

# No `from __future__ import annotations`: typing.NamedTuple turns a string annotation into a ForwardRef, compiling
# it, once per field at import; the types written here are cheaper to evaluate than to compile.
import functools
import importlib
from collections.abc import Mapping
from types import ModuleType
from typing import Literal, NamedTuple

MoneyMovement = Literal["none", "debit", "collect", "refund", "deferred-refund"]
AnswerCodes = Literal["outcome", "payment-state"]
FieldRule = Literal["exactly-one-of", "at-least-one-of", "at-most-one-of", "required"]


# A NamedTuple, not a frozen dataclass: one operation's facts are a record, and a dataclass's class creation
# (code generated and compiled for each method) would be paid by every `import merchant_gateway`.
class _Facts(NamedTuple):
    name: str  # the public method's name and the endpoint module's (snake_case operationId)
    operation_id: str
    host: Literal["base", "apps", "auth"]
    retry: Literal["safe", "reconcile-first", "never"]  # x-retry
    money_movement: MoneyMovement  # x-money-movement
    answer_codes: AnswerCodes  # x-answer-codes
    payload_from: Literal["caller", "configuration"]  # x-payload-from
    payload_name: str | None  # model passed as `body`
    result_name: str | None  # success model; None: the answer is a redirect Location
    path_params: tuple[str, ...]  # endpoint parameters the caller gives positionally
    headers: Mapping[str, str]  # public keyword -> endpoint parameter (a request header)
    required_headers: tuple[str, ...]  # endpoint parameters the caller must give
    # x-field-rules (payload schema's, then the operation's): (rule, wire field names); checked before sending
    field_rules: tuple[tuple[FieldRule, tuple[str, ...]], ...] = ()


class Operation(_Facts):
    """One server operation's facts. A subclass of the record so that instances have a ``__dict__``: what they
    load on first use (the endpoint module, the models) is cached there and read at plain attribute speed."""

    @functools.cached_property
    def module(self) -> ModuleType:
        """The generated endpoint module: the operation's metadata and ``request_parts`` (what the pipeline sends)."""
        return importlib.import_module(f"{__package__}.api.default.{self.name}")

    @functools.cached_property
    def payload(self) -> type | None:
        return _model(self.payload_name)

    @functools.cached_property
    def result(self) -> type | None:
        return _model(self.result_name)


def _model(name: str | None) -> type | None:
    if name is None:
        return None
    cls: type = getattr(importlib.import_module(f"{__package__}.models"), name)
    return cls


OPERATIONS: Mapping[str, Operation] = {
    "get_authorization_token": Operation(
        name="get_authorization_token",
        operation_id="getAuthorizationToken",
        host="auth",
        retry="safe",
        money_movement="none",
        answer_codes="outcome",
        payload_from="configuration",
        payload_name="TokenForm",
        result_name="TokenResponse",
        path_params=(),
        headers={},
        required_headers=(),
    ),
    "debit_v3": Operation(
        name="debit_v3",
        operation_id="debitV3",
        host="base",
        retry="reconcile-first",
        money_movement="debit",
        answer_codes="outcome",
        payload_from="caller",
        payload_name="DebitPayload",
        result_name=None,
        path_params=(),
        headers={
            "redirect_url": "x_redirect_url",
            "redirect_mode": "x_redirect_mode",
            "callback_url": "x_callback_url",
            "call_mode": "x_call_mode",
            "provider_id": "x_provider_id",
        },
        required_headers=(),
        field_rules=(("at-most-one-of", ("merchantUserId", "userAuthToken")),),
    ),
    "debit_v4_web": Operation(
        name="debit_v4_web",
        operation_id="debitV4Web",
        host="base",
        retry="reconcile-first",
        money_movement="debit",
        answer_codes="outcome",
        payload_from="caller",
        payload_name="DebitPayload",
        result_name="DebitV4Response",
        path_params=(),
        headers={
            "redirect_url": "x_redirect_url",
            "redirect_mode": "x_redirect_mode",
            "callback_url": "x_callback_url",
            "call_mode": "x_call_mode",
            "provider_id": "x_provider_id",
        },
        required_headers=(),
        field_rules=(("at-most-one-of", ("merchantUserId", "userAuthToken")),),
    ),
    "debit_v4_intent": Operation(
        name="debit_v4_intent",
        operation_id="debitV4Intent",
        host="base",
        retry="reconcile-first",
        money_movement="debit",
        answer_codes="outcome",
        payload_from="caller",
        payload_name="DebitIntentPayload",
        result_name="DebitV4Response",
        path_params=(),
        headers={
            "callback_url": "x_callback_url",
            "call_mode": "x_call_mode",
        },
        required_headers=(),
        field_rules=(("at-most-one-of", ("merchantUserId", "userAuthToken")),),
    ),
    "get_transaction_status": Operation(
        name="get_transaction_status",
        operation_id="getTransactionStatus",
        host="base",
        retry="safe",
        money_movement="none",
        answer_codes="payment-state",
        payload_from="caller",
        payload_name=None,
        result_name="TransactionStatusResponse",
        path_params=("transaction_id",),
        headers={},
        required_headers=(),
    ),
    "get_transaction_status_apps_host": Operation(
        name="get_transaction_status_apps_host",
        operation_id="getTransactionStatusAppsHost",
        host="apps",
        retry="safe",
        money_movement="none",
        answer_codes="payment-state",
        payload_from="caller",
        payload_name=None,
        result_name="TransactionStatusResponse",
        path_params=("transaction_id",),
        headers={
            "client_id": "x_client_id",
        },
        required_headers=(),
    ),
    "refund_v3": Operation(
        name="refund_v3",
        operation_id="refundV3",
        host="base",
        retry="reconcile-first",
        money_movement="refund",
        answer_codes="outcome",
        payload_from="caller",
        payload_name="RefundV3Payload",
        result_name="RefundResponse",
        path_params=(),
        headers={},
        required_headers=(),
        field_rules=(("exactly-one-of", ("originalTransactionId", "providerReferenceId")),),
    ),
    "refund_v4": Operation(
        name="refund_v4",
        operation_id="refundV4",
        host="base",
        retry="reconcile-first",
        money_movement="refund",
        answer_codes="outcome",
        payload_from="caller",
        payload_name="RefundV4Payload",
        result_name="RefundResponse",
        path_params=(),
        headers={
            "callback_url": "x_callback_url",
            "callback_mode": "x_callback_mode",
        },
        required_headers=(),
        field_rules=(("exactly-one-of", ("originalTransactionId", "providerReferenceId")),),
    ),
    "refund_apps_host": Operation(
        name="refund_apps_host",
        operation_id="refundAppsHost",
        host="apps",
        retry="reconcile-first",
        money_movement="refund",
        answer_codes="outcome",
        payload_from="caller",
        payload_name="RefundV4Payload",
        result_name="RefundResponse",
        path_params=(),
        headers={
            "client_id": "x_client_id",
        },
        required_headers=(),
        field_rules=(("exactly-one-of", ("originalTransactionId", "providerReferenceId")),),
    ),
    "fulfill_deferred_refund": Operation(
        name="fulfill_deferred_refund",
        operation_id="fulfillDeferredRefund",
        host="base",
        retry="reconcile-first",
        money_movement="deferred-refund",
        answer_codes="outcome",
        payload_from="caller",
        payload_name="DeferredFulfillPayload",
        result_name="DeferredFulfillResponse",
        path_params=(),
        headers={},
        required_headers=(),
    ),
    "collect_request": Operation(
        name="collect_request",
        operation_id="collectRequest",
        host="base",
        retry="reconcile-first",
        money_movement="collect",
        answer_codes="outcome",
        payload_from="caller",
        payload_name="CollectPayload",
        result_name="CollectResponse",
        path_params=(),
        headers={
            "callback_url": "x_callback_url",
        },
        required_headers=("x_callback_url",),
    ),
    "trigger_test_callback": Operation(
        name="trigger_test_callback",
        operation_id="triggerTestCallback",
        host="base",
        retry="safe",
        money_movement="none",
        answer_codes="outcome",
        payload_from="caller",
        payload_name="TestCallbackRequest",
        result_name="TestCallbackResponse",
        path_params=(),
        headers={
            "callback_url": "x_callback_url",
            "call_mode": "x_call_mode",
        },
        required_headers=("x_callback_url",),
    ),
    "get_wallet_balance": Operation(
        name="get_wallet_balance",
        operation_id="getWalletBalance",
        host="base",
        retry="safe",
        money_movement="none",
        answer_codes="outcome",
        payload_from="caller",
        payload_name=None,
        result_name="WalletBalanceResponse",
        path_params=("user_auth_token",),
        headers={},
        required_headers=(),
    ),
    "instant_debit": Operation(
        name="instant_debit",
        operation_id="instantDebit",
        host="base",
        retry="reconcile-first",
        money_movement="debit",
        answer_codes="outcome",
        payload_from="caller",
        payload_name="InstantDebitPayload",
        result_name="InstantDebitResponse",
        path_params=(),
        headers={},
        required_headers=(),
    ),
    "inline_pay_with_get": Operation(
        name="inline_pay_with_get",
        operation_id="inlinePayWithGet",
        host="base",
        retry="reconcile-first",
        money_movement="debit",
        answer_codes="outcome",
        payload_from="caller",
        payload_name="InlinePayPayload",
        result_name="InlinePayResponse",
        path_params=(),
        headers={
            "redirect_url": "x_redirect_url",
            "redirect_mode": "x_redirect_mode",
            "callback_url": "x_callback_url",
            "call_mode": "x_call_mode",
        },
        required_headers=(),
        field_rules=(("at-least-one-of", ("merchantUserId", "userAuthToken")),),
    ),
    "inline_pay": Operation(
        name="inline_pay",
        operation_id="inlinePay",
        host="base",
        retry="reconcile-first",
        money_movement="debit",
        answer_codes="outcome",
        payload_from="caller",
        payload_name="InlinePayPayload",
        result_name="InlinePayResponse",
        path_params=(),
        headers={
            "redirect_url": "x_redirect_url",
            "redirect_mode": "x_redirect_mode",
            "callback_url": "x_callback_url",
            "call_mode": "x_call_mode",
        },
        required_headers=(),
        field_rules=(("at-least-one-of", ("merchantUserId", "userAuthToken")), ("required", ("mobileNumber",))),
    ),
    "get_payment_options": Operation(
        name="get_payment_options",
        operation_id="getPaymentOptions",
        host="base",
        retry="safe",
        money_movement="none",
        answer_codes="outcome",
        payload_from="caller",
        payload_name="PaymentOptionsPayload",
        result_name="PaymentOptionsResponse",
        path_params=(),
        headers={
            "merchant_device_id": "x_merchant_device_id",
        },
        required_headers=(),
        field_rules=(("at-least-one-of", ("merchantUserId", "userAuthToken")),),
    ),
    "unlink_user": Operation(
        name="unlink_user",
        operation_id="unlinkUser",
        host="base",
        retry="never",
        money_movement="none",
        answer_codes="outcome",
        payload_from="caller",
        payload_name="UnlinkPayload",
        result_name="UnlinkResponse",
        path_params=(),
        headers={},
        required_headers=(),
    ),
    "send_otp": Operation(
        name="send_otp",
        operation_id="sendOtp",
        host="base",
        retry="never",
        money_movement="none",
        answer_codes="outcome",
        payload_from="caller",
        payload_name="OtpSendPayload",
        result_name="OtpSendResponse",
        path_params=(),
        headers={},
        required_headers=(),
    ),
    "verify_otp": Operation(
        name="verify_otp",
        operation_id="verifyOtp",
        host="base",
        retry="never",
        money_movement="none",
        answer_codes="outcome",
        payload_from="caller",
        payload_name="OtpVerifyPayload",
        result_name="OtpVerifyResponse",
        path_params=(),
        headers={},
        required_headers=(),
    ),
    "get_sso_access_token": Operation(
        name="get_sso_access_token",
        operation_id="getSsoAccessToken",
        host="apps",
        retry="never",
        money_movement="none",
        answer_codes="outcome",
        payload_from="caller",
        payload_name="SsoAccessPayload",
        result_name="SsoAccessResponse",
        path_params=(),
        headers={
            "client_id": "x_client_id",
        },
        required_headers=(),
    ),
    "get_sso_user_details": Operation(
        name="get_sso_user_details",
        operation_id="getSsoUserDetails",
        host="apps",
        retry="safe",
        money_movement="none",
        answer_codes="outcome",
        payload_from="caller",
        payload_name=None,
        result_name="SsoUserDetailsResponse",
        path_params=(),
        headers={
            "client_id": "x_client_id",
            "access_token": "x_access_token",
        },
        required_headers=("x_access_token",),
    ),
    "initiate_sdk_less_payment": Operation(
        name="initiate_sdk_less_payment",
        operation_id="initiateSdkLessPayment",
        host="apps",
        retry="reconcile-first",
        money_movement="debit",
        answer_codes="outcome",
        payload_from="caller",
        payload_name="SdkLessInitiatePayload",
        result_name="SdkLessInitiateResponse",
        path_params=(),
        headers={
            "client_id": "x_client_id",
            "callback_url": "x_callback_url",
        },
        required_headers=(),
    ),
}
