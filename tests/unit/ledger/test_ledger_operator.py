"""What an operator reads from the ledger and does to it (merchant_gateway.ledger.admin), on both backends: one
payment's history, pending hooks with their errors, a hook retried now, a payment checked now through the
reconciler's own check, a stuck payment resolved with a reason (refused when it contradicts what was recorded),
and windows over created_at backed by indexes (the query plan says so)."""

from __future__ import annotations

from typing import Any

import pytest
from ledger_support import MERCHANT, FakeClock, advance, settings
from merchant_gateway import Gateway
from merchant_gateway.errors import ConfigurationError, ValidationError
from merchant_gateway.ledger import FINAL, Ledger, Reconciler, admin, migrate, open_store
from merchant_gateway.ledger.admin import ResolveRefused
from merchant_gateway_sandbox.faults import Fault


def intent(ledger: Ledger, txn: str, amount: int = 500) -> None:
    ledger.record_intent(merchant_id=MERCHANT, transaction_id=txn, operation="debitV4Web", amount=amount)


def pay(gw: Gateway, txn: str, amount: int = 1000) -> Any:
    return gw.debit_v4_web(transaction_id=txn, amount=amount, merchant_order_id=f"OD-{txn}", merchant_user_id="U1")


def test_history_lists_a_payments_events_in_order_with_their_times(ledger: Ledger, clock: FakeClock) -> None:
    intent(ledger, "H1")
    clock.advance(2)
    ledger.record_answer(MERCHANT, "H1", "PAYMENT_PENDING")
    clock.advance(3)
    assert ledger.observe_callback(MERCHANT, "H1", "PAYMENT_SUCCESS", amount=500) == "final"
    got = admin.history(ledger, "H1")
    assert got is not None
    assert got.payment.state == FINAL
    assert got.payment.code == "PAYMENT_SUCCESS"
    assert [(e.source, e.state, e.code) for e in got.events] == [
        ("intent", "recorded", None),
        ("answer", "accepted", "PAYMENT_PENDING"),
        ("callback", "final", "PAYMENT_SUCCESS"),
    ]
    assert [e.at - got.events[0].at for e in got.events] == [0, 2, 5]
    assert admin.history(ledger, "NOPE") is None


def test_one_id_under_two_merchants_needs_the_merchant_named(ledger: Ledger) -> None:
    intent(ledger, "TWO")
    ledger.record_intent(merchant_id="OTHER", transaction_id="TWO", operation="debitV4Web", amount=9)
    with pytest.raises(ValidationError, match="--merchant-id"):
        admin.history(ledger, "TWO")
    got = admin.history(ledger, "TWO", merchant_id="OTHER")
    assert got is not None
    assert got.payment.amount == 9


def test_failing_hooks_are_listed_with_their_error_and_a_retry_runs_them_now(
    make_ledger: Any, clock: FakeClock
) -> None:
    def broken(p: Any) -> None:
        raise RuntimeError("the shop's database is down")

    ran: list[str] = []
    web = make_ledger(on_final=broken)
    intent(web, "HK1")
    intent(web, "HK2")
    web.end_call(MERCHANT, "HK1")
    assert web.record_final(MERCHANT, "HK1", "PAYMENT_SUCCESS", source="status", amount=500)
    hooks = admin.pending_hooks(web)
    assert [(h.transaction_id, h.attempts, h.error) for h in hooks] == [
        ("HK1", 1, "builtins.RuntimeError")  # the class alone: a message may quote the merchant's data
    ]
    assert hooks[0].next_at == clock() + web.hook_retry
    assert admin.retry_hook(web, "HK1") == ("failed", "builtins.RuntimeError")
    assert admin.pending_hooks(web)[0].attempts == 2

    plain = make_ledger()  # no hook here: made due now, for a worker that has it
    assert admin.retry_hook(plain, "HK1") == ("due", "builtins.RuntimeError")
    assert admin.pending_hooks(plain)[0].next_at == clock()

    fixed = make_ledger(on_final=lambda p: ran.append(p.transaction_id))
    assert admin.retry_hook(fixed, "HK1") == ("ran", None)
    assert ran == ["HK1"]
    assert admin.pending_hooks(fixed) == []
    assert admin.retry_hook(fixed, "HK1") == ("not_pending", None)  # done: never run twice
    assert admin.retry_hook(fixed, "HK2") == ("not_pending", None)  # not final: no hook yet
    assert admin.retry_hook(fixed, "NOPE") == ("unknown_transaction", None)
    assert ran == ["HK1"]


