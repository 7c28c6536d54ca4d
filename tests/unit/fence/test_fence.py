"""merchant_gateway.fence: an attempt's send deadline, checked before the first byte of each stream of the request
and never after one has left; armed per thread / task. Fake clocks: nothing waits. (A real sender paused past its
deadline, on SQLite and PostgreSQL, is tests/unit/ledger/test_send_fence.py.)"""

from __future__ import annotations

import asyncio
import threading

import pytest
from merchant_gateway.fence import (
    SendDeadlinePassed,
    SendFence,
    arm_fence,
    check_fence,
    end_fence_scope,
    fence_scope,
)


class Clock:
    def __init__(self, now: float = 0.0) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now


def test_the_deadline_has_passed_from_its_instant_on() -> None:
    clock = Clock(99.999)
    fence = SendFence(100.0, clock)
    assert not fence.expired()
    clock.now = 100.0
    assert fence.expired()


def test_a_wall_clock_set_back_cannot_reopen_the_window_the_monotonic_clock_closed() -> None:
    wall, monotonic = Clock(50.0), Clock(10.0)
    fence = SendFence(100.0, wall, monotonic_deadline=20.0, monotonic=monotonic)
    assert not fence.expired()
    monotonic.now = 20.0  # the process was paused: this machine's monotonic clock passed its deadline
    assert fence.expired()  # though the wall clock (set back meanwhile) says 50


def test_the_first_write_after_the_deadline_raises_and_nothing_after_a_first_byte_left() -> None:
    clock = Clock(0.0)
    fence = SendFence(10.0, clock)
    tunnel, request = object(), object()
    fence.before_first_byte(tunnel)  # the proxy's CONNECT leaves in time
    clock.now = 10.0
    fence.before_first_byte(tunnel)  # more of the CONNECT: its first byte is out, the outcome is the gateway's
    with pytest.raises(SendDeadlinePassed, match="nothing was sent"):
        fence.before_first_byte(request)  # the request inside the tunnel is a stream of its own


def test_check_fence_does_nothing_without_an_armed_fence_and_a_scope_restores_the_one_before() -> None:
    outer = fence_scope()  # leave this thread as it was found
    try:
        check_fence(object())  # no send deadline: nothing to check
        arm_fence(SendFence(1.0, Clock(5.0)))
        with pytest.raises(SendDeadlinePassed):
            check_fence(object())
        inner = fence_scope()  # an attempt without a fence of its own
        check_fence(object())
        end_fence_scope(inner)
        with pytest.raises(SendDeadlinePassed):
            check_fence(object())
    finally:
        end_fence_scope(outer)
    check_fence(object())


def test_a_fence_is_armed_for_its_own_thread_only() -> None:
    seen: list[BaseException | None] = []

    def other_thread() -> None:
        try:
            check_fence(object())
            seen.append(None)
        except SendDeadlinePassed as exc:
            seen.append(exc)

    token = fence_scope()
    arm_fence(SendFence(0.0, Clock(1.0)))
    try:
        worker = threading.Thread(target=other_thread)
        worker.start()
        worker.join()
    finally:
        end_fence_scope(token)
    assert seen == [None]


async def test_a_fence_is_armed_for_its_own_task_only() -> None:
    armed = asyncio.Event()
    checked = asyncio.Event()

    async def arming() -> None:
        arm_fence(SendFence(0.0, Clock(1.0)))
        armed.set()
        await checked.wait()
        with pytest.raises(SendDeadlinePassed):
            check_fence(object())

    async def other() -> None:
        await armed.wait()
        check_fence(object())  # the other task's fence is not this one's
        checked.set()

    await asyncio.gather(arming(), other())


def test_the_repr_says_the_deadline_only() -> None:
    assert repr(SendFence(12.5, Clock())) == "SendFence(deadline=12.5)"
