# Generated from tests/generator/fixtures/mini.yaml by generator/, do not edit.
"""Contains all the data models used in inputs/outputs

The models are loaded lazily (PEP 562): `from merchant_gateway_client.models import X` imports only the module
defining X (and what it needs), not every model. Type checkers see ordinary imports.
"""

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .callback_payload import CallbackPayload
    from .callback_request import CallbackRequest
    from .debit_payload import DebitPayload
    from .debit_request import DebitRequest
    from .error_envelope import ErrorEnvelope
    from .error_envelope_data import ErrorEnvelopeData
    from .get_transaction_status_apps_host_status_segment import GetTransactionStatusAppsHostStatusSegment
    from .payment_mode import PaymentMode
    from .payment_mode_mode import PaymentModeMode
    from .payment_state import PaymentState
    from .profile_payload import ProfilePayload
    from .status_data import StatusData
    from .status_response import StatusResponse
    from .token_form import TokenForm
    from .token_response import TokenResponse

# Public name -> submodule that defines it.
_MODULES: dict[str, str] = {
    "CallbackPayload": ".callback_payload",
    "CallbackRequest": ".callback_request",
    "DebitPayload": ".debit_payload",
    "DebitRequest": ".debit_request",
    "ErrorEnvelope": ".error_envelope",
    "ErrorEnvelopeData": ".error_envelope_data",
    "GetTransactionStatusAppsHostStatusSegment": ".get_transaction_status_apps_host_status_segment",
    "PaymentMode": ".payment_mode",
    "PaymentModeMode": ".payment_mode_mode",
    "PaymentState": ".payment_state",
    "ProfilePayload": ".profile_payload",
    "StatusData": ".status_data",
    "StatusResponse": ".status_response",
    "TokenForm": ".token_form",
    "TokenResponse": ".token_response",
}

__all__ = (
    "CallbackPayload",
    "CallbackRequest",
    "DebitPayload",
    "DebitRequest",
    "ErrorEnvelope",
    "ErrorEnvelopeData",
    "GetTransactionStatusAppsHostStatusSegment",
    "PaymentMode",
    "PaymentModeMode",
    "PaymentState",
    "ProfilePayload",
    "StatusData",
    "StatusResponse",
    "TokenForm",
    "TokenResponse",
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
