"""What the launches return and how their answers are read, free of I/O (:mod:`.launch` is the public module)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..errors import GatewayError
from ._fields import field_of

NEXT_STEP = "when the client returns, check the status of {txn} (mgw status {txn}); only the status is the result"


@dataclass(frozen=True)
class Launch:
    """What the app or page opens, and what the server does next."""

    transaction_id: str
    url: str = field(repr=False)  # an intent URI or payments-page link; may carry payment details
    package: str | None = None  # UPI intent: the app package to open
    reservation_id: str | None = None  # SDK-less: for the JS SDK's proceedToPay

    @property
    def next_step(self) -> str:
        return NEXT_STEP.format(txn=self.transaction_id)


@dataclass(frozen=True)
class SsoUser:
    name: str | None
    phone_number: str | None = field(repr=False)
    primary_email: str | None = field(default=None, repr=False)
    is_email_verified: bool | None = None


def _need(value: Any, what: str, code: str | None, txn: str | None) -> str:
    if not isinstance(value, str) or not value:
        raise GatewayError(
            f"the answer carried no {what}",
            code=code,
            transaction_id=txn,
            remedy=(
                "the gateway accepted the payment, so it is initiated: do not start another one for this order; "
                "wait for its status (payments.wait) and offer the user another way to pay meanwhile"
            ),
        )
    return value


def _intent(resp: Any, txn: str) -> Launch:
    data = field_of(resp, "data")
    return Launch(txn, _need(field_of(data, "redirect_url"), "intent URI (data.redirectURL)", resp.code, txn))


def _upi_intent(resp: Any, txn: str) -> Launch:
    data = field_of(resp, "data")
    url = _need(field_of(data, "intent_url"), "intent URL (data.intentURL)", resp.code, txn)
    return Launch(txn, url, package=field_of(data, "package"))


def _sdk_less(resp: Any, txn: str) -> Launch:
    data = field_of(resp, "data")
    url = _need(field_of(data, "redirect_url"), "payments-page link (data.redirectUrl)", resp.code, txn)
    return Launch(txn, url, reservation_id=field_of(data, "reservation_id"))


def _user(resp: Any) -> SsoUser:
    data = field_of(resp, "data")
    return SsoUser(
        field_of(data, "name"),
        field_of(data, "phone_number"),
        field_of(data, "primary_email"),
        field_of(data, "is_email_verified"),
    )


def _intent_fields(platform_version_code: int, fields: dict[str, Any]) -> dict[str, Any]:
    return {**fields, "payment_scope": "PLATFORM", "device_context": {"platformVersionCode": platform_version_code}}


_UPI_INTENT = [{"mode": "upi", "type": "INTENT"}]


# Note added to an OutcomeUnknown of the grant-token exchange (x-retry never: it is not re-sent).
SSO_UNKNOWN = (
    "the grant-token exchange may have reached the gateway: the grant token may be spent (whether it can be "
    "exchanged twice is not shown); ask the client for a new grant token (sign in again)"
)
