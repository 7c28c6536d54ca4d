"""Release artifacts for generators and other languages, built from spec/openapi.yaml (`make spec-artifacts`).

    python tools/artifacts/make_artifacts.py [--spec spec/openapi.yaml] [--out build/artifacts] [--no-validate]

Writes (docs/other-languages.md says what each is for; tools/artifacts/README.md why per-host documents):

    openapi.json              the whole document, bundled into one JSON file
    openapi.no-webhooks.json  the same without `webhooks` (generators that cannot compile webhooks take this)
    openapi.webhooks.json     the webhooks alone: the calls the gateway makes TO the merchant
    openapi.base.json         one document per host (x-host): only that host's operations, document-level
    openapi.apps.json         `servers` = that host's servers, no operation-level servers, and a path parameter
    openapi.auth.json         with one allowed value (statusSegment: [status]) written into the path
    operations.json           operationId -> method, path, host, signing, body wrapping + payload schema, retry,
                              money movement... (format described by operations.schema.json)
    operations.schema.json    JSON Schema (2020-12) of operations.json
    kit.json                  the conformance kit (tools/conformance/make_kit.py, computed from the same spec)
    signing-vectors.json      the signing test vectors of the interface document (spec/vectors/signing.json)
    manifest.json             spec version and the sha256 of every file above

`release_texts()` is the whole set as file texts: this command writes it to --out, and `python -m generator` writes
the same set into the Python package (merchant_gateway_client/artifacts/, read by merchant_gateway.artifacts), so
the wheel, the npm package (clients/typescript/run.sh copies --out into openapi/) and build/artifacts agree.

Operation facts are read once, by generator/spec.py's `collect()` (the reader the Python generator uses); this
module adds only what a document needs to be split by host. `build()` is pure (document in, files out): the
release check (tools/release/artifactdiff.py) builds the artifacts of the released spec and of the current one
and classifies their differences.
"""

from __future__ import annotations

import argparse
import copy
import dataclasses
import hashlib
import importlib.util
import json
import re
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:  # run as a script: `generator` lives at the repository root
    sys.path.insert(0, str(ROOT))

from generator.outcomes import categories, outcome_rows  # noqa: E402
from generator.spec import (  # noqa: E402
    HTTP_METHODS,
    OperationMeta,
    SpecError,
    collect,
    load_spec,
    resolve,
)
from generator.verdict_rules import verdict_rules  # noqa: E402

SPEC = ROOT / "spec" / "openapi.yaml"
OUT = ROOT / "build" / "artifacts"
SCHEMA_FILE = Path(__file__).resolve().parent / "operations.schema.json"
VECTORS_SOURCE = ROOT / "spec" / "vectors" / "signing.json"
KIT_FILE = "kit.json"
VECTORS_FILE = "signing-vectors.json"
MANIFEST_FILE = "manifest.json"
FORMAT = 1
HOSTS = ("base", "apps", "auth")
HOST_VARIABLE = {"base": "base_url", "apps": "apps_url", "auth": "auth_url"}
PLACEHOLDER = re.compile(r"\{([^{}]+)\}")
COMPONENT_REF = re.compile(r"^#/components/([^/]+)/(.+)$")
# The UI callback checksum message (uiCallback's description, spec/README.md): these form fields in this order,
# absent ones left out. The table states it; the build fails if UiCallbackForm stops listing them in this order.
UI_CHECKSUM_FIELDS = (
    "code",
    "merchantId",
    "transactionId",
    "amount",
    "providerReferenceId",
    *(f"param{i}" for i in range(1, 21)),
)

# How every released document names where it comes from: the files shipped beside it, never a repository path (a
# team has the packages, not the repository).
RELEASED_WITH = (
    "Release artifact of the merchant gateway API, shipped with the clients: in the Python package "
    "(merchant_gateway_client/artifacts/, written out by `mgw artifacts --out DIR`) and the npm package "
    "(@merchant-gateway/client/openapi/), beside openapi.json, operations.json, kit.json and signing-vectors.json."
)

