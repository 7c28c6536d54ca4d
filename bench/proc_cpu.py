"""CPU seconds (user + system) of a local server's process tree, read from Linux's /proc: what a database server
spent over a benchmark's window, read before and after it (bench/ledger.py, CPU per payment).

A process tree's total is each live process's own time plus the time of its children already reaped (``cutime``,
``cstime``): a backend that ends inside the window is counted by its parent once it is gone, never twice and never
lost. Linux only; /proc's figures are in clock ticks (usually 10 ms), fine over a window of seconds.
"""

from __future__ import annotations

import os
from pathlib import Path

TICK_S = 1.0 / os.sysconf("SC_CLK_TCK")


class ProcStat:
    """The fields of one /proc/<pid>/stat line that the tree needs."""

    def __init__(self, line: str) -> None:
        # the command name (field 2) is in parentheses and may itself hold spaces and parentheses: split at the last
        head, _, rest = line.rpartition(")")
        self.comm = head.partition("(")[2]
        fields = rest.split()  # fields[0] is field 3 (state)
        self.ppid = int(fields[1])
        utime, stime, cutime, cstime = (int(x) for x in fields[11:15])
        self.own_s = (utime + stime) * TICK_S
        self.reaped_s = (cutime + cstime) * TICK_S


def _all(proc: Path) -> dict[int, ProcStat]:
    out: dict[int, ProcStat] = {}
    for entry in proc.iterdir():
        if not entry.name.isdigit():
            continue
        try:
            out[int(entry.name)] = ProcStat((entry / "stat").read_text(encoding="utf-8", errors="replace"))
        except (OSError, ValueError, IndexError):
            continue  # a process that ended while the directory was read
    return out


def tree_cpu_s(pid: int, proc: Path = Path("/proc")) -> float:
    """User + system CPU seconds of ``pid`` and all its descendants, live or already reaped."""
    stats = _all(proc)
    children: dict[int, list[int]] = {}
    for p, st in stats.items():
        children.setdefault(st.ppid, []).append(p)
    total, todo = 0.0, [pid]
    while todo:
        p = todo.pop()
        found = stats.get(p)
        if found is None:
            continue
        total += found.own_s + found.reaped_s
        todo += children.get(p, [])
    return total


def children_named(parent: int, comm: str, proc: Path = Path("/proc")) -> list[int]:
    """The pids of ``parent``'s live children whose command is ``comm`` (a server this process started itself)."""
    return sorted(p for p, st in _all(proc).items() if st.ppid == parent and st.comm == comm)


def postmaster_pid(datadir: str | Path) -> int:
    """The PostgreSQL server's pid, the first line of its data directory's postmaster.pid."""
    return int((Path(datadir) / "postmaster.pid").read_text(encoding="ascii").split("\n", 1)[0])
