"""The OTP linking's decisions and results, free of I/O (:mod:`.linking` is the public module and explains them)."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

from ..errors import GatewayError, OtpError, RateLimitedError, UserBlockedError, UserLinkError
from ._fields import field_of

# code -> (action, guidance). Actions: "retry" (ask the user again, same otpToken), "resend" (new OTP and token),
# "stop" (give up now; the guidance says what the user or merchant should do).
OTP_GUIDANCE: dict[str, tuple[str, str]] = {
    "OTP_VERIFY_FAILED": ("retry", "the OTP is wrong; ask the user to type it again"),
    "OTP_EXPIRED": ("resend", "the OTP expired; a new one is sent"),
    "OTP_ALREADY_VERIFIED": ("resend", "this OTP was already used; a new one is sent"),
    "INVALID_OTP_TOKEN": ("resend", "the OTP token is invalid or expired; a new OTP is sent"),
    "OTP_LIMIT_EXCEEDED": ("stop", "too many OTPs were sent to this number; try again later"),
    "TOO_MANY_REQUESTS": ("stop", "too many requests from this merchant; wait before trying again"),
    "USER_BLOCKED": ("stop", "the user is blocked for one day; offer another payment method or link again tomorrow"),
    "USER_BLACKLISTED": ("stop", "the user is blacklisted; use another payment method"),
}


@dataclass(frozen=True)
class OtpPrompt:
    """What the UI shows when asking for the OTP."""

    attempt: int  # 1-based, over the whole flow
    resent: bool  # a new OTP was just sent (the previous one is void)
    reason: str | None  # guidance for the user after a failure, None on the first prompt


# The user at the OTP prompt: shows the prompt, returns the OTP typed (async: a coroutine function).
AskOtp = Callable[[OtpPrompt], str]
AsyncAskOtp = Callable[[OtpPrompt], Awaitable[str]]


@dataclass(frozen=True)
class LinkedUser:
    merchant_id: str
    user_auth_token: str = field(repr=False)


@dataclass(frozen=True)
class Unlinked:
    """The userAuthToken no longer works.

    ``code`` is the code of the answer that settled it: SUCCESS, or INVALID_USER_AUTH_TOKEN when the first
    unlink's outcome was unknown and the second send found the token already invalid. ``resent`` is True when the
    unlink was sent a second time for that reason.
    """

    merchant_id: str | None
    code: str
    resent: bool = False


# Notes added to an OutcomeUnknown that a flow passes on: what the caller should know before it decides.
SEND_UNKNOWN = (
    "the OTP send may have reached the gateway: the user may already have an OTP, but its otpToken is unknown; "
    "a new send voids that OTP and counts toward OTP_LIMIT_EXCEEDED"
)
VERIFY_UNKNOWN = (
    "the OTP verification may have reached the gateway: a userAuthToken may have been issued, but it is unknown; "
    "verifying again would answer OTP_ALREADY_VERIFIED"
)


class LinkingError(GatewayError):
    """Linking stopped. ``action`` is "stop" or "exhausted"; ``guidance`` says what to do next (and the message
    ends with it, so a log line or an error page shows the remedy too)."""

    def __init__(self, message: str, *, code: str | None, action: str, guidance: str) -> None:
        super().__init__(message if guidance in message else f"{message}: {guidance}", code=code)
        self.action = action
        self.guidance = guidance


class _OtpSession:
    """The decisions of one linking attempt, free of I/O, shared by the sync and async flows."""

    def __init__(self, max_prompts: int, max_sends: int) -> None:
        self.max_prompts = max_prompts
        self.max_sends = max_sends
        self.prompts = 0
        self.sends = 0
        self.otp_token: str | None = None
        self._resent = False
        self._reason: str | None = None

    def sent(self, response: Any) -> None:
        token = getattr(getattr(response, "data", None), "otp_token", None)
        if not isinstance(token, str) or not token:
            raise LinkingError(
                "the OTP answer carried no otpToken",
                code=response.code,
                action="stop",
                guidance="check that the send operation's URL is this gateway's (MGW_BASE_URL), then link again",
            )
        self.sends += 1
        self.otp_token = token  # always the latest: an older token no longer matches a new OTP

    def latest_token(self) -> str:
        assert self.otp_token is not None, "an OTP is sent before the first prompt"
        return self.otp_token

    def prompt(self) -> OtpPrompt:
        if self.prompts >= self.max_prompts:
            raise LinkingError(
                "too many OTP attempts",
                code=None,
                action="exhausted",
                guidance="start linking again later (a new OTP is sent then)",
            )
        self.prompts += 1
        prompt = OtpPrompt(self.prompts, self._resent, self._reason)
        self._resent = False
        return prompt

    def failed(self, exc: GatewayError) -> bool:
        """Record a failed send/verify; True when a new OTP must be sent, False to ask again."""
        if not isinstance(exc, OtpError | RateLimitedError | UserBlockedError):
            raise exc
        action, guidance = OTP_GUIDANCE.get(exc.code or "", ("stop", "unexpected answer; try again later"))
        if action == "stop":
            raise LinkingError(exc.message or guidance, code=exc.code, action="stop", guidance=guidance) from exc
        self._reason = guidance
        if action == "resend":
            if self.sends >= self.max_sends:
                why = guidance.split(";")[0]
                raise LinkingError(
                    "no more OTPs may be sent",
                    code=exc.code,
                    action="exhausted",
                    guidance=f"{why}; start linking again later",
                )
            self._resent = True
            return True
        return False

    def linked(self, response: Any) -> LinkedUser:
        data = getattr(response, "data", None)
        token = getattr(data, "user_auth_token", None)
        merchant = getattr(data, "merchant_id", None)
        if not isinstance(token, str) or not token:
            raise LinkingError(
                "the verification answer carried no userAuthToken",
                code=response.code,
                action="stop",
                guidance="check that the verify operation's URL is this gateway's (MGW_BASE_URL), then link again",
            )
        return LinkedUser(merchant_id=merchant if isinstance(merchant, str) else "", user_auth_token=token)


def _unlinked(response: Any, resent: bool) -> Unlinked:
    merchant = getattr(getattr(response, "data", None), "merchant_id", None)
    code = getattr(response, "code", None)
    return Unlinked(
        merchant_id=merchant if isinstance(merchant, str) else None,
        code=code if isinstance(code, str) else "SUCCESS",
        resent=resent,
    )


def _settled_by_second_send(exc: UserLinkError) -> Unlinked:
    """INVALID_USER_AUTH_TOKEN to the second send: the first one (whose answer was lost) unlinked the user."""
    if exc.code != "INVALID_USER_AUTH_TOKEN":
        raise exc
    return Unlinked(merchant_id=None, code=exc.code, resent=True)


@dataclass(frozen=True)
class Instrument:
    """One enabled instrument with its items in display order."""

    kind: str  # "wallets", "upi" or "card"
    priority: int
    items: tuple[Any, ...]  # ActiveWallet / UpiAccount / SavedCard models, by their own priority


def usable_instruments(options: Any) -> list[Instrument]:
    """Only the enabled instruments of a payment-options answer, ordered by instrumentPriority (0 first), each
    with its wallets/accounts/cards ordered by priority. Unknown future instruments are not shown."""
    data = field_of(options, "data")
    found: list[Instrument] = []
    for kind, items_attr in (("wallets", "active_wallets"), ("upi", "active_accounts"), ("card", "saved_cards")):
        option = field_of(data, kind)
        if option is None or field_of(option, "enabled") is not True:
            continue
        items = field_of(option, items_attr) or []
        ordered = sorted(items, key=lambda item: (field_of(item, "priority") is None, field_of(item, "priority") or 0))
        priority = field_of(option, "instrument_priority")
        found.append(Instrument(kind, priority if isinstance(priority, int) else 1 << 30, tuple(ordered)))
    return sorted(found, key=lambda inst: inst.priority)
