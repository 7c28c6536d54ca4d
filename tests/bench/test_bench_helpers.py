"""Small correctness checks of the benchmark helpers (bench/ is not part of the pass/fail suite otherwise)."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from merchant_gateway.flows.schedule import DEFAULT_SCHEDULE  # noqa: E402
from merchant_gateway_client.client import encode_payload, x_verify  # noqa: E402

from bench import common  # noqa: E402
from bench.reconcile import schedule_minimum  # noqa: E402
from bench.timing import Timings, rotations  # noqa: E402


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