FILES = {
    "openapi.json": "the whole document, bundled (paths of every host with operation-level servers, and webhooks)",
    "openapi.no-webhooks.json": "the whole document without webhooks",
    "openapi.webhooks.json": "the webhooks alone: calls the gateway makes to the merchant",
    "openapi.base.json": "operations of the base host; document-level servers are the base host's",
    "openapi.apps.json": "operations of the apps host; document-level servers are the apps host's",
    "openapi.auth.json": "operations of the auth host; document-level servers are the auth host's",
    "operations.json": "operationId -> method, path, host, signing, body, retry, money movement (for middlewares)",
    "operations.schema.json": "JSON Schema of operations.json",
    KIT_FILE: "conformance kit: the exact requests a conforming client sends, callback and rule cases to replay",
    VECTORS_FILE: "signing test vectors of the interface document: the exact strings hashed and the X-VERIFY",
}

SIGNATURE = {
    "header": "X-VERIFY",
    "digest": "sha256-hex",
    "separator": "###",
    "value": "hex(sha256(UTF-8 bytes of message + salt_key)) + '###' + salt_index",
    "message": {
        "body": "the base64 `request` string exactly as sent in the body, followed by signing.path",
        "path": "signing.path with every {name} replaced by the raw (not percent-encoded) path parameter value",
        "none": "no X-VERIFY header",
    },
    "verify": "read the salt index after the last '###', take that index's salt (unknown index: invalid), "
    "recompute and compare in constant time",
}


# ------------------------------------------------------------------------------------------------ loading
def load(path: Path = SPEC) -> dict[str, Any]:
    """The spec as plain JSON data, external `$ref`s (if any) inlined by spec/bundle.py."""
    doc = load_spec(path)
    if _has_external_ref(doc):
        loader = importlib.util.spec_from_file_location("mgw_spec_bundle", ROOT / "spec" / "bundle.py")
        assert loader is not None
        assert loader.loader is not None
        module = importlib.util.module_from_spec(loader)
        loader.loader.exec_module(module)
        doc = json.loads(json.dumps(module.bundle(path), default=str))
    return doc


def _has_external_ref(node: Any) -> bool:
    if isinstance(node, dict):
        ref = node.get("$ref")
        if isinstance(ref, str) and not ref.startswith("#"):
            return True
        return any(_has_external_ref(v) for v in node.values())
    if isinstance(node, list):
        return any(_has_external_ref(v) for v in node)
    return False


# ------------------------------------------------------------------------------------------------ helpers
def _refs(node: Any) -> set[str]:
    out: set[str] = set()
    if isinstance(node, dict):
        for key, value in node.items():
            if key == "$ref" and isinstance(value, str):
                out.add(value)
            else:
                out |= _refs(value)
    elif isinstance(node, list):
        for value in node:
            out |= _refs(value)
    return out


def _security_names(node: Any) -> set[str]:
    """Security scheme names used by any `security` requirement list in `node` (document or operation level)."""
    out: set[str] = set()
    if isinstance(node, dict):
        for key, value in node.items():
            if key == "security" and isinstance(value, list):
                out |= {name for req in value if isinstance(req, dict) for name in req}
            elif key not in ("components",):
                out |= _security_names(value)
    elif isinstance(node, list):
        for value in node:
            out |= _security_names(value)
    return out


def prune_components(doc: dict[str, Any], full: dict[str, Any]) -> dict[str, Any]:
    """The components of `full` reachable from `doc` (its paths, webhooks, security), in `full`'s order."""
    components = full.get("components") or {}
    keep: dict[str, set[str]] = {}
    pending = sorted(_refs({k: v for k, v in doc.items() if k != "components"}))
    schemes = _security_names(doc)
    if schemes:
        keep.setdefault("securitySchemes", set()).update(schemes)
        for name in schemes:
            pending.extend(_refs((components.get("securitySchemes") or {}).get(name)))
    while pending:
        ref = pending.pop()
        m = COMPONENT_REF.match(ref)
        if not m:
            continue
        kind, name = m[1], m[2].replace("~1", "/").replace("~0", "~")
        if name in keep.get(kind, set()):
            continue
        if name not in (components.get(kind) or {}):
            raise SpecError(f"broken $ref {ref}")
        keep.setdefault(kind, set()).add(name)
        pending.extend(_refs(components[kind][name]))
    out: dict[str, Any] = {}
    for kind, items in components.items():
        if kind in keep:
            out[kind] = {name: copy.deepcopy(value) for name, value in items.items() if name in keep[kind]}
    return out


def _ref_name(node: Any) -> str | None:
    if isinstance(node, dict) and isinstance(node.get("$ref"), str):
        m = COMPONENT_REF.match(node["$ref"])
        if m and m[1] == "schemas":
            return m[2]
    return None


