"""(b) x- vocabulary, (c) method + path + host table, (d) signing paths, (e) shared vectors, releases, bundle."""

from __future__ import annotations

import hashlib
import json
import re
import subprocess
import sys
from typing import Any

import pytest

from generator.verdict_rules import check as check_verdict_rules
from tests.support.spec import HTTP_METHODS, ROOT, SPEC_PATH, iter_operations, load_yaml

OP_LEVEL = {
    "x-host": lambda v: v in ("base", "apps", "auth"),
    "x-signing-mode": lambda v: v in ("body", "path", "none"),
    "x-signing-path": lambda v: isinstance(v, str) and v.startswith("/") and not v.endswith("/"),
    "x-signing-required": lambda v: isinstance(v, bool),
    "x-body-wrapping": lambda v: v in ("base64-json", "json", "form", "none"),
    "x-follow-redirects": lambda v: v is False,
    "x-retry": lambda v: v in ("safe", "reconcile-first", "never"),
    "x-called-by": lambda v: v in ("merchant-server", "mobile-sdk"),
    "x-money-movement": lambda v: v in ("none", "debit", "collect", "refund", "deferred-refund"),
    "x-answer-codes": lambda v: v in ("outcome", "payment-state"),
    "x-payload-from": lambda v: v in ("caller", "configuration"),
}
ANY_LEVEL = {
    "x-source": lambda v: v in ("interface-document", "public-reference"),
    "x-not-shown": lambda v: (
        (isinstance(v, str) and v.strip() != "")
        or (isinstance(v, list) and v and all(isinstance(i, str) and i.strip() for i in v))
    ),
}
SCHEMA_LEVEL = {
    "x-known-values": lambda v: isinstance(v, list) and v and all(isinstance(i, str) for i in v),
    # issue 25: the public name of an inline enum's generated class (spec/README.md)
    "x-enum-name": lambda v: isinstance(v, str) and re.fullmatch(r"[A-Z][A-Za-z0-9]*", v) is not None,
}
# issue 16: what each code means on an operation (path operations and webhooks), and the rules between payload
# fields (payload schemas and path operations)
OUTCOMES = ("succeeded", "accepted", "pending", "failed", "unknown", "rejected", "not-found", "duplicate")
EVIDENCE = ("data.transactionId", "data.merchantId", "data.amount", "data.redirectURL")
CATEGORIES = {
    "answer", "payment-failed", "payment-declined", "payment-cancelled", "transaction-not-found", "not-found",
    "duplicate-id", "user-link", "bad-request", "authorization", "server-error", "user-blocked", "otp",
    "rate-limited", "refund-window",
}  # fmt: skip
FIELD_RULES = ("exactly-one-of", "at-least-one-of", "at-most-one-of", "required")


def _codes_ok(v: Any) -> bool:
    return (
        isinstance(v, list)
        and bool(v)
        and all(
            isinstance(e, dict)
            and set(e) - {"refine"} == {"code", "outcome", "meaning"}
            and isinstance(e["code"], str)
            and e["outcome"] in OUTCOMES
            and isinstance(e["meaning"], str)
            and e["meaning"].strip()
            and _refine_ok(e.get("refine", [{"payResponseCode": "X", "outcome": "failed", "meaning": "m"}]))
            for e in v
        )
        and len({e["code"] for e in v}) == len(v)
    )


def _refine_ok(v: Any) -> bool:
    return (
        isinstance(v, list)
        and bool(v)
        and all(
            isinstance(r, dict)
            and set(r) == {"payResponseCode", "outcome", "meaning"}
            and isinstance(r["payResponseCode"], str)
            and r["outcome"] in OUTCOMES
            and isinstance(r["meaning"], str)
            and r["meaning"].strip()
            for r in v
        )
        and len({r["payResponseCode"] for r in v}) == len(v)
    )


def _evidence_ok(v: Any) -> bool:
    return (
        isinstance(v, dict)
        and bool(v)
        and all(k in OUTCOMES and isinstance(f, list) and f and all(x in EVIDENCE for x in f) for k, f in v.items())
    )


