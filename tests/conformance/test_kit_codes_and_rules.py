"""Issue 16: the conformance kit carries each operation's codes (x-codes) and field rules (x-field-rules), its request
cases keep the rules, and it lists payloads a conforming client refuses before sending (`rule_cases`), which the
project's own Python client does."""

from __future__ import annotations

import re
from typing import Any

import httpx
import make_kit  # tools/conformance (pytest's `pythonpath`)
import pytest

mg = pytest.importorskip("merchant_gateway", reason="overlay not importable")


def _snake(name: str) -> str:
    return re.sub(r"(?<=[a-z0-9])(?=[A-Z])", "_", name).lower()


def test_operations_carry_codes_and_field_rules(kit: dict[str, Any]) -> None:
    spec = make_kit.load_spec()
    wrapped = make_kit.Spec(spec)
    for _, _, op, _ in make_kit.operations(spec):
        entry = kit["operations"][op["operationId"]]
        assert entry["codes"] == [
            {"code": c["code"], "outcome": c["outcome"], "meaning": c["meaning"]} for c in op.get("x-codes") or []
        ]
        assert entry["field_rules"] == make_kit.field_rules(wrapped, op)
    ops = kit["operations"]
    assert {"code": "PAYMENT_SUCCESS", "outcome": "accepted"}.items() <= ops["debitV4Web"]["codes"][0].items()
    assert ops["inlinePay"]["field_rules"] == [
        {"rule": "at-least-one-of", "fields": ["merchantUserId", "userAuthToken"]},
        {"rule": "required", "fields": ["mobileNumber"]},
    ]
    assert ops["inlinePayWithGet"]["field_rules"] == [
        {"rule": "at-least-one-of", "fields": ["merchantUserId", "userAuthToken"]}
    ]
    for word in ("codes", "field_rules", "get_body"):
        assert word in kit["conventions"], word


def test_request_cases_keep_the_rules(kit: dict[str, Any]) -> None:
    for case in kit["requests"]:
        payload = case["inputs"].get("payload")
        if payload is None:
            continue
        for rule in kit["operations"][case["operationId"]]["field_rules"]:
            assert not make_kit.breaks(rule, payload), (case["id"], rule)


def test_every_rule_has_refused_payloads(kit: dict[str, Any]) -> None:
    covered = {(c["operationId"], c["rule"]["rule"], tuple(c["rule"]["fields"])) for c in kit["rule_cases"]}
    for op_id, op in kit["operations"].items():
        if op["called_by"] == "mobile-sdk":
            continue
        for rule in op["field_rules"]:
            assert (op_id, rule["rule"], tuple(rule["fields"])) in covered, (op_id, rule)
    for case in kit["rule_cases"]:
        assert make_kit.breaks(case["rule"], case["inputs"]["payload"]), case["id"]
        assert case["expect"] == {"refused": True, "fields": case["rule"]["fields"]}


def test_the_python_client_refuses_every_rule_case_before_sending(kit: dict[str, Any]) -> None:
    sent: list[httpx.Request] = []
    transport = httpx.MockTransport(lambda r: (sent.append(r), httpx.Response(500))[1])
    gw = mg.Gateway(merchant_id="MERCHANTUAT", salt_key="kit-salt", salt_index="1", transport=transport)
    for case in kit["rule_cases"]:
        name = _snake(case["operationId"])
        op = getattr(gw, name)
        fields = {_snake(k): v for k, v in case["inputs"]["payload"].items()}
        with pytest.raises(mg.ValidationError) as info:
            op(**fields)
        assert info.value.field in case["expect"]["fields"], (case["id"], info.value)
        assert all(f in str(info.value) for f in case["expect"]["fields"]), (case["id"], str(info.value))
    assert sent == []


def test_every_schema_case_breaks_the_schema_where_it_says(kit: dict[str, Any]) -> None:
    """Checked with jsonschema (an implementation of its own) against the spec's payload schema: each case payload
    is invalid, with an error at the case's field, or at an object holding it that names it (a missing member, a
    oneOf no branch of which accepts the discriminator)."""
    from tests.support.spec import SpecValidator  # tests/spec (pytest's `pythonpath`)

    spec = make_kit.load_spec()
    validator = SpecValidator(spec)
    wrapped = make_kit.Spec(spec)
    ops = {op["operationId"]: op for _, _, op, _ in make_kit.operations(spec)}
    kinds = {c["id"].split("/")[1] for c in kit["schema_cases"]}
    assert kinds == {"missing-required", "wrong-type", "enum", "required-in-branch", "if-then"}
    for case in kit["schema_cases"]:
        if case["id"].split("/")[1] in ("required-in-branch", "if-then"):
            continue  # test_nested_cases_break_only_the_field_they_name
        errors = validator.errors(case["inputs"]["payload"], _payload_schema(wrapped, ops[case["operationId"]]))
        field = case["expect"]["field"]
        where = re.sub(r"\[(\d+)\]", r"/\1", field).replace(".", "/")
        name = re.split(r"[./\[]", field)[-1]
        assert any(
            e.split(": ", 1)[0] == where or (where.startswith(e.split(": ", 1)[0]) and name in e) for e in errors
        ), (case["id"], errors)


