"""Small correctness checks of the benchmark helpers (bench/ is not part of the pass/fail suite otherwise)."""

from __future__ import annotations

from merchant_gateway.flows.schedule import DEFAULT_SCHEDULE
from merchant_gateway_client.client import encode_payload, x_verify

from bench import common  # the repository root is on pytest's `pythonpath`
from bench.reconcile import schedule_minimum
from bench.timing import Timings, rotations


def test_raw_signing_matches_generated_helpers() -> None:
    _, signing = common.status_path("TX1")
    assert common.sign(signing) == x_verify(signing, common.SALT_KEY, common.SALT_INDEX)
    wire = common.debit_payload(1).to_dict()
    assert common.wrap(wire) == encode_payload(wire)


def test_ratio_is_median_of_per_repetition_ratios() -> None:
    t = Timings({"a": [2.0, 4.0, 9.0], "b": [1.0, 2.0, 3.0]})
    assert t.ratio("a", "b") == 2.0
    assert rotations(["x", "y", "z"], 1) == ["y", "z", "x"]


def test_schedule_minimum() -> None:
    assert schedule_minimum(DEFAULT_SCHEDULE, 0.0) == 1
    assert schedule_minimum(DEFAULT_SCHEDULE, 21.0) == 2  # 20 s, then 23 s


def test_canned_answers() -> None:
    assert b'"transactionId":"T9"' in common.answer_for("/apis/pg-sandbox/v3/transaction/M/T9/status")
    assert b'"transactionId":"T9"' in common.answer_for("/pg/v1/status/M/T9")
    assert common.answer_for("/v4/debit/") == common.DEBIT_ANSWER


def test_per_call_rows_pass_at_or_below_raw_httpx_and_only_on_the_same_wire() -> None:
    """Issue 32: the gateway per call over a raw client doing the same wire work on the same engine, <= 1.0, sync and
    async, status and debit; the peers and the floor are reported beside it, with no limit."""
    from bench.run import verdicts

    def mode(ratio: float, same: bool = True) -> dict[str, object]:
        ratios = {"ours/raw_httpx:status": ratio, "ours/raw_httpx:debit": 1.0, "ours/phonepe:status": 0.3}
        check = {"identical_signatures": True, "identical_results": same}
        us = {"ours:status": 100.0, "floor:status": 50.0}
        return {"check": check, "ratios": ratios, "us_per_call": us, "ratios_to_floor": {"ours:status": 2.0}}

    rows = verdicts({"loopback": {"sync": mode(0.99), "async": mode(1.01)}})
    limited = {r[1]: r[4] for r in rows if r[3] != "info"}
    assert limited == {
        "sync status ours/raw httpx (same engine)": True,
        "sync debit ours/raw httpx (same engine)": True,
        "async status ours/raw httpx (same engine)": False,
        "async debit ours/raw httpx (same engine)": True,
    }
    info = [r[1] for r in rows if r[3] == "info"]
    assert "sync status ours/phonepe" in info
    assert "async status ours/floor (100.0 us; floor 50.0 us)" in info
    rows = verdicts({"loopback": {"sync": mode(0.5, same=False), "async": mode(0.5)}})
    assert [r[4] for r in rows if r[1].startswith("sync") and r[3] != "info"] == [False, False]


