"""What the merchant server hands to the mobile app's client SDK: ``gateway.mobile`` (both gateways; no I/O).

Why this module exists: in the app flow the server, not the app, builds the base64 body and its X-VERIFY checksum
(the salt must never reach a device) and hands them with the endpoint and the transaction id to the app, whose SDK
calls the gateway. The interface document ("Mobile SDK support calls") defines three such resources, each in the
spec (operations debitV3, appProfile, appAccountSummary; ``x-called-by: mobile-sdk``) and a method of MobileSdk.
The payloads are signed with their fields in the spec's order (the interface document's tables): the checksum
covers the exact base64 sent, whatever the order, and a fixed order reproduces the shared signing vectors.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Literal, Unpack

from merchant_gateway_client.client import encode_payload, x_verify
from merchant_gateway_client.models import CallMode  # at run time: typing.get_type_hints resolves _AppSdkHeaders
from merchant_gateway_client.operations import OPERATIONS
from merchant_gateway_client.payloads import AppProfileKeywords, DebitV3PayloadOptional

from ..checks.limits import check_header_value, check_identifier, check_payload, check_transaction_id
from ..checks.schema import first_problem, header_problem, properties
from ..errors import ValidationError
from ..flows.deprecated import alias
from ._docs import task
from ._models import transaction_id_or_new

if TYPE_CHECKING:
    from merchant_gateway_client.operations import Operation

    from ..config import GatewayConfig

    # Core.build_payload: a payload model from keyword fields, checked, the configured merchant id filled in
    BuildPayload = Callable[[Operation, object, Mapping[str, object]], Any]

APP_DEBIT_ENDPOINT = "/v3/debit"
APP_PROFILE_ENDPOINT = "/v3/profile"
APP_ACCOUNT_SUMMARY_ENDPOINT = "/v3/account/{merchantId}/{merchantUserId}/summary"
_ID_MAX = 255  # generic identifiers: only the documented limits are enforced, this just bounds garbage
# the SDK's optional headers of an app payment, by keyword (the debit's headers but the redirect ones)
_SDK_HEADERS = {"callback_url": "X-CALLBACK-URL", "call_mode": "X-CALL-MODE", "provider_id": "X-PROVIDER-ID"}


class _AppSdkHeaders(DebitV3PayloadOptional, total=False):  # NotRequired[...] here would be required at run time
    callback_url: str | None
    call_mode: CallMode | Literal["POST", "PUT"] | None
    provider_id: str | None


class AppPaymentFields(_AppSdkHeaders):
    """``mobile.payment_request``'s keywords but ``transaction_id``: the debit payload's and the SDK's headers."""

    amount: int


@dataclass(frozen=True)
class AppRequest:
    """Everything the app needs to start one SDK call. ``body`` and ``checksum`` stay out of the repr.

    ``headers`` are the optional SDK headers the app passes to the SDK with this request (X-CALLBACK-URL,
    X-CALL-MODE, X-PROVIDER-ID for the payment); they are not part of the checksum.
    """

    api_endpoint: str
    transaction_id: str | None
    body: str | None = field(repr=False)
    checksum: str = field(repr=False)
    headers: Mapping[str, str] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        """The JSON object to send to the app."""
        out: dict[str, Any] = {"apiEndPoint": self.api_endpoint, "checksum": self.checksum}
        if self.body is not None:
            out["base64Body"] = self.body
        if self.transaction_id is not None:
            out["transactionId"] = self.transaction_id
        if self.headers:
            out["headers"] = dict(self.headers)
        return out


def _signed(payload: Any, schema: str, endpoint: str, salt: tuple[str, str], headers: Mapping[str, str]) -> AppRequest:
    """The wire payload (a mapping or a generated payload model) checked (ids and amounts, then the spec's schema:
    its required fields and field rules, then the identifiers), with its fields in the spec's order, in base64 and
    signed over the body and ``endpoint`` with ``salt`` (key, index)."""
    for header, value in headers.items():  # the app payment's SDK headers only (never a redirect one), as debitV3's
        if (name := next((k for k, h in _SDK_HEADERS.items() if h == header), None)) is None:
            raise ValidationError(header, "is not an app payment SDK header: " + ", ".join(_SDK_HEADERS.values()))
        if (problem := header_problem("debitV3", header, value)) is not None:
            raise ValidationError(name, problem[1])
        check_header_value(value, name)
    wire = dict(payload) if isinstance(payload, Mapping) else dict(payload.to_dict())
    check_payload(wire)
    if (problem := first_problem(schema, wire)) is not None:
        raise ValidationError(problem[0], f"{problem[1]} (the {endpoint} payload); nothing was signed")
    for name in ("merchantId", "merchantUserId") if endpoint == APP_PROFILE_ENDPOINT else ("merchantId",):
        check_identifier(wire[name], name, _ID_MAX)  # the status path's; the profile's user is the summary path's
    order = properties(schema)
    wire = {**{k: wire[k] for k in order if k in wire}, **{k: v for k, v in wire.items() if k not in order}}
    txn, body = check_transaction_id(wire["transactionId"]), encode_payload(wire)
    return AppRequest(endpoint, txn, body, x_verify(body + endpoint, *salt), dict(headers))


def sign_app_debit(
    wire: Mapping[str, Any] | Any, *, salt_key: str, salt_index: str, headers: Mapping[str, str] | None = None
) -> AppRequest:
    """The app payment from a wire (camelCase) debit payload or model: every required field checked, then signed."""
    return _signed(wire, "DebitPayload", APP_DEBIT_ENDPOINT, (salt_key, salt_index), headers or {})


