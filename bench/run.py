"""Benchmark suite: `python bench/run.py [--quick] [--only cpu,loopback,...] [--write-doc]`.

Writes build/bench.json and prints a table. Every comparison is a ratio of variants measured interleaved in the
same run (median of per-repetition ratios); each section first checks that all variants sent identical
signatures and parsed identical results. Run it with build/bench-venv/bin/python (`make bench`, see
docs/performance.md): that venv has the project plus urllib3, phonepe and openapi-generator-cli, the peers, which
stay out of the project's .venv. `--write-doc` renders the run into docs/performance.md (bench/report.py); a quick
or partial run is rendered to build/bench-report.md instead, so it never replaces a full run's figures.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import platform
import subprocess
import sys
import time
from datetime import UTC, datetime
from importlib import metadata
from pathlib import Path
from typing import Any, TypedDict

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

SECTIONS = (
    "cpu",
    "loopback",
    "concurrency",
    "memory",
    "imports",
    "generation",
    "reconcile",
)


class Params(TypedDict):
    """The sections' scale, as main() hands it to them."""

    cpu: tuple[int, int]  # repetitions, calls (sync and async)
    loop: tuple[int, int]  # repetitions, calls (sync)
    aloop: tuple[int, int]  # repetitions, calls (async)
    conc: tuple[int, int, float]  # calls, repetitions, cap (seconds)
    imp: int  # repetitions
    rec: int  # payments


FULL: Params = {
    "cpu": (9, 300),
    "loop": (15, 150),
    "aloop": (15, 100),
    "conc": (1000, 5, 20.0),
    "imp": 15,
    "rec": 10_000,
}
QUICK: Params = {
    "cpu": (5, 100),
    "loop": (5, 15),
    "aloop": (3, 15),
    "conc": (200, 1, 15.0),
    "imp": 5,
    "rec": 300,
}


def machine() -> dict[str, Any]:
    info: dict[str, Any] = {
        "python": platform.python_version(),
        "platform": platform.platform(),
        "cpus": os.cpu_count(),
    }
    try:
        cpuinfo = Path("/proc/cpuinfo").read_text().splitlines()
        info["cpu_model"] = next(line.split(":", 1)[1].strip() for line in cpuinfo if line.startswith("model name"))
        info["load_avg_at_start"] = Path("/proc/loadavg").read_text().split()[:3]
    except (OSError, StopIteration):
        pass
    return info


# the HTTP stack the figures depend on (reported with the machine)
VERSIONS = ("httpx", "httpcore", "h11", "anyio", "urllib3", "phonepe")


def versions() -> dict[str, str]:
    found = {}
    for name in VERSIONS:
        with contextlib.suppress(metadata.PackageNotFoundError):
            found[name] = metadata.version(name)
    return found


def commit() -> dict[str, Any]:
    """HEAD, and the tracked files that differ from it (a shared working tree: the figures are of those too)."""

    def git(*args: str) -> str:
        return subprocess.run(["git", "-C", str(ROOT), *args], capture_output=True, text=True, check=True).stdout

    try:
        changed = [line[3:] for line in git("status", "--porcelain", "--untracked-files=no").splitlines()]
        return {"head": git("rev-parse", "--short", "HEAD").strip(), "changed": changed}
    except (OSError, subprocess.CalledProcessError):
        return {"head": "unknown", "changed": []}


def now() -> str:
    return datetime.now(UTC).strftime("%Y-%m-%d %H:%M:%S UTC")


def _same_wire(check: dict[str, Any]) -> bool:
    return bool(check["identical_signatures"]) and bool(check["identical_results"])


PEERS = ("openapi_generator", "phonepe", "raw_urllib3")


