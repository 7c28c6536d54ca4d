"""Linking a user through OTP, and what a linked user can do.

Why this module exists: the OTP flow has sharp edges that the interface document spells out: a new otpToken is
issued for every OTP and the merchant must send the *latest* token with its matching OTP; each failure code asks
for a different reaction (ask again, send a new OTP, wait, stop). Encoding that once keeps merchants from
verifying a stale token or hammering a blocked number. Only enabled payment instruments are to be shown, ordered
by priority (0 first): :func:`usable_instruments` does that.

The send/verify pair comes from the gateway's public reference (the interface document leaves it unshown; the
spec marks it ``x-source: public-reference``).

No silent re-send (issue 14): sending an OTP, verifying it and unlinking are not idempotent (``x-retry: never``),
so after a failure once the request may have been sent the gateway raises
:class:`~merchant_gateway.errors.OutcomeUnknown` instead of re-sending. :func:`link_user` passes that on to its
caller (asking for another OTP would void the one the user may already have, or lose a userAuthToken that may
have been issued); :func:`unlink` settles it itself by sending the unlink once more.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from ..errors import GatewayError, OtpError, OutcomeUnknown, RateLimitedError, UserBlockedError, UserLinkError
from ._fields import field_of

if TYPE_CHECKING:
    from ..host import AsyncGatewayHost, GatewayHost

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


def link_user(
    gateway: GatewayHost,
    mobile_number: str,
    ask_otp: Callable[[OtpPrompt], str],
    *,
    max_prompts: int = 5,
    max_sends: int = 3,
    **send_fields: Any,
) -> LinkedUser:
    """Send an OTP to ``mobile_number``, ask the user through ``ask_otp``, verify, return the linked user.

    ``send_fields`` go to the OTP send payload (``email``, ``short_name``, ``request_type``).

    Raises :class:`~merchant_gateway.errors.OutcomeUnknown` (``operation`` sendOtp or verifyOtp) when a send or
    a verification may have reached the gateway but its answer was lost (timeout, dropped connection, 5xx,
    INTERNAL_SERVER_ERROR, TIMED_OUT). Neither is repeated and the user is not asked again: after a lost send
    the user may already have an OTP whose otpToken is unknown; after a lost verification a userAuthToken may
    have been issued (verifying again would only answer OTP_ALREADY_VERIFIED). The caller decides, e.g. tell
    the user and start linking again later. :class:`LinkingError` for the documented refusals.
    """
    session = _OtpSession(max_prompts, max_sends)
    need_otp = True
    while True:
        if need_otp:
            try:
                session.sent(gateway.send_otp(mobile_number=mobile_number, **send_fields))
            except OutcomeUnknown as exc:
                exc.add_note(SEND_UNKNOWN)
                raise
            except GatewayError as exc:
                session.failed(exc)  # raises LinkingError with guidance for every documented refusal
                raise
        otp = ask_otp(session.prompt())
        try:
            return session.linked(gateway.verify_otp(otp_token=session.latest_token(), otp=otp))
        except OutcomeUnknown as exc:
            exc.add_note(VERIFY_UNKNOWN)
            raise
        except GatewayError as exc:
            need_otp = session.failed(exc)


async def async_link_user(
    gateway: AsyncGatewayHost,
    mobile_number: str,
    ask_otp: Callable[[OtpPrompt], Awaitable[str]],
    *,
    max_prompts: int = 5,
    max_sends: int = 3,
    **send_fields: Any,
) -> LinkedUser:
    """The async twin of :func:`link_user` (an unknown send/verify outcome is raised the same way)."""
    session = _OtpSession(max_prompts, max_sends)
    need_otp = True
    while True:
        if need_otp:
            try:
                session.sent(await gateway.send_otp(mobile_number=mobile_number, **send_fields))
            except OutcomeUnknown as exc:
                exc.add_note(SEND_UNKNOWN)
                raise
            except GatewayError as exc:
                session.failed(exc)
                raise
        otp = await ask_otp(session.prompt())
        try:
            return session.linked(await gateway.verify_otp(otp_token=session.latest_token(), otp=otp))
        except OutcomeUnknown as exc:
            exc.add_note(VERIFY_UNKNOWN)
            raise
        except GatewayError as exc:
            need_otp = session.failed(exc)


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


def unlink(gateway: GatewayHost, user_auth_token: str) -> Unlinked:
    """Unlink a linked user (disable its userAuthToken), settling an unknown outcome.

    The unlink is not idempotent (``x-retry: never``): the gateway client never re-sends it by itself. When the
    first send ends in :class:`~merchant_gateway.errors.OutcomeUnknown` (it may have been applied, its answer was
    lost), this flow sends it exactly once more: SUCCESS means unlinked now, and INVALID_USER_AUTH_TOKEN means the
    token no longer works -- in the usual case because the first send did unlink it (the same answer would come if
    the token had expired meanwhile; either way it is unusable). A second OutcomeUnknown is raised. On the first
    send INVALID_USER_AUTH_TOKEN is not swallowed: :class:`~merchant_gateway.errors.UserLinkError` (the token was
    already invalid before this unlink).
    """
    try:
        return _unlinked(gateway.unlink_user(user_auth_token=user_auth_token), resent=False)
    except OutcomeUnknown:
        pass
    try:
        return _unlinked(gateway.unlink_user(user_auth_token=user_auth_token), resent=True)
    except UserLinkError as exc:
        return _settled_by_second_send(exc)


async def async_unlink(gateway: AsyncGatewayHost, user_auth_token: str) -> Unlinked:
    """The async twin of :func:`unlink`."""
    try:
        return _unlinked(await gateway.unlink_user(user_auth_token=user_auth_token), resent=False)
    except OutcomeUnknown:
        pass
    try:
        return _unlinked(await gateway.unlink_user(user_auth_token=user_auth_token), resent=True)
    except UserLinkError as exc:
        return _settled_by_second_send(exc)


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
