"""Fresh merchant transaction ids.

Why this module exists: every payment, refund and collect needs a new, unique ``transactionId`` shorter than 38
characters (a refund may not reuse its payment's id). Reusing one is the classic cause of
INVALID_TRANSACTION_ID / DUPLICATE_TXN_REQUEST; this gives ids that are unique without coordination.
"""

from __future__ import annotations

import re
import secrets
import time

from .errors import ValidationError

_PREFIX = re.compile(r"[A-Za-z0-9]{0,8}")


def new_transaction_id(prefix: str = "TX") -> str:
    """``prefix`` + milliseconds since the epoch (base 36) + 64 random bits: at most 8 + 9 + 13 = 30 characters."""
    if not _PREFIX.fullmatch(prefix):
        raise ValidationError("prefix", "must be at most 8 letters or digits")
    return f"{prefix}{_base36(int(time.time() * 1000))}{_base36(secrets.randbits(64))}".upper()


def _base36(n: int) -> str:
    digits = "0123456789abcdefghijklmnopqrstuvwxyz"
    out = ""
    while True:
        n, r = divmod(n, 36)
        out = digits[r] + out
        if n == 0:
            return out
