"""A stateful model test of the ledger (Hypothesis RuleBasedStateMachine) on SQLite and on PostgreSQL.

The model is the gateway's truth: which transactions it recorded (a request reached it and was processed), paid
or failed, and which requests are still travelling. Rules interleave what happens to a merchant's payments: send
attempts (answered 429 and sent again after a backoff, recorded, lost on the way back, dropped before the
gateway, arriving after the client gave up), the client's process dying mid-call, the gateway settling payments,
callbacks (true, and hostile: amount 1.0, "1", absent or another), reconciler claims and status reads (true and
hostile) from two processes on two machines, reconciler workers that die holding a claim, the passing of time and
clock jumps.

Invariants, after every step:
- the hook's verdict equals the truth: PAYMENT_SUCCESS only for a payment the gateway paid (for the amount sent),
  a failure code only for one it failed with that code, NOT_RECORDED / NOT_SENT only for one it never recorded
  and for which no request is still travelling (so none can ever be recorded);
- NOT_RECORDED never for a payment the gateway recorded, and no attempt is sent after it;
- the hook runs at most once per payment, and (at the end, once every pending hook is delivered) exactly once
  per final payment.

Time: the model keeps real time apart from the ledger's clock. A request reaches the gateway (or is lost) within
the grace of its send in real time (the assumption the grace stands for); the ledger's clock moves with real time
and also jumps, back or forward by any amount, at any moment; the machine's monotonic clock keeps real time.
Nothing sleeps.
"""

from __future__ import annotations

import itertools
import os
from dataclasses import dataclass, field
from typing import Any

import pytest
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, invariant, precondition, rule, run_state_machine_as_test
from ledger_support import FakeClock
from merchant_gateway.ledger import FINAL, NOT_RECORDED, NOT_SENT, Ledger, PaymentClosedError, open_store
from merchant_gateway.ledger.store import SqliteStore

GRACE = 60.0
CALL_BOUND = 300.0
FAILURES = ("PAYMENT_ERROR", "PAYMENT_DECLINED", "PAYMENT_CANCELLED")
HOSTILE = ("float", "string", "absent", "other")  # amounts that prove nothing
_merchants = itertools.count()


@dataclass
class Call:
    alive: bool = True  # the client's process; a dead one never reports the call's end
    open: bool = True
    rate_limited_only: bool = True  # every attempt so far was answered 429 (or refused): NOT_SENT is true


@dataclass
class Pay:
    txn: str
    amount: int
    call: Call = field(default_factory=Call)
    travelling: list[float] = field(default_factory=list)  # real send times of requests not yet at the gateway
    orphans: list[float] = field(default_factory=list)  # ... of those whose call already ended
    recorded: bool = False
    outcome: str | None = None  # the gateway's final code


def _answer(m: str, p: Pay, code: str, amount: object = "same") -> dict[str, Any]:
    data: dict[str, Any] = {"merchantId": m, "transactionId": p.txn}
    if amount == "same":
        data["amount"] = p.amount
    elif amount == "float":
        data["amount"] = float(p.amount)
    elif amount == "string":
        data["amount"] = str(p.amount)
    elif amount == "other":
        data["amount"] = p.amount + 1
    return {"success": code == "PAYMENT_SUCCESS", "code": code, "message": "m", "data": data}


