"""The fast development loop: one way to poll quickly (``poll_every=``), the local sandbox's own schedule by default
against ``environment="local"``, the public reference's against the others, and a wait that returns as soon as a
final verdict is known (a final status already read, a callback the ledger recorded), never sleeping past it.
Real sandbox over sockets, its manual clock moved by the gateway's sleep (no real waiting). Written once, for
AsyncGateway, in test_fast_wait_async.py; test_fast_wait_sync.py is derived from it (tools/derive_sync.py) and runs
every test on Gateway; the choice of schedule alone is test_fast_wait.py's."""

from __future__ import annotations

from typing import Any

import pytest
from merchant_gateway import AsyncGateway
from merchant_gateway.flows import DEFAULT_SCHEDULE
from merchant_gateway.flows.polling import StatusSnapshot
from merchant_gateway.observers import CallObserver
from merchant_gateway.verdicts import Verdict

MERCHANT, SALT = "TASKMERCHANT", "task-salt-5d2a"  # the module sandbox's (conftest)
SETTLES_AFTER = 5.0  # the module sandbox's settle_after (conftest)


def settings(sandbox: Any) -> dict[str, Any]:
    urls = {"base_url": sandbox.base_url, "apps_url": sandbox.apps_url, "auth_url": sandbox.auth_url}
    return {"merchant_id": MERCHANT, "salt_key": SALT, "salt_index": "1", **urls}


async def test_against_the_local_sandbox_wait_returns_within_seconds_of_settling(
    async_gateway: AsyncGateway, sandbox: Any, sleeps: list[float]
) -> None:
    payment = await async_gateway.payments.start(amount=10_000, merchant_user_id="U1")
    final = await async_gateway.payments.wait(payment)
    assert final.succeeded
    assert sleeps[0] == pytest.approx(1.0)
    # settled 5 s after the start; seen by the first check after it, a second later at most
    assert SETTLES_AFTER <= final.elapsed <= SETTLES_AFTER + 1.0 + 1e-6


async def test_poll_every_checks_at_that_pace(async_gateway: AsyncGateway, sleeps: list[float]) -> None:
    payment = await async_gateway.payments.start(amount=10_000, merchant_user_id="U1")
    final = await async_gateway.payments.wait(payment, poll_every=2.5)
    assert final.succeeded
    assert sleeps == pytest.approx([2.5, 2.5])  # checks at 2.5 (pending) and 5.0 (settled: paid)
    assert final.elapsed == pytest.approx(SETTLES_AFTER)


async def test_against_a_real_environment_the_default_is_the_public_reference(
    sandbox: Any, sleeps: list[float]
) -> None:
    async def sleep(seconds: float) -> None:
        sleeps.append(seconds)
        sandbox.advance(seconds)

    # environment="sandbox" with the local sandbox's URLs: what the environment chooses, not the host
    async with AsyncGateway(**settings(sandbox), environment="sandbox", clock=sandbox.clock.now, sleep=sleep) as gw:
        payment = await gw.payments.start(amount=10_000, merchant_user_id="U1")
        assert (await gw.payments.wait(payment)).succeeded
    assert sleeps[0] == pytest.approx(20.0)


async def test_a_final_status_already_read_ends_the_wait_without_sleeping(
    async_gateway: AsyncGateway, sandbox: Any, sleeps: list[float]
) -> None:
    payment = await async_gateway.payments.start(amount=10_000, merchant_user_id="U1")
    sandbox.advance(SETTLES_AFTER + 1)
    assert (await async_gateway.payments.retrieve(payment)).succeeded
    final = await async_gateway.payments.wait(payment, schedule=DEFAULT_SCHEDULE)  # would first sleep 20 s
    assert final.succeeded
    assert sleeps == []


class _LedgerLike(CallObserver):
    """An observer that learns verdicts while a wait sleeps, as the ledger does from verified callbacks."""

    def __init__(self) -> None:
        super().__init__()
        self.finals: dict[str, StatusSnapshot] = {}
        self.asked = 0

    def known_final(self, transaction_id: str, merchant_id: str) -> StatusSnapshot | None:
        self.asked += 1
        return self.finals.get(transaction_id)


