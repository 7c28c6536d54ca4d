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


def test_per_call_rows_are_information_only_and_say_when_wires_differ() -> None:
    """Issue 24 withdrew issue 15's "within 5 % of an older commit" criterion: the rows stay, as information."""
    from bench.run import verdicts

    ratios = {f"current/old {v}:{op}": 1.0 for v in ("gateway", "async_gateway") for op in ("status", "poll", "debit")}
    ratios["current/old gateway:status"] = 1.06
    run = {"refs": {"old": "abc1234"}, "check": {"identical_signatures": True, "identical_results": True}}
    rows = verdicts({"percall": {**run, "cpu_ratios": ratios}})
    assert len(rows) == 6
    assert {r[3] for r in rows} == {"info"}
    assert {r[4] for r in rows} == {None}
    run["check"]["identical_results"] = False
    assert all(r[1].endswith("(wires differ)") for r in verdicts({"percall": {**run, "cpu_ratios": ratios}}))


def test_memory_rows_pass_only_within_cap_plus_16_mib_and_with_the_call_failing() -> None:
    from bench.run import verdicts

    def run(peak: int, outcome: str) -> dict[str, object]:
        cap = 4 * 2**20
        return {"outcome": outcome, "peak_bytes": peak, "peak_mib": peak / 2**20, "cap_bytes": cap,
                "within_target": peak <= cap + 16 * 2**20}  # fmt: skip

    runs = {"a": run(5 * 2**20, "OutcomeUnknown"), "b": run(21 * 2**20, "OutcomeUnknown"), "c": run(1, "returned")}
    assert [r[4] for r in verdicts({"memory": {"runs": runs}})] == [True, False, False]


def test_the_floor_frames_answers_by_head_and_content_length_only() -> None:
    from bench.loopback import answer_end

    one = b"HTTP/1.1 200 OK\r\nContent-Length: 2\r\nx: y\r\n\r\n{}"
    assert answer_end(one) == len(one)
    assert answer_end(one + b"HTTP/1.1 200 OK") == len(one)  # the next answer's start is left in the buffer
    assert answer_end(one[:-1]) is None
    assert answer_end(one[:20]) is None
    no_body = b"HTTP/1.1 204 No Content\r\n\r\n"
    assert answer_end(no_body) == len(no_body)
