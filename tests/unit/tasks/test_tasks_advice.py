"""What the advice calls an email address or a mobile number (merchant_gateway.checks.advice): a pure function, so
written once, sync; the advice the task layer gives on it is test_tasks_advice_async.py's (and its derived
test_tasks_advice_sync.py's)."""

from __future__ import annotations

import pytest
from merchant_gateway.checks.advice import looks_like_email_or_mobile


@pytest.mark.parametrize(
    ("value", "kind"),
    [
        ("asha.rao@shop.example", "an email address"),
        (" user+1@mail.co.in ", "an email address"),
        ("9876543210", "a mobile number"),
        ("+91 98765 43210", "a mobile number"),
        ("0 98765-43210", "a mobile number"),
        ("91-9876543210", "a mobile number"),
        ("+44 20 7946 0958", "a mobile number"),
        ("U1", None),
        ("user-42", None),
        ("1000000001", None),  # ten digits, but no Indian mobile number starts with 1
        ("98765", None),
        ("CUST@ORDER", None),
    ],
)
def test_what_looks_like_an_email_address_or_a_mobile_number(value: str, kind: str | None) -> None:
    assert looks_like_email_or_mobile(value) == kind