async def test_a_verdict_recorded_while_waiting_ends_the_wait_within_a_second(sandbox: Any) -> None:
    ledger = _LedgerLike()
    slept: list[float] = []
    payment_box: list[Any] = []

    async def sleep(seconds: float) -> None:
        slept.append(seconds)
        sandbox.advance(seconds)
        if sum(slept) >= 3.0 and not ledger.finals:  # the verified callback arrives 3 s after the start
            payment = payment_box[0]
            ledger.finals[payment.transaction_id] = StatusSnapshot(
                payment.transaction_id, "PAYMENT_SUCCESS", amount=payment.amount, verdict=Verdict.SUCCEEDED
            )

    async with AsyncGateway(**settings(sandbox), clock=sandbox.clock.now, sleep=sleep, observer=ledger) as gw:
        assert gw.follows_callbacks
        payment = await gw.payments.start(amount=10_000, merchant_user_id="U1")
        payment_box.append(payment)
        final = await gw.payments.wait(payment, schedule=DEFAULT_SCHEDULE)
    assert final.succeeded
    assert final.checks == 0  # decided by the recorded verdict, no status read needed
    assert sum(slept) == pytest.approx(3.0)  # not the 20 s of the schedule's first check
    assert max(slept) <= 1.0


async def test_a_recorded_verdict_for_another_amount_proves_nothing(sandbox: Any) -> None:
    ledger = _LedgerLike()

    async def advance(seconds: float) -> None:
        sandbox.advance(seconds)

    async with AsyncGateway(**settings(sandbox), clock=sandbox.clock.now, sleep=advance, observer=ledger) as gw:
        payment = await gw.payments.start(
            amount=4001, merchant_user_id="U1", redirect_url="https://shop.example/r"
        )  # the sandbox declines 4001
        ledger.finals[payment.transaction_id] = StatusSnapshot(
            payment.transaction_id, "PAYMENT_SUCCESS", amount=1, verdict=Verdict.SUCCEEDED
        )
        final = await gw.payments.wait(payment, poll_every=1.0)
    assert final.code == "PAYMENT_DECLINED"  # the status read decided
    assert ledger.asked > 0


async def test_poll_every_then_the_last_read_verdict_is_remembered(
    async_gateway: AsyncGateway, sandbox: Any, sleeps: list[float]
) -> None:
    payment = await async_gateway.payments.start(amount=10_000, merchant_user_id="U1")
    final = await async_gateway.payments.wait(payment, poll_every=1.0)
    assert final.succeeded
    assert final.elapsed <= SETTLES_AFTER + 1.0 + 1e-6
    sleeps.clear()
    again = await async_gateway.payments.wait(payment, schedule=DEFAULT_SCHEDULE)
    assert again.succeeded
    assert sleeps == []  # the wait's own last read is remembered


async def test_a_callback_the_ledger_recorded_ends_the_wait_at_once(sandbox: Any, tmp_path: Any) -> None:
    """The real ledger: the payment written down by its observer, a verified callback recorded (what the ledger's
    callback handlers do), and the wait returns on the ledger's final verdict instead of sleeping to its first
    check (20 s on the public reference's schedule)."""
    from merchant_gateway.ledger import Ledger

    url = f"sqlite:///{tmp_path / 'ledger.db'}"
    if hasattr(Ledger, "migrate"):
        Ledger.migrate(url)
    slept: list[float] = []
    with Ledger.open(url) as ledger:
        box: list[Any] = []

        async def sleep(seconds: float) -> None:
            slept.append(seconds)
            sandbox.advance(seconds)
            if sum(slept) >= 2.0 and box:  # the sandbox's signed callback, verified, recorded 2 s after the start
                payment = box.pop()
                ledger.observe_callback(MERCHANT, payment.transaction_id, "PAYMENT_SUCCESS", amount=payment.amount)

        observer = ledger.observer
        async with AsyncGateway(**settings(sandbox), clock=sandbox.clock.now, sleep=sleep, observer=observer) as gw:
            payment = await gw.payments.start(
                amount=10_000, merchant_user_id="U1", redirect_url="https://r.example", callback_url="https://c.example"
            )
            box.append(payment)
            final = await gw.payments.wait(payment, schedule=DEFAULT_SCHEDULE)
    assert final.succeeded
    assert final.snapshot.amount == 10_000
    assert final.checks == 0  # no status read: the ledger's verdict
    assert sum(slept) == pytest.approx(2.0)