def test_a_hook_running_elsewhere_is_left_alone(make_ledger: Any) -> None:
    seen: list[tuple[str, str | None]] = []
    operator = make_ledger()

    def slow(p: Any) -> None:  # while it runs, its process holds the hook's lease
        seen.append(admin.retry_hook(operator, p.transaction_id))

    web = make_ledger(on_final=slow)
    intent(web, "HR1")
    web.end_call(MERCHANT, "HR1")
    web.record_final(MERCHANT, "HR1", "PAYMENT_SUCCESS", source="status", amount=500)
    assert seen == [("running", None)]
    assert admin.pending_hooks(operator) == []  # it completed; the retry changed nothing


def test_a_retried_hook_in_the_ledgers_transaction_commits_with_it(make_ledger: Any) -> None:
    def broken(p: Any, tx: Any) -> None:
        raise RuntimeError("no")

    web = make_ledger(on_final=broken, hook_in_transaction=True)
    intent(web, "HT1")
    web.end_call(MERCHANT, "HT1")
    web.record_final(MERCHANT, "HT1", "PAYMENT_ERROR", source="status", amount=500)
    assert admin.pending_hooks(web)[0].error == "builtins.RuntimeError"  # the class: a message may quote data

    def fulfil(p: Any, tx: Any) -> None:
        tx.execute(
            "INSERT INTO mgw_events (merchant_id, transaction_id, at, source) VALUES (?, ?, 0, 'shop')",
            (p.merchant_id, p.transaction_id),
        )

    fixed = make_ledger(on_final=fulfil, hook_in_transaction=True)
    assert admin.retry_hook(fixed, "HT1") == ("ran", None)
    got = admin.history(fixed, "HT1")
    assert got is not None
    # the hook's own write commits with it, and its run is an event of the payment (with the process as actor)
    assert [e.source for e in got.events][-2:] == ["shop", "hook"]
    assert (got.events[-1].detail, got.events[-1].actor) == ("ran", fixed.owner)
    assert not got.payment.hook_pending


def test_resolve_ends_a_stuck_payment_with_the_operators_name_and_reason(make_ledger: Any, clock: FakeClock) -> None:
    fired: list[str] = []
    ledger = make_ledger(on_final=lambda p: fired.append(f"{p.transaction_id}:{p.code}"))
    intent(ledger, "RS1")
    ledger.end_call(MERCHANT, "RS1")
    resolved = admin.resolve(
        ledger, "RS1", code="PAYMENT_DECLINED", reason="gateway support: declined  by the bank", operator="alice"
    )
    assert resolved.state == FINAL
    assert resolved.code == "PAYMENT_DECLINED"
    assert resolved.final_source == "operator"
    resolution, hook = ledger.events("RS1", MERCHANT)[-2:]
    assert (resolution["source"], resolution["state"], resolution["code"]) == ("operator", "final", "PAYMENT_DECLINED")
    assert resolution["detail"] == "resolved by alice: gateway support: declined by the bank"
    assert resolution["actor"] == "alice"  # the operator, not the process
    assert fired == ["RS1:PAYMENT_DECLINED"]  # the merchant's hook follows, as for any final payment
    assert (hook["source"], hook["detail"], hook["actor"]) == ("hook", "ran", ledger.owner)