def _rules_ok(v: Any) -> bool:
    return (
        isinstance(v, list)
        and bool(v)
        and all(
            isinstance(e, dict)
            and {"rule", "fields"} <= set(e) <= {"rule", "fields", "description"}
            and e["rule"] in FIELD_RULES
            and isinstance(e["fields"], list)
            and len(e["fields"]) >= (1 if e["rule"] == "required" else 2)
            and all(isinstance(f, str) and f for f in e["fields"])
            for e in v
        )
    )


CATALOG_KEYS = {"code", "meaning", "seenIn", "terminal", "category"}
TERMINAL = {"PAYMENT_SUCCESS", "PAYMENT_ERROR", "PAYMENT_DECLINED", "PAYMENT_CANCELLED"}


def _walk(node: Any, path: tuple = ()):
    if isinstance(node, dict):
        for k, v in node.items():
            yield path, k, v
            if k in ("example", "x-code-catalog"):
                continue
            if k == "examples" and isinstance(v, (dict, list)):
                continue
            if k == "value" and len(path) >= 1:
                continue
            yield from _walk(v, path + (k,))
    elif isinstance(node, list):
        for i, v in enumerate(node):
            yield from _walk(v, path + (i,))


def _is_operation(path: tuple) -> bool:
    return len(path) == 3 and path[0] in ("paths", "webhooks") and path[2] in HTTP_METHODS


def vocabulary_problems(spec: dict[str, Any]) -> list[str]:
    problems = []
    for path, key, value in _walk(spec):
        if not isinstance(key, str) or not key.startswith("x-"):
            continue
        where = "/".join(map(str, path)) + "/" + key
        if key in OP_LEVEL:
            if not _is_operation(path) or path[0] != "paths":
                problems.append(f"{where}: operation-level extension outside a path operation")
            elif not OP_LEVEL[key](value):
                problems.append(f"{where}: bad value {value!r}")
        elif key in ANY_LEVEL:
            if not ANY_LEVEL[key](value):
                problems.append(f"{where}: bad value {value!r}")
        elif key in SCHEMA_LEVEL:
            if "schemas" not in path and "schema" not in path and "properties" not in path:
                problems.append(f"{where}: x-known-values outside a schema")
            elif not SCHEMA_LEVEL[key](value):
                problems.append(f"{where}: bad value {value!r}")
        elif key == "x-code-catalog":
            if path != ("components", "schemas", "ResultCode"):
                problems.append(f"{where}: x-code-catalog only on ResultCode")
        elif key == "x-verdict-rules":
            if path != ():
                problems.append(f"{where}: x-verdict-rules only at the document root")
            else:
                problems.extend(check_verdict_rules(value, where))
        elif key == "x-terminal":
            if not isinstance(value, bool):
                problems.append(f"{where}: bad value {value!r}")
        elif key in ("x-codes", "x-evidence"):
            if not _is_operation(path):
                problems.append(f"{where}: {key} outside an operation or webhook")
            elif not (_codes_ok(value) if key == "x-codes" else _evidence_ok(value)):
                problems.append(f"{where}: bad value {value!r}")
        elif key == "x-field-rules":
            in_schema = len(path) == 3 and path[:2] == ("components", "schemas")
            if not (in_schema or (_is_operation(path) and path[0] == "paths")):
                problems.append(f"{where}: x-field-rules outside a component schema or a path operation")
            elif not _rules_ok(value):
                problems.append(f"{where}: bad value {value!r}")
        else:
            problems.append(f"{where}: {key} is not in the documented vocabulary")
    return problems


def test_vocabulary(spec):
    assert vocabulary_problems(spec) == []


