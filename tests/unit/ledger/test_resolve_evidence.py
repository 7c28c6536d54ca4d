"""An operator's resolution must not contradict the gateway's latest read (no success after TRANSACTION_NOT_FOUND or
a failure, no failure while PAYMENT_PENDING) unless a second operator agrees and it is forced with a reason; every
forced resolution names both operators in the payment's events. On both backends, the latest reads made by the
reconciler's own check (finish_check) on a fake clock."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from ledger_support import MERCHANT, FakeClock
from merchant_gateway.errors import ValidationError
from merchant_gateway.ledger import FINAL, Ledger, admin
from merchant_gateway.ledger.admin import ResolveRefused

ROOT = Path(__file__).resolve().parents[3]


def intent(ledger: Ledger, txn: str, amount: int = 500) -> None:
    ledger.record_intent(merchant_id=MERCHANT, transaction_id=txn, operation="debitV4Web", amount=amount)
    ledger.end_call(MERCHANT, txn)


def read(ledger: Ledger, clock: FakeClock, txn: str, code: str, amount: int = 500) -> str:
    """One status check of the reconciler that got ``code`` from the gateway."""
    clock.advance(3600)
    claims = [c for c in ledger.claim_due(MERCHANT, limit=50, lease=60) if c.payment.transaction_id == txn]
    assert claims, f"{txn} was not due"
    data = {"merchantId": MERCHANT, "transactionId": txn, "amount": amount}
    answer = {"success": code == "PAYMENT_SUCCESS", "code": code, "data": data}
    if code == "TRANSACTION_NOT_FOUND":
        answer = {"success": False, "code": code, "message": "No transaction found"}
    return ledger.finish_check(claims[0], answer=answer)


def state(ledger: Ledger, txn: str) -> tuple[str, str | None]:
    p = ledger.get(txn, MERCHANT)
    assert p is not None
    return p.state, p.code


# a failure read for another amount (499 of 500) proves nothing, so the payment stays open for the operator
CASES = [
    ("TRANSACTION_NOT_FOUND", "PAYMENT_SUCCESS", 500),  # the order shipped for a payment the gateway does not know
    ("PAYMENT_ERROR", "PAYMENT_SUCCESS", 499),
    ("PAYMENT_DECLINED", "PAYMENT_SUCCESS", 499),
    ("PAYMENT_PENDING", "PAYMENT_ERROR", 500),  # the gateway still says pending
    ("PAYMENT_PENDING", "PAYMENT_CANCELLED", 500),
]


@pytest.mark.parametrize(("latest", "wanted", "amount"), CASES)
def test_a_resolution_against_the_latest_read_is_refused_then_forced_by_two(
    ledger: Ledger, clock: FakeClock, latest: str, wanted: str, amount: int
) -> None:
    txn = f"EV{latest[:9]}{wanted[8:12]}"
    intent(ledger, txn)
    assert read(ledger, clock, txn, latest, amount) == "open"
    before = ledger.events(txn, MERCHANT)
    with pytest.raises(ResolveRefused, match=f"latest read was {latest} |reported {latest}") as refused:
        admin.resolve(ledger, txn, code=wanted, reason="the customer says so", operator="ann")
    assert "--force --second-operator" in str(refused.value)
    # forcing needs a second person, named, other than the first
    with pytest.raises(ValidationError, match="--second-operator: is required with --force"):
        admin.resolve(ledger, txn, code=wanted, reason="r", operator="ann", force=True)
    with pytest.raises(ValidationError, match="--second-operator: must be another person"):
        admin.resolve(ledger, txn, code=wanted, reason="r", operator="ann", force=True, second_operator=" ANN ")
    assert state(ledger, txn)[0] != FINAL
    assert ledger.events(txn, MERCHANT) == before  # nothing was changed by the refusals

    resolved = admin.resolve(
        ledger, txn, code=wanted, reason="bank statement", operator="ann", force=True, second_operator="bo"
    )
    assert (resolved.state, resolved.code, resolved.final_source) == (FINAL, wanted, "operator")
    last = ledger.events(txn, MERCHANT)[-1]
    assert last["detail"].startswith(f"resolved by ann, forced with second operator bo against the evidence ({txn}: ")
    assert latest in last["detail"]
    assert last["detail"].endswith(": bank statement")


def test_what_agrees_with_the_latest_read_needs_one_operator(ledger: Ledger, clock: FakeClock) -> None:
    intent(ledger, "AG1")
    assert read(ledger, clock, "AG1", "TRANSACTION_NOT_FOUND") == "open"
    # a failure after "not found" and UNRESOLVED after anything contradict nothing
    assert admin.resolve(ledger, "AG1", code="PAYMENT_ERROR", reason="never paid", operator="ann").code == (
        "PAYMENT_ERROR"
    )
    assert ledger.events("AG1", MERCHANT)[-1]["detail"] == "resolved by ann: never paid"
    intent(ledger, "AG2")
    assert read(ledger, clock, "AG2", "PAYMENT_PENDING") == "open"
    assert admin.resolve(ledger, "AG2", code="UNRESOLVED", reason="settled by phone", operator="ann").code == (
        "UNRESOLVED"
    )
    intent(ledger, "AG3")  # never read: nothing to contradict
    assert admin.resolve(ledger, "AG3", code="PAYMENT_SUCCESS", reason="gateway support", operator="ann").code == (
        "PAYMENT_SUCCESS"
    )


def test_the_latest_read_decides_not_an_older_one(ledger: Ledger, clock: FakeClock) -> None:
    intent(ledger, "LR1")
    assert read(ledger, clock, "LR1", "PAYMENT_PENDING") == "open"
    with pytest.raises(ResolveRefused, match="latest read was PAYMENT_PENDING"):
        admin.resolve(ledger, "LR1", code="PAYMENT_ERROR", reason="r", operator="ann")
    assert read(ledger, clock, "LR1", "TRANSACTION_NOT_FOUND") == "open"  # the gateway no longer knows it
    with pytest.raises(ResolveRefused, match="latest read was TRANSACTION_NOT_FOUND"):
        admin.resolve(ledger, "LR1", code="PAYMENT_SUCCESS", reason="r", operator="ann")
    assert admin.resolve(ledger, "LR1", code="PAYMENT_ERROR", reason="gone", operator="ann").code == "PAYMENT_ERROR"


def test_forcing_never_reopens_a_final_payment_or_one_still_being_sent(ledger: Ledger, clock: FakeClock) -> None:
    ledger.record_intent(merchant_id=MERCHANT, transaction_id="FN1", operation="debitV4Web", amount=500)
    force: dict[str, Any] = {"force": True, "second_operator": "bo"}
    with pytest.raises(ResolveRefused, match="a call is still sending it"):
        admin.resolve(ledger, "FN1", code="PAYMENT_ERROR", reason="r", operator="ann", **force)
    ledger.end_call(MERCHANT, "FN1")
    admin.resolve(ledger, "FN1", code="UNRESOLVED", reason="r", operator="ann", **force)
    assert ledger.events("FN1", MERCHANT)[-1]["detail"] == "resolved by ann, forced with second operator bo: r"
    with pytest.raises(ResolveRefused, match="final already"):
        admin.resolve(ledger, "FN1", code="PAYMENT_ERROR", reason="r", operator="ann", **force)


def mgw(*args: str, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    import os

    paths = os.pathsep.join(str(ROOT / p) for p in ("generated_client", "overlays", "sandbox"))
    full = {"PATH": os.environ.get("PATH", ""), "PYTHONPATH": paths, **env}
    cmd = [sys.executable, "-m", "merchant_gateway", *args]
    return subprocess.run(cmd, env=full, capture_output=True, text=True, check=False, timeout=120)


def test_the_cli_refuses_and_forces_with_both_names(store_url: str, tmp_path: Path) -> None:
    clock = FakeClock()
    ledger = Ledger.open(store_url, clock=clock, monotonic=clock)
    try:
        intent(ledger, "CL1")
        assert read(ledger, clock, "CL1", "TRANSACTION_NOT_FOUND") == "open"
    finally:
        ledger.close()
    env = {"MGW_LEDGER_URL": store_url}
    base = ("ledger", "resolve", "CL1", "--state", "PAYMENT_SUCCESS", "--reason", "order shipped", "--operator", "ann")
    refused = mgw(*base, env=env)
    assert refused.returncode == 1, refused.stdout + refused.stderr
    assert "refused, nothing was changed" in refused.stderr
    assert "latest read was TRANSACTION_NOT_FOUND" in refused.stderr
    alone = mgw(*base, "--force", env=env)
    assert alone.returncode != 0
    assert "--second-operator: is required with --force" in alone.stderr
    forced = mgw(*base, "--force", "--second-operator", "bo", env=env)
    assert forced.returncode == 0, forced.stderr
    assert "resolved by ann with bo (forced)" in forced.stdout
    with Ledger.open(store_url) as after:
        detail = after.events("CL1", MERCHANT)[-1]["detail"]
    assert detail.startswith("resolved by ann, forced with second operator bo against the evidence")
