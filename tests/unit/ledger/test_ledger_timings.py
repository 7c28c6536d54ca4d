"""The waits docs/operations.md states ("Timings"), on the ledger's and the sandbox's clocks (nothing sleeps): how
long after its start a payment is settled when its callback never comes, when its request never reached the
gateway, and which settings change that. Each reconciler step runs when the ledger says the next check is due."""

from __future__ import annotations

from typing import Any

import pytest
from ledger_support import MERCHANT, FakeClock, advance, settings
from merchant_gateway import Gateway, OutcomeUnknown
from merchant_gateway.flows.schedule import PollSchedule
from merchant_gateway.ledger import FINAL, NOT_RECORDED, Ledger, Reconciler
from merchant_gateway_sandbox.faults import Fault
from test_ledger import pay

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")


def settled_after(ledger: Ledger, gateway: Gateway, sandbox: Any, clock: FakeClock, txn: str) -> tuple[float, str]:
    """Run the reconciler at each due check until the payment is final: (seconds from its start, its code)."""
    rec = Reconciler(ledger, gateway, concurrency=1)
    for _ in range(100):
        p = ledger.get(txn, MERCHANT)
        assert p is not None
        if p.state == FINAL:
            assert p.final_at is not None
            assert p.code is not None
            return p.final_at - p.created_at, p.code
        due = ledger.next_due(MERCHANT)
        assert due is not None
        advance(sandbox, clock, max(0.0, due - clock.now))
        rec.run_once()
    raise AssertionError("not settled")


@pytest.mark.parametrize(
    ("options", "expected"),
    [({}, 20.0), ({"schedule": PollSchedule(first_check_after=10.0)}, 10.0)],
    ids=["default", "first check at 10 s"],
)
def test_without_its_callback_a_payment_is_settled_at_the_first_check(
    t: Any, sandbox: Any, make_ledger: Any, clock: FakeClock, options: dict[str, Any], expected: float
) -> None:
    ledger: Ledger = make_ledger(**options)
    with Gateway(**settings(sandbox), observer=ledger.observer) as gw:
        pay(gw, t("NOCB"))  # answered; the sandbox settles it 5 s later and its callback goes nowhere
        assert settled_after(ledger, gw, sandbox, clock, t("NOCB")) == (expected, "PAYMENT_SUCCESS")


@pytest.mark.parametrize(
    ("options", "expected"),
    [
        ({}, 80.0),  # first check at 20 s finds nothing; NOT_RECORDED at the first check 60 s (grace) after it
        ({"grace": 30.0}, 50.0),
        ({"schedule": PollSchedule(first_check_after=10.0)}, 70.0),
    ],
    ids=["default", "grace 30 s", "first check at 10 s"],
)
def test_a_start_that_never_reached_the_gateway_is_not_recorded_after_the_first_check_and_the_grace(
    t: Any, sandbox: Any, make_ledger: Any, clock: FakeClock, options: dict[str, Any], expected: float
) -> None:
    ledger: Ledger = make_ledger(**options)
    sandbox.sandbox.faults.add(Fault(kind="drop_before", operation_id="debitV4Web"))
    try:
        with Gateway(**settings(sandbox), observer=ledger.observer) as gw:
            with pytest.raises(OutcomeUnknown):
                pay(gw, t("LOST"))
            assert settled_after(ledger, gw, sandbox, clock, t("LOST")) == (expected, NOT_RECORDED)
    finally:
        sandbox.sandbox.faults.clear()
