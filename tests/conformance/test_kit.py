"""The conformance kit: generated from the spec, covers every operation and webhook, its own signing code
reproduces the shared vectors, and the committed copy (spec/conformance/kit.json) does not drift."""

from __future__ import annotations

import base64
import json
from pathlib import Path
from typing import Any

import make_kit  # tools/conformance (pytest's `pythonpath`)
import pytest

ROOT = Path(__file__).resolve().parents[2]

VECTORS = ROOT / "spec" / "vectors" / "signing.json"


def test_kit_code_reproduces_the_shared_vectors() -> None:
    """make_kit.py's own hashing is checked against spec/vectors/signing.json before it is trusted."""
    vectors = json.loads(VECTORS.read_text(encoding="utf-8"))
    for v in vectors["body_signature"]:
        assert make_kit.b64(v["payload_json"]) == v["request_b64"]
        assert make_kit.x_verify(v["request_b64"] + v["signing_path"], v["salt_key"], v["salt_index"]) == v["expect"]
    for v in vectors["path_signature"]:
        assert make_kit.x_verify(v["signing_path"], v["salt_key"], v["salt_index"]) == v["expect"]
    for v in vectors["callback_signature"]:
        assert make_kit.x_verify(v["response_b64"], v["salt_key"], v["salt_index"]) == v["expect"]
    for v in vectors["ui_callback_checksum"]:
        assert make_kit.ui_checksum(v["form"], v["salt_key"], v["salt_index"]) == v["expect"]


def test_every_operation_and_webhook_has_cases(kit: dict[str, Any]) -> None:
    spec = make_kit.load_spec()
    op_ids = {op["operationId"] for _, _, op, _ in make_kit.operations(spec)}
    assert op_ids == {c["operationId"] for c in kit["requests"]}
    webhooks = set(spec.get("webhooks") or {})
    covered = {c["webhook"] for c in kit["callbacks"] + kit["ui_callbacks"]}
    assert webhooks == covered
    for group in (kit["callbacks"], kit["ui_callbacks"]):
        for hook in {c["webhook"] for c in group}:
            valid = {c["expect"]["valid"] for c in group if c["webhook"] == hook}
            assert valid == {True, False}, f"{hook} needs valid and tampered cases"


def test_cases_follow_the_extensions(kit: dict[str, Any]) -> None:
    spec = make_kit.load_spec()
    ops = {op["operationId"]: op for _, _, op, _ in make_kit.operations(spec)}
    for case in kit["requests"]:
        op, exp = ops[case["operationId"]], case["expect"]
        assert exp["host"] == op["x-host"]
        assert exp["url"] == kit["config"]["hosts"][exp["host"]] + exp["path"]
        mode = op["x-signing-mode"]
        if mode == "none":
            assert "X-VERIFY" not in exp["headers"]
            continue
        signed = case["signing"]["signed_string"]
        assert exp["headers"]["X-VERIFY"] == make_kit.x_verify(
            signed, kit["config"]["salt_key"], kit["config"]["salt_index"]
        )
        if mode == "body":
            request_b64 = json.loads(exp["body"])["request"]
            assert signed == request_b64 + op["x-signing-path"]
            assert base64.b64decode(request_b64).decode("utf-8") == case["inputs"]["payload_json"]
            assert json.loads(case["inputs"]["payload_json"]) == case["inputs"]["payload"]
        else:
            assert signed == make_kit.fill(op["x-signing-path"], case["inputs"]["path_params"], encode=False)
            assert "{" not in signed


def test_operations_carry_the_retry_mode(kit: dict[str, Any]) -> None:
    """Another language's client learns from the kit which calls it may re-send (x-retry, issue 14)."""
    spec = make_kit.load_spec()
    for _, _, op, _ in make_kit.operations(spec):
        assert kit["operations"][op["operationId"]]["retry"] == op["x-retry"]
    never = {op_id for op_id, op in kit["operations"].items() if op["retry"] == "never"}
    assert never == {"sendOtp", "verifyOtp", "unlinkUser", "getSsoAccessToken"}
    assert kit["operations"]["debitV4Web"]["retry"] == "reconcile-first"
    assert kit["operations"]["getTransactionStatus"]["retry"] == "safe"
    assert "never" in kit["conventions"]["retry"]


def test_signing_path_is_not_the_url(kit: dict[str, Any]) -> None:
    """The trailing-slash URLs sign without the slash; a value that would need percent-encoding is never sent (the
    docs, the TransactionId pattern and the kit's path cases agree: refused before sending)."""
    by_id = {c["id"]: c for c in kit["requests"]}
    v4 = by_id["debitV4Web/example1"]
    assert v4["expect"]["path"] == "/v4/debit/"
    assert v4["signing"]["path"] == "/v4/debit"
    assert not any("%" in c["expect"]["path"] for c in kit["requests"])
    refused = {c["id"]: c for c in kit["path_cases"]}
    assert refused["getTransactionStatus/path-needs-encoding"]["inputs"]["path_params"]["transactionId"] == "TX 7/8@9"
    assert {c["operationId"] for c in kit["path_cases"]} == {"getTransactionStatus", "getTransactionStatusAppsHost"}
    utf8 = by_id["collectRequest/utf8"]
    assert "₹" in utf8["inputs"]["payload_json"]


def test_shipped_kit_has_no_drift() -> None:
    if not make_kit.SHIPPED_KIT.is_file():
        pytest.skip("spec/conformance/kit.json not generated yet (make conformance)")
    if not make_kit.SPEC.is_file():
        pytest.skip("spec/openapi.yaml not written yet")
    expected = make_kit.render(make_kit.make_kit(make_kit.load_spec()))
    assert make_kit.SHIPPED_KIT.read_text(encoding="utf-8") == expected, (
        "stale kit: run `make conformance` and commit spec/conformance/kit.json"
    )
