"""Load the OpenAPI document and index its operations by (method, URL path).

Source order: an explicit path (config / MGW_SANDBOX_SPEC), the bundled `merchant_gateway_client/spec.json`
(importlib.resources, when the generated package is importable), else `spec/openapi.yaml` of the repository.
"""

from __future__ import annotations

import json
import os
import re
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path
from typing import Any
from urllib.parse import unquote

from .config import PREFIXES

HTTP_METHODS = ("get", "put", "post", "delete", "patch")
REPO_SPEC = Path(__file__).resolve().parents[2] / "spec" / "openapi.yaml"


def _load_file(path: Path) -> dict[str, Any]:
    text = path.read_text(encoding="utf-8")
    if path.suffix == ".json":
        return json.loads(text)  # type: ignore[no-any-return]
    from ruamel.yaml import YAML

    data = YAML(typ="safe", pure=True).load(text)
    plain: dict[str, Any] = json.loads(json.dumps(data))  # plain dicts/lists, ints stay ints
    return plain


def load_spec(path: Path | str | None = None) -> tuple[dict[str, Any], str]:
    """Return (document, description of where it came from)."""
    explicit = path or os.environ.get("MGW_SANDBOX_SPEC")
    if explicit:
        p = Path(explicit)
        return _load_file(p), str(p)
    try:
        bundled = resources.files("merchant_gateway_client").joinpath("spec.json")
        if bundled.is_file():
            return json.loads(bundled.read_text(encoding="utf-8")), "merchant_gateway_client/spec.json"
    except (ModuleNotFoundError, FileNotFoundError):
        pass
    if REPO_SPEC.is_file():
        return _load_file(REPO_SPEC), str(REPO_SPEC)
    raise FileNotFoundError("no OpenAPI document: install the generated package or provide spec/openapi.yaml")


def _unescape(token: str) -> str:
    return token.replace("~1", "/").replace("~0", "~")


def _escape(token: str) -> str:
    return token.replace("~", "~0").replace("/", "~1")


def pointer(*tokens: str) -> str:
    return "".join("/" + _escape(t) for t in tokens)


class Resolver:
    """Follows local `$ref`s and keeps the JSON pointer of the resolved object."""

    def __init__(self, doc: dict[str, Any]) -> None:
        self.doc = doc

    def at(self, ptr: str) -> Any:
        node: Any = self.doc
        for tok in ptr.split("/")[1:]:
            tok = _unescape(tok)
            node = node[int(tok)] if isinstance(node, list) else node[tok]
        return node

    def deref(self, obj: Any, ptr: str) -> tuple[Any, str]:
        seen = 0
        while isinstance(obj, dict) and isinstance(obj.get("$ref"), str) and obj["$ref"].startswith("#"):
            ptr = obj["$ref"][1:]
            obj = self.at(ptr)
            seen += 1
            if seen > 32:
                raise ValueError(f"$ref loop at {ptr}")
        return obj, ptr


@dataclass
class Parameter:
    name: str
    location: str  # path | header | query
    required: bool
    schema_ptr: str | None


@dataclass
class Operation:
    operation_id: str
    method: str
    host: str
    template: str  # URL path template as in the spec
    obj: dict[str, Any]
    ptr: str
    parameters: list[Parameter] = field(default_factory=list)
    segments: list[str] = field(default_factory=list)

    @property
    def signing_mode(self) -> str:
        return str(self.obj.get("x-signing-mode", "none"))

    @property
    def signing_path(self) -> str | None:
        value = self.obj.get("x-signing-path")
        return str(value) if value else None

    @property
    def signing_required(self) -> bool:
        return bool(self.obj.get("x-signing-required", self.signing_mode != "none"))

    @property
    def body_wrapping(self) -> str:
        return str(self.obj.get("x-body-wrapping", "none"))

    @property
    def url_prefix(self) -> str:
        return PREFIXES[self.host]

    def match(self, parts: list[str]) -> dict[str, str] | None:
        if len(parts) != len(self.segments):
            return None
        values: dict[str, str] = {}
        for seg, part in zip(self.segments, parts, strict=True):
            if seg.startswith("{") and seg.endswith("}"):
                if part == "":
                    return None
                values[seg[1:-1]] = part
            elif seg != part:
                return None
        return values


_HOST_FROM_SERVER = re.compile(r"/apis/(pg-sandbox|apps|identity-manager)")


def _host_of(op: dict[str, Any], path_item: dict[str, Any]) -> str:
    host = op.get("x-host") or path_item.get("x-host")
    if host:
        return str(host)
    for server in op.get("servers", []) + path_item.get("servers", []):
        m = _HOST_FROM_SERVER.search(str(server.get("url", "")))
        if m:
            return {"pg-sandbox": "base", "apps": "apps", "identity-manager": "auth"}[m.group(1)]
    return "base"


class SpecIndex:
    def __init__(self, doc: dict[str, Any], source: str = "") -> None:
        self.doc = doc
        self.source = source
        self.resolver = Resolver(doc)
        self.operations: list[Operation] = []
        self.by_id: dict[str, Operation] = {}
        for path, item in (doc.get("paths") or {}).items():
            item, item_ptr = self.resolver.deref(item, pointer("paths", path))
            for method in HTTP_METHODS:
                if method not in item:
                    continue
                op_obj = item[method]
                op = Operation(
                    operation_id=str(op_obj.get("operationId", f"{method} {path}")),
                    method=method.upper(),
                    host=_host_of(op_obj, item),
                    template=path,
                    obj=op_obj,
                    ptr=item_ptr + pointer(method),
                    segments=path.split("/"),
                )
                op.parameters = self._parameters(item, item_ptr, op)
                self.operations.append(op)
                self.by_id[op.operation_id] = op
        # literal segments first, so a literal never loses to a template parameter
        self.operations.sort(key=lambda o: -sum(1 for s in o.segments if not s.startswith("{")))

    def _parameters(self, item: dict[str, Any], item_ptr: str, op: Operation) -> list[Parameter]:
        found: dict[tuple[str, str], Parameter] = {}
        for owner, owner_ptr in ((item, item_ptr), (op.obj, op.ptr)):
            for i, raw in enumerate(owner.get("parameters", [])):
                param, p_ptr = self.resolver.deref(raw, owner_ptr + pointer("parameters", str(i)))
                schema_ptr = p_ptr + "/schema" if "schema" in param else None
                key = (str(param["in"]), str(param["name"]).lower())
                found[key] = Parameter(str(param["name"]), str(param["in"]), bool(param.get("required")), schema_ptr)
        return list(found.values())

    def find(self, method: str, full_raw_path: str) -> tuple[Operation | None, dict[str, str], bool]:
        """Return (operation, path values, path_known). path_known: some operation has this path."""
        path_known = False
        for prefix_host, prefix in PREFIXES.items():
            if not full_raw_path.startswith(prefix + "/"):
                continue
            rest = full_raw_path[len(prefix) :]
            parts = [unquote(p) for p in rest.split("/")]
            for op in self.operations:
                if op.host != prefix_host:
                    continue
                values = op.match(parts)
                if values is None:
                    continue
                path_known = True
                if op.method == method:
                    return op, values, True
        return None, {}, path_known
