"""One reconciler process for many merchants, idle at almost no cost (issue 34): each merchant's checks go through
that merchant's own gateway (its own credentials; two sandboxes, each knowing only its merchant), claims and the
idle read cover every merchant served in one query, and an idle worker waits instead of polling. On both backends;
PostgreSQL's LISTEN wake-up against the real server."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from typing import Any

import pytest
from ledger_support import MERCHANT, FakeClock, settings
from merchant_gateway import Gateway
from merchant_gateway.errors import ConfigurationError
from merchant_gateway.ledger import FINAL, Ledger, Reconciler

OTHER, OTHER_SALT = "SECONDMERCHANT", "second-salt-77aa"


@pytest.fixture(scope="module")
def other_sandbox() -> Iterator[Any]:
    sb = pytest.importorskip("merchant_gateway_sandbox")
    with sb.start_sandbox(
        port=0, merchant_id=OTHER, salts={"2": OTHER_SALT}, settle_after=5.0, clock=sb.ManualClock()
    ) as running:
        yield running


def other_settings(sandbox: Any) -> dict[str, Any]:
    return {**settings(sandbox), "merchant_id": OTHER, "salt_key": OTHER_SALT, "salt_index": "2"}


def pay(gw: Gateway, txn: str) -> Any:
    return gw.debit_v4_web(transaction_id=txn, amount=700, merchant_order_id=f"OD-{txn}", merchant_user_id="U1")


def test_one_reconciler_serves_every_merchant_through_its_own_gateway(
    t: Any, sandbox: Any, other_sandbox: Any, make_ledger: Any, clock: FakeClock
) -> None:
    ledger: Ledger = make_ledger()
    sandbox.sandbox.faults.clear()
    with (
        Gateway(**settings(sandbox), observer=ledger.observer) as first,
        Gateway(**other_settings(other_sandbox), observer=ledger.observer) as second,
    ):
        for i in range(3):
            pay(first, t(f"FA{i}"))
            pay(second, t(f"FB{i}"))
        clock.advance(20)
        sandbox.advance(20)
        other_sandbox.advance(20)
        rec = Reconciler(ledger, {MERCHANT: first, OTHER: second}, concurrency=1)
        assert rec.merchants == (MERCHANT, OTHER)
        assert rec.merchant_id is None  # its heartbeat counts for every merchant it serves
        assert rec.run_once(limit=10) == 6
        assert rec.run_once(limit=10) == 0
    for i in range(3):
        a, b = ledger.get(t(f"FA{i}"), MERCHANT), ledger.get(t(f"FB{i}"), OTHER)
        assert a is not None
        assert b is not None
        # each read through its merchant's sandbox: the other one knows neither the id nor the salt
        assert (a.state, a.code, b.state, b.code) == (FINAL, "PAYMENT_SUCCESS", FINAL, "PAYMENT_SUCCESS")
    assert rec.stats.errors == 0

    with Gateway(**settings(sandbox), observer=ledger.observer) as first:
        with pytest.raises(ConfigurationError, match="configured for LEDGERMERCHANT"):
            Reconciler(ledger, {OTHER: first})
        with pytest.raises(ConfigurationError, match="at least one merchant"):
            Reconciler(ledger, {})


def test_an_idle_worker_waits_instead_of_polling(t: Any, sandbox: Any, make_ledger: Any, clock: FakeClock) -> None:
    ledger: Ledger = make_ledger(on_final=lambda p: None)
    reads: list[str] = []
    for name in ("claim_due", "next_work", "next_due", "deliver_hooks"):
        real = getattr(ledger, name)

        def counted(*args: Any, _real: Any = real, _name: str = name, **kwargs: Any) -> Any:
            reads.append(_name)
            return _real(*args, **kwargs)

        setattr(ledger, name, counted)
    merchants = {f"M{i:03d}": None for i in range(100)}  # a worker serving 100 merchants, nothing open
    with Gateway(**settings(sandbox), observer=ledger.observer) as gw:
        rec = Reconciler(ledger, gw, concurrency=4, idle=1.0, idle_max=8.0)
        rec.merchants = tuple([MERCHANT, *merchants])  # the one query covers all of them
        waits = [rec.step(0) for _ in range(5)]
        assert waits == [1.0, 2.0, 4.0, 8.0, 8.0]  # nothing due: each wait doubles, up to idle_max
        assert [rec.step(i) for i in (1, 2, 3)] == [float("inf")] * 3  # the other threads wait to be woken
        # a step of the scheduling thread reads twice (a claim, when is the next work), the others once
        assert reads.count("next_work") == 5
        assert reads.count("claim_due") == 8
        assert "next_due" not in reads
        assert "deliver_hooks" not in reads
        pay(gw, t("IDLE1"))  # a payment: its first check is due later, and the wait is until then
        due = ledger.get(t("IDLE1"), MERCHANT).next_check_at  # type: ignore[union-attr]
        assert rec.step(0) == min(due - clock(), 8.0)


def test_a_payment_written_down_wakes_a_listening_worker_on_postgresql(postgres_url: str, sandbox: Any) -> None:
    """A payment whose first check is due soon (within NOTICE_AHEAD) is announced; one due later is found by the
    worker's next read (tests/unit/ledger/test_transaction_count.py)."""
    import psycopg
    from merchant_gateway.flows.schedule import Phase, PollSchedule

    with psycopg.connect(postgres_url, autocommit=True) as conn:
        conn.execute("CREATE DATABASE mgw_listen")
    url = postgres_url.rsplit("/", 1)[0] + "/mgw_listen"
    Ledger.migrate(url)
    soon = PollSchedule(first_check_after=1.0, phases=(Phase(5.0, None),), timeout=900.0)
    with Ledger.open(url, schedule=soon) as ledger, Gateway(**settings(sandbox), observer=ledger.observer) as gw:
        rec = Reconciler(ledger, gw, concurrency=1, idle_max=3600.0)
        woken = threading.Event()
        stop = threading.Event()
        listener = threading.Thread(target=ledger.store.listen, args=("mgw_work", woken.set, stop), daemon=True)  # type: ignore[union-attr]
        listener.start()
        try:
            assert woken.wait(30)  # told once on connecting (a notice may have been missed before)
            woken.clear()
            ledger.record_intent(merchant_id=MERCHANT, transaction_id="WAKE1", operation="debitV4Web", amount=1)
            assert woken.wait(30)  # the write-ahead's NOTIFY, delivered at its commit
        finally:
            stop.set()
            listener.join(10)
        assert rec.listen
