# Generated from spec/openapi.yaml by generator/, do not edit.
"""Contains all the data models used in inputs/outputs

The models are loaded lazily (PEP 562): `from merchant_gateway_client.models import X` imports only the module
defining X (and what it needs), not every model. Type checkers see ordinary imports.
"""

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .active_wallet import ActiveWallet
    from .callback_request import CallbackRequest
    from .callback_transaction_context import CallbackTransactionContext
    from .card_option import CardOption
    from .card_payment_source import CardPaymentSource
    from .card_payment_source_mode import CardPaymentSourceMode
    from .collect_data import CollectData
    from .collect_payload import CollectPayload
    from .collect_payload_instrument_type import CollectPayloadInstrumentType
    from .collect_request import CollectRequest
    from .collect_response import CollectResponse
    from .debit_intent_payload import DebitIntentPayload
    from .debit_intent_payload_payment_scope import DebitIntentPayloadPaymentScope
    from .debit_intent_request import DebitIntentRequest
    from .debit_payload import DebitPayload
    from .debit_request import DebitRequest
    from .debit_v3xcallmode import DebitV3XCALLMODE
    from .debit_v3xredirectmode import DebitV3XREDIRECTMODE
    from .debit_v4_data import DebitV4Data
    from .debit_v4_intent_xcallmode import DebitV4IntentXCALLMODE
    from .debit_v4_response import DebitV4Response
    from .debit_v4_web_xcallmode import DebitV4WebXCALLMODE
    from .debit_v4_web_xredirectmode import DebitV4WebXREDIRECTMODE
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
    from .inline_pay_with_get_xcallmode import InlinePayWithGetXCALLMODE
    from .inline_pay_with_get_xredirectmode import InlinePayWithGetXREDIRECTMODE
    from .inline_pay_xcallmode import InlinePayXCALLMODE
    from .inline_pay_xredirectmode import InlinePayXREDIRECTMODE
    from .instant_debit_data import InstantDebitData
    from .instant_debit_payload import InstantDebitPayload
    from .instant_debit_request import InstantDebitRequest
    from .instant_debit_response import InstantDebitResponse
    from .merchant_context import MerchantContext
    from .offer import Offer
    from .offer_context import OfferContext
    from .offer_tag import OfferTag
    from .otp_send_data import OtpSendData
    from .otp_send_payload import OtpSendPayload
    from .otp_send_payload_request_type import OtpSendPayloadRequestType
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
    from .payment_state import PaymentState
    from .profile_payload import ProfilePayload
    from .profile_request import ProfileRequest
    from .rate_limit_data import RateLimitData
    from .rate_limit_envelope import RateLimitEnvelope
    from .refund_data import RefundData
    from .refund_response import RefundResponse
    from .refund_v3_payload import RefundV3Payload
    from .refund_v3_request import RefundV3Request
    from .refund_v4_payload import RefundV4Payload
    from .refund_v4_request import RefundV4Request
    from .refund_v4xcallbackmode import RefundV4XCALLBACKMODE
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
    from .trigger_test_callback_x_call_mode import TriggerTestCallbackXCallMode
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
    "CallbackRequest": ".callback_request",
    "CallbackTransactionContext": ".callback_transaction_context",
    "CardOption": ".card_option",
    "CardPaymentSource": ".card_payment_source",
    "CardPaymentSourceMode": ".card_payment_source_mode",
    "CollectData": ".collect_data",
    "CollectPayload": ".collect_payload",
    "CollectPayloadInstrumentType": ".collect_payload_instrument_type",
    "CollectRequest": ".collect_request",
    "CollectResponse": ".collect_response",
    "DebitIntentPayload": ".debit_intent_payload",
    "DebitIntentPayloadPaymentScope": ".debit_intent_payload_payment_scope",
    "DebitIntentRequest": ".debit_intent_request",
    "DebitPayload": ".debit_payload",
    "DebitRequest": ".debit_request",
    "DebitV3XCALLMODE": ".debit_v3xcallmode",
    "DebitV3XREDIRECTMODE": ".debit_v3xredirectmode",
    "DebitV4Data": ".debit_v4_data",
    "DebitV4IntentXCALLMODE": ".debit_v4_intent_xcallmode",
    "DebitV4Response": ".debit_v4_response",
    "DebitV4WebXCALLMODE": ".debit_v4_web_xcallmode",
    "DebitV4WebXREDIRECTMODE": ".debit_v4_web_xredirectmode",
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
    "InlinePayWithGetXCALLMODE": ".inline_pay_with_get_xcallmode",
    "InlinePayWithGetXREDIRECTMODE": ".inline_pay_with_get_xredirectmode",
    "InlinePayXCALLMODE": ".inline_pay_xcallmode",
    "InlinePayXREDIRECTMODE": ".inline_pay_xredirectmode",
    "InstantDebitData": ".instant_debit_data",
    "InstantDebitPayload": ".instant_debit_payload",
    "InstantDebitRequest": ".instant_debit_request",
    "InstantDebitResponse": ".instant_debit_response",
    "MerchantContext": ".merchant_context",
    "Offer": ".offer",
    "OfferContext": ".offer_context",
    "OfferTag": ".offer_tag",
    "OtpSendData": ".otp_send_data",
    "OtpSendPayload": ".otp_send_payload",
    "OtpSendPayloadRequestType": ".otp_send_payload_request_type",
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
    "PaymentState": ".payment_state",
    "ProfilePayload": ".profile_payload",
    "ProfileRequest": ".profile_request",
    "RateLimitData": ".rate_limit_data",
    "RateLimitEnvelope": ".rate_limit_envelope",
    "RefundData": ".refund_data",
    "RefundResponse": ".refund_response",
    "RefundV3Payload": ".refund_v3_payload",
    "RefundV3Request": ".refund_v3_request",
    "RefundV4Payload": ".refund_v4_payload",
    "RefundV4Request": ".refund_v4_request",
    "RefundV4XCALLBACKMODE": ".refund_v4xcallbackmode",
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
    "TriggerTestCallbackXCallMode": ".trigger_test_callback_x_call_mode",
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
    "CallbackRequest",
    "CallbackTransactionContext",
    "CardOption",
    "CardPaymentSource",
    "CardPaymentSourceMode",
    "CollectData",
    "CollectPayload",
    "CollectPayloadInstrumentType",
    "CollectRequest",
    "CollectResponse",
    "DebitIntentPayload",
    "DebitIntentPayloadPaymentScope",
    "DebitIntentRequest",
    "DebitPayload",
    "DebitRequest",
    "DebitV3XCALLMODE",
    "DebitV3XREDIRECTMODE",
    "DebitV4Data",
    "DebitV4IntentXCALLMODE",
    "DebitV4Response",
    "DebitV4WebXCALLMODE",
    "DebitV4WebXREDIRECTMODE",
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
    "InlinePayWithGetXCALLMODE",
    "InlinePayWithGetXREDIRECTMODE",
    "InlinePayXCALLMODE",
    "InlinePayXREDIRECTMODE",
    "InstantDebitData",
    "InstantDebitPayload",
    "InstantDebitRequest",
    "InstantDebitResponse",
    "MerchantContext",
    "Offer",
    "OfferContext",
    "OfferTag",
    "OtpSendData",
    "OtpSendPayload",
    "OtpSendPayloadRequestType",
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
    "PaymentState",
    "ProfilePayload",
    "ProfileRequest",
    "RateLimitData",
    "RateLimitEnvelope",
    "RefundData",
    "RefundResponse",
    "RefundV3Payload",
    "RefundV3Request",
    "RefundV4Payload",
    "RefundV4Request",
    "RefundV4XCALLBACKMODE",
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
    "TriggerTestCallbackXCallMode",
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