def _parameters(doc: dict[str, Any], url_path: str, method: str) -> list[tuple[Any, dict[str, Any]]]:
    """(as written, resolved) for the path-item's and the operation's parameters (operation wins by in+name)."""
    item = doc["paths"][url_path]
    merged: dict[tuple[str, str], tuple[Any, dict[str, Any]]] = {}
    for raw in [*(item.get("parameters") or []), *(item[method].get("parameters") or [])]:
        p = resolve(doc, raw)
        merged[(str(p.get("in")), str(p.get("name")))] = (raw, p)
    return list(merged.values())


def _fixed_value(doc: dict[str, Any], param: dict[str, Any]) -> str | None:
    """The one value a path parameter can take (enum of one value, or const), else None."""
    if param.get("in") != "path":
        return None
    schema = resolve(doc, param.get("schema")) or {}
    if "const" in schema:
        return str(schema["const"])
    enum = schema.get("enum")
    if isinstance(enum, list) and len(enum) == 1:
        return str(enum[0])
    return None


def _servers_of(doc: dict[str, Any], metas: list[OperationMeta], host: str) -> list[Any]:
    """The host's servers: one list shared by all its operations (document-level ones where none is given)."""
    found: list[tuple[str, list[Any]]] = []
    for m in metas:
        if m.host != host:
            continue
        op = doc["paths"][m.url_path][m.method]
        servers = op.get("servers") or doc["paths"][m.url_path].get("servers") or doc.get("servers") or []
        found.append((m.operation_id, servers))
    if not found:
        return []
    first_id, first = found[0]
    for op_id, servers in found[1:]:
        if servers != first:
            raise SpecError(
                f"operations of the {host} host disagree on their servers ({first_id} vs {op_id}): "
                "a per-host document has one server list"
            )
    return copy.deepcopy(first)


# ------------------------------------------------------------------------------------------------ documents
def without_webhooks(doc: dict[str, Any]) -> dict[str, Any]:
    out = {k: copy.deepcopy(v) for k, v in doc.items() if k not in ("webhooks", "components")}
    out["components"] = prune_components(out, doc)
    out["tags"] = _used_tags(doc, out)
    return _drop_empty(out)


def webhooks_document(doc: dict[str, Any]) -> dict[str, Any]:
    info = copy.deepcopy(doc.get("info") or {})
    info["title"] = f"{info.get('title', 'API')} (webhooks)"
    info["description"] = (
        f"{RELEASED_WITH} The webhooks alone: "
        "the messages the gateway sends TO the merchant (server-to-server callbacks and the UI form post). "
        "Verification rules: operations.json `webhooks`.\n\n" + str(info.get("description") or "")
    )
    out: dict[str, Any] = {"openapi": doc.get("openapi", "3.1.0"), "info": info}
    if "jsonSchemaDialect" in doc:
        out["jsonSchemaDialect"] = doc["jsonSchemaDialect"]
    out["webhooks"] = copy.deepcopy(doc.get("webhooks") or {})
    out["components"] = prune_components(out, doc)
    out["tags"] = _used_tags(doc, out)
    return _drop_empty(out)