def test_resolve_refuses_what_contradicts_the_record_and_changes_nothing(ledger: Ledger) -> None:
    intent(ledger, "RC1")
    with pytest.raises(ResolveRefused, match="a call is still sending it"):
        admin.resolve(ledger, "RC1", code="UNRESOLVED", reason="r", operator="bob")
    ledger.end_call(MERCHANT, "RC1")
    # the gateway said PAYMENT_SUCCESS, for an amount that does not prove it: still open, but not a failure
    assert ledger.observe_callback(MERCHANT, "RC1", "PAYMENT_SUCCESS", amount=501) == "amount_mismatch"
    before = ledger.events("RC1", MERCHANT)
    for failed in ("PAYMENT_ERROR", "PAYMENT_CANCELLED"):
        with pytest.raises(ResolveRefused, match="reported PAYMENT_SUCCESS .callback"):
            admin.resolve(ledger, "RC1", code=failed, reason="customer says so", operator="bob")
    p = ledger.get("RC1", MERCHANT)
    assert p is not None
    assert p.state != FINAL
    assert ledger.events("RC1", MERCHANT) == before

    intent(ledger, "RC2")
    ledger.end_call(MERCHANT, "RC2")
    failed_answer = {"success": False, "code": "PAYMENT_ERROR", "data": {"merchantId": MERCHANT, "amount": 499}}
    failed_answer["data"]["transactionId"] = "RC2"
    assert ledger.record_status(MERCHANT, "RC2", failed_answer) == "open"
    with pytest.raises(ResolveRefused, match="reported PAYMENT_ERROR"):
        admin.resolve(ledger, "RC2", code="PAYMENT_SUCCESS", reason="r", operator="bob")
    assert admin.resolve(ledger, "RC2", code="UNRESOLVED", reason="settled by phone", operator="bob").code == (
        "UNRESOLVED"
    )
    with pytest.raises(ResolveRefused, match="final already .UNRESOLVED, by operator"):
        admin.resolve(ledger, "RC2", code="PAYMENT_ERROR", reason="r", operator="bob")


@pytest.mark.parametrize(
    ("fields", "match"),
    [
        ({"code": "NOT_RECORDED"}, "--state: must be one of PAYMENT_CANCELLED"),
        ({"code": "NOT_SENT"}, "--state"),
        ({"reason": "  "}, "--reason: must be given"),
        ({"operator": ""}, "--operator: must be given"),
        ({"operator": "x" * 101}, "--operator: must be given, up to 100"),
    ],
)
def test_resolve_checks_its_input_before_anything(ledger: Ledger, fields: dict[str, str], match: str) -> None:
    intent(ledger, "RI1")
    ledger.end_call(MERCHANT, "RI1")
    given = {"code": "UNRESOLVED", "reason": "r", "operator": "o", **fields}
    with pytest.raises(ValidationError, match=match):
        admin.resolve(ledger, "RI1", **given)
    with pytest.raises(ValidationError, match="not in the ledger"):
        admin.resolve(ledger, "NOPE", code="UNRESOLVED", reason="r", operator="o")
    assert len(ledger.events("RI1", MERCHANT)) == 1


def test_check_now_reads_the_status_through_the_reconcilers_own_check(
    t: Any, sandbox: Any, gateway: Gateway, ledger: Ledger, clock: FakeClock
) -> None:
    pay(gateway, t("CK1"))
    pay(gateway, t("CK2"), amount=4004)  # a sandbox amount that stays PAYMENT_PENDING
    advance(sandbox, clock, 6)  # settled in the sandbox; the ledger's first check is not due before 20 s
    done = admin.check_now(ledger, gateway, t("CK1"))
    assert (done.result, done.code, done.payment.state, done.payment.final_source) == (
        "final",
        "PAYMENT_SUCCESS",
        FINAL,
        "status",
    )
    assert done.payment.checks == 0  # made final by the check's answer, not rescheduled
    again = admin.check_now(ledger, gateway, t("CK1"))
    assert (again.result, again.code) == ("already_final", "PAYMENT_SUCCESS")
    pending = admin.check_now(ledger, gateway, t("CK2"))
    assert (pending.result, pending.code, pending.payment.checks) == ("open", "PAYMENT_PENDING", 1)
    advance(sandbox, clock, 30)
    claims = ledger.claim_due(MERCHANT, limit=1, lease=60)  # a worker is checking it right now
    assert [c.payment.transaction_id for c in claims] == [t("CK2")]
    busy = admin.check_now(ledger, gateway, t("CK2"))
    assert busy.result == "busy"
    assert busy.payment.checks == 1
    with pytest.raises(ValidationError, match="not in the ledger"):
        admin.check_now(ledger, gateway, t("NOPE"))
    pay(gateway, t("CK3"))
    advance(sandbox, clock, 6)
    admin.resolve(ledger, t("CK3"), code="PAYMENT_CANCELLED", reason="customer said so", operator="eve")
    late = admin.check_now(ledger, gateway, t("CK3"))  # the gateway's record says otherwise: kept, never applied
    assert (late.result, late.code, late.payment.code) == ("already_final", "PAYMENT_SUCCESS", "PAYMENT_CANCELLED")
    assert ledger.events(t("CK3"), MERCHANT)[-1]["detail"] == "conflict: ledger says PAYMENT_CANCELLED"


