"""The send fence: a sender paused between "attempt recorded" and its first byte (a real SIGSTOP) and resumed after
its attempt's send deadline sends nothing, and the ledger declares NOT_RECORDED only after that deadline plus the
grace; on SQLite and PostgreSQL. Time is a clock file both processes read (the ledger's clock, and the monotonic
one), moved by the test: nothing sleeps for time to pass, the settings are scaled down (call_bound 30 s, grace
10 s)."""

from __future__ import annotations

import asyncio
import json
import os
import select
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from ledger_support import MERCHANT, START, settings
from merchant_gateway.ledger import Ledger, open_store
from merchant_gateway.ledger.model import ACCEPTED, NOT_RECORDED
from merchant_gateway.transports import (
    AsyncGatewayTransport,
    GatewayTransport,
    SendDeadlinePassed,
    SendFence,
    arm_fence,
    end_fence_scope,
    fence_scope,
)

from tests.support.loopback import OneAnswerServer

REPO = Path(__file__).resolve().parents[3]
CALL_BOUND = 30.0
GRACE = 10.0
NOT_FOUND = {"success": False, "code": "TRANSACTION_NOT_FOUND", "message": "No transaction found"}

# The sender: a Gateway with the ledger's observer and, after it, one that stops this process (SIGSTOP) once the
# attempt is recorded, before the transport writes anything. It prints what its call ended with.
SENDER = """
import json, os, signal, sys
from merchant_gateway import Gateway
from merchant_gateway.observers import CallObserver, combine
from merchant_gateway.ledger import Ledger

url, clock_file, config, txn = sys.argv[1:]

def clock():
    with open(clock_file, encoding="ascii") as f:
        return float(f.read())

class StopAfterRecord(CallObserver):
    def before_attempt(self, prep):
        print("recorded", flush=True)
        os.kill(os.getpid(), signal.SIGSTOP)

ledger = Ledger.open(url, clock=clock, monotonic=clock, call_bound=float(os.environ["CALL_BOUND"]))
with Gateway(**json.loads(config), observer=combine(ledger.observer, StopAfterRecord())) as gw:
    try:
        gw.debit_v4_web(transaction_id=txn, amount=100, merchant_order_id="O", merchant_user_id="U")
    except Exception as exc:
        print(json.dumps({"error": type(exc).__name__, "cause": type(exc.__cause__).__name__, "message": str(exc)}))
    else:
        print(json.dumps({"error": None}))
ledger.close()
"""


class FileClock:
    """The ledger's clock (and monotonic clock) shared with the sender process through a file."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.set(START)

    def set(self, value: float) -> None:
        tmp = self.path.with_suffix(".tmp")
        tmp.write_text(repr(value), encoding="ascii")
        os.replace(tmp, self.path)

    def __call__(self) -> float:
        return float(self.path.read_text(encoding="ascii"))


def _state(pid: int) -> str:
    stat = Path(f"/proc/{pid}/stat").read_text(encoding="ascii")
    return stat.rsplit(")", 1)[1].split()[0]


def _line(proc: subprocess.Popen[str], guard: float = 60.0) -> str:
    """The sender's next line (a guard against a hang, not a measurement)."""
    assert proc.stdout is not None
    ready, _, _ = select.select([proc.stdout], [], [], guard)
    assert ready, "the sender printed nothing"
    return proc.stdout.readline().strip()


def _wait_stopped(pid: int) -> None:
    for _ in range(6000):  # a guard against a hang (60 s): the sender stops itself right after printing
        if _state(pid) == "T":
            return
        time.sleep(0.01)
    raise AssertionError("the sender did not stop")


@pytest.fixture
def sandbox_clean(sandbox: Any) -> Iterator[Any]:
    sandbox.sandbox.faults.clear()
    yield sandbox
    sandbox.sandbox.faults.clear()


