"""Language-neutral conformance kit, generated from spec/openapi.yaml (`make conformance`).

For every operation: one or more cases giving the inputs (configuration with a fixed test salt, path parameters,
headers, payload) and the exact HTTP request a conforming client sends (method, host role, URL, headers including
X-VERIFY, body bytes). For the webhooks: verification cases (valid and tampered) of the server-to-server callback
signature and of the UI callback (form post) checksum. For the rules between payload fields (x-field-rules): payloads
a conforming client refuses before sending (`rule_cases`). Per operation (`operations`): its facts, the codes it
answers with their meaning there (x-codes) and its field rules.

Expectations are computed HERE with this file's own small code (hashlib/base64/json, urllib.parse quoting), from the
spec's x-host / x-signing-mode / x-signing-path / x-body-wrapping; never with the project's client, which the kit
is meant to check.

    python tools/conformance/make_kit.py                 # write build/conformance/kit.json
    python tools/conformance/make_kit.py --write-shipped # also copy it to spec/conformance/kit.json
    python tools/conformance/make_kit.py --check         # fail if spec/conformance/kit.json is stale (drift)
"""

from __future__ import annotations

import argparse
import base64
import copy
import hashlib
import json
import re
import sys
from pathlib import Path
from typing import Any
from urllib.parse import quote, urlencode

ROOT = Path(__file__).resolve().parents[2]
SPEC = ROOT / "spec" / "openapi.yaml"
BUILD_KIT = ROOT / "build" / "conformance" / "kit.json"
SHIPPED_KIT = ROOT / "spec" / "conformance" / "kit.json"
KIT_FORMAT = 1
METHODS = ("get", "put", "post", "delete", "patch")

# Fixed test configuration. The salt is a test value, never a real one.
CONFIG = {
    "salt_key": "conformance-salt-5a1b9f0e-0000-4c6e-9d7a-kit",
    "salt_index": "3",
    "hosts": {
        "base": "https://base.conformance.invalid/apis/pg-sandbox",
        "apps": "https://apps.conformance.invalid/apis/apps",
        "auth": "https://auth.conformance.invalid/apis/identity-manager",
    },
}
# Headers a client may add to every request beyond expect.headers, lowercase: what standard clients send by
# themselves (curl; Java's default HttpClient, which offers an h2c upgrade on http://; Node's and browsers' fetch).
# None of them carries anything the gateway reads.
TRANSPORT_HEADERS = (
    "host",
    "user-agent",
    "accept",
    "accept-encoding",
    "accept-language",
    "connection",
    "content-length",
    "upgrade",
    "http2-settings",
    "sec-fetch-mode",
)
# Salts the merchant knows when verifying callbacks, by index (the index is read after `###`).
CALLBACK_SALTS = {"3": CONFIG["salt_key"], "4": "conformance-second-salt-4"}