def test_vocabulary_check_can_fail(spec):
    bad = json.loads(json.dumps(spec))
    bad["paths"]["/v3/debit"]["post"]["x-host"] = "moon"
    bad["paths"]["/v3/debit"]["post"]["x-made-up"] = 1
    bad["components"]["schemas"]["MerchantId"]["x-signing-mode"] = "body"
    bad["info"]["x-not-shown"] = []
    bad["paths"]["/v4/debit/"]["post"]["x-codes"][0]["outcome"] = "paid"
    bad["components"]["schemas"]["MerchantId"]["x-codes"] = bad["paths"]["/v4/debit/"]["post"]["x-codes"]
    bad["components"]["schemas"]["RefundV4Payload"]["x-field-rules"][0]["rule"] = "one-of"
    bad["paths"]["/v3/merchant/inline/pay"]["post"]["x-field-rules"][0]["fields"] = []
    bad["paths"]["/v4/debit/"]["post"]["x-evidence"] = {"accepted": ["data.colour"]}
    bad["paths"]["/v4/credit/backToSource"]["post"]["x-codes"][2]["refine"][0]["outcome"] = "maybe"
    problems = vocabulary_problems(bad)
    assert len(problems) == 10, problems


def test_known_values_are_open(spec):
    for path, key, _value in _walk(spec):
        if key == "x-known-values":
            node: Any = spec
            for p in path:
                node = node[p]
            assert "enum" not in node, path
            assert "const" not in node, path
            assert node.get("type") == "string", path


def test_code_catalog(spec):
    rc = spec["components"]["schemas"]["ResultCode"]
    catalog = rc["x-code-catalog"]
    assert all(set(entry) - {"remedy"} == CATALOG_KEYS for entry in catalog)
    # every code that is not an answer says what to do next (said in every client's errors)
    assert all(isinstance(e.get("remedy"), str) and e["remedy"] for e in catalog if e["category"] != "answer")
    assert [e["code"] for e in catalog] == rc["enum"]
    assert {e["code"] for e in catalog if e["terminal"] is True} == TERMINAL
    assert all(isinstance(e["terminal"], bool) and isinstance(e["seenIn"], list) and e["meaning"] for e in catalog)
    assert {e["category"] for e in catalog} <= CATEGORIES
    # envelopes keep `code` open
    for name, schema in spec["components"]["schemas"].items():
        props = schema.get("properties", {})
        if "success" in props and "code" in props:
            assert "enum" not in props["code"], name
            assert props["code"]["type"] == "string", name
    assert "enum" not in spec["components"]["schemas"]["PayResponseCode"]


# (c) method, URL path, host, operationId (design.md)
OPERATIONS = [
    ("post", "/v1/oauth/token", "auth", "getAuthorizationToken"),
    ("post", "/v3/debit", "base", "debitV3"),
    ("post", "/v4/debit/", "base", "debitV4Web"),
    ("post", "/v4/debit", "base", "debitV4Intent"),
    ("get", "/v3/transaction/{merchantId}/{transactionId}/status", "base", "getTransactionStatus"),
    ("get", "/v3/transaction/{merchantId}/{transactionId}/{statusSegment}", "apps", "getTransactionStatusAppsHost"),
    ("post", "/v3/credit/backToSource/", "base", "refundV3"),
    ("post", "/v4/credit/backToSource", "base", "refundV4"),
    ("post", "/v3/credit/backToSource", "apps", "refundAppsHost"),
    ("post", "/v3/credit/deferred/fulfill", "base", "fulfillDeferredRefund"),
    ("post", "/v3/charge", "base", "collectRequest"),
    ("post", "/testing/S2SCallback/", "base", "triggerTestCallback"),
    ("get", "/v3/account/token/{merchantId}/{userAuthToken}/debit/suggest", "base", "getWalletBalance"),
    ("post", "/v3/debit/instant", "base", "instantDebit"),
    ("post", "/v3/merchant/inline/pay", "base", "inlinePay"),
    ("get", "/v3/merchant/inline/pay", "base", "inlinePayWithGet"),
    ("post", "/v3/merchant/payment/options", "base", "getPaymentOptions"),
    ("post", "/v3/merchant/token/unlink", "base", "unlinkUser"),
    ("post", "/v3/merchant/otp/send", "base", "sendOtp"),
    ("post", "/v3/merchant/otp/verify", "base", "verifyOtp"),
    ("post", "/v3/service/auth/access", "apps", "getSsoAccessToken"),
    ("get", "/v3/service/userdetails", "apps", "getSsoUserDetails"),
    ("post", "/v3/transaction/sdk-less/initiate", "apps", "initiateSdkLessPayment"),
    ("post", "/v3/profile", "base", "appProfile"),
    ("get", "/v3/account/{merchantId}/{merchantUserId}/summary", "base", "appAccountSummary"),
]
LOCAL_PREFIX = {"base": "/apis/pg-sandbox", "apps": "/apis/apps", "auth": "/apis/identity-manager"}