def test_the_python_client_refuses_every_schema_case_before_sending(kit: dict[str, Any]) -> None:
    sent: list[httpx.Request] = []
    transport = httpx.MockTransport(lambda r: (sent.append(r), httpx.Response(500))[1])
    gw = mg.Gateway(merchant_id="MERCHANTUAT", salt_key="kit-salt", salt_index="1", transport=transport)
    assert kit["schema_cases"]
    for case in kit["schema_cases"]:
        op = getattr(gw, _snake(case["operationId"]))
        with pytest.raises(mg.ValidationError) as info:
            op(**{_snake(k): v for k, v in case["inputs"]["payload"].items()})
        assert info.value.field == case["expect"]["field"], (case["id"], str(info.value))
        assert all(str(v) in str(info.value) for v in case["expect"].get("allowed", [])), (case["id"], info.value)
    assert sent == []


def _payload_schema(wrapped: Any, op: dict[str, Any]) -> str:
    """JSON pointer of the operation's payload schema."""
    schema = next(iter(wrapped.resolve(op["requestBody"])["content"].values()))["schema"]
    if op.get("x-body-wrapping") == "base64-json":
        schema = wrapped.resolve(schema)["properties"]["request"]["contentSchema"]
    ref: str = schema["$ref"]
    return ref.removeprefix("#")


def test_nested_cases_break_only_the_field_they_name(kit: dict[str, Any]) -> None:
    """Issue 22: the required-in-branch and if-then cases, checked with jsonschema against the spec: every error is
    at the case's object (or inside it), and giving back just the named field (a value the spec's schema of that
    field allows) makes the payload valid."""
    from tests.support.spec import SpecValidator  # tests/spec (pytest's `pythonpath`)

    spec = make_kit.load_spec()
    validator = SpecValidator(spec)
    wrapped = make_kit.Spec(spec)
    ops = {op["operationId"]: op for _, _, op, _ in make_kit.operations(spec)}
    nested = [c for c in kit["schema_cases"] if c["id"].split("/")[1] in ("required-in-branch", "if-then")]
    fields = {(c["id"].split("/")[1], c["operationId"], c["expect"]["field"]) for c in nested}
    # finding 8's case (a UPI INLINE source without accountId) and a required member of each branch that has one
    assert ("if-then", "inlinePay", "paymentSources[0].accountId") in fields
    assert ("required-in-branch", "inlinePay", "paymentSources[0].cardId") in fields
    assert ("required-in-branch", "inlinePay", "paymentSources[0].type") in fields
    assert len({c["id"] for c in kit["schema_cases"]}) == len(kit["schema_cases"])
    for case in nested:
        pointer = _payload_schema(wrapped, ops[case["operationId"]])
        payload = case["inputs"]["payload"]
        field = case["expect"]["field"]
        site, _, name = field.rpartition(".")
        where = re.sub(r"\[(\d+)\]", r"/\1", site).replace(".", "/")
        errors = validator.errors(payload, pointer)
        assert errors, (case["id"], errors)
        assert all(e.split(": ", 1)[0].startswith(where) for e in errors), (case["id"], errors)
        schema = wrapped.resolve({"$ref": "#" + pointer})
        branch_key = case["id"].rsplit("/", 1)[1].split(".")[0] if "." in case["id"].rsplit("/", 1)[1] else None
        site_schema = next(
            obj
            for path, obj, branch in make_kit.object_sites(wrapped, schema)
            if path == site and (branch is None or branch[1] == branch_key)
        )
        restored = make_kit.set_at(payload, field, wrapped.synth(site_schema["properties"][name], name))
        assert validator.errors(restored, pointer) == [], case["id"]


def test_the_python_client_refuses_every_path_case_before_sending(kit: dict[str, Any]) -> None:
    """A path value that would need percent-encoding (or is empty, `.` or `..`) is refused before anything is sent,
    naming the parameter: what the docs (docs/other-languages.md), the TransactionId pattern and the kit say."""
    sent: list[httpx.Request] = []
    transport = httpx.MockTransport(lambda r: (sent.append(r), httpx.Response(500))[1])
    gw = mg.Gateway(merchant_id="MERCHANTUAT", salt_key="kit-salt", salt_index="1", transport=transport)
    assert len(kit["path_cases"]) >= 12
    for case in kit["path_cases"]:
        op = getattr(gw, _snake(case["operationId"]))
        with pytest.raises(mg.ValidationError) as info:
            op(transaction_id=case["inputs"]["path_params"]["transactionId"])
        assert info.value.field == case["expect"]["field"], (case["id"], info.value)
    assert sent == []
