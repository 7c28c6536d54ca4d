"""Load the spec and check the project's `x-` extension vocabulary (docs/design.md, "Extension vocabulary").

openapi-python-client drops operation-level extensions before its templates run, so everything the
templates need about an operation is read here, checked, and handed over as an `OperationMeta`.
"""

from __future__ import annotations

import datetime
import hashlib
import json
import os
import re
import subprocess
import sys
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

# Parsed documents by content (git-ignored build/, like run.py's template cache): the pure-Python YAML parse
# is the longest single step of a run and gives the same result for the same bytes.
PARSE_CACHE = Path(__file__).resolve().parent.parent / "build" / "cache" / "generator-spec"

HTTP_METHODS = ("get", "put", "post", "delete", "options", "head", "patch", "trace")
OPERATION_EXTENSIONS = {
    "x-host",
    "x-signing-mode",
    "x-signing-path",
    "x-signing-required",
    "x-body-wrapping",
    "x-follow-redirects",
    "x-retry",
    "x-called-by",
    "x-money-movement",
    "x-answer-codes",
    "x-payload-from",
    "x-codes",
    "x-evidence",
}
# x-retry: safe = re-send after any failure; reconcile-first = may move money, settle an unknown outcome through
# the status operation; never = not idempotent and nothing settles it, the caller or a flow decides.
RETRY_MODES = ("safe", "reconcile-first", "never")
# x-money-movement: what the call does to money once the gateway acts on it (client policy: an amount sent with a
# debit or collect bounds later refunds; a refund is checked against it).
MONEY_MOVEMENTS = ("none", "debit", "collect", "refund", "deferred-refund")
# x-answer-codes: outcome = success, pending and initiation codes are answers, other codes errors;
# payment-state = every payment state (PAYMENT_ERROR, _DECLINED, _CANCELLED too) is the answer asked for.
ANSWER_CODES = ("outcome", "payment-state")
# x-payload-from: caller (default) or configuration (the token call's client credentials: never a parameter).
PAYLOAD_SOURCES = ("caller", "configuration")
# x-codes (operation, webhook): the codes an operation answers, each with its meaning there and an outcome
# (a code's meaning depends on the operation: PAYMENT_SUCCESS on a v4 debit answer is `accepted`).
# duplicate: the id was used before, so what it names may exist (a refund, a payment): learn its status, never a
# failure.
# An entry may `refine` its outcome by data.payResponseCode where that changes the meaning (a refund's
# PAYMENT_ERROR with DUPLICATE_TXN_REQUEST is a refund that exists).
CODE_OUTCOMES = ("succeeded", "accepted", "pending", "failed", "unknown", "rejected", "not-found", "duplicate")
CODE_KEYS: tuple[str, str, str] = ("code", "outcome", "meaning")
REFINE_KEYS: tuple[str, str, str] = ("payResponseCode", "outcome", "meaning")
# x-evidence (operation, webhook): per outcome, the answer fields that outcome needs (present, of the documented
# type and, for transactionId, merchantId and amount, equal to what was sent or expected). Without them the answer
# proves nothing: unknown for a call that may move money, unreadable for a read.
EVIDENCE_FIELDS = ("data.transactionId", "data.merchantId", "data.amount", "data.redirectURL")
# x-field-rules (payload schema or operation): rules between payload fields; a field counts as sent when its key is
# in the payload. exactly/at-least/at-most-one-of take two or more fields, required one or more.
FIELD_RULES = ("exactly-one-of", "at-least-one-of", "at-most-one-of", "required")
ANYWHERE_EXTENSIONS = {"x-source", "x-not-shown"}
SCHEMA_EXTENSIONS = {"x-terminal", "x-code-catalog", "x-known-values", "x-field-rules", "x-enum-name"}
# x-enum-name (an inline enum schema): the public name of its generated enum class. Every schema with the same name
# has the same type and values and becomes one class (generator/rewrite.py), instead of one per place of use named
# after it (DebitV4WebXREDIRECTMODE).
ENUM_NAME = re.compile(r"[A-Z][A-Za-z0-9]*")
ENUM_DEFINING = ("type", "enum")  # what makes two x-enum-name schemas the same enum (not descriptions, defaults)
# x-verdict-rules (document root): how every client reads an answer and reaches its verdict (generator/verdict_rules.py)
ROOT_EXTENSIONS = {"x-verdict-rules"}
KNOWN_EXTENSIONS = OPERATION_EXTENSIONS | ANYWHERE_EXTENSIONS | SCHEMA_EXTENSIONS | ROOT_EXTENSIONS
# Maps whose keys are names chosen by the author (a header may well be called x-something).
NAME_MAPS = tuple(
    f"/{m}"
    for m in (
        "properties",
        "patternProperties",
        "$defs",
        "headers",
        "encoding",
        "mapping",
        "schemas",
        "parameters",
        "responses",
        "requestBodies",
        "securitySchemes",
        "callbacks",
        "links",
        "webhooks",
        "examples",
    )
)
PLACEHOLDER = re.compile(r"\{([^{}]+)\}")