CONVENTIONS = {
    "payload_json": "Compact JSON (no spaces: separators ',' and ':'), object keys in the order given in "
    "`inputs.payload` (the kit lists them in the schema's property order), "
    "non-ASCII characters written as raw UTF-8 (not \\u-escaped); the bytes are UTF-8.",
    "request_b64": "Standard base64 with padding of the payload_json bytes.",
    "base64_json_body": 'Body of x-body-wrapping base64-json: compact JSON {"request":"<request_b64>"}.',
    "json_body": "Body of x-body-wrapping json: compact JSON of inputs.json, keys in the given order.",
    "form_body": "Body of x-body-wrapping form: application/x-www-form-urlencoded of inputs.form in the given "
    "order: name=value pairs joined by '&', UTF-8 bytes outside A-Z a-z 0-9 - . _ ~ escaped as %XX (uppercase "
    "hex), space as '+'.",
    "x_verify": "lowercase hex SHA-256 of UTF-8 (signed_string + salt_key), then '###' + salt_index. body mode: "
    "signed_string = request_b64 + x-signing-path; path mode: x-signing-path with {name} replaced by the raw, "
    "unencoded path parameter value; none: no X-VERIFY header.",
    "url": "expect.url = hosts[expect.host] + URL path; each path parameter percent-encoded as UTF-8 with every "
    "byte outside A-Z a-z 0-9 - . _ ~ escaped as %XX (uppercase hex). The signing path is never derived from the URL.",
    "headers": "expect.headers must all be sent with exactly these values (header names compare "
    "case-insensitively). A client may add the transport headers listed in `transport_headers` (what standard "
    "HTTP/1.1 clients add by themselves: Host, User-Agent, Accept, Accept-Encoding, Accept-Language, Connection, "
    "Content-Length; Java's default HttpClient offers HTTP/2 on http:// with Upgrade and HTTP2-Settings; fetch adds "
    "Sec-Fetch-Mode) but no other header.",
    "retry": "operations[id].retry is the spec's x-retry. Every mode retries a failure before any byte was sent "
    "(connect error) and HTTP 429 / API_RATE_LIMIT_REACHED. After a failure once the request may have been sent "
    "(read/write timeout, dropped connection, 5xx, INTERNAL_SERVER_ERROR, TIMED_OUT): safe = may be re-sent; "
    "reconcile-first = never re-sent, the outcome is settled through the status operation; never = never re-sent, "
    "the unknown outcome goes to the caller. An unknown value is treated as never.",
    "codes": "operations[id].codes is the spec's x-codes: the codes the operation answers, each with its meaning "
    "on that operation and an outcome (succeeded, accepted, pending, failed, unknown, rejected, not-found, "
    "duplicate). A code's "
    "meaning depends on the operation: PAYMENT_SUCCESS answered by a v4 debit is `accepted` (the user has not paid), "
    "never a paid order. `code` stays an open string: a code not listed must be accepted. Decide by code, never by "
    "the HTTP status (only 429 is mapped; TRANSACTION_NOT_FOUND may come with 200 or 400).",
    "field_rules": "operations[id].field_rules is the spec's x-field-rules of the operation's payload schema and of "
    "the operation: exactly-one-of, at-least-one-of, at-most-one-of (not together) and required. A field counts as "
    "sent when its key is in the payload. A conforming client refuses every `rule_cases` payload before sending "
    "anything, naming the rule's fields; every request case satisfies them.",
    "schema_cases": "Payloads that break the payload schema (a required field left out, a string given a number, an "
    "enum or oneOf discriminator given a value outside it, a field a oneOf branch requires left out of that branch "
    "(`required-in-branch`), a nested object that meets an `if` but leaves out a field its `then` requires "
    "(`if-then`)). A conforming client refuses each before sending anything "
    "and names `expect.field` by its wire path (`a.b` for a member, `a[0]` for an element); for an enum its message "
    "names every value of `expect.allowed`. merchantId is never the missing field: clients fill it.",
    "path_cases": "Path parameter values a conforming client refuses before sending anything, naming the path "
    "parameter (`expect.field`): empty, `.`, `..`, or any character outside A-Z a-z 0-9 - . _ ~ (the TransactionId "
    "pattern). X-VERIFY signs the raw path and how the gateway signs a percent-encoded one is not shown, so such a "
    "value is never sent, encoded or not; the `url` convention's encoding never changes a value that passes.",
    "get_body": "inlinePayWithGet sends its body on a GET. Fetch-based runtimes (browsers, Deno, Node.js's global "
    "fetch, edge runtimes) cannot send a GET body; use the POST variant inlinePay (same payload and signing path, "
    "mobileNumber required) or an HTTP client that can (Node.js http/https, Python httpx, Java HttpClient, curl).",
    "callbacks": "X-VERIFY of a server-to-server callback = sha256(response + salt_key) + '###' + index, where "
    "`response` is the base64 string exactly as received. A UI callback checksum = sha256(code + merchantId + "
    "transactionId + amount + providerReferenceId + param1..param20 present, + salt_key) + '###' + index. "
    "Verification reads the index after '###', looks the salt up in `callback_salts` (unknown index: invalid), "
    "and compares in constant time.",
}


# ---------------------------------------------------------------------------------------------------- helpers
def sha256_hex(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def x_verify(signed: str, salt_key: str, salt_index: str) -> str:
    return f"{sha256_hex(signed + salt_key)}###{salt_index}"


def compact(value: Any) -> str:
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False)


def b64(text: str) -> str:
    return base64.b64encode(text.encode("utf-8")).decode("ascii")


def load_spec(path: Path = SPEC) -> dict[str, Any]:
    from ruamel.yaml import YAML

    def plain(n: Any) -> Any:
        if isinstance(n, dict):
            return {str(k): plain(v) for k, v in n.items()}
        if isinstance(n, list):
            return [plain(v) for v in n]
        return n

    return plain(YAML(typ="safe", pure=True).load(path.read_text(encoding="utf-8")))


