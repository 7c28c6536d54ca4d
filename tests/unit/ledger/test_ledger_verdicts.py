"""Issue 22 on the ledger's side, against the sandbox over real sockets and on both backends: the ledger decides with
verdicts.judge (finding 3: a success whose amount is 1.0, "1" or absent never ends a payment), every send attempt
is recorded and none can follow NOT_RECORDED (finding 1: a start answered 429 and sent again), a live payment is
never declared over (finding 4: a request still travelling when its call ended, and a clock that jumps), one clock
per backend, and a ledger that fails closed with our error (LedgerUnavailable), converging once it is back.

Fault transports wrap the real one (the sandbox sees every request that is sent); nothing sleeps: the gateway's
backoff ``sleep`` moves the fake clocks and runs the reconciler meanwhile."""

from __future__ import annotations

import base64
import json
import sqlite3
from collections.abc import Callable
from typing import Any

import httpx
import pytest
from ledger_support import MERCHANT, SALT, FakeClock, advance, settings
from merchant_gateway import DuplicateRequestError, Gateway, OutcomeUnknown, TransactionNotFoundError
from merchant_gateway.ledger import (
    ACCEPTED,
    FINAL,
    NOT_RECORDED,
    RECORDED,
    CallbackHandler,
    Ledger,
    LedgerUnavailable,
    PaymentClosedError,
    Reconciler,
    open_store,
)
from merchant_gateway.ledger.store import PostgresStore, SqliteStore
from merchant_gateway.transports import GatewayTransport

from tests.support.ports import refusing_port

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")


def _is_debit(request: httpx.Request) -> bool:
    return request.url.path.rstrip("/").endswith("/v4/debit")


def _txn_of(request: httpx.Request) -> str | None:
    body = json.loads(request.read() or b"{}")
    if "request" not in body:
        return None
    txn: str = json.loads(base64.b64decode(body["request"]))["transactionId"]
    return txn


class FaultTransport(httpx.BaseTransport):
    """The real transport; ``fault(request)`` may answer a request itself (it then never reaches the sandbox)."""

    def __init__(self, fault: Callable[[httpx.Request], httpx.Response | None] | None = None) -> None:
        self.inner = GatewayTransport()
        self.fault = fault
        self.debits: list[str] = []  # transaction ids of the debit requests the sandbox received

    def handle_request(self, request: httpx.Request) -> httpx.Response:
        answer = self.fault(request) if self.fault is not None else None
        if answer is not None:
            return answer
        txn = _txn_of(request)
        if txn is not None and _is_debit(request):
            self.debits.append(txn)
        return self.inner.handle_request(request)

    def close(self) -> None:
        self.inner.close()


def first_debit_gets_429() -> Callable[[httpx.Request], httpx.Response | None]:
    """HTTP 429 (not processed) for the first debit request; the re-sent one reaches the sandbox."""
    seen: list[int] = []

    def fault(request: httpx.Request) -> httpx.Response | None:
        if not _is_debit(request) or seen:
            return None
        seen.append(1)
        body = {"success": False, "code": "API_RATE_LIMIT_REACHED", "message": "slow down", "data": {}}
        return httpx.Response(429, json=body, headers={"Retry-After": "1"})

    return fault


def pay(gw: Gateway, txn: str, amount: int = 10_000) -> Any:
    return gw.debit_v4_web(transaction_id=txn, amount=amount, merchant_order_id=f"OD-{txn}", merchant_user_id="U1")


# --- finding 1: a start answered 429, waiting, sent again ----------------------------------------------------------


