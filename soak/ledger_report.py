"""Write the payment ledger's section of docs/reliability.md from the chaos soak and the ledger bench.

    python soak/ledger_report.py build/soak/ledger_chaos.json build/bench_ledger.json docs/reliability.md

The section lives between two marker lines; everything else in the file is left as it is (soak/report.py writes
the rest, and soak/run.sh calls this after it). Each part says when it was measured. A missing input keeps that
part's last measured figures from the file (`make bench-ledger` runs no soak and must not erase the soak's SIGKILL
figures, nor `make soak-ledger` the bench's); a part never measured is reported as "not run".
"""

from __future__ import annotations

import json
import platform
import re
import sys
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

START, END = "<!-- ledger:start (soak/ledger_report.py) -->", "<!-- ledger:end -->"
SOAK_HEAD, BENCH_HEAD = "### Chaos soak: soak/ledger_chaos.py", "### Scale: bench/ledger.py"
LIMITS = "Limits, honestly:"
MEASURED = "Measured on "


def load(path: str) -> dict[str, Any] | None:
    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    return data if isinstance(data, dict) else None


def held(ok: bool) -> str:
    return "held" if ok else "**FAILED**"


def soak_part(s: dict[str, Any] | None) -> list[str]:
    if s is None:
        return ["Chaos soak: not run (`make soak-ledger`)."]
    fl = s["fleets"]
    names = list(fl)
    head = "| check | " + " | ".join(f"{n} ({fl[n]['workers']} workers)" for n in names) + " |"
    out = [
        f"{s['payments']:,} payments in {s['elapsed_s']:.0f} s; {s['kills']} SIGKILLs of a random worker (mean "
        f"every {s.get('kill_every_s', 4)} s, restarted 0.5-4 s later); faults on in each fleet's sandbox (dropped "
        f"connections after recording, answers {s['client_timeout_s'] + 1.5:.1f} s late against a "
        f"{s['client_timeout_s']:.0f} s client timeout, HTML 500 after recording) plus the test amounts answered "
        "INTERNAL_SERVER_ERROR / TIMED_OUT "
        f"but recorded; rate ceiling {s['ceiling_per_s']}/s per fleet (margin {s['margin_s']} s); token lifetime "
        f"{s['token_ttl_s']} s, refreshed {s['token_margin_s']:.0f} s before expiry. "
        f"Result: **{'all held' if s['ok'] else 'FAILED'}**.",
        "",
        head,
        "| --- | " + " | ".join("---" for _ in names) + " |",
    ]

    def row(label: str, fn: Any) -> None:
        out.append(f"| {label} | " + " | ".join(str(fn(fl[n])) for n in names) + " |")

    row("payments / ledger rows", lambda f: f"{f['payments']:,} / {f['ledger_rows']:,}")
    row(
        "every payment final in the ledger (zero lost)",
        lambda f: held(not f["missing_from_ledger"] and not f["not_final"] and not f["lost"]),
    )
    row("final state agrees with the sandbox's own record", lambda f: held(not f["disagree_with_sandbox"]))
    row("final codes", lambda f: ", ".join(f"{k} {v}" for k, v in sorted(f["final_codes"].items())))
    row("made final by", lambda f: ", ".join(f"{k} {v}" for k, v in sorted(f["final_sources"].items())))
    row(
        "hook runs (in the ledger's transaction) / duplicates / missing",
        lambda f: f"{f['hook_runs']:,} / {len(f['hook_duplicates'])} / {len(f['hook_missing'])}",
    )
    row("requests at the sandbox", lambda f: ", ".join(f"{k} {v}" for k, v in sorted(f["requests_by_kind"].items())))
    row("faults injected", lambda f: f["sandbox_faults_added"])
    row(
        f"rate grants: peak in any {1 + s['margin_s']} s window (ceiling {s['ceiling_per_s']})",
        lambda f: f"{f['grant_peak_per_window_plus_margin']} ({f['grants']:,} grants)",
    )
    row(
        f"arrivals at the gateway: peak in any 1 s window (ceiling {s['ceiling_per_s']})",
        lambda f: f["rate_peak_per_1s"],
    )
    row(
        f"shortest time for {s['ceiling_per_s'] + 1} requests (must be > 1 s)",
        lambda f: f"{f['rate_tightest_span_of_ceiling_plus_one_s']} s",
    )
    row(
        "token fetches / HTTP token calls (retries after injected faults) / expiries in the run / takeovers",
        lambda f: (
            f"{f['token_fetches']} / {f['token_calls']} / {f['token_expected_at_most']} / "
            f"{f.get('token_takeovers_after_holder_death', 0)}"
        ),
    )
    row("shortest gap between token fetches", lambda f: f"{f['token_min_gap_s']} s")
    row("worker restarts", lambda f: f["restarts"])
    row(
        "worker memory: incarnations, longest life, peak RSS",
        lambda f: (
            f"{f['memory']['incarnations']}, {f['memory']['longest_life_s']:.0f} s, {f['memory']['peak_rss_mib']} MiB"
        ),
    )
    row(
        "growth after 20 s of life (incarnations living >= 60 s; flat: <= 16 MiB)",
        lambda f: f"{f['memory']['max_growth_after_20s_mib']} MiB ({held(f['memory']['flat'])})",
    )
    out += ["", "RSS of the longest-lived worker (MiB, sampled over its life): " + "; ".join(
        f"{n}: {', '.join(str(x) for x in fl[n]['memory']['longest_rss_mib'])}" for n in names)]  # fmt: skip
    return out


