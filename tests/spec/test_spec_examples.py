"""(a) Every example of every operation and webhook (and of the components) validates against its schema.

Base64-wrapped bodies are validated twice: the wire object against its wrapper schema, and the decoded JSON
of each `contentSchema` property against the named *Payload schema.
"""

from __future__ import annotations

import base64
import json
from typing import Any

import pytest

from tests.support.spec import SpecValidator, iter_operations, pointer, spec_document


def _example_values(sv: SpecValidator, holder: dict[str, Any]) -> list[tuple[str, Any]]:
    out: list[tuple[str, Any]] = []
    if "example" in holder:
        out.append(("example", holder["example"]))
    examples = holder.get("examples")
    if isinstance(examples, dict):
        for name, ex in examples.items():
            ex = sv.resolve(ex)
            assert "value" in ex, f"example {name} has no value"
            out.append((name, ex["value"]))
    return out


def _content_checks(sv: SpecValidator, instance: Any, schema_ptr: str) -> list[str]:
    """Errors of the wrapper plus errors of each decoded base64 JSON property (contentSchema)."""
    errors = sv.errors(instance, schema_ptr)
    schema = sv.resolve(sv.at(schema_ptr))
    for prop, prop_schema in (schema.get("properties") or {}).items():
        if "contentSchema" not in prop_schema or not isinstance(instance, dict) or prop not in instance:
            continue
        assert prop_schema.get("contentEncoding") == "base64"
        assert prop_schema.get("contentMediaType") == "application/json"
        ref = prop_schema["contentSchema"]["$ref"]
        try:
            decoded = json.loads(base64.b64decode(instance[prop], validate=True).decode("utf-8"))
        except ValueError as exc:  # binascii.Error and JSONDecodeError are ValueErrors
            errors.append(f"(decoded {prop}) not base64 JSON: {exc}")
            continue
        errors += [f"(decoded {prop}) {e}" for e in sv.errors(decoded, ref[1:])]
    return errors


def collect_examples(spec: dict[str, Any], sv: SpecValidator) -> list[tuple[str, Any, str]]:
    """(label, example value, JSON pointer of the schema) for every example in the document."""
    found: list[tuple[str, Any, str]] = []

    def media(label: str, content: dict[str, Any], base: tuple) -> None:
        for mtype, mobj in content.items():
            if "schema" not in mobj:
                continue
            for name, value in _example_values(sv, mobj):
                found.append((f"{label} {mtype} {name}", value, pointer(*base, mtype, "schema")))

    def params(label: str, plist: list, base: tuple) -> None:
        for i, p in enumerate(plist):
            target = p
            tptr = pointer(*base, i)
            if "$ref" in p:
                tptr = p["$ref"][1:]
                target = sv.resolve(p)
            for name, value in _example_values(sv, target):
                found.append((f"{label} param {target['name']} {name}", value, tptr + "/schema"))

    for kind, key, method, op in iter_operations(spec):
        root = ("paths" if kind == "path" else "webhooks", key, method)
        label = op.get("operationId", f"{method} {key}")
        params(label, op.get("parameters", []), root + ("parameters",))
        body = op.get("requestBody")
        if body:
            media(f"{label} request", sv.resolve(body)["content"], root + ("requestBody", "content"))
        for status, resp in op.get("responses", {}).items():
            rbase = root + ("responses", status)
            if "$ref" in resp:
                rbase = tuple(resp["$ref"][2:].split("/"))
                resp = sv.resolve(resp)
            if "content" in resp:
                media(f"{label} {status}", resp["content"], rbase + ("content",))
            for hname, header in (resp.get("headers") or {}).items():
                for name, value in _example_values(sv, header):
                    found.append(
                        (f"{label} {status} header {hname} {name}", value, pointer(*rbase, "headers", hname, "schema"))
                    )

    components = spec.get("components", {})
    for pname, p in components.get("parameters", {}).items():
        for name, value in _example_values(sv, p):
            found.append((f"parameter {pname} {name}", value, pointer("components", "parameters", pname, "schema")))
    for sname, schema in components.get("schemas", {}).items():
        for i, value in enumerate(schema.get("examples", []) or []):
            found.append((f"schema {sname} examples[{i}]", value, pointer("components", "schemas", sname)))
    return found


def test_examples_are_many_and_cover_every_operation(spec, sv):
    found = collect_examples(spec, sv)
    assert len(found) > 80
    labels = " ".join(label for label, _, _ in found)
    for _, _key, _method, op in iter_operations(spec):
        body = op.get("requestBody")
        if body:
            assert f"{op['operationId']} request" in labels, f"{op['operationId']} has no request example"
        has_json_200 = any("content" in sv.resolve(r) for s, r in op["responses"].items() if s.startswith("2"))
        if has_json_200:
            assert f"{op['operationId']} 2" in labels, f"{op['operationId']} has no success example"


def test_no_unfilled_placeholders(spec):
    text = json.dumps(spec)
    assert "@b64:" not in text


_SPEC = spec_document()
_SV = SpecValidator(_SPEC)
_FOUND = collect_examples(_SPEC, _SV)


@pytest.mark.parametrize(("label", "value", "schema_ptr"), _FOUND, ids=[f[0] for f in _FOUND])
def test_example_validates(label, value, schema_ptr):
    errors = _content_checks(_SV, value, schema_ptr)
    assert not errors, f"{label}: {errors}"


def test_validator_catches_bad_examples(sv):
    """The checks above can fail: limits, required fields and decoded payloads are enforced."""
    ptr = "/components/schemas/DebitPayload"
    good = {"merchantId": "MERCHANTUAT", "transactionId": "TX1", "amount": 100}
    assert sv.errors(good, ptr) == []
    assert sv.errors({**good, "transactionId": "T" * 38}, ptr)
    assert sv.errors({**good, "merchantOrderId": "O" * 48}, ptr)
    assert sv.errors({**good, "amount": 0}, ptr)
    assert sv.errors({**good, "amount": 1.5}, ptr)
    assert sv.errors({"merchantId": "MERCHANTUAT", "amount": 100}, ptr)
    wire_ptr = "/components/schemas/DebitRequest"
    bad_payload = base64.b64encode(json.dumps({"merchantId": "M"}).encode()).decode()
    assert _content_checks(sv, {"request": bad_payload}, wire_ptr)
    assert _content_checks(sv, {"request": "x", "extra": 1}, wire_ptr)
    upi = "/components/schemas/PaymentSource"
    assert sv.errors({"mode": "upi", "type": "INTENT"}, upi) == []
    assert sv.errors({"mode": "upi", "type": "INLINE"}, upi), "INLINE needs accountId"
    assert sv.errors({"mode": "card"}, upi), "card needs cardId"
    assert sv.errors({"mode": "cash"}, upi)


def test_open_sets_accept_new_values(sv):
    status = "/components/schemas/TransactionStatusResponse"
    answer = {"success": True, "code": "A_NEW_CODE", "message": "m", "data": {"payResponseCode": "NEW_PRC"}}
    assert sv.errors(answer, status) == []