@pytest.mark.parametrize("meanwhile", [70.0, 7200.0], ids=["grace-passes", "clock-jumps"])
def test_a_start_waiting_after_429_is_not_declared_not_recorded_and_is_paid_once(
    t: Any, sandbox: Any, ledger: Ledger, clock: FakeClock, meanwhile: float
) -> None:
    hooks: list[str] = []
    ledger.hook = lambda p: hooks.append(p.code)
    transport = FaultTransport(first_debit_gets_429())
    rec: list[Reconciler] = []

    def backoff(seconds: float) -> None:  # while the start waits, the reconciler runs, long after the write-ahead
        clock.advance(meanwhile)
        sandbox.advance(70.0)
        rec[0].run_once()
        assert ledger.get(t("F1"), MERCHANT).state != FINAL  # type: ignore[union-attr]

    with Gateway(**settings(sandbox), observer=ledger.observer, transport=transport, sleep=backoff) as gw:
        rec.append(Reconciler(ledger, gw, concurrency=1))
        pay(gw, t("F1"))  # the re-sent start is recorded and answered
        assert hooks == []  # nothing settled the payment as never recorded meanwhile
        assert ledger.get(t("F1"), MERCHANT).attempts == 2  # type: ignore[union-attr]  # the 429 one and the re-send
        assert transport.debits == [t("F1")]
        advance(sandbox, clock, ledger.overdue_every)  # the next check is due by then on either schedule
        rec[0].run_once()
    p = ledger.get(t("F1"), MERCHANT)
    assert p is not None
    assert p.state == FINAL
    assert p.code == "PAYMENT_SUCCESS"
    assert hooks == ["PAYMENT_SUCCESS"]


def test_once_not_recorded_no_attempt_for_the_payment_is_sent(t: Any, sandbox: Any, make_ledger: Any) -> None:
    ledger: Ledger = make_ledger(call_bound=100.0)  # the starting process counts as dead after 100 s of silence
    clock: FakeClock = ledger.clock  # type: ignore[assignment]
    hooks: list[str] = []
    ledger.hook = lambda p: hooks.append(p.code)
    transport = FaultTransport(first_debit_gets_429())
    rec: list[Reconciler] = []

    def backoff(seconds: float) -> None:  # a frozen process: it wakes after the ledger settled the payment
        advance(sandbox, clock, 110)
        rec[0].run_once()  # nothing found; the first empty read after the call counts as over
        advance(sandbox, clock, 70)
        rec[0].run_once()

    with Gateway(**settings(sandbox), observer=ledger.observer, transport=transport, sleep=backoff) as gw:
        rec.append(Reconciler(ledger, gw, concurrency=1))
        with pytest.raises(PaymentClosedError) as info:
            pay(gw, t("F1B"))
    assert "NOT_RECORDED" in str(info.value)
    assert transport.debits == []  # the 429 was the only request; the re-send after the verdict never left
    p = ledger.get(t("F1B"), MERCHANT)
    assert p is not None
    assert p.code == NOT_RECORDED
    assert hooks == [NOT_RECORDED]
    with Gateway(**settings(sandbox)) as plain, pytest.raises(TransactionNotFoundError) as read:
        plain.get_transaction_status(t("F1B"))
    assert read.value.code == "TRANSACTION_NOT_FOUND"  # the verdict is the truth


# --- finding 3: a success without the amount -----------------------------------------------------------------------


def _rewrite_status_amount(how: str) -> Callable[[httpx.Request], httpx.Response | None]:
    inner = GatewayTransport()

    def fault(request: httpx.Request) -> httpx.Response | None:
        if request.method != "GET" or not request.url.path.endswith("/status"):
            return None
        real = inner.handle_request(request)
        real.read()
        body = json.loads(real.content)
        if isinstance(body.get("data"), dict) and "amount" in body["data"]:
            if how == "absent":
                del body["data"]["amount"]
            else:
                body["data"]["amount"] = {"float": float, "string": str}[how](body["data"]["amount"])
        return httpx.Response(real.status_code, json=body)

    return fault


