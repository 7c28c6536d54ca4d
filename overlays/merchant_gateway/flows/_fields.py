"""Reading fields of generated answer models: the one helper the flows share.

Why this module exists: an answer's ``data`` may be absent or null (the generated answer models then hold None,
as they do for every absent optional field), and every flow needs "this field, or None" over such chains, such as
``field_of(field_of(resp, "data"), "redirect_url")``.
"""

from __future__ import annotations

from typing import Any


def field_of(obj: Any, name: str) -> Any:
    """``obj.name``, or None when ``obj`` is None, lacks the field, or the field is absent in the answer."""
    return getattr(obj, name, None)
