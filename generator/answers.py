"""Which generated models an answer or a callback is read into: computed from the spec, handed to model.py.jinja.

Why this module exists: the gateway's answers must be read tolerantly (an enum value the document calls
informative may grow, `data` may be null, absent fields read as None), while the payloads the client sends keep
strict validation. The two differ only in where a schema is used, which the spec says and the templates cannot
see: openapi-python-client renders each model on its own, and the webhooks (callback bodies, with their decoded
`contentSchema`) never reach it at all (generator/rewrite.py drops them).

- `answer_schema_refs(document)`: every `#/components/schemas/...` reachable from a response body (any status,
  any operation) or from a webhook's (or an operation callback's) request body, following `$ref` and
  `contentSchema` (a callback's base64 `response` decodes to its contentSchema).
- `answers_include(models, refs)`: the per-run Jinja include `mgw_answers.jinja`, setting ANSWER_MODELS (class
  name -> facts) for those schemas and every model nested in them (inline objects included). It refuses answer
  models with property kinds the answer templates do not handle, rather than generating wrong code.
"""

from __future__ import annotations

import json
from collections.abc import Collection, Iterable, Iterator
from typing import Any

from .spec import HTTP_METHODS, SpecError, resolve

SCHEMA_REF = "#/components/schemas/"
# Keys whose values are data, not schemas: a `$ref`-shaped example must not make a schema answer-side.
DATA_KEYS = {"example", "examples", "default", "const", "enum"}
# Property kinds (openapi-python-client template names) the answer-model templates read and write.
PRIMITIVES = {"any_property.py.jinja", "int_property.py.jinja", "float_property.py.jinja", "boolean_property.py.jinja"}


def _bodies(spec: dict[str, Any], holder: Any) -> Iterator[Any]:
    """Schemas of a response's or request body's `content` (all media types)."""
    node = resolve(spec, holder)
    if not isinstance(node, dict):
        return
    for media in (node.get("content") or {}).values():
        if isinstance(media, dict) and "schema" in media:
            yield media["schema"]


def _answer_roots(spec: dict[str, Any]) -> Iterator[Any]:
    """Schemas the client reads: response bodies of every operation, and what the gateway posts to the merchant
    (webhooks and operation-level callbacks: their request bodies)."""

    def operations(items: Iterable[Any]) -> Iterator[dict[str, Any]]:
        for item in items:
            item = resolve(spec, item)
            if isinstance(item, dict):
                yield from (item[m] for m in HTTP_METHODS if isinstance(item.get(m), dict))

    for op in operations((spec.get("paths") or {}).values()):
        for response in (op.get("responses") or {}).values():
            yield from _bodies(spec, response)
        for callback in (op.get("callbacks") or {}).values():
            for cb_op in operations(resolve(spec, callback).values()):
                if "requestBody" in cb_op:
                    yield from _bodies(spec, cb_op["requestBody"])
    for hook in operations((spec.get("webhooks") or {}).values()):
        if "requestBody" in hook:
            yield from _bodies(spec, hook["requestBody"])


def _reachable(spec: dict[str, Any], roots: Iterable[Any]) -> set[str]:
    """Component schema refs reachable from `roots` through `$ref` (contentSchema included: it is a schema)."""
    seen: set[str] = set()
    stack = list(roots)
    while stack:
        node = stack.pop()
        if isinstance(node, list):
            stack.extend(node)
        elif isinstance(node, dict):
            ref = node.get("$ref")
            if isinstance(ref, str):
                if ref in seen:
                    continue
                seen.add(ref)
                stack.append(resolve(spec, {"$ref": ref}))
            stack.extend(v for k, v in node.items() if k not in DATA_KEYS and not k.startswith("x-") and k != "$ref")
    return {ref for ref in seen if ref.startswith(SCHEMA_REF)}


def _request_roots(spec: dict[str, Any]) -> Iterator[Any]:
    """Schemas the client sends: operation request bodies (their contentSchema payloads included) and parameters."""
    for item in (spec.get("paths") or {}).values():
        for param in item.get("parameters") or []:
            yield resolve(spec, param).get("schema")
        for method in HTTP_METHODS:
            op = item.get(method)
            if not isinstance(op, dict):
                continue
            if "requestBody" in op:
                yield from _bodies(spec, op["requestBody"])
            for param in op.get("parameters") or []:
                yield resolve(spec, param).get("schema")


def answer_schema_refs(spec: dict[str, Any]) -> frozenset[str]:
    """`#/components/schemas/X` of every schema an answer or a callback is read into.

    An object schema that is sent as well as read would be one model that must be both strict and tolerant:
    refused (give each side its own schema). Shared plain schemas (strings, enums) are fine: openness is decided
    by the model that holds the field.
    """
    answers = _reachable(spec, _answer_roots(spec))
    shared = sorted(ref for ref in answers & _reachable(spec, _request_roots(spec)) if _is_object(spec, ref))
    if shared:
        raise SpecError(
            "schemas used both in a request and in an answer or callback (strict vs tolerant models): "
            + ", ".join(shared)
        )
    return frozenset(answers)


def _is_object(spec: dict[str, Any], ref: str) -> bool:
    node = resolve(spec, {"$ref": ref})
    return isinstance(node, dict) and ("properties" in node or node.get("type") == "object")


def answers_include(models: Iterable[Any], refs: Collection[str]) -> str:
    """A Jinja file setting ANSWER_MODELS: class name -> {"open_enums": bool} for every answer-side model.

    `models` are openapi-python-client's ModelProperty objects (GeneratorData.models). A component model carries
    its reference path in `roots`, an inline one its parent's as well, so a model whose roots name an answer
    schema is answer-side; models nested in those (by reference or inline) are added by walking properties.
    """
    paths = {ref[1:] for ref in refs}  # roots hold "/components/schemas/X"
    by_name = {str(m.class_info.name): m for m in models}
    pending = [name for name, m in by_name.items() if any(root in paths for root in m.roots)]
    facts: dict[str, dict[str, bool]] = {}
    problems: list[str] = []
    while pending:
        name = pending.pop()
        if name in facts:
            continue
        model = by_name[name]
        enums = False
        for prop in (model.required_properties or []) + (model.optional_properties or []):
            for kind in _kinds(prop):
                if kind.template == "model_property.py.jinja":
                    pending.append(str(kind.class_info.name))
                elif kind.template == "enum_property.py.jinja" and kind.value_type is str:
                    enums = True
                elif kind.template not in PRIMITIVES | {"list_property.py.jinja", "union_property.py.jinja"}:
                    problems.append(f"{name}.{prop.python_name}: {kind.template} ({kind.get_type_string()})")
            if prop.template == "union_property.py.jinja" and any(
                inner.template not in PRIMITIVES for inner in prop.inner_properties
            ):
                problems.append(f"{name}.{prop.python_name}: a union of more than plain JSON values")
        facts[name] = {"open_enums": enums}
    if problems:
        raise SpecError(
            "answer models use property kinds that generator/templates/model.py.jinja does not read tolerantly:\n  "
            + "\n  ".join(sorted(problems))
        )
    body = json.dumps(dict(sorted(facts.items())), indent=1)
    return f"{{# Written by generator/answers.py for one run; not committed. #}}\n{{% set ANSWER_MODELS = {body} %}}\n"


def _kinds(prop: Any) -> Iterator[Any]:
    """`prop` and everything inside it (list items, union members)."""
    yield prop
    if prop.template == "list_property.py.jinja":
        yield from _kinds(prop.inner_property)
    elif prop.template == "union_property.py.jinja":
        for inner in prop.inner_properties:
            yield from _kinds(inner)
