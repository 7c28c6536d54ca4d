"""Issue 16, findings 1-6: codes per operation (x-codes), the HTTP status of TRANSACTION_NOT_FOUND, pending answers,
rules between payload fields (x-field-rules and the JSON Schema keywords that state them), public-reference marks,
the callback-test minimum, GET with a body, and a spec that cites its source by name.

Each test here fails on the spec before issue 16 (spec/released/1.0.0 shows the state it fixed).
"""

from __future__ import annotations

import copy
import itertools
import json
import re
from pathlib import Path
from typing import Any

import pytest

from generator import spec as gspec
from tests.support.spec import ROOT, SPEC_PATH, SpecValidator, iter_operations, pointer

ENVELOPE_FREE = {"getAuthorizationToken", "appProfile", "appAccountSummary"}  # token form answer; mobile-SDK answers
# The interface document's "Seen in" labels (Errors, Codes table) and the operations each one names.
SEEN_IN = {
    "collect": {"collectRequest"},
    "OTP": {"sendOtp", "verifyOtp"},
    "OTP verification": {"verifyOtp"},
    "unlink": {"unlinkUser"},
    "balance": {"getWalletBalance"},
    "options": {"getPaymentOptions"},
    "payment options": {"getPaymentOptions"},
    "SSO": {"getSsoAccessToken", "getSsoUserDetails"},
    "status": {"getTransactionStatus", "getTransactionStatusAppsHost"},
    "refund": {"refundV3", "refundV4", "refundAppsHost"},
    "v4 refund": {"refundV4"},
    "refund (apps host)": {"refundAppsHost"},
    "debit": {"debitV3", "debitV4Web", "debitV4Intent"},
    "instant debit": {"instantDebit"},
    "inline pay": {"inlinePay", "inlinePayWithGet"},
    "initiate": {"initiateSdkLessPayment"},
    "sdk-less": {"initiateSdkLessPayment"},
    "deferred fulfill": {"fulfillDeferredRefund"},
    "callbacks": {"paymentCallback", "chargeCallback"},
}
# Codes an operation's own section shows beyond the table ("Response codes of the deferred fulfill operation: not
# shown beyond the sample codes PAYMENT_SUCCESS and INVALID_TRANSACTION_ID").
SAMPLE_CODES = {"fulfillDeferredRefund": {"PAYMENT_SUCCESS", "INVALID_TRANSACTION_ID"}}
NOT_SHOWN = "Not shown for this operation in the interface document"
# Operations whose success answer hands the user a page, an intent URI, a reservation or a collect request.
STARTED = {
    "debitV4Web": "PAYMENT_SUCCESS",
    "debitV4Intent": "PAYMENT_SUCCESS",
    "inlinePay": "PAYMENT_INITIATED",
    "inlinePayWithGet": "PAYMENT_INITIATED",
    "collectRequest": "SUCCESS",
    "initiateSdkLessPayment": "SUCCESS",
}
# Rules the interface document states between payload fields (finding 4), and where the spec states them.
DOCUMENT_RULES = {
    "RefundV3Payload": [("exactly-one-of", ["originalTransactionId", "providerReferenceId"])],
    "RefundV4Payload": [("exactly-one-of", ["originalTransactionId", "providerReferenceId"])],
    "DebitPayload": [("at-most-one-of", ["merchantUserId", "userAuthToken"])],
    "DebitIntentPayload": [("at-most-one-of", ["merchantUserId", "userAuthToken"])],
    "InlinePayPayload": [("at-least-one-of", ["merchantUserId", "userAuthToken"])],
    "PaymentOptionsPayload": [("at-least-one-of", ["merchantUserId", "userAuthToken"])],
}
OPERATION_RULES = {"inlinePay": [("required", ["mobileNumber"])]}


def _ops(spec: dict[str, Any], webhooks: bool = True) -> dict[str, dict[str, Any]]:
    return {op["operationId"]: op for *_, op in iter_operations(spec, include_webhooks=webhooks)}