def sign_app_profile(wire: Mapping[str, Any] | Any, *, salt_key: str, salt_index: str) -> AppRequest:
    """The profile display from a wire payload: merchantId, transactionId, merchantUserId (+ contact fields)."""
    return _signed(wire, "ProfilePayload", APP_PROFILE_ENDPOINT, (salt_key, salt_index), {})


def sign_app_account_summary(merchant_id: str, merchant_user_id: str, *, salt_key: str, salt_index: str) -> AppRequest:
    """The account-summary call: no body; the checksum covers the endpoint path with the values filled in."""
    check_identifier(merchant_id, "merchantId", _ID_MAX)
    check_identifier(merchant_user_id, "merchantUserId", _ID_MAX)
    path = APP_ACCOUNT_SUMMARY_ENDPOINT.format(merchantId=merchant_id, merchantUserId=merchant_user_id)
    return AppRequest(path, None, None, x_verify(path, salt_key, salt_index))


class MobileSdk:
    """``gateway.mobile``: the signed requests the merchant server hands to the app's client SDK."""

    def __init__(self, config: GatewayConfig, build_payload: BuildPayload) -> None:
        """Built by the gateway (``gateway.mobile``) with its configuration and its payload builder."""
        self._config = config
        self._build_payload = build_payload

    @task("debitV3", sends=False)
    def payment_request(self, *, transaction_id: str | None = None, **fields: Unpack[AppPaymentFields]) -> AppRequest:
        """The app payment: the debit payload (``/v3/debit`` as the SDK's apiEndPoint) in base64, its checksum,
        the transaction id (a new one when not given) and the optional SDK headers.

        The payload and signing path are debitV3's, sent by the app's SDK, not by this server; every field is
        checked as for ``debit_v3`` (``amount`` is required) before anything is signed. Nothing is sent here, so
        no verdict comes from this call: the app's completion only ends the UI flow, and ``gateway.payments.wait``
        (with this transaction id and amount) gives the payment's verdict."""
        given: dict[str, Any] = dict(fields)  # fields and SDK headers; an unknown one is refused even when None
        headers = {h: v for k, h in _SDK_HEADERS.items() if (v := given.pop(k, None)) is not None}  # checked at signing
        given["transaction_id"] = transaction_id_or_new(transaction_id)
        wire = self._build_payload(OPERATIONS["debit_v3"], None, given).to_dict()
        if wire.get("merchantId") != self._config.merchant_id:
            raise ValidationError("merchantId", "differs from the configured merchant id")
        return sign_app_debit(wire, salt_key=self._config.salt_key, salt_index=self._config.salt_index, headers=headers)

    def profile_request(self, *, transaction_id: str | None = None, **fields: Unpack[AppProfileKeywords]) -> AppRequest:
        """The profile display (``/v3/profile``): merchantId (configured), transactionId (new when not given),
        merchantUserId, and the optional contact fields, in base64 with their checksum. Nothing is sent here.

        Limits: ``transaction_id`` at most 37 characters of letters, digits and ``-._~``; ``merchant_user_id``
        required, at most 255 characters; the contact fields non-empty strings when given.

        Raises:
            ValidationError: bad input, named by field (its wire name), before anything is signed.
        """
        from merchant_gateway_client.models import ProfilePayload  # here: the models cost import time, unused till now

        if unknown := sorted(fields.keys() - (known := AppProfileKeywords.__annotations__.keys())):  # even if None
            raise ValidationError(unknown[0], f"is not a keyword of profile_request (it takes {', '.join(known)})")
        given: dict[str, Any] = {"merchant_user_id": None} | {k: v for k, v in fields.items() if v is not None}
        txn = transaction_id_or_new(transaction_id)
        wire = ProfilePayload(merchant_id=self._config.merchant_id, transaction_id=txn, **given).to_dict()
        for name in ("mobileNumber", "email", "shortName"):  # the spec types them as strings; empty says nothing
            if name in wire and (not isinstance(wire[name], str) or not wire[name]):
                raise ValidationError(name, "must be a non-empty string")
        return sign_app_profile(wire, salt_key=self._config.salt_key, salt_index=self._config.salt_index)

    def account_summary_request(self, merchant_user_id: str) -> AppRequest:
        """The account details call (``/v3/account/{merchantId}/{merchantUserId}/summary``): no body; the checksum
        covers the path with the configured merchant id and ``merchant_user_id`` filled in. Nothing is sent here.

        Limits: ``merchant_user_id`` a non-empty identifier of at most 255 characters, each one a URL path carries
        unencoded.

        Raises:
            ValidationError: bad input, named by field (its wire name), before anything is signed.
        """
        c = self._config
        return sign_app_account_summary(c.merchant_id, merchant_user_id, salt_key=c.salt_key, salt_index=c.salt_index)


# The earlier stand-alone form (a wire payload and the salt given), deprecated: they were merchant_gateway.flows'
# until the flows stopped importing the task layer, and kept here since, for compatibility.
HERE = "merchant_gateway.tasks.mobile"
app_debit_request = alias("app_debit_request", "Gateway.mobile.payment_request", sign_app_debit, HERE)
app_profile_request = alias("app_profile_request", "Gateway.mobile.profile_request", sign_app_profile, HERE)
app_account_summary_request = alias(
    "app_account_summary_request", "Gateway.mobile.account_summary_request", sign_app_account_summary, HERE
)