class Spec:
    def __init__(self, doc: dict[str, Any]) -> None:
        self.doc = doc

    def resolve(self, node: Any) -> Any:
        for _ in range(20):
            if not (isinstance(node, dict) and isinstance(node.get("$ref"), str)):
                return node
            target: Any = self.doc
            for part in node["$ref"].lstrip("#/").split("/"):
                target = target[part.replace("~1", "/").replace("~0", "~")]
            node = target
        return node

    # Canonical key order: the schema's property order (unknown keys last, in their given order).
    def order(self, schema: Any, value: Any) -> Any:
        schema = self.resolve(schema) or {}
        if isinstance(value, list):
            return [self.order(schema.get("items"), v) for v in value]
        if not isinstance(value, dict):
            return value
        for comb in ("oneOf", "anyOf"):
            if comb in schema:
                return self.order(self.pick_branch(schema[comb], value), value)
        props = schema.get("properties") or {}
        out = {k: self.order(props[k], value[k]) for k in props if k in value}
        out.update({k: v for k, v in value.items() if k not in out})  # unknown keys keep their place at the end
        return out

    def pick_branch(self, branches: list[Any], value: dict[str, Any]) -> Any:
        for branch in branches:
            b = self.resolve(branch) or {}
            props = b.get("properties") or {}
            if not all(r in value for r in b.get("required") or []):
                continue
            fixed_ok = True
            for name, sub in props.items():
                sub = self.resolve(sub) or {}
                allowed = sub.get("enum") or ([sub["const"]] if "const" in sub else None)
                if allowed is not None and name in value and value[name] not in allowed:
                    fixed_ok = False
            if fixed_ok:
                return branch
        return branches[0]

    def examples(self, schema: Any) -> list[Any]:
        s = self.resolve(schema) or {}
        if s.get("examples"):
            return list(s["examples"])
        if "example" in s:
            return [s["example"]]
        return []

    def synth(self, schema: Any, name: str = "value", depth: int = 0) -> Any:
        """A deterministic valid value: example, const, first enum value, default, or a typed placeholder."""
        s = self.resolve(schema) or {}
        ex = self.examples(s)
        if ex:
            return copy.deepcopy(ex[0])
        if "const" in s:
            return s["const"]
        if s.get("enum"):
            return s["enum"][0]
        if "default" in s:
            return s["default"]
        for comb in ("oneOf", "anyOf"):
            if comb in s:
                return self.synth(s[comb][0], name, depth + 1)
        t = s.get("type")
        if isinstance(t, list):
            t = next((x for x in t if x != "null"), "string")
        if t == "object" or "properties" in s:
            props = s.get("properties") or {}
            return {k: self.synth(props[k], k, depth + 1) for k in s.get("required") or [] if k in props}
        if t == "array":
            return [self.synth(s.get("items"), name, depth + 1)] if depth < 5 else []
        if t == "integer":
            return max(int(s.get("minimum", 100)), 100)
        if t == "number":
            return 100
        if t == "boolean":
            return True
        return f"{name[:1].upper()}{name[1:]}-1"


# ---------------------------------------------------------------------------------------------------- requests
def operations(doc: dict[str, Any]) -> list[tuple[str, str, dict[str, Any], list[Any]]]:
    out = []
    for path, item in (doc.get("paths") or {}).items():
        for method in METHODS:
            if isinstance(item.get(method), dict):
                out.append((path, method, item[method], list(item.get("parameters") or [])))
    return out


def fill(template: str, values: dict[str, str], encode: bool) -> str:
    for name, value in values.items():
        template = template.replace("{" + name + "}", quote(value, safe="") if encode else value)
    return template


def body_info(spec: Spec, op: dict[str, Any]) -> tuple[str | None, Any]:
    """(media type, schema of what the caller provides: the payload schema for base64-json)."""
    rb = spec.resolve(op.get("requestBody"))
    if not rb:
        return None, None
    media, mt = next(iter((rb.get("content") or {}).items()))
    schema = spec.resolve(mt.get("schema"))
    if op.get("x-body-wrapping") == "base64-json":
        return media, ((schema.get("properties") or {}).get("request") or {}).get("contentSchema")
    return media, schema


def media_examples(spec: Spec, op: dict[str, Any]) -> list[Any]:
    """Examples given on the request body's media type (used when the body schema has none; not base64-json)."""
    if op.get("x-body-wrapping") == "base64-json":
        return []
    rb = spec.resolve(op.get("requestBody")) or {}
    out = []
    for mt in (rb.get("content") or {}).values():
        if "example" in mt:
            out.append(mt["example"])
        for ex in (mt.get("examples") or {}).values():
            ex = spec.resolve(ex)
            if isinstance(ex, dict) and "value" in ex:
                out.append(ex["value"])
    return out


def canned_response(spec: Spec, op: dict[str, Any]) -> dict[str, Any]:
    """An answer the replay harness can return (the kit checks requests, not answer parsing)."""
    responses = op.get("responses") or {}
    for status in sorted(str(s) for s in responses):
        if status[:1] not in "23":
            continue
        r = spec.resolve(responses.get(status, responses.get(int(status) if status.isdigit() else status)))
        headers = {}
        for h, hv in (r.get("headers") or {}).items():
            hv = spec.resolve(hv)
            headers[h] = str(hv.get("example") or spec.synth(hv.get("schema"), h))
        for media, mt in (r.get("content") or {}).items():
            exs = mt.get("examples") or {}
            example = mt.get("example")
            if example is None and exs:
                example = spec.resolve(next(iter(exs.values()))).get("value")
            if example is None:
                example = spec.synth(mt.get("schema"))
            return {
                "status": int(status) if status.isdigit() else 200,
                "headers": {"Content-Type": media, **headers},
                "body": compact(example),
            }
        return {"status": int(status) if status.isdigit() else 200, "headers": headers, "body": ""}
    return {
        "status": 200,
        "headers": {"Content-Type": "application/json"},
        "body": '{"success":true,"code":"SUCCESS","message":"","data":{}}',
    }