def _codes(op: dict[str, Any]) -> dict[str, dict[str, Any]]:
    return {c["code"]: c for c in op.get("x-codes") or []}


# ---------------------------------------------------------------------------------------------- finding 1: x-codes
def test_every_envelope_operation_lists_its_codes(spec):
    for op_id, op in _ops(spec, webhooks=False).items():
        if op_id in ENVELOPE_FREE:
            assert "x-codes" not in op, op_id
        else:
            assert op.get("x-codes"), f"{op_id}: no x-codes (what each code means on this operation)"
    for hook in ("paymentCallback", "chargeCallback"):
        assert set(_codes(_ops(spec)[hook])) == {
            "PAYMENT_SUCCESS",
            "PAYMENT_ERROR",
            "PAYMENT_DECLINED",
            "PAYMENT_CANCELLED",
        }


def test_started_payments_are_never_paid_orders(spec):
    """PAYMENT_SUCCESS on a v4 debit answer (like PAYMENT_INITIATED and a collect's SUCCESS) is `accepted`."""
    ops = _ops(spec)
    for op_id, code in STARTED.items():
        codes = _codes(ops[op_id])
        assert codes[code]["outcome"] == "accepted", (op_id, codes[code])
        assert "not a paid order" in codes[code]["meaning"].lower(), op_id
        assert not [c for c, e in codes.items() if e["outcome"] == "succeeded"], op_id
    # where PAYMENT_SUCCESS is the payment state it stays `succeeded`
    for op_id in ("getTransactionStatus", "getTransactionStatusAppsHost", "refundV3", "paymentCallback"):
        assert _codes(ops[op_id])["PAYMENT_SUCCESS"]["outcome"] == "succeeded", op_id
    catalog = {e["code"]: e for e in spec["components"]["schemas"]["ResultCode"]["x-code-catalog"]}
    assert "not a paid order" in catalog["PAYMENT_SUCCESS"]["meaning"]
    assert "x-codes" in spec["components"]["schemas"]["ResultCode"]["description"]


def test_codes_follow_the_documents_table(spec):
    """Every (code, "Seen in") pair of the document's table is listed on an operation it names, and an operation
    lists only codes the table (or its own section) gives it, or says the code is not shown for it."""
    ops = _ops(spec)
    catalog = spec["components"]["schemas"]["ResultCode"]["x-code-catalog"]
    with_codes = {i for i, op in ops.items() if op.get("x-codes")}
    webhooks = set(spec["webhooks"])
    signed = {i for i, op in ops.items() if op.get("x-signing-mode") in ("body", "path")}
    allowed: dict[str, set[str]] = {i: set(SAMPLE_CODES.get(i, ())) for i in with_codes}
    for entry in catalog:
        for label in entry["seenIn"]:
            if label == "all":
                group = (with_codes - webhooks) & (signed if entry["code"] == "AUTHORIZATION_FAILED" else with_codes)
                missing = [i for i in sorted(group) if entry["code"] not in _codes(ops[i])]
                assert not missing, f"{entry['code']} (seen in all) is not listed on {missing}"
            else:
                assert label in SEEN_IN, f"a new 'Seen in' label {label!r}: map it to its operations"
                group = SEEN_IN[label]
                assert any(entry["code"] in _codes(ops[i]) for i in group), (entry["code"], label)
            for i in group:
                allowed.setdefault(i, set()).add(entry["code"])
    for op_id in sorted(with_codes):
        op = ops[op_id]
        for code, entry in _codes(op).items():
            if code in allowed.get(op_id, set()):
                continue
            assert entry["meaning"].startswith(NOT_SHOWN), f"{op_id}: {code} is not the document's for this operation"
            assert code in json.dumps(op.get("x-not-shown")), f"{op_id}: x-not-shown must record {code}"


