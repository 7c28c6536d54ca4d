"""In-memory state of payments, refunds and credits, and their move from pending to a terminal state.

Settling is lazy and clock-driven: `Store.advance()` (called on every request and by a background ticker)
settles every pending transaction whose `settle_at` has passed on the sandbox clock, and closes collect
requests whose expiry passed (failed, without a callback, as the interface document shows). Pending
transactions wait in a heap keyed by their first due time (expiry or settle time), so a call costs
O(log n) per transaction that is due, not a scan of everything pending.
"""

from __future__ import annotations

import heapq
import itertools
import secrets
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from .clock import Clock

SUCCESS = "PAYMENT_SUCCESS"
PENDING = "PAYMENT_PENDING"
ERROR = "PAYMENT_ERROR"
DECLINED = "PAYMENT_DECLINED"
CANCELLED = "PAYMENT_CANCELLED"
TERMINAL = frozenset({SUCCESS, ERROR, DECLINED, CANCELLED})

MESSAGES = {
    SUCCESS: "Your payment is successful.",
    PENDING: "Your payment is in progress.",
    ERROR: "Payment failed.",
    DECLINED: "Payment declined by the user.",
    CANCELLED: "Payment cancelled by the merchant.",
}


@dataclass(frozen=True)
class TestValue:
    outcome: str | None  # terminal code it settles to; None = stays pending (until a collect expiry)
    answer: str | None = None  # unknown-outcome answer code on initiation although the txn is recorded
    note: str = ""
    pending_state: str | None = None  # paymentState of its status answers while pending (none documented)


# SANDBOX behaviour: amounts (paise) that pick an outcome, like a card processor's test card numbers.
TEST_AMOUNTS: dict[int, TestValue] = {
    4001: TestValue(DECLINED, note="settles PAYMENT_DECLINED (user declined)"),
    4002: TestValue(ERROR, note="settles PAYMENT_ERROR"),
    4003: TestValue(CANCELLED, note="settles PAYMENT_CANCELLED"),
    4004: TestValue(None, note="stays PAYMENT_PENDING (collect: fails at expiry, no callback)"),
    # paymentState is "COMPLETED or FAILED; informative only, decisions use code": a client must read a new value.
    4005: TestValue(
        SUCCESS, note="settles PAYMENT_SUCCESS; while pending, paymentState PENDING", pending_state="PENDING"
    ),
    5001: TestValue(SUCCESS, "INTERNAL_SERVER_ERROR", "answered INTERNAL_SERVER_ERROR but recorded; settles SUCCESS"),
    5002: TestValue(SUCCESS, "TIMED_OUT", "answered TIMED_OUT but recorded; settles PAYMENT_SUCCESS"),
}


# SANDBOX behaviour: refund amounts (paise) answered at once with a documented refusal of the refund (not recorded).
REFUND_TEST_AMOUNTS: dict[int, str] = {
    # "Refund window passed; process the refund manually", seen in the v4 refund (other refund paths: not shown)
    4006: "REVERSAL_WINDOW_EXCEEDED",
    # PAYMENT_ERROR with payResponseCode WALLET_NOT_ACTIVATED (the apps-host listing spells it WALLLET_NOT_ACTIVATED)
    4007: "WALLET_NOT_ACTIVATED",
}
CONTEXT_FIELDS = ("qrCodeId", "storeId", "terminalId", "posDeviceId")  # callback data.transactionContext


def new_reference(prefix: str = "SBX") -> str:
    return prefix + secrets.token_hex(9).upper()


@dataclass(eq=False)
class Txn:
    kind: str  # payment | refund | collect | credit
    operation_id: str
    merchant_id: str
    transaction_id: str
    amount: int
    created_at: float
    provider_reference_id: str = field(default_factory=new_reference)
    code: str = PENDING
    outcome: str | None = SUCCESS
    settle_at: float | None = None
    expires_at: float | None = None
    pay_response_code: str | None = None
    merchant_order_id: str | None = None
    merchant_user_id: str | None = None
    mobile_number: str | None = None
    salt_index: str = "1"
    callback_url: str | None = None
    callback_mode: str = "POST"
    callback_kind: str | None = "payment"  # payment | charge | None (no callback)
    redirect_url: str | None = None
    redirect_mode: str = "REDIRECT"
    original: Txn | None = None  # refunds: the forward payment
    refunded: int = 0  # forward payments: amount of non-failed refunds
    payment_mode: str = "WALLET"
    page_opened: bool = False
    extra: dict[str, Any] = field(default_factory=dict)

    @property
    def terminal(self) -> bool:
        return self.code in TERMINAL

    @property
    def payment_state(self) -> str | None:
        if self.code == SUCCESS:
            return "COMPLETED"
        if self.terminal:
            return "FAILED"
        test = TEST_AMOUNTS.get(self.extra.get("test_value", 0))
        return None if test is None else test.pending_state

    @property
    def status(self) -> str:
        return {SUCCESS: "SUCCESS", PENDING: "PENDING"}.get(self.code, "FAILED")