@pytest.mark.parametrize("how", ["float", "string", "absent"])
def test_a_status_success_without_the_integer_amount_never_ends_the_payment(
    t: Any, sandbox: Any, ledger: Ledger, clock: FakeClock, how: str
) -> None:
    hooks: list[str] = []
    ledger.hook = lambda p: hooks.append(p.code)
    with Gateway(**settings(sandbox), observer=ledger.observer) as gw:
        pay(gw, t("F3" + how))
    advance(sandbox, clock, 30)  # paid at the gateway by now
    transport = FaultTransport(_rewrite_status_amount(how))
    with Gateway(**settings(sandbox), observer=ledger.observer, transport=transport) as gw:
        Reconciler(ledger, gw, concurrency=1).run_once()
    p = ledger.get(t("F3" + how), MERCHANT)
    assert p is not None
    assert p.state == ACCEPTED
    assert hooks == []
    with Gateway(**settings(sandbox), observer=ledger.observer) as gw:  # a true answer ends it
        advance(sandbox, clock, 30)
        Reconciler(ledger, gw, concurrency=1).run_once()
    p = ledger.get(t("F3" + how), MERCHANT)
    assert p is not None
    assert p.code == "PAYMENT_SUCCESS"
    assert hooks == ["PAYMENT_SUCCESS"]


@pytest.mark.parametrize("amount", [1.0, "1", None, 2])
def test_status_answers_and_callbacks_are_judged_against_the_amount_sent(ledger: Ledger, amount: object) -> None:
    ledger.record_intent(merchant_id=MERCHANT, transaction_id="J1", operation="debitV4Web", amount=1)
    data: dict[str, Any] = {"merchantId": MERCHANT, "transactionId": "J1"}
    if amount is not None:
        data["amount"] = amount
    answer = {"success": True, "code": "PAYMENT_SUCCESS", "message": "m", "data": data}
    assert ledger.record_status(MERCHANT, "J1", answer) == "open"
    assert ledger.observe_callback(MERCHANT, "J1", "PAYMENT_SUCCESS", amount=None, answer=answer) == "amount_mismatch"
    [claim] = ledger.claim_due(MERCHANT, limit=1, lease=60)
    assert ledger.finish_check(claim, answer=answer) == "open"
    p = ledger.get("J1", MERCHANT)
    assert p is not None
    assert p.state == RECORDED
    assert not p.succeeded
    assert ledger.record_status(MERCHANT, "J1", {**answer, "data": {**data, "amount": 1}}) == "final"


def test_a_signed_callback_naming_its_code_twice_is_not_trusted(t: Any, ledger: Ledger) -> None:
    ledger.record_intent(merchant_id=MERCHANT, transaction_id="CB2", operation="debitV4Web", amount=100)
    payload = (
        '{"success": true, "code": "PAYMENT_ERROR", "message": "m", "data": {"merchantId": "' + MERCHANT + '", '
        '"transactionId": "CB2", "amount": 100}, "code": "PAYMENT_SUCCESS"}'
    )
    response = base64.b64encode(payload.encode()).decode()
    import hashlib

    x_verify = hashlib.sha256((response + SALT).encode()).hexdigest() + "###1"
    from merchant_gateway.callbacks import CallbackVerifier

    handler = CallbackHandler(ledger, CallbackVerifier({"1": SALT}, MERCHANT))
    answer = handler.handle(json.dumps({"response": response}).encode(), {"X-VERIFY": x_verify})
    assert (answer.status, answer.outcome) == (200, "untrusted")
    p = ledger.get("CB2", MERCHANT)
    assert p is not None
    assert p.state == RECORDED


def test_a_refund_whose_id_exists_is_settled_by_its_status_never_rejected(
    t: Any, sandbox: Any, gateway: Gateway, ledger: Ledger, clock: FakeClock
) -> None:
    hooks: list[str] = []
    ledger.hook = lambda p: hooks.append(p.code)
    refund = {"original_transaction_id": t("RO1"), "amount": 100, "merchant_order_id": "R", "message": "m"}
    with Gateway(**settings(sandbox)) as elsewhere:  # the refund was made once already, outside this ledger
        pay(elsewhere, t("RO1"))
        advance(sandbox, clock, 6)
        elsewhere.refund_v4(transaction_id=t("RD1"), **refund)
    with pytest.raises(DuplicateRequestError) as info:
        gateway.refund_v4(transaction_id=t("RD1"), **refund)
    assert info.value.verdict == "duplicate"
    p = ledger.get(t("RD1"), MERCHANT)
    assert p is not None
    assert p.state == ACCEPTED
    rec = Reconciler(ledger, gateway, concurrency=1)
    rec.run_once()  # due at once: still pending at the gateway
    advance(sandbox, clock, 30)
    rec.run_once()
    p = ledger.get(t("RD1"), MERCHANT)
    assert p is not None
    assert p.code == "PAYMENT_SUCCESS"
    assert hooks == ["PAYMENT_SUCCESS"]