@pytest.mark.parametrize(("method", "path", "host", "op_id"), OPERATIONS, ids=[o[3] for o in OPERATIONS])
def test_operation_exists(spec, method, path, host, op_id):
    op = spec["paths"][path][method]
    assert op["operationId"] == op_id
    assert op["x-host"] == host
    assert op.get("tags"), op_id
    servers = op.get("servers") if host != "base" else spec["servers"]
    if host == "base":
        assert "servers" not in op
    assert servers[0]["url"] == "http://127.0.0.1:8080" + LOCAL_PREFIX[host]
    assert all("x-not-shown" in s for s in servers[1:]), "remote hosts are not shown"


def test_no_unlisted_operations(spec):
    listed = {(m, p) for m, p, _, _ in OPERATIONS}
    present = {(m, k) for kind, k, m, _ in iter_operations(spec, include_webhooks=False)}
    assert present == listed
    ids = [op["operationId"] for *_, op in iter_operations(spec)]
    assert len(ids) == len(set(ids))


# x-retry of every operation (spec/README.md "Retries" gives the reason of each; issue 14: no silent re-send)
RETRY = {
    "getAuthorizationToken": "safe",
    "debitV3": "reconcile-first",
    "debitV4Web": "reconcile-first",
    "debitV4Intent": "reconcile-first",
    "getTransactionStatus": "safe",
    "getTransactionStatusAppsHost": "safe",
    "refundV3": "reconcile-first",
    "refundV4": "reconcile-first",
    "refundAppsHost": "reconcile-first",
    "fulfillDeferredRefund": "reconcile-first",
    "collectRequest": "reconcile-first",
    "triggerTestCallback": "safe",
    "getWalletBalance": "safe",
    "instantDebit": "reconcile-first",
    "inlinePay": "reconcile-first",
    "inlinePayWithGet": "reconcile-first",
    "getPaymentOptions": "safe",
    "unlinkUser": "never",
    "sendOtp": "never",
    "verifyOtp": "never",
    "getSsoAccessToken": "never",
    "getSsoUserDetails": "safe",
    "initiateSdkLessPayment": "reconcile-first",
    "appProfile": "safe",
    "appAccountSummary": "safe",
}


def test_retry_mode_of_every_operation(spec):
    found = {op["operationId"]: op.get("x-retry") for *_, op in iter_operations(spec, include_webhooks=False)}
    assert found == RETRY
    readme = (ROOT / "spec" / "README.md").read_text(encoding="utf-8")
    reasons = readme.split("## Retries (`x-retry`)", 1)[1].split("\n## ", 1)[0]
    for op_id in RETRY:  # every operation's value has its reason in spec/README.md
        assert re.search(rf"\b{op_id}\b", reasons), op_id


def test_never_operations_say_why(spec):
    """A `never` operation's description says what a repeat would do; a not-shown reason is recorded."""
    for *_, op in iter_operations(spec, include_webhooks=False):
        if op.get("x-retry") == "never":
            assert "`x-retry: never`" in op["description"], op["operationId"]
    sso = spec["paths"]["/v3/service/auth/access"]["post"]
    assert "grant token can be exchanged more than once" in str(sso["x-not-shown"])


