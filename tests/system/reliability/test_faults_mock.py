"""Faults injected on the client side (httpx.MockTransport in front of the real sandbox) on every payment-like
operation, sync and async: requests that reached the gateway, the exception the caller gets, the outcome that
``reconcile`` then finds, and no double charge / double refund in the sandbox's own state."""

from __future__ import annotations

from typing import Any

import merchant_gateway as mg
import pytest

from tests.support.faults import FAULTS, LATE_RECORD, MAYBE_RECORDED, NOT_SENT, FaultyUpstream
from tests.support.reliability import PAY_OPS, Env, FakeTime, PayOp, assert_no_double_money, call_args, tid

OPS = sorted(PAY_OPS)
POLICY = mg.RetryPolicy()  # the defaults are what a merchant gets


def _status_code(result: Any) -> str:
    return str(result.code)


def _check_recorded_outcome(sbx: Env, op: PayOp, t: str, paid: str | None, status: Any) -> None:
    assert _status_code(status) == "PAYMENT_SUCCESS"  # the sandbox settled it: the true outcome is found
    assert status.data.amount == 100
    assert sbx.records(t) == 1
    assert_no_double_money(sbx, t, paid)
    if paid is not None:
        assert [r.transaction_id for r in sbx.refunds_of(paid)] == [t]


@pytest.mark.parametrize("fault", MAYBE_RECORDED)
@pytest.mark.parametrize("method", OPS)
def test_unknown_outcome_sync(sbx: Env, fake_time: FakeTime, method: str, fault: str) -> None:
    op = PAY_OPS[method]
    t = tid("MK")
    kwargs, paid = call_args(sbx, op, t)
    sbx.hits.reset()
    upstream = FaultyUpstream(fault)
    with mg.Gateway(**sbx.settings(), transport=upstream.transport(), sleep=fake_time.sleep) as gw:
        with pytest.raises(mg.OutcomeUnknown) as info:
            getattr(gw, method)(**kwargs)
        assert info.value.transaction_id == t
        assert info.value.operation == op.operation_id
        assert upstream.attempts == 1
        assert upstream.forwarded == 1
        assert sbx.hits[op.operation_id] == 1
        assert fake_time.sleeps == []
        status = gw.reconcile(t)
    _check_recorded_outcome(sbx, op, t, paid, status)


@pytest.mark.parametrize("fault", MAYBE_RECORDED)
@pytest.mark.parametrize("method", OPS)
async def test_unknown_outcome_async(sbx: Env, fake_time: FakeTime, method: str, fault: str) -> None:
    op = PAY_OPS[method]
    t = tid("MA")
    kwargs, paid = call_args(sbx, op, t)
    sbx.hits.reset()
    upstream = FaultyUpstream(fault)
    async with mg.AsyncGateway(**sbx.settings(), transport=upstream.transport(), sleep=fake_time.async_sleep) as gw:
        with pytest.raises(mg.OutcomeUnknown) as info:
            await getattr(gw, method)(**kwargs)
        assert info.value.transaction_id == t
        assert upstream.attempts == 1
        assert sbx.hits[op.operation_id] == 1
        status = await gw.reconcile(t)
    _check_recorded_outcome(sbx, op, t, paid, status)


@pytest.mark.parametrize("fault", NOT_SENT)
@pytest.mark.parametrize("method", OPS)
def test_connect_failure_every_attempt(sbx: Env, fake_time: FakeTime, method: str, fault: str) -> None:
    op = PAY_OPS[method]
    t = tid("MC")
    kwargs, paid = call_args(sbx, op, t)
    sbx.hits.reset()
    upstream = FaultyUpstream(fault)
    with mg.Gateway(**sbx.settings(), transport=upstream.transport(), sleep=fake_time.sleep) as gw:
        with pytest.raises(mg.GatewayConnectionError) as info:
            getattr(gw, method)(**kwargs)
        assert not isinstance(info.value, mg.OutcomeUnknown)
        assert info.value.transaction_id == t
        assert upstream.attempts == POLICY.max_attempts  # retried: nothing could have been recorded
        assert upstream.forwarded == 0
        assert sbx.hits[op.operation_id] == 0
        assert len(fake_time.sleeps) == POLICY.max_attempts - 1
        assert all(0 <= s <= POLICY.max_wait for s in fake_time.sleeps)
        with pytest.raises(mg.TransactionNotFoundError):
            gw.reconcile(t)
    assert sbx.records(t) == 0
    assert_no_double_money(sbx, t, paid)


@pytest.mark.parametrize("fault", NOT_SENT)
@pytest.mark.parametrize("method", OPS)
async def test_connect_failure_then_success_async(sbx: Env, fake_time: FakeTime, method: str, fault: str) -> None:
    op = PAY_OPS[method]
    t = tid("MS")
    kwargs, paid = call_args(sbx, op, t)
    sbx.hits.reset()
    upstream = FaultyUpstream(fault, times=POLICY.max_attempts - 1)
    async with mg.AsyncGateway(**sbx.settings(), transport=upstream.transport(), sleep=fake_time.async_sleep) as gw:
        await getattr(gw, method)(**kwargs)
        assert upstream.attempts == POLICY.max_attempts
        assert upstream.forwarded == 1
        assert sbx.hits[op.operation_id] == 1  # exactly one request reached the gateway
        status = await gw.reconcile(t)
    _check_recorded_outcome(sbx, op, t, paid, status)


def test_reconcile_too_early_is_not_final(sbx: Env, fake_time: FakeTime) -> None:
    op = PAY_OPS["debit_v4_web"]
    t = tid("ML")
    kwargs, _ = call_args(sbx, op, t)
    upstream = FaultyUpstream(LATE_RECORD, times=1)
    with mg.Gateway(**sbx.settings(), transport=upstream.transport(), sleep=fake_time.sleep) as gw:
        with pytest.raises(mg.OutcomeUnknown):
            gw.debit_v4_web(**kwargs)
        verdict: object
        try:
            verdict = gw.reconcile(t)
        except (mg.TransactionNotFoundError, mg.OutcomeUnknown) as exc:
            verdict = exc
        upstream.release.set()  # only now does the late request reach the gateway
        assert upstream.late is not None
        upstream.late.join(10)
        settled = gw.reconcile(t)  # once the gateway has it, reconcile finds the true outcome
    assert sbx.records(t) == 1  # the gateway did record it ...
    assert isinstance(verdict, mg.OutcomeUnknown)  # ... so "never recorded" would have been wrong
    assert verdict.transaction_id == t
    assert "reconcile again" in verdict.message
    assert settled.code in {"PAYMENT_PENDING", "PAYMENT_SUCCESS"}


def test_matrix_is_complete() -> None:
    """The campaign's figures (docs/reliability.md) count these cases."""
    assert len(FAULTS) == 8
    assert len(OPS) == 12
