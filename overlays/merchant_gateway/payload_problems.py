"""Strict in what is sent: every payload is checked against its schema in the spec before it is sent, and the first
problem is named by its wire path (``paymentSources[0].cardId``) with the allowed values.

Why this module exists: the generated models do not check types (``cardId=7`` or ``providers="PLATFORM"`` used to
be sent as given), and when one refuses keyword fields its exception names a model class -- for a ``oneOf``
(inline pay's ``paymentSources``) the last variant tried: a card source without ``cardId`` read "'card' is not a
valid UpiPaymentSourceMode". The schemas come from the generated package's ``spec.json`` (the spec itself, not
a copy of its rules) and are compiled once per payload schema into nested checks, so a valid payload costs a few
dictionary lookups and isinstance calls.

Keywords read: ``$ref``, ``type``, ``required``, ``properties``, ``items``, ``enum``, ``const``, ``allOf``, and
``oneOf`` with or without a ``discriminator``. Rules between fields (``if``/``then``, ``x-field-rules``) are checked
by validation.check_field_rules; lengths and amounts by validation.check_payload.
"""

from __future__ import annotations

import functools
import json
from collections.abc import Callable, Mapping
from typing import Any

Problem = tuple[str, str]  # (wire path relative to the value checked, what is wrong); "" is the value itself
Check = Callable[[object], Problem | None]

_TYPES: dict[str, tuple[tuple[type, ...], str]] = {
    "string": ((str,), "a string"),
    "integer": ((int,), "an integer"),
    "number": ((int, float), "a number"),
    "boolean": ((bool,), "true or false"),
}


def first_problem(schema_name: str, wire: Mapping[str, object]) -> Problem | None:
    """The first field of ``wire`` (a payload in wire names) that the spec's schema ``schema_name`` refuses, as
    (wire path, problem); the path is "payload" when the payload as a whole is refused."""
    if schema_name not in _schemas():
        return None
    found = _named(schema_name)(wire)
    return None if found is None else (found[0] or "payload", found[1])


@functools.cache
def _schemas() -> Mapping[str, Any]:
    import importlib.resources  # the first payload only

    text = importlib.resources.files("merchant_gateway_client").joinpath("spec.json").read_text(encoding="utf-8")
    schemas: Mapping[str, Any] = json.loads(text)["components"]["schemas"]
    return schemas


@functools.cache
def _named(name: str) -> Check:
    return _compile(_schemas()[name])


def _compile(schema: Mapping[str, Any]) -> Check:
    if "$ref" in schema:  # compiled on first use, so a schema may refer to itself
        name = schema["$ref"].rsplit("/", 1)[-1]
        return lambda value: _named(name)(value)
    checks = [c for c in (_enum(schema), _type(schema)) if c is not None]
    checks += [_compile(part) for part in schema.get("allOf", ())]
    if "oneOf" in schema:
        checks.append(_one_of(schema))
    if len(checks) == 1:
        return checks[0]

    def all_of(value: object) -> Problem | None:
        for check in checks:
            if found := check(value):
                return found
        return None

    return all_of


def _under(prefix: str, found: Problem | None) -> Problem | None:
    if found is None:
        return None
    path, problem = found
    return (prefix + path if path.startswith("[") else f"{prefix}.{path}" if path else prefix), problem


def _choices(values: list[Any]) -> str:
    return "must be one of " + ", ".join(str(v) for v in values)


def _enum(schema: Mapping[str, Any]) -> Check | None:
    if "enum" in schema:
        allowed = list(schema["enum"])
        return lambda value: None if value in allowed else ("", _choices(allowed))
    if "const" in schema:
        const = schema["const"]
        return lambda value: None if value == const else ("", f"must be {const}")
    return None


def _type(schema: Mapping[str, Any]) -> Check | None:
    kind = schema.get("type")
    if kind == "object" or "properties" in schema:
        return _object(schema)
    if kind == "array":
        item = _compile(schema.get("items", {}))

        def array(value: object) -> Problem | None:
            if not isinstance(value, list | tuple):
                return "", "must be a list"
            for i, element in enumerate(value):
                if found := item(element):
                    return _under(f"[{i}]", found)
            return None

        return array
    kinds: list[str] = kind if isinstance(kind, list) else [kind] if isinstance(kind, str) else []
    if not kinds or not all(k in _TYPES or k == "null" for k in kinds):
        return None  # no type, or a list of types naming object or array: left to the gateway
    wrong = ("", "must be " + " or ".join("null" if k == "null" else _TYPES[k][1] for k in kinds))
    matchers = [_matcher(k) for k in kinds]
    if len(matchers) == 1:  # the common case, on every field of every payload
        match = matchers[0]
        return lambda value: None if match(value) else wrong
    return lambda value: None if any(m(value) for m in matchers) else wrong


def _matcher(kind: str) -> Callable[[object], bool]:
    if kind == "null":
        return lambda value: value is None
    types = _TYPES[kind][0]
    if kind == "boolean":
        return lambda value: isinstance(value, types)
    return lambda value: isinstance(value, types) and not isinstance(value, bool)  # True is an int, not a number


def _object(schema: Mapping[str, Any]) -> Check:
    required = tuple(schema.get("required", ()))
    properties = {name: _compile(sub) for name, sub in schema.get("properties", {}).items()}

    def check(value: object) -> Problem | None:
        if not isinstance(value, Mapping):
            return "", "must be an object"
        for name in required:
            if value.get(name) is None:
                return name, "is required"
        for name, field in value.items():
            prop = properties.get(name)
            if prop is not None and field is not None and (found := prop(field)):
                return _under(name, found)
        return None

    return check


def _one_of(schema: Mapping[str, Any]) -> Check:
    """The variant the discriminator names; without one, the first variant's problem when none accepts."""
    prop = (schema.get("discriminator") or {}).get("propertyName")
    if prop is None:
        variants = [_compile(v) for v in schema["oneOf"]]

        def any_variant(value: object) -> Problem | None:
            problems = [variant(value) for variant in variants]
            return None if None in problems else problems[0]

        return any_variant
    mapping = {key: _compile({"$ref": ref}) for key, ref in schema["discriminator"].get("mapping", {}).items()}

    def discriminated(value: object) -> Problem | None:
        if not isinstance(value, Mapping):
            return "", "must be an object"
        key = value.get(prop)
        variant = mapping.get(key) if isinstance(key, str) else None
        return (prop, _choices(list(mapping))) if variant is None else variant(value)

    return discriminated
