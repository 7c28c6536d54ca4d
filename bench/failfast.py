"""Worker processes of a bench section that fail fast: a worker that dies (an exception, a signal, os._exit) ends the
section with its exit status and, when it raised, its traceback, instead of leaving the parent waiting forever at a
barrier the dead worker never reaches, or for a result it never sends.

Only multiprocessing's public API: each process's ``exitcode``, ``sentinel`` and ``terminate()``, the barrier's
``n_waiting``, the queue's ``get(timeout=...)``.
"""

from __future__ import annotations

import os
import queue
import threading
import traceback
from collections.abc import Callable, Sequence
from multiprocessing.connection import wait
from multiprocessing.context import SpawnContext, SpawnProcess
from typing import TYPE_CHECKING, Any, TypeAlias

if TYPE_CHECKING:  # multiprocessing's Queue takes a type argument in its stubs only
    from multiprocessing.queues import Queue

    # what the workers put on the results queue: their results (the section's own figures) or FAILED's report
    Results: TypeAlias = Queue[dict[str, Any]]

FAILED = "bench-worker-failed"  # the key of the message a worker that raised leaves on the results queue

# How long the parent waits before it looks again (a worker's death wakes it at the barrier at once): at most how late
# a dead worker is noticed, not a measured figure.
POLL_S = 0.2
# How long a worker that reported its exception is given to end on its own (its exit status then in the error)
# before it is stopped too: a guard against a worker whose threads keep it alive, not a measured figure.
EXIT_GUARD_S = 60.0


class WorkerFailed(RuntimeError):
    """A worker process of a bench section ended without its result."""


def _guarded(target: Callable[..., None], args: tuple[Any, ...], out: Results) -> None:
    # the traceback goes to the parent beside the results, so its error says why and not only the exit status
    try:
        target(*args)
    except BaseException:
        out.put({FAILED: traceback.format_exc(), "pid": os.getpid()})
        raise


def start(
    ctx: SpawnContext, target: Callable[..., None], argsets: Sequence[tuple[Any, ...]], out: Results
) -> list[SpawnProcess]:
    """One started process per ``argsets`` entry, running ``target(*args)``; ``out`` is the queue the workers put
    their results on (it is also among their args)."""
    procs = [ctx.Process(target=_guarded, args=(target, args, out)) for args in argsets]
    for p in procs:
        p.start()
    return procs


def meet(procs: Sequence[SpawnProcess], barrier: threading.Barrier, out: Results, what: str) -> None:
    """The parent's turn at ``barrier`` (its parties: the workers and the parent), taken once every worker waits
    there; a worker that ends first raises WorkerFailed, the other workers stopped."""
    while barrier.n_waiting < len(procs):
        if any(p.exitcode is not None for p in procs):
            fail(procs, out, f"{what}: a worker ended before every worker reached the barrier")
        wait([p.sentinel for p in procs], timeout=POLL_S)
    barrier.wait()


def gather(procs: Sequence[SpawnProcess], out: Results, what: str) -> list[dict[str, Any]]:
    """One result per worker from ``out``, then the workers joined; a worker that fails, or ends without its result,
    raises WorkerFailed, the other workers stopped."""
    results: list[dict[str, Any]] = []
    while len(results) < len(procs):
        # read before the wait: a worker flushes what it put before it ends, so a queue still empty after a worker
        # had failed (or after all had ended) holds no result that is still on its way
        ended = any(p.exitcode not in (None, 0) for p in procs) or all(p.exitcode is not None for p in procs)
        try:
            item = out.get(timeout=POLL_S)
        except queue.Empty:
            if ended:
                fail(procs, out, f"{what}: {len(results)} of {len(procs)} results came")
            continue
        if FAILED in item:
            fail(procs, out, f"{what}: a worker raised", [item])
        results.append(item)
    for p in procs:
        p.join()
    return results


def fail(procs: Sequence[SpawnProcess], out: Results, why: str, reports: Sequence[dict[str, Any]] = ()) -> None:
    """Raise WorkerFailed with each worker's exit status and the tracebacks the failed ones reported, after stopping
    the workers still running (the queue is read first: a worker stopped while it writes would leave half a message).
    """
    found = list(reports)
    while True:
        try:
            item = out.get(timeout=0.05)
        except queue.Empty:
            break
        if FAILED in item:
            found.append(item)
    raised = {r["pid"] for r in found}
    for p in procs:
        if p.pid in raised:
            p.join(EXIT_GUARD_S)  # on its way out: its own exit status, not "stopped"
    codes = [p.exitcode for p in procs]
    for p in procs:
        if p.exitcode is None:
            p.terminate()
    for p in procs:
        p.join()
    statuses = ", ".join(f"pid {p.pid}: {_status(code)}" for p, code in zip(procs, codes, strict=True))
    detail = "".join(f"\n--- the traceback of pid {r['pid']} ---\n{r[FAILED]}" for r in found)
    raise WorkerFailed(f"{why} ({statuses}){detail}")


def _status(code: int | None) -> str:
    if code is None:
        return "was running (stopped)"
    return f"killed by signal {-code}" if code < 0 else f"exit status {code}"