def verdicts(r: dict[str, Any]) -> list[tuple[str, str, Any, str, bool | None]]:
    """(target, measure, value, limit, pass) rows: the one place the limits live. A target names the issue that
    set it (32: per call against a raw client on the same engine, 1,000 calls at once, import; 37: per call against
    openapi-generator's client from our spec; 24: memory and the generator; 8: client CPU and reconciling); "info"
    rows have no limit. A per-call row passes only when every variant sent the same requests and parsed the same
    results."""
    rows: list[tuple[str, str, Any, str, bool | None]] = []
    if "cpu" in r:
        for mode in ("sync", "async"):
            c = r["cpu"][mode]
            ok = _same_wire(c["check"])
            for op in ("status", "debit_v4"):
                v = c[op]["ratio"]
                rows.append(("8 cpu, MockTransport", f"{mode} {op} ours/raw httpx", v, "<= 1.10", ok and v <= 1.10))
    if "loopback" in r:
        for mode in ("sync", "async"):
            x = r["loopback"][mode]
            ok = _same_wire(x["check"])
            for op in ("status", "debit"):
                v = x["ratios"][f"ours/raw_httpx:{op}"]
                measure = f"{mode} {op} ours/raw httpx (same engine)"
                rows.append(("32 per call", measure, v, "<= 1.00", ok and v <= 1.0))
        x = r["loopback"]["sync"]  # openapi-generator's client is sync only
        for op in ("status", "debit"):
            v = x["ratios"].get(f"ours/openapi_generator:{op}")
            if v is None:
                continue
            measure = f"sync {op} ours/openapi-generator's client"
            rows.append(("37 per call", measure, v, "<= 1.00", _same_wire(x["check"]) and v <= 1.0))
            # what is left of it once our layer (ours / raw httpx on the same engine) is taken out: the two engines
            # alone, httpx's against urllib3's, so that the two factors multiply back to the row above
            engines = v / x["ratios"][f"ours/raw_httpx:{op}"]
            rows.append(
                ("37 per call (info)", f"sync {op} raw httpx/openapi-generator's client", engines, "info", None)
            )
        for mode in ("sync", "async"):
            x = r["loopback"][mode]
            for op in ("status", "debit"):
                # the same gateway over httpx's own transport (wrapped in the cap and the deadline, no leftover
                # check): what the default transport's own guarantees cost
                v = x["ratios"].get(f"ours/ours_httpx:{op}")
                if v is not None:
                    measure = f"{mode} {op} ours/ours over httpx's transport"
                    rows.append(("loopback (info)", measure, v, "info", None))
                for alt in PEERS:
                    v = x["ratios"].get(f"ours/{alt}:{op}")
                    if alt == "openapi_generator" and mode == "sync":
                        continue  # a target row of its own (37 per call)
                    if v is not None:
                        rows.append(("32 peers (info)", f"{mode} {op} ours/{alt}", v, "info", None))
        for mode in ("sync", "async"):
            x = r["loopback"][mode]
            floor_us = x["us_per_call"]
            for name, value in x.get("ratios_to_floor", {}).items():
                variant, op = name.split(":")
                measure = f"{mode} {op} {variant}/floor ({floor_us[name]} us; floor {floor_us['floor:' + op]} us)"
                rows.append(("32 floor (info)", measure, value, "info", None))
    if "concurrency" in r:
        v, n = r["concurrency"]["variants"], r["concurrency"]["calls"]
        raw_bound = r["concurrency"].get("raw_httpx_bound", "?")
        labels = {
            "gateway_default": f"AsyncGateway as shipped (own bound, default transport), {n:,} at once",
            "gateway_httpx": f"AsyncGateway over httpx's own transport, {n:,} at once",
            "raw_httpx": f"raw httpx.AsyncClient by hand, caller bound {raw_bound}, {n:,} at once",
            **{
                name: f"AsyncGateway(max_in_flight={name.removeprefix('gateway_max_')}), {n:,} at once"
                for name in v
                if name.startswith("gateway_max_")
            },
            "no_bound_httpx": "no bound anywhere, httpx's pool (the pathology)",
        }
        for name, label in labels.items():
            if name not in v:
                continue
            x = v[name]
            clean = x["errors"] == 0 and x["leaked_after_close"] == 0
            measure = f"{label} / best bounded ({x['errors']} errors, {x['leaked_after_close']} leaked)"
            if name == "gateway_default":
                limit, passed = "<= 1.25, 0 errors/leaks", x["ratio_to_best_bounded"] <= 1.25 and clean
                rows.append(("32 concurrency", measure, x["ratio_to_best_bounded"], limit, passed))
            else:
                rows.append(("32 concurrency (info)", measure, x["ratio_to_best_bounded"], "info", None))
    if "memory" in r:
        for name, x in r["memory"]["runs"].items():
            cap = x["cap_bytes"] / 2**20
            rows.append(
                (
                    "32 memory" if "header_flood" in name else "24 memory",
                    f"{name}: peak MiB ({x['outcome']})",
                    x["peak_mib"],
                    f"<= cap {cap:g} + 16 MiB",
                    x["within_target"] and x["outcome"] == "OutcomeUnknown",
                )
            )
    if "imports" in r:
        rows.append(
            ("32 import", "merchant_gateway / httpx", r["imports"]["ratio"], "<= 1.20", r["imports"]["ratio"] <= 1.2)
        )
    if "generation" in r:
        g = r["generation"]
        rows.append(("24 generator", "python -m generator seconds", g["first_s"], "< 2.0 s", g["first_s"] < 2.0))
        rows.append(("24 generator", "second run byte-identical", g["byte_identical"], "true", g["byte_identical"]))
        if "openapi_generator_s" in g:
            rows.append(("24 generator", "openapi-generator seconds (info)", g["openapi_generator_s"], "info", None))
    if "reconcile" in r:
        x = r["reconcile"]
        rows.append(
            (
                "8 reconcile",
                f"{x['payments']} payments: calls/payment (schedule min 1)",
                x["status_calls_per_payment"],
                "info",
                None,
            )
        )
        rows.append(
            (
                "8 reconcile",
                "unsettled after every 429 handled",
                f"{x['unsettled']} ({x['http_429']} x 429)",
                "0",
                x["unsettled"] == 0 and x["http_429"] > 0,
            )
        )
        rows.append(
            (
                "8 reconcile",
                "peak in flight",
                x["peak_in_flight"],
                f"<= {x['ceiling_in_flight']}",
                x["peak_in_flight"] <= x["ceiling_in_flight"],
            )
        )
        rows.append(
            (
                "8 reconcile",
                "max HTTP starts in 1 virtual s (429 retries incl.)",
                x["max_requests_in_1_virtual_s"],
                f"<= {x['ceiling_rate_per_virtual_s']:g}",
                x["max_requests_in_1_virtual_s"] <= x["ceiling_rate_per_virtual_s"] + 1,
            )
        )
        rows.append(("8 reconcile", "wall seconds", x["wall_s"], "info", None))
    return rows


