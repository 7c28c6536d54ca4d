"""Helpers of the spec tests: the loaded OpenAPI document and a JSON Schema validator over it."""

from __future__ import annotations

import functools
import json
from pathlib import Path
from typing import Any

from jsonschema import Draft202012Validator, FormatChecker
from referencing import Registry, Resource
from referencing.jsonschema import DRAFT202012
from ruamel.yaml import YAML

ROOT = Path(__file__).resolve().parents[2]
SPEC_PATH = ROOT / "spec" / "openapi.yaml"
SPEC_URI = "urn:mgw-spec"
HTTP_METHODS = ("get", "put", "post", "delete", "options", "head", "patch", "trace")


def load_yaml(path: Path) -> Any:
    return YAML(typ="safe", pure=True).load(path.read_text(encoding="utf-8"))


@functools.cache
def _spec_as_json() -> str:
    return json.dumps(load_yaml(SPEC_PATH))


def spec_document() -> dict[str, Any]:
    """spec/openapi.yaml as plain data (what generator.spec.load_spec and make_kit.load_spec read, key order kept),
    parsed once per process: the pure-Python parse costs about 0.3 s of CPU and several test modules need the
    document at collection, in every xdist worker. A fresh copy each call: no caller sees another's changes."""
    document: dict[str, Any] = json.loads(_spec_as_json())
    return document


def escape(token: str) -> str:
    return token.replace("~", "~0").replace("/", "~1")


def pointer(*tokens: str | int) -> str:
    return "/" + "/".join(escape(str(t)) for t in tokens)


class SpecValidator:
    """Validates instances against any schema node of the spec, addressed by JSON pointer."""

    def __init__(self, spec: dict[str, Any]) -> None:
        self.spec = spec
        self.registry = Registry().with_resource(SPEC_URI, Resource(contents=spec, specification=DRAFT202012))

    def resolve(self, node: Any) -> Any:
        """Follow local $refs of the spec until a non-$ref node is reached."""
        seen = set()
        while isinstance(node, dict) and "$ref" in node:
            ref = node["$ref"]
            assert ref.startswith("#/"), f"only local refs expected, got {ref}"
            assert ref not in seen, f"ref loop at {ref}"
            seen.add(ref)
            node = self.at(ref[1:])
        return node

    def at(self, ptr: str) -> Any:
        node: Any = self.spec
        for raw in ptr.split("/")[1:]:
            token = raw.replace("~1", "/").replace("~0", "~")
            node = node[int(token)] if isinstance(node, list) else node[token]
        return node

    def errors(self, instance: Any, schema_ptr: str) -> list[str]:
        validator = Draft202012Validator(
            {"$ref": f"{SPEC_URI}#{schema_ptr}"}, registry=self.registry, format_checker=FormatChecker()
        )
        return [f"{'/'.join(map(str, e.absolute_path))}: {e.message}" for e in validator.iter_errors(instance)]


def iter_operations(spec: dict[str, Any], include_webhooks: bool = True):
    """Yields (kind, key, method, operation): kind is 'path' or 'webhook'."""
    for path, item in spec.get("paths", {}).items():
        for method in HTTP_METHODS:
            if method in item:
                yield "path", path, method, item[method]
    if include_webhooks:
        for name, item in spec.get("webhooks", {}).items():
            for method in HTTP_METHODS:
                if method in item:
                    yield "webhook", name, method, item[method]