def bench_part(b: dict[str, Any] | None) -> list[str]:
    if b is None:
        return ["Scale: not run (`make bench-ledger`)."]
    out = [
        f"Machine: {b['machine']['cpus']} cores, Python {b['machine']['python']}. No gateway involved (status answers "
        "simulated): the ledger's own cost. PostgreSQL: a local server with `fsync=on`; SQLite: `synchronous=FULL`.",
        "CPU per payment: user + system time of the worker processes over their loop, and of the server over the "
        "same window (PostgreSQL's whole process tree, plus PgBouncer's process behind it; SQLite has none), read "
        "from /proc; cores x 1000 / (workers' + server's ms) is the payments/s this machine allows at most, "
        "whatever waits.",
        "",
        "| backend | workers | payments/s of ledger work (write-ahead with its first attempt, answer, callback: "
        "final and hook) | CPU ms per payment: workers / server | payments/s at most if CPU were the only limit "
        f"({b['machine']['cpus']} cores) | contended claims/s | checks claimed by two workers at once |",
        "| --- | --- | --- | --- | --- | --- | --- |",
    ]
    for name, r in b["backends"].items():
        if "skipped" in r:
            out.append(f"| {name} | - | skipped: {r['skipped']} | | | | |")
            continue
        claims = {c["workers"]: c for c in r.get("claims", [])}
        for lc in r["lifecycle"]:
            cl = claims.get(lc["workers"])
            contended = (
                "-" if cl is None else f"{cl['checks_per_s']} ({cl['checks']:,} checks of {cl['pool']} payments)"
            )
            overlaps = "-" if cl is None else f"**{cl['overlapping_claims']}**"
            out.append(
                f"| {name} | {lc['workers']} | {lc['payments_per_s']} ({lc['finals']:,}/{lc['payments']:,} final) "
                f"| {cpu_cells(lc)} | {contended} | {overlaps} |"
            )
    ceiling = b["backends"].get("postgresql", {}).get("commit_ceiling") or []
    if ceiling:
        out += [
            "",
            "What this machine gives without the ledger (the same PostgreSQL server, `fsync=on`, "
            "`synchronous_commit=on`): durable commits per second of a one-INSERT transaction from PostgreSQL's own "
            "pgbench. A payment of the shop's flow is three commits with more work in each: a third of a row is the "
            "most payments/s the ledger could reach with that many processes.",
            "",
            "| clients | durable commits/s | payments/s at most (commits / 3) |",
            "| --- | --- | --- |",
        ]
        for c in ceiling:
            if "skipped" in c:
                out.append(f"| {c['clients']} | skipped: {c['skipped']} | |")
            else:
                out.append(f"| {c['clients']} | {c['commits_per_s']} | {c['payments_per_s_at_most']} |")
    out += floor_part(b["backends"].get("postgresql", {}).get("client_floor") or [])
    out += [
        "",
        "Shared rate ceiling, its own cost (a limit it never reaches, so nobody waits): grants per second for the "
        "whole fleet, and the time each process spends per request.",
        "",
        "| backend | processes | grants/s | ms per request per process |",
        "| --- | --- | --- | --- |",
    ]
    for name, r in b["backends"].items():
        for x in r.get("limiter", []):
            out.append(f"| {name} | {x['workers']} | {x['grants_per_s']} | {x['ms_per_grant']} |")
    out += ["", "| backend | open payments held | checks in the window | worker RSS before / peak | flat |",
            "| --- | --- | --- | --- | --- |"]  # fmt: skip
    for name, r in b["backends"].items():
        if "skipped" in r or "holding" not in r:
            continue
        h = r["holding"]
        for size in ("small", "big"):
            x = h[size]
            out.append(
                f"| {name} | {x['open_payments']:,} | {x['checks_in_window']:,} | {x['rss_before_mib']} / "
                f"{x['rss_peak_mib']} MiB | {held(h['flat']) if size == 'big' else ''} |"
            )
    out += xacts_part(b)
    r = b.get("recovery")
    if r is not None and "skipped" not in r:
        out += [
            "",
            f"Recovery (PostgreSQL): the server stopped for {r['outage_s']:g} s while a process kept writing "
            f"({r['failed_writes']} writes failed with LedgerUnavailable, none hung), then started: the first write "
            f"succeeded {r['first_write_s']} s after the server was back (target 2 s; {r['tries']} tries).",
        ]
    return out


