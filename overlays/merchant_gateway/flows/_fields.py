"""Reading optional fields of generated models: the one helper the flows share.

Why this module exists: generated attrs models mark absent fields with ``Unset``, and an answer's ``data`` may be
missing altogether; every flow needs "this field, or None" over such chains.
"""

from __future__ import annotations

from typing import Any

from merchant_gateway_client.types import Unset


def field_of(obj: Any, name: str) -> Any:
    """``obj.name``, or None when ``obj`` is None, lacks the field, or the field is Unset."""
    value = getattr(obj, name, None)
    return None if isinstance(value, Unset) else value
