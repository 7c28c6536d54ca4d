"""soak/ledger_report.py, as `make bench-ledger` and `make soak-ledger` run it: a run without one of the two inputs
keeps that part's last measured figures in docs/reliability.md (issue 23: `make bench-ledger`, which runs no soak,
replaced the measured SIGKILL figures with "not run")."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
REPORT = ROOT / "soak" / "ledger_report.py"
START, END = "<!-- ledger:start (soak/ledger_report.py) -->", "<!-- ledger:end -->"

BENCH: dict[str, Any] = {
    "machine": {"cpus": 2, "python": "3.11.7"},
    "backends": {
        "sqlite": {
            "lifecycle": [{"workers": 1, "payments_per_s": 123.4, "finals": 10, "payments": 10}],
            "claims": [{"workers": 1, "checks_per_s": 56.7, "checks": 5, "pool": 3, "overlapping_claims": 0}],
            "limiter": [{"workers": 1, "grants_per_s": 999.9, "ms_per_grant": 0.1}],
            "holding": {
                "small": {"open_payments": 10, "checks_in_window": 10, "rss_before_mib": 30, "rss_peak_mib": 31},
                "big": {"open_payments": 100, "checks_in_window": 90, "rss_before_mib": 30, "rss_peak_mib": 32},
                "flat": True,
            },
        }
    },
}


def part(doc: str, heading: str) -> str:
    """The text of one part of the ledger section, from its heading to the next heading or the limits."""
    section = doc.split(START, 1)[1].split(END, 1)[0]
    found = re.search(rf"^{re.escape(heading)}\n(.*?)(?=^### |^Limits, honestly)", section, re.S | re.M)
    assert found, heading
    return found.group(1).strip()


def run_report(soak: Path, bench: Path, doc: Path) -> None:
    # the Makefile's recipes call it with both paths whether or not both files exist
    subprocess.run([sys.executable, str(REPORT), str(soak), str(bench), str(doc)], check=True, cwd=ROOT, timeout=60)


def test_bench_without_a_soak_keeps_the_measured_sigkill_figures(tmp_path: Path) -> None:
    doc = tmp_path / "reliability.md"
    doc.write_text((ROOT / "docs" / "reliability.md").read_text(encoding="utf-8"), encoding="utf-8")
    before = doc.read_text(encoding="utf-8")
    soak_before = part(before, "### Chaos soak: soak/ledger_chaos.py")
    assert "SIGKILLs" in soak_before  # the repository's measured figures

    bench = tmp_path / "bench_ledger.json"
    bench.write_text(json.dumps(BENCH), encoding="utf-8")
    run_report(tmp_path / "missing" / "ledger_chaos.json", bench, doc)
    after = doc.read_text(encoding="utf-8")

    soak_after = part(after, "### Chaos soak: soak/ledger_chaos.py")
    assert "not run" not in soak_after
    measured = [line for line in soak_before.splitlines() if line.strip() and not line.startswith("Measured on")]
    assert [line for line in soak_after.splitlines() if line.strip() and not line.startswith("Measured on")] == measured
    assert soak_after.startswith("Measured on 20")  # the date it was measured on, not this run's
    assert "ledger_chaos.json not found: kept as last written" in after
    scale = part(after, "### Scale: bench/ledger.py")
    assert "123.4" in scale
    assert "56.7" in scale
    assert "999.9" in scale
    assert after.split(START)[0] == before.split(START)[0]  # the rest of the file untouched
    assert after.split(END)[1] == before.split(END)[1]

    run_report(tmp_path / "missing" / "ledger_chaos.json", tmp_path / "missing" / "bench.json", doc)
    again = doc.read_text(encoding="utf-8")  # neither input: both parts stay, dated as before
    assert part(again, "### Chaos soak: soak/ledger_chaos.py") == soak_after
    assert part(again, "### Scale: bench/ledger.py") == scale


def test_a_part_never_measured_says_not_run(tmp_path: Path) -> None:
    doc = tmp_path / "reliability.md"
    doc.write_text("# Reliability\n", encoding="utf-8")
    bench = tmp_path / "bench_ledger.json"
    bench.write_text(json.dumps(BENCH), encoding="utf-8")
    run_report(tmp_path / "ledger_chaos.json", bench, doc)
    text = doc.read_text(encoding="utf-8")
    assert text.startswith("# Reliability\n")
    assert part(text, "### Chaos soak: soak/ledger_chaos.py") == "Chaos soak: not run (`make soak-ledger`)."
    assert "123.4" in part(text, "### Scale: bench/ledger.py")


def test_the_machines_commit_ceiling_is_shown_beside_the_ledgers_figures(tmp_path: Path) -> None:
    doc = tmp_path / "reliability.md"
    doc.write_text("# Reliability\n", encoding="utf-8")
    bench = tmp_path / "bench_ledger.json"
    pg = {
        "lifecycle": [{"workers": 8, "payments_per_s": 211.0, "finals": 10, "payments": 10}],
        "commit_ceiling": [
            {"clients": 1, "commits_per_s": 301.5, "payments_per_s_at_most": 100.5},
            {"clients": 8, "commits_per_s": 2400.0, "payments_per_s_at_most": 800.0},
            {"clients": 16, "skipped": "pgbench: command not found"},
        ],
    }
    bench.write_text(json.dumps({**BENCH, "backends": {**BENCH["backends"], "postgresql": pg}}), encoding="utf-8")
    run_report(tmp_path / "ledger_chaos.json", bench, doc)
    scale = part(doc.read_text(encoding="utf-8"), "### Scale: bench/ledger.py")
    assert "| 1 | 301.5 | 100.5 |" in scale
    assert "| 8 | 2400.0 | 800.0 |" in scale
    assert "| 16 | skipped: pgbench: command not found | |" in scale
    assert "without the ledger" in scale
    bench.write_text(json.dumps(BENCH), encoding="utf-8")  # a run without the section: no such table
    run_report(tmp_path / "ledger_chaos.json", bench, doc)
    assert "without the ledger" not in part(doc.read_text(encoding="utf-8"), "### Scale: bench/ledger.py")


def test_the_cpu_per_payment_is_shown_beside_the_payments_per_second(tmp_path: Path) -> None:
    doc = tmp_path / "reliability.md"
    doc.write_text("# Reliability\n", encoding="utf-8")
    bench = tmp_path / "bench_ledger.json"
    lc = {"workers": 8, "payments_per_s": 211.0, "finals": 10, "payments": 10}
    cpu = {"client_cpu_ms_per_payment": 2.1, "server_cpu_ms_per_payment": 4.3, "cpu_bound_payments_per_s": 312.5}
    sqlite = {**BENCH["backends"]["sqlite"]}
    sqlite["lifecycle"] = [{**lc, "workers": 1, "client_cpu_ms_per_payment": 1.5, "server_cpu_ms_per_payment": None,
                            "cpu_bound_payments_per_s": 1333.3}]  # fmt: skip
    backends = {
        "sqlite": sqlite,
        "postgresql": {"lifecycle": [{**lc, **cpu}]},
        "pgbouncer": {"lifecycle": [{**lc, **cpu, "pgbouncer_cpu_ms_per_payment": 1.2}, {**lc, "workers": 1}]},
    }
    bench.write_text(json.dumps({**BENCH, "backends": backends}), encoding="utf-8")
    run_report(tmp_path / "ledger_chaos.json", bench, doc)
    scale = part(doc.read_text(encoding="utf-8"), "### Scale: bench/ledger.py")
    assert "| sqlite | 1 | 211.0 (10/10 final) | 1.5 / none | 1333.3 |" in scale
    assert "| postgresql | 8 | 211.0 (10/10 final) | 2.1 / 4.3 | 312.5 | - | - |" in scale
    assert "| pgbouncer | 8 | 211.0 (10/10 final) | 2.1 / 4.3 (PgBouncer 1.2) | 312.5 | - | - |" in scale
    assert "| pgbouncer | 1 | 211.0 (10/10 final) | - | - | - | - |" in scale  # a run before the CPU was measured
    assert "payments/s at most if CPU were the only limit (2 cores)" in scale


def test_the_client_floor_is_shown_beside_the_ledgers_figures(tmp_path: Path) -> None:
    doc = tmp_path / "reliability.md"
    doc.write_text("# Reliability\n", encoding="utf-8")
    bench = tmp_path / "bench_ledger.json"
    cpu = {"client_cpu_ms_per_payment": 1.13, "server_cpu_ms_per_payment": 0.76, "cpu_bound_payments_per_s": 1058.2}
    pg = {
        "lifecycle": [{"workers": 4, "payments_per_s": 370.0, "finals": 10, "payments": 10}],
        "client_floor": [
            {"transactions": "explicit", "workers": 4, "payments_per_s": 805.0, **cpu},
            {"transactions": "lone", "workers": 8, "payments_per_s": 1234.0},
        ],
    }
    bench.write_text(json.dumps({**BENCH, "backends": {**BENCH["backends"], "postgresql": pg}}), encoding="utf-8")
    run_report(tmp_path / "ledger_chaos.json", bench, doc)
    scale = part(doc.read_text(encoding="utf-8"), "### Scale: bench/ledger.py")
    assert "| explicit | 4 | 805.0 | 1.13 / 0.76 | 1058.2 |" in scale
    assert "| lone | 8 | 1234.0 | - | - |" in scale
    bench.write_text(json.dumps(BENCH), encoding="utf-8")  # a run without the section: no such table
    run_report(tmp_path / "ledger_chaos.json", bench, doc)
    assert "without the ledger (the same server, the ledger's engine" not in part(
        doc.read_text(encoding="utf-8"), "### Scale: bench/ledger.py"
    )