class SpecError(Exception):
    """The spec breaks the extension vocabulary or a rule the generated client relies on."""


@dataclass(frozen=True)
class OperationMeta:
    """What the templates need to know about one operation, taken from its `x-` extensions."""

    operation_id: str
    method: str
    url_path: str
    host: str
    signing_mode: str
    signing_path: str | None
    signing_required: bool
    body_wrapping: str
    follow_redirects: bool
    retry: str
    mobile_sdk_only: bool
    payload_ref: str | None  # contentSchema $ref of a base64-json body
    money_movement: str = "none"
    answer_codes: str = "outcome"
    payload_from: str = "caller"
    # x-field-rules of the payload schema, then of the operation: (rule, fields) in spec order
    field_rules: tuple[tuple[str, tuple[str, ...]], ...] = ()
    codes: tuple[tuple[str, str], ...] = ()  # x-codes: (code, outcome) in spec order
    # x-codes refine: (code, payResponseCode, outcome) in spec order
    refinements: tuple[tuple[str, str, str], ...] = ()
    evidence: tuple[tuple[str, tuple[str, ...]], ...] = ()  # x-evidence: (outcome, fields) in spec order


def load_spec(path: Path) -> dict[str, Any]:
    """Read YAML into plain dicts/lists, keeping key order (spec.json and the rewritten copy depend on it)."""
    # The pure-Python safe loader: plain dicts in document order, duplicate keys rejected, YAML 1.2 like the
    # round-trip loader (same result on this spec, in half the time). pure=True: the libyaml-based one would
    # resolve YAML 1.1 scalars (yes/no/on as booleans). Imported here: a run whose spec is in PARSE_CACHE parses
    # nothing, and ruamel is a part of its imports it would not use.
    from ruamel.yaml import YAML
    from ruamel.yaml.error import YAMLError

    yaml = YAML(typ="safe", pure=True)
    try:
        document = _plain(yaml.load(path.read_text(encoding="utf-8")))
    except YAMLError as err:
        raise SpecError(f"{path}: not valid YAML: {err}") from err
    if not isinstance(document, dict):
        raise SpecError(f"{path}: not an OpenAPI document")
    return document


def cached_document(path: Path) -> dict[str, Any] | None:
    """`load_spec(path)` from PARSE_CACHE, without parsing; None when the spec is not there."""
    cache = _parse_cache_file(path)
    if cache is None:
        return None
    try:
        document: dict[str, Any] = json.loads(cache.read_bytes())
    except (OSError, ValueError):
        return None
    return document


def load_spec_in_background(path: Path) -> Callable[[], dict[str, Any]]:
    """Start `load_spec(path)` in a child process and return a function that waits for its result.

    Parsing the YAML (pure Python, the largest single cost of a run) then overlaps the import of
    openapi-python-client in the parent. The child sends the document as JSON, which keeps key order and
    holds nothing but the builtins `_plain` returns, so the result equals `load_spec(path)`. That JSON is
    kept in PARSE_CACHE: the same spec bytes (with the same loader) are then not parsed again.
    """
    cache = _parse_cache_file(path)
    if cache is not None:
        try:
            cached: dict[str, Any] = json.loads(cache.read_bytes())
        except (OSError, ValueError):
            pass
        else:
            return lambda: cached
    proc = subprocess.Popen(
        [sys.executable, "-m", "generator.spec", str(path.resolve())],
        cwd=Path(__file__).resolve().parent.parent,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )

    def result() -> dict[str, Any]:
        out, err = proc.communicate()
        if proc.returncode == 2:
            raise SpecError(err.decode("utf-8", "replace").strip())
        if proc.returncode != 0:
            sys.stderr.write(err.decode("utf-8", "replace"))
            raise SystemExit(f"reading {path} failed (exit {proc.returncode})")
        document: dict[str, Any] = json.loads(out)
        if cache is not None:
            _store(cache, out)
        return document

    return result