class Store:
    def __init__(self, clock: Clock, settle_after: float) -> None:
        self.clock = clock
        self.settle_after = settle_after
        self.txns: dict[tuple[str, str], Txn] = {}
        self.by_reference: dict[str, Txn] = {}
        self.pending: set[Txn] = set()
        self.on_terminal: Callable[[Txn], None] = lambda txn: None
        # (due, sequence, txn) of pending transactions with an expiry or settle time; entries of transactions
        # finished meanwhile are dropped when they surface.
        self._due: list[tuple[float, int, Txn]] = []
        self._sequence = itertools.count()
        # Due to settle but held while a person has the payment page open: checked on every advance (few).
        self._held: set[Txn] = set()

    def get(self, merchant_id: str, transaction_id: str) -> Txn | None:
        return self.txns.get((merchant_id, transaction_id))

    def exists(self, merchant_id: str, transaction_id: str) -> bool:
        return (merchant_id, transaction_id) in self.txns

    def add(self, txn: Txn, test_amounts: bool = True) -> Txn:
        test = TEST_AMOUNTS.get(txn.amount) if test_amounts else None
        if test is not None:
            txn.outcome = test.outcome
            txn.extra["test_value"] = txn.amount
        if txn.outcome is not None and txn.settle_at is None:
            txn.settle_at = txn.created_at + self.settle_after
        self.txns[(txn.merchant_id, txn.transaction_id)] = txn
        self.by_reference[txn.provider_reference_id] = txn
        self.pending.add(txn)
        self._schedule(txn)
        if txn.kind == "refund" and txn.original is not None:
            txn.original.refunded += txn.amount
        return txn

    @staticmethod
    def _due_at(txn: Txn) -> float | None:
        times = [t for t in (txn.expires_at, txn.settle_at) if t is not None]
        return min(times) if times else None

    def _schedule(self, txn: Txn) -> None:
        due = self._due_at(txn)
        if due is not None:
            heapq.heappush(self._due, (due, next(self._sequence), txn))

    def _close_if_due(self, txn: Txn, now: float) -> bool | None:
        """True: closed; False: due but held (page open); None: not due."""
        if txn.expires_at is not None and now >= txn.expires_at:
            self.finish(txn, ERROR, notify=False, pay_response_code="EXPIRED")
            return True
        if txn.settle_at is not None and now >= txn.settle_at:
            if txn.page_opened:
                return False
            self.finish(txn, txn.outcome or SUCCESS)
            return True
        return None

    def advance(self) -> int:
        """Settle what is due on the sandbox clock; return how many transactions were closed."""
        now = self.clock.now()
        done = 0
        for txn in list(self._held):
            closed = self._close_if_due(txn, now)  # a closed transaction leaves _held in finish()
            if closed:
                done += 1
            elif closed is None:  # its times were moved after it was added
                self._held.discard(txn)
                self._schedule(txn)
        while self._due and self._due[0][0] <= now:
            _, _, txn = heapq.heappop(self._due)
            if txn not in self.pending or txn in self._held:
                continue
            closed = self._close_if_due(txn, now)
            if closed:
                done += 1
            elif closed is False:
                self._held.add(txn)
            else:  # its times were moved after it was added
                self._schedule(txn)
        return done

    def finish(self, txn: Txn, code: str, notify: bool = True, pay_response_code: str | None = None) -> bool:
        if txn.terminal:
            return False
        txn.code = code
        txn.pay_response_code = pay_response_code or ("SUCCESS" if code == SUCCESS else code)
        self.pending.discard(txn)
        self._held.discard(txn)
        if txn.kind == "refund" and code != SUCCESS and txn.original is not None:
            txn.original.refunded -= txn.amount
        if notify and txn.callback_kind is not None:
            self.on_terminal(txn)
        return True

    def status_data(self, txn: Txn) -> dict[str, Any]:
        data: dict[str, Any] = {
            "transactionId": txn.transaction_id,
            "merchantId": txn.merchant_id,
            "amount": txn.amount,
            "providerReferenceId": txn.provider_reference_id,
        }
        if txn.payment_state is not None:
            data["paymentState"] = txn.payment_state
        if txn.pay_response_code is not None:
            data["payResponseCode"] = txn.pay_response_code
        return data

    def callback_body(self, txn: Txn) -> dict[str, Any]:
        data = self.status_data(txn)
        mode: dict[str, Any] = {"mode": txn.payment_mode, "amount": txn.amount}
        if txn.payment_mode == "ACCOUNT":
            mode["utr"] = txn.provider_reference_id[-12:]
        data["paymentModes"] = [mode]
        context = txn.extra.get("transaction_context")
        if context:  # optional in the document: sent only when the transaction has one
            data["transactionContext"] = {name: context.get(name) for name in CONTEXT_FIELDS}
        return {"success": txn.code == SUCCESS, "code": txn.code, "message": MESSAGES[txn.code], "data": data}
