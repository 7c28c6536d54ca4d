# Generated from spec/openapi.yaml by generator/, do not edit.
"""Contains all the data models used in inputs/outputs"""

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