def _start_sender(store_url: str, clock: FileClock, sandbox: Any, txn: str) -> subprocess.Popen[str]:
    paths = [str(REPO / p) for p in ("generated_client", "overlays", "sandbox")]
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(paths), "CALL_BOUND": str(CALL_BOUND)}
    config = json.dumps(settings(sandbox))
    args = [sys.executable, "-c", SENDER, store_url, str(clock.path), config, txn]
    return subprocess.Popen(args, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def _stopped_after_record(store_url: str, clock: FileClock, sandbox: Any, txn: str) -> subprocess.Popen[str]:
    proc = _start_sender(store_url, clock, sandbox, txn)
    try:
        assert _line(proc) == "recorded", proc.stderr.read() if proc.stderr else ""
        _wait_stopped(proc.pid)
    except BaseException:
        proc.kill()
        proc.wait()
        raise
    return proc


def _resume(proc: subprocess.Popen[str]) -> dict[str, Any]:
    os.kill(proc.pid, signal.SIGCONT)
    out, err = proc.communicate(timeout=60)
    assert proc.returncode == 0, err
    result: dict[str, Any] = json.loads(out.strip().splitlines()[-1])
    return result


def test_a_sender_resumed_after_its_deadline_sends_nothing(
    store_url: str, tmp_path: Path, sandbox_clean: Any, t: Any
) -> None:
    sandbox = sandbox_clean
    clock = FileClock(tmp_path / "clock")
    ledger = Ledger(open_store(store_url), clock=clock, monotonic=clock, grace=GRACE, call_bound=CALL_BOUND)
    txn = t("FENCE")
    proc = _stopped_after_record(store_url, clock, sandbox, txn)
    try:
        payment = ledger.get(txn, MERCHANT)
        assert payment is not None
        assert payment.attempts == 1
        assert payment.last_attempt_at == START
        # the wall clock of the reading process jumps: not before the send deadline plus the grace
        for at in (START + CALL_BOUND - 1, START + CALL_BOUND, START + CALL_BOUND + GRACE - 1):
            clock.set(at)
            assert ledger.record_status(MERCHANT, txn, NOT_FOUND) == "open", at
        clock.set(START + CALL_BOUND + GRACE)
        assert ledger.record_status(MERCHANT, txn, NOT_FOUND) == "final"
        final = ledger.get(txn, MERCHANT)
        assert final is not None
        assert final.code == NOT_RECORDED
        result = _resume(proc)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
        ledger.close()
    # refused before its first byte: "nothing was sent", never OutcomeUnknown
    assert result["error"] == "GatewayConnectionError", result
    assert result["cause"] == "SendDeadlinePassed"
    assert "nothing was sent" in result["message"]
    assert (MERCHANT, txn) not in sandbox.sandbox.store.txns  # the gateway never saw the request


def test_a_sender_resumed_before_its_deadline_sends(store_url: str, tmp_path: Path, sandbox_clean: Any, t: Any) -> None:
    """The same pause, resumed one second before the deadline: the request goes out (the fence is what stops the
    late one, not the pause itself)."""
    sandbox = sandbox_clean
    clock = FileClock(tmp_path / "clock")
    ledger = Ledger(open_store(store_url), clock=clock, monotonic=clock, grace=GRACE, call_bound=CALL_BOUND)
    txn = t("FENCEOK")
    proc = _stopped_after_record(store_url, clock, sandbox, txn)
    try:
        clock.set(START + CALL_BOUND - 1)
        result = _resume(proc)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    try:
        assert result["error"] is None, result
        assert (MERCHANT, txn) in sandbox.sandbox.store.txns
        payment = ledger.get(txn, MERCHANT)
        assert payment is not None
        assert payment.state == ACCEPTED
    finally:
        ledger.close()


# --- the transport's fence, alone -------------------------------------------------------------------------------


@pytest.fixture
def listener() -> Iterator[OneAnswerServer]:
    server = OneAnswerServer()
    yield server
    server.close()


def _fence_at(now: list[float], deadline: float) -> SendFence:
    return SendFence(deadline, lambda: now[0], monotonic_deadline=deadline, monotonic=lambda: now[0])


def test_the_transport_refuses_the_first_byte_after_the_deadline(listener: OneAnswerServer) -> None:
    now = [100.0]
    url = f"http://127.0.0.1:{listener.port}/x"
    with GatewayTransport(trust_env=False) as transport, httpx.Client(transport=transport) as client:
        scope = fence_scope()
        try:
            arm_fence(_fence_at(now, 100.0))  # the deadline is now: passed
            with pytest.raises(SendDeadlinePassed):
                client.post(url, content=b"{}")
        finally:
            end_fence_scope(scope)
        assert listener.received == b""  # not one byte
        scope = fence_scope()
        try:
            arm_fence(_fence_at(now, 100.5))
            assert client.post(url, content=b"{}").status_code == 200
        finally:
            end_fence_scope(scope)
    assert listener.received.startswith(b"POST /x")


def test_the_async_transport_refuses_too_and_a_fence_ends_with_its_attempt(listener: OneAnswerServer) -> None:
    now = [100.0]
    url = f"http://127.0.0.1:{listener.port}/y"

    async def run() -> None:
        async with AsyncGatewayTransport(trust_env=False) as transport, httpx.AsyncClient(transport=transport) as c:
            scope = fence_scope()
            try:
                arm_fence(_fence_at(now, 99.0))
                with pytest.raises(SendDeadlinePassed):
                    await c.post(url, content=b"{}")
            finally:
                end_fence_scope(scope)
            assert listener.received == b""
            # no fence once the attempt's scope ended: the next request (a status read, say) is not refused
            assert (await c.post(url, content=b"{}")).status_code == 200

    asyncio.run(run())
    assert listener.received.startswith(b"POST /y")


def test_a_fence_never_refuses_once_its_first_byte_left() -> None:
    now = [1.0]
    fence = _fence_at(now, 2.0)
    stream = object()
    fence.before_first_byte(stream)
    now[0] = 5.0  # the deadline passes while the request is being written: its bytes are out already
    fence.before_first_byte(stream)
    with pytest.raises(SendDeadlinePassed):  # a new stream (a proxy tunnel's TLS) starts a new first byte
        fence.before_first_byte(object())


def test_a_wall_clock_set_back_does_not_reopen_the_window() -> None:
    wall, mono = [10.0], [10.0]
    fence = SendFence(20.0, lambda: wall[0], monotonic_deadline=20.0, monotonic=lambda: mono[0])
    wall[0], mono[0] = 5.0, 25.0  # paused 15 s while the wall clock was set back 20 s
    with pytest.raises(SendDeadlinePassed):
        fence.before_first_byte(object())
