"""bench/proc_cpu.py (a server's CPU from /proc) and the CPU per payment bench/ledger.py derives from it."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path
from typing import Any

from bench import proc_cpu  # the repository root is on pytest's `pythonpath`
from bench.ledger import cpu_explained, cpu_per_payment, targets

TICK = proc_cpu.TICK_S


def stat_line(pid: int, comm: str, ppid: int, utime: int, stime: int, cutime: int = 0, cstime: int = 0) -> str:
    # the 52 fields of Linux's /proc/<pid>/stat; the ones after cstime are left at zero
    rest = ["S", str(ppid), *["0"] * 9, str(utime), str(stime), str(cutime), str(cstime), *["0"] * 37]
    return f"{pid} ({comm}) " + " ".join(rest) + "\n"


def fake_proc(root: Path, lines: dict[int, str]) -> Path:
    for pid, line in lines.items():
        (root / str(pid)).mkdir()
        (root / str(pid) / "stat").write_text(line, encoding="utf-8")
    (root / "self").mkdir()  # not a process: skipped
    (root / "9999").mkdir()  # a process that ended while the directory was read: no stat, skipped
    return root


def test_a_command_name_with_spaces_and_parentheses_does_not_shift_the_fields() -> None:
    st = proc_cpu.ProcStat(stat_line(7, "post (gres: a) b", 3, utime=5, stime=2, cutime=11, cstime=4))
    assert st.comm == "post (gres: a) b"
    assert st.ppid == 3
    assert st.own_s == 7 * TICK
    assert st.reaped_s == 15 * TICK


def test_the_tree_counts_descendants_and_reaped_children_but_no_one_else(tmp_path: Path) -> None:
    proc = fake_proc(
        tmp_path,
        {
            10: stat_line(10, "postgres", 1, utime=100, stime=50, cutime=30, cstime=20),  # ended backends: 50
            11: stat_line(11, "postgres", 10, utime=7, stime=3),
            12: stat_line(12, "postgres", 10, utime=1, stime=1),
            13: stat_line(13, "worker", 12, utime=2, stime=0),  # a grandchild
            20: stat_line(20, "pgbouncer", 1, utime=900, stime=900),  # not in the tree
        },
    )
    assert round(proc_cpu.tree_cpu_s(10, proc) / TICK) == 150 + 50 + 10 + 2 + 2
    assert round(proc_cpu.tree_cpu_s(12, proc) / TICK) == 4
    assert proc_cpu.tree_cpu_s(4242, proc) == 0.0  # gone: nothing
    assert proc_cpu.children_named(1, "pgbouncer", proc) == [20]
    assert proc_cpu.children_named(1, "postgres", proc) == [10]


def test_postmaster_pid_is_the_first_line_of_postmaster_pid(tmp_path: Path) -> None:
    (tmp_path / "postmaster.pid").write_text("4321\n/var/lib/data\n1700000000\n5432\n", encoding="ascii")
    assert proc_cpu.postmaster_pid(tmp_path) == 4321


BURN = (
    "import sys, time\n"
    "x = 0\n"
    "while time.process_time() < 0.3:\n"  # a fixed amount of CPU, not of time
    "    x += 1\n"
    "print(time.process_time(), flush=True)\n"
    "sys.stdin.read()\n"  # stays alive (not reaped) until told
)


def test_a_real_childs_cpu_is_counted_while_it_lives_and_after_it_is_reaped() -> None:
    before = proc_cpu.tree_cpu_s(os.getpid())
    child = subprocess.Popen([sys.executable, "-c", BURN], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    try:
        assert child.stdout is not None
        spent = float(child.stdout.readline())
        assert spent >= 0.3
        live = proc_cpu.tree_cpu_s(os.getpid()) - before
        assert live >= spent - 2 * TICK  # /proc counts in ticks
    finally:
        child.communicate("", timeout=60)
    reaped = proc_cpu.tree_cpu_s(os.getpid()) - before
    assert reaped >= spent - 2 * TICK


def test_cpu_per_payment_and_the_bound_it_implies() -> None:
    row = cpu_per_payment(2.0, {"postgresql": 4.0, "pgbouncer": 2.0}, 1000)
    assert row["client_cpu_ms_per_payment"] == 2.0
    assert row["server_cpu_ms_per_payment"] == 6.0
    assert row["pgbouncer_cpu_ms_per_payment"] == 2.0
    assert row["cpu_bound_payments_per_s"] == round((os.cpu_count() or 1) * 1000 / 8.0, 1)
    sqlite = cpu_per_payment(1.0, {}, 500)
    assert sqlite["server_cpu_ms_per_payment"] is None
    assert "pgbouncer_cpu_ms_per_payment" not in sqlite
    assert sqlite["cpu_bound_payments_per_s"] == round((os.cpu_count() or 1) * 1000 / 2.0, 1)


def test_the_targets_measured_text_says_what_the_cpu_allows() -> None:
    lc = {"payments_per_s": 236.5, "client_cpu_ms_per_payment": 2.1, "server_cpu_ms_per_payment": 4.3}
    text = cpu_explained(lc, 2)
    assert text.startswith("236.5 (CPU per payment: 2.1 ms in the workers + 4.3 ms in the server = 6.40 ms")
    assert "2 cores give at most 312 payments/s" in text
    assert "PgBouncer 1.5" in cpu_explained({**lc, "pgbouncer_cpu_ms_per_payment": 1.5}, 2)
    assert cpu_explained({"payments_per_s": 99.0}, 2) == "99.0"  # measured before the CPU was: the bare figure


def test_the_payments_target_names_what_a_client_without_the_ledger_reached() -> None:
    floor = [
        {"transactions": "explicit", "workers": 4, "payments_per_s": 805.0},
        {"transactions": "explicit", "workers": 8, "payments_per_s": 746.0},
        {"transactions": "pipelined", "workers": 4, "payments_per_s": 799.0},
        {"transactions": "lone", "workers": 4, "payments_per_s": 1057.0},
        {"transactions": "lone", "workers": 8, "payments_per_s": 1234.0},
    ]
    lc = {"workers": 4, "payments_per_s": 370.0, "client_cpu_ms_per_payment": 2.8, "server_cpu_ms_per_payment": 2.2}
    results: dict[str, Any] = {
        "machine": {"cpus": 2},
        "backends": {"postgresql": {"lifecycle": [lc], "client_floor": floor}},
    }
    (row,) = [t for t in targets(results) if "payments/s of ledger work" in t["what"]]
    assert row["measured"].startswith("370.0 (CPU per payment")
    assert row["measured"].endswith("reach 805.0 payments/s as transactions and 1234.0 as lone statements")
    assert not row["held"]
    del results["backends"]["postgresql"]["client_floor"]  # a run without the section: nothing said of it
    (row,) = [t for t in targets(results) if "payments/s of ledger work" in t["what"]]
    assert "no ledger" not in row["measured"]
