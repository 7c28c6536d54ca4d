"""The reconciler workers' heartbeats: one row per worker process in ``mgw_workers``, written every few seconds.

Why this module exists: a worker that is SIGKILLed, frozen or cut off from the database cannot say so itself. Each
worker writes its counters and the time of its last beat (the backend's clock, so every machine of the fleet
compares like with like) to the ledger's database; whoever reads it (``mgw ledger health``, a dashboard) sees a
beat that is too old, and the counters the dead worker had reached. A clean stop writes ``stopped_at`` and the
exit status. Rows of workers that stopped or fell silent more than ``KEEP_FOR`` ago are removed when a worker
starts (each start is a new row: the name holds the process id).
"""

from __future__ import annotations

import os
import socket
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from .store import Tx

KEEP_FOR = 7 * 24 * 3600.0
COUNTERS = ("checks", "finals", "hooks", "hook_failures", "errors", "lost", "released")


@dataclass(frozen=True)
class WorkerStatus:
    """One reconciler worker as its last heartbeat left it. Times are the backend's clock (epoch seconds)."""

    name: str  # the ledger's owner name: host:pid:random
    host: str
    pid: int
    merchant_id: str | None
    started_at: float
    beat_at: float
    stopped_at: float | None  # None: running, or died without stopping (see beat_at)
    exit_status: int | None
    counters: dict[str, int] = field(default_factory=dict)  # COUNTERS, since the worker started

    @property
    def running(self) -> bool:
        """It has not stopped cleanly (it may still have died: compare ``beat_at`` with the time)."""
        return self.stopped_at is None

    def age(self, now: float) -> float:
        """Seconds since its last beat at ``now`` (the backend's clock: ``ledger.clock()``)."""
        return max(0.0, now - self.beat_at)

    @classmethod
    def from_row(cls, row: Mapping[str, Any]) -> WorkerStatus:
        return cls(
            name=row["name"],
            host=row["host"],
            pid=int(row["pid"]),
            merchant_id=row["merchant_id"],
            started_at=float(row["started_at"]),
            beat_at=float(row["beat_at"]),
            stopped_at=None if row["stopped_at"] is None else float(row["stopped_at"]),
            exit_status=None if row["exit_status"] is None else int(row["exit_status"]),
            counters={name: int(row[name]) for name in COUNTERS},
        )


def beat(
    tx: Tx,
    *,
    name: str,
    now: float,
    merchant_id: str | None,
    counters: Mapping[str, int],
    stopped: bool = False,
    exit_status: int | None = None,
) -> None:
    """Write this worker's heartbeat (the first one creates its row, and removes rows long stale)."""
    values = [int(counters.get(c, 0)) for c in COUNTERS]
    sets = ", ".join(f"{c} = ?" for c in COUNTERS)
    n = tx.rowcount(
        f"UPDATE mgw_workers SET beat_at = ?, {sets}, stopped_at = ?, exit_status = ? WHERE name = ?",
        (now, *values, now if stopped else None, exit_status, name),
    )
    if n:
        return
    tx.execute("DELETE FROM mgw_workers WHERE beat_at < ?", (now - KEEP_FOR,))
    cols = ", ".join(COUNTERS)
    marks = ", ".join("?" for _ in COUNTERS)
    tx.execute(
        f"INSERT INTO mgw_workers (name, host, pid, merchant_id, started_at, beat_at, stopped_at, exit_status, "
        f"{cols}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, {marks})",
        (
            name,
            socket.gethostname(),
            os.getpid(),
            merchant_id,
            now,
            now,
            now if stopped else None,
            exit_status,
            *values,
        ),
    )


def listing(tx: Tx, *, running_only: bool = False) -> list[WorkerStatus]:
    where = " WHERE stopped_at IS NULL" if running_only else ""
    rows = tx.execute(f"SELECT * FROM mgw_workers{where} ORDER BY beat_at DESC")
    return [WorkerStatus.from_row(r) for r in rows]


def forget(tx: Tx, name: str) -> bool:
    """Remove one worker's row (an operator's decision: it is gone); True when there was one."""
    return bool(tx.rowcount("DELETE FROM mgw_workers WHERE name = ?", (name,)))
