"""Rewrite a copy of the spec into the shape openapi-python-client should see.

The committed spec describes the wire; the generated functions should take what callers think in.
openapi-python-client ignores `contentSchema`, so a base64-json body would become `request: str`;
here it becomes the payload `$ref` and the endpoint template wraps it again.
"""

from __future__ import annotations

import json
from typing import Any

from .spec import ENUM_DEFINING, HTTP_METHODS, NAME_MAPS, OperationMeta, enum_names, resolve

# Headers the generated client sets itself: X-VERIFY comes from client configuration, never per call.
CLIENT_OWNED_HEADERS = {"x-verify", "content-type", "accept"}


def rewrite(spec: dict[str, Any], metas: list[OperationMeta]) -> dict[str, Any]:
    # The document holds JSON builtins only (spec.load_spec_in_background): a JSON round trip is an exact deep
    # copy (key order kept, no shared nodes to preserve) and several times faster than copy.deepcopy.
    out: dict[str, Any] = json.loads(json.dumps(spec, ensure_ascii=False))
    by_op = {(m.url_path, m.method): m for m in metas}
    # Webhooks are documentation for the merchant's server side; the client never calls them.
    out.pop("webhooks", None)
    # Security schemes would only switch endpoints to AuthenticatedClient, which this client does not have.
    out.pop("security", None)

    for url_path in list(out.get("paths") or {}):
        item = out["paths"][url_path]
        if "parameters" in item:
            item["parameters"] = _without_client_headers(spec, item["parameters"])
        for method in HTTP_METHODS:
            if method not in item:
                continue
            meta = by_op[(url_path, method)]
            if meta.mobile_sdk_only:
                # Computed by the merchant server but called by the app: no server call to generate.
                # Its payload schema stays in components, so the model is still generated.
                del item[method]
                continue
            op = item[method]
            # All operations land in api/default/, so import paths do not depend on tag choices.
            op.pop("tags", None)
            op.pop("security", None)
            if "parameters" in op:
                op["parameters"] = _without_client_headers(spec, op["parameters"])
            if meta.payload_ref is not None:
                op["requestBody"] = {
                    "required": True,
                    "content": {"application/json": {"schema": {"$ref": meta.payload_ref}}},
                }
        if not any(m in item for m in HTTP_METHODS):
            del out["paths"][url_path]
    _name_enums(out)
    return out


def _name_enums(out: dict[str, Any]) -> None:
    """Each x-enum-name schema becomes a `$ref` to a component schema of that name, so openapi-python-client
    generates one enum class per name (RedirectMode) instead of one per place of use (DebitV4WebXREDIRECTMODE).
    What belongs to the place of use (description, default, example) stays beside the reference."""
    names, _ = enum_names(out)  # checked by spec.collect already
    schemas = out.setdefault("components", {}).setdefault("schemas", {})
    for name, defining in sorted(names.items()):
        schemas[name] = dict(defining)

    def visit(node: Any, where: str) -> None:
        if isinstance(node, dict):
            for key, value in node.items():
                if key in ("example", "examples", "default", "const", "enum"):
                    continue
                if isinstance(value, dict) and "x-enum-name" in value and not f"{where}/{key}".endswith(NAME_MAPS):
                    kept = {k: v for k, v in value.items() if k not in ENUM_DEFINING and k != "x-enum-name"}
                    # allOf of one $ref: openapi-python-client keeps a default given beside it (not beside a $ref)
                    node[key] = {"allOf": [{"$ref": f"#/components/schemas/{value['x-enum-name']}"}], **kept}
                else:
                    visit(value, f"{where}/{key}")
        elif isinstance(node, list):
            for i, value in enumerate(node):
                visit(value, f"{where}/{i}")

    visit(out, "#")


def _without_client_headers(spec: dict[str, Any], params: list[Any]) -> list[Any]:
    kept = []
    for param in params:
        p = resolve(spec, param)
        if p.get("in") == "header" and str(p.get("name", "")).lower() in CLIENT_OWNED_HEADERS:
            continue
        kept.append(param)
    return kept