def field_rules(spec: Spec, op: dict[str, Any]) -> list[dict[str, Any]]:
    """x-field-rules of the operation's payload schema, then of the operation: [{rule, fields}]."""
    _, schema = body_info(spec, op)
    rules = list((spec.resolve(schema) or {}).get("x-field-rules") or []) + list(op.get("x-field-rules") or [])
    return [{"rule": r["rule"], "fields": list(r["fields"])} for r in rules]


def breaks(rule: dict[str, Any], payload: dict[str, Any]) -> bool:
    """True when `payload` breaks the rule (a field counts as sent when its key is in the payload)."""
    sent = [f for f in rule["fields"] if f in payload]
    return {
        "required": len(sent) < len(rule["fields"]),
        "exactly-one-of": len(sent) != 1,
        "at-least-one-of": not sent,
        "at-most-one-of": len(sent) > 1,
    }.get(rule["rule"], True)  # an unknown rule: no payload is known to satisfy it


def request_cases(doc: dict[str, Any]) -> list[dict[str, Any]]:
    spec = Spec(doc)
    cases: list[dict[str, Any]] = []
    for path, method, op, path_level_params in operations(doc):
        op_id = op["operationId"]
        host = op.get("x-host", "base")
        mode = op.get("x-signing-mode", "none")
        signing_path = op.get("x-signing-path")
        wrapping = op.get("x-body-wrapping", "none")
        params = [spec.resolve(p) for p in path_level_params + list(op.get("parameters") or [])]
        path_params = {p["name"]: p for p in params if p.get("in") == "path"}
        header_params = [p for p in params if p.get("in") == "header"]
        media, body_schema = body_info(spec, op)

        def pvalue(p: dict[str, Any]) -> str:
            if "example" in p:
                return str(p["example"])
            return str(spec.synth(p.get("schema"), p["name"]))

        base_path_values = {n: pvalue(p) for n, p in path_params.items()}
        headers_in = {p["name"]: pvalue(p) for p in header_params}
        variants: list[tuple[str, dict[str, str], Any]] = []
        if body_schema is not None:
            examples = spec.examples(body_schema) or media_examples(spec, op) or [spec.synth(body_schema)]
            rules = field_rules(spec, op)
            # only payloads the operation accepts (inlinePay POST: the schema's examples without mobileNumber are out)
            examples = [ex for ex in examples if not any(breaks(r, ex) for r in rules)] or examples
            for i, ex in enumerate(examples[:3]):
                variants.append((f"example{i + 1}", base_path_values, spec.order(body_schema, ex)))
            if op_id == "collectRequest":  # non-ASCII text must reach the wire as raw UTF-8
                ex = dict(examples[0])
                ex["message"] = "Invoice ₹1.00 — café"
                variants.append(("utf8", base_path_values, spec.order(body_schema, ex)))
        else:
            variants.append(("example1", base_path_values, None))

        for label, pvals, payload in variants:
            url_path = fill(path, pvals, encode=True)
            expect_headers: dict[str, str] = {}
            inputs: dict[str, Any] = {"path_params": pvals, "headers": dict(headers_in)}
            body: str | None = None
            signed: str | None = None
            request_b64 = None
            if payload is not None:
                if wrapping == "base64-json":
                    payload_json = compact(payload)
                    request_b64 = b64(payload_json)
                    body = compact({"request": request_b64})
                    inputs["payload"] = payload
                    inputs["payload_json"] = payload_json
                elif wrapping == "form" or (media or "").endswith("x-www-form-urlencoded"):
                    form = {k: str(v) for k, v in payload.items()}
                    body = urlencode(form)
                    inputs["form"] = form
                else:
                    body = compact(payload)
                    inputs["json"] = payload
                expect_headers["Content-Type"] = media or "application/json"
            if mode == "body":
                assert signing_path, f"{op_id}: body signing without x-signing-path"
                assert request_b64 is not None, f"{op_id}: body signing without a base64 payload"
                signed = request_b64 + signing_path
            elif mode == "path":
                assert signing_path, f"{op_id}: path signing without x-signing-path"
                signed = fill(signing_path, pvals, encode=False)
            if signed is not None:
                expect_headers["X-VERIFY"] = x_verify(signed, CONFIG["salt_key"], CONFIG["salt_index"])
            for name, value in headers_in.items():
                expect_headers[name] = value
            cases.append(
                {
                    "id": f"{op_id}/{label}",
                    "operationId": op_id,
                    "called_by": op.get("x-called-by", "merchant-server"),
                    "signing": {
                        "mode": mode,
                        "path": signing_path,
                        "required": bool(op.get("x-signing-required", mode != "none")),
                        "signed_string": signed,
                    },
                    "body_wrapping": wrapping,
                    "follow_redirects": op.get("x-follow-redirects", True) is not False,
                    "inputs": inputs,
                    "expect": {
                        "method": method.upper(),
                        "host": host,
                        "path": url_path,
                        "url": CONFIG["hosts"][host] + url_path,
                        "headers": expect_headers,
                        "body": body,
                        "body_sha256": sha256_hex(body) if body is not None else None,
                    },
                    "response": canned_response(spec, op),
                }
            )
    return cases