def _parse_cache_file(path: Path) -> Path | None:
    """Cache entry of `path`'s document, keyed by the spec bytes, this loader's source and the ruamel version
    (a changed spec, loader or parser is parsed afresh; invalid YAML is never stored)."""
    from importlib.metadata import version  # the installed ruamel's, without importing it (run.py needs this too)

    try:
        digest = hashlib.sha256()
        for part in (path.read_bytes(), Path(__file__).read_bytes(), version("ruamel.yaml").encode()):
            digest.update(part + b"\0")
    except OSError:
        return None
    return PARSE_CACHE / f"{digest.hexdigest()}.json"


def _store(cache: Path, data: bytes) -> None:
    try:  # written beside, then renamed: a concurrent run never reads half an entry
        cache.parent.mkdir(parents=True, exist_ok=True)
        tmp = cache.with_suffix(f".{os.getpid()}.tmp")
        tmp.write_bytes(data)
        os.replace(tmp, cache)
    except OSError:
        pass


def _plain(node: Any) -> Any:
    # ruamel's round-trip types carry comments and anchors; JSON output needs builtins only.
    if isinstance(node, dict):
        return {str(k): _plain(v) for k, v in node.items()}
    if isinstance(node, list):
        return [_plain(v) for v in node]
    if isinstance(node, datetime.datetime | datetime.date):
        return node.isoformat()
    if isinstance(node, bool) or node is None:
        return node
    if isinstance(node, int):
        return int(node)
    if isinstance(node, float):
        return float(node)
    if isinstance(node, str):
        return str(node)
    raise SpecError(f"unsupported YAML value {node!r}")


def resolve(spec: dict[str, Any], node: Any) -> Any:
    """Follow local `$ref`s (`#/a/b`) until a non-reference node is reached."""
    seen: set[str] = set()
    while isinstance(node, dict) and "$ref" in node:
        ref = node["$ref"]
        if not isinstance(ref, str) or not ref.startswith("#/") or ref in seen:
            raise SpecError(f"unsupported or circular $ref {ref!r}")
        seen.add(ref)
        node = spec
        for part in ref[2:].split("/"):
            part = part.replace("~1", "/").replace("~0", "~")
            if not isinstance(node, dict) or part not in node:
                raise SpecError(f"broken $ref {ref!r}")
            node = node[part]
    return node


def iter_operations(spec: dict[str, Any]) -> Iterator[tuple[str, str, dict[str, Any]]]:
    for url_path, item in (spec.get("paths") or {}).items():
        for method in HTTP_METHODS:
            if method in item:
                yield url_path, method, item[method]


def check_vocabulary(node: Any, where: str = "#") -> list[str]:
    """Every `x-` key anywhere in the document must belong to the design's vocabulary."""
    problems: list[str] = []
    if isinstance(node, dict):
        for key, value in node.items():
            # Keys inside `properties`, `examples` etc. are names, not extensions; only flag keys that
            # sit where an extension can sit, i.e. everywhere except directly under a name map.
            if key.startswith("x-") and not where.endswith(NAME_MAPS):
                if key not in KNOWN_EXTENSIONS:
                    problems.append(f"{where}: unknown extension {key}")
                problems.extend(_check_anywhere(key, value, f"{where}/{key}"))
            if key not in ("example", "examples", "default", "const", "enum"):
                problems.extend(check_vocabulary(value, f"{where}/{key}"))
    elif isinstance(node, list):
        for i, value in enumerate(node):
            problems.extend(check_vocabulary(value, f"{where}/{i}"))
    return problems