def table(rows: list[tuple[str, str, Any, str, bool | None]]) -> str:
    lines = [f"{'target':<20} {'measure':<58} {'value':>12}  {'limit':<24} result", "-" * 124]
    for target, measure, value, limit, passed in rows:
        res = "info" if passed is None else ("PASS" if passed else "MISS")
        lines.append(f"{target:<20} {measure:<58} {str(value):>12}  {limit:<24} {res}")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--quick", action="store_true", help="every section once, briefly (~45 s; what CI runs, .ci/run)")
    ap.add_argument("--only", default=",".join(SECTIONS), help="comma-separated sections: " + ",".join(SECTIONS))
    ap.add_argument("--out", type=Path, default=ROOT / "build" / "bench.json")
    ap.add_argument(
        "--dev-python",
        default=str(ROOT / ".venv" / "bin" / "python"),
        help="interpreter with the generator's tools, for the generation section",
    )
    ap.add_argument(
        "--write-doc",
        action="store_true",
        help="render the run into docs/performance.md (bench/report.py); a quick or partial run goes to "
        "build/bench-report.md instead and leaves the doc's full-run figures alone",
    )
    args = ap.parse_args(argv)
    p = QUICK if args.quick else FULL
    only = [s.strip() for s in args.only.split(",") if s.strip()]
    if unknown := [s for s in only if s not in SECTIONS]:  # before anything runs, not after minutes of it
        ap.error(f"unknown section(s) {', '.join(unknown)}; the sections are {', '.join(SECTIONS)}")
    results: dict[str, Any] = {
        "machine": machine(),
        "quick": args.quick,
        "params": p,
        "commit": commit(),
        "started_at": now(),
        "seconds": {},
    }
    for section in only:
        t0 = time.perf_counter()
        print(f"[bench] {section} ...", file=sys.stderr, flush=True)
        if section == "cpu":
            from bench import cpu

            results["cpu"] = {"sync": cpu.run_sync(*p["cpu"]), "async": cpu.run_async(*p["cpu"])}
        elif section == "loopback":
            from bench import loopback

            results["loopback"] = {"sync": loopback.run_sync(*p["loop"]), "async": loopback.run_async(*p["aloop"])}
        elif section == "concurrency":
            from bench import concurrency

            calls, reps, cap = p["conc"]
            results["concurrency"] = concurrency.run(reps, calls, cap=cap)
        elif section == "memory":
            from bench import memory

            results["memory"] = memory.run()
        elif section == "imports":
            from bench import imports

            results["imports"] = imports.run(p["imp"])
        elif section == "generation":
            from bench import generation

            results["generation"] = generation.run(args.dev_python, with_openapi_generator=not args.quick)
        elif section == "reconcile":
            from bench import reconcile

            results["reconcile"] = reconcile.run(p["rec"])
        results["seconds"][section] = round(time.perf_counter() - t0, 1)
    with contextlib.suppress(OSError):  # the load at the end too: a shared machine's load can change within one run
        results["machine"]["load_avg_at_end"] = Path("/proc/loadavg").read_text().split()[:3]
    results["ended_at"] = now()
    results["versions"] = versions()
    rows = verdicts(results)
    results["table"] = [dict(zip(("target", "measure", "value", "limit", "pass"), r, strict=True)) for r in rows]
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(results, indent=1, default=str))
    print(table(rows))
    print(f"\nmachine: {results['machine']}\nwrote {args.out}")
    if args.write_doc:
        from bench import report

        print(report.publish(json.loads(args.out.read_text()), report.DOC, args.out.with_name("bench-report.md")))
    return 0


if __name__ == "__main__":
    sys.exit(main())