def test_windows_count_what_was_created_since(ledger: Ledger, clock: FakeClock) -> None:
    intent(ledger, "W1")
    ledger.record_unknown(MERCHANT, "W1")
    clock.advance(3600)
    intent(ledger, "W2")
    intent(ledger, "W3")
    ledger.record_unknown(MERCHANT, "W3")
    ledger.end_call(MERCHANT, "W2")
    ledger.record_final(MERCHANT, "W2", "PAYMENT_SUCCESS", source="status", amount=500)
    clock.advance(60)
    assert admin.window_counts(ledger, since=120) == {"final:PAYMENT_SUCCESS": 1, "unknown": 1, "hooks_pending": 1}
    assert admin.window_counts(ledger) == {"final:PAYMENT_SUCCESS": 1, "unknown": 2, "hooks_pending": 1}
    assert admin.window_counts(ledger, since=120, merchant_id="OTHER") == {"hooks_pending": 0}
    assert admin.unknown_rate(ledger, since=120) == (1, 2)
    assert admin.unknown_rate(ledger, since=7200) == (2, 3)
    assert admin.oldest_open(ledger) == 3660
    assert [p.transaction_id for p in admin.open_payments(ledger, since=120)] == ["W3"]
    assert sorted(p.transaction_id for p in admin.open_payments(ledger)) == ["W1", "W3"]
    assert admin.open_payments(ledger, limit=1, merchant_id=MERCHANT)[0].transaction_id == "W1"  # due first
    assert admin.open_payments(ledger, since=7200, merchant_id="OTHER") == []
    assert admin.oldest_open(ledger, merchant_id="OTHER") is None


def _plan(ledger: Ledger, sql: str, params: list[Any]) -> str:
    with ledger.store.transaction() as tx:
        if tx.dialect == "postgresql":
            tx.execute("SET LOCAL enable_seqscan = off")  # a tiny table: ask whether an index can serve it
            return "\n".join(r["QUERY PLAN"] for r in tx.execute("EXPLAIN " + sql, params))
        return "\n".join(str(r["detail"]) for r in tx.execute("EXPLAIN QUERY PLAN " + sql, params))


def test_window_queries_use_the_indexes_and_an_existing_database_gets_them(store_url: str, clock: FakeClock) -> None:
    store = open_store(store_url)
    with store.transaction() as tx:  # a database written before these indexes existed
        tx.execute("DROP INDEX mgw_payments_created")
        tx.execute("DROP INDEX mgw_payments_merchant_created")
        tx.execute("DROP INDEX mgw_payments_open")
        tx.execute("UPDATE mgw_schema SET version = 2")
    store.close()
    with pytest.raises(ConfigurationError, match="mgw ledger migrate"):  # an open adds nothing: it refuses
        open_store(store_url)
    assert migrate(store_url).before == 2  # the migration adds them
    ledger = Ledger(open_store(store_url), clock=clock)
    try:
        for i in range(50):
            intent(ledger, f"IX{i}")
        window = admin.COUNTS_SQL.format(where=" WHERE created_at >= ?")
        assert "mgw_payments_created" in _plan(ledger, window, [clock() - 60])
        rate = admin.UNKNOWN_RATE_SQL.format(where=" WHERE created_at >= ? AND merchant_id = ?")
        assert "mgw_payments_merchant_created" in _plan(ledger, rate, [clock() - 60, MERCHANT])
        assert "mgw_payments_open" in _plan(ledger, admin.OLDEST_OPEN_SQL.format(m=""), [])
        listing = admin.OPEN_SQL.format(window=" AND created_at >= ?")
        plan = _plan(ledger, listing, [clock() - 60, 20])  # either partial index holds the open payments only
        assert "mgw_payments_open" in plan or "mgw_payments_due" in plan, plan
    finally:
        ledger.close()


