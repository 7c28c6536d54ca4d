# Generated from spec/openapi.yaml by generator/, do not edit.
"""Contains all the data models used in inputs/outputs

The models are loaded lazily (PEP 562): `from merchant_gateway_client.models import X` imports only the module
defining X (and what it needs), not every model. Type checkers see ordinary imports.
"""

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .active_wallet import ActiveWallet
    from .call_mode import CallMode
    from .callback_mode import CallbackMode
    from .callback_request import CallbackRequest
    from .callback_transaction_context import CallbackTransactionContext
    from .card_option import CardOption
    from .card_payment_source import CardPaymentSource
    from .card_payment_source_mode import CardPaymentSourceMode
    from .collect_data import CollectData
    from .collect_payload import CollectPayload
    from .collect_request import CollectRequest
    from .collect_response import CollectResponse
    from .debit_intent_payload import DebitIntentPayload
    from .debit_intent_request import DebitIntentRequest
    from .debit_payload import DebitPayload
    from .debit_request import DebitRequest
    from .debit_v4_data import DebitV4Data
    from .debit_v4_response import DebitV4Response
    from .deferred_fulfill_data import DeferredFulfillData
    from .deferred_fulfill_payload import DeferredFulfillPayload
    from .deferred_fulfill_request import DeferredFulfillRequest
    from .deferred_fulfill_response import DeferredFulfillResponse
    from .device_context import DeviceContext
    from .error_envelope import ErrorEnvelope
    from .error_envelope_data import ErrorEnvelopeData
    from .get_transaction_status_apps_host_status_segment import GetTransactionStatusAppsHostStatusSegment
    from .inline_pay_data import InlinePayData
    from .inline_pay_payload import InlinePayPayload
    from .inline_pay_request import InlinePayRequest
    from .inline_pay_response import InlinePayResponse
    from .instant_debit_data import InstantDebitData
    from .instant_debit_payload import InstantDebitPayload
    from .instant_debit_request import InstantDebitRequest
    from .instant_debit_response import InstantDebitResponse
    from .instrument_type import InstrumentType
    from .merchant_context import MerchantContext
    from .offer import Offer
    from .offer_context import OfferContext
    from .offer_tag import OfferTag
    from .otp_request_type import OtpRequestType
    from .otp_send_data import OtpSendData
    from .otp_send_payload import OtpSendPayload
    from .otp_send_request import OtpSendRequest
    from .otp_send_response import OtpSendResponse
    from .otp_verify_data import OtpVerifyData
    from .otp_verify_payload import OtpVerifyPayload
    from .otp_verify_request import OtpVerifyRequest
    from .otp_verify_response import OtpVerifyResponse
    from .payment_callback_data import PaymentCallbackData
    from .payment_callback_payload import PaymentCallbackPayload
    from .payment_mode import PaymentMode
    from .payment_options_data import PaymentOptionsData
    from .payment_options_payload import PaymentOptionsPayload
    from .payment_options_request import PaymentOptionsRequest
    from .payment_options_response import PaymentOptionsResponse
    from .payment_scope import PaymentScope
    from .payment_state import PaymentState
    from .profile_payload import ProfilePayload
    from .profile_request import ProfileRequest
    from .rate_limit_data import RateLimitData
    from .rate_limit_envelope import RateLimitEnvelope
    from .redirect_mode import RedirectMode
    from .refund_data import RefundData
    from .refund_response import RefundResponse
    from .refund_v3_payload import RefundV3Payload
    from .refund_v3_request import RefundV3Request
    from .refund_v4_payload import RefundV4Payload
    from .refund_v4_request import RefundV4Request
    from .result_code import ResultCode
    from .saved_card import SavedCard
    from .sdk_less_initiate_data import SdkLessInitiateData
    from .sdk_less_initiate_payload import SdkLessInitiatePayload
    from .sdk_less_initiate_request import SdkLessInitiateRequest
    from .sdk_less_initiate_response import SdkLessInitiateResponse
    from .sso_access_data import SsoAccessData
    from .sso_access_payload import SsoAccessPayload
    from .sso_access_request import SsoAccessRequest
    from .sso_access_response import SsoAccessResponse
    from .sso_user_details_data import SsoUserDetailsData
    from .sso_user_details_response import SsoUserDetailsResponse
    from .test_callback_data import TestCallbackData
    from .test_callback_request import TestCallbackRequest
    from .test_callback_response import TestCallbackResponse
    from .token_form import TokenForm
    from .token_form_grant_type import TokenFormGrantType
    from .token_response import TokenResponse
    from .transaction_status_data import TransactionStatusData
    from .transaction_status_response import TransactionStatusResponse
    from .ui_callback_form import UiCallbackForm
    from .unlink_data import UnlinkData
    from .unlink_payload import UnlinkPayload
    from .unlink_request import UnlinkRequest
    from .unlink_response import UnlinkResponse
    from .upi_account import UpiAccount
    from .upi_option import UpiOption
    from .upi_payment_source import UpiPaymentSource
    from .upi_payment_source_mode import UpiPaymentSourceMode
    from .upi_payment_source_type import UpiPaymentSourceType
    from .wallet_balance_data import WalletBalanceData
    from .wallet_balance_response import WalletBalanceResponse
    from .wallet_balance_upi import WalletBalanceUpi
    from .wallet_balance_wallet import WalletBalanceWallet
    from .wallets_option import WalletsOption
    from .wallets_payment_source import WalletsPaymentSource
    from .wallets_payment_source_mode import WalletsPaymentSourceMode

