"""Linked users (OTP flow, userAuthToken), SSO grant/access tokens and OAuth client-credential tokens."""

from __future__ import annotations

import secrets
from collections import defaultdict
from dataclasses import dataclass, field

from .clock import Clock
from .config import SandboxConfig
from .errors import GatewayError

# SANDBOX behaviour: mobile numbers that produce user-level errors.
BLACKLISTED_MOBILE = "9999900001"
BLOCKED_MOBILE = "9999900002"
THROTTLED_MOBILE = "9999900003"  # OTP send: TOO_MANY_REQUESTS ("too many requests from the merchant", seen in OTP)


@dataclass
class OtpRequest:
    token: str
    mobile_number: str
    merchant_id: str
    otp: str
    issued_at: float
    verified: bool = False


@dataclass
class LinkedUser:
    user_auth_token: str
    merchant_id: str
    mobile_number: str
    active: bool = True


@dataclass
class SsoUser:
    name: str = "Sandbox User"
    phone_number: str = "9999999999"
    primary_email: str | None = "sandbox.user@example.com"
    is_email_verified: bool = True


@dataclass
class Accounts:
    config: SandboxConfig
    clock: Clock
    otps: dict[str, OtpRequest] = field(default_factory=dict)
    latest_otp: dict[str, str] = field(default_factory=dict)  # mobile -> latest otpToken
    otp_sends: dict[str, int] = field(default_factory=lambda: defaultdict(int))
    users: dict[str, LinkedUser] = field(default_factory=dict)
    grant_tokens: dict[str, tuple[float, SsoUser]] = field(default_factory=dict)
    access_tokens: dict[str, tuple[float, SsoUser]] = field(default_factory=dict)
    oauth_tokens: dict[str, float] = field(default_factory=dict)

    # -- OTP linking ----------------------------------------------------------------------------------------------
    @staticmethod
    def check_user(mobile_number: str | None) -> None:
        if mobile_number == BLACKLISTED_MOBILE:
            raise GatewayError("USER_BLACKLISTED", "Customer is blacklisted.")
        if mobile_number == BLOCKED_MOBILE:
            raise GatewayError("USER_BLOCKED", "User is blocked for 1 day.")

    def send_otp(self, merchant_id: str, mobile_number: str) -> OtpRequest:
        self.check_user(mobile_number)
        if mobile_number == THROTTLED_MOBILE:
            raise GatewayError("TOO_MANY_REQUESTS", "Too many requests from the merchant.")
        if self.otp_sends[mobile_number] >= self.config.otp_send_limit:
            raise GatewayError("OTP_LIMIT_EXCEEDED", "Limit of OTPs sent to this mobile number exceeded.")
        self.otp_sends[mobile_number] += 1
        req = OtpRequest(secrets.token_urlsafe(18), mobile_number, merchant_id, self.config.otp, self.clock.now())
        self.otps[req.token] = req
        self.latest_otp[mobile_number] = req.token
        return req

    def verify_otp(self, merchant_id: str, otp_token: str, otp: str) -> LinkedUser:
        req = self.otps.get(otp_token)
        if req is None or req.merchant_id != merchant_id or self.latest_otp.get(req.mobile_number) != otp_token:
            raise GatewayError("INVALID_OTP_TOKEN", "OTP token is invalid or expired.")
        if req.verified:
            raise GatewayError("OTP_ALREADY_VERIFIED", "OTP already verified for this token; send a new OTP.")
        if self.clock.now() - req.issued_at > self.config.otp_ttl:
            raise GatewayError("OTP_EXPIRED", "OTP expired; regenerate it.")
        if otp != req.otp:
            raise GatewayError("OTP_VERIFY_FAILED", "OTP is invalid; ask the user again.")
        req.verified = True
        user = LinkedUser("UAT-" + secrets.token_urlsafe(24), merchant_id, req.mobile_number)
        self.users[user.user_auth_token] = user
        return user

    def user(self, merchant_id: str, user_auth_token: str | None) -> LinkedUser:
        user = self.users.get(user_auth_token or "")
        if user is None or not user.active or user.merchant_id != merchant_id:
            raise GatewayError(
                "INVALID_USER_AUTH_TOKEN", "userAuthToken is invalid, expired or not mapped to the merchant."
            )
        self.check_user(user.mobile_number)
        return user

    def unlink(self, merchant_id: str, user_auth_token: str) -> LinkedUser:
        user = self.user(merchant_id, user_auth_token)
        user.active = False
        return user

    # -- SSO ------------------------------------------------------------------------------------------------------
    def issue_grant_token(self, user: SsoUser) -> tuple[str, int]:
        token = "GT-" + secrets.token_urlsafe(18)
        ttl = self.config.grant_token_ttl
        self.grant_tokens[token] = (self.clock.now() + ttl, user)
        return token, ttl

    def exchange_grant_token(self, grant_token: str) -> tuple[str, int]:
        entry = self.grant_tokens.pop(grant_token, None)
        if entry is None or entry[0] <= self.clock.now():
            raise GatewayError("UNAUTHORIZED", "grantToken is invalid or not mapped to the merchant.")
        token = "AT-" + secrets.token_urlsafe(24)
        ttl = self.config.sso_access_token_ttl
        self.access_tokens[token] = (self.clock.now() + ttl, entry[1])
        return token, ttl

    def sso_user(self, access_token: str | None) -> SsoUser:
        entry = self.access_tokens.get(access_token or "")
        if entry is None or entry[0] <= self.clock.now():
            raise GatewayError("UNAUTHORIZED", "access token is invalid or expired.")
        return entry[1]

    # -- OAuth client credentials ---------------------------------------------------------------------------------
    def issue_oauth_token(self) -> tuple[str, int, int]:
        now = int(self.clock.now())
        token = "OT-" + secrets.token_urlsafe(32)
        expires_at = now + self.config.oauth_token_ttl
        self.oauth_tokens[token] = expires_at
        return token, now, expires_at
