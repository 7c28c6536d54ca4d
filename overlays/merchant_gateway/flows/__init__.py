"""Flows of the interface document on top of the Gateway: polling, reconciliation, linking, launches.

Why a sub-package: these are the multi-call stories that merchants get wrong by hand; each module holds one, and
this module re-exports the public names (``from merchant_gateway.flows import wait_for_payment``). The flows sit
below the task layer and never import it (the app payloads, ``app_debit_request`` and friends, live in
:mod:`merchant_gateway.tasks.mobile`); they take a gateway as :mod:`merchant_gateway.host` describes it.
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
from .polling import EXPIRY_GRACE, AmountMismatchError, FinalStatus, PollTimeout, StatusSnapshot
from .reconcile import PendingPayment, ReconcileReport, async_reconcile_many
from .schedule import DEFAULT_SCHEDULE, SANDBOX_SCHEDULE, Phase, PollSchedule, schedule_for
from .status import (
    async_reconcile_payments,
    async_wait_for_payment,
    reconcile_payments,
    snapshot_of,
    wait_for_payment,
)

__all__ = [
    "DEFAULT_SCHEDULE",
    "EXPIRY_GRACE",
    "OTP_GUIDANCE",
    "AmountMismatchError",
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
    "SANDBOX_SCHEDULE",
    "SsoUser",
    "StatusSnapshot",
    "Unlinked",
    "async_link_user",
    "async_reconcile_many",
    "async_reconcile_payments",
    "async_sign_in",
    "async_start_intent_payment",
    "async_start_sdk_less_payment",
    "async_start_upi_intent",
    "async_unlink",
    "async_wait_for_payment",
    "link_user",
    "reconcile_payments",
    "schedule_for",
    "sign_in",
    "snapshot_of",
    "start_intent_payment",
    "start_sdk_less_payment",
    "start_upi_intent",
    "unlink",
    "usable_instruments",
    "wait_for_payment",
]
