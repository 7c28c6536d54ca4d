"""The ledger over both backends (a SQLite file; a real PostgreSQL server): write-ahead, states that only
progress, OutcomeUnknown as a ledger state, the reconciler on the published schedule, one final transition and one
hook per payment whichever observer saw it first, claims that are never held twice."""

from __future__ import annotations

import threading
from collections import Counter
from typing import Any

import httpx
import pytest
from ledger_support import MERCHANT, FakeClock, advance, settings
from merchant_gateway import Gateway, GatewayConnectionError, InvalidTransactionIdError, OutcomeUnknown
from merchant_gateway.ledger import (
    ACCEPTED,
    FINAL,
    NOT_RECORDED,
    NOT_SENT,
    RECORDED,
    REJECTED,
    UNKNOWN,
    DuplicateTransactionError,
    Ledger,
    PaymentClosedError,
    Reconciler,
)
from merchant_gateway.ledger import model as ledger_model
from merchant_gateway.transports import GatewayTransport
from merchant_gateway_sandbox.faults import Fault

from tests.support.ports import refusing_port

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")


def pay(gw: Gateway, txn: str, amount: int = 10_000) -> Any:
    return gw.debit_v4_web(transaction_id=txn, amount=amount, merchant_order_id=f"OD-{txn}", merchant_user_id="U1")


class SpyTransport(httpx.BaseTransport):
    """The real transport, plus: what the ledger held for the transaction when the request left."""

    def __init__(self, ledger: Ledger) -> None:
        self.inner = GatewayTransport()
        self.ledger = ledger
        self.seen: list[str | None] = []

    def handle_request(self, request: httpx.Request) -> httpx.Response:
        import base64
        import json

        body = json.loads(request.read() or b"{}")
        if "request" in body:
            txn = json.loads(base64.b64decode(body["request"]))["transactionId"]
            row = self.ledger.get(txn, MERCHANT)
            self.seen.append(None if row is None else row.state)
        return self.inner.handle_request(request)

    def close(self) -> None:
        self.inner.close()


def test_every_money_moving_call_is_recorded_before_it_is_sent(
    t: Any, sandbox: Any, ledger: Ledger, clock: FakeClock
) -> None:
    spy = SpyTransport(ledger)
    with Gateway(**settings(sandbox), observer=ledger.observer, transport=spy) as gw:
        pay(gw, t("WA1"))
        advance(sandbox, clock, 6)  # settled: refundable
        gw.refund_v4(
            transaction_id=t("WA1R"), original_transaction_id=t("WA1"), amount=100, merchant_order_id="R", message="m"
        )
        gw.collect_request(
            transaction_id=t("WA1C"),
            merchant_order_id="OC",
            amount=300,
            instrument_type="MOBILE",
            instrument_reference="9999999999",
            expires_in=180,
            callback_url="http://127.0.0.1:9/cb",
        )
    assert spy.seen == [RECORDED, RECORDED, RECORDED]
    p = ledger.get(t("WA1"), MERCHANT)
    assert p is not None
    assert p.state == ACCEPTED
    assert p.amount == 10_000
    assert p.order_id == "OD-" + t("WA1")
    assert p.next_check_at == pytest.approx(p.created_at + 20)  # the published schedule's first check
    refund = ledger.get(t("WA1R"), MERCHANT)
    assert refund is not None
    assert refund.kind == "refund"
    assert refund.original_transaction_id == t("WA1")
    collect = ledger.get(t("WA1C"), MERCHANT)
    assert collect is not None
    assert collect.kind == "collect"
    assert collect.deadline == pytest.approx(clock() + 180)  # a collect's expiry ends its schedule
    assert [e["source"] for e in ledger.events(t("WA1"), MERCHANT)] == ["intent", "answer"]