# Public name -> submodule that defines it.
_MODULES: dict[str, str] = {
    "ActiveWallet": ".active_wallet",
    "CallMode": ".call_mode",
    "CallbackMode": ".callback_mode",
    "CallbackRequest": ".callback_request",
    "CallbackTransactionContext": ".callback_transaction_context",
    "CardOption": ".card_option",
    "CardPaymentSource": ".card_payment_source",
    "CardPaymentSourceMode": ".card_payment_source_mode",
    "CollectData": ".collect_data",
    "CollectPayload": ".collect_payload",
    "CollectRequest": ".collect_request",
    "CollectResponse": ".collect_response",
    "DebitIntentPayload": ".debit_intent_payload",
    "DebitIntentRequest": ".debit_intent_request",
    "DebitPayload": ".debit_payload",
    "DebitRequest": ".debit_request",
    "DebitV4Data": ".debit_v4_data",
    "DebitV4Response": ".debit_v4_response",
    "DeferredFulfillData": ".deferred_fulfill_data",
    "DeferredFulfillPayload": ".deferred_fulfill_payload",
    "DeferredFulfillRequest": ".deferred_fulfill_request",
    "DeferredFulfillResponse": ".deferred_fulfill_response",
    "DeviceContext": ".device_context",
    "ErrorEnvelope": ".error_envelope",
    "ErrorEnvelopeData": ".error_envelope_data",
    "GetTransactionStatusAppsHostStatusSegment": ".get_transaction_status_apps_host_status_segment",
    "InlinePayData": ".inline_pay_data",
    "InlinePayPayload": ".inline_pay_payload",
    "InlinePayRequest": ".inline_pay_request",
    "InlinePayResponse": ".inline_pay_response",
    "InstantDebitData": ".instant_debit_data",
    "InstantDebitPayload": ".instant_debit_payload",
    "InstantDebitRequest": ".instant_debit_request",
    "InstantDebitResponse": ".instant_debit_response",
    "InstrumentType": ".instrument_type",
    "MerchantContext": ".merchant_context",
    "Offer": ".offer",
    "OfferContext": ".offer_context",
    "OfferTag": ".offer_tag",
    "OtpRequestType": ".otp_request_type",
    "OtpSendData": ".otp_send_data",
    "OtpSendPayload": ".otp_send_payload",
    "OtpSendRequest": ".otp_send_request",
    "OtpSendResponse": ".otp_send_response",
    "OtpVerifyData": ".otp_verify_data",
    "OtpVerifyPayload": ".otp_verify_payload",
    "OtpVerifyRequest": ".otp_verify_request",
    "OtpVerifyResponse": ".otp_verify_response",
    "PaymentCallbackData": ".payment_callback_data",
    "PaymentCallbackPayload": ".payment_callback_payload",
    "PaymentMode": ".payment_mode",
    "PaymentOptionsData": ".payment_options_data",
    "PaymentOptionsPayload": ".payment_options_payload",
    "PaymentOptionsRequest": ".payment_options_request",
    "PaymentOptionsResponse": ".payment_options_response",
    "PaymentScope": ".payment_scope",
    "PaymentState": ".payment_state",
    "ProfilePayload": ".profile_payload",
    "ProfileRequest": ".profile_request",
    "RateLimitData": ".rate_limit_data",
    "RateLimitEnvelope": ".rate_limit_envelope",
    "RedirectMode": ".redirect_mode",
    "RefundData": ".refund_data",
    "RefundResponse": ".refund_response",
    "RefundV3Payload": ".refund_v3_payload",
    "RefundV3Request": ".refund_v3_request",
    "RefundV4Payload": ".refund_v4_payload",
    "RefundV4Request": ".refund_v4_request",
    "ResultCode": ".result_code",
    "SavedCard": ".saved_card",
    "SdkLessInitiateData": ".sdk_less_initiate_data",
    "SdkLessInitiatePayload": ".sdk_less_initiate_payload",
    "SdkLessInitiateRequest": ".sdk_less_initiate_request",
    "SdkLessInitiateResponse": ".sdk_less_initiate_response",
    "SsoAccessData": ".sso_access_data",
    "SsoAccessPayload": ".sso_access_payload",
    "SsoAccessRequest": ".sso_access_request",
    "SsoAccessResponse": ".sso_access_response",
    "SsoUserDetailsData": ".sso_user_details_data",
    "SsoUserDetailsResponse": ".sso_user_details_response",
    "TestCallbackData": ".test_callback_data",
    "TestCallbackRequest": ".test_callback_request",
    "TestCallbackResponse": ".test_callback_response",
    "TokenForm": ".token_form",
    "TokenFormGrantType": ".token_form_grant_type",
    "TokenResponse": ".token_response",
    "TransactionStatusData": ".transaction_status_data",
    "TransactionStatusResponse": ".transaction_status_response",
    "UiCallbackForm": ".ui_callback_form",
    "UnlinkData": ".unlink_data",
    "UnlinkPayload": ".unlink_payload",
    "UnlinkRequest": ".unlink_request",
    "UnlinkResponse": ".unlink_response",
    "UpiAccount": ".upi_account",
    "UpiOption": ".upi_option",
    "UpiPaymentSource": ".upi_payment_source",
    "UpiPaymentSourceMode": ".upi_payment_source_mode",
    "UpiPaymentSourceType": ".upi_payment_source_type",
    "WalletBalanceData": ".wallet_balance_data",
    "WalletBalanceResponse": ".wallet_balance_response",
    "WalletBalanceUpi": ".wallet_balance_upi",
    "WalletBalanceWallet": ".wallet_balance_wallet",
    "WalletsOption": ".wallets_option",
    "WalletsPaymentSource": ".wallets_payment_source",
    "WalletsPaymentSourceMode": ".wallets_payment_source_mode",
}

