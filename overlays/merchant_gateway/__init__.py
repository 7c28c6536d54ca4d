"""Merchant payment gateway client: the public, hand-written API on top of the generated package.

Why this package exists: ``merchant_gateway_client`` is regenerated from the spec and must never be edited;
everything a merchant should use (Gateway, AsyncGateway, errors, callback verification, amounts) is re-exported
from here, and this package is never touched by the generator.
"""

from typing import TYPE_CHECKING

from ._lazy import reexport
from .errors import (
    AnswerMismatchError,
    ApiError,
    AuthorizationError,
    BadRequestError,
    CallbackMismatchError,
    ConfigurationError,
    DuplicateRequestError,
    GatewayConnectionError,
    GatewayError,
    GatewayTimeoutError,
    InvalidTransactionIdError,
    NotFoundError,
    OtpError,
    OutcomeUnknown,
    PaymentCancelledError,
    PaymentDeclinedError,
    PaymentError,
    RateLimitedError,
    RefundWindowExceededError,
    ServerError,
    SignatureError,
    TransactionNotFoundError,
    TransportError,
    UserBlockedError,
    UserLinkError,
    ValidationError,
)

if TYPE_CHECKING:
    from merchant_gateway_client.models import (
        CallbackMode,
        CallMode,
        InstrumentType,
        OtpRequestType,
        PaymentScope,
        RedirectMode,
    )

    from .callbacks import (
        CallbackVerifier,
        CollectCallback,
        PaymentCallback,
        UiCallback,
        verify_collect_callback,
        verify_payment_callback,
        verify_ui_callback,
    )
    from .checks.advice import AdviceWarning
    from .checks.amounts import INT64_MAX, check_paise, paise_from_rupees
    from .config import GatewayConfig, GatewaySettings
    from .gateway import AsyncGateway, Gateway
    from .retry import RetryPolicy
    from .tasks import AppRequest, CollectStart, IntentStart, LinkedWallet, PaymentStart, Refund, WalletPayment
    from .tokens import AuthorizationToken, TokenAuth, TokenCache
    from .transports import AsyncGatewayTransport, GatewayTransport

# Re-exported on first access (PEP 562): the callback dataclasses and the transport module cost import time
# that an application not using them in this process need not pay. name -> submodule. Only the errors load with
# the package (an `except` clause names them before any gateway exists).
_LAZY = {
    # the configuration (its dataclasses and checks), the retry policy and the amount helpers: with the first
    # gateway built or name read, not with `from merchant_gateway import Gateway`
    "GatewayConfig": ".config",
    "GatewaySettings": ".config",
    "RetryPolicy": ".retry",
    "INT64_MAX": ".checks.amounts",
    "check_paise": ".checks.amounts",
    "paise_from_rupees": ".checks.amounts",
    # the gateways (their pipeline, the generated client and httpx): `mgw` and the ledger import this package's
    # configuration and errors without always building one
    "Gateway": ".gateway",
    "AsyncGateway": ".gateway",
    "AdviceWarning": ".checks.advice",  # the interface document's advice, never a refusal
    "CallbackVerifier": ".callbacks",
    "CollectCallback": ".callbacks",
    "PaymentCallback": ".callbacks",
    "UiCallback": ".callbacks",
    "verify_collect_callback": ".callbacks",
    "verify_payment_callback": ".callbacks",
    "verify_ui_callback": ".callbacks",
    # the gateways' default transports (httpcore and h11), to pass one with other limits
    "GatewayTransport": ".transports",
    "AsyncGatewayTransport": ".transports",
    # what the task layer (gateway.payments, .refunds, .collects, .wallets, .mobile) returns
    "AppRequest": ".tasks",
    "CollectStart": ".tasks",
    "IntentStart": ".tasks",
    "LinkedWallet": ".tasks",
    "PaymentStart": ".tasks",
    "Refund": ".tasks",
    "WalletPayment": ".tasks",
    # the token cache and its httpx.Auth, and what a token fetch returns: payment calls need none of them
    "AuthorizationToken": ".tokens",
    "TokenAuth": ".tokens",
    "TokenCache": ".tokens",
}

# The spec's enums of the operation methods' keywords under their readable names (x-enum-name in the spec; the
# generated enum classes themselves, not copies), from the generated models on first access.
# tests/generator/test_public_types.py keeps this list equal to the spec's names.
_ENUMS = ("CallMode", "CallbackMode", "InstrumentType", "OtpRequestType", "PaymentScope", "RedirectMode")


__getattr__, __dir__ = reexport(globals(), _LAZY | dict.fromkeys(_ENUMS, "merchant_gateway_client.models"))


__all__ = [
    "AdviceWarning",
    "INT64_MAX",
    "AnswerMismatchError",
    "ApiError",
    "AppRequest",
    "AsyncGateway",
    "AsyncGatewayTransport",
    "AuthorizationError",
    "AuthorizationToken",
    "BadRequestError",
    "CallMode",
    "CallbackMode",
    "CallbackMismatchError",
    "CallbackVerifier",
    "CollectCallback",
    "CollectStart",
    "ConfigurationError",
    "Gateway",
    "GatewayConfig",
    "GatewaySettings",
    "GatewayConnectionError",
    "GatewayError",
    "GatewayTimeoutError",
    "GatewayTransport",
    "InstrumentType",
    "IntentStart",
    "DuplicateRequestError",
    "InvalidTransactionIdError",
    "LinkedWallet",
    "NotFoundError",
    "OtpError",
    "OtpRequestType",
    "OutcomeUnknown",
    "PaymentCallback",
    "PaymentCancelledError",
    "PaymentDeclinedError",
    "PaymentError",
    "PaymentScope",
    "PaymentStart",
    "RateLimitedError",
    "RedirectMode",
    "Refund",
    "RefundWindowExceededError",
    "RetryPolicy",
    "ServerError",
    "SignatureError",
    "TokenAuth",
    "TokenCache",
    "TransactionNotFoundError",
    "TransportError",
    "UiCallback",
    "UserBlockedError",
    "UserLinkError",
    "ValidationError",
    "WalletPayment",
    "check_paise",
    "paise_from_rupees",
    "verify_collect_callback",
    "verify_payment_callback",
    "verify_ui_callback",
]
