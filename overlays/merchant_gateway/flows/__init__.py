"""Flows of the interface document on top of the Gateway: polling, reconciliation, linking, launches.

Why a sub-package: these are the multi-call stories that merchants get wrong by hand; each module holds one, and
this module re-exports the public names (``from merchant_gateway.flows import wait_for_payment``). The flows sit
below the task layer and never import it (the app payloads, ``app_debit_request`` and friends, live in
:mod:`merchant_gateway.tasks.mobile`); they take a gateway as :mod:`merchant_gateway.abstract` describes it.
"""

from typing import TYPE_CHECKING

from .._lazy import reexport

if TYPE_CHECKING:
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

# Each name loads its module on first access (PEP 562): `from merchant_gateway.flows.schedule import ...` (the
# conformance kit, the generator) and a first use of one flow need not load every other flow and its gateway parts.
_LAZY = {
    "Launch": ".launch",
    "SsoUser": ".launch",
    "async_sign_in": ".launch",
    "async_start_intent_payment": ".launch",
    "async_start_sdk_less_payment": ".launch",
    "async_start_upi_intent": ".launch",
    "sign_in": ".launch",
    "start_intent_payment": ".launch",
    "start_sdk_less_payment": ".launch",
    "start_upi_intent": ".launch",
    "OTP_GUIDANCE": ".linking",
    "Instrument": ".linking",
    "LinkedUser": ".linking",
    "LinkingError": ".linking",
    "OtpPrompt": ".linking",
    "Unlinked": ".linking",
    "async_link_user": ".linking",
    "async_unlink": ".linking",
    "link_user": ".linking",
    "unlink": ".linking",
    "usable_instruments": ".linking",
    "EXPIRY_GRACE": ".polling",
    "AmountMismatchError": ".polling",
    "FinalStatus": ".polling",
    "PollTimeout": ".polling",
    "StatusSnapshot": ".polling",
    "PendingPayment": ".reconcile",
    "ReconcileReport": ".reconcile",
    "async_reconcile_many": ".reconcile",
    "DEFAULT_SCHEDULE": ".schedule",
    "SANDBOX_SCHEDULE": ".schedule",
    "Phase": ".schedule",
    "PollSchedule": ".schedule",
    "schedule_for": ".schedule",
    "async_reconcile_payments": ".status",
    "async_wait_for_payment": ".status",
    "reconcile_payments": ".status",
    "snapshot_of": ".status",
    "wait_for_payment": ".status",
}


__getattr__, __dir__ = reexport(globals(), _LAZY)


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
