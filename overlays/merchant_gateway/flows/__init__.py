"""Flows of the interface document on top of the Gateway: polling, reconciliation, linking, launches, app payloads.

Why a sub-package: these are the multi-call stories that merchants get wrong by hand; each module holds one, and
this module re-exports the public names (``from merchant_gateway.flows import wait_for_payment``).
"""

from .launch import (
    Launch,
    SsoUser,
    async_sign_in,
    async_start_intent_payment,
    async_start_sdk_less_payment,
    async_start_upi_intent,
    sign_in,
    start_intent_payment,
    start_sdk_less_payment,
    start_upi_intent,
)
from .linking import (
    OTP_GUIDANCE,
    Instrument,
    LinkedUser,
    LinkingError,
    OtpPrompt,
    Unlinked,
    async_link_user,
    async_unlink,
    link_user,
    unlink,
    usable_instruments,
)
from .mobile_sdk import AppRequest, app_account_summary_request, app_debit_request, app_profile_request
from .polling import EXPIRY_GRACE, AmountMismatchError, FinalStatus, PollTimeout, StatusSnapshot
from .reconcile import PendingPayment, ReconcileReport, reconcile_many
from .schedule import DEFAULT_SCHEDULE, Phase, PollSchedule
from .status import async_wait_for_payment, reconcile_payments, snapshot_of, wait_for_payment

__all__ = [
    "DEFAULT_SCHEDULE",
    "EXPIRY_GRACE",
    "OTP_GUIDANCE",
    "AmountMismatchError",
    "AppRequest",
    "FinalStatus",
    "Instrument",
    "Launch",
    "LinkedUser",
    "LinkingError",
    "OtpPrompt",
    "PendingPayment",
    "Phase",
    "PollSchedule",
    "PollTimeout",
    "ReconcileReport",
    "SsoUser",
    "StatusSnapshot",
    "Unlinked",
    "app_account_summary_request",
    "app_debit_request",
    "app_profile_request",
    "async_link_user",
    "async_sign_in",
    "async_start_intent_payment",
    "async_start_sdk_less_payment",
    "async_start_upi_intent",
    "async_unlink",
    "async_wait_for_payment",
    "link_user",
    "reconcile_many",
    "reconcile_payments",
    "sign_in",
    "snapshot_of",
    "start_intent_payment",
    "start_sdk_less_payment",
    "start_upi_intent",
    "unlink",
    "usable_instruments",
    "wait_for_payment",
]