# Values no client may put in a URL path: the TransactionId pattern's complement, the dot segments, the empty string.
REFUSED_PATH_VALUES = (("needs-encoding", "TX 7/8@9"), ("percent", "TX%41"), ("non-ascii", "TX\u00e9"),
                       ("dot", "."), ("dot-dot", ".."), ("empty", ""))  # fmt: skip


def path_cases(doc: dict[str, Any]) -> list[dict[str, Any]]:
    """Per merchant-server operation with a transactionId path parameter: values refused before sending."""
    spec = Spec(doc)
    cases: list[dict[str, Any]] = []
    for _path, _method, op, path_level_params in operations(doc):
        if op.get("x-called-by") == "mobile-sdk":
            continue
        params = [spec.resolve(p) for p in path_level_params + list(op.get("parameters") or [])]
        values = {p["name"]: str(p.get("example", spec.synth(p.get("schema"), p["name"]))) for p in params
                  if p.get("in") == "path"}  # fmt: skip
        if "transactionId" not in values:
            continue
        for label, bad in REFUSED_PATH_VALUES:
            cases.append(
                {
                    "id": f"{op['operationId']}/path-{label}",
                    "operationId": op["operationId"],
                    "inputs": {"path_params": {**values, "transactionId": bad}},
                    "expect": {"refused": True, "field": "transactionId"},
                }
            )
    return cases


def operation_table(doc: dict[str, Any]) -> dict[str, dict[str, Any]]:
    """What a client knows about each operation (from the spec): route, host, signing, body wrapping, retry."""
    spec = Spec(doc)
    table = {}
    for path, method, op, path_level_params in operations(doc):
        params = [spec.resolve(p) for p in path_level_params + list(op.get("parameters") or [])]
        media, _ = body_info(spec, op)
        mode = op.get("x-signing-mode", "none")
        table[op["operationId"]] = {
            "method": method.upper(),
            "path": path,
            "host": op.get("x-host", "base"),
            "signing": {
                "mode": mode,
                "path": op.get("x-signing-path"),
                "required": bool(op.get("x-signing-required", mode != "none")),
            },
            "body_wrapping": op.get("x-body-wrapping", "none"),
            "content_type": media,
            "follow_redirects": op.get("x-follow-redirects", True) is not False,
            "retry": op.get("x-retry", "safe"),
            "called_by": op.get("x-called-by", "merchant-server"),
            "codes": [
                {"code": c["code"], "outcome": c["outcome"], "meaning": c["meaning"]} for c in op.get("x-codes") or []
            ],
            "field_rules": field_rules(spec, op),
            "path_params": [p["name"] for p in params if p.get("in") == "path"],
            "header_params": [p["name"] for p in params if p.get("in") == "header"],
        }
    return table


def rule_cases(doc: dict[str, Any]) -> list[dict[str, Any]]:
    """Per operation and field rule: payloads (from the operation's first accepted example) that break the rule.

    A conforming client refuses each one before sending anything, naming the rule's fields; the sandbox answers it
    with BAD_REQUEST (the schema-level rules are also JSON Schema keywords of the payload schema).
    """
    spec = Spec(doc)
    cases: list[dict[str, Any]] = []
    for _path, _method, op, _params in operations(doc):
        if op.get("x-called-by") == "mobile-sdk":
            continue
        rules = field_rules(spec, op)
        if not rules:
            continue
        _, schema = body_info(spec, op)
        props = (spec.resolve(schema) or {}).get("properties") or {}
        good = next(ex for ex in request_cases_payloads(spec, op) if not any(breaks(r, ex) for r in rules))
        for rule in rules:
            fields = rule["fields"]
            variants: list[tuple[str, dict[str, Any]]] = []
            without = {k: v for k, v in good.items() if k not in fields}
            with_all = {**good, **{f: good.get(f, spec.synth(props.get(f), f)) for f in fields}}
            if rule["rule"] in ("required", "exactly-one-of", "at-least-one-of"):
                variants.append(("none" if rule["rule"] != "required" else "missing", without))
            if rule["rule"] in ("exactly-one-of", "at-most-one-of"):
                variants.append(("all", with_all))
            for label, payload in variants:
                assert breaks(rule, payload), (op["operationId"], rule, label)
                cases.append(
                    {
                        "id": f"{op['operationId']}/{rule['rule']}/{label}",
                        "operationId": op["operationId"],
                        "rule": rule,
                        "inputs": {"payload": spec.order(schema, payload)},
                        "expect": {"refused": True, "fields": fields},
                    }
                )
    return cases


