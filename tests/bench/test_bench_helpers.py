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
