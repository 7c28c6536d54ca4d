"""The flows' I/O, written once: the async source of ``_sync.py`` (``python tools/derive_sync.py`` derives it; ``make
lint`` fails when it is out of date). The public modules (:mod:`.polling`, ...) re-export both flavours and say
what each flow does and why; the decisions free of I/O live in their ``_<module>.py``.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from ..errors import GatewayError, OutcomeUnknown, UserLinkError
from ._fields import field_of
from ._launch import (
    _UPI_INTENT,
    SSO_UNKNOWN,
    Launch,
    SsoUser,
    _intent,
    _intent_fields,
    _need,
    _sdk_less,
    _upi_intent,
    _user,
)
from ._linking import (
    SEND_UNKNOWN,
    VERIFY_UNKNOWN,
    AsyncAskOtp,
    LinkedUser,
    Unlinked,
    _OtpSession,
    _settled_by_second_send,
    _unlinked,
)
from ._polling import (
    KNOWN_CHECK_EVERY,
    AsyncFetchSnapshot,
    AsyncSleep,
    FinalStatus,
    KnownFinal,
    KnowsFinals,
    StatusSnapshot,
    _Poll,
    async_default_sleep,
)
from ._status import snapshot_of, status_read
from .schedule import DEFAULT_SCHEDULE, PollSchedule, choose_schedule

if TYPE_CHECKING:
    from ..abstract import AsyncAbstractGateway


async def async_wait_for_final_status(
    fetch: AsyncFetchSnapshot,
    transaction_id: str,
    *,
    expected_amount: int | None = None,
    started_at: float | None = None,
    expires_in: float | None = None,
    grace: float = 60.0,
    schedule: PollSchedule = DEFAULT_SCHEDULE,
    clock: Callable[[], float] = time.monotonic,
    sleep: AsyncSleep = async_default_sleep,
    known: KnownFinal | None = None,
    known_every: float | None = None,
) -> FinalStatus:
    """Poll ``fetch`` on ``schedule`` until a final status; see :mod:`.polling` for the rules.

    ``started_at`` is the ``clock()`` reading when the payment started (default: now); when given, it counts as
    the start's send for the TRANSACTION_NOT_FOUND time rule (``grace`` seconds). ``expires_in`` is a collect
    request's expiry in seconds: the wait ends EXPIRY_GRACE seconds after it (one last check sees the closed state).
    ``known`` gives a final verdict already known without a read (asked before every sleep, and every
    ``known_every`` seconds during one): the wait returns it at once instead of sleeping to the next check.
    """
    poll = _Poll(
        transaction_id,
        expected_amount=expected_amount,
        schedule=schedule,
        started_at=clock() if started_at is None else started_at,
        expires_in=expires_in,
        sent_at=started_at,
        grace=grace,
    )
    while (delay := poll.delay(clock())) is not None:
        if known is not None:
            if (final := poll.on_known(known(transaction_id), clock())) is not None:
                return final
            while known_every is not None and delay > known_every:
                await sleep(known_every)
                if (final := poll.on_known(known(transaction_id), clock())) is not None:
                    return final
                delay -= known_every
        await sleep(delay)
        try:
            snapshot = await fetch()
        except Exception as exc:  # noqa: BLE001 - classified by on_error, which re-raises the rest
            final = poll.on_error(exc, clock())
        else:
            final = poll.on_snapshot(snapshot, clock())
        if final is not None:
            return final
    raise poll.timeout()


async def async_wait_for_payment(
    gateway: AsyncAbstractGateway,
    transaction_id: str,
    *,
    expected_amount: int | None = None,
    started_at: float | None = None,
    expires_in: float | None = None,
    schedule: PollSchedule | None = None,
    clock: Callable[[], float] = time.monotonic,
    sleep: AsyncSleep = async_default_sleep,
    operation: str = "getTransactionStatus",
    poll_every: float | None = None,
) -> FinalStatus:
    """Poll the gateway's status operation on ``schedule`` until the payment is final (see :mod:`.polling`).
    ``operation="getTransactionStatusAppsHost"`` reads it on the apps host.

    The schedule: ``schedule``, else a check every ``poll_every`` seconds, else the gateway environment's default
    (the local sandbox's own, seconds, for ``local``; the public reference's for the others). A verdict the gateway
    already knows (a final status it read; with a ledger observer, a verified callback the ledger recorded) ends the
    wait at once, before any sleep past it."""
    schedule = choose_schedule(schedule, poll_every, gateway.config.environment)
    read = status_read(gateway, operation)
    knows = gateway if isinstance(gateway, KnowsFinals) else None

    async def fetch() -> StatusSnapshot:
        snapshot = snapshot_of(await read(transaction_id), transaction_id, expected_amount, operation=operation)
        if knows is not None and snapshot.is_final:
            knows.remember_final(snapshot)
        return snapshot

    return await async_wait_for_final_status(
        fetch,
        transaction_id,
        expected_amount=expected_amount,
        grace=gateway.config.reconcile_grace,
        started_at=started_at,
        expires_in=expires_in,
        schedule=schedule,
        clock=clock,
        sleep=sleep,
        known=None if knows is None else knows.known_final,
        known_every=KNOWN_CHECK_EVERY if knows is not None and knows.follows_callbacks else None,
    )


async def _async_start_intent_payment(
    gateway: AsyncAbstractGateway, *, transaction_id: str, platform_version_code: int, **fields: Any
) -> Launch:
    """v4 intent debit: the app sends its wallet app's version code; the answer's redirectURL is the intent URI."""
    resp = await gateway.debit_v4_intent(transaction_id=transaction_id, **_intent_fields(platform_version_code, fields))
    return _intent(resp, transaction_id)


async def _async_start_upi_intent(gateway: AsyncAbstractGateway, *, transaction_id: str, **fields: Any) -> Launch:
    """Inline pay with a UPI intent source: returns intentURL and the package to open."""
    resp = await gateway.inline_pay(transaction_id=transaction_id, payment_sources=_UPI_INTENT, **fields)
    return _upi_intent(resp, transaction_id)


async def _async_start_sdk_less_payment(gateway: AsyncAbstractGateway, *, transaction_id: str, **fields: Any) -> Launch:
    """SDK-less initiate: the page opens redirectUrl (or the JS SDK's proceedToPay with reservationId)."""
    return _sdk_less(await gateway.initiate_sdk_less_payment(transaction_id=transaction_id, **fields), transaction_id)


async def _async_sign_in(gateway: AsyncAbstractGateway, grant_token: str) -> SsoUser:
    """Exchange the client's grant token for an access token on the server, then fetch the user's details.

    The exchange is not re-sent (``x-retry: never``): when its answer is lost (timeout, dropped connection, 5xx,
    INTERNAL_SERVER_ERROR, TIMED_OUT) :class:`~merchant_gateway.errors.OutcomeUnknown` is raised, because the
    grant token may already be spent; the client fetches a new grant token and signs in again. The user-details
    read is retried as usual.
    """
    try:
        access = await gateway.get_sso_access_token(grant_token=grant_token)
    except OutcomeUnknown as exc:
        exc.add_note(SSO_UNKNOWN)
        raise
    token = _need(field_of(field_of(access, "data"), "access_token"), "access token", access.code, None)
    return _user(await gateway.get_sso_user_details(access_token=token))


async def _async_link_user(
    gateway: AsyncAbstractGateway,
    mobile_number: str,
    ask_otp: AsyncAskOtp,
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
                session.sent(await gateway.send_otp(mobile_number=mobile_number, **send_fields))
            except OutcomeUnknown as exc:
                exc.add_note(SEND_UNKNOWN)
                raise
            except GatewayError as exc:
                session.failed(exc)  # raises LinkingError with guidance for every documented refusal
                raise
        otp = await ask_otp(session.prompt())
        try:
            return session.linked(await gateway.verify_otp(otp_token=session.latest_token(), otp=otp))
        except OutcomeUnknown as exc:
            exc.add_note(VERIFY_UNKNOWN)
            raise
        except GatewayError as exc:
            need_otp = session.failed(exc)


async def _async_unlink(gateway: AsyncAbstractGateway, user_auth_token: str) -> Unlinked:
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
        return _unlinked(await gateway.unlink_user(user_auth_token=user_auth_token), resent=False)
    except OutcomeUnknown:
        pass
    try:
        return _unlinked(await gateway.unlink_user(user_auth_token=user_auth_token), resent=True)
    except UserLinkError as exc:
        return _settled_by_second_send(exc)