def test_outcome_unknown_is_a_ledger_state_settled_by_the_reconciler(
    t: Any, sandbox: Any, gateway: Gateway, ledger: Ledger, clock: FakeClock
) -> None:
    fired: list[str] = []
    ledger.hook = lambda p: fired.append(f"{p.transaction_id}:{p.code}")
    sandbox.sandbox.faults.add(Fault(kind="drop_after", operation_id="debitV4Web"))
    with pytest.raises(OutcomeUnknown):
        pay(gateway, t("OU1"))
    p = ledger.get(t("OU1"), MERCHANT)
    assert p is not None
    assert p.state == UNKNOWN
    rec = Reconciler(ledger, gateway, concurrency=1)
    assert rec.run_once() == 0  # nothing is due before the schedule's first check (20 s)
    advance(sandbox, clock, 20)
    assert rec.run_once() == 1
    p = ledger.get(t("OU1"), MERCHANT)
    assert p is not None
    assert p.state == FINAL
    assert p.code == "PAYMENT_SUCCESS"
    assert p.final_source == "status"
    assert fired == [t("OU1") + ":PAYMENT_SUCCESS"]
    assert rec.run_once() == 0
    assert fired == [t("OU1") + ":PAYMENT_SUCCESS"]


def test_a_request_that_never_reached_the_gateway_becomes_not_recorded_after_the_grace(
    t: Any, sandbox: Any, gateway: Gateway, ledger: Ledger, clock: FakeClock
) -> None:
    sandbox.sandbox.faults.add(Fault(kind="drop_before", operation_id="debitV4Web"))
    with pytest.raises(OutcomeUnknown):
        pay(gateway, t("NR1"))
    rec = Reconciler(ledger, gateway, concurrency=1)
    advance(sandbox, clock, 20)
    rec.run_once()  # TRANSACTION_NOT_FOUND 20 s after: the request may still be in processing
    p = ledger.get(t("NR1"), MERCHANT)
    assert p is not None
    assert p.state == UNKNOWN
    assert p.checks == 1
    advance(sandbox, clock, 45)
    rec.run_once()  # 65 s after the only attempt, but 45 s after the first read that found nothing
    p = ledger.get(t("NR1"), MERCHANT)
    assert p is not None
    assert p.state == UNKNOWN
    assert p.checks == 2
    advance(sandbox, clock, 20)
    rec.run_once()
    p = ledger.get(t("NR1"), MERCHANT)
    assert p is not None
    assert p.state == FINAL
    assert p.code == NOT_RECORDED
    with pytest.raises(PaymentClosedError):  # no request for it can follow that verdict
        ledger.record_attempt(MERCHANT, t("NR1"))


def test_refused_requests_are_final_rejected_and_local_duplicates_send_nothing(
    t: Any, sandbox: Any, gateway: Gateway, ledger: Ledger
) -> None:
    with Gateway(**settings(sandbox)) as plain:  # the id is used at the gateway outside this ledger
        pay(plain, t("RJ1"))
    with pytest.raises(InvalidTransactionIdError):
        pay(gateway, t("RJ1"))
    p = ledger.get(t("RJ1"), MERCHANT)
    assert p is not None
    assert p.state == FINAL
    assert p.code == REJECTED
    assert p.detail == "INVALID_TRANSACTION_ID"
    pay(gateway, t("RJ2"))
    spy = SpyTransport(ledger)
    with (
        Gateway(**settings(sandbox), observer=ledger.observer, transport=spy) as gw,
        pytest.raises(DuplicateTransactionError),
    ):
        pay(gw, t("RJ2"))
    assert spy.seen == []  # refused before sending


def test_connection_refused_is_final_not_sent(ledger: Ledger) -> None:
    with refusing_port() as port:  # held, never listening: every connection is refused
        cfg = {"merchant_id": MERCHANT, "salt_key": "s", "salt_index": "1", "base_url": f"http://127.0.0.1:{port}/b"}
        with (
            Gateway(**cfg, observer=ledger.observer, sleep=lambda s: None) as gw,
            pytest.raises(GatewayConnectionError) as info,
        ):
            pay(gw, "NS1")
    assert not isinstance(info.value, OutcomeUnknown)
    p = ledger.get("NS1", MERCHANT)
    assert p is not None
    assert p.state == FINAL
    assert p.code == NOT_SENT