def _check_anywhere(key: str, value: Any, where: str) -> list[str]:
    ok = True
    if key == "x-source":
        ok = value in ("interface-document", "public-reference")
    elif key == "x-not-shown":
        ok = isinstance(value, str) or (isinstance(value, list) and all(isinstance(v, str) for v in value))
    elif key == "x-terminal":
        ok = isinstance(value, bool)
    elif key in ("x-known-values", "x-code-catalog"):
        ok = isinstance(value, list)
    elif key == "x-enum-name":
        ok = isinstance(value, str) and ENUM_NAME.fullmatch(value) is not None
    elif key == "x-codes":
        return check_codes(value, where)
    elif key == "x-evidence":
        return check_evidence(value, where)
    elif key == "x-field-rules":
        return check_field_rules(value, where)
    elif key in ROOT_EXTENSIONS:
        from . import verdict_rules  # it imports this module

        if where != f"#/{key}":
            return [f"{where}: {key} belongs at the document root"]
        return verdict_rules.check(value, where)
    return [] if ok else [f"{where}: bad value {value!r}"]


def check_codes(value: Any, where: str) -> list[str]:
    """x-codes: a non-empty list of {code, outcome, meaning[, refine]}, each code once."""
    return _check_outcome_list(value, where, CODE_KEYS, optional=("refine",))


def _check_refine(value: Any, where: str) -> list[str]:
    """refine: a non-empty list of {payResponseCode, outcome, meaning}, each payResponseCode once."""
    return [] if value is None else _check_outcome_list(value, where, REFINE_KEYS)


def _check_outcome_list(
    value: Any, where: str, keys: tuple[str, str, str], optional: tuple[str, ...] = ()
) -> list[str]:
    """A non-empty list of {<name>, outcome, meaning} (x-codes and their refine), each <name> (``keys[0]``) once;
    an entry's `refine` is checked the same way."""
    key = keys[0]
    if not isinstance(value, list) or not value:
        return [f"{where}: must be a non-empty list of {{{', '.join(keys)}}}"]
    problems: list[str] = []
    seen: set[str] = set()
    for i, entry in enumerate(value):
        at = f"{where}/{i}"
        if not isinstance(entry, dict) or set(entry) - set(optional) != set(keys):
            more = f" (and optionally {', '.join(optional)})" if optional else ""
            problems.append(f"{at}: must have exactly the keys {', '.join(keys)}{more}")
            continue
        if "refine" in optional:
            problems += _check_refine(entry.get("refine"), f"{at}/refine")
        name, outcome, meaning = entry[key], entry["outcome"], entry["meaning"]
        if not isinstance(name, str) or not name or name in seen:
            problems.append(f"{at}: {key} {name!r} is not a new non-empty string")
        else:
            seen.add(name)
        if outcome not in CODE_OUTCOMES:
            problems.append(f"{at}: outcome must be one of {CODE_OUTCOMES}, got {outcome!r}")
        if not isinstance(meaning, str) or not meaning.strip():
            problems.append(f"{at}: meaning must be a non-empty string")
    return problems


def check_evidence(value: Any, where: str) -> list[str]:
    """x-evidence: {outcome: [field, ...]} with documented outcomes and fields."""
    if not isinstance(value, dict) or not value:
        return [f"{where}: must be a non-empty map of outcome to a list of fields"]
    problems: list[str] = []
    for outcome, fields in value.items():
        if outcome not in CODE_OUTCOMES:
            problems.append(f"{where}: outcome must be one of {CODE_OUTCOMES}, got {outcome!r}")
        if not isinstance(fields, list) or not fields or any(f not in EVIDENCE_FIELDS for f in fields):
            problems.append(f"{where}/{outcome}: must be a non-empty list of {EVIDENCE_FIELDS}")
    return problems


def check_field_rules(value: Any, where: str) -> list[str]:
    """x-field-rules: a non-empty list of {rule, fields[, description]}."""
    if not isinstance(value, list) or not value:
        return [f"{where}: must be a non-empty list of {{rule, fields[, description]}}"]
    problems: list[str] = []
    for i, entry in enumerate(value):
        at = f"{where}/{i}"
        if not isinstance(entry, dict) or not {"rule", "fields"} <= set(entry) <= {"rule", "fields", "description"}:
            problems.append(f"{at}: must have the keys rule, fields (and optionally description)")
            continue
        rule, fields = entry["rule"], entry["fields"]
        if rule not in FIELD_RULES:
            problems.append(f"{at}: rule must be one of {FIELD_RULES}, got {rule!r}")
        least = 1 if rule == "required" else 2
        if (
            not isinstance(fields, list)
            or len(fields) < least
            or not all(isinstance(f, str) and f for f in fields)
            or len(set(fields)) != len(fields)
        ):
            problems.append(f"{at}: fields must be a list of at least {least} distinct field names")
        if not isinstance(entry.get("description", ""), str):
            problems.append(f"{at}: description must be a string")
    return problems


