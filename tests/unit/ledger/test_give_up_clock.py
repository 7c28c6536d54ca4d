"""A clock jump never makes a payment final: UNRESOLVED only once the give-up bound has passed on the ledger's clock
and in status checks made (each one a read the reconciler made when it was due), so a reconciler whose clock jumped
25 h keeps checking instead of ending the payment (and its hook does not run). Fake clocks; on both backends."""

from __future__ import annotations

from typing import Any

from ledger_support import MERCHANT, FakeClock
from merchant_gateway.ledger import FINAL, Ledger

GIVE_UP = 3600.0  # scaled down from 24 h
OVERDUE = 300.0
PENDING = {"success": True, "code": "PAYMENT_PENDING", "data": {"merchantId": MERCHANT, "amount": 500}}


def pending(txn: str) -> dict[str, Any]:
    return {**PENDING, "data": {**PENDING["data"], "transactionId": txn}}


def check_due(ledger: Ledger, txn: str) -> str | None:
    """The reconciler's step: claim what is due and read PAYMENT_PENDING for it (None: not due)."""
    claims = [c for c in ledger.claim_due(MERCHANT, limit=50, lease=60) if c.payment.transaction_id == txn]
    if not claims:
        return None
    return ledger.finish_check(claims[0], answer=pending(txn))


def run(ledger: Ledger, clock: FakeClock, txn: str, until: float) -> list[str]:
    """Every due check from now until the clock reads ``until``. The clock jumps straight to the payment's next due
    check: stepping it a second at a time made thousands of idle claims, minutes of transactions on PostgreSQL."""
    results = []
    while clock() < until:
        got = check_due(ledger, txn)
        if got is not None:
            results.append(got)
            if got == "final":
                break
        p = ledger.get(txn, MERCHANT)
        assert p is not None
        due = p.next_check_at
        # Not claimed yet due (a lease still held): a second on, as the reconciler's next poll would come.
        target = clock() + 1.0 if due is None or due <= clock() else due
        clock.advance(min(target, until) - clock())
    return results


def started(make_ledger: Any, txn: str, fired: list[str]) -> Ledger:
    ledger: Ledger = make_ledger(give_up_after=GIVE_UP, overdue_every=OVERDUE, on_final=lambda p: fired.append(p.code))
    ledger.record_intent(merchant_id=MERCHANT, transaction_id=txn, operation="debitV4Web", amount=500)
    ledger.end_call(MERCHANT, txn)
    return ledger


def test_a_jump_of_25_hours_keeps_the_payment_open_and_checked(make_ledger: Any, clock: FakeClock) -> None:
    fired: list[str] = []
    ledger = started(make_ledger, "JMP1", fired)
    start = clock()
    run(ledger, clock, "JMP1", until=start + 16 * 60)  # the published schedule up to its deadline
    p = ledger.get("JMP1", MERCHANT)
    assert p is not None
    assert p.state == "overdue"
    clock.advance(25 * 3600)  # the reconciler's clock jumps
    assert check_due(ledger, "JMP1") == "open"  # not UNRESOLVED: too few checks for the time its clock shows
    p = ledger.get("JMP1", MERCHANT)
    assert p is not None
    assert p.state == "overdue"
    assert p.next_check_at == clock() + OVERDUE  # checked again at the overdue pace, not at once (no burst)
    assert fired == []
    real = 16 * 60.0  # time that really passed (the jump excluded)
    while True:
        clock.advance(OVERDUE)
        real += OVERDUE
        if check_due(ledger, "JMP1") == "final":
            break
        assert real < 2 * GIVE_UP, "never gave up"
    final = ledger.get("JMP1", MERCHANT)
    assert final is not None
    assert (final.state, final.code) == (FINAL, "UNRESOLVED")
    assert fired == ["UNRESOLVED"]
    assert real >= GIVE_UP - 2 * OVERDUE  # the bound, in time that passed, within the rounding of one check


def test_without_a_jump_it_gives_up_at_the_bound(make_ledger: Any, clock: FakeClock) -> None:
    fired: list[str] = []
    ledger = started(make_ledger, "NOJ1", fired)
    start = clock()
    results = run(ledger, clock, "NOJ1", until=start + 2 * GIVE_UP)
    assert results[-1] == "final"
    assert GIVE_UP <= clock() - start < GIVE_UP + OVERDUE
    assert fired == ["UNRESOLVED"]


def test_a_late_jump_only_delays_the_give_up(make_ledger: Any, clock: FakeClock) -> None:
    """Half the bound passes checked, then the clock jumps past give_up_at: the rest of the bound is still waited
    for in checks."""
    fired: list[str] = []
    ledger = started(make_ledger, "JMP2", fired)
    start = clock()
    run(ledger, clock, "JMP2", until=start + GIVE_UP / 2)
    clock.advance(25 * 3600)
    real = GIVE_UP / 2
    results = []
    while not results or results[-1] != "final":
        got = check_due(ledger, "JMP2")
        if got is not None:
            results.append(got)
        if results and results[-1] == "final":
            break
        clock.advance(OVERDUE)
        real += OVERDUE
        assert real < 2 * GIVE_UP, "never gave up"
    assert real >= GIVE_UP - 2 * OVERDUE
    assert fired == ["UNRESOLVED"]