def test_vocabulary_rejects_an_unknown_retry_mode(spec):
    bad = json.loads(json.dumps(spec))
    bad["paths"]["/v3/merchant/otp/send"]["post"]["x-retry"] = "sometimes"
    assert vocabulary_problems(bad) == ["paths//v3/merchant/otp/send/post/x-retry: bad value 'sometimes'"]


def test_status_segment_and_get_body(spec):
    apps = spec["paths"]["/v3/transaction/{merchantId}/{transactionId}/{statusSegment}"]["get"]
    seg = spec["components"]["parameters"]["StatusSegment"]
    assert {"$ref": "#/components/parameters/StatusSegment"} in apps["parameters"]
    assert seg["schema"]["enum"] == ["status"]
    assert "requestBody" in spec["paths"]["/v3/merchant/inline/pay"]["get"]
    debit = spec["paths"]["/v3/debit"]["post"]
    assert debit["x-follow-redirects"] is False
    assert "Location" in debit["responses"]["302"]["headers"]


def test_webhooks(spec):
    assert set(spec["webhooks"]) == {"paymentCallback", "chargeCallback", "uiCallback"}
    form = spec["components"]["schemas"]["UiCallbackForm"]["properties"]
    assert {f"param{i}" for i in range(1, 21)} <= set(form)


def test_public_reference_marked(spec):
    for path in ("/v3/merchant/otp/send", "/v3/merchant/otp/verify"):
        assert spec["paths"][path]["post"]["x-source"] == "public-reference"
    schemas = spec["components"]["schemas"]
    for name in (
        "OtpSendRequest",
        "OtpSendPayload",
        "OtpSendResponse",
        "OtpSendData",
        "OtpVerifyRequest",  # issue 16, finding 5: the verify side was not marked
        "OtpVerifyPayload",
        "OtpVerifyResponse",
        "OtpVerifyData",
    ):
        assert schemas[name].get("x-source") == "public-reference", name


# (d) signing paths, written by hand from the interface document's Authentication table (+ OTP, profile)
BODY_SIGNING = {
    "debitV3": "/v3/debit",
    "debitV4Web": "/v4/debit",
    "debitV4Intent": "/v4/debit",
    "refundV3": "/v3/credit/backToSource",
    "refundV4": "/v4/credit/backToSource",
    "refundAppsHost": "/v3/credit/backToSource",
    "fulfillDeferredRefund": "/v3/credit/deferred/fulfill",
    "collectRequest": "/v3/charge",
    "instantDebit": "/v3/debit/instant",
    "inlinePay": "/v3/merchant/inline/pay",
    "inlinePayWithGet": "/v3/merchant/inline/pay",
    "getPaymentOptions": "/v3/merchant/payment/options",
    "unlinkUser": "/v3/merchant/token/unlink",
    "sendOtp": "/v3/merchant/otp/send",
    "verifyOtp": "/v3/merchant/otp/verify",
    "getSsoAccessToken": "/v3/service/auth/access",
    "initiateSdkLessPayment": "/v3/transaction/sdk-less/initiate",
    "appProfile": "/v3/profile",
}
PATH_SIGNING = {
    "getTransactionStatus": "/v3/transaction/{merchantId}/{transactionId}/status",
    "getTransactionStatusAppsHost": "/v3/transaction/{merchantId}/{transactionId}/status",
    "getWalletBalance": "/v3/account/token/{merchantId}/{userAuthToken}/debit/suggest",
    "getSsoUserDetails": "/v3/service/userdetails",
    "appAccountSummary": "/v3/account/{merchantId}/{merchantUserId}/summary",
}
UNSIGNED = {"getAuthorizationToken", "triggerTestCallback"}


def _ops(spec):
    return {op["operationId"]: op for kind, _, _, op in iter_operations(spec, include_webhooks=False)}


