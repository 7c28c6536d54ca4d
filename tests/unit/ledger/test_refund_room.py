"""Refunds are checked against what the ledger already holds for the original payment (refunds sent or still in
progress) before anything is sent: 60 and then 60 of a 100 payment, the second is refused with an error that leads
with EXCESS_REFUND_AMOUNT, says how much is left and what to do; a refund that failed frees its amount. And when
the gateway itself answers PAYMENT_ERROR with EXCESS_REFUND_AMOUNT (no ledger), the error leads with that reason.
On both backends; the task layer against the sandbox."""

from __future__ import annotations

from typing import Any

import pytest
from ledger_support import MERCHANT, FakeClock, advance, settings
from merchant_gateway import Gateway
from merchant_gateway.errors import OutcomeUnknown
from merchant_gateway.ledger import ExcessRefundError, Ledger


def pay(gw: Gateway, txn: str) -> None:
    gw.debit_v4_web(transaction_id=txn, amount=100, merchant_order_id="O1", merchant_user_id="U1")


def payment(ledger: Ledger, txn: str, amount: int = 100) -> None:
    ledger.record_intent(merchant_id=MERCHANT, transaction_id=txn, operation="debitV4Web", amount=amount)


def refund(ledger: Ledger, txn: str, original: str, amount: int, original_amount: int | None = None) -> None:
    ledger.record_intent(
        merchant_id=MERCHANT,
        transaction_id=txn,
        operation="refundV4",
        kind="refund",
        amount=amount,
        original_transaction_id=original,
        original_amount=original_amount,
    )


def test_a_second_refund_above_what_is_left_is_refused_before_it_is_written(ledger: Ledger) -> None:
    payment(ledger, "P1")
    refund(ledger, "R1", "P1", 60)
    with pytest.raises(ExcessRefundError) as refused:
        refund(ledger, "R2", "P1", 60)
    error = refused.value
    assert str(error).startswith("EXCESS_REFUND_AMOUNT: a refund of 60 paise would take the refunds of payment P1")
    text = str(error)
    assert "above the payment's amount of 100 paise (60 paise already refunded or still in progress: R1 (60))" in text
    assert "nothing was sent. Refund at most 40 paise" in str(error)
    assert (error.code, error.field, error.left, error.held) == ("EXCESS_REFUND_AMOUNT", "amount", 40, [("R1", 60)])
    assert ledger.get("R2", MERCHANT) is None  # not written down, so never sent
    refund(ledger, "R3", "P1", 40)  # exactly what is left
    with pytest.raises(ExcessRefundError, match="Refund at most 0 paise"):
        refund(ledger, "R4", "P1", 1)


def test_a_failed_refund_frees_its_amount_and_an_unresolved_one_does_not(ledger: Ledger) -> None:
    payment(ledger, "P2")
    refund(ledger, "R21", "P2", 60)
    refund(ledger, "R22", "P2", 30)
    ledger.end_call(MERCHANT, "R21")
    ledger.end_call(MERCHANT, "R22")
    failed = {"success": False, "code": "PAYMENT_ERROR", "data": {"merchantId": MERCHANT, "transactionId": "R21"}}
    failed["data"]["amount"] = 60
    failed["data"]["payResponseCode"] = "WALLET_NOT_ACTIVATED"
    assert ledger.record_status(MERCHANT, "R21", failed) == "final"
    assert ledger.record_final(MERCHANT, "R22", "UNRESOLVED", source="reconciler")  # may have moved money
    refund(ledger, "R23", "P2", 70)  # 30 (unresolved) + 70 = 100
    with pytest.raises(ExcessRefundError, match="100 paise already refunded or still in progress: R22 .30., R23"):
        refund(ledger, "R24", "P2", 1)


def test_the_callers_original_amount_counts_when_the_payment_is_not_in_the_ledger(ledger: Ledger) -> None:
    refund(ledger, "R31", "ELSEWHERE", 500, original_amount=800)
    with pytest.raises(ExcessRefundError, match="Refund at most 300 paise"):
        refund(ledger, "R32", "ELSEWHERE", 301, original_amount=800)
    refund(ledger, "R33", "UNKNOWN-AMOUNT", 10**6)  # neither known: nothing to check against
    refund(ledger, "R34", "UNKNOWN-AMOUNT", 10**6)


def test_the_task_layer_refuses_the_second_refund_before_sending(
    t: Any, sandbox: Any, gateway: Gateway, ledger: Ledger, clock: FakeClock
) -> None:
    pay(gateway, t("TP1"))
    advance(sandbox, clock, 6)  # settled PAYMENT_SUCCESS in the sandbox
    first = gateway.refunds.create(t("TP1"), amount=60, merchant_order_id="O1", transaction_id=t("TR1"))
    assert first.code in ("PAYMENT_SUCCESS", "PAYMENT_PENDING")  # in progress counts as much as done
    with pytest.raises(ExcessRefundError, match="^EXCESS_REFUND_AMOUNT: a refund of 60 paise") as refused:
        gateway.refunds.create(t("TP1"), amount=60, merchant_order_id="O1", transaction_id=t("TR2"))
    assert f"{t('TR1')} (60)" in str(refused.value)
    assert (MERCHANT, t("TR2")) not in sandbox.sandbox.store.txns  # nothing reached the gateway
    assert ledger.get(t("TR2"), MERCHANT) is None


def test_the_gateways_excess_refund_answer_leads_the_error(t: Any, sandbox: Any, clock: FakeClock) -> None:
    """Without a ledger a client refuses a second refund above what is left of the refunds it holds itself; one that
    does not hold the first (another process) sends it, the gateway answers EXCESS_REFUND_AMOUNT: judged unknown
    (the spec's rule), and the error says that reason first and what to do, not only "call reconcile"."""
    sandbox.sandbox.faults.clear()
    with Gateway(**settings(sandbox)) as gw:
        pay(gw, t("TP2"))
        advance(sandbox, clock, 6)
        gw.refunds.create(t("TP2"), amount=60, merchant_order_id="O1", transaction_id=t("TR3"))
        advance(sandbox, clock, 6)
        with pytest.raises(ExcessRefundError, match="TR3"):  # this client holds the first refund: not sent
            gw.refunds.create(t("TP2"), amount=60, merchant_order_id="O1", transaction_id=t("TR4"))
    assert (MERCHANT, t("TR4")) not in sandbox.sandbox.store.txns
    # another process, which knows nothing of the first refund
    with Gateway(**settings(sandbox)) as other, pytest.raises(OutcomeUnknown) as unknown:
        other.refunds.create(t("TP2"), amount=60, merchant_order_id="O1", transaction_id=t("TR4"))
    error = unknown.value
    assert error.pay_response_code == "EXCESS_REFUND_AMOUNT"
    assert error.verdict == "unknown"
    assert str(error).startswith("EXCESS_REFUND_AMOUNT: the gateway says the refund's amount is above the payment")
    assert "learn the status of the refunds made for this payment before anything else" in str(error)