def test_generator_refuses_bad_codes(spec):
    assert gspec.check_codes([{"code": "PAYMENT_SUCCESS", "outcome": "paid", "meaning": "m"}], "#")
    assert gspec.check_codes([{"code": "X", "outcome": "accepted"}], "#")
    assert gspec.check_codes([], "#")
    ok = [{"code": "SUCCESS", "outcome": "succeeded", "meaning": "m"}]
    assert gspec.check_codes(ok, "#") == []
    assert gspec.check_codes(ok + ok, "#"), "a code twice"
    bad = copy.deepcopy(spec)
    bad["paths"]["/v4/debit/"]["post"]["x-codes"].append({"code": "PAID", "outcome": "succeeded", "meaning": "m"})
    with pytest.raises(gspec.SpecError, match="ResultCode does not document"):
        gspec.collect(json.loads(json.dumps(bad)))


# ---------------------------------------------------------------------------------------------- finding 2
@pytest.mark.parametrize(
    "path",
    [
        "/v3/transaction/{merchantId}/{transactionId}/status",
        "/v3/transaction/{merchantId}/{transactionId}/{statusSegment}",
        "/v3/credit/backToSource/",
        "/v4/credit/backToSource",
        "/v3/credit/backToSource",
    ],
)
def test_transaction_not_found_is_described_under_200_and_400(spec, sv: SpecValidator, path):
    op = next(o for m, o in spec["paths"][path].items() if m in ("get", "post"))
    for status in ("200", "400"):
        response = sv.resolve(op["responses"][status])
        examples = response["content"]["application/json"]["examples"]
        codes = {sv.resolve(e)["value"]["code"] for e in examples.values()}
        assert "TRANSACTION_NOT_FOUND" in codes, (op["operationId"], status)
    assert "TRANSACTION_NOT_FOUND" in str(op.get("x-not-shown")), op["operationId"]
    assert "read it by `code`" in op["description"], op["operationId"]
    assert _codes(op)["TRANSACTION_NOT_FOUND"]["outcome"] == "not-found"


# ---------------------------------------------------------------------------------------------- finding 3
def test_pending_answers_agree_on_success(spec, sv: SpecValidator):
    """The document does not decide `success` of a pending answer: the spec records the choice (true) once."""
    pending = []
    for *_, op in iter_operations(spec, include_webhooks=False):
        for status, response in (op.get("responses") or {}).items():
            for media in (sv.resolve(response).get("content") or {}).values():
                for ex in (media.get("examples") or {}).values():
                    value = sv.resolve(ex).get("value")
                    if isinstance(value, dict) and value.get("code") == "PAYMENT_PENDING":
                        pending.append((op["operationId"], status, value["success"]))
    assert {p[0] for p in pending} >= {"getTransactionStatus", "refundV4", "refundV3"}
    assert {p[2] for p in pending} == {True}, pending
    assert any("`success` on a PAYMENT_PENDING" in n for n in spec["info"]["x-not-shown"])


# ---------------------------------------------------------------------------------------------- finding 4
def test_document_rules_are_stated(spec):
    schemas = spec["components"]["schemas"]
    for name, rules in DOCUMENT_RULES.items():
        got = [(r["rule"], r["fields"]) for r in schemas[name].get("x-field-rules") or []]
        assert got == rules, name
    ops = _ops(spec, webhooks=False)
    for op_id, rules in OPERATION_RULES.items():
        assert [(r["rule"], r["fields"]) for r in ops[op_id].get("x-field-rules") or []] == rules, op_id
    # mobileNumber stays optional where the GET variant reads InlinePayPayload
    assert "mobileNumber" not in schemas["InlinePayPayload"]["required"]
    assert "x-field-rules" not in ops["inlinePayWithGet"]


def _presence_cases(sv: SpecValidator, name: str, fields: list[str]) -> list[tuple[dict[str, Any], frozenset[str]]]:
    schema = sv.spec["components"]["schemas"][name]
    base = {k: v for k, v in schema["examples"][0].items() if k not in fields}
    cases = []
    for n in range(len(fields) + 1):
        for chosen in itertools.combinations(fields, n):
            cases.append(({**base, **{f: f"{f}-1" for f in chosen}}, frozenset(chosen)))
    return cases


