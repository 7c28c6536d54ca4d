"""The operation table: one row per spec operation, binding the public method name to the generated endpoint
module, its payload model and its typed result.

Why this module exists: Gateway and AsyncGateway must behave identically. Everything that does not depend on
sync vs async (building and validating the payload, interpreting an answer, retry decisions) lives here and in
:mod:`merchant_gateway._core`; the two classes only send.
"""

from __future__ import annotations

import functools
import importlib
from dataclasses import dataclass
from types import ModuleType

# Codes that are an answer, not an error. PAYMENT_PENDING is an answer: the merchant polls status later.
ANSWER_CODES = frozenset({"SUCCESS", "PAYMENT_SUCCESS", "PAYMENT_INITIATED", "PAYMENT_PENDING"})
# For the status operations every payment state is the answer being asked for.
STATUS_CODES = ANSWER_CODES | {"PAYMENT_ERROR", "PAYMENT_DECLINED", "PAYMENT_CANCELLED"}


@dataclass(frozen=True)
class Operation:
    """One row. Generated modules and models are named, not imported: they load on first use, so importing
    the public package stays cheap (an application touching two operations loads two endpoint modules)."""

    name: str  # public method name; also the generated endpoint module's name (snake_case operationId)
    payload_name: str | None  # generated payload model, passed as ``body``
    result_name: str | None  # generated success model; None: the answer is a redirect Location (debitV3)
    answer_codes: frozenset[str] = ANSWER_CODES
    debit: bool = False  # remember the amount so a later refund can be checked against it
    refund: bool = False

    @functools.cached_property
    def module(self) -> ModuleType:
        """The generated endpoint module (OPERATION_ID, RETRY, sync_detailed, asyncio_detailed)."""
        return importlib.import_module(f"merchant_gateway_client.api.default.{self.name}")

    @functools.cached_property
    def payload(self) -> type | None:
        return _model(self.payload_name)

    @functools.cached_property
    def result(self) -> type | None:
        return _model(self.result_name)

    @functools.cached_property
    def operation_id(self) -> str:
        value: str = self.module.OPERATION_ID
        return value

    @functools.cached_property
    def retry_mode(self) -> str:
        value: str = self.module.RETRY
        return value


def _model(name: str | None) -> type | None:
    if name is None:
        return None
    cls: type = getattr(importlib.import_module("merchant_gateway_client.models"), name)
    return cls


def _ops(*rows: Operation) -> dict[str, Operation]:
    return {row.name: row for row in rows}


OPERATIONS = _ops(
    Operation("debit_v3", "DebitPayload", None, debit=True),
    Operation("debit_v4_web", "DebitPayload", "DebitV4Response", debit=True),
    Operation("debit_v4_intent", "DebitIntentPayload", "DebitV4Response", debit=True),
    Operation("get_transaction_status", None, "TransactionStatusResponse", STATUS_CODES),
    Operation(
        "get_transaction_status_apps_host",
        None,
        "TransactionStatusResponse",
        STATUS_CODES,
    ),
    Operation("refund_v3", "RefundV3Payload", "RefundResponse", refund=True),
    Operation("refund_v4", "RefundV4Payload", "RefundResponse", refund=True),
    Operation("refund_apps_host", "RefundV4Payload", "RefundResponse", refund=True),
    Operation("fulfill_deferred_refund", "DeferredFulfillPayload", "DeferredFulfillResponse"),
    Operation("collect_request", "CollectPayload", "CollectResponse", debit=True),
    Operation("trigger_test_callback", "TestCallbackRequest", "TestCallbackResponse"),
    Operation("get_wallet_balance", None, "WalletBalanceResponse"),
    Operation("instant_debit", "InstantDebitPayload", "InstantDebitResponse", debit=True),
    Operation("inline_pay", "InlinePayPayload", "InlinePayResponse", debit=True),
    Operation("inline_pay_with_get", "InlinePayPayload", "InlinePayResponse", debit=True),
    Operation("get_payment_options", "PaymentOptionsPayload", "PaymentOptionsResponse"),
    Operation("unlink_user", "UnlinkPayload", "UnlinkResponse"),
    Operation("send_otp", "OtpSendPayload", "OtpSendResponse"),
    Operation("verify_otp", "OtpVerifyPayload", "OtpVerifyResponse"),
    Operation("get_sso_access_token", "SsoAccessPayload", "SsoAccessResponse"),
    Operation("get_sso_user_details", None, "SsoUserDetailsResponse"),
    Operation("initiate_sdk_less_payment", "SdkLessInitiatePayload", "SdkLessInitiateResponse"),
    Operation("get_authorization_token", "TokenForm", "TokenResponse"),
)
