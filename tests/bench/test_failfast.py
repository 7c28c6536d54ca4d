"""bench/failfast.py: a bench section whose worker process dies fails at once with the worker's exit status and
traceback, at the barrier the workers meet at and while the parent waits for their results; and bench/ledger.py's
sections use it (a lifecycle worker killed before the barrier used to hang the run forever)."""

from __future__ import annotations

import multiprocessing as mp
import os
import threading
from pathlib import Path
from typing import Any

import pytest

from bench import failfast  # the repository root is on pytest's `pythonpath`
from bench.ledger import lifecycle

CTX = mp.get_context("spawn")


# --- the workers (module level: a spawned process imports them by name) ----------------------------------------------


def meets(barrier: threading.Barrier, out: Any) -> None:
    barrier.wait()
    out.put({"ok": os.getpid()})


def raises_first(barrier: threading.Barrier, out: Any) -> None:
    raise ValueError("the worker's own words")


def exits_first(barrier: threading.Barrier, out: Any) -> None:
    os._exit(3)


def blocks_first(barrier: threading.Barrier, out: Any, never: Any) -> None:
    never.wait()  # until the test kills it


def ends_without_result(barrier: threading.Barrier, out: Any) -> None:
    barrier.wait()


def raises_after(barrier: threading.Barrier, out: Any) -> None:
    barrier.wait()
    raise KeyError("after the barrier")


def run(*targets: Any, extra: tuple[Any, ...] = ()) -> tuple[list[Any], Any, Any]:
    out = CTX.Queue()
    barrier = CTX.Barrier(len(targets) + 1)
    procs = [failfast.start(CTX, t, [(barrier, out, *extra)], out)[0] for t in targets]
    return procs, barrier, out


# --- failfast -------------------------------------------------------------------------------------------------------


def test_workers_that_meet_and_report_give_their_results() -> None:
    procs, barrier, out = run(meets, meets)
    failfast.meet(procs, barrier, out, "two")
    results = failfast.gather(procs, out, "two")
    assert sorted(r["ok"] for r in results) == sorted(p.pid for p in procs)
    assert [p.exitcode for p in procs] == [0, 0]


def test_a_worker_raising_before_the_barrier_fails_the_meeting_with_its_traceback() -> None:
    procs, barrier, out = run(meets, raises_first)
    with pytest.raises(failfast.WorkerFailed) as err:
        failfast.meet(procs, barrier, out, "section x")
    text = str(err.value)
    assert text.startswith("section x: a worker ended before every worker reached the barrier")
    assert f"pid {procs[1].pid}: exit status 1" in text
    assert f"pid {procs[0].pid}: was running (stopped)" in text  # the one waiting at the barrier is not left there
    assert "ValueError: the worker's own words" in text
    assert all(p.exitcode is not None for p in procs)


def test_a_worker_exiting_before_the_barrier_fails_the_meeting_with_its_status() -> None:
    procs, barrier, out = run(exits_first, meets)
    with pytest.raises(failfast.WorkerFailed, match=f"pid {procs[0].pid}: exit status 3"):
        failfast.meet(procs, barrier, out, "section x")
    assert all(p.exitcode is not None for p in procs)


def test_a_worker_killed_before_the_barrier_fails_the_meeting() -> None:
    never = CTX.Event()
    procs, barrier, out = run(blocks_first, blocks_first, extra=(never,))
    procs[1].kill()
    procs[1].join()
    with pytest.raises(failfast.WorkerFailed, match=f"pid {procs[1].pid}: killed by signal 9"):
        failfast.meet(procs, barrier, out, "section x")
    assert procs[0].exitcode is not None


def test_a_worker_ending_without_its_result_fails_the_wait_for_results() -> None:
    procs, barrier, out = run(meets, ends_without_result)
    failfast.meet(procs, barrier, out, "section y")
    with pytest.raises(failfast.WorkerFailed, match=r"^section y: 1 of 2 results came"):
        failfast.gather(procs, out, "section y")


def test_a_worker_raising_after_the_barrier_fails_the_wait_with_its_traceback() -> None:
    procs, barrier, out = run(raises_after)
    failfast.meet(procs, barrier, out, "section y")
    with pytest.raises(failfast.WorkerFailed) as err:
        failfast.gather(procs, out, "section y")
    assert str(err.value).startswith(f"section y: a worker raised (pid {procs[0].pid}: exit status 1)")
    assert "KeyError: 'after the barrier'" in str(err.value)


# --- bench/ledger.py's lifecycle section ------------------------------------------------------------------------------


@pytest.fixture
def sqlite_ledger(tmp_path: Path) -> str:
    from merchant_gateway.ledger import Ledger

    url = f"sqlite:///{tmp_path}/bench.sqlite3"
    Ledger.migrate(url)
    return url


def test_a_lifecycle_worker_killed_before_the_barrier_fails_the_section(sqlite_ledger: str) -> None:
    killed: list[int] = []

    def kill_a_worker() -> float:
        # lifecycle reads the server's CPU right after starting its workers, before the barrier: the moment to
        # kill one (the section would otherwise run for ten minutes)
        victim = mp.active_children()[0]
        victim.kill()
        victim.join()
        killed.append(victim.pid or 0)
        return 0.0

    with pytest.raises(failfast.WorkerFailed) as err:
        lifecycle(sqlite_ledger, 2, 600.0, "k", server_cpu={"server": kill_a_worker})
    assert str(err.value).startswith("lifecycle, 2 workers: a worker ended before every worker reached the barrier")
    assert f"pid {killed[0]}: killed by signal 9" in str(err.value)
    assert mp.active_children() == []  # the other worker stopped, not left at the barrier


def test_a_lifecycle_worker_raising_after_the_barrier_fails_the_section_with_its_traceback(sqlite_ledger: str) -> None:
    with pytest.raises(failfast.WorkerFailed) as err:
        lifecycle(sqlite_ledger, 1, None, "r")  # type: ignore[arg-type]  # the worker's `start + seconds` raises
    assert str(err.value).startswith("lifecycle, 1 workers: a worker raised")
    assert "TypeError: unsupported operand" in str(err.value)