def host_document(doc: dict[str, Any], metas: list[OperationMeta], host: str) -> tuple[dict[str, Any], dict[str, str]]:
    """(document of one host, {operationId: its path in that document})."""
    info = copy.deepcopy(doc.get("info") or {})
    others = ", ".join(f"openapi.{h}.json" for h in HOSTS if h != host)
    info["title"] = f"{info.get('title', 'API')} ({host} host)"
    info["description"] = (
        f"{RELEASED_WITH} The operations of "
        f"the {host} host only (`x-host: {host}`). The document-level `servers` are that host's, so a generator's "
        f"base URL is right for every operation here; set `{HOST_VARIABLE[host]}` (or the client's base path) to "
        f"the gateway's {host} URL. The other hosts: {others}. Signing, body wrapping and retry facts of every "
        "operation: operations.json.\n\n" + str(info.get("description") or "")
    )
    out: dict[str, Any] = {"openapi": doc.get("openapi", "3.1.0"), "info": info}
    if "jsonSchemaDialect" in doc:
        out["jsonSchemaDialect"] = doc["jsonSchemaDialect"]
    out["servers"] = _servers_of(doc, metas, host)
    if "security" in doc:
        out["security"] = copy.deepcopy(doc["security"])
    mine = [m for m in metas if m.host == host]
    # Where a path parameter can take one value only, write it into the path (statusSegment: the apps-host status
    # is GET .../{transactionId}/status again), unless another operation of this document already has that path.
    wanted: dict[str, str] = {}
    for m in mine:
        path = m.url_path
        for _raw, p in _parameters(doc, m.url_path, m.method):
            value = _fixed_value(doc, p)
            if value is not None:
                path = path.replace("{" + str(p["name"]) + "}", value)
        wanted[m.operation_id] = path
    taken = {m.url_path for m in mine}
    paths: dict[str, Any] = {}
    where: dict[str, str] = {}
    for m in mine:
        path = wanted[m.operation_id]
        clash = path != m.url_path and (path in taken or list(wanted.values()).count(path) > 1)
        final = m.url_path if clash else path
        op = copy.deepcopy(doc["paths"][m.url_path][m.method])
        op.pop("servers", None)
        params = []
        for raw, p in _parameters(doc, m.url_path, m.method):
            if not clash and _fixed_value(doc, p) is not None:
                continue
            params.append(copy.deepcopy(raw))
        if params:
            op["parameters"] = params
        else:
            op.pop("parameters", None)
        item = paths.setdefault(final, {})
        if m.method in item:
            raise SpecError(f"{m.operation_id}: {m.method.upper()} {final} twice in the {host} document")
        item[m.method] = op
        where[m.operation_id] = final
    # keep each path item's methods in the usual order
    out["paths"] = {p: {k: item[k] for k in HTTP_METHODS if k in item} for p, item in paths.items()}
    out["components"] = prune_components(out, doc)
    out["tags"] = _used_tags(doc, out)
    return _drop_empty(out), where


def _used_tags(full: dict[str, Any], doc: dict[str, Any]) -> list[Any]:
    used: set[str] = set()
    for section in ("paths", "webhooks"):
        for item in (doc.get(section) or {}).values():
            for method in HTTP_METHODS:
                if isinstance(item.get(method), dict):
                    used |= set(item[method].get("tags") or [])
    return [copy.deepcopy(t) for t in full.get("tags") or [] if isinstance(t, dict) and t.get("name") in used]


def _drop_empty(doc: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in doc.items() if not (k in ("tags", "components") and not v)}


# ------------------------------------------------------------------------------------------------ operations.json
def _schema_name(doc: dict[str, Any], node: Any, where: str) -> str | None:
    if node is None:
        return None
    name = _ref_name(node)
    if name is None:
        raise SpecError(f"{where}: the body schema must be a $ref to a named schema (operations.json names it)")
    return name


def _body(doc: dict[str, Any], meta: OperationMeta) -> dict[str, Any] | None:
    if meta.body_wrapping == "none":
        return None
    op = doc["paths"][meta.url_path][meta.method]
    where = meta.operation_id
    body = resolve(doc, op["requestBody"])
    content = body.get("content") or {}
    if len(content) != 1:
        raise SpecError(f"{where}: operations.json expects exactly one request content type, got {list(content)}")
    media, media_obj = next(iter(content.items()))
    schema = _schema_name(doc, media_obj.get("schema"), where)
    payload = meta.payload_ref.rsplit("/", 1)[-1] if meta.payload_ref else schema
    return {
        "wrapping": meta.body_wrapping,
        "content_type": media,
        "required": bool(body.get("required", False)),
        "schema": schema,
        "wrapper_field": "request" if meta.body_wrapping == "base64-json" else None,
        "payload_schema": payload,
    }


