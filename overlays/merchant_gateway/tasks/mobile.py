"""What the merchant server hands to the mobile app's client SDK: ``gateway.mobile`` (both gateways; no I/O).

Why this module exists: in the app flow the server, not the app, builds the base64 body and its X-VERIFY checksum
(the salt must never reach a device) and sends them with the endpoint and the transaction id to the app, whose SDK
calls the gateway. The interface document ("Mobile SDK support calls") defines three such resources:

- accept payment: ``/v3/debit`` as apiEndPoint, body = base64 of the debit payload, checksum as for body endpoints
  (sha256(base64 + "/v3/debit" + salt key) + "###" + salt index); optional SDK headers X-CALLBACK-URL,
  X-CALL-MODE, X-PROVIDER-ID;
- display profile: ``/v3/profile``, payload merchantId, transactionId, merchantUserId (required), mobileNumber,
  email, shortName (optional), checksum as for body endpoints;
- fetch account details: ``/v3/account/{merchantId}/{merchantUserId}/summary``, no body, checksum = sha256 of the
  endpoint path plus salt key, then "###" and the salt index.

The methods take snake_case keywords like every other method of the client, use the gateway's configured merchant
id and salt, check every required field (the debit's amount included) before signing, and carry the optional SDK
headers in the result for the app. The app's completion handler only reports that the UI flow ended: the server
still waits for the status (``gateway.payments.wait``).

``app_debit_request``, ``app_profile_request`` and ``app_account_summary_request`` are the earlier stand-alone form
(wire payloads, salt given), kept for compatibility; they were ``merchant_gateway.flows``' until the flows stopped
importing the task layer (a cycle of the package's layers).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Literal

from merchant_gateway_client.client import encode_payload, x_verify
from merchant_gateway_client.operations import OPERATIONS

from ..checks.limits import check_header_value, check_identifier, check_payload, check_transaction_id
from ..errors import ValidationError
from ._models import transaction_id_or_new


def set_fields(**fields: Any) -> dict[str, Any]:
    return {k: v for k, v in fields.items() if v is not None}


if TYPE_CHECKING:
    from merchant_gateway_client.models import MerchantContext
    from merchant_gateway_client.operations import Operation

    from ..config import GatewayConfig

    # Core.build_payload: a payload model from keyword fields, checked, the configured merchant id filled in
    BuildPayload = Callable[[Operation, object, Mapping[str, object]], Any]

APP_DEBIT_ENDPOINT = "/v3/debit"
APP_PROFILE_ENDPOINT = "/v3/profile"
APP_ACCOUNT_SUMMARY_ENDPOINT = "/v3/account/{merchantId}/{merchantUserId}/summary"
_ID_MAX = 255  # generic identifiers: only the documented limits are enforced, this just bounds garbage
_CALL_MODES = ("POST", "PUT")
# payload fields in the order of the interface document's tables (the order is not signed separately: the checksum
# covers the exact base64 sent, whatever the order; a fixed order reproduces the shared signing vectors)
_DEBIT_ORDER = (
    "merchantId",
    "transactionId",
    "merchantUserId",
    "userAuthToken",
    "amount",
    "merchantOrderId",
    "subMerchant",
    "mobileNumber",
    "message",
    "email",
    "shortName",
    "merchantContext",
)
_PROFILE_ORDER = ("merchantId", "transactionId", "merchantUserId", "mobileNumber", "email", "shortName")


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


def _ordered(wire: Mapping[str, Any], order: tuple[str, ...]) -> dict[str, Any]:
    out = {k: wire[k] for k in order if k in wire}
    out.update((k, v) for k, v in wire.items() if k not in out)
    return out


def _required(wire: Mapping[str, Any], names: tuple[str, ...], what: str) -> None:
    for name in names:
        if wire.get(name) is None:
            raise ValidationError(name, f"is required in {what}; nothing was signed")


def sign_app_debit(
    wire: Mapping[str, Any], *, salt_key: str, salt_index: str, headers: Mapping[str, str] | None = None
) -> AppRequest:
    """The app payment from a wire (camelCase) debit payload: every required field checked, then signed."""
    _required(wire, ("merchantId", "transactionId", "amount"), "the app payment (/v3/debit payload)")
    check_identifier(wire["merchantId"], "merchantId", _ID_MAX)
    if wire.get("merchantUserId") is not None and wire.get("userAuthToken") is not None:
        raise ValidationError("userAuthToken", "is not to be sent together with merchantUserId")
    check_payload(wire)
    txn = check_transaction_id(wire["transactionId"])
    body = encode_payload(_ordered(wire, _DEBIT_ORDER))
    checksum = x_verify(body + APP_DEBIT_ENDPOINT, salt_key, salt_index)
    return AppRequest(APP_DEBIT_ENDPOINT, txn, body, checksum, dict(headers or {}))


def sign_app_profile(wire: Mapping[str, Any], *, salt_key: str, salt_index: str) -> AppRequest:
    """The profile display from a wire payload: merchantId, transactionId, merchantUserId (+ contact fields)."""
    _required(wire, ("merchantId", "transactionId", "merchantUserId"), "the profile payload (/v3/profile)")
    for required in ("merchantId", "merchantUserId"):
        check_identifier(wire[required], required, _ID_MAX)
    txn = check_transaction_id(wire["transactionId"])
    body = encode_payload(_ordered(wire, _PROFILE_ORDER))
    return AppRequest(APP_PROFILE_ENDPOINT, txn, body, x_verify(body + APP_PROFILE_ENDPOINT, salt_key, salt_index))


def sign_app_account_summary(merchant_id: str, merchant_user_id: str, *, salt_key: str, salt_index: str) -> AppRequest:
    """The account-summary call: no body; the checksum covers the endpoint path with the values filled in."""
    check_identifier(merchant_id, "merchantId", _ID_MAX)
    check_identifier(merchant_user_id, "merchantUserId", _ID_MAX)
    path = APP_ACCOUNT_SUMMARY_ENDPOINT.format(merchantId=merchant_id, merchantUserId=merchant_user_id)
    return AppRequest(path, None, None, x_verify(path, salt_key, salt_index))


class MobileSdk:
    """``gateway.mobile``: the signed requests the merchant server hands to the app's client SDK.

    Keywords mean what they mean everywhere else in the client: payload fields in snake_case, ``callback_url``,
    ``call_mode`` and ``provider_id`` the headers X-CALLBACK-URL, X-CALL-MODE and X-PROVIDER-ID.
    """

    def __init__(self, config: GatewayConfig, build_payload: BuildPayload) -> None:
        """Built by the gateway (``gateway.mobile``) with its configuration and its payload builder."""
        self._config = config
        self._build_payload = build_payload

    def payment_request(
        self,
        *,
        amount: int,
        transaction_id: str | None = None,
        merchant_order_id: str | None = None,
        merchant_user_id: str | None = None,
        user_auth_token: str | None = None,
        sub_merchant: str | None = None,
        mobile_number: str | None = None,
        message: str | None = None,
        email: str | None = None,
        short_name: str | None = None,
        merchant_context: MerchantContext | Mapping[str, object] | None = None,
        callback_url: str | None = None,
        call_mode: Literal["POST", "PUT"] | None = None,
        provider_id: str | None = None,
    ) -> AppRequest:
        """The app payment: the debit payload (``/v3/debit`` as the SDK's apiEndPoint) in base64, its checksum,
        the transaction id (a new one when not given) and the optional SDK headers.

        Operation: debitV3's payload and signing path, sent by the app's SDK, not by this server. Every field is
        checked as for ``debit_v3`` (``amount`` is required) before anything is signed. Nothing is sent here, so
        no verdict comes from this call: the app's completion only ends the UI flow, and
        ``gateway.payments.wait`` (with this transaction id and amount) gives the payment's verdict.

        Limits: ``amount`` integer paise, at least 1; ``transaction_id`` at most 37 characters of letters, digits
        and ``-._~`` (generated when not given); ``merchant_order_id`` at most 47 characters;
        ``merchant_user_id`` and ``user_auth_token`` not together; ``call_mode`` POST or PUT.

        Raises:
            ValidationError: bad input, named by field (its wire name), before anything is signed.
        """
        fields = set_fields(
            transaction_id=transaction_id_or_new(transaction_id),
            amount=amount,
            merchant_order_id=merchant_order_id,
            merchant_user_id=merchant_user_id,
            user_auth_token=user_auth_token,
            sub_merchant=sub_merchant,
            mobile_number=mobile_number,
            message=message,
            email=email,
            short_name=short_name,
            merchant_context=merchant_context,
        )
        wire = self._build_payload(OPERATIONS["debit_v3"], None, fields).to_dict()
        if wire.get("merchantId") != self._config.merchant_id:
            raise ValidationError("merchantId", "differs from the configured merchant id")
        headers: dict[str, str] = {}
        if callback_url is not None:
            headers["X-CALLBACK-URL"] = check_header_value(callback_url, "callback_url")
        if call_mode is not None:
            if call_mode not in _CALL_MODES:
                raise ValidationError("call_mode", f"must be one of {', '.join(_CALL_MODES)}")
            headers["X-CALL-MODE"] = call_mode
        if provider_id is not None:
            headers["X-PROVIDER-ID"] = check_header_value(provider_id, "provider_id")
        cfg = self._config
        return sign_app_debit(wire, salt_key=cfg.salt_key, salt_index=cfg.salt_index, headers=headers)

    def profile_request(
        self,
        *,
        merchant_user_id: str,
        transaction_id: str | None = None,
        mobile_number: str | None = None,
        email: str | None = None,
        short_name: str | None = None,
    ) -> AppRequest:
        """The profile display (``/v3/profile``): merchantId (configured), transactionId (new when not given),
        merchantUserId, and the optional contact fields, in base64 with their checksum. Nothing is sent here.

        Limits: ``transaction_id`` at most 37 characters of letters, digits and ``-._~``; ``merchant_user_id``
        required, at most 255 characters; the contact fields non-empty strings when given.

        Raises:
            ValidationError: bad input, named by field (its wire name), before anything is signed.
        """
        wire = {
            "merchantId": self._config.merchant_id,
            "transactionId": transaction_id_or_new(transaction_id),
            "merchantUserId": merchant_user_id,
        }
        for name, value in (("mobileNumber", mobile_number), ("email", email), ("shortName", short_name)):
            if value is not None:
                if not isinstance(value, str) or not value:
                    raise ValidationError(name, "must be a non-empty string")
                wire[name] = value
        cfg = self._config
        return sign_app_profile(wire, salt_key=cfg.salt_key, salt_index=cfg.salt_index)

    def account_summary_request(self, merchant_user_id: str) -> AppRequest:
        """The account details call (``/v3/account/{merchantId}/{merchantUserId}/summary``): no body; the checksum
        covers the path with the configured merchant id and ``merchant_user_id`` filled in. Nothing is sent here.

        Limits: ``merchant_user_id`` a non-empty identifier of at most 255 characters, each one a URL path carries
        unencoded.

        Raises:
            ValidationError: bad input, named by field (its wire name), before anything is signed.
        """
        cfg = self._config
        return sign_app_account_summary(
            cfg.merchant_id, merchant_user_id, salt_key=cfg.salt_key, salt_index=cfg.salt_index
        )


# --- the earlier stand-alone form, kept for compatibility: superseded by gateway.mobile ----------------------------


def _payload_dict(payload: Mapping[str, Any] | Any) -> dict[str, Any]:
    if isinstance(payload, Mapping):
        return dict(payload)
    return dict(payload.to_dict())  # a generated attrs payload model


def app_debit_request(payload: Mapping[str, Any] | Any, *, salt_key: str, salt_index: str) -> AppRequest:
    """The app payment from a wire (camelCase) debit payload. Superseded by ``gateway.mobile.payment_request``."""
    return sign_app_debit(_payload_dict(payload), salt_key=salt_key, salt_index=salt_index)


def app_profile_request(payload: Mapping[str, Any] | Any, *, salt_key: str, salt_index: str) -> AppRequest:
    """The profile display from a wire payload. Superseded by ``gateway.mobile.profile_request``."""
    return sign_app_profile(_payload_dict(payload), salt_key=salt_key, salt_index=salt_index)


def app_account_summary_request(
    merchant_id: str, merchant_user_id: str, *, salt_key: str, salt_index: str
) -> AppRequest:
    """The account-summary call. Superseded by ``gateway.mobile.account_summary_request``."""
    return sign_app_account_summary(merchant_id, merchant_user_id, salt_key=salt_key, salt_index=salt_index)