def _rules(value: Any) -> tuple[tuple[str, tuple[str, ...]], ...]:
    return tuple((str(r["rule"]), tuple(str(f) for f in r["fields"])) for r in value or [])


def payload_schema(spec: dict[str, Any], op: dict[str, Any], wrapping: str) -> tuple[str | None, dict[str, Any]]:
    """(name, schema) of what the caller's payload is: the contentSchema of a base64-json body, else the body."""
    body = op.get("requestBody")
    if body is None:
        return None, {}
    content: dict[str, Any] = resolve(spec, body).get("content") or {}
    media: Any = next(iter(content.values()), {})
    schema = media.get("schema") if isinstance(media, dict) else None
    if wrapping == "base64-json":
        wrapper = resolve(spec, schema)
        schema = ((wrapper.get("properties") or {}).get("request") or {}).get("contentSchema")
    ref = schema.get("$ref") if isinstance(schema, dict) else None
    name = ref.rsplit("/", 1)[-1] if isinstance(ref, str) else None
    node = resolve(spec, schema) if isinstance(schema, dict) else {}
    return name, node if isinstance(node, dict) else {}


def _enum(op: dict[str, Any], key: str, allowed: tuple[str, ...], default: str | None, where: str) -> str:
    value = op.get(key, default)
    if value not in allowed:
        raise SpecError(f"{where}: {key} must be one of {allowed}, got {value!r}")
    assert isinstance(value, str)
    return value


def operation_meta(spec: dict[str, Any], url_path: str, method: str, op: dict[str, Any]) -> OperationMeta:
    where = f"{method.upper()} {url_path}"
    op_id = op.get("operationId")
    if not isinstance(op_id, str) or not op_id:
        raise SpecError(f"{where}: operationId is required (module names derive from it)")
    where = f"{op_id} ({where})"
    host = _enum(op, "x-host", ("base", "apps", "auth"), None, where)
    mode = _enum(op, "x-signing-mode", ("body", "path", "none"), None, where)
    has_body = "requestBody" in op
    wrapping = _enum(
        op, "x-body-wrapping", ("base64-json", "json", "form", "none"), None if has_body else "none", where
    )
    if (wrapping == "none") == has_body:
        raise SpecError(f"{where}: x-body-wrapping {wrapping} does not match the presence of a requestBody")
    retry = _enum(op, "x-retry", RETRY_MODES, "safe", where)
    money = _enum(op, "x-money-movement", MONEY_MOVEMENTS, "none", where)
    if money != "none" and retry == "safe":
        raise SpecError(f"{where}: an operation that moves money cannot be x-retry safe")
    answer_codes = _enum(op, "x-answer-codes", ANSWER_CODES, "outcome", where)
    payload_from = _enum(op, "x-payload-from", PAYLOAD_SOURCES, "caller", where)
    if payload_from == "configuration" and not has_body:
        raise SpecError(f"{where}: x-payload-from configuration needs a requestBody")

    signing_path = op.get("x-signing-path")
    if mode == "none":
        if signing_path is not None:
            raise SpecError(f"{where}: x-signing-path given with x-signing-mode none")
    else:
        if not isinstance(signing_path, str) or not signing_path.startswith("/"):
            raise SpecError(f"{where}: x-signing-path (absolute path) is required when signing")
        path_params = {p["name"] for p in _parameters(spec, url_path, op) if p.get("in") == "path"}
        missing = set(PLACEHOLDER.findall(signing_path)) - path_params
        if missing:
            raise SpecError(f"{where}: x-signing-path names unknown path parameters {sorted(missing)}")
        if mode == "body" and wrapping != "base64-json":
            raise SpecError(f"{where}: body signing hashes the base64 request, so it needs x-body-wrapping base64-json")
        if mode == "body" and PLACEHOLDER.search(signing_path):
            raise SpecError(f"{where}: a body signing path has no parameters")
    required = op.get("x-signing-required", mode != "none")
    if not isinstance(required, bool):
        raise SpecError(f"{where}: x-signing-required must be a boolean")

    follow = op.get("x-follow-redirects", True)
    if not isinstance(follow, bool):
        raise SpecError(f"{where}: x-follow-redirects must be a boolean")

    called_by = op.get("x-called-by", "merchant-server")
    callers = called_by if isinstance(called_by, list) else [called_by]
    if not callers or any(c not in ("merchant-server", "mobile-sdk") for c in callers):
        raise SpecError(f"{where}: bad x-called-by {called_by!r}")

    # x-field-rules: the payload schema's rules hold for every operation that sends it, the operation's only there
    _, payload = payload_schema(spec, op, wrapping)
    names = set((payload.get("properties") or {}).keys())
    field_rules = _rules(payload.get("x-field-rules")) + _rules(op.get("x-field-rules"))
    for rule, fields in field_rules:
        unknown = sorted(set(fields) - names)
        if unknown:
            raise SpecError(f"{where}: x-field-rules {rule} names fields the payload does not have: {unknown}")
    codes, refinements, evidence = code_table(op)
    undocumented = _undocumented_codes(spec, codes)
    if undocumented:
        raise SpecError(f"{where}: x-codes lists codes that ResultCode does not document: {undocumented}")

    return OperationMeta(
        operation_id=op_id,
        method=method,
        url_path=url_path,
        host=host,
        signing_mode=mode,
        signing_path=signing_path,
        signing_required=required,
        body_wrapping=wrapping,
        follow_redirects=follow,
        retry=retry,
        mobile_sdk_only="merchant-server" not in callers,
        payload_ref=payload_ref(spec, op, where) if wrapping == "base64-json" else None,
        money_movement=money,
        answer_codes=answer_codes,
        payload_from=payload_from,
        field_rules=field_rules,
        codes=codes,
        refinements=refinements,
        evidence=evidence,
    )


