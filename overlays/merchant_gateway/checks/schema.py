"""Strict in what is sent: every payload and header option is checked against its schema in the spec before it is
sent, by a maintained JSON Schema validator, and the first problem is named by its wire path
(``paymentSources[0].accountId``) with the rule and the allowed values, never the value given.

Why this module exists: the generated models do not check the spec's constraints (``minimum``, ``minLength``,
``format: uri``, ``if``/``then``, ``not``, ``oneOf`` ...), and a hand-written checker covered only part of them.
The schemas come from the generated package's ``spec.json`` (the spec itself, not a copy of its rules); each is
compiled by fastjsonschema once, on first use (fastjsonschema generates Python code per schema: a valid debit
costs a few microseconds; jsonschema took 100-300; docs/performance.md). The library decides; this module only
turns its first error into our message. For a ``oneOf`` with a ``discriminator`` (which JSON Schema does not
read) the branch the discriminator names is checked again, so the problem is named inside that branch.

The spec is OpenAPI 3.1 (JSON Schema 2020-12); fastjsonschema implements draft 7, which reads every keyword the
payload and header schemas use (tests/unit/checks/test_payload_problems.py fails on one it would read differently).
"""

from __future__ import annotations

import functools
import json
from collections.abc import Callable, Mapping
from typing import Any

Problem = tuple[str, str]  # (wire path, what is wrong); the path is "payload" when the payload as a whole is refused
Validate = Callable[[object], object]

_SCHEMAS = "#/components/schemas/"
# OpenAPI's formats for numbers are annotations here (amount ranges: amounts.check_paise); fastjsonschema before
# 2.22 refuses to compile a format it does not know. Formats apply to strings only, so these never refuse.
_NUMBER_FORMATS: dict[str, Callable[[str], bool]] = {name: lambda _: True for name in ("int32", "int64")}
_KINDS = {
    "string": "a string",
    "integer": "an integer",
    "number": "a number",
    "boolean": "true or false",
    "object": "an object",
    "array": "a list",
    "null": "null",
}
_FORMATS = {"uri": "an absolute URI with a scheme (https://merchant.example/path)"}


def first_problem(schema_name: str, wire: Mapping[str, object]) -> Problem | None:
    """The first field of ``wire`` (a payload in wire names) that the spec's schema ``schema_name`` refuses, as
    (wire path, problem); the path is "payload" when the payload as a whole is refused."""
    schema = _spec()["components"]["schemas"].get(schema_name)
    if schema is None:
        return None
    found = _problem(_validator(_SCHEMAS + schema_name), wire)
    if found is None:
        return None
    rules = schema.get("x-field-rules") or ()
    if rules:  # the spec restates its rules between top-level fields as x-field-rules: their message names them all
        from ..errors import ValidationError
        from .limits import check_field_rules

        pairs = [(r["rule"], tuple(r["fields"])) for r in rules]
        touched = {"payload"}.union(*(fields for _, fields in pairs))
        try:
            check_field_rules(wire, pairs)
        except ValidationError as exc:
            if found[0] in touched:
                return exc.field, str(exc).removeprefix(f"{exc.field}: ")
    return found


def properties(schema_name: str) -> tuple[str, ...]:
    """The wire names of the fields of the spec's schema ``schema_name``, in the spec's order (its tables')."""
    return tuple(_spec()["components"]["schemas"][schema_name]["properties"])


def header_problem(operation_id: str, header_name: str, value: object) -> Problem | None:
    """The problem with ``value`` for the request header ``header_name`` of the operation (by the spec's header
    name, any case, or the generated parameter name: ``X-REDIRECT-URL`` or ``x_redirect_url``), as (the spec's
    header name, problem); None when it conforms or the operation has no such header."""
    found = _headers().get(operation_id, {}).get(header_name.replace("_", "-").lower())
    if found is None:
        return None
    name, key = found
    problem = _problem(_compiled(key), value)
    return None if problem is None else (name, problem[1])


@functools.cache
def _spec() -> Mapping[str, Any]:
    import importlib.resources  # the first payload only

    text = importlib.resources.files("merchant_gateway_client").joinpath("spec.json").read_text(encoding="utf-8")
    spec: Mapping[str, Any] = json.loads(text)
    return spec


@functools.cache
def _headers() -> Mapping[str, Mapping[str, tuple[str, str]]]:
    """operationId -> lower-case header name -> (the spec's name, the header's schema as JSON text)."""
    spec = _spec()
    out: dict[str, dict[str, tuple[str, str]]] = {}
    for item in spec["paths"].values():
        for op in item.values():
            if not isinstance(op, dict) or "operationId" not in op:
                continue
            headers = out.setdefault(op["operationId"], {})
            for param in [*item.get("parameters", ()), *op.get("parameters", ())]:
                if "$ref" in param:
                    param = spec["components"]["parameters"][param["$ref"].rsplit("/", 1)[-1]]
                if param.get("in") == "header" and "schema" in param:
                    headers[param["name"].lower()] = (param["name"], json.dumps(param["schema"], sort_keys=True))
    return out


@functools.cache  # per call it cost a json.dumps before _compiled's cache could answer
def _validator(ref: str) -> Validate:
    return _compiled(json.dumps({"$ref": ref}))