def floor_part(floor: list[dict[str, Any]]) -> list[str]:
    """The client floor (bench/ledger.py client_floor): payments/s with no ledger, through the same engine."""
    if not floor:
        return []
    out = [
        "",
        "What a Python client gives without the ledger (the same server, the ledger's engine, psycopg): each payment "
        "three durable transactions of one statement on a two-column row (no events, one index, no hook, nothing "
        "read back), as explicit transactions (BEGIN, statement and COMMIT in one round trip: what the ledger "
        "needs, its transactions hold several statements and the merchant's hook) and as lone statements (the "
        "least any client can send). No ledger figure can pass these.",
        "",
        "| transactions | processes | payments/s | CPU ms per payment: workers / server | payments/s at most if CPU "
        "were the only limit |",
        "| --- | --- | --- | --- | --- |",
    ]
    for r in floor:
        out.append(f"| {r['transactions']} | {r['workers']} | {r['payments_per_s']} | {cpu_cells(r)} |")
    return out


def cpu_cells(lc: dict[str, Any]) -> str:
    """A lifecycle row's CPU per payment (the workers' own; the server's, PgBouncer's share named) and the bound it
    implies; "-" where a run did not measure it, "none" for a server that is not there (SQLite)."""
    client = lc.get("client_cpu_ms_per_payment")
    if client is None:
        return "- | -"
    server = lc.get("server_cpu_ms_per_payment")
    bouncer = lc.get("pgbouncer_cpu_ms_per_payment")
    served = "none" if server is None else f"{server:g}" + ("" if bouncer is None else f" (PgBouncer {bouncer:g})")
    bound = lc.get("cpu_bound_payments_per_s")
    return f"{client:g} / {served} | {'-' if bound is None else f'{bound:g}'}"


def xacts_part(b: dict[str, Any]) -> list[str]:
    """The database transactions counted by the server, and every target of the run beside what was measured."""
    out: list[str] = []
    rows = []
    for name, r in b["backends"].items():
        x = r.get("xacts") if isinstance(r, dict) else None
        if not x:
            continue
        for f in x["flow"]:
            by = ", ".join(f"{k} {v:g}" for k, v in f["by_ledger_method"].items())
            figure = (
                f"{f['payment_xacts']} per payment + {f.get('idle_reads_per_payment', 0)} of the reconciler's idle "
                f"reads + {f.get('sessions_per_payment', 0)} of server sessions started ({f['xacts_per_payment']} "
                "in all)"
            )
            rows.append(
                f"| {name} | one payment, final by {f['path']} | {figure} ({f['payments']} payments; the ledger's "
                f"own, by method: {by}) |"
            )
        i = x["idle"]
        how = "listening (LISTEN)" if i["listening"] else "polling (no LISTEN behind PgBouncer in transaction mode)"
        by = ", ".join(f"{k} {v}" for k, v in i["by_ledger_method"].items() if v)
        rows.append(
            f"| {name} | a reconciler serving {i['merchants']} merchants, nothing due, {i['seconds']:g} s, {how} "
            f"| {i['xacts_per_s']} per second ({by}) |"
        )
    if rows:
        out += [
            "",
            "Database transactions, counted by PostgreSQL (`pg_stat_database` of a database of their own, read once "
            "every connection to it had closed, beyond the same run's cost with no payment / stopped at once; a "
            "server session's start is a transaction of its own, counted apart: a pool's cost, not a payment's). The "
            "shop's flow: a real gateway against the sandbox over HTTP, the sandbox's signed callbacks over HTTP into "
            "the ledger's callback handler, the hook in the ledger's transaction, a reconciler beside it; "
            "\"status check\": the callback lost, the customer's return makes the check due and the reconciler's "
            "check makes the payment final. The shop's own order row (its own transaction) is not counted.",
            "",
            "| backend | what | database transactions |",
            "| --- | --- | --- |",
            *rows,
        ]
    targets = b.get("targets") or []
    if targets:
        out += [
            "",
            "Targets (issue's figures), this run:",
            "",
            "| what | measured | target | |",
            "| --- | --- | --- | --- |",
        ]
        out += [
            f"| {t['what']} | {t['measured']} | {t['target']} | {'held' if t['held'] else '**missed**'} |"
            for t in targets
        ]
    return out