def test_states_only_move_forward(ledger: Ledger) -> None:
    ledger.record_intent(merchant_id=MERCHANT, transaction_id="FW1", operation="debitV4Web", amount=500)
    assert ledger.record_answer(MERCHANT, "FW1", "PAYMENT_PENDING")
    assert not ledger.record_unknown(MERCHANT, "FW1")  # an answer was seen: never back to unknown
    assert ledger.record_final(MERCHANT, "FW1", "PAYMENT_SUCCESS", source="callback", amount=500)
    assert not ledger.record_final(MERCHANT, "FW1", "PAYMENT_ERROR", source="status")
    assert not ledger.record_answer(MERCHANT, "FW1", "PAYMENT_PENDING")
    p = ledger.get("FW1", MERCHANT)
    assert p is not None
    assert p.code == "PAYMENT_SUCCESS"
    assert p.final_source == "callback"
    conflict = [e for e in ledger.events("FW1", MERCHANT) if (e["detail"] or "").startswith("conflict")]
    assert len(conflict) == 1
    assert conflict[0]["code"] == "PAYMENT_ERROR"


def test_a_success_for_another_amount_is_never_a_success(ledger: Ledger) -> None:
    ledger.record_intent(merchant_id=MERCHANT, transaction_id="AM1", operation="debitV4Web", amount=500)
    assert ledger.observe_callback(MERCHANT, "AM1", "PAYMENT_SUCCESS", amount=501) == "amount_mismatch"
    p = ledger.get("AM1", MERCHANT)
    assert p is not None
    assert p.state == RECORDED
    assert p.next_check_at == pytest.approx(ledger.clock())
    assert not ledger.record_final(MERCHANT, "AM1", "PAYMENT_SUCCESS", source="status", amount=499)
    p = ledger.get("AM1", MERCHANT)  # proves nothing about this payment: it stays open and is checked again
    assert p is not None
    assert p.state == RECORDED
    assert not p.succeeded
    reasons = [e["detail"] for e in ledger.events("AM1", MERCHANT) if e["source"] == "status"]
    assert len(reasons) == 1
    assert "amount 499 differs" in reasons[0]


def test_the_reconciler_follows_the_published_schedule_and_gives_up_explicitly(
    t: Any, sandbox: Any, gateway: Gateway, ledger: Ledger, clock: FakeClock
) -> None:
    pay(gateway, t("SC1"), amount=4004)  # a sandbox amount that stays PAYMENT_PENDING
    rec = Reconciler(ledger, gateway, concurrency=1)
    checks: list[float] = []
    start = clock()
    while clock() - start < 16 * 60:
        if rec.run_once():
            checks.append(round(clock() - start))
        advance(sandbox, clock, 1)
    offsets = [round(o) for o in ledger_model._offsets(ledger.schedule, None)]
    assert checks == offsets  # 20, 23, 26, ... then every minute up to 15 minutes; no burst, no gap
    p = ledger.get(t("SC1"), MERCHANT)
    assert p is not None
    assert p.state == "overdue"
    while clock() - start < ledger.give_up_after:  # checked every overdue_every, open all the while
        advance(sandbox, clock, ledger.overdue_every)
        rec.run_once()
        p = ledger.get(t("SC1"), MERCHANT)
        assert p is not None
        assert p.state == ("overdue" if clock() - start < ledger.give_up_after else FINAL), clock() - start
    assert p.code == "UNRESOLVED"