RULE_HOLDS = {
    "exactly-one-of": lambda sent, fields: len(sent) == 1,
    "at-least-one-of": lambda sent, fields: len(sent) >= 1,
    "at-most-one-of": lambda sent, fields: len(sent) <= 1,
    "required": lambda sent, fields: len(sent) == len(fields),
}


@pytest.mark.parametrize("name", sorted(DOCUMENT_RULES))
def test_schema_keywords_state_exactly_the_listed_rule(sv: SpecValidator, name):
    """Where JSON Schema can state a rule (if/then/else, not), the payload schema does, with exactly the semantics of
    its x-field-rules entry: a validator and a code generator reading the list agree on every presence pattern."""
    for rule in sv.spec["components"]["schemas"][name]["x-field-rules"]:
        for instance, sent in _presence_cases(sv, name, rule["fields"]):
            valid = not sv.errors(instance, pointer("components", "schemas", name))
            assert valid == RULE_HOLDS[rule["rule"]](sent, rule["fields"]), (name, sorted(sent))


def _subschemas(schema: Any) -> list[Any]:
    out = []
    for key in ("not", "if", "then", "else"):
        if isinstance(schema.get(key), dict):
            out.append(schema[key])
    for key in ("allOf", "anyOf", "oneOf"):
        out.extend(s for s in schema.get(key) or [] if isinstance(s, dict) and "$ref" not in s)
    return out


def test_required_names_are_properties(spec):
    """Every `required` name, in a schema and in its if/then/else/not/combinator subschemas, is a property of the
    object schema it constrains (Redocly's no-required-schema-properties-undefined, which is off because it reads
    each subschema alone: spec/lint/redocly.yaml)."""
    problems = []

    def walk(schema: Any, where: str, props: set[str]) -> None:
        if not isinstance(schema, dict):
            return
        own = set((schema.get("properties") or {}).keys())
        scope = own or props
        for name in schema.get("required") or []:
            if name not in scope:
                problems.append(f"{where}: required {name!r} is not a property")
        for i, sub in enumerate(_subschemas(schema)):
            walk(sub, f"{where}/sub{i}", scope)
        for pname, sub in (schema.get("properties") or {}).items():
            walk(sub, f"{where}/{pname}", set())
        if isinstance(schema.get("items"), dict):
            walk(schema["items"], f"{where}[]", set())

    for name, schema in spec["components"]["schemas"].items():
        walk(schema, name, set())
    assert not problems, problems
    # the check can fail
    bad = {"type": "object", "properties": {"a": {}}, "if": {"required": ["a"]}, "then": {"required": ["typo"]}}
    walk(bad, "bad", set())
    assert problems == ["bad/sub1: required 'typo' is not a property"]


def test_generator_refuses_a_rule_on_an_unknown_field(spec):
    bad = copy.deepcopy(spec)
    bad["paths"]["/v3/merchant/inline/pay"]["post"]["x-field-rules"][0]["fields"] = ["mobileNumbr"]
    with pytest.raises(gspec.SpecError, match="mobileNumbr"):
        gspec.collect(json.loads(json.dumps(bad)))
    assert gspec.check_field_rules([{"rule": "exactly-one-of", "fields": ["a"]}], "#")
    assert gspec.check_field_rules([{"rule": "one-of", "fields": ["a", "b"]}], "#")
    assert gspec.check_field_rules([{"rule": "required", "fields": ["a"], "why": "x"}], "#")
    assert gspec.check_field_rules([{"rule": "required", "fields": ["a"], "description": "d"}], "#") == []


