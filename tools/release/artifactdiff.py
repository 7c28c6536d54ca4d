"""Classify changes of the release artifacts (tools/artifacts/make_artifacts.py) like spec changes.

Other languages consume operations.json and the per-host documents (openapi.base.json, openapi.apps.json,
openapi.auth.json) rather than spec/openapi.yaml, so a release must not change them in a way the version bump does
not announce. The release check builds the artifacts of the released spec and of the current one with the same
builder and compares:

* per-host documents: with specdiff.compare (the same rules as the spec), plus their document-level servers
  (a server URL removed: breaking; added: additive). An operation that moves to another host leaves one document
  (breaking) and enters another;
* operations.json, field by field (an operation removed: breaking; added: additive):
  - method, host, path (the wire path, fixed segments written in), document path, path parameters, signing
    mode/path/required, body wrapping/content type/wrapper field/payload schema, follow_redirects, called_by:
    breaking (the bytes of a call or who makes it change);
  - header and query parameters: removed or made required is breaking, added optional or made optional additive;
  - retry: by direction, specdiff.retry_change;
  - money_movement, answer_codes, payload_from: from the default value to another is additive (a fact stated),
    any other change breaking, as specdiff's FACT_EXTENSIONS;
  - summary: docs;
  - hosts.<role>.servers: as the documents' servers; webhooks: verification (kind, header, field, message) or
    wrapper/payload changed: breaking; a webhook removed: breaking, added: additive;
  - `format`: any change is breaking (readers must be updated).

Changes identical to one the spec comparison already reports (same level, kind, place and detail) are left out;
the rest carry the artifact's file name in `where`.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

from specdiff import ADDITIVE, BREAKING, DOCS, Change, compare, retry_change

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:  # the builder imports generator/ from the repository root
    sys.path.insert(0, str(ROOT))

from tools.artifacts import make_artifacts  # noqa: E402

HOST_FILES = tuple(f"openapi.{h}.json" for h in make_artifacts.HOSTS)
FACT_DEFAULTS = {"money_movement": "none", "answer_codes": "outcome", "payload_from": "caller"}
BREAKING_FIELDS = (
    "method",
    "host",
    "path",
    "source_path",
    "fixed_path_params",
    "path_params",
    "follow_redirects",
    "called_by",
)


class ArtifactsUnavailable(Exception):
    """The artifacts of one side cannot be built. For the released ("old") side that only means the release predates
    what the builder needs; for the current ("new") side the release cannot be made."""

    def __init__(self, side: str, message: str) -> None:
        super().__init__(f"{side} spec: {message}")
        self.side = side


def build(doc: dict[str, Any], side: str = "new") -> dict[str, Any]:
    try:
        return make_artifacts.build(doc)
    except make_artifacts.SpecError as err:
        raise ArtifactsUnavailable(side, str(err).strip().splitlines()[-1].strip()) from err


def compare_artifacts(old: dict[str, Any], new: dict[str, Any]) -> list[Change]:
    """Changes from the `old` artifact set to the `new` one (both from `build`)."""
    out: list[Change] = []
    for name in HOST_FILES:
        o, n = old.get(name) or {}, new.get(name) or {}
        for c in compare(o, n):
            out.append(Change(c.level, c.kind, f"{name}: {c.where}", c.detail))
        out.extend(_servers(name, "servers", o.get("servers") or [], n.get("servers") or []))
    out.extend(_operations_json(old["operations.json"], new["operations.json"]))
    return out


def changes_between(old_doc: dict[str, Any], new_doc: dict[str, Any], spec_changes: list[Change]) -> list[Change]:
    """Artifact changes that add something to `spec_changes` (the spec comparison of the same two documents)."""
    known = {(c.level, c.kind, c.where, c.detail) for c in spec_changes}
    out = []
    new = build(new_doc, "new")
    old = build(old_doc, "released")
    for c in compare_artifacts(old, new):
        bare_where = c.where.split(": ", 1)[1] if c.where.startswith(HOST_FILES) else None
        if bare_where is not None and (c.level, c.kind, bare_where, c.detail) in known:
            continue
        if c.level == DOCS and bare_where is not None:  # docs text of a per-host document: the spec says it
            continue
        out.append(c)
    return out


def _servers(name: str, where: str, old: list[Any], new: list[Any]) -> list[Change]:
    o = [s.get("url") for s in old if isinstance(s, dict)]
    n = [s.get("url") for s in new if isinstance(s, dict)]
    if o == n:
        if old != new:  # descriptions, variable defaults
            o_vars = [s.get("variables") for s in old if isinstance(s, dict)]
            n_vars = [s.get("variables") for s in new if isinstance(s, dict)]
            level = ADDITIVE if o_vars != n_vars else DOCS
            return [Change(level, "document-servers-changed", f"{name}: {where}", "server variables or texts")]
        return []
    removed = [u for u in o if u not in n]
    return [Change(BREAKING if removed else ADDITIVE, "document-servers-changed", f"{name}: {where}", f"{o} -> {n}")]


def _params(op_id: str, kind: str, old: list[dict[str, Any]], new: list[dict[str, Any]]) -> list[Change]:
    out = []
    o = {p["name"].lower() if kind == "header_params" else p["name"]: p for p in old}
    n = {p["name"].lower() if kind == "header_params" else p["name"]: p for p in new}
    where = f"operations.json: {op_id} {kind}"
    for name, p in o.items():
        if name not in n:
            out.append(Change(BREAKING, "artifact-parameter-removed", where, f"{p['name']} removed"))
        elif p["required"] != n[name]["required"]:
            level = BREAKING if n[name]["required"] else ADDITIVE
            out.append(
                Change(
                    level,
                    "artifact-parameter-required-changed",
                    where,
                    f"{p['name']} required {p['required']} -> {n[name]['required']}",
                )
            )
    for name, p in n.items():
        if name not in o:
            level = BREAKING if p["required"] else ADDITIVE
            out.append(
                Change(
                    level,
                    "artifact-parameter-added",
                    where,
                    f"{p['name']} added ({'required' if p['required'] else 'optional'})",
                )
            )
    return out


def _codes(op_id: str, old: list[dict[str, Any]], new: list[dict[str, Any]]) -> list[Change]:
    """x-codes: a code listed for the first time is additive (code is an open string: clients already accept
    unknown codes); a code no longer listed, or one whose outcome changes, is breaking (a client deciding by it
    changes what it does)."""
    where = f"operations.json: {op_id} codes"
    o = {c["code"]: c["outcome"] for c in old}
    n = {c["code"]: c["outcome"] for c in new}
    out = []
    for code, outcome in o.items():
        if code not in n:
            out.append(Change(BREAKING, "artifact-code-removed", where, f"{code} ({outcome}) no longer listed"))
        elif n[code] != outcome:
            out.append(Change(BREAKING, "artifact-code-outcome-changed", where, f"{code}: {outcome} -> {n[code]}"))
    for code, outcome in n.items():
        if code not in o:
            out.append(Change(ADDITIVE, "artifact-code-added", where, f"{code} ({outcome})"))
    return out


def _field_rules(op_id: str, old: list[dict[str, Any]], new: list[dict[str, Any]]) -> list[Change]:
    """x-field-rules restrict what a caller sends: a new rule is breaking, a rule dropped additive."""
    where = f"operations.json: {op_id} field_rules"
    o = {(r["rule"], tuple(r["fields"])) for r in old}
    n = {(r["rule"], tuple(r["fields"])) for r in new}
    out = [Change(BREAKING, "artifact-field-rule-added", where, f"{r} {list(f)}") for r, f in sorted(n - o)]
    out += [Change(ADDITIVE, "artifact-field-rule-removed", where, f"{r} {list(f)}") for r, f in sorted(o - n)]
    return out


def _operations_json(old: dict[str, Any], new: dict[str, Any]) -> list[Change]:
    out: list[Change] = []
    if old.get("format") != new.get("format"):
        out.append(
            Change(
                BREAKING,
                "operations-format-changed",
                "operations.json: format",
                f"{old.get('format')!r} -> {new.get('format')!r}",
            )
        )
    for role in sorted(set(old.get("hosts") or {}) | set(new.get("hosts") or {})):
        o = (old.get("hosts") or {}).get(role) or {}
        n = (new.get("hosts") or {}).get(role) or {}
        out.extend(_servers("operations.json", f"hosts.{role}.servers", o.get("servers") or [], n.get("servers") or []))
        if o.get("document") != n.get("document") or o.get("variable") != n.get("variable"):
            out.append(
                Change(
                    BREAKING,
                    "artifact-host-changed",
                    f"operations.json: hosts.{role}",
                    f"{o.get('document')}/{o.get('variable')} -> {n.get('document')}/{n.get('variable')}",
                )
            )
    o_ops, n_ops = old.get("operations") or {}, new.get("operations") or {}
    for op_id, o in o_ops.items():
        where = f"operations.json: {op_id}"
        n = n_ops.get(op_id)
        if n is None:
            out.append(Change(BREAKING, "artifact-operation-removed", where, f"{o['method']} {o['path']} removed"))
            continue
        for field in BREAKING_FIELDS:
            if o.get(field) != n.get(field):
                out.append(
                    Change(
                        BREAKING,
                        f"artifact-{field.replace('_', '-')}-changed",
                        where,
                        f"{o.get(field)!r} -> {n.get(field)!r}",
                    )
                )
        if o.get("document") != n.get("document"):
            out.append(
                Change(BREAKING, "artifact-document-changed", where, f"{o.get('document')} -> {n.get('document')}")
            )
        for key in ("mode", "path", "required"):
            if (o.get("signing") or {}).get(key) != (n.get("signing") or {}).get(key):
                out.append(
                    Change(
                        BREAKING,
                        f"artifact-signing-{key}-changed",
                        where,
                        f"{(o.get('signing') or {}).get(key)!r} -> {(n.get('signing') or {}).get(key)!r}",
                    )
                )
        ob, nb = o.get("body"), n.get("body")
        if (ob is None) != (nb is None):
            out.append(Change(BREAKING, "artifact-body-changed", where, f"{ob!r} -> {nb!r}"))
        elif ob is not None and nb is not None:
            for key in ("wrapping", "content_type", "wrapper_field", "payload_schema", "schema"):
                if ob.get(key) != nb.get(key):
                    out.append(
                        Change(
                            BREAKING,
                            f"artifact-body-{key.replace('_', '-')}-changed",
                            where,
                            f"{ob.get(key)!r} -> {nb.get(key)!r}",
                        )
                    )
            if ob.get("required") != nb.get("required"):
                level = BREAKING if nb.get("required") else ADDITIVE
                out.append(
                    Change(
                        level, "artifact-body-required-changed", where, f"{ob.get('required')} -> {nb.get('required')}"
                    )
                )
        for kind in ("header_params", "query_params"):
            out.extend(_params(op_id, kind, o.get(kind) or [], n.get(kind) or []))
        retry = retry_change(o.get("retry"), n.get("retry"))
        if retry is not None:
            out.append(Change(retry[0], f"artifact-{retry[1]}", where, f"{o.get('retry')!r} -> {n.get('retry')!r}"))
        for field, default in FACT_DEFAULTS.items():
            if o.get(field) != n.get(field):
                stated = o.get(field) == default
                out.append(
                    Change(
                        ADDITIVE if stated else BREAKING,
                        f"artifact-{field.replace('_', '-')}-{'stated' if stated else 'changed'}",
                        where,
                        f"{o.get(field)!r} -> {n.get(field)!r}",
                    )
                )
        out.extend(_codes(op_id, o.get("codes") or [], n.get("codes") or []))
        out.extend(_field_rules(op_id, o.get("field_rules") or [], n.get("field_rules") or []))
        if o.get("summary") != n.get("summary"):
            out.append(Change(DOCS, "artifact-summary-changed", where, "summary text"))
    for op_id, n in n_ops.items():
        if op_id not in o_ops:
            out.append(
                Change(
                    ADDITIVE,
                    "artifact-operation-added",
                    f"operations.json: {op_id}",
                    f"{n['method']} {n['path']} added ({n['host']} host)",
                )
            )
    o_hooks, n_hooks = old.get("webhooks") or {}, new.get("webhooks") or {}
    for name, o in o_hooks.items():
        where = f"operations.json: webhooks.{name}"
        n = n_hooks.get(name)
        if n is None:
            out.append(Change(BREAKING, "artifact-webhook-removed", where, "removed"))
            continue
        for key in ("content_type", "wrapper_field", "payload_schema", "schema", "verify"):
            if o.get(key) != n.get(key):
                out.append(
                    Change(
                        BREAKING,
                        f"artifact-webhook-{key.replace('_', '-')}-changed",
                        where,
                        f"{o.get(key)!r} -> {n.get(key)!r}",
                    )
                )
        if o.get("method") != n.get("method"):
            out.append(
                Change(BREAKING, "artifact-webhook-method-changed", where, f"{o.get('method')} -> {n.get('method')}")
            )
    for name in n_hooks:
        if name not in o_hooks:
            out.append(Change(ADDITIVE, "artifact-webhook-added", f"operations.json: webhooks.{name}", "added"))
    return out