def test_signing_table(spec):
    ops = _ops(spec)
    body = {i for i, op in ops.items() if op["x-signing-mode"] == "body"}
    path = {i for i, op in ops.items() if op["x-signing-mode"] == "path"}
    none = {i for i, op in ops.items() if op["x-signing-mode"] == "none"}
    assert body == set(BODY_SIGNING)
    assert path == set(PATH_SIGNING)
    assert none == UNSIGNED
    for op_id, expected in {**BODY_SIGNING, **PATH_SIGNING}.items():
        assert ops[op_id]["x-signing-path"] == expected, op_id
        assert {"xVerify": []} in ops[op_id]["security"], op_id
    for op_id in UNSIGNED:
        assert "x-signing-path" not in ops[op_id]
        assert ops[op_id]["security"] == []
    assert ops["getPaymentOptions"]["x-signing-required"] is False
    assert {} in ops["getPaymentOptions"]["security"]


def test_body_ops_wrap_named_payloads(spec):
    for op_id, op in _ops(spec).items():
        if op["x-signing-mode"] != "body":
            continue
        assert op["x-body-wrapping"] == "base64-json", op_id
        schema = op["requestBody"]["content"]["application/json"]["schema"]
        if "$ref" in schema:
            schema = spec["components"]["schemas"][schema["$ref"].rsplit("/", 1)[1]]
        request = schema["properties"]["request"]
        assert schema["required"] == ["request"]
        ref = request["contentSchema"]["$ref"]
        assert re.fullmatch(r"#/components/schemas/\w+Payload", ref), (op_id, ref)
        assert ref.rsplit("/", 1)[1] in spec["components"]["schemas"]


def test_path_signing_params_match_operation(spec):
    for op_id, op in _ops(spec).items():
        if op["x-signing-mode"] != "path":
            continue
        names = set(re.findall(r"{(\w+)}", op["x-signing-path"]))
        params = {p["$ref"].rsplit("/", 1)[1] for p in op.get("parameters", []) if "$ref" in p}
        resolved = {spec["components"]["parameters"][p]["name"] for p in params}
        assert names <= resolved, op_id


def _xverify(message: str, salt_key: str, salt_index: str) -> str:
    return hashlib.sha256((message + salt_key).encode("utf-8")).hexdigest() + "###" + salt_index


def test_spec_reproduces_vectors(spec):
    vectors = json.loads((ROOT / "spec" / "vectors" / "signing.json").read_text(encoding="utf-8"))
    ops = _ops(spec)
    by_path = {}
    for op in ops.values():
        by_path.setdefault(op.get("x-signing-path"), op)
    for v in vectors["body_signature"]:
        assert v["signing_path"] in by_path
        assert by_path[v["signing_path"]]["x-signing-mode"] == "body"
        assert _xverify(v["request_b64"] + v["signing_path"], v["salt_key"], v["salt_index"]) == v["expect"]
    filled = {
        "/v3/transaction/{merchantId}/{transactionId}/status": {
            "merchantId": "MERCHANTUAT",
            "transactionId": "TX123456789",
        },
        "/v3/account/token/{merchantId}/{userAuthToken}/debit/suggest": {
            "merchantId": "MERCHANTUAT",
            "userAuthToken": "UAT-abc.def_123",
        },
        "/v3/service/userdetails": {},
        "/v3/account/{merchantId}/{merchantUserId}/summary": {"merchantId": "MERCHANTUAT", "merchantUserId": "U123"},
    }
    made = [
        op["x-signing-path"].format(**filled[op["x-signing-path"]])
        for op in ops.values()
        if op["x-signing-mode"] == "path"
    ]
    for v in vectors["path_signature"]:
        assert v["signing_path"] in made
        assert _xverify(v["signing_path"], v["salt_key"], v["salt_index"]) == v["expect"]
    # the examples of the spec are the vectors' exact request strings
    examples = {
        "debitV3": 0,
        "debitV4Intent": 2,
        "refundV3": 4,
        "collectRequest": 6,
        "inlinePayWithGet": 8,
    }
    for op_id, idx in examples.items():
        ex = next(iter(ops[op_id]["requestBody"]["content"]["application/json"]["examples"].values()))
        assert ex["value"]["request"] == vectors["body_signature"][idx]["request_b64"], op_id