def test_the_openapi_generator_rows_pass_at_or_below_its_client_and_show_the_engines_share() -> None:
    """Issue 37: the sync gateway per call over openapi-generator's client from our spec, <= 1.0, status and debit,
    with the two engines alone (raw httpx over the same client) beside it."""
    from bench.run import verdicts

    def sync(status: float, debit: float, same: bool = True) -> dict[str, object]:
        ratios = {"ours/raw_httpx:status": 0.95, "ours/raw_httpx:debit": 1.0}
        ratios |= {"ours/openapi_generator:status": status, "ours/openapi_generator:debit": debit}
        us: dict[str, float] = {}
        check = {"identical_signatures": True, "identical_results": same}
        return {"check": check, "ratios": ratios, "us_per_call": us, "ratios_to_floor": {}}

    plain = {"check": {"identical_signatures": True, "identical_results": True}, "us_per_call": {}}
    quiet = {**plain, "ratios": {"ours/raw_httpx:status": 1.0, "ours/raw_httpx:debit": 1.0}, "ratios_to_floor": {}}
    rows = verdicts({"loopback": {"sync": sync(1.3, 0.9), "async": quiet}})
    limited = {r[1]: r[4] for r in rows if r[0] == "37 per call"}
    assert limited == {
        "sync status ours/openapi-generator's client": False,
        "sync debit ours/openapi-generator's client": True,
    }
    engines = {r[1]: round(r[2], 6) for r in rows if r[0] == "37 per call (info)"}
    assert engines == {  # ours/openapi-generator over ours/raw httpx: the factors multiply back to the first
        "sync status raw httpx/openapi-generator's client": round(1.3 / 0.95, 6),
        "sync debit raw httpx/openapi-generator's client": 0.9,
    }
    assert not any(r[1] == "sync status ours/openapi_generator" for r in rows)  # not also an info row
    rows = verdicts({"loopback": {"sync": sync(0.9, 0.9, same=False), "async": quiet}})
    assert [r[4] for r in rows if r[0] == "37 per call"] == [False, False]


def test_the_concurrency_row_passes_within_1_25_of_the_bounded_ideal_with_no_errors_or_leaks() -> None:
    from bench.run import verdicts

    def variant(ratio: float, errors: int = 0, leaked: int = 0) -> dict[str, object]:
        return {"ratio_to_best_bounded": ratio, "errors": errors, "leaked_after_close": leaked}

    def passed(**default: object) -> object:
        variants = {"gateway_default": variant(**default), "raw_httpx": variant(0.9)}  # type: ignore[arg-type]
        rows = verdicts({"concurrency": {"calls": 1000, "raw_httpx_bound": 32, "variants": variants}})
        assert [r[3] for r in rows] == ["<= 1.25, 0 errors/leaks", "info"]
        return rows[0][4]

    assert passed(ratio=1.25) is True
    assert passed(ratio=1.26) is False
    assert passed(ratio=1.0, errors=1) is False
    assert passed(ratio=1.0, leaked=1) is False


def test_memory_rows_pass_only_within_cap_plus_16_mib_and_with_the_call_failing() -> None:
    from bench.run import verdicts

    def run(peak: int, outcome: str) -> dict[str, object]:
        cap = 4 * 2**20
        return {"outcome": outcome, "peak_bytes": peak, "peak_mib": peak / 2**20, "cap_bytes": cap,
                "within_target": peak <= cap + 16 * 2**20}  # fmt: skip

    runs = {"a": run(5 * 2**20, "OutcomeUnknown"), "b": run(21 * 2**20, "OutcomeUnknown"), "c": run(1, "returned")}
    assert [r[4] for r in verdicts({"memory": {"runs": runs}})] == [True, False, False]
    # issue 32's header flood (4 MiB of header lines) is held to the same bound
    flood = {"gateway header_flood traced": run(2**20, "OutcomeUnknown")}
    assert [(r[0], r[4]) for r in verdicts({"memory": {"runs": flood}})] == [("32 memory", True)]


def test_the_floor_frames_answers_by_head_and_content_length_only() -> None:
    from bench.loopback import answer_end

    one = b"HTTP/1.1 200 OK\r\nContent-Length: 2\r\nx: y\r\n\r\n{}"
    assert answer_end(one) == len(one)
    assert answer_end(one + b"HTTP/1.1 200 OK") == len(one)  # the next answer's start is left in the buffer
    assert answer_end(one[:-1]) is None
    assert answer_end(one[:20]) is None
    no_body = b"HTTP/1.1 204 No Content\r\n\r\n"
    assert answer_end(no_body) == len(no_body)
