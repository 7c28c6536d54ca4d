"""Handlers of user operations: OTP linking, wallet balance, payment options, unlink, SSO, token, app calls."""

from __future__ import annotations

from typing import Any

from starlette.requests import Request
from starlette.responses import JSONResponse, Response

from .accounts import SsoUser
from .core import Sandbox, envelope
from .errors import GatewayError
from .ops_payments import amount_of, merchant_of
from .validation import ValidRequest

# SANDBOX: the merchantUserId that is not on the platform (payment options USER_NOT_FOUND, account summary
# MERCHANT_USER_NOT_FOUND).
NOT_ON_PLATFORM_USER = "NOTONPLATFORM"


def wallet_data(sb: Sandbox, merchant_id: str) -> dict[str, Any]:
    balance = sb.config.wallet_balance
    return {
        "merchantId": merchant_id,
        "allowPartialPayment": "false",
        "message": "Wallet balance fetched.",
        "upi": {"enabled": True, "primaryAccount": "XXXXXXXX1234"},
        "wallet": {
            "availableBalance": balance,
            "usableBalance": balance,
            "state": "ACTIVATED",
            "responseCode": "SUCCESS",
        },
    }


async def send_otp(sb: Sandbox, req: ValidRequest, request: Request) -> Response:
    merchant_id = merchant_of(sb, req.payload)
    otp = sb.accounts.send_otp(merchant_id, str(req.payload.get("mobileNumber", "")))
    return envelope(True, "SUCCESS", "OTP sent.", {"otpToken": otp.token})


async def verify_otp(sb: Sandbox, req: ValidRequest, request: Request) -> Response:
    p = req.payload
    merchant_id = merchant_of(sb, p)
    user = sb.accounts.verify_otp(merchant_id, str(p.get("otpToken", "")), str(p.get("otp", "")))
    return envelope(
        True, "SUCCESS", "OTP verified.", {"merchantId": merchant_id, "userAuthToken": user.user_auth_token}
    )


async def wallet_balance(sb: Sandbox, req: ValidRequest, request: Request) -> Response:
    merchant_id = req.path_params["merchantId"]
    if merchant_id != sb.config.merchant_id:
        raise GatewayError(
            "MERCHANT_USER_NOT_FOUND",
            "No user for this merchant id and user id.",
            data={"merchantId": merchant_id, "allowPartialPayment": "false", "upi": {}, "wallet": {}},
        )
    sb.accounts.user(merchant_id, req.path_params["userAuthToken"])
    return envelope(True, "SUCCESS", "Balance fetched.", wallet_data(sb, merchant_id))


async def payment_options(sb: Sandbox, req: ValidRequest, request: Request) -> Response:
    p = req.payload
    merchant_id = merchant_of(sb, p)
    amount_of(p)
    if p.get("userAuthToken") is not None:
        sb.accounts.user(merchant_id, str(p["userAuthToken"]))
    elif not p.get("merchantUserId") or p.get("merchantUserId") == NOT_ON_PLATFORM_USER:
        raise GatewayError("USER_NOT_FOUND", "Cannot resolve the user.")
    balance = sb.config.wallet_balance
    offer = {
        "offerId": "SANDBOX-OFFER-1",
        "displayTitle": "Sandbox offer",
        "description": "Flat 10 off (sandbox)",
        "offerAmount": 1000,
        "offerType": "INSTANT_DISCOUNT",
        "tncLink": "http://127.0.0.1/_sandbox/tnc",
    }
    data = {
        "wallets": {
            "enabled": True,
            "instrumentPriority": 0,
            "activeWallets": [
                {"provider": "PLATFORM", "availableBalance": balance, "usableBalance": balance, "priority": 0}
            ],
        },
        "upi": {
            "enabled": True,
            "instrumentPriority": 1,
            "deviceMapped": False,
            "activeAccounts": [
                {
                    "accountId": "SBXACC1",
                    "priority": 0,
                    "accountNo": "XXXXXXXX1234",
                    "accountHolderName": "Sandbox User",
                    "bankName": "Sandbox Bank",
                    "offers": [offer],
                }
            ],
        },
        "card": {
            "enabled": True,
            "instrumentPriority": 2,
            "savedCards": [
                {
                    "cardId": "SBXCARD1",
                    "cardIssuer": "VISA",
                    "priority": 0,
                    "type": "DEBIT_CARD",
                    "cardNumber": "XXXX-XXXX-XXXX-1111",
                    "cardBin": "411111",
                    "cardHolderName": "Sandbox User",
                    "externalCardId": "EXT-SBXCARD1",
                    "cvvRequired": True,
                    "offers": [],
                }
            ],
        },
    }
    return envelope(True, "SUCCESS", "Payment options fetched.", data)