# --- finding 4: a live payment declared over -----------------------------------------------------------------------


def test_a_request_still_travelling_after_its_call_ended_is_not_declared_over_when_the_clock_jumps(
    t: Any, sandbox: Any, ledger: Ledger, clock: FakeClock
) -> None:
    hooks: list[str] = []
    ledger.hook = lambda p: hooks.append(p.code)
    held: list[httpx.Request] = []

    def timeout_first_debit(request: httpx.Request) -> httpx.Response | None:
        if _is_debit(request) and not held:
            request.read()
            held.append(request)  # on its way: it reaches the gateway later
            raise httpx.ReadTimeout("no answer in time", request=request)
        return None

    transport = FaultTransport(timeout_first_debit)
    with Gateway(**settings(sandbox), observer=ledger.observer, transport=transport) as gw:
        with pytest.raises(OutcomeUnknown):
            pay(gw, t("F4"))
        rec = Reconciler(ledger, gw, concurrency=1)
        clock.advance(7200)  # the ledger's clock jumps forward two hours
        rec.run_once()  # TRANSACTION_NOT_FOUND: the wait starts now, not from the send
        assert ledger.get(t("F4"), MERCHANT).state != FINAL  # type: ignore[union-attr]
        transport.inner.handle_request(held[0])  # the request reaches the gateway and is recorded
        advance(sandbox, clock, ledger.overdue_every)  # the next check (past the schedule: every overdue_every)
        rec.run_once()
    p = ledger.get(t("F4"), MERCHANT)
    assert p is not None
    assert p.code == "PAYMENT_SUCCESS"
    assert hooks == ["PAYMENT_SUCCESS"]


def test_not_found_after_the_gateway_answered_the_request_is_never_not_recorded(
    ledger: Ledger, clock: FakeClock
) -> None:
    ledger.record_intent(merchant_id=MERCHANT, transaction_id="F4B", operation="debitV4Web", amount=100)
    ledger.record_attempt(MERCHANT, "F4B")
    ledger.record_answer(MERCHANT, "F4B", "PAYMENT_SUCCESS")
    for _ in range(20):
        clock.advance(600)
        for claim in ledger.claim_due(MERCHANT, limit=1, lease=60):
            ledger.finish_check(claim, answer={"success": False, "code": "TRANSACTION_NOT_FOUND"})
    p = ledger.get("F4B", MERCHANT)
    assert p is not None
    assert p.state != FINAL


def test_a_clock_that_goes_back_never_ends_the_wait(ledger: Ledger, clock: FakeClock) -> None:
    ledger.record_intent(merchant_id=MERCHANT, transaction_id="CK1", operation="debitV4Web", amount=100)
    ledger.record_attempt(MERCHANT, "CK1")
    ledger.record_unknown(MERCHANT, "CK1")
    not_found = {"success": False, "code": "TRANSACTION_NOT_FOUND"}
    clock.advance(20)
    [claim] = ledger.claim_due(MERCHANT, limit=1, lease=60)
    assert ledger.finish_check(claim, answer=not_found) == "open"
    clock.advance(-3600)
    clock.advance(ledger.grace)  # a full grace on the clock, but before the first empty read
    assert ledger.record_status(MERCHANT, "CK1", not_found) == "open"
    clock.advance(3600)  # back to the right time, a grace after the first empty read
    assert ledger.record_status(MERCHANT, "CK1", not_found) == "final"