def test_final_state_fires_the_hook_once_whichever_observer_sees_it_first(make_ledger: Any) -> None:
    fired: Counter[str] = Counter()
    lock = threading.Lock()

    def hook(p: Any) -> None:
        with lock:
            fired[p.transaction_id] += 1

    # three "processes" (own store, own owner) race to report the same final states
    ledgers = [make_ledger(on_final=hook) for _ in range(3)]
    ids = [f"RC{i}" for i in range(40)]
    for txn in ids:
        ledgers[0].record_intent(merchant_id=MERCHANT, transaction_id=txn, operation="debitV4Web", amount=700)
    barrier = threading.Barrier(3)

    def callback_side() -> None:
        barrier.wait()
        for txn in ids:
            ledgers[0].observe_callback(MERCHANT, txn, "PAYMENT_SUCCESS", amount=700)
            ledgers[0].observe_callback(MERCHANT, txn, "PAYMENT_SUCCESS", amount=700)  # duplicate delivery

    def status_side() -> None:
        barrier.wait()
        for txn in reversed(ids):
            ledgers[1].record_final(MERCHANT, txn, "PAYMENT_SUCCESS", source="status", amount=700)

    def late_side() -> None:
        barrier.wait()
        for txn in ids:  # an out-of-order callback with another terminal code
            ledgers[2].observe_callback(MERCHANT, txn, "PAYMENT_ERROR", amount=700)

    threads = [threading.Thread(target=f) for f in (callback_side, status_side, late_side)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert fired == Counter({txn: 1 for txn in ids})
    for txn in ids:
        p = ledgers[0].get(txn, MERCHANT)
        assert p is not None
        assert p.state == FINAL
        assert not p.hook_pending


def test_hook_inside_the_ledger_transaction_commits_with_it_or_not_at_all(make_ledger: Any, clock: FakeClock) -> None:
    calls = {"n": 0}

    def fulfil(p: Any, tx: Any) -> None:
        calls["n"] += 1
        tx.execute("INSERT INTO shop_orders (txn) VALUES (?)", (p.transaction_id,))
        if calls["n"] == 1:
            raise RuntimeError("warehouse said no")  # its insert is rolled back; the final state stays

    ledger = make_ledger(on_final=fulfil, hook_in_transaction=True)
    with ledger.store.transaction() as tx:
        tx.execute("CREATE TABLE shop_orders (txn TEXT NOT NULL)")
    ledger.record_intent(merchant_id=MERCHANT, transaction_id="TX1", operation="debitV4Web", amount=100)
    assert ledger.record_final(MERCHANT, "TX1", "PAYMENT_SUCCESS", source="callback", amount=100)
    p = ledger.get("TX1", MERCHANT)
    assert p is not None
    assert p.state == FINAL
    assert p.hook_pending

    def orders() -> list[str]:
        with ledger.store.transaction() as tx:
            return [r["txn"] for r in tx.execute("SELECT txn FROM shop_orders")]

    assert orders() == []
    assert ledger.deliver_hooks() == 0  # retried only after hook_retry
    clock.advance(ledger.hook_retry)
    assert ledger.deliver_hooks() == 1
    assert ledger.deliver_hooks() == 0
    assert orders() == ["TX1"]
    p = ledger.get("TX1", MERCHANT)
    assert p is not None
    assert not p.hook_pending


def test_a_hook_whose_process_died_runs_again_elsewhere_with_the_same_idempotency_key(
    make_ledger: Any, clock: FakeClock
) -> None:
    keys: list[str] = []

    class ProcessDied(BaseException):
        pass

    def dies(p: Any) -> None:
        keys.append(p.idempotency_key)
        raise ProcessDied  # the effect happened; "done" was never written

    first = make_ledger(on_final=dies)
    first.record_intent(merchant_id=MERCHANT, transaction_id="HD1", operation="debitV4Web", amount=100)
    with pytest.raises(ProcessDied):
        first.record_final(MERCHANT, "HD1", "PAYMENT_SUCCESS", source="callback", amount=100)
    second = make_ledger(on_final=lambda p: keys.append(p.idempotency_key))
    assert second.deliver_hooks() == 0  # the dead process's hook lease still holds
    clock.advance(second.hook_lease + 1)
    assert second.deliver_hooks() == 1
    assert keys == [f"{MERCHANT}:HD1:PAYMENT_SUCCESS"] * 2  # at least once, never with a different key
    # a process without a hook leaves it to one that has one
    silent = make_ledger()
    silent.record_intent(merchant_id=MERCHANT, transaction_id="HD2", operation="debitV4Web", amount=100)
    silent.record_final(MERCHANT, "HD2", "PAYMENT_ERROR", source="status")
    assert second.deliver_hooks() == 1
    assert keys[-1] == f"{MERCHANT}:HD2:PAYMENT_ERROR"


def test_a_due_check_is_claimed_by_one_worker_until_its_lease_ends(make_ledger: Any, clock: FakeClock) -> None:
    workers = [make_ledger() for _ in range(4)]
    for i in range(60):
        workers[0].record_intent(merchant_id=MERCHANT, transaction_id=f"CL{i}", operation="debitV4Web", amount=1)
    clock.advance(20)
    claimed: list[tuple[str, int]] = []
    lock = threading.Lock()
    barrier = threading.Barrier(4)

    def work(ledger: Ledger) -> None:
        barrier.wait()
        while True:
            got = ledger.claim_due(MERCHANT, limit=3, lease=60)
            if not got:
                return
            with lock:
                claimed.extend((c.payment.transaction_id, c.seq) for c in got)

    threads = [threading.Thread(target=work, args=(w,)) for w in workers]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sorted(t for t, _ in claimed) == sorted(f"CL{i}" for i in range(60))  # each exactly once
    assert workers[1].claim_due(MERCHANT, limit=100, lease=60) == []
    clock.advance(61)  # every lease expired: a worker that died gives its checks back
    again = workers[1].claim_due(MERCHANT, limit=100, lease=60)
    assert len(again) == 60
    assert all(c.seq == 2 for c in again)
    # the first claim's late result is fenced off
    stale = workers[0].claim_due  # noqa: F841 - readability
    first_claim = next(c for c in again if c.payment.transaction_id == "CL0")
    old = type(first_claim)(first_claim.payment, "dead-worker/1", 1, first_claim.lease_until, None)
    assert workers[0].finish_check(old, code="PAYMENT_PENDING") == "lost"
    assert workers[1].finish_check(first_claim, code="PAYMENT_PENDING") == "open"


def test_async_gateway_records_too_and_a_cancelled_call_is_unknown(t: Any, sandbox: Any, ledger: Ledger) -> None:
    import asyncio

    from merchant_gateway import AsyncGateway

    async def run() -> None:
        async with AsyncGateway(**settings(sandbox), observer=ledger.observer) as gw:
            await gw.debit_v4_web(transaction_id=t("AS1"), amount=100, merchant_order_id="O", merchant_user_id="U")
            sandbox.sandbox.faults.add(Fault(kind="delay", operation_id="debitV4Web", seconds=2.0))
            task = asyncio.ensure_future(
                gw.debit_v4_web(transaction_id=t("AS2"), amount=100, merchant_order_id="O", merchant_user_id="U")
            )
            # cancelled once the gateway has the request (the delay fault records it at once and answers 2 s later),
            # not after a fixed pause a loaded machine may not have reached the send in
            for _ in range(3000):  # a guard against a hang (30 s), not a measurement
                if (MERCHANT, t("AS2")) in sandbox.sandbox.store.txns:
                    break
                await asyncio.sleep(0.01)
            task.cancel()
            with pytest.raises(asyncio.CancelledError):
                await task

    try:
        asyncio.run(run())
    finally:
        sandbox.sandbox.faults.clear()
    a1, a2 = ledger.get(t("AS1"), MERCHANT), ledger.get(t("AS2"), MERCHANT)
    assert a1 is not None
    assert a1.state == ACCEPTED
    assert a2 is not None
    assert a2.state == UNKNOWN


def test_next_check_collapses_missed_moments_and_respects_rate_limit_waits() -> None:
    from merchant_gateway.flows.schedule import DEFAULT_SCHEDULE

    kw: dict[str, Any] = {"started_at": 0.0, "deadline": 900.0, "overdue_every": 900.0, "give_up_at": 86400.0}
    kw["checks"] = 0
    assert ledger_model.next_check(DEFAULT_SCHEDULE, now=20.0, **kw) == (None, 23.0)
    assert ledger_model.next_check(DEFAULT_SCHEDULE, now=100.0, **kw) == (None, 104.0)  # one check, not a burst
    assert ledger_model.next_check(DEFAULT_SCHEDULE, now=20.0, not_before=40.0, **kw) == (None, 41.0)
    assert ledger_model.next_check(DEFAULT_SCHEDULE, now=900.0, **kw) == ("overdue", 1800.0)
    bound = {k: v for k, v in kw.items() if k != "checks"}
    enough = ledger_model.checks_to_give_up(DEFAULT_SCHEDULE, **bound)
    assert ledger_model.next_check(DEFAULT_SCHEDULE, now=86400.0, **{**kw, "checks": enough}) == ("final", None)
    # at give_up_at on the clock, but too few checks made for the time (the clock jumped): checked again later
    late = ledger_model.next_check(DEFAULT_SCHEDULE, now=90000.0, **{**kw, "checks": enough - 1})
    assert late == ("overdue", 90900.0)
