# Generated from tests/generator/fixtures/mini.yaml by generator/, do not edit.
"""Contains all the data models used in inputs/outputs"""

from .debit_payload import DebitPayload
from .debit_request import DebitRequest
from .error_envelope import ErrorEnvelope
from .error_envelope_data import ErrorEnvelopeData
from .get_transaction_status_apps_host_status_segment import GetTransactionStatusAppsHostStatusSegment
from .profile_payload import ProfilePayload
from .status_data import StatusData
from .status_response import StatusResponse
from .token_form import TokenForm
from .token_response import TokenResponse

__all__ = (
    "DebitPayload",
    "DebitRequest",
    "ErrorEnvelope",
    "ErrorEnvelopeData",
    "GetTransactionStatusAppsHostStatusSegment",
    "ProfilePayload",
    "StatusData",
    "StatusResponse",
    "TokenForm",
    "TokenResponse",
)