def _operation_entry(doc: dict[str, Any], meta: OperationMeta, document_path: str, host_file: str) -> dict[str, Any]:
    op = doc["paths"][meta.url_path][meta.method]
    params = _parameters(doc, meta.url_path, meta.method)
    fixed = {str(p["name"]): v for _r, p in params if (v := _fixed_value(doc, p)) is not None}
    wire = meta.url_path
    for name, value in fixed.items():
        wire = wire.replace("{" + name + "}", value)
    order = PLACEHOLDER.findall(meta.url_path)
    path_params = sorted(
        (p for _r, p in params if p.get("in") == "path" and p["name"] not in fixed),
        key=lambda p: order.index(p["name"]) if p["name"] in order else len(order),
    )

    def listed(where: str) -> list[dict[str, Any]]:
        return [
            {"name": str(p["name"]), "required": bool(p.get("required", False))}
            for _r, p in params
            if p.get("in") == where
        ]

    return {
        "summary": str(op.get("summary") or ""),
        "method": meta.method.upper(),
        "host": meta.host,
        "path": wire,
        "document": {"file": host_file, "path": document_path},
        "source_path": meta.url_path,
        "fixed_path_params": fixed,
        "path_params": [str(p["name"]) for p in path_params],
        "query_params": listed("query"),
        "header_params": listed("header"),
        "signing": {"mode": meta.signing_mode, "path": meta.signing_path, "required": meta.signing_required},
        "body": _body(doc, meta),
        "follow_redirects": meta.follow_redirects,
        "retry": meta.retry,
        "money_movement": meta.money_movement,
        "answer_codes": meta.answer_codes,
        "payload_from": meta.payload_from,
        "called_by": "mobile-sdk" if meta.mobile_sdk_only else "merchant-server",
        # x-codes and x-field-rules (read by collect() where generator/spec.py knows them)
        "codes": [_code_entry(meta, code, outcome) for code, outcome in getattr(meta, "codes", ())],
        "evidence": {outcome: list(fields) for outcome, fields in getattr(meta, "evidence", ())},
        "field_rules": [{"rule": rule, "fields": list(fields)} for rule, fields in getattr(meta, "field_rules", ())],
    }


def _code_entry(meta: OperationMeta, code: str, outcome: str) -> dict[str, Any]:
    """One x-codes entry; `refine` (only where the spec refines the code by data.payResponseCode) in spec order."""
    entry: dict[str, Any] = {"code": code, "outcome": outcome}
    refine = [{"payResponseCode": prc, "outcome": out} for c, prc, out in getattr(meta, "refinements", ()) if c == code]
    if refine:
        entry["refine"] = refine
    return entry


# Every OperationMeta field and where operations.json carries it (tests/artifacts checks none is forgotten when
# generator/spec.py learns a new fact).
META_FIELDS = {
    "operation_id": "key",
    "method": "method",
    "url_path": "source_path",
    "host": "host",
    "signing_mode": "signing.mode",
    "signing_path": "signing.path",
    "signing_required": "signing.required",
    "body_wrapping": "body.wrapping",
    "follow_redirects": "follow_redirects",
    "retry": "retry",
    "mobile_sdk_only": "called_by",
    "payload_ref": "body.payload_schema",
    "money_movement": "money_movement",
    "answer_codes": "answer_codes",
    "payload_from": "payload_from",
    "field_rules": "field_rules",
    "codes": "codes",
    "refinements": "codes[].refine",
    "evidence": "evidence",
}