__all__ = (
    "ActiveWallet",
    "CallbackMode",
    "CallbackRequest",
    "CallbackTransactionContext",
    "CallMode",
    "CardOption",
    "CardPaymentSource",
    "CardPaymentSourceMode",
    "CollectData",
    "CollectPayload",
    "CollectRequest",
    "CollectResponse",
    "DebitIntentPayload",
    "DebitIntentRequest",
    "DebitPayload",
    "DebitRequest",
    "DebitV4Data",
    "DebitV4Response",
    "DeferredFulfillData",
    "DeferredFulfillPayload",
    "DeferredFulfillRequest",
    "DeferredFulfillResponse",
    "DeviceContext",
    "ErrorEnvelope",
    "ErrorEnvelopeData",
    "GetTransactionStatusAppsHostStatusSegment",
    "InlinePayData",
    "InlinePayPayload",
    "InlinePayRequest",
    "InlinePayResponse",
    "InstantDebitData",
    "InstantDebitPayload",
    "InstantDebitRequest",
    "InstantDebitResponse",
    "InstrumentType",
    "MerchantContext",
    "Offer",
    "OfferContext",
    "OfferTag",
    "OtpRequestType",
    "OtpSendData",
    "OtpSendPayload",
    "OtpSendRequest",
    "OtpSendResponse",
    "OtpVerifyData",
    "OtpVerifyPayload",
    "OtpVerifyRequest",
    "OtpVerifyResponse",
    "PaymentCallbackData",
    "PaymentCallbackPayload",
    "PaymentMode",
    "PaymentOptionsData",
    "PaymentOptionsPayload",
    "PaymentOptionsRequest",
    "PaymentOptionsResponse",
    "PaymentScope",
    "PaymentState",
    "ProfilePayload",
    "ProfileRequest",
    "RateLimitData",
    "RateLimitEnvelope",
    "RedirectMode",
    "RefundData",
    "RefundResponse",
    "RefundV3Payload",
    "RefundV3Request",
    "RefundV4Payload",
    "RefundV4Request",
    "ResultCode",
    "SavedCard",
    "SdkLessInitiateData",
    "SdkLessInitiatePayload",
    "SdkLessInitiateRequest",
    "SdkLessInitiateResponse",
    "SsoAccessData",
    "SsoAccessPayload",
    "SsoAccessRequest",
    "SsoAccessResponse",
    "SsoUserDetailsData",
    "SsoUserDetailsResponse",
    "TestCallbackData",
    "TestCallbackRequest",
    "TestCallbackResponse",
    "TokenForm",
    "TokenFormGrantType",
    "TokenResponse",
    "TransactionStatusData",
    "TransactionStatusResponse",
    "UiCallbackForm",
    "UnlinkData",
    "UnlinkPayload",
    "UnlinkRequest",
    "UnlinkResponse",
    "UpiAccount",
    "UpiOption",
    "UpiPaymentSource",
    "UpiPaymentSourceMode",
    "UpiPaymentSourceType",
    "WalletBalanceData",
    "WalletBalanceResponse",
    "WalletBalanceUpi",
    "WalletBalanceWallet",
    "WalletsOption",
    "WalletsPaymentSource",
    "WalletsPaymentSourceMode",
)

if not TYPE_CHECKING:  # hidden from type checkers, so that a misspelt model name stays an error for them

    def __getattr__(name: str) -> Any:
        module = _MODULES.get(name)
        if module is None:
            raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
        value = getattr(importlib.import_module(module, __name__), name)
        globals()[name] = value  # later lookups skip __getattr__
        return value


def __dir__() -> list[str]:
    return sorted({*globals(), *__all__})