async def unlink(sb: Sandbox, req: ValidRequest, request: Request) -> Response:
    merchant_id = merchant_of(sb, req.payload)
    user = sb.accounts.unlink(merchant_id, str(req.payload.get("userAuthToken", "")))
    return envelope(
        True, "SUCCESS", "User unlinked.", {"merchantId": merchant_id, "userAuthToken": user.user_auth_token}
    )


def client_id_check(sb: Sandbox, req: ValidRequest) -> None:
    client_id = req.header("X-CLIENT-ID")
    if client_id is not None and client_id not in (sb.config.merchant_id, sb.config.client_id):
        raise GatewayError("UNAUTHORIZED", f"X-CLIENT-ID {client_id!r} is not known to this sandbox")


async def sso_access(sb: Sandbox, req: ValidRequest, request: Request) -> Response:
    client_id_check(sb, req)
    token, ttl = sb.accounts.exchange_grant_token(str(req.payload.get("grantToken", "")))
    return envelope(True, "SUCCESS", "Access token issued.", {"accessToken": token, "expiresInSeconds": ttl})


async def sso_user_details(sb: Sandbox, req: ValidRequest, request: Request) -> Response:
    client_id_check(sb, req)
    user = sb.accounts.sso_user(req.header("X-ACCESS-TOKEN"))
    data: dict[str, Any] = {"name": user.name, "phoneNumber": user.phone_number}
    if user.primary_email is not None:
        data["primaryEmail"] = user.primary_email
        data["isEmailVerified"] = user.is_email_verified
    return envelope(True, "SUCCESS", "User details fetched.", data)


def issue_grant_token(sb: Sandbox, body: dict[str, Any]) -> dict[str, Any]:
    user = SsoUser(
        name=str(body.get("name", "Sandbox User")),
        phone_number=str(body.get("phoneNumber", "9999999999")),
        primary_email=body.get("primaryEmail", "sandbox.user@example.com"),
        is_email_verified=bool(body.get("isEmailVerified", True)),
    )
    token, ttl = sb.accounts.issue_grant_token(user)
    return {"grantToken": token, "expiryInSeconds": ttl}


async def oauth_token(sb: Sandbox, req: ValidRequest, request: Request) -> Response:
    form = req.payload
    if form.get("client_id") != sb.config.client_id or form.get("client_secret") != sb.config.client_secret:
        # SANDBOX: the error answer of the token call is not shown; this one is an envelope with HTTP 401
        raise GatewayError("AUTHORIZATION_FAILED", "client_id or client_secret is wrong", status=401)
    if form.get("grant_type") != "client_credentials":
        raise GatewayError("BAD_REQUEST", "field 'grant_type' must be client_credentials")
    token, issued_at, expires_at = sb.accounts.issue_oauth_token()
    return JSONResponse(
        {
            "access_token": token,
            "encrypted_access_token": "ENC-" + token,
            "expires_in": None,
            "issued_at": issued_at,
            "expires_at": expires_at,
            "session_expires_at": expires_at,
            "token_type": "O-Bearer",
        }
    )


PROFILE_FIELDS = ("merchantId", "transactionId", "merchantUserId", "mobileNumber", "email", "shortName")


async def app_profile(sb: Sandbox, req: ValidRequest, request: Request) -> Response:
    """SANDBOX: mobile-SDK resource whose answer the document does not show: the envelope with the profile the
    payload describes (its documented fields, as sent)."""
    merchant_of(sb, req.payload)
    data = {name: req.payload[name] for name in PROFILE_FIELDS if req.payload.get(name) is not None}
    return envelope(True, "SUCCESS", "Profile displayed.", data)


async def app_account_summary(sb: Sandbox, req: ValidRequest, request: Request) -> Response:
    """SANDBOX: mobile-SDK resource whose answer the document does not show ("tells whether the merchant-specific
    user is on the platform"): SUCCESS with the two ids, or MERCHANT_USER_NOT_FOUND (documented meaning: no user
    for merchant id and user id) for another merchant or the test user NOTONPLATFORM."""
    merchant_id, user_id = req.path_params["merchantId"], req.path_params["merchantUserId"]
    if merchant_id != sb.config.merchant_id or user_id == NOT_ON_PLATFORM_USER:
        raise GatewayError("MERCHANT_USER_NOT_FOUND", "No user for this merchant id and user id.")
    return envelope(True, "SUCCESS", "Account summary.", {"merchantId": merchant_id, "merchantUserId": user_id})