def _webhook_entries(doc: dict[str, Any]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for name, item in (doc.get("webhooks") or {}).items():
        for method in HTTP_METHODS:
            op = item.get(method)
            if not isinstance(op, dict):
                continue
            where = f"webhook {name}"
            body = resolve(doc, op.get("requestBody")) or {}
            content = body.get("content") or {}
            if len(content) != 1:
                raise SpecError(f"{where}: operations.json expects one content type, got {list(content)}")
            media, media_obj = next(iter(content.items()))
            schema_name = _schema_name(doc, media_obj.get("schema"), where)
            schema = resolve(doc, media_obj.get("schema")) or {}
            props = schema.get("properties") or {}
            wrapper = next(
                (
                    k
                    for k, v in props.items()
                    if isinstance(resolve(doc, v), dict) and "contentSchema" in resolve(doc, v)
                ),
                None,
            )
            payload = _ref_name(resolve(doc, props[wrapper]).get("contentSchema")) if wrapper else schema_name
            headers = [resolve(doc, p) for p in [*(item.get("parameters") or []), *(op.get("parameters") or [])]]
            signed_by_header = any(
                p.get("in") == "header" and str(p.get("name")).upper() == "X-VERIFY" for p in headers
            )
            verify: dict[str, Any] | None
            if signed_by_header and wrapper:
                verify = {"kind": "x-verify-header", "header": "X-VERIFY", "message": [wrapper], "field": None}
            elif "checksum" in props:
                fields = [k for k in props if k != "checksum"]
                if tuple(fields) != UI_CHECKSUM_FIELDS:
                    raise SpecError(
                        f"{where}: {schema_name} lists {fields}, but the documented checksum message is "
                        f"{list(UI_CHECKSUM_FIELDS)} (update UI_CHECKSUM_FIELDS together with the spec)"
                    )
                verify = {"kind": "checksum-field", "header": None, "message": fields, "field": "checksum"}
            else:
                verify = None
            out[str(op.get("operationId") or name)] = {
                "summary": str(op.get("summary") or ""),
                "method": method.upper(),
                "content_type": media,
                "schema": schema_name,
                "wrapper_field": wrapper,
                "payload_schema": payload,
                "verify": verify,
            }
    return out


def operations_table(
    doc: dict[str, Any], metas: list[OperationMeta], where: dict[str, dict[str, str]]
) -> dict[str, Any]:
    info = doc.get("info") or {}
    hosts: dict[str, Any] = {}
    for host in HOSTS:
        hosts[host] = {
            "document": f"openapi.{host}.json",
            "variable": HOST_VARIABLE[host],
            "servers": _servers_of(doc, metas, host),
        }
    operations = {}
    for m in metas:
        host_file = f"openapi.{m.host}.json"
        operations[m.operation_id] = _operation_entry(doc, m, where[m.host][m.operation_id], host_file)
    return {
        "format": FORMAT,
        "schema": "operations.schema.json",
        "about": "Operation facts of the merchant gateway API, generated from its OpenAPI document (openapi.json "
        "beside this file; do not edit): what a signing middleware needs per operationId, so it "
        "never parses YAML or matches URLs. Paths are relative to the host's base URL (which may carry a prefix). "
        "Schema names are keys of components.schemas in every released OpenAPI document. Readers ignore fields "
        "they do not know; `format` changes when a field is removed or changes meaning.",
        "spec": {"title": info.get("title"), "version": info.get("version"), "openapi": doc.get("openapi")},
        "signature": SIGNATURE,
        "hosts": hosts,
        "operations": operations,
        "webhooks": _webhook_entries(doc),
        "outcomes": _outcome_table(doc, metas),
    }


def _outcome_table(doc: dict[str, Any], metas: list[OperationMeta]) -> dict[str, Any]:
    """generator/outcomes.py's rows (the ones the Python client judges by) and the spec's verdict rules (how an
    answer is read and judged), so every language applies one table and one set of rules."""
    return {
        "tables": {row["key"]: {k: v for k, v in row.items() if k != "key"} for row in outcome_rows(doc, metas)},
        "categories": categories(doc),
        "rules": verdict_rules(doc),
    }


# ------------------------------------------------------------------------------------------------ all files
def build(doc: dict[str, Any]) -> dict[str, Any]:
    """Every artifact (file name -> JSON data) of one spec document. Raises SpecError on a spec it cannot split."""
    metas = collect(doc)
    out: dict[str, Any] = {
        "openapi.json": copy.deepcopy(doc),
        "openapi.no-webhooks.json": without_webhooks(doc),
        "openapi.webhooks.json": webhooks_document(doc),
    }
    where: dict[str, dict[str, str]] = {}
    for host in HOSTS:
        out[f"openapi.{host}.json"], where[host] = host_document(doc, metas, host)
    out["operations.json"] = operations_table(doc, metas, where)
    out["operations.schema.json"] = json.loads(SCHEMA_FILE.read_text(encoding="utf-8"))
    return out


def render(data: Any) -> str:
    return json.dumps(data, indent=2, ensure_ascii=False) + "\n"


def manifest(files: dict[str, str], version: Any) -> dict[str, Any]:
    return {
        "spec_version": version,
        "files": {
            name: {"sha256": hashlib.sha256(text.encode("utf-8")).hexdigest(), "what": FILES[name]}
            for name, text in files.items()
        },
    }


def _kit_text(doc: dict[str, Any]) -> str:
    """The conformance kit as tools/conformance/make_kit.py renders it (byte-identical to spec/conformance/kit.json
    for spec/openapi.yaml: `make conformance-check` guards that copy)."""
    from tools.conformance import make_kit

    return str(make_kit.render(make_kit.make_kit(copy.deepcopy(doc))))


def release_texts(doc: dict[str, Any], artifacts: dict[str, Any] | None = None) -> dict[str, str]:
    """Every released file of one spec document (name -> text, manifest.json last): the built artifacts, the
    conformance kit, the signing vectors (copied byte for byte) and the manifest of them all."""
    built = build(doc) if artifacts is None else artifacts
    texts = {name: render(data) for name, data in built.items()}
    texts[KIT_FILE] = _kit_text(doc)
    texts[VECTORS_FILE] = VECTORS_SOURCE.read_text(encoding="utf-8")
    texts[MANIFEST_FILE] = render(manifest(texts, (doc.get("info") or {}).get("version")))
    return texts


# ------------------------------------------------------------------------------------------------ checks
def validate(artifacts: dict[str, Any], source: dict[str, Any]) -> list[str]:
    """Problems of a built set: OpenAPI validity, operations.json against its schema, and that each per-host
    document gives collect() the same facts as the source (only the fixed path segments may differ)."""
    import jsonschema
    from openapi_spec_validator import validate as validate_openapi

    problems: list[str] = []
    for name, data in artifacts.items():
        if name.startswith("openapi."):
            try:
                validate_openapi(data)
            except Exception as err:  # noqa: BLE001 - every validator error is a problem to report
                problems.append(f"{name}: not a valid OpenAPI document: {str(err).splitlines()[0]}")
    schema = artifacts["operations.schema.json"]
    for err in jsonschema.Draft202012Validator(schema).iter_errors(artifacts["operations.json"]):
        problems.append(f"operations.json: {'/'.join(map(str, err.absolute_path))}: {err.message}")
    source_metas = {m.operation_id: m for m in collect(source)}
    table = artifacts["operations.json"]["operations"]
    seen: set[str] = set()
    for host in HOSTS:
        doc = artifacts[f"openapi.{host}.json"]
        try:
            metas = collect(doc)
        except SpecError as err:
            problems.append(f"openapi.{host}.json: {err}")
            continue
        for m in metas:
            seen.add(m.operation_id)
            want = source_metas.get(m.operation_id)
            if want is None or want.host != host:
                problems.append(f"openapi.{host}.json: {m.operation_id} does not belong to the {host} host")
                continue
            if m.url_path != table[m.operation_id]["document"]["path"]:
                problems.append(
                    f"openapi.{host}.json: {m.operation_id} is at {m.url_path}, operations.json says "
                    f"{table[m.operation_id]['document']['path']}"
                )
            if dataclasses.replace(m, url_path=want.url_path) != want:
                problems.append(f"openapi.{host}.json: {m.operation_id} facts differ from the spec's")
        if doc.get("servers") != artifacts["operations.json"]["hosts"][host]["servers"]:
            problems.append(f"openapi.{host}.json: servers differ from operations.json hosts.{host}.servers")
        for item in (doc.get("paths") or {}).values():
            for method in HTTP_METHODS:
                if isinstance(item.get(method), dict) and "servers" in item[method]:
                    problems.append(f"openapi.{host}.json: operation-level servers left in")
    missing = set(source_metas) - seen
    problems.extend(f"{op_id}: in no per-host document" for op_id in sorted(missing))
    return problems


# ------------------------------------------------------------------------------------------------ command line
def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description="Build the release artifacts from the spec.")
    ap.add_argument("--spec", type=Path, default=SPEC)
    ap.add_argument("--out", type=Path, default=OUT)
    ap.add_argument("--no-validate", action="store_true", help="skip the OpenAPI/JSON Schema/consistency checks")
    args = ap.parse_args(argv)
    try:
        doc = load(args.spec)
        artifacts = build(doc)
        problems = [] if args.no_validate else validate(artifacts, doc)
    except SpecError as err:
        print(f"spec-artifacts: {err}", file=sys.stderr)
        return 1
    if problems:
        print("spec-artifacts: the built artifacts are not right:\n  " + "\n  ".join(problems), file=sys.stderr)
        return 1
    args.out.mkdir(parents=True, exist_ok=True)
    texts = release_texts(doc, artifacts)
    for name, text in texts.items():
        (args.out / name).write_text(text, encoding="utf-8")
    ops = artifacts["operations.json"]["operations"]
    counts = ", ".join(f"{h} {sum(1 for o in ops.values() if o['host'] == h)}" for h in HOSTS)
    print(
        f"spec-artifacts: wrote {len(texts)} files to {args.out} (operations: {counts}; "
        f"webhooks {len(artifacts['operations.json']['webhooks'])})"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