def test_ui_callback_example_checksum(spec):
    ex = spec["webhooks"]["uiCallback"]["post"]["requestBody"]["content"]["application/x-www-form-urlencoded"]
    form = next(iter(ex["examples"].values()))["value"]
    order = ["code", "merchantId", "transactionId", "amount", "providerReferenceId"] + [
        f"param{i}" for i in range(1, 21)
    ]
    message = "".join(str(form[k]) for k in order if form.get(k) is not None)
    salt = "7f3c1a9e-salt-two"
    assert _xverify(message, salt, "2") == form["checksum"]


# (e) shared vectors
def test_vectors_copy_equals_shared(shared_dir):
    shared = shared_dir / "vectors" / "signing.json"
    if not shared.exists():
        pytest.skip(f"{shared} not present")
    ours = ROOT / "spec" / "vectors" / "signing.json"
    assert json.loads(ours.read_text(encoding="utf-8")) == json.loads(shared.read_text(encoding="utf-8"))


# releases, changelog, bundle
def test_release_copy_and_changelog(spec):
    version = spec["info"]["version"]
    assert re.fullmatch(r"\d+\.\d+\.\d+", version)
    released = sorted((ROOT / "spec" / "released").glob("*/openapi.yaml"))
    assert released, "no released copy"
    for path in released:
        assert load_yaml(path)["info"]["version"] == path.parent.name
    current = ROOT / "spec" / "released" / version / "openapi.yaml"
    if current.exists():
        assert current.read_bytes() == SPEC_PATH.read_bytes(), "released copy differs from spec/openapi.yaml"
    changelog = (ROOT / "spec" / "CHANGELOG.md").read_text(encoding="utf-8")
    assert f"## {version}" in changelog


def test_bundle(tmp_path, spec):
    out = tmp_path / "spec.json"
    subprocess.run([sys.executable, str(ROOT / "spec" / "bundle.py"), str(out)], check=True)
    bundled = json.loads(out.read_text(encoding="utf-8"))
    assert bundled == spec
    refs = re.findall(r'"\$ref": "([^"]*)"', out.read_text(encoding="utf-8"))
    assert refs
    assert all(r.startswith("#/") for r in refs)


def test_bundle_inlines_external_refs(tmp_path):
    (tmp_path / "part.yaml").write_text("Thing:\n  type: string\n  maxLength: 3\n", encoding="utf-8")
    (tmp_path / "main.yaml").write_text(
        "openapi: 3.1.0\ninfo: {title: t, version: 1.0.0}\npaths: {}\ncomponents:\n  schemas:\n"
        "    A: {$ref: 'part.yaml#/Thing'}\n    B: {$ref: '#/components/schemas/A'}\n",
        encoding="utf-8",
    )
    out = tmp_path / "out.json"
    subprocess.run(
        [sys.executable, str(ROOT / "spec" / "bundle.py"), str(out), str(tmp_path / "main.yaml")], check=True
    )
    data = json.loads(out.read_text(encoding="utf-8"))
    assert data["components"]["schemas"]["A"] == {"type": "string", "maxLength": 3}
    assert data["components"]["schemas"]["B"] == {"$ref": "#/components/schemas/A"}


def test_verdict_rules_are_checked(spec):
    """x-verdict-rules (every rule a verdict function applies) is in the vocabulary, at the root only, and a rule
    broken in shape fails the check (a step without text, an unknown outcome, a rate limit without codes)."""
    assert check_verdict_rules(spec["x-verdict-rules"]) == []
    bad = json.loads(json.dumps(spec))
    bad["x-verdict-rules"]["steps"][0]["rule"] = " "
    bad["x-verdict-rules"]["judging"]["needs_2xx"] = ["paid"]
    bad["x-verdict-rules"]["judging"]["rate_limit"]["codes"] = "API_RATE_LIMIT_REACHED"
    bad["info"]["x-verdict-rules"] = spec["x-verdict-rules"]
    problems = vocabulary_problems(bad)
    assert len(problems) == 4, problems