@functools.cache
def _compiled(schema_json: str) -> Validate:
    """One compiled validator per schema, the spec's components beside it so that its $refs resolve."""
    import fastjsonschema  # the first payload only: importing it costs import time

    schema = {**json.loads(schema_json), "components": _spec()["components"]}
    # use_default=False: a validator that fills in defaults would change what is sent
    validate: Validate = fastjsonschema.compile(schema, formats=_NUMBER_FORMATS, use_default=False)
    return validate


def _problem(validate: Validate, value: object) -> Problem | None:
    try:
        validate(value)
    except Exception as exc:
        from fastjsonschema import JsonSchemaValueException  # here, not per valid call: an import statement costs

        if not isinstance(exc, JsonSchemaValueException):
            raise
        path = (exc.name or "data").removeprefix("data").removeprefix(".")
        found = _explain(path, exc.rule or "", exc.definition or {}, exc.value)
        return (found[0] or "payload"), found[1]
    return None


def _join(path: str, name: str) -> str:
    return f"{path}.{name}" if path else name


def _under(path: str, found: Problem) -> Problem:
    inner = "" if found[0] == "payload" else found[0]
    return (path + inner if inner.startswith("[") else _join(path, inner) if inner else path), found[1]


def _explain(path: str, rule: str, schema: Mapping[str, Any], value: Any) -> Problem:
    """Our message for the rule the library reports broken at ``path`` (its schema ``schema``)."""
    limit: Any = schema.get(rule)
    if rule == "required":
        missing = next((n for n in limit if not isinstance(value, Mapping) or n not in value), limit[0])
        return _join(path, missing), "is required"
    if rule in ("oneOf", "anyOf"):
        return _branch_problem(path, schema, value)
    if rule == "not":
        together = limit.get("required") if isinstance(limit, Mapping) and len(limit) == 1 else None
        if together and len(together) > 1:
            return _join(path, together[-1]), f"must not be given together with {', '.join(together[:-1])}"
        return path, "has a form the spec forbids here (a 'not' rule)"
    if rule == "type":
        kinds = limit if isinstance(limit, list) else [limit]
        return path, "must be " + " or ".join(_KINDS.get(k, str(k)) for k in kinds)
    if rule == "enum":
        return path, "must be one of " + ", ".join(str(v) for v in limit)
    if rule == "format":
        return path, f"must be {_FORMATS.get(limit, 'in the format ' + str(limit))}"
    if not rule and schema.get("contentEncoding") == "base64":  # the library enforces it but names no rule
        return path, "must be base64 text (base64.b64encode of the content, decoded to str)"
    return path, _LIMITS.get(rule, lambda n: f"breaks the spec's {rule!r} rule")(limit)


def _length(what: str, n: int, unit: str) -> str:
    return "must not be empty" if (what, n) == ("at least", 1) else f"must have {what} {n} {unit}"


_LIMITS: dict[str, Callable[[Any], str]] = {
    "const": lambda v: f"must be {v}",
    "minimum": lambda n: f"must be at least {n}",
    "maximum": lambda n: f"must be at most {n}",
    "exclusiveMinimum": lambda n: f"must be greater than {n}",
    "exclusiveMaximum": lambda n: f"must be less than {n}",
    "multipleOf": lambda n: f"must be a multiple of {n}",
    "minLength": lambda n: _length("at least", n, "characters"),
    "maxLength": lambda n: _length("at most", n, "characters"),
    "minItems": lambda n: _length("at least", n, "items"),
    "maxItems": lambda n: _length("at most", n, "items"),
    "minProperties": lambda n: _length("at least", n, "fields"),
    "maxProperties": lambda n: _length("at most", n, "fields"),
    "uniqueItems": lambda _: "must not repeat an item",
    "pattern": lambda p: f"must match the pattern {p}",
    "additionalProperties": lambda _: "has a field the spec does not define here",
    "contentEncoding": lambda e: f"must be {e}-encoded",
}


def _branch_problem(path: str, schema: Mapping[str, Any], value: Any) -> Problem:
    """A oneOf / anyOf no branch of which accepts the value (or, for oneOf, more than one): with a discriminator
    the problem inside the branch it names, else the first branch's problem."""
    mapping = (schema.get("discriminator") or {}).get("mapping")
    if mapping:
        prop = schema["discriminator"]["propertyName"]
        if not isinstance(value, Mapping):
            return path, "must be an object"
        key = value.get(prop)
        ref = mapping.get(key) if isinstance(key, str) else None
        if ref is None:
            return _join(path, prop), "must be one of " + ", ".join(mapping)
        found = _problem(_validator(ref), value)
    else:
        branches = [_problem(_compiled(json.dumps(b, sort_keys=True)), value) for b in schema.get("oneOf", ())]
        branches += [_problem(_compiled(json.dumps(b, sort_keys=True)), value) for b in schema.get("anyOf", ())]
        found = next((b for b in branches if b is not None), None) if None not in branches else None
    if found is None:  # the named branch (or some branch) accepts it: oneOf failed because several do
        return path, "matches more than one of the forms the spec allows here; it must match exactly one"
    return _under(path, found)