def test_a_forward_jump_between_two_empty_reads_does_not_end_the_wait(make_ledger: Any, clock: FakeClock) -> None:
    real = FakeClock()  # this machine's monotonic clock: it never jumps
    ledger: Ledger = make_ledger(monotonic=real)
    ledger.record_intent(merchant_id=MERCHANT, transaction_id="JMP1", operation="debitV4Web", amount=100)
    ledger.record_attempt(MERCHANT, "JMP1")
    ledger.record_unknown(MERCHANT, "JMP1")  # timed out: the request may still be on its way
    not_found = {"success": False, "code": "TRANSACTION_NOT_FOUND"}
    clock.advance(20)
    real.advance(20)
    assert ledger.record_status(MERCHANT, "JMP1", not_found) == "open"  # the wait starts here
    clock.advance(3600)  # the backend's clock jumps; 1 s passes
    real.advance(1)
    assert ledger.record_status(MERCHANT, "JMP1", not_found) == "open"
    clock.advance(ledger.grace)
    real.advance(ledger.grace)  # now the grace has passed on both clocks
    assert ledger.record_status(MERCHANT, "JMP1", not_found) == "final"
    p = ledger.get("JMP1", MERCHANT)
    assert p is not None
    assert p.code == NOT_RECORDED


def test_an_attempt_after_an_empty_read_starts_the_wait_again(make_ledger: Any, clock: FakeClock) -> None:
    """A read finds nothing (the wait starts), then the client sends again: that empty read says nothing of the new
    request, so NOT_RECORDED needs a grace after a read that follows it, on both clocks. The backend's clock jumps
    forward meanwhile (so it says every deadline passed); this machine's monotonic clock shows the request was sent
    less than a grace ago and may still arrive. (The ledger model found this: a NOT_RECORDED hook while the request
    sent after the empty read was still travelling.)"""
    real = FakeClock()  # this machine's monotonic clock: it never jumps
    ledger: Ledger = make_ledger(monotonic=real)
    ledger.record_intent(merchant_id=MERCHANT, transaction_id="AGN1", operation="debitV4Web", amount=100)
    not_found = {"success": False, "code": "TRANSACTION_NOT_FOUND"}
    clock.advance(ledger.call_bound + 100)  # the backend's clock jumps past the write-ahead's send deadline
    assert ledger.record_status(MERCHANT, "AGN1", not_found) == "open"  # the wait starts here
    clock.advance(ledger.grace + 1)
    real.advance(ledger.grace + 1)
    ledger.record_attempt(MERCHANT, "AGN1")  # the client (still within its own call) sends now
    clock.advance(ledger.call_bound + 100)  # the backend's clock jumps again; no time passes here
    assert ledger.record_status(MERCHANT, "AGN1", not_found) == "open"  # the request may still arrive
    clock.advance(ledger.grace)
    real.advance(ledger.grace)  # a grace after that read, on both clocks
    assert ledger.record_status(MERCHANT, "AGN1", not_found) == "final"
    p = ledger.get("AGN1", MERCHANT)
    assert p is not None
    assert p.code == NOT_RECORDED


def test_the_monotonic_wait_starts_again_on_another_machine(make_ledger: Any, clock: FakeClock) -> None:
    here, there = make_ledger(machine="here"), make_ledger(machine="there")
    here.record_intent(merchant_id=MERCHANT, transaction_id="MC1", operation="debitV4Web", amount=100)
    here.record_attempt(MERCHANT, "MC1")
    here.record_unknown(MERCHANT, "MC1")
    not_found = {"success": False, "code": "TRANSACTION_NOT_FOUND"}
    assert here.record_status(MERCHANT, "MC1", not_found) == "open"
    clock.advance(here.grace)
    assert there.record_status(MERCHANT, "MC1", not_found) == "open"  # its monotonic clock is not comparable
    clock.advance(here.grace)
    assert there.record_status(MERCHANT, "MC1", not_found) == "final"


# --- one clock per backend -----------------------------------------------------------------------------------------


