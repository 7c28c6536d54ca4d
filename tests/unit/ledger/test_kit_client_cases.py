"""The kit's whole-client cases (`clients`, read from the shipped spec/conformance/kit.json) replayed through a
Gateway with the payment ledger attached and the reconciler, on both backends (SQLite; PostgreSQL when it can be
started here), against the scripted gateway of tests/support/scripted.py over a real loopback socket.

Each step is called as in tests/conformance/test_client_cases.py; the ledger may refuse a step the bare client
would send (a refund re-sent under its id, a refund the ledger still holds against its payment: it waits for the
status, not for an answer), never the other way round. After each step the reconciler runs until it changes
nothing; its status reads are not scripted (answered HTTP 599: they prove nothing), so the ledger knows no more
than the case's own answers. Then:

- every step the ledger let through ends as the kit says (verdict, code), and reaches the gateway exactly as the
  kit says; a money-moving request is never sent twice (at most as often as `attempts` allows, and the kit allows
  one);
- a payment is final in the ledger only where the kit's answers prove it: a refusal that moved nothing (REJECTED),
  or a status read the kit judges succeeded or failed; an ambiguous one (unknown, duplicate, accepted, pending, a
  refund's failure the status has not confirmed) stays open, until the documented bound: past ``give_up_at`` it is
  UNRESOLVED, never anything else;
- the hook is told each final payment once, with its final code, and nothing else.
"""

from __future__ import annotations

import logging
from collections.abc import Iterator
from typing import Any

import pytest
from ledger_support import FakeClock
from merchant_gateway import Gateway
from merchant_gateway.ledger import FINAL, Ledger, Payment, Reconciler
from merchant_gateway.ledger.model import OPEN_STATES, REJECTED, UNRESOLVED

from tests.support.scripted import ScriptedGateway, ends, gateway_settings, shipped_client_cases, step_transaction

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")

MONEY_MOVES = ("debitV4Web", "refundV4")
STATUS_READS = ("getTransactionStatus",)
# what the ledger refuses on its own, before anything is sent (its write-ahead): a second call under an id it
# holds, and a refund it still counts against its payment (ExcessRefundError, shared with the client's own check)
LEDGER_REFUSALS = ("DuplicateTransactionError", "PaymentClosedError", "ExcessRefundError")


@pytest.fixture
def scripted() -> Iterator[ScriptedGateway]:
    gateway = ScriptedGateway()
    yield gateway
    gateway.close()


def _final_code(step: dict[str, Any]) -> str | None:
    """The code the ledger may end the step's payment with from what the case shows, or None (it stays open)."""
    verdict, code = step["expect"]["outcome"], step["expect"]["code"]
    if step["call"] in MONEY_MOVES and verdict == "rejected":
        return REJECTED
    if step["call"] in STATUS_READS and verdict in ("succeeded", "failed"):
        return str(code)
    return None


def _settle(reconciler: Reconciler, ledger: Ledger, ids: list[tuple[str, str]]) -> dict[str, Payment]:
    """Run the reconciler until a run changes nothing in the ledger's rows of ``ids``."""

    def rows() -> dict[str, Payment]:
        found = {txn: ledger.get(txn, merchant) for txn, merchant in ids}
        return {txn: p for txn, p in found.items() if p is not None}

    before = rows()
    for _ in range(50):
        reconciler.run_once(limit=100)
        after = rows()
        if after == before:
            return after
        before = after
    raise AssertionError(f"the reconciler still changes the ledger after 50 runs: {before}")


def _walk_to_the_bound(
    reconciler: Reconciler, ledger: Ledger, clock: FakeClock, ids: list[tuple[str, str]]
) -> dict[str, Payment]:
    """Move the ledger's clock to each next due check and run the reconciler, until no payment of ``ids`` is open
    (their status reads still prove nothing)."""
    for _ in range(1000):
        rows = _settle(reconciler, ledger, ids)
        waiting = [p for p in rows.values() if not p.is_final]
        if not waiting:
            return rows
        due = [p.next_check_at for p in waiting if p.next_check_at is not None]
        clock.now = max(clock.now, min(due)) if due else clock.now + ledger.overdue_every
    raise AssertionError(f"still open after 1000 due checks: {waiting}")