class LedgerModel(RuleBasedStateMachine):
    store: Any = None  # set per backend

    def __init__(self) -> None:
        super().__init__()
        self.m = f"MODEL{next(_merchants)}"
        self.clock = FakeClock()
        self.real = 0.0
        self.hooks: list[tuple[str, str]] = []
        # two processes on two machines share the store: the web process (calls, callbacks) and a worker
        self.ledgers = [
            Ledger(
                self.store,
                on_final=lambda p: self.hooks.append((p.transaction_id, p.code)),
                clock=self.clock,
                sleep=self.clock.sleep,
                grace=GRACE,
                call_bound=CALL_BOUND,
                monotonic=lambda: self.real,  # each machine's monotonic clock keeps real time
                machine=machine,
            )
            for machine in ("web", "worker")
        ]
        self.ledger = self.ledgers[0]
        self.pays: dict[str, Pay] = {}
        self.ids = itertools.count()

    # --- helpers ------------------------------------------------------------------------------------------------

    def _any(self, ok: Any) -> bool:
        return any(ok(p) for p in self.pays.values())

    def _pick(self, data: st.DataObject, ok: Any) -> Pay | None:
        candidates = [p for p in self.pays.values() if ok(p)]
        return data.draw(st.sampled_from(candidates)) if candidates else None

    def _end_call(self, p: Pay, how: str) -> None:
        """The client learns how its call ended and tells the ledger (as the observer does)."""
        p.call.open = False
        p.orphans.extend(p.travelling)
        if how == "answer":
            self.ledger.record_answer(self.m, p.txn, "PAYMENT_SUCCESS")
        elif how == "unknown":
            self.ledger.record_unknown(self.m, p.txn, "OutcomeUnknown")
        elif how == "not-sent":
            self.ledger.record_final(self.m, p.txn, NOT_SENT, source="answer", detail="RateLimitedError")
        else:  # refused by the ledger before sending
            self.ledger.end_call(self.m, p.txn)

    def _arrive(self, p: Pay, sent: float, *, records: bool) -> None:
        p.travelling.remove(sent)
        was_orphan = sent in p.orphans
        if was_orphan:
            p.orphans.remove(sent)
        if not records:
            return
        p.recorded = True
        if p.call.open and p.call.alive and not was_orphan:
            self._end_call(p, "answer")

    # --- rules --------------------------------------------------------------------------------------------------

    @precondition(lambda self: len(self.pays) < 4)
    @rule(amount=st.integers(1, 10**7))
    def start(self, amount: int) -> None:
        p = Pay(f"T{next(self.ids)}", amount)
        self.pays[p.txn] = p
        self.ledger.record_intent(merchant_id=self.m, transaction_id=p.txn, operation="debitV4Web", amount=amount)

    @precondition(lambda self: self._any(lambda p: p.call.open and p.call.alive and not p.travelling))
    @rule(data=st.data())
    def attempt(self, data: st.DataObject) -> None:
        """The client sends (or re-sends after a 429 and its backoff) a request for an open call."""
        p = self._pick(data, lambda p: p.call.open and p.call.alive and not p.travelling)
        if p is None:
            return
        try:
            self.ledger.record_attempt(self.m, p.txn)
        except PaymentClosedError:
            row = self.ledger.get(p.txn, self.m)
            assert row is not None
            assert row.state == FINAL
            self._end_call(p, "refused")
            return
        p.travelling.append(self.real)

    @precondition(lambda self: self._any(lambda p: bool(p.travelling)))
    @rule(data=st.data(), fate=st.sampled_from(["429", "429", "recorded", "recorded-answer-lost", "dropped"]))
    def request_arrives(self, data: st.DataObject, fate: str) -> None:
        p = self._pick(data, lambda p: bool(p.travelling))
        if p is None:
            return
        sent = p.travelling[0]
        orphan = sent in p.orphans
        if fate == "429":  # not processed; the client may send again
            self._arrive(p, sent, records=False)
            if p.call.open and p.call.alive and not orphan and data.draw(st.booleans(), label="gives up"):
                self._end_call(p, "not-sent" if p.call.rate_limited_only else "unknown")
            return
        p.call.rate_limited_only = False
        if fate == "recorded":
            self._arrive(p, sent, records=True)
        elif fate == "recorded-answer-lost":
            self._arrive(p, sent, records=True)
            if p.call.open and p.call.alive and not orphan:
                self._end_call(p, "unknown")
        else:  # lost on the way to the gateway: the client sees a timeout
            self._arrive(p, sent, records=False)
            if p.call.open and p.call.alive and not orphan:
                self._end_call(p, "unknown")

    @precondition(lambda self: self._any(lambda p: p.call.open and p.call.alive and bool(p.travelling)))
    @rule(data=st.data())
    def client_times_out_while_request_travels(self, data: st.DataObject) -> None:
        p = self._pick(data, lambda p: p.call.open and p.call.alive and bool(p.travelling))
        if p is not None:
            p.call.rate_limited_only = False
            self._end_call(p, "unknown")  # the request is still on its way

    @precondition(lambda self: self._any(lambda p: p.call.open and p.call.alive))
    @rule(data=st.data())
    def client_process_dies(self, data: st.DataObject) -> None:
        p = self._pick(data, lambda p: p.call.open and p.call.alive)
        if p is not None:
            p.call.alive = False  # the ledger presumes its call over only at call_until
            p.call.rate_limited_only = False
            p.orphans.extend(p.travelling)

    @precondition(lambda self: self._any(lambda p: p.recorded and p.outcome is None))
    @rule(data=st.data(), code=st.sampled_from(("PAYMENT_SUCCESS", *FAILURES)))
    def gateway_settles(self, data: st.DataObject, code: str) -> None:
        p = self._pick(data, lambda p: p.recorded and p.outcome is None)
        if p is not None:
            p.outcome = code

    @precondition(lambda self: self._any(lambda p: p.outcome is not None))
    @rule(data=st.data())
    def callback(self, data: st.DataObject) -> None:
        p = self._pick(data, lambda p: p.outcome is not None)
        if p is not None:
            assert p.outcome is not None
            answer = _answer(self.m, p, p.outcome)
            self.ledger.observe_callback(self.m, p.txn, p.outcome, amount=None, answer=answer)

    @precondition(lambda self: bool(self.pays))
    @rule(data=st.data(), code=st.sampled_from(("PAYMENT_SUCCESS", "PAYMENT_ERROR")), amount=st.sampled_from(HOSTILE))
    def hostile_callback(self, data: st.DataObject, code: str, amount: str) -> None:
        """A callback that says a final state without proving the amount sent (whatever the gateway's truth)."""
        p = self._pick(data, lambda p: True)
        if p is not None and not (code != "PAYMENT_SUCCESS" and amount == "absent"):
            answer = _answer(self.m, p, code, amount=amount)
            self.ledger.observe_callback(self.m, p.txn, code, amount=None, answer=answer)

    def _status(self, p: Pay, hostile: tuple[str, str] | None) -> dict[str, Any]:
        if hostile is not None and not (hostile[0] != "PAYMENT_SUCCESS" and hostile[1] == "absent"):
            return _answer(self.m, p, hostile[0], amount=hostile[1])  # unproven: never final, whatever the truth
        if not p.recorded:
            return {"success": False, "code": "TRANSACTION_NOT_FOUND", "message": "m"}
        return _answer(self.m, p, p.outcome or "PAYMENT_PENDING")

    @rule(
        hostile=st.none() | st.tuples(st.sampled_from(("PAYMENT_SUCCESS", "PAYMENT_ERROR")), st.sampled_from(HOSTILE)),
        dies=st.booleans(),
        where=st.sampled_from((0, 1, 1)),
    )
    def reconciler_checks(self, hostile: tuple[str, str] | None, dies: bool, where: int) -> None:
        ledger = self.ledgers[where]
        for claim in ledger.claim_due(self.m, limit=3, lease=60):
            if dies:
                continue  # the worker died holding the claim: its lease ends, another worker checks later
            p = self.pays[claim.payment.transaction_id]
            ledger.finish_check(claim, answer=self._status(p, hostile))

    @rule(where=st.sampled_from((0, 1)))
    def hooks_delivered(self, where: int) -> None:
        self.ledgers[where].deliver_hooks(merchant_id=self.m)

    @rule(seconds=st.sampled_from([3.0, 20.0, 30.0, 61.0, 61.0, 200.0, 400.0]))
    def time_passes(self, seconds: float) -> None:
        # the grace's assumption: a request reaches the gateway (here: and is recorded, the worst case for a
        # "never recorded" verdict) within the grace of its send
        self.real += seconds
        for p in self.pays.values():
            for sent in list(p.travelling):
                if sent + GRACE <= self.real:
                    p.call.rate_limited_only = False
                    self._arrive(p, sent, records=True)
        self.clock.advance(seconds)

    @rule(seconds=st.sampled_from([-3600.0, -61.0, -5.0, 5.0, 61.0, 400.0, 3600.0]))
    def clock_jumps(self, seconds: float) -> None:
        self.clock.advance(seconds)  # the ledger's clock only: this machine's monotonic clock keeps real time

    # --- invariants ---------------------------------------------------------------------------------------------

    @invariant()
    def hooks_tell_the_truth_once(self) -> None:
        seen: set[str] = set()
        for txn, code in self.hooks:
            assert txn not in seen, f"hook ran twice for {txn}"
            seen.add(txn)
            p = self.pays[txn]
            if code == "PAYMENT_SUCCESS" or code in FAILURES:
                assert p.outcome == code, f"{txn}: hook says {code}, gateway says {p.outcome}"
            elif code in (NOT_RECORDED, NOT_SENT):
                assert not p.recorded, f"{txn}: {code} but the gateway recorded it"
                assert not p.travelling, f"{txn}: {code} but the request may still reach the gateway"
            else:
                assert code == "UNRESOLVED", code

    @invariant()
    def ledger_finals_are_true(self) -> None:
        for p in self.pays.values():
            if not (p.recorded or p.outcome):
                continue
            row = self.ledger.get(p.txn, self.m)
            assert row is not None
            if row.state == FINAL:
                assert row.code not in (NOT_RECORDED, NOT_SENT), f"{p.txn}: {row.code} for a recorded payment"
                if row.code == "PAYMENT_SUCCESS" or row.code in FAILURES:
                    assert row.code == p.outcome

    def teardown(self) -> None:
        try:
            self.clock.advance(self.ledger.hook_lease + 1)  # leases of hooks that failed mid-way end
            self.ledger.deliver_hooks(merchant_id=self.m)
            ran = [txn for txn, _ in self.hooks]
            for p in self.pays.values():
                row = self.ledger.get(p.txn, self.m)
                assert row is not None
                assert ran.count(p.txn) == (1 if row.state == FINAL else 0), (p.txn, row.state, ran)
        finally:
            for ledger in self.ledgers:
                ledger.hook = None


# `make test` runs 120 examples of 80 steps per backend (about 10,000 steps of every rule, a few seconds);
# MGW_LEDGER_MODEL_EXAMPLES asks for more (the model was written at 300; a soak can run thousands).
MODEL_SETTINGS = settings(
    max_examples=int(os.environ.get("MGW_LEDGER_MODEL_EXAMPLES", "120")),
    stateful_step_count=80,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
    database=None,
)


@pytest.fixture
def model_store(store_url: str) -> Any:
    if store_url.startswith("sqlite:///"):
        store: Any = SqliteStore(store_url.removeprefix("sqlite:///"), synchronous="OFF")
    else:
        store = open_store(store_url)
    yield store
    store.close()


def test_the_ledger_agrees_with_the_gateways_truth(model_store: Any) -> None:
    machine = type("LedgerModelOnStore", (LedgerModel,), {"store": model_store})
    run_state_machine_as_test(machine, settings=MODEL_SETTINGS)
