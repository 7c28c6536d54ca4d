"""Benchmark suite (issues 8, 14, 15 and 24): `python bench/run.py [--quick] [--only cpu,loopback,...] [--write-doc]`.

Writes build/bench.json and prints a table. Every comparison is a ratio of variants measured interleaved in the
same run (median of per-repetition ratios); each section first checks that all variants sent identical
signatures and parsed identical results. Run it with build/bench-venv/bin/python (`make bench`, see
docs/performance.md): that venv has the project plus urllib3, phonepe and openapi-generator-cli, and aiohttp with
httpx-aiohttp for the previous AsyncGateway default (section `previous`), which stay out of the project's .venv.
`--write-doc` renders the run into docs/performance.md (bench/report.py); a quick or partial run is rendered to
build/bench-report.md instead, so it never replaces a full run's figures.
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
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

SECTIONS = (
    "cpu",
    "percall",
    "loopback",
    "previous",
    "concurrency",
    "memory",
    "imports",
    "generation",
    "reconcile",
)
FULL: dict[str, Any] = {
    "cpu": (9, 300),
    "loop": (15, 150),
    "aloop": (15, 100),
    "prev": (15, 150, 100),
    "percall": (41, 100),
    "conc": (1000, 5, 20.0),
    "imp": 15,
    "rec": 10_000,
}
QUICK: dict[str, Any] = {
    "cpu": (5, 100),
    "loop": (5, 15),
    "aloop": (3, 15),
    "prev": (3, 15, 15),
    "percall": (3, 50),
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
VERSIONS = ("httpx", "httpcore", "h11", "httptools", "anyio", "urllib3", "aiohttp")


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


def verdicts(r: dict[str, Any]) -> list[tuple[str, str, Any, str, bool | None]]:
    """(target, measure, value, limit, pass) rows: the one place the limits live. A target names the issue that
    set it (8: the first bench's targets; 24: its "done when"); "info" rows have no limit."""
    rows: list[tuple[str, str, Any, str, bool | None]] = []
    if "cpu" in r:
        for mode in ("sync", "async"):
            c = r["cpu"][mode]
            ok = c["check"]["identical_signatures"] and c["check"]["identical_results"]
            for op in ("status", "debit_v4"):
                rows.append(
                    (
                        "8 cpu, MockTransport",
                        f"{mode} {op} ours/raw httpx",
                        c[op]["ratio"],
                        "<= 1.10",
                        ok and c[op]["ratio"] <= 1.10,
                    )
                )
    if "loopback" in r:
        s, a = r["loopback"]["sync"], r["loopback"]["async"]
        ok = s["check"]["identical_signatures"] and s["check"]["identical_results"]
        aok = a["check"]["identical_signatures"] and a["check"]["identical_results"]
        for op in ("status", "debit"):
            v = s["ratios"][f"ours/raw_httpx:{op}"]
            rows.append(("8 loopback", f"sync {op} ours (as shipped)/raw httpx", v, "<= 1.05", ok and v <= 1.05))
            v = a["ratios"][f"ours/raw_httpx:{op}"]
            rows.append(("24 async", f"async {op} ours (as shipped)/raw httpx", v, "<= 0.80", aok and v <= 0.8))
            # Gateway over httpx's own transport (same httpcore pool, no deadline/cap/re-framing): what a proxy uses
            for mode, x in (("sync", s), ("async", a)):
                v = x["ratios"][f"ours_httpx/raw_httpx:{op}"]
                rows.append(("loopback (info)", f"{mode} {op} ours over httpx's transport/raw httpx", v, "info", None))
                v = x["ratios"][f"ours/ours_httpx:{op}"]
                rows.append(("loopback (info)", f"{mode} {op} safety layer: ours/ours over httpx's", v, "info", None))
            for mode, x in (("sync", s), ("async", a)):
                v = x["ratios"].get(f"ours/ours_httpcore:{op}")
                if v is not None:
                    rows.append(
                        ("loopback (info)", f"{mode} {op} ours (llhttp)/ours over httpcore/h11", v, "info", None)
                    )
            for alt in ("openapi_generator", "phonepe", "raw_urllib3"):
                for variant in ("ours", "ours_httpx"):
                    key = f"{variant}/{alt}:{op}"
                    if key not in s["ratios"]:
                        continue
                    value = s["ratios"][key]
                    if variant != "ours":  # the shipped default is what must pass (issue 24's targets)
                        target, limit, passed = "peers (info)", "info", None
                    elif alt == "phonepe":
                        target, limit, passed = "8 phonepe", "< 1.00", ok and value < 1
                    elif alt == "openapi_generator":
                        target, limit, passed = "24 sync peers", "<= 0.85", ok and value <= 0.85
                    else:
                        target, limit, passed = "24 sync peers", "<= 1.00", ok and value <= 1
                    rows.append((target, f"sync {op} {variant}/{alt}", value, limit, passed))
    if "loopback" in r:
        for mode in ("sync", "async"):
            x = r["loopback"][mode]
            floor_us = x["us_per_call"]
            for name, value in x.get("ratios_to_floor", {}).items():
                variant, op = name.split(":")
                measure = f"{mode} {op} {variant}/floor ({floor_us[name]} us; floor {floor_us['floor:' + op]} us)"
                rows.append(("24 floor (info)", measure, value, "info", None))
    if "previous" in r:
        x = r["previous"]
        ok = x["check"]["identical_signatures"] and x["check"]["identical_results"]
        tag = f"{x['previous_commit']} (identical: {ok})"
        for op in ("status", "debit"):
            for key, label in (
                (f"current/previous gateway:{op}", f"sync {op} Gateway now/previous {tag}"),
                (f"current/previous async_gateway:{op}", f"async {op} AsyncGateway now/previous"),
                (f"current gateway/openapi_generator:{op}", f"sync {op} Gateway now/openapi-generator"),
                (f"previous gateway/openapi_generator:{op}", f"sync {op} Gateway previous/openapi-generator"),
                (f"current gateway/raw_httpx:{op}", f"sync {op} Gateway now/raw httpx"),
            ):
                if key in x["ratios"]:
                    rows.append(("14 previous (info)", label, x["ratios"][key], "info", None))
            for variant, label in (("gateway", "Gateway"), ("async_gateway", "AsyncGateway")):
                key = f"current/previous {variant}:{op}"
                value = x["cpu_ratios"][key]
                rows.append(("14 previous (info)", f"{op} {label} now/previous, client CPU", value, "info", None))
    if "percall" in r:
        x = r["percall"]
        ok = x["check"]["identical_signatures"] and x["check"]["identical_results"]
        labels = {"status": "status, new id each call", "poll": "status, polling 16 ids", "debit": "debit v4"}
        for name, ref in x["refs"].items():
            for variant, label in (("gateway", "Gateway"), ("async_gateway", "AsyncGateway")):
                for op in ("status", "poll", "debit"):
                    value = x["cpu_ratios"][f"current/{name} {variant}:{op}"]
                    measure = f"{label} {labels[op]}, now/{ref}"
                    # issue 24 withdrew issue 15's "within 5 %" criterion: the baseline is the peers, side by side
                    rows.append(
                        ("15 per-call (info)", measure + ("" if ok else " (wires differ)"), value, "info", None)
                    )
    if "concurrency" in r:
        v, n = r["concurrency"]["variants"], r["concurrency"]["calls"]
        labels = {
            "gateway_default": f"AsyncGateway (own bound, default transport), {n:,} at once",
            "gateway_httpcore": f"AsyncGateway over AsyncGatewayTransport (httpcore, earlier default), {n:,} at once",
            "gateway_httpx": f"AsyncGateway over httpx's own transport, {n:,} at once",
            "gateway_max_16": f"AsyncGateway(max_in_flight=16, the httpcore-era default), {n:,} at once",
            "gateway_max_64": f"AsyncGateway(max_in_flight=64), {n:,} at once",
            "no_bound_httpx": "no bound anywhere, httpx's pool (the pathology)",
        }
        for name, label in labels.items():
            x = v[name]
            passed = x["ratio_to_best_bounded"] <= 1.2 and x["errors"] == 0 and x["leaked_after_close"] == 0
            rows.append(
                (
                    "24 concurrency",
                    f"{label} / best bounded ({x['errors']} errors, {x['leaked_after_close']} leaked)",
                    x["ratio_to_best_bounded"],
                    "<= 1.20, 0 errors/leaks" if name == "gateway_default" else "info",
                    passed if name == "gateway_default" else None,
                )
            )
    if "memory" in r:
        for name, x in r["memory"]["runs"].items():
            cap = x["cap_bytes"] / 2**20
            rows.append(
                (
                    "24 memory",
                    f"{name}: peak MiB ({x['outcome']})",
                    x["peak_mib"],
                    f"<= cap {cap:g} + 16 MiB",
                    x["within_target"] and x["outcome"] == "OutcomeUnknown",
                )
            )
    if "imports" in r:
        rows.append(
            ("24 import", "merchant_gateway / httpx", r["imports"]["ratio"], "<= 1.20", r["imports"]["ratio"] <= 1.2)
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
        "--previous-ref",
        default="f440c69",
        help="git revision whose default transports the `previous` section measures against (a worktree in build/)",
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
        elif section == "percall":
            from bench import previous

            results["percall"] = previous.run_per_call(*p["percall"])
        elif section == "loopback":
            from bench import loopback

            results["loopback"] = {"sync": loopback.run_sync(*p["loop"]), "async": loopback.run_async(*p["aloop"])}
        elif section == "previous":
            from bench import previous

            results["previous"] = previous.run(*p["prev"], ref=args.previous_ref)
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