def schema_cases(doc: dict[str, Any]) -> list[dict[str, Any]]:
    """Per operation with a caller-given payload: payloads (from its first accepted example) that break the payload
    schema: a required field left out, a string field given a number, and the first enum (a oneOf discriminator
    included) given a value outside it. A conforming client refuses each before sending anything, naming the
    field by its wire path (`a.b` for a member, `a[0]` for an element) and, for an enum, the allowed values."""
    spec = Spec(doc)
    cases: list[dict[str, Any]] = []
    for _path, _method, op, _params in operations(doc):
        if op.get("x-called-by") == "mobile-sdk" or op.get("x-payload-from", "caller") != "caller":
            continue
        _, schema = body_info(spec, op)
        resolved = spec.resolve(schema) or {}
        props = resolved.get("properties") or {}
        if not props:
            continue
        rules = field_rules(spec, op)
        good = next(ex for ex in request_cases_payloads(spec, op) if not any(breaks(r, ex) for r in rules))
        variants: list[tuple[str, str, dict[str, Any], list[Any] | None]] = []
        # merchantId is left out of the candidates: clients fill it from their configuration
        missing = next((f for f in resolved.get("required") or [] if f != "merchantId" and f in good), None)
        if missing is not None:
            variants.append(("missing-required", missing, {k: v for k, v in good.items() if k != missing}, None))
        text = next(
            (k for k in good if k != "merchantId" and (spec.resolve(props.get(k)) or {}).get("type") == "string"),
            None,
        )
        if text is not None:
            variants.append(("wrong-type", text, {**good, text: 12345}, None))
        site = enum_site(spec, good, schema, "")
        if site is not None:
            variants.append(("enum", site[0], set_at(good, site[0], "NOT-AN-ALLOWED-VALUE"), site[1]))
        for site, label, field, value in nested_rule_breaks(spec, schema):
            try:
                payload = set_at(good, site, value)
            except (KeyError, IndexError, TypeError):
                continue  # the example has nothing at that place to replace
            variants.append((label, field, payload, None))
        for label, field, payload, values in variants:
            expect: dict[str, Any] = {"refused": True, "field": field}
            if values is not None:
                expect["allowed"] = values
            cases.append(
                {
                    "id": f"{op['operationId']}/{label}",
                    "operationId": op["operationId"],
                    "inputs": {"payload": spec.order(schema, payload)},
                    "expect": expect,
                }
            )
    return cases


def object_sites(
    spec: Spec, schema: Any, path: str = "", depth: int = 0
) -> list[tuple[str, dict[str, Any], tuple[str, str] | None]]:
    """The objects of a payload schema below its top level, as (wire path, object schema, (discriminator property,
    value) when it is a oneOf branch): through properties, list items (element [0]) and each branch a discriminator
    maps. The top level is left out: its rules between fields are x-field-rules (rule_cases)."""
    s = spec.resolve(schema) or {}
    if depth > 6:
        return []
    out: list[tuple[str, dict[str, Any], tuple[str, str] | None]] = []
    disc = s.get("discriminator") or {}
    if "oneOf" in s and disc.get("mapping"):
        for key, ref in disc["mapping"].items():
            branch = spec.resolve({"$ref": ref})
            out.append((path, branch, (disc["propertyName"], key)))
            out += [site for site in object_sites(spec, branch, path, depth + 1) if site[0] != path]
        return out
    if path and (s.get("type") == "object" or "properties" in s):
        out.append((path, s, None))
    for name, sub in (s.get("properties") or {}).items():
        out += object_sites(spec, sub, f"{path}.{name}" if path else name, depth + 1)
    if "items" in s:
        out += object_sites(spec, s["items"], f"{path}[0]", depth + 1)
    return out


def nested_rule_breaks(spec: Spec, schema: Any) -> list[tuple[str, str, str, dict[str, Any]]]:
    """Per nested object (object_sites): a value that leaves out a field its oneOf branch requires
    ("required-in-branch"), and one that meets an `if` but leaves out a field its `then` requires ("if-then"), as
    (site path, case label: rule/site/[branch.]field, the missing field's wire path, value to put at the site). Each
    starts from the object's first example (or a synthesized value), with the branch's discriminator value."""
    out: list[tuple[str, str, str, dict[str, Any]]] = []
    for path, obj, branch in object_sites(spec, schema):
        base = spec.synth(obj)
        if not isinstance(base, dict):
            continue
        where = f"{path}/{branch[1]}." if branch is not None else f"{path}/"
        if branch is not None:
            base[branch[0]] = branch[1]
            for field in obj.get("required") or []:
                if field != branch[0]:
                    broken = {k: v for k, v in base.items() if k != field}
                    out.append((path, f"required-in-branch/{where}{field}", f"{path}.{field}", broken))
        cond, then = spec.resolve(obj.get("if")), spec.resolve(obj.get("then"))
        if isinstance(cond, dict) and isinstance(then, dict) and then.get("required"):
            met = dict(base)
            for name, sub in (cond.get("properties") or {}).items():
                sub = spec.resolve(sub) or {}
                if "const" in sub or sub.get("enum"):
                    met[name] = sub["const"] if "const" in sub else sub["enum"][0]
            props = obj.get("properties") or {}
            for name in cond.get("required") or []:
                met.setdefault(name, spec.synth(props.get(name), name))
            field = next((f for f in then["required"] if f not in (cond.get("required") or [])), None)
            if field is not None:
                met.pop(field, None)
                out.append((path, f"if-then/{where}{field}", f"{path}.{field}", met))
    return out


