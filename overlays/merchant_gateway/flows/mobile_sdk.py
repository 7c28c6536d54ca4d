"""What the merchant server hands to the mobile app for the client SDK.

Why this module exists: in the app flow the server, not the app, builds the base64 body and its X-VERIFY
checksum (the salt must never reach a device), then sends them with the endpoint and the transaction id to the
app, whose SDK calls the gateway. The interface document defines three such resources:

- accept payment: ``/v3/debit`` as apiEndPoint, body = base64 of the debit payload, checksum as for body
  endpoints (sha256(base64 + "/v3/debit" + salt) + "###" + index);
- display profile: ``/v3/profile``, payload merchantId, transactionId, merchantUserId (required), mobileNumber,
  email, shortName (optional), checksum as for body endpoints;
- fetch account details: ``/v3/account/{merchantId}/{merchantUserId}/summary``, no body, checksum = sha256 of the
  endpoint path plus salt, then "###" and the index.

The app's completion callback only reports that the UI flow ended: the server must still check the status.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from merchant_gateway_client.client import encode_payload, x_verify

from ..validation import check_identifier, check_payload, check_transaction_id

APP_DEBIT_ENDPOINT = "/v3/debit"
APP_PROFILE_ENDPOINT = "/v3/profile"
APP_ACCOUNT_SUMMARY_ENDPOINT = "/v3/account/{merchantId}/{merchantUserId}/summary"
_ID_MAX = 255  # generic identifiers: only the documented limits are enforced, this just bounds garbage


@dataclass(frozen=True)
class AppRequest:
    """Everything the app needs to start one SDK call. ``body`` and ``checksum`` stay out of the repr."""

    api_endpoint: str
    transaction_id: str | None
    body: str | None = field(repr=False)
    checksum: str = field(repr=False)

    def to_dict(self) -> dict[str, Any]:
        """The JSON object to send to the app."""
        out: dict[str, Any] = {"apiEndPoint": self.api_endpoint, "checksum": self.checksum}
        if self.body is not None:
            out["base64Body"] = self.body
        if self.transaction_id is not None:
            out["transactionId"] = self.transaction_id
        return out


def _payload_dict(payload: Mapping[str, Any] | Any) -> dict[str, Any]:
    if isinstance(payload, Mapping):
        return dict(payload)
    return dict(payload.to_dict())  # a generated attrs payload model


def app_debit_request(payload: Mapping[str, Any] | Any, *, salt_key: str, salt_index: str) -> AppRequest:
    """The app payment: base64 debit payload, its checksum for ``/v3/debit``, the endpoint and transaction id."""
    data = _payload_dict(payload)
    check_payload(data)
    txn = check_transaction_id(data.get("transactionId"))
    body = encode_payload(data)
    return AppRequest(APP_DEBIT_ENDPOINT, txn, body, x_verify(body + APP_DEBIT_ENDPOINT, salt_key, salt_index))


def app_profile_request(payload: Mapping[str, Any] | Any, *, salt_key: str, salt_index: str) -> AppRequest:
    """The profile display: payload merchantId, transactionId, merchantUserId (+ optional contact fields)."""
    data = _payload_dict(payload)
    for required in ("merchantId", "merchantUserId"):
        check_identifier(data.get(required), required, _ID_MAX)
    txn = check_transaction_id(data.get("transactionId"))
    body = encode_payload(data)
    return AppRequest(APP_PROFILE_ENDPOINT, txn, body, x_verify(body + APP_PROFILE_ENDPOINT, salt_key, salt_index))


def app_account_summary_request(
    merchant_id: str, merchant_user_id: str, *, salt_key: str, salt_index: str
) -> AppRequest:
    """The account-summary call: no body; the checksum covers the endpoint path with the values filled in."""
    check_identifier(merchant_id, "merchantId", _ID_MAX)
    check_identifier(merchant_user_id, "merchantUserId", _ID_MAX)
    path = APP_ACCOUNT_SUMMARY_ENDPOINT.format(merchantId=merchant_id, merchantUserId=merchant_user_id)
    return AppRequest(path, None, None, x_verify(path, salt_key, salt_index))