def test_every_status_check_hook_attempt_and_operator_action_is_an_event_with_its_actor(
    t: Any, sandbox: Any, make_ledger: Any, clock: FakeClock
) -> None:
    ran: list[str] = []

    def hook(payment: Any) -> None:
        ran.append(payment.transaction_id)
        if len(ran) == 1:
            raise KeyError("order 42 of alice@example.com")  # a message quoting the merchant's own data

    ledger: Ledger = make_ledger(on_final=hook)
    txn = t("EV1")
    sandbox.sandbox.faults.clear()
    with Gateway(**settings(sandbox), observer=ledger.observer) as gw:
        pay(gw, txn)
        rec = Reconciler(ledger, gw, concurrency=1)
        sandbox.sandbox.faults.add(Fault(kind="html_500", operation_id="getTransactionStatus"))
        advance(sandbox, clock, 20)
        assert rec.run_once() == 1  # the status read fails: the payment stays open
        assert admin.retry_hook(ledger, txn, operator="bob") == ("not_pending", None)  # not final: nothing asked
        advance(sandbox, clock, 120)
        assert rec.run_once() == 1  # final now; its hook fails
        assert admin.retry_hook(ledger, txn, operator="bob") == ("ran", None)
    sandbox.sandbox.faults.clear()
    got = admin.history(ledger, txn)
    assert got is not None
    rows = [(e.source, e.state, e.code, e.actor) for e in got.events]
    assert rows == [
        ("intent", "recorded", None, ledger.owner),
        ("answer", "accepted", "PAYMENT_SUCCESS", ledger.owner),
        ("status", None, None, rec.name),  # the failed check
        ("status", "final", "PAYMENT_SUCCESS", rec.name),
        ("hook", None, None, ledger.owner),  # its failed attempt
        ("operator", None, None, "bob"),
        ("hook", None, None, ledger.owner),  # the retried attempt, run here
    ]
    failed_check, failed_hook, retried = got.events[2], got.events[4], got.events[6]
    assert failed_check.detail is not None
    assert "(merchant_gateway.errors.ServerError)" in failed_check.detail
    assert failed_hook.detail == "failed (builtins.KeyError); retried in 30 s"
    assert retried.detail == "ran"
    assert all("alice" not in (e.detail or "") for e in got.events)  # an error's message never becomes an event


def test_every_failed_hook_is_retried_in_one_go(make_ledger: Any) -> None:
    def broken(payment: Any) -> None:
        raise RuntimeError("down")

    web = make_ledger(on_final=broken)
    for txn in ("BH1", "BH2", "BH3"):
        intent(web, txn)
        web.end_call(MERCHANT, txn)
        web.record_final(MERCHANT, txn, "PAYMENT_SUCCESS", source="status", amount=500)
    intent(web, "BH4")  # open: no hook yet
    assert [h.transaction_id for h in admin.failed_hooks(web)] == ["BH1", "BH2", "BH3"]
    nothing_here = make_ledger()  # no hook in this process: the hooks are made due for the workers
    assert admin.retry_failed_hooks(nothing_here, operator="ann") == {"due": ["BH1", "BH2", "BH3"]}
    done: list[str] = []
    fixed = make_ledger(on_final=lambda p: done.append(p.transaction_id))
    assert admin.retry_failed_hooks(fixed, operator="ann", limit=2) == {"ran": ["BH1", "BH2"]}
    assert admin.retry_failed_hooks(fixed) == {"ran": ["BH3"]}
    assert done == ["BH1", "BH2", "BH3"]
    assert admin.failed_hooks(fixed) == []
    actors = [e["actor"] for e in fixed.events("BH3", MERCHANT) if e["source"] == "operator"]
    assert actors == ["ann", fixed.owner]  # who asked each time (no operator named: this process)