def test_every_time_the_ledger_keeps_is_the_backends_clock(store_url: str) -> None:
    skew = 1_000_000.0  # a database server whose clock is far from this process's
    read: list[float] = []  # every time the backend's clock gave

    def skewed(base: type) -> Any:
        class Skewed(base):  # type: ignore[valid-type,misc]
            def now(self, tx: Any) -> float:
                read.append(float(super().now(tx)) + skew)
                return read[-1]

        return Skewed

    if store_url.startswith("sqlite:///"):
        store = skewed(SqliteStore)(store_url.removeprefix("sqlite:///"))
    else:
        store = skewed(PostgresStore)(store_url)
    with Ledger(store) as ledger:  # no clock given: the backend's
        import time

        p = ledger.record_intent(merchant_id=MERCHANT, transaction_id="CLK1", operation="debitV4Web", amount=1)
        assert p.created_at in read  # a time the backend gave, not this process's
        # between round trips: this process's clock moved by the offset last read (what the skew puts it at)
        assert ledger.clock() - time.time() == pytest.approx(skew, abs=60)
        assert ledger.claim_due(MERCHANT, limit=1, lease=60) == []  # the first check is due 20 s after, same clock


def test_postgres_store_reads_the_servers_clock(postgres_url: str) -> None:
    store = open_store(postgres_url)
    try:
        with store.transaction() as tx:
            began = store.now(tx)  # the server's clock as the transaction began (read in its first round trip)
            server = tx.execute("SELECT extract(epoch from clock_timestamp())::float8 AS now")[0]["now"]
            assert began <= server
            assert store.now(tx) >= server  # a later read is a fresh one
    finally:
        store.close()


# --- fails closed, with our error ----------------------------------------------------------------------------------


@pytest.fixture
def sqlite_url(tmp_path: Any) -> str:
    Ledger.migrate(f"sqlite:///{tmp_path}/ledger.db")
    return f"sqlite:///{tmp_path}/ledger.db"


def _lock(path: str) -> sqlite3.Connection:
    conn = sqlite3.connect(path, isolation_level=None)
    conn.execute("BEGIN EXCLUSIVE")
    return conn


def test_a_locked_sqlite_ledger_sends_nothing_and_raises_ledger_unavailable(
    t: Any, sandbox: Any, sqlite_url: str
) -> None:
    ledger = Ledger(open_store(sqlite_url, timeout=0.2))
    transport = FaultTransport()
    lock = _lock(sqlite_url.removeprefix("sqlite:///"))
    try:
        with (
            Gateway(**settings(sandbox), observer=ledger.observer, transport=transport) as gw,
            pytest.raises(LedgerUnavailable) as info,
        ):
            pay(gw, t("LK1"))
    finally:
        lock.close()
        ledger.close()
    assert transport.debits == []
    assert "sqlite3" not in type(info.value).__module__
    assert "OperationalError" in str(info.value)


def test_an_answer_that_arrives_while_the_ledger_is_locked_is_settled_once_it_is_back(
    t: Any, sandbox: Any, sqlite_url: str
) -> None:
    clock = FakeClock()
    hooks: list[str] = []
    ledger = Ledger(open_store(sqlite_url, timeout=0.2), clock=clock, on_final=lambda p: hooks.append(p.code))
    path = sqlite_url.removeprefix("sqlite:///")
    locks: list[sqlite3.Connection] = []

    def lock_after_debit(request: httpx.Request) -> httpx.Response | None:
        if _is_debit(request):
            answer = GatewayTransport().handle_request(request)
            answer.read()
            locks.append(_lock(path))  # the database goes away while the answer travels back
            return answer
        return None

    try:
        with Gateway(**settings(sandbox), observer=ledger.observer, transport=FaultTransport(lock_after_debit)) as gw:
            result = pay(gw, t("LK2"))  # the caller gets the answer
            assert result.code == "PAYMENT_SUCCESS"
            locks[0].close()
            p = ledger.get(t("LK2"), MERCHANT)
            assert p is not None
            assert p.state == RECORDED
            advance(sandbox, clock, 30)
            Reconciler(ledger, gw, concurrency=1).run_once()
        p = ledger.get(t("LK2"), MERCHANT)
        assert p is not None
        assert p.code == "PAYMENT_SUCCESS"
        assert hooks == ["PAYMENT_SUCCESS"]
    finally:
        ledger.close()


def test_a_corrupt_sqlite_file_is_ledger_unavailable(tmp_path: Any) -> None:
    path = tmp_path / "broken.db"
    path.write_bytes(b"this is not a database" * 100)
    with pytest.raises(LedgerUnavailable):
        Ledger.open(f"sqlite:///{path}", timeout=0.2)


