"""The interface document's advice, said when a call goes against it: a warning, never a refusal.

Why this module exists: some of the document's guidance is advice, not a rule ("Avoid passing email or mobile
number here" for merchantUserId; the web flow uses the merchant's redirect URL and mode headers). Refusing such a
call would be stricter than the gateway, and saying nothing lets a merchant ship it. So each piece of advice is an
:class:`AdviceWarning` (the ``warnings`` module: shown once per place by default, silenced or turned into an
error with the usual filters) plus an ``advice`` log event naming the operation and the field. Neither ever
carries the value itself: an email address or a mobile number is personal data.
"""

from __future__ import annotations

import logging
import re
import warnings

from ..log import log_event

_EMAIL = re.compile(r"[^@\s]+@[^@\s]+\.[^@\s.]+")
# an Indian mobile number (ten digits from 6-9, with +91, 91 or 0 in front) or any number in international form
_MOBILE = re.compile(r"(?:\+?91|0)?[6-9][0-9]{9}|\+[0-9]{8,15}")
_SEPARATORS = re.compile(r"[\s\-().]")


class AdviceWarning(UserWarning):
    """A call the gateway accepts but the interface document advises against; the message says what to do."""


def looks_like_email_or_mobile(value: str) -> str | None:
    """``"an email address"``, ``"a mobile number"`` or None."""
    if _EMAIL.fullmatch(value.strip()):
        return "an email address"
    if _MOBILE.fullmatch(_SEPARATORS.sub("", value)):
        return "a mobile number"
    return None


def _advise(message: str, *, operation: str, field: str, transaction_id: str | None, stacklevel: int) -> None:
    # stacklevel counts from the check_* function (its caller's caller by default: the merchant's line that
    # called the task method); one more for this function
    warnings.warn(message, AdviceWarning, stacklevel=stacklevel + 1)
    log_event(logging.WARNING, "advice", operation=operation, field=field, transaction_id=transaction_id)


def check_merchant_user_id(
    value: object, *, operation: str, transaction_id: str | None = None, stacklevel: int = 3
) -> None:
    """merchantUserId: "Avoid passing email or mobile number here" (interface document, debit payload)."""
    if not isinstance(value, str):
        return
    kind = looks_like_email_or_mobile(value)
    if kind is not None:
        _advise(
            f'merchant_user_id (merchantUserId) looks like {kind}; the interface document says "Avoid passing '
            'email or mobile number here": send your own stable user id instead (the value is not shown here)',
            operation=operation,
            field="merchantUserId",
            transaction_id=transaction_id,
            stacklevel=stacklevel,
        )


def check_web_callback(
    callback_url: object, *, operation: str, transaction_id: str | None = None, stacklevel: int = 3
) -> None:
    """A web payment started without X-CALLBACK-URL: the server-to-server callback goes to "the static callback URL
    registered once with the service, or the URL in header X-CALLBACK-URL" (interface document). Without either,
    none will come, and only the status operation tells the payment's fate."""
    if callback_url is None:
        _advise(
            "a web payment started without callback_url (X-CALLBACK-URL): no server-to-server callback will come "
            "for it unless a static callback URL is registered with the gateway; give "
            'callback_url="https://your.shop/gateway/callback" (with a registered URL, filter this advice out with '
            "warnings.filterwarnings); payments.wait still reads the status",
            operation=operation,
            field="X-CALLBACK-URL",
            transaction_id=transaction_id,
            stacklevel=stacklevel,
        )


def check_web_redirect(
    redirect_url: object, *, operation: str, transaction_id: str | None = None, stacklevel: int = 3
) -> None:
    """A web payment started without X-REDIRECT-URL: "In the web flow ... the merchant redirect URL and mode
    headers are used" (interface document); where the user lands after paying without one is not shown."""
    if redirect_url is None:
        _advise(
            "a web payment started without redirect_url (X-REDIRECT-URL): the interface document's web flow uses "
            "the merchant's redirect URL and mode, and does not show where the user lands without one; give "
            'redirect_url="https://your.shop/return" (and redirect_mode)',
            operation=operation,
            field="X-REDIRECT-URL",
            transaction_id=transaction_id,
            stacklevel=stacklevel,
        )
