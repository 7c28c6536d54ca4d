"""Client-side checks of payloads, applied before anything is sent.

Why this module exists: the interface document states limits (transactionId < 38 characters, merchantOrderId
< 48, integer paise amounts, refund at most the original amount) that the gateway would reject anyway; checking
them locally gives a precise :class:`ValidationError` naming the field, and guarantees that a rejected input
sends nothing.
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterable, Mapping

from ..errors import ExcessRefundError, ValidationError
from .amounts import check_paise

TRANSACTION_ID_MAX = 37  # "length < 38 characters"
MERCHANT_ORDER_ID_MAX = 47  # "length < 48 characters"

# Fields that hold a merchant transaction id; the original id of a refund obeys the same rule (its status is read
# through the status path too).
_ID_FIELDS = ("transactionId", "originalTransactionId")
# Integer paise fields (payload names). ``offerContext`` amounts are nested and checked by the generated model.
_AMOUNT_FIELDS = ("amount",)
_UNSAFE = re.compile(r"[/?#\x00-\x1f\x7f]")
# What a URL path carries as given: the generated endpoints percent-encode everything else (``quote(safe="")``)
# and httpx drops the dot segments (tests/unit/checks/test_amounts_validation.py derives this set from both).
_PATH_UNSAFE = re.compile(r"[^A-Za-z0-9._~-]")
# Secrets: only the position of a refused character is named, never the character or the value.
_SECRET_FIELDS = frozenset({"userAuthToken"})
# Why (with ValidationError's 200-character cap in mind): the interface document does not show how the gateway
# signs a percent-encoded path, and the client signs the path as given, so a strict gateway would fail X-VERIFY on
# every call with that path: a payment whose id needs encoding could be started but its status never read.
_WHY_PATH = "is unsafe in a URL path: signing of encoded paths is not shown, so"
_WHAT_TO_DO = "status reads could fail X-VERIFY; use letters, digits, -._~ (see merchant_gateway.ids)"
_WHAT_TO_DO_SECRET = "this call could fail X-VERIFY; ask the gateway which characters its tokens use"


def _check_text(value: object, field: str, max_len: int, remedy: str = "shorten it") -> str:
    if not isinstance(value, str):
        raise ValidationError(field, f"must be a string, got {type(value).__name__}")
    if not value:
        raise ValidationError(field, "must not be empty")
    if len(value) > max_len:
        raise ValidationError(field, f"must be shorter than {max_len + 1} characters (got {len(value)}): {remedy}")
    return value


def check_identifier(value: object, field: str, max_len: int, remedy: str = "shorten it") -> str:
    """A value the client places in a URL path (or that a later call will: a payload's transactionId becomes the
    status path): a non-empty string of at most ``max_len`` characters, each one a URL path carries unencoded."""
    text = _check_text(value, field, max_len, remedy)
    bad = _PATH_UNSAFE.search(text)
    if bad is not None:
        if field in _SECRET_FIELDS:
            raise ValidationError(field, f"the character at index {bad.start()} {_WHY_PATH} {_WHAT_TO_DO_SECRET}")
        char = bad.group()
        shown = repr(char) if char.isascii() and char.isprintable() else f"U+{ord(char):04X}"
        raise ValidationError(field, f"{shown} at index {bad.start()} {_WHY_PATH} {_WHAT_TO_DO}")
    if text in (".", ".."):
        raise ValidationError(field, f"must not be {text!r}: a URL path drops that segment; use another value")
    return text


def check_header_value(value: object, field: str) -> str:
    """A header value as given: printable ASCII without outer spaces. HTTP clients refuse other text only while
    building the request (inside the call, where the failure reads as an unknown outcome) or trim outer spaces,
    which would send a value other than the one given."""
    if not isinstance(value, str) or not value or not (value.isascii() and value.isprintable()):
        raise ValidationError(
            field, "must be a non-empty printable string of ASCII characters: leave it out or pass plain text"
        )
    if value != value.strip():
        raise ValidationError(field, "must not start or end with a space: pass the value without them")
    return value


def check_transaction_id(value: object, field: str = "transactionId") -> str:
    return check_identifier(value, field, TRANSACTION_ID_MAX, "merchant_gateway.ids.new_transaction_id() makes one")


def check_merchant_order_id(value: object, field: str = "merchantOrderId") -> str:
    """Sent in payloads only, never in a path: just no control characters or URL delimiters."""
    text = _check_text(value, field, MERCHANT_ORDER_ID_MAX)
    if _UNSAFE.search(text):
        raise ValidationError(field, "must not contain '/', '?', '#' or control characters")
    return text


def check_payload(payload: Mapping[str, object], *, amount_minimum: int = 1) -> None:
    """Check the common fields of a wire payload (camelCase keys), wherever they are present."""
    for field in _ID_FIELDS:
        if field in payload:
            check_transaction_id(payload[field], field)
    if "merchantOrderId" in payload:
        check_merchant_order_id(payload["merchantOrderId"])
    for field in _AMOUNT_FIELDS:
        if field in payload:
            check_paise(payload[field], field, minimum=amount_minimum)
    for field, value in payload.items():
        if not isinstance(value, (str, int)):  # most fields: nothing to walk (this runs on every request)
            _check_json(value, field)


def _check_json(value: object, field: str) -> None:
    """JSON data only (RFC 8259), nested objects too (merchantContext is free-form): the json module writes a NaN or
    an infinity as NaN / Infinity, which is not JSON (how the gateway reads it is not shown), and fails inside the
    call (after the checks) on any other object. The value is never named, only its place."""
    if isinstance(value, Mapping):
        for key, item in value.items():
            if not isinstance(key, (str, int, float)) and key is not None:  # what json turns into a string key
                raise ValidationError(field, "must have text keys (a JSON object's keys are strings)")
            _check_json(item, f"{field}.{key}")
    elif isinstance(value, (list, tuple)):
        for index, item in enumerate(value):
            _check_json(item, f"{field}[{index}]")
    elif isinstance(value, float) and not math.isfinite(value):
        raise ValidationError(field, "must be a finite number: JSON has no NaN or infinity")
    elif value is not None and not isinstance(value, (str, int, float)):
        raise ValidationError(
            field, f"must be JSON data (text, a number, true/false, a list or an object), not a {type(value).__name__}"
        )


def check_field_rules(payload: Mapping[str, object], rules: Iterable[tuple[str, tuple[str, ...]]]) -> None:
    """The spec's rules between payload fields (``x-field-rules``, generated into the operation facts), checked on
    the wire payload. A field counts as sent when it is in the payload (this client never sends a null).

    The error names the rule's fields; ``field`` is the first one the caller has to change.
    """
    for rule, fields in rules:
        sent = [f for f in fields if f in payload]
        names = " and ".join(fields) if len(fields) == 2 else ", ".join(fields)
        if rule == "required":
            missing = [f for f in fields if f not in sent]
            if missing:
                raise ValidationError(missing[0], f"is required by this operation ({', '.join(missing)} missing)")
        elif rule == "exactly-one-of" and len(sent) != 1:
            problem = "neither was given" if not sent else f"{' and '.join(sent)} were both given"
            raise ValidationError(sent[1] if len(sent) > 1 else fields[0], f"give exactly one of {names} ({problem})")
        elif rule == "at-least-one-of" and not sent:
            raise ValidationError(fields[0], f"give {' or '.join(fields)} (at least one is required)")
        elif rule == "at-most-one-of" and len(sent) > 1:
            raise ValidationError(sent[1], f"not together: give only one of {names} ({' and '.join(sent)} given)")
        elif rule not in ("required", "exactly-one-of", "at-least-one-of", "at-most-one-of"):
            # a rule this client does not know: fail closed (nothing is sent) rather than send what may be refused
            raise ValidationError(fields[0] if fields else "payload", f"unknown field rule {rule!r}; update the client")


def check_refund(payload: Mapping[str, object], original_amount: int | None) -> None:
    """Refund rules no schema states: a new transaction id, and an amount not above the original payment when the
    client knows it. (Exactly one of originalTransactionId / providerReferenceId is the refund operations'
    x-field-rules, checked by check_field_rules.)"""
    original = payload.get("originalTransactionId")
    if original is not None and payload.get("transactionId") == original:
        raise ValidationError("transactionId", "a refund needs its own transaction id, not the payment's")
    if original_amount is not None:
        amount = payload.get("amount")
        if isinstance(amount, int) and amount > original_amount:
            by = original if original is not None else payload.get("providerReferenceId")
            raise ExcessRefundError(original=str(by), amount=amount, original_amount=original_amount, held=[])