def enum_site(spec: Spec, value: Any, schema: Any, path: str) -> tuple[str, list[Any]] | None:
    """The first place in `value` whose schema is an enum or a oneOf discriminator: (wire path, allowed values)."""
    s = spec.resolve(schema) or {}
    disc = s.get("discriminator") or {}
    if "oneOf" in s and isinstance(value, dict) and disc.get("propertyName") in value:
        return f"{path}.{disc['propertyName']}" if path else disc["propertyName"], list(disc.get("mapping") or {})
    if "enum" in s and path:
        return path, list(s["enum"])
    if isinstance(value, dict):
        for key, item in value.items():
            sub = (s.get("properties") or {}).get(key)
            if sub is not None and (found := enum_site(spec, item, sub, f"{path}.{key}" if path else key)):
                return found
    if isinstance(value, list) and value and "items" in s:
        return enum_site(spec, value[0], s["items"], f"{path}[0]")
    return None


def set_at(payload: dict[str, Any], path: str, new: Any) -> dict[str, Any]:
    """A copy of `payload` with the value at wire path `path` (`a.b[0].c`) replaced."""
    out = copy.deepcopy(payload)
    steps: list[str | int] = [int(i) if i else k for k, i in re.findall(r"([^.\[\]]+)|\[(\d+)\]", path)]
    target: Any = out
    for step in steps[:-1]:
        target = target[step]
    target[steps[-1]] = new
    return out


def request_cases_payloads(spec: Spec, op: dict[str, Any]) -> list[dict[str, Any]]:
    _, schema = body_info(spec, op)
    return [copy.deepcopy(ex) for ex in spec.examples(schema) or media_examples(spec, op) or [spec.synth(schema)]]


# ---------------------------------------------------------------------------------------------------- callbacks
def callback_cases(doc: dict[str, Any]) -> list[dict[str, Any]]:
    """Server-to-server callback (paymentCallback, chargeCallback): {"response": b64} + X-VERIFY."""
    spec = Spec(doc)
    cases: list[dict[str, Any]] = []
    for name, item in (doc.get("webhooks") or {}).items():
        op = item.get("post") or item.get("put") or {}
        media, schema = body_info(spec, op)
        if media != "application/json" or "response" not in (spec.resolve(schema) or {}).get("properties", {}):
            continue
        decoded = {
            "success": True,
            "code": "PAYMENT_SUCCESS",
            "message": "Your payment is successful.",
            "data": {
                "merchantId": "MERCHANTUAT",
                "transactionId": "TX-KIT-1",
                "amount": 10000,
                "providerReferenceId": "P-KIT-1",
                "paymentState": "COMPLETED",
                "payResponseCode": "SUCCESS",
            },
        }
        if name == "chargeCallback":
            decoded["data"]["transactionId"] = "COL-KIT-1"
        response = b64(compact(decoded))
        good = x_verify(response, CALLBACK_SALTS["3"], "3")
        good4 = x_verify(response, CALLBACK_SALTS["4"], "4")
        tampered_response = b64(compact({**decoded, "data": {**decoded["data"], "amount": 1}}))
        variants = [
            ("valid", response, good, True),
            ("valid-second-salt", response, good4, True),
            ("tampered-body", tampered_response, good, False),
            ("tampered-signature", response, ("0" if good[0] != "0" else "1") + good[1:], False),
            ("wrong-salt-index", response, good.rsplit("###", 1)[0] + "###4", False),
            ("unknown-salt-index", response, good.rsplit("###", 1)[0] + "###9", False),
            ("no-salt-index", response, good.rsplit("###", 1)[0], False),
        ]
        for label, resp, sig, valid in variants:
            body = compact({"response": resp})
            cases.append(
                {
                    "id": f"{name}/{label}",
                    "webhook": name,
                    "inputs": {"headers": {"Content-Type": "application/json", "X-VERIFY": sig}, "body": body},
                    "expect": {"valid": valid, "decoded": json.loads(base64.b64decode(resp)) if valid else None},
                }
            )
    return cases


def ui_checksum(form: dict[str, str], salt_key: str, index: str) -> str:
    parts = [form.get(k) for k in ("code", "merchantId", "transactionId", "amount", "providerReferenceId")]
    parts += [form.get(f"param{i}") for i in range(1, 21)]
    return x_verify("".join(p for p in parts if p is not None), salt_key, index)