def code_table(
    op: dict[str, Any],
) -> tuple[tuple[tuple[str, str], ...], tuple[tuple[str, str, str], ...], tuple[tuple[str, tuple[str, ...]], ...]]:
    """An operation's (or webhook's) x-codes and x-evidence as plain tuples: (code, outcome), (code,
    payResponseCode, outcome), (outcome, fields). The vocabulary was checked by check_codes/check_evidence."""
    entries = [c for c in op.get("x-codes") or [] if isinstance(c, dict)]
    codes = tuple((str(c["code"]), str(c["outcome"])) for c in entries)
    refinements = tuple(
        (str(c["code"]), str(r["payResponseCode"]), str(r["outcome"]))
        for c in entries
        for r in c.get("refine") or []
        if isinstance(r, dict)
    )
    raw = op.get("x-evidence") or {}
    evidence = tuple((str(k), tuple(str(f) for f in v)) for k, v in raw.items()) if isinstance(raw, dict) else ()
    return codes, refinements, evidence


def _undocumented_codes(spec: dict[str, Any], codes: tuple[tuple[str, str], ...]) -> list[str]:
    """Codes of an x-codes list that the ResultCode catalog does not document (none when there is no catalog)."""
    catalog = ((spec.get("components") or {}).get("schemas") or {}).get("ResultCode")
    if not isinstance(catalog, dict):
        return []
    return sorted({c for c, _ in codes} - set(catalog.get("enum") or []))


def _schema_and_webhook_problems(spec: dict[str, Any]) -> list[str]:
    """x-field-rules of a component schema name its own properties; webhooks' x-codes are documented codes."""
    problems = []
    for name, schema in ((spec.get("components") or {}).get("schemas") or {}).items():
        if not isinstance(schema, dict) or "x-field-rules" not in schema:
            continue
        names = set((schema.get("properties") or {}).keys())
        for rule, fields in _rules(schema["x-field-rules"] if isinstance(schema["x-field-rules"], list) else []):
            unknown = sorted(set(fields) - names)
            if unknown:
                problems.append(f"components/schemas/{name}: x-field-rules {rule} names unknown fields {unknown}")
    for hook, item in (spec.get("webhooks") or {}).items():
        for method in HTTP_METHODS:
            op = (item or {}).get(method)
            if isinstance(op, dict) and isinstance(op.get("x-codes"), list):
                codes = tuple((str(c.get("code")), "") for c in op["x-codes"] if isinstance(c, dict))
                undocumented = _undocumented_codes(spec, codes)
                if undocumented:
                    problems.append(f"webhook {hook}: x-codes lists codes ResultCode does not document: {undocumented}")
    return problems