def test_operation_facts_carry_the_rules(spec):
    metas = {m.operation_id: m for m in gspec.collect(json.loads(json.dumps(spec)))}
    assert metas["inlinePay"].field_rules == (
        ("at-least-one-of", ("merchantUserId", "userAuthToken")),
        ("required", ("mobileNumber",)),
    )
    assert metas["inlinePayWithGet"].field_rules == (("at-least-one-of", ("merchantUserId", "userAuthToken")),)
    assert metas["refundAppsHost"].field_rules == (
        ("exactly-one-of", ("originalTransactionId", "providerReferenceId")),
    )
    assert ("PAYMENT_SUCCESS", "accepted") in metas["debitV4Web"].codes


# ---------------------------------------------------------------------------------------------- finding 5
def test_public_reference_schemas_are_marked(spec):
    """A component schema reached only from `x-source: public-reference` operations is marked itself."""
    ops = _ops(spec, webhooks=False)
    text = {i: json.dumps(op) for i, op in ops.items()}
    schemas = spec["components"]["schemas"]

    def reached(op_id: str) -> set[str]:
        seen: set[str] = set()
        todo = re.findall(r"#/components/(?:schemas|responses)/(\w+)", text[op_id])
        while todo:
            name = todo.pop()
            if name in seen:
                continue
            seen.add(name)
            node = schemas.get(name) or spec["components"]["responses"].get(name) or {}
            todo += re.findall(r"#/components/schemas/(\w+)", json.dumps(node))
        return seen & set(schemas)

    public = {i for i, op in ops.items() if op.get("x-source") == "public-reference"}
    from_public = set().union(*(reached(i) for i in public))
    from_document = set().union(*(reached(i) for i in set(ops) - public))
    only_public = from_public - from_document
    assert {"OtpVerifyRequest", "OtpVerifyPayload", "OtpVerifyResponse", "OtpVerifyData"} <= only_public
    unmarked = sorted(n for n in only_public if schemas[n].get("x-source") != "public-reference")
    assert not unmarked, unmarked


def test_callback_test_minimum_is_recorded_as_ambiguous(spec):
    amount = spec["components"]["schemas"]["TestCallbackRequest"]["properties"]["amount"]
    assert amount["minimum"] == 1  # the less strict reading: never refuse what the gateway may accept
    assert "100 paise" in amount["x-not-shown"]
    op = spec["paths"]["/testing/S2SCallback/"]["post"]
    assert any("100 paise" in n for n in op["x-not-shown"])
    assert "at least 100" in op["description"]


def test_get_with_a_body_says_what_works(spec):
    op = spec["paths"]["/v3/merchant/inline/pay"]["get"]
    text = " ".join(op["description"].split())
    assert "Fetch-based runtimes cannot send it" in text
    assert "POST variant `inlinePay`" in text
    assert "httpx" in text


# ---------------------------------------------------------------------------------------------- finding 6
def test_the_source_is_cited_by_name_not_by_a_path_outside_the_repository(spec):
    readme = (ROOT / "spec" / "README.md").read_text(encoding="utf-8")
    for name, text in (("spec/openapi.yaml", SPEC_PATH.read_text(encoding="utf-8")), ("spec/README.md", readme)):
        assert "shared/" not in text, name
        assert "gateway-interface.md" not in text, name
        assert "Merchant Payment Gateway Service Interface" in text, name
    description = " ".join(spec["info"]["description"].split())
    assert "What a team gets with this document" in description
    assert "spec/vectors" not in description
    assert "What a team gets from this repository alone" in " ".join(readme.split())


def test_readme_documents_the_new_vocabulary():
    readme = (ROOT / "spec" / "README.md").read_text(encoding="utf-8")
    for word in ("`x-codes`", "`x-field-rules`", "`x-evidence`", "refine", *gspec.CODE_OUTCOMES, *gspec.FIELD_RULES):
        assert word in readme, word
    assert Path(ROOT / "spec" / "lint" / ".spectral.yaml").read_text(encoding="utf-8").count("mgw-x-codes") >= 2
