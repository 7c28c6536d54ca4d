"""A task's own required keywords (not payload fields, so no payload check sees them) are refused by name before
anything is sent, and a task typed by a TypedDict still sends every keyword it was given."""

from __future__ import annotations

from typing import Any

import pytest
from merchant_gateway.errors import ValidationError
from merchant_gateway.tasks import Collects, Payments


class Recorder:
    """A gateway that records what would have been sent."""

    def __init__(self) -> None:
        self.sent: list[tuple[str, dict[str, Any]]] = []

    def clock(self) -> float:
        return 0.0

    def __getattr__(self, name: str) -> Any:
        def send(**keywords: Any) -> Any:
            self.sent.append((name, keywords))
            return type("Answer", (), {"code": "SUCCESS", "data": None})()

        return send


def test_a_missing_task_keyword_is_refused_by_name_and_nothing_is_sent() -> None:
    gateway = Recorder()
    with pytest.raises(ValidationError, match="pass mobile_number=") as caught:
        Collects(gateway).create(amount=1, merchant_order_id="O1", expires_in=60, callback_url="https://s.example/c")  # type: ignore[arg-type, call-arg]
    assert caught.value.field == "mobile_number"
    with pytest.raises(ValidationError, match="pass platform_version_code="):
        Payments(gateway).start_intent(amount=1, merchant_order_id="O1")  # type: ignore[arg-type, call-arg]
    assert gateway.sent == []


def test_a_collect_sends_the_mobile_number_as_its_instrument_and_keeps_the_other_keywords() -> None:
    gateway = Recorder()
    started = Collects(gateway).create(  # type: ignore[arg-type]
        amount=100, mobile_number="9999999999", merchant_order_id="O1", expires_in=60, callback_url="u", store_id="S1"
    )
    [(method, sent)] = gateway.sent
    assert method == "collect_request"
    assert sent == {
        "transaction_id": started.transaction_id,
        "amount": 100,
        "merchant_order_id": "O1",
        "expires_in": 60,
        "callback_url": "u",
        "store_id": "S1",
        "instrument_type": "MOBILE",
        "instrument_reference": "9999999999",
    }
    assert (started.amount, started.merchant_order_id, started.expires_in) == (100, "O1", 60)