def test_the_ledger_and_reconciler_end_every_kit_case_as_the_kit_says(
    make_ledger: Any, clock: FakeClock, scripted: ScriptedGateway, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.DEBUG, logger="merchant_gateway")
    told: list[tuple[str, str | None]] = []
    # a bound of an hour, checked every 10 minutes past the schedule: the documented bound, reached in few checks
    ledger: Ledger = make_ledger(
        give_up_after=3600.0, overdue_every=600.0, on_final=lambda p: told.append((p.transaction_id, p.code))
    )
    refused_by_ledger: list[str] = []
    for case in shipped_client_cases():
        merchant = case["merchant"]
        expected_final: dict[str, str | None] = {}  # transaction id in the ledger -> what it may end final with
        with Gateway(**gateway_settings(case, scripted.url), observer=ledger.observer) as gw:
            reconciler = Reconciler(ledger, gw, concurrency=1)
            for n, step in enumerate(case["steps"]):
                where = f"{case['id']} step {n} ({step['call']})"
                txn = step_transaction(step)
                expect = step["expect"]
                scripted.script(step["answer"], case["attempts"])
                before = len(scripted.seen)
                got = ends(gw, step, caplog)
                arrived = len(scripted.seen) - before
                if got["error"] in LEDGER_REFUSALS and expect["outcome"] != "refused":
                    assert step["call"] in MONEY_MOVES, (where, got)
                    assert arrived == 0, (where, scripted.seen[before:])  # refused before its first byte
                    refused_by_ledger.append(f"{where}: {got['error']}")
                else:
                    assert arrived == (1 if expect["sent"] else 0), (where, scripted.seen[before:])
                    assert (got["outcome"], got["code"]) == (expect["outcome"], expect["code"]), (where, got)
                    if step["call"] in MONEY_MOVES and expect["sent"]:
                        expected_final[txn] = _final_code(step)
                    elif step["call"] in STATUS_READS and ledger.get(txn, merchant) is not None:
                        expected_final[txn] = _final_code(step) or expected_final.get(txn)
                scripted.script(None, 0)  # the reconciler's status reads: not scripted (HTTP 599)
                mark = len(scripted.seen)
                rows = _settle(reconciler, ledger, [(t, merchant) for t in expected_final])
                for seen in scripted.seen[mark:]:  # the reconciler only reads
                    assert (seen.method, seen.path.rsplit("/", 1)[-1]) == ("GET", "status"), (where, seen)
                for t, payment in rows.items():
                    want = expected_final[t]
                    if want is None:
                        assert payment.state in OPEN_STATES, (where, t, payment.state, payment.code)
                    else:
                        assert (payment.state, payment.code) == (FINAL, want), (where, t, payment.state, payment.code)
            # the documented bound: checked on its schedule until give_up_at, an open payment ends UNRESOLVED, and
            # nothing else
            ids = [(t, merchant) for t in expected_final]
            rows = _settle(reconciler, ledger, ids)
            open_ones = {t for t, p in rows.items() if not p.is_final}
            rows = _walk_to_the_bound(reconciler, ledger, clock, ids)
            for t, payment in rows.items():
                want = expected_final[t] if t not in open_ones else UNRESOLVED
                assert (payment.state, payment.code) == (FINAL, want), (case["id"], t, payment.state, payment.code)
        # none sent twice: a money-moving request reached the gateway at most once per step the kit sends it in
        for t in expected_final:
            allowed = sum(1 for s in case["steps"] if s["expect"]["sent"] and step_transaction(s) == t)
            posts = [s for s in scripted.sent_for(t) if s.method == "POST"]
            assert len(posts) <= allowed, (case["id"], t, posts)
        # the hook: each final payment once, with its final code
        mine = [(t, code) for t, code in told if t in expected_final]
        assert sorted(mine) == sorted((t, p.code) for t, p in rows.items()), (case["id"], mine)
    # the ledger refuses more than the bare client only where it still holds what the client let go
    assert all("refundV4" in r for r in refused_by_ledger), refused_by_ledger