def ui_callback_cases(doc: dict[str, Any]) -> list[dict[str, Any]]:
    if "uiCallback" not in (doc.get("webhooks") or {}):
        return []
    base = {
        "code": "PAYMENT_SUCCESS",
        "merchantId": "MERCHANTUAT",
        "transactionId": "TX-KIT-2",
        "amount": "10000",
        "providerReferenceId": "P-KIT-2",
    }
    with_params = {**base, "param1": "a", "param2": "b b", "param20": "z"}
    cases = []
    good = ui_checksum(base, CALLBACK_SALTS["3"], "3")
    goodp = ui_checksum(with_params, CALLBACK_SALTS["4"], "4")
    variants = [
        ("valid", {**base, "checksum": good}, True),
        ("valid-with-params", {**with_params, "checksum": goodp}, True),
        ("tampered-amount", {**base, "amount": "1", "checksum": good}, False),
        ("tampered-code", {**base, "code": "PAYMENT_ERROR", "checksum": good}, False),
        ("dropped-param", {**{k: v for k, v in with_params.items() if k != "param2"}, "checksum": goodp}, False),
        ("wrong-salt-index", {**base, "checksum": good.rsplit("###", 1)[0] + "###4"}, False),
    ]
    for label, form, valid in variants:
        cases.append(
            {
                "id": f"uiCallback/{label}",
                "webhook": "uiCallback",
                "inputs": {"form": form, "body": urlencode(form)},
                "expect": {"valid": valid},
            }
        )
    return cases


# ---------------------------------------------------------------------------------------------------- kit
def make_kit(doc: dict[str, Any]) -> dict[str, Any]:
    return {
        "kit_format": KIT_FORMAT,
        "about": "Conformance kit of the merchant gateway API, generated from spec/openapi.yaml by "
        "tools/conformance/make_kit.py (do not edit). A client is byte-compatible when, configured with `config`, "
        "it sends exactly `expect` for every request case, accepts exactly the callback cases whose "
        "expect.valid is true, and refuses every rule, schema and path case before sending. "
        "See docs/other-languages.md.",
        "spec": {"title": (doc.get("info") or {}).get("title"), "version": (doc.get("info") or {}).get("version")},
        # the machine-readable operation table a middleware reads at run time; `operations` below restates the
        # facts a test case needs, and tests/artifacts checks that the two agree
        "operations_table": {
            "file": "operations.json",
            "schema": "operations.schema.json",
            "built_by": "make spec-artifacts (tools/artifacts/make_artifacts.py), into build/artifacts/",
            "key": "operationId",
        },
        "conventions": CONVENTIONS,
        "transport_headers": list(TRANSPORT_HEADERS),
        "config": CONFIG,
        "callback_salts": CALLBACK_SALTS,
        "operations": operation_table(doc),
        "requests": request_cases(doc),
        "callbacks": callback_cases(doc),
        "ui_callbacks": ui_callback_cases(doc),
        "rule_cases": rule_cases(doc),
        "path_cases": path_cases(doc),
        "schema_cases": schema_cases(doc),
        **verdict_sections(doc),
    }


def verdict_sections(doc: dict[str, Any]) -> dict[str, Any]:
    """`verdicts`: answers and the verdicts they mean, and the polling schedule (tools/conformance/verdict_cases.py;
    the one part of the kit computed by the Python client, whose verdict function every client must agree with)."""
    if str(ROOT) not in sys.path:  # run as a script: tools/ and generator/ live at the repository root
        sys.path.insert(0, str(ROOT))
    from tools.conformance import client_cases, verdict_cases

    # `clients`: whole-client scripts, their expected verdicts from the same function (conformance/client_cases.py)
    return {**verdict_cases.kit_sections(doc), **client_cases.kit_sections(doc)}


def render(kit: dict[str, Any]) -> str:
    return json.dumps(kit, indent=1, ensure_ascii=False) + "\n"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description="Generate the conformance kit from the spec.")
    ap.add_argument("--spec", type=Path, default=SPEC)
    ap.add_argument("--out", type=Path, default=BUILD_KIT)
    ap.add_argument("--write-shipped", action="store_true", help=f"also write {SHIPPED_KIT.relative_to(ROOT)}")
    ap.add_argument("--check", action="store_true", help=f"fail if {SHIPPED_KIT.relative_to(ROOT)} differs (drift)")
    args = ap.parse_args(argv)
    text = render(make_kit(load_spec(args.spec)))
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(text, encoding="utf-8")
    kit = json.loads(text)
    print(
        f"wrote {args.out}: {len(kit['requests'])} request cases, {len(kit['callbacks'])} callback cases, "
        f"{len(kit['ui_callbacks'])} UI callback cases, {len(kit['rule_cases'])} field-rule cases, "
        f"{len(kit['schema_cases'])} schema cases, {len(kit['verdicts']['cases'])} verdict cases"
    )
    if args.write_shipped:
        SHIPPED_KIT.parent.mkdir(parents=True, exist_ok=True)
        SHIPPED_KIT.write_text(text, encoding="utf-8")
        print(f"wrote {SHIPPED_KIT.relative_to(ROOT)}")
    if args.check:
        shipped = SHIPPED_KIT.read_text(encoding="utf-8") if SHIPPED_KIT.is_file() else ""
        if shipped != text:
            print(
                f"DRIFT: {SHIPPED_KIT.relative_to(ROOT)} is not what the spec gives: "
                "run `make conformance` and commit it"
            )
            return 1
        print(f"{SHIPPED_KIT.relative_to(ROOT)} is up to date")
    return 0


if __name__ == "__main__":
    sys.exit(main())