def test_a_postgres_server_that_is_down_is_ledger_unavailable_within_the_timeout() -> None:
    pytest.importorskip("psycopg_pool")
    with refusing_port() as port, pytest.raises(LedgerUnavailable):
        Ledger.open(f"postgresql://postgres@127.0.0.1:{port}/postgres", timeout=1.0)


def test_a_full_sqlite_disk_is_ledger_unavailable_and_nothing_is_sent(t: Any, sandbox: Any, sqlite_url: str) -> None:
    ledger = Ledger(open_store(sqlite_url, timeout=0.2))
    with ledger.store.transaction() as tx:  # the pooled connection every later call takes: the file cannot grow
        pages = tx.execute("PRAGMA page_count")[0]["page_count"]
        tx.execute(f"PRAGMA max_page_count = {int(pages)}")
    transport = FaultTransport()
    paid: list[str] = []
    full: LedgerUnavailable | None = None
    try:
        with Gateway(**settings(sandbox), observer=ledger.observer, transport=transport) as gw:
            for i in range(200):  # until the pages left are used up
                try:
                    pay(gw, t(f"FULL{i}"))
                except LedgerUnavailable as exc:
                    full = exc
                    break
                paid.append(t(f"FULL{i}"))
    finally:
        ledger.close()
    assert full is not None, "the database never filled up"
    assert "full" in str(full)  # the driver's reason, in our error
    assert paid
    assert transport.debits == paid


def test_a_postgres_server_that_stops_and_restarts_fails_closed_then_serves_again() -> None:
    pytest.importorskip("psycopg_pool")
    import os

    from merchant_gateway.ledger.testing import PostgresUnavailable, local_postgres

    try:
        manager = local_postgres()
        server = manager.__enter__()
    except PostgresUnavailable as exc:
        pytest.skip(str(exc))
    try:
        Ledger.migrate(server.url)
        ledger = Ledger.open(server.url, timeout=2.0)
        try:
            ledger.record_intent(merchant_id=MERCHANT, transaction_id="PG1", operation="debitV4Web", amount=1)
            server._run("pg_ctl", "-D", server.datadir, "-m", "fast", "-w", "restart")
            p = ledger.get("PG1", MERCHANT)  # a stale pooled connection is replaced, not handed out (issue 23)
            assert p is not None
            assert p.amount == 1
            server._run("pg_ctl", "-D", server.datadir, "-m", "fast", "-w", "stop")
            with pytest.raises(LedgerUnavailable):  # within the timeout, never a driver exception
                ledger.record_attempt(MERCHANT, "PG1")
            base = os.path.dirname(server.datadir)
            opts = f"-p {server.port} -k {base} -c listen_addresses=127.0.0.1 -c fsync=off"
            server._run("pg_ctl", "-D", server.datadir, "-o", opts, "-l", os.path.join(base, "log"), "-w", "start")
            ledger.record_attempt(MERCHANT, "PG1")
            p = ledger.get("PG1", MERCHANT)
            assert p is not None
            assert p.state == RECORDED
        finally:
            ledger.close()
    finally:
        manager.__exit__(None, None, None)


def test_hook_sql_with_a_percent_sign_runs_on_both_backends(make_ledger: Any) -> None:
    seen: list[int] = []

    def hook(p: Any, tx: Any) -> None:
        rows = tx.execute(
            "SELECT count(*) AS n FROM mgw_payments WHERE order_id LIKE 'OD-%' AND transaction_id = ?",
            (p.transaction_id,),
        )
        seen.append(int(rows[0]["n"]))

    ledger = make_ledger(on_final=hook, hook_in_transaction=True)
    ledger.record_intent(
        merchant_id=MERCHANT, transaction_id="PCT1", operation="debitV4Web", amount=5, order_id="OD-PCT1"
    )
    assert ledger.record_final(MERCHANT, "PCT1", "PAYMENT_ERROR", source="callback", amount=5)
    assert seen == [1]
