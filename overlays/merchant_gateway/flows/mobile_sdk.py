"""The earlier, stand-alone form of the mobile SDK helpers, kept for compatibility.

Why this module still exists: code written against ``merchant_gateway.flows.app_debit_request`` and friends keeps
working. New code uses the gateway's own methods, ``gateway.mobile.payment_request(...)``,
``.profile_request(...)`` and ``.account_summary_request(...)`` (:mod:`merchant_gateway.tasks.mobile`), which take
snake_case keywords, use the configured merchant id and salt, and carry the optional SDK headers (X-CALLBACK-URL,
X-CALL-MODE, X-PROVIDER-ID). These functions delegate to the same signing code, so every required field (the
debit's amount included) is checked before anything is signed.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..tasks.mobile import (
    APP_ACCOUNT_SUMMARY_ENDPOINT,
    APP_DEBIT_ENDPOINT,
    APP_PROFILE_ENDPOINT,
    AppRequest,
    sign_app_account_summary,
    sign_app_debit,
    sign_app_profile,
)

__all__ = [
    "APP_ACCOUNT_SUMMARY_ENDPOINT",
    "APP_DEBIT_ENDPOINT",
    "APP_PROFILE_ENDPOINT",
    "AppRequest",
    "app_account_summary_request",
    "app_debit_request",
    "app_profile_request",
]


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
