"""Handing a payment to an app or a page: the intent, UPI-intent and SDK-less launches, and single sign-on.

Why this module exists: in these flows the merchant server only *starts* the payment; the user finishes it in
another app or page, and "client-side completion only shows that the UI flow ended, not the real status"
(interface document). Each launch therefore returns what the client needs to open, together with the one next
step the server must take: check the status.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from ..errors import GatewayError, OutcomeUnknown
from ._fields import field_of

if TYPE_CHECKING:
    from ..host import AsyncGatewayHost, GatewayHost

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


def start_intent_payment(
    gateway: GatewayHost, *, transaction_id: str, platform_version_code: int, **fields: Any
) -> Launch:
    """v4 intent debit: the app sends its wallet app's version code; the answer's redirectURL is the intent URI."""
    resp = gateway.debit_v4_intent(transaction_id=transaction_id, **_intent_fields(platform_version_code, fields))
    return _intent(resp, transaction_id)


def start_upi_intent(gateway: GatewayHost, *, transaction_id: str, **fields: Any) -> Launch:
    """Inline pay with a UPI intent source: returns intentURL and the package to open."""
    return _upi_intent(
        gateway.inline_pay(transaction_id=transaction_id, payment_sources=_UPI_INTENT, **fields), transaction_id
    )


def start_sdk_less_payment(gateway: GatewayHost, *, transaction_id: str, **fields: Any) -> Launch:
    """SDK-less initiate: the page opens redirectUrl (or the JS SDK's proceedToPay with reservationId)."""
    return _sdk_less(gateway.initiate_sdk_less_payment(transaction_id=transaction_id, **fields), transaction_id)


# Note added to an OutcomeUnknown of the grant-token exchange (x-retry never: it is not re-sent).
SSO_UNKNOWN = (
    "the grant-token exchange may have reached the gateway: the grant token may be spent (whether it can be "
    "exchanged twice is not shown); ask the client for a new grant token (sign in again)"
)


def sign_in(gateway: GatewayHost, grant_token: str) -> SsoUser:
    """Exchange the client's grant token for an access token on the server, then fetch the user's details.

    The exchange is not re-sent (``x-retry: never``): when its answer is lost (timeout, dropped connection, 5xx,
    INTERNAL_SERVER_ERROR, TIMED_OUT) :class:`~merchant_gateway.errors.OutcomeUnknown` is raised, because the
    grant token may already be spent; the client fetches a new grant token and signs in again. The user-details
    read is retried as usual.
    """
    try:
        access = gateway.get_sso_access_token(grant_token=grant_token)
    except OutcomeUnknown as exc:
        exc.add_note(SSO_UNKNOWN)
        raise
    token = _need(field_of(field_of(access, "data"), "access_token"), "access token", access.code, None)
    return _user(gateway.get_sso_user_details(access_token=token))


async def async_start_intent_payment(
    gateway: AsyncGatewayHost, *, transaction_id: str, platform_version_code: int, **fields: Any
) -> Launch:
    resp = await gateway.debit_v4_intent(transaction_id=transaction_id, **_intent_fields(platform_version_code, fields))
    return _intent(resp, transaction_id)


async def async_start_upi_intent(gateway: AsyncGatewayHost, *, transaction_id: str, **fields: Any) -> Launch:
    resp = await gateway.inline_pay(transaction_id=transaction_id, payment_sources=_UPI_INTENT, **fields)
    return _upi_intent(resp, transaction_id)


async def async_start_sdk_less_payment(gateway: AsyncGatewayHost, *, transaction_id: str, **fields: Any) -> Launch:
    return _sdk_less(await gateway.initiate_sdk_less_payment(transaction_id=transaction_id, **fields), transaction_id)


async def async_sign_in(gateway: AsyncGatewayHost, grant_token: str) -> SsoUser:
    """The async twin of :func:`sign_in` (an unknown exchange outcome is raised the same way)."""
    try:
        access = await gateway.get_sso_access_token(grant_token=grant_token)
    except OutcomeUnknown as exc:
        exc.add_note(SSO_UNKNOWN)
        raise
    token = _need(field_of(field_of(access, "data"), "access_token"), "access token", access.code, None)
    return _user(await gateway.get_sso_user_details(access_token=token))