def previous_parts(text: str) -> dict[str, list[str]]:
    """The parts of the section already in the file, by heading, each with the date it was measured on (its own
    "Measured on" line, or else the date the section was written: files written before parts were dated)."""
    if START not in text or END not in text:
        return {}
    body = text.split(START, 1)[1].split(END, 1)[0]
    written = re.search(r"Written by soak/ledger_report\.py on ([^,]+),", body)
    parts: dict[str, list[str]] = {}
    current: list[str] | None = None
    for line in body.splitlines():
        if line.startswith("### "):
            current = parts.setdefault(line.strip(), [])
        elif line.startswith(LIMITS):
            current = None
        elif current is not None:
            current.append(line)
    for lines in parts.values():
        while lines and not lines[0].strip():
            lines.pop(0)
        while lines and not lines[-1].strip():
            lines.pop()
        if lines and written and not lines[0].startswith(MEASURED) and "not run" not in lines[0]:
            lines[0:0] = [f"{MEASURED}{written.group(1)}.", ""]
    return parts


def part(measured: list[str] | None, kept: list[str] | None, never: list[str], now: str) -> list[str]:
    """This run's figures (dated now), else the last measured ones as the file has them, else ``never``."""
    if measured is not None:
        return [f"{MEASURED}{now}.", "", *measured]
    return kept or never


def main(argv: list[str]) -> int:
    soak_path, bench_path, doc_path = argv[1], argv[2], argv[3]
    soak, bench = load(soak_path), load(bench_path)
    now = datetime.now(UTC).strftime("%Y-%m-%d %H:%M UTC")
    doc = Path(doc_path)
    text = doc.read_text(encoding="utf-8") if doc.exists() else ""
    before = previous_parts(text)
    kept = [path for path, data in ((soak_path, soak), (bench_path, bench)) if data is None]
    lines = [
        START,
        "## Payment ledger (issue 18): chaos soak and scale",
        "",
        f"Written by soak/ledger_report.py on {now}, Python {platform.python_version()}, from `make soak-ledger` "
        "(soak/ledger_chaos.py, also part of `make soak`) and `make bench-ledger` (bench/ledger.py); each part says "
        "when it was measured"
        + (f" ({' and '.join(kept)} not found: kept as last written)" if kept else "")
        + ". How it is run in production: docs/operations.md.",
        "",
        SOAK_HEAD,
        "",
        *part(soak_part(soak) if soak else None, before.get(SOAK_HEAD), soak_part(None), now),
        "",
        BENCH_HEAD,
        "",
        *part(bench_part(bench) if bench else None, before.get(BENCH_HEAD), bench_part(None), now),
        "",
        "Limits, honestly: the hook counted above runs in the ledger's transaction (the strong form); a hook with an "
        "external effect runs at least once and is deduplicated by `payment.idempotency_key` "
        "(tests/unit/ledger). No two "
        "workers check one payment at once as long as no worker is frozen longer than its lease minus the gateway "
        "timeout. NOT_RECORDED payments were written down by a worker killed before it sent them; the sandbox never "
        "saw them, as the ledger says. The ceiling is enforced on grants (never more than the ceiling per window "
        "plus margin, above); what the gateway counts is arrivals, so the margin must exceed the spread between a "
        "grant and the request's "
        "arrival: in an earlier run on this machine with a 0.2 s margin and a load average near 20, arrivals bunched "
        "to 44 in one second (grants were not logged in that run); with 0.5 s they held. A worker killed between "
        "receiving a token and publishing it costs one extra token call after its lease (counted as a takeover). "
        "The soak's workers, sandboxes and PostgreSQL share one 2-core machine with the other jobs of the moment, so "
        "its throughput is not a capacity figure; the ceiling and the correctness figures are.",
        END,
    ]
    block = "\n".join(lines) + "\n"
    if START in text and END in text:
        head, rest = text.split(START, 1)
        after = rest.split(END, 1)[1].lstrip("\n")
        text = head + block + ("\n" + after if after else "")
    else:
        text = text.rstrip("\n") + "\n\n" + block
    doc.write_text(text, encoding="utf-8")
    ok = (soak is None or soak.get("ok")) and True
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv))
