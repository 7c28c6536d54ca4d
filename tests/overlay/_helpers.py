"""Shared inputs of the overlay tests: minimal valid arguments for every Gateway method."""

from __future__ import annotations

from typing import Any

SALT = "salt-key-of-merchant-one-0399"
SALT_INDEX = "1"
MERCHANT = "MERCHANTUAT"
CLIENT_SECRET = "client-secret-xyz-777"
OTP = "918273"

UPI_INTENT = [{"mode": "upi", "type": "INTENT"}]

# method name -> (positional args, keyword args)
CALLS: dict[str, tuple[tuple[Any, ...], dict[str, Any]]] = {
    "debit_v3": ((), {"transaction_id": "TXV3", "amount": 100, "merchant_user_id": "U1"}),
    "debit_v4_web": ((), {"transaction_id": "TXV4", "amount": 100, "merchant_user_id": "U1"}),
    "debit_v4_intent": (
        (),
        {
            "transaction_id": "TXI",
            "amount": 100,
            "merchant_order_id": "OD1",
            "payment_scope": "PLATFORM",
            "device_context": {"platformVersionCode": 400922},
        },
    ),
    "get_transaction_status": (("TXV4",), {}),
    "get_transaction_status_apps_host": (("TXV4",), {}),
    "refund_v3": (
        (),
        {
            "transaction_id": "RF3",
            "original_transaction_id": "TXV4",
            "amount": 50,
            "merchant_order_id": "OD1",
            "message": "refund",
        },
    ),
    "refund_v4": (
        (),
        {
            "transaction_id": "RF4",
            "original_transaction_id": "TXV4",
            "amount": 50,
            "merchant_order_id": "OD1",
            "message": "refund",
        },
    ),
    "refund_apps_host": (
        (),
        {
            "transaction_id": "RFA",
            "original_transaction_id": "TXV4",
            "amount": 50,
            "merchant_order_id": "OD1",
            "message": "refund",
        },
    ),
    "fulfill_deferred_refund": (
        (),
        {"transaction_id": "DF1", "merchant_user_id": "U1", "amount": 100, "merchant_order_id": "OD1"},
    ),
    "collect_request": (
        (),
        {
            "transaction_id": "COL1",
            "merchant_order_id": "OD9",
            "amount": 100,
            "instrument_type": "MOBILE",
            "instrument_reference": "9999999999",
            "expires_in": 180,
            "callback_url": "https://merchant.example/cb",
        },
    ),
    "trigger_test_callback": (
        (),
        {"transaction_id": "TC1", "amount": 100, "callback_url": "https://merchant.example/cb"},
    ),
    "get_wallet_balance": (("UAT-abc.def_123",), {}),
    "instant_debit": (
        (),
        {
            "transaction_id": "ID1",
            "amount": 100,
            "mobile_number": "9999999999",
            "merchant_order_id": "OD1",
            "user_auth_token": "UAT-abc",
        },
    ),
    "inline_pay": (
        (),
        {
            "transaction_id": "IN1",
            "amount": 100,
            "merchant_user_id": "U1",
            "payment_sources": UPI_INTENT,
            "mobile_number": "9999999999",  # required on the POST variant (spec x-field-rules)
        },
    ),
    "inline_pay_with_get": (
        (),
        {"transaction_id": "IN2", "amount": 100, "merchant_user_id": "U1", "payment_sources": UPI_INTENT},
    ),
    "get_payment_options": ((), {"amount": 100, "merchant_user_id": "U1"}),
    "unlink_user": ((), {"user_auth_token": "UAT-abc"}),
    "send_otp": ((), {"mobile_number": "9999999999"}),
    "verify_otp": ((), {"otp_token": "OTPTOKEN1", "otp": OTP}),
    "get_sso_access_token": ((), {"grant_token": "GRANT1"}),
    "get_sso_user_details": ((), {"access_token": "ACCESS1"}),
    "initiate_sdk_less_payment": (
        (),
        {
            "transaction_id": "SDK1",
            "amount": 100,
            "valid_for": 600000,
            "merchant_order_id": "OD1",
            "redirect_url": "https://merchant.example/done",
            "transaction_context": "e30=",
        },
    ),
    "get_authorization_token": ((), {}),
}


class FakeTime:
    """Injected sleep/clock: records waits and advances a virtual clock; never really sleeps."""

    def __init__(self) -> None:
        self.now = 1000.0
        self.sleeps: list[float] = []

    def monotonic(self) -> float:
        return self.now

    def sleep(self, seconds: float) -> None:
        self.sleeps.append(seconds)
        self.now += seconds

    async def async_sleep(self, seconds: float) -> None:
        self.sleep(seconds)
