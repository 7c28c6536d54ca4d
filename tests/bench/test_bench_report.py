"""bench/report.py renders a bench run into docs/performance.md: every figure with its ratios, the verdicts of
bench/run.py, and never a quick or partial run over the doc's full-run figures."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest

from bench import report
from bench.run import SECTIONS

SAME = {"identical_signatures": True, "identical_results": True}


def concurrency_variant(seconds: float, best: float) -> dict[str, Any]:
    return {"median_s": seconds, "capped": False, "ratio_to_best_bounded": round(seconds / best, 3), "errors": 0,
            "error_kinds": [], "leaked_after_close": 0, "busy_after": 0, "peak_connections": 33}  # fmt: skip


def small_run() -> dict[str, Any]:
    """A full run of every section, with few variants and round figures."""
    memory = {"outcome": "OutcomeUnknown", "peak_bytes": 2**20, "peak_mib": 1.0, "cap_bytes": 4 * 2**20,
              "within_target": True}  # fmt: skip
    return {
        "machine": {"python": "3.11.7", "platform": "Linux-test", "cpus": 2, "cpu_model": "Test CPU",
                    "load_avg_at_start": ["0.70", "0.80", "0.90"], "load_avg_at_end": ["1.10", "0.95", "0.91"]},
        "quick": False,
        "params": {"cpu": [9, 300], "loop": [15, 150], "aloop": [15, 100], "conc": [1000, 5, 20.0], "imp": 15,
                   "rec": 10000},
        "commit": {"head": "abc1234", "changed": []},
        "started_at": "2026-11-26 07:50:00 UTC",
        "ended_at": "2026-11-26 07:58:00 UTC",
        "versions": {"httpx": "0.28.1", "httpcore": "1.0.9"},
        "seconds": {s: 1.0 for s in SECTIONS},
        "cpu": {mode: {"check": SAME, "status": {"ours_us": 70.0, "baseline_us": 100.0, "ratio": 0.7},
                       "debit_v4": {"ours_us": 90.0, "baseline_us": 100.0, "ratio": 0.9}}
                for mode in ("sync", "async")},
        "loopback": {
            "sync": {"check": SAME, "notes": [],
                     "us_per_call": {"ours:status": 200.0, "ours:debit": 300.0, "raw_httpx:status": 400.0,
                                     "raw_httpx:debit": 400.0, "raw_urllib3:status": 250.0,
                                     "raw_urllib3:debit": 250.0, "openapi_generator:status": 320.0,
                                     "openapi_generator:debit": 330.0, "floor:status": 50.0, "floor:debit": 60.0},
                     "ratios": {"ours/raw_httpx:status": 0.5, "ours/raw_httpx:debit": 1.05,
                                "ours/raw_urllib3:status": 0.8, "ours/raw_urllib3:debit": 1.2,
                                "ours/openapi_generator:status": 0.625, "ours/openapi_generator:debit": 0.909,
                                "ours/ours_httpx:status": 1.0, "ours/ours_httpx:debit": 1.0},
                     "ratios_to_floor": {"ours:status": 4.1, "ours:debit": 5.2, "raw_httpx:status": 8.3,
                                         "raw_httpx:debit": 6.4, "raw_urllib3:status": 5.0,
                                         "raw_urllib3:debit": 4.2, "openapi_generator:status": 6.3,
                                         "openapi_generator:debit": 5.4}},
            "async": {"check": SAME, "notes": [],
                      "us_per_call": {"ours:status": 220.0, "ours:debit": 260.0, "raw_httpx:status": 500.0,
                                      "raw_httpx:debit": 520.0, "floor:status": 40.0, "floor:debit": 52.0},
                      "ratios": {"ours/raw_httpx:status": 0.44, "ours/raw_httpx:debit": 0.5,
                                 "ours/ours_httpx:status": 1.0, "ours/ours_httpx:debit": 1.0},
                      "ratios_to_floor": {"ours:status": 5.5, "ours:debit": 5.0, "raw_httpx:status": 12.5,
                                          "raw_httpx:debit": 10.0}},
        },
        "concurrency": {"calls": 1000, "server_delay_ms": 2, "best_bounded": "caller_bound_32", "raw_httpx_bound": 32,
                        "variants": {"gateway_default": concurrency_variant(0.52, 0.4),
                                     "gateway_httpx": concurrency_variant(2.1, 0.4),
                                     "raw_httpx": concurrency_variant(0.44, 0.4),
                                     "gateway_max_16": concurrency_variant(0.55, 0.4),
                                     "gateway_max_64": concurrency_variant(0.45, 0.4),
                                     "no_bound_httpx": concurrency_variant(9.0, 0.4),
                                     "caller_bound_32": concurrency_variant(0.4, 0.4)}},
        "memory": {"target": "peak <= cap + 16 MiB", "runs": {"gateway interim_flood traced": memory}},
        "imports": {"httpx_ms": 50.0, "merchant_gateway_ms": 55.0, "ratio": 1.1},
        "generation": {"first_s": 1.2, "second_s": 1.1, "byte_identical": True},
        "reconcile": {"payments": 10000, "status_calls_per_payment": 1.1, "unsettled": 0, "http_429": 9,
                      "peak_in_flight": 2, "ceiling_in_flight": 32, "max_requests_in_1_virtual_s": 19,
                      "ceiling_rate_per_virtual_s": 20.0, "wall_s": 60.0},
    }  # fmt: skip


def row_of(text: str, starts: str) -> list[str]:
    """The cells of the one table row whose first cell starts with `starts`."""
    rows = [line for line in text.splitlines() if line.startswith(f"| {starts}")]
    assert len(rows) == 1, rows
    return [cell.strip() for cell in rows[0].strip("|").split("|")]


DOC = "# Performance\n\nhand-written intro\n\n{start}\nold figures\n{end}\n\nhand-written tail\n"


def doc_file(tmp_path: Path) -> Path:
    doc = tmp_path / "performance.md"
    doc.write_text(DOC.format(start=report.START, end=report.END))
    return doc


def test_the_run_is_described_with_machine_load_commit_and_mode() -> None:
    text = report.render(small_run())
    assert "2026-11-26 07:50:00 UTC to 2026-11-26 07:58:00 UTC, full mode" in text
    assert "Commit abc1234 (no tracked file changed)" in text
    assert "0.70 / 0.80 / 0.90 at the start, 1.10 / 0.95 / 0.91 at the end" in text
    assert "Test CPU, 2 CPUs" in text
    assert "Python 3.11.7" in text
    assert "httpcore 1.0.9" in text
    assert "concurrency 5 x 1,000 calls" in text


def test_loopback_rows_give_the_median_the_ratio_to_ours_and_to_the_floor() -> None:
    text = report.render(small_run())
    sync = text.split("### Loopback, sync")[1].split("###")[0]
    # variant | status us | ours / it | it / floor | debit us | ours / it | it / floor
    assert row_of(sync, "raw urllib3")[1:] == ["250.0", "0.800", "5.000", "250.0", "1.200", "4.200"]
    assert row_of(sync, "openapi-generator")[1:] == ["320.0", "0.625", "6.300", "330.0", "0.909", "5.400"]
    assert row_of(sync, "ours:")[1:] == ["200.0", "1", "4.100", "300.0", "1", "5.200"]
    # the floor's own row: its time, ours / floor, and 1
    assert row_of(sync, "floor")[1:] == ["50.0", "4.100", "1", "60.0", "5.200", "1"]
    asynchronous = text.split("### Loopback, async")[1].split("###")[0]
    raw_async = row_of(asynchronous, "raw `httpx.AsyncClient`")
    assert raw_async[1:] == ["500.0", "0.440", "12.500", "520.0", "0.500", "10.000"]


def test_the_concurrency_table_names_the_raw_client_and_its_bound() -> None:
    text = report.render(small_run())
    concurrency = text.split("### 1,000 status calls at once")[1].split("###")[0]
    # variant | median s | / best caller bound | errors | leaked | busy after | peak conns
    assert row_of(concurrency, "raw `httpx.AsyncClient` by hand")[0].endswith("bounding it to 32")
    assert row_of(concurrency, "raw `httpx.AsyncClient` by hand")[1:3] == ["0.440", "1.100"]
    assert row_of(concurrency, "caller bounds itself to 32")[0].endswith("(best caller bound)")


def test_pass_and_miss_come_from_the_verdicts_of_bench_run() -> None:
    text = report.render(small_run())
    targets = text.split("### Targets")[1].split("###")[0]
    assert row_of(targets, "32 per call | sync status ours/raw httpx")[2:] == ["0.500", "<= 1.00", "PASS"]
    assert row_of(targets, "32 per call | sync debit ours/raw httpx")[2:] == ["1.050", "<= 1.00", "**MISS**"]
    assert row_of(targets, "32 per call | async status ours/raw httpx")[2:] == ["0.440", "<= 1.00", "PASS"]
    assert row_of(targets, "32 concurrency")[2:] == ["1.300", "<= 1.25, 0 errors/leaks", "**MISS**"]
    assert row_of(targets, "32 import")[2:] == ["1.100", "<= 1.20", "PASS"]
    assert "urllib3" not in targets  # the peers are reported beside, with no limit
    # openapi-generator's client is a target of its own (37), the other peers only beside
    assert row_of(targets, "37 per call | sync status ours/openapi-generator's client")[2:] == [
        "0.625",
        "<= 1.00",
        "PASS",
    ]
    # and beside it what is left once our layer is taken out, the two engines alone; no other information row
    assert row_of(targets, "37 per call (info) | sync status raw httpx")[3:] == ["info", "info"]
    assert [line for line in targets.splitlines() if "| info |" in line and "37 per call (info)" not in line] == []


def test_a_section_whose_variants_differ_on_the_wire_is_named() -> None:
    run = small_run()
    assert "**NO**" not in report.render(run)
    run["loopback"]["async"]["check"] = {"identical_signatures": True, "identical_results": False}
    assert "**NO** in loopback async." in report.render(run)


def test_a_full_run_replaces_only_the_text_between_the_markers(tmp_path: Path) -> None:
    doc = doc_file(tmp_path)
    report.write_doc(small_run(), doc)
    text = doc.read_text()
    assert "old figures" not in text
    assert text.startswith("# Performance\n\nhand-written intro\n\n" + report.START + "\n- Run: ")
    assert text.endswith(report.END + "\n\nhand-written tail\n")
    report.write_doc(small_run(), doc)  # a second rendering of the same run changes nothing
    assert doc.read_text() == text


@pytest.mark.parametrize(
    ("change", "reason"),
    [
        (lambda run: run.update(quick=True), "a quick run"),
        (lambda run: run.pop("concurrency"), "sections missing: concurrency"),
        (lambda run: run.pop("quick"), "a quick run"),  # an old file that does not say: not trusted
    ],
)
def test_a_quick_or_partial_run_is_refused_for_the_doc(tmp_path: Path, change: Any, reason: str) -> None:
    doc = doc_file(tmp_path)
    before = doc.read_text()
    run = small_run()
    change(run)
    with pytest.raises(report.Refused, match=reason):
        report.write_doc(run, doc)
    assert doc.read_text() == before
    # what `bench/run.py --write-doc` does with it: the doc stays, the rendering goes elsewhere
    elsewhere = tmp_path / "bench-report.md"
    assert reason in report.publish(run, doc, elsewhere)
    assert doc.read_text() == before
    assert elsewhere.read_text().startswith("- Run: ")


def test_the_command_line_refuses_a_quick_run_and_renders_it_elsewhere_on_request(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    doc = doc_file(tmp_path)
    before = doc.read_text()
    run = copy.deepcopy(small_run())
    run["quick"] = True
    bench_json = tmp_path / "bench.json"
    bench_json.write_text(json.dumps(run))
    assert report.main([str(bench_json), "--doc", str(doc)]) == 2
    assert "not written: a quick run" in capsys.readouterr().err
    assert doc.read_text() == before
    assert report.main([str(bench_json), "--doc", str(doc), "--to", str(tmp_path / "out.md")]) == 0
    assert "quick mode" in (tmp_path / "out.md").read_text()
    assert doc.read_text() == before
    run["quick"] = False
    bench_json.write_text(json.dumps(run))
    assert report.main([str(bench_json), "--doc", str(doc)]) == 0
    assert "full mode" in doc.read_text()


def test_a_doc_without_its_markers_is_not_written(tmp_path: Path) -> None:
    doc = tmp_path / "performance.md"
    doc.write_text("# Performance\n\nno markers\n")
    with pytest.raises(ValueError, match="needs exactly one"):
        report.write_doc(small_run(), doc)
    assert doc.read_text() == "# Performance\n\nno markers\n"


def test_the_shipped_doc_has_its_markers() -> None:
    assert report.splice(report.DOC.read_text(), "x").count(report.START) == 1


def test_bench_run_write_doc_sends_a_partial_run_elsewhere(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """`bench/run.py --write-doc`, as `make bench` calls it, with no section at all: the doc stays as it was."""
    from bench import run

    doc = doc_file(tmp_path)
    before = doc.read_text()
    monkeypatch.setattr(report, "DOC", doc)
    assert run.main(["--only", "", "--out", str(tmp_path / "bench.json"), "--write-doc"]) == 0
    assert doc.read_text() == before
    assert "full mode" in (tmp_path / "bench-report.md").read_text()  # refused for being partial, not quick
    assert json.loads((tmp_path / "bench.json").read_text())["commit"]["head"]