def _parameters(spec: dict[str, Any], url_path: str, op: dict[str, Any]) -> list[dict[str, Any]]:
    item = spec["paths"][url_path]
    return [resolve(spec, p) for p in [*item.get("parameters", []), *op.get("parameters", [])]]


def payload_ref(spec: dict[str, Any], op: dict[str, Any], where: str) -> str:
    """The `$ref` of the payload schema inside a base64-json wrapper (`properties.request.contentSchema`)."""
    body = resolve(spec, op["requestBody"])
    content = body.get("content") or {}
    if list(content) != ["application/json"]:
        raise SpecError(f"{where}: a base64-json body must have exactly one content type, application/json")
    wrapper = resolve(spec, content["application/json"].get("schema"))
    request = resolve(spec, (wrapper.get("properties") or {}).get("request"))
    content_schema = (request or {}).get("contentSchema") if isinstance(request, dict) else None
    ref = content_schema.get("$ref") if isinstance(content_schema, dict) else None
    if not isinstance(ref, str) or not ref.startswith("#/components/schemas/"):
        raise SpecError(f"{where}: properties.request.contentSchema must be a $ref to a named payload schema")
    resolve(spec, content_schema)  # a broken $ref here is not noticed by openapi-python-client
    return ref


def enum_names(spec: dict[str, Any]) -> tuple[dict[str, dict[str, Any]], list[str]]:
    """({name: the enum's defining keys} of every x-enum-name, problems): one definition per name (type, enum),
    on an enum schema, never the name of a component schema."""
    found: dict[str, dict[str, Any]] = {}
    problems: list[str] = []
    schemas = (spec.get("components") or {}).get("schemas") or {}

    def visit(node: Any, where: str) -> None:
        if isinstance(node, dict):
            name = node.get("x-enum-name")
            if isinstance(name, str) and not where.endswith(NAME_MAPS):
                defining = {k: node[k] for k in ENUM_DEFINING if k in node}
                if not isinstance(node.get("enum"), list):
                    problems.append(f"{where}: x-enum-name {name} on a schema without enum")
                elif name in schemas:
                    problems.append(f"{where}: x-enum-name {name} is already a component schema's name")
                elif found.setdefault(name, defining) != defining:
                    problems.append(f"{where}: x-enum-name {name} names another enum ({found[name]}) elsewhere")
            for key, value in node.items():
                if key not in ("example", "examples", "default", "const", "enum"):
                    visit(value, f"{where}/{key}")
        elif isinstance(node, list):
            for i, value in enumerate(node):
                visit(value, f"{where}/{i}")

    visit(spec, "#")
    return found, problems


def collect(spec: dict[str, Any]) -> list[OperationMeta]:
    """Check the whole document and return every operation's metadata (spec order)."""
    problems = check_vocabulary(spec)
    problems.extend(_schema_and_webhook_problems(spec))
    problems.extend(enum_names(spec)[1])
    metas: list[OperationMeta] = []
    for url_path, method, op in iter_operations(spec):
        try:
            metas.append(operation_meta(spec, url_path, method, op))
        except SpecError as err:
            text = str(err)
            label = f"{op.get('operationId') or method.upper() + ' ' + url_path}"
            problems.append(text if text.startswith(label) else f"{label}: {text}")
    ids = [m.operation_id for m in metas]
    problems.extend(f"duplicate operationId {i}" for i in sorted({i for i in ids if ids.count(i) > 1}))
    if problems:
        raise SpecError("spec does not follow the design contract:\n  " + "\n  ".join(problems))
    return metas


if __name__ == "__main__":  # the child of load_spec_in_background: document as JSON on stdout
    try:
        loaded = load_spec(Path(sys.argv[1]))
    except SpecError as error:
        sys.stderr.write(f"{error}\n")
        sys.exit(2)
    sys.stdout.buffer.write(json.dumps(loaded, ensure_ascii=False).encode("utf-8"))
