"""Money amounts: integer paise only.

Why this module exists: the gateway takes amounts as integer paise (a Java Long). Floats, bools and strings are
classic sources of off-by-one-paisa and "True == 1" bugs, so they are rejected rather than coerced; rupee values
are converted exactly through :class:`decimal.Decimal`.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from ..errors import ValidationError

if TYPE_CHECKING:  # decimal loads with the first rupee conversion (import time of the package matters)
    from decimal import Decimal

INT64_MAX = 2**63 - 1
# no sign, exponent, whitespace, "NaN" or "Infinity"; matched through re's own cache (compiled on first use)
_RUPEES = r"[0-9]+(\.[0-9]+)?"


def check_paise(value: object, field: str = "amount", *, minimum: int = 1) -> int:
    """Return ``value`` if it is an ``int`` (not ``bool``) in ``[minimum, INT64_MAX]``; else raise ValidationError."""
    if type(value) is not int:  # exact type: bool is an int subclass, and IntEnum-like values are surprising
        raise ValidationError(
            field,
            f"must be an integer number of paise, got {type(value).__name__}: pass paise as an int (10000 for "
            "Rs 100) or convert rupees exactly with merchant_gateway.paise_from_rupees('100.50')",
        )
    if value < minimum:
        raise ValidationError(
            field, f"must be at least {minimum} paise (Rs 1 is 100 paise; paise_from_rupees converts rupees)"
        )
    if value > INT64_MAX:
        raise ValidationError(field, "is larger than the int64 maximum")
    return value


def paise_from_rupees(rupees: Decimal | str, field: str = "amount") -> int:
    """Convert a rupee amount (``Decimal`` or a plain decimal string such as ``"12.34"``) to paise, exactly.

    Sub-paise values (``"1.005"``), non-finite, negative, zero and out-of-range values raise ValidationError.
    """
    from decimal import Decimal, DecimalException

    if isinstance(rupees, str):
        if not re.fullmatch(_RUPEES, rupees):
            raise ValidationError(field, "must be a plain decimal rupee string like '12.34'")
        value = Decimal(rupees)
    elif isinstance(rupees, Decimal):
        value = rupees
    else:
        example = f'"{rupees}"' if isinstance(rupees, int | float) and not isinstance(rupees, bool) else '"12.34"'
        raise ValidationError(
            field,
            f"must be a Decimal or str, got {type(rupees).__name__}: pass the rupees as a string or Decimal, "
            f"e.g. paise_from_rupees({example}) (a float is inexact; an int amount is already paise, no conversion)",
        )
    if not value.is_finite():
        raise ValidationError(field, "must be finite")
    try:
        paise = value * 100
        if paise > INT64_MAX:  # before int(): Decimal("1E+999999") would build a huge int
            raise ValidationError(field, "is larger than the int64 maximum")
        if paise != paise.to_integral_value():
            raise ValidationError(field, "has a fraction of a paisa")
        result = int(paise)
    except DecimalException as exc:  # extreme exponents overflow the decimal context
        raise ValidationError(field, "is out of range") from exc
    return check_paise(result, field)
