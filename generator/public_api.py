"""Render the public API's per-operation part into the generated package: the operation facts table
(`operations.py`), every typed operation method of Gateway and AsyncGateway (`public_methods.py`) and the
keyword form of every operation payload as TypedDicts, with each keyword's description and limits (`payloads.py`).

Why this module exists: openapi-python-client renders a fixed list of templates and cannot add modules, and it
drops operation-level `x-` extensions (shared/notes). So once it has written the package, this step reads two
sources and renders two more modules with our own Jinja templates (generator/templates/public/):
- the spec (through `OperationMeta` and the schemas): facts, descriptions, limits, enum values;
- the generated code itself (its AST, never imported): the Python names and annotations openapi-python-client
  chose for every payload field, header and path parameter, so the methods use exactly those.
Sync and async methods come from one macro; the overlay's classes inherit them and add only policy. The task
layer types its keywords with the TypedDicts (`Unpack`) and builds its docstrings from `payloads.DOCS`.
"""

from __future__ import annotations

import ast
import json
import keyword
import re
import textwrap
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import jinja2

from . import outcomes, verdict_rules
from .spec import OperationMeta, SpecError, resolve

TEMPLATES = Path(__file__).resolve().parent / "templates" / "public"
# Parameters of the generated endpoint functions that the overlay fills from configuration.
CONFIG_PARAMS = {"merchant_id": "the configured merchant id", "x_salt_index": "the configured salt index"}
# Header parameters with a value the overlay supplies when the caller gives none (so optional in the public API).
DEFAULTED_HEADERS = {
    "x_client_id": "the configured merchant id (the interface document: unless another value was shared)",
    "x_call_mode": "POST, the documented default",
}
HIDDEN_PARAMS = {"client", "body", "status_segment"}  # status_segment: the apps-host status path's fixed `status`
# Keyword names the methods reserve for policy; no payload field or header may take them.
RESERVED = {"payload", "retry", "original_amount", "expected_amount", "self"}
WIDTH = 112


@dataclass
class Param:
    name: str  # Python keyword
    annotation: str  # public annotation
    required: bool
    doc: str
    wire: str = ""  # wire name: payload field or HTTP header, as documented
    param: str = ""  # the generated endpoint function's parameter (headers)
    description: str = ""  # the spec's description alone (`doc` adds the limits)
    limits: str = ""  # the schema's limits, ", "-joined


@dataclass
class Method:
    name: str
    operation_id: str
    result: str  # annotation of the return value
    payload: str | None  # payload model class, None when the operation has no caller-given body
    positional: list[Param] = field(default_factory=list)  # path parameters
    fields: list[Param] = field(default_factory=list)  # payload fields (keyword-only)
    options: list[Param] = field(default_factory=list)  # request headers (keyword-only)
    refund: bool = False
    signed_only: bool = False  # signed here for the app's SDK to send: typed keywords, no method
    # x-answer-codes: payment-state (the status reads): the caller may give the amount a success must carry
    expects_amount: bool = False
    doc: str = ""
    summary: str = ""  # the operation's summary, one line
    facts: dict[str, Any] = field(default_factory=dict)

    @property
    def typed(self) -> str:
        """The TypedDicts' stem: the operation id in CamelCase (debitV4Web -> DebitV4Web)."""
        return self.operation_id[:1].upper() + self.operation_id[1:]

    @property
    def keywords(self) -> list[Param]:
        """The keyword form's keywords: payload fields, then request headers."""
        return [*self.fields, *self.options]


def render(package: Path, spec: dict[str, Any], metas: list[OperationMeta]) -> None:
    """Write `operations.py`, `public_methods.py`, `payloads.py` and `outcomes.py` into the generated `package`."""
    models = _model_index(package / "models")
    methods = [_method(package, spec, meta, models) for meta in metas if not meta.mobile_sdk_only]
    signed = [_signed_only(spec, meta, models) for meta in metas if meta.mobile_sdk_only and meta.payload_ref]
    from .run import template_cache  # here: importing run loads openapi-python-client, which render's callers have

    env = jinja2.Environment(
        loader=jinja2.FileSystemLoader(str(TEMPLATES)),
        keep_trailing_newline=True,
        trim_blocks=True,
        lstrip_blocks=True,
        undefined=jinja2.StrictUndefined,
        autoescape=False,
        # compiled once and kept, like openapi-python-client's templates (run.template_cache says why it is safe)
        bytecode_cache=template_cache(),
    )
    env.filters["py"] = lambda value: json.dumps(value, ensure_ascii=False)
    env.filters["doc"] = _doc_literal
    names = sorted({n for m in methods for n in _names_used(m)} & set(models))
    # payloads.py imports its models at run time (typing.get_type_hints resolves its TypedDicts): those its keys name
    keyed = sorted({n for m in methods + signed for p in m.keywords for n in _WORD.findall(p.annotation)} & set(models))
    for template, target in (
        ("operations.py.jinja", "operations.py"),
        ("methods.py.jinja", "public_methods.py"),
        ("payloads.py.jinja", "payloads.py"),
    ):
        text = env.get_template(template).render(methods=methods, signed=signed, model_names=names, keyed=keyed)
        (package / target).write_text(text, encoding="utf-8")
    text = env.get_template("outcomes.py.jinja").render(
        rows=outcomes.outcome_rows(spec, metas),
        categories=outcomes.categories(spec),
        remedies=outcomes.remedies(spec),
        rules=verdict_rules.verdict_rules(spec),
    )
    (package / "outcomes.py").write_text(text, encoding="utf-8")


# --- reading the generated code ------------------------------------------------------------------------------


@dataclass
class _Model:
    module: str
    fields: list[tuple[str, str, bool]]  # (python name, annotation, required) in class order
    enum_values: list[str] | None  # for enum classes


def _model_index(folder: Path) -> dict[str, _Model]:
    """Every generated model or enum class by name, read from source (no import)."""
    index: dict[str, _Model] = {}
    for path in sorted(folder.glob("*.py")):
        if path.name == "__init__.py":
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in tree.body:
            if not isinstance(node, ast.ClassDef):
                continue
            bases = {ast.unparse(b) for b in node.bases}
            if bases & {"str, Enum", "Enum", "str", "StrEnum", "IntEnum"} or any("Enum" in b for b in bases):
                values = [
                    stmt.value.value
                    for stmt in node.body
                    if isinstance(stmt, ast.Assign) and isinstance(stmt.value, ast.Constant)
                ]
                index[node.name] = _Model(path.stem, [], [str(v) for v in values])
                continue
            fields = []
            for stmt in node.body:
                if isinstance(stmt, ast.AnnAssign) and isinstance(stmt.target, ast.Name):
                    name = stmt.target.id
                    if name == "additional_properties":
                        continue
                    fields.append((name, ast.unparse(stmt.annotation), not _has_default(stmt.value)))
            index[node.name] = _Model(path.stem, fields, None)
    return index


def _has_default(value: ast.expr | None) -> bool:
    if value is None:
        return False
    if isinstance(value, ast.Call) and ast.unparse(value.func) == "_attrs_field":
        return any(k.arg in ("default", "factory") for k in value.keywords)
    return True


def _endpoint_params(module: Path) -> list[tuple[str, str, bool]]:
    """(name, annotation, required) of the endpoint's `request_parts` parameters."""
    tree = ast.parse(module.read_text(encoding="utf-8"))
    for node in tree.body:
        if isinstance(node, ast.FunctionDef) and node.name == "request_parts":
            args = node.args
            out = []
            positional = [*args.posonlyargs, *args.args]
            defaults = [None] * (len(positional) - len(args.defaults)) + list(args.defaults)
            for arg, default in zip(positional, defaults, strict=True):
                out.append((arg.arg, ast.unparse(arg.annotation) if arg.annotation else "Any", default is None))
            for arg, kw_default in zip(args.kwonlyargs, args.kw_defaults, strict=True):
                out.append((arg.arg, ast.unparse(arg.annotation) if arg.annotation else "Any", kw_default is None))
            return out
    raise SpecError(f"{module.name}: no request_parts")


# --- building one method -------------------------------------------------------------------------------------


def _method(package: Path, spec: dict[str, Any], meta: OperationMeta, models: dict[str, _Model]) -> Method:
    op = spec["paths"][meta.url_path][meta.method]
    name = _snake(meta.operation_id)
    payload_cls = _payload_class(spec, op, meta)
    result_cls = _result_class(spec, op)
    method = Method(
        name=name,
        operation_id=meta.operation_id,
        result=result_cls or "str",
        payload=payload_cls if meta.payload_from == "caller" else None,
        refund=meta.money_movement == "refund",
        expects_amount=meta.answer_codes == "payment-state",
    )
    parameters = {p["name"].lower(): p for p in _spec_parameters(spec, meta.url_path, op)}
    headers: dict[str, str] = {}
    path_params: list[str] = []
    for pname, annotation, required in _endpoint_params(package / "api" / "default" / f"{name}.py"):
        if pname in HIDDEN_PARAMS or pname in CONFIG_PARAMS:
            continue
        spec_param = parameters.get(pname.replace("_", "-")) or _by_python_name(parameters, pname) or {}
        doc = _param_doc(spec, spec_param)
        description = " ".join(str(spec_param.get("description") or "").split())
        limits = ", ".join(_describe(spec, spec_param.get("schema") or {})[1])
        if pname.startswith("x_"):  # a request header: keyword option named without the x- prefix
            public = pname[2:]
            headers[public] = pname
            optional = not required or pname in DEFAULTED_HEADERS
            if pname in DEFAULTED_HEADERS:
                doc = f"{doc} Default: {DEFAULTED_HEADERS[pname]}.".strip()
                description = f"{description} Default: {DEFAULTED_HEADERS[pname]}.".strip()
            header = str(spec_param.get("name") or pname)
            public_type = _public_type(annotation, models)
            method.options.append(Param(public, public_type, not optional, doc, header, pname, description, limits))
        else:
            path_params.append(pname)
            method.positional.append(
                Param(pname, _public_type(annotation, models), True, doc, pname, "", description, limits)
            )
    if method.payload is not None:
        _add_fields(spec, method, models)
    for p in [*method.positional, *method.fields, *method.options]:
        _none_when_optional(p)
    taken: dict[str, str] = {}
    for group, params in (("path", method.positional), ("payload", method.fields), ("header", method.options)):
        for p in params:
            if p.name in RESERVED or keyword.iskeyword(p.name) or p.name in taken:
                where = f"{meta.operation_id}: {group} parameter {p.name!r}"
                raise SpecError(f"{where} clashes with {taken.get(p.name, 'a reserved keyword')}")
            taken[p.name] = f"the {group} parameter of the same name"
    method.facts = {
        "name": name,
        "operation_id": meta.operation_id,
        "host": meta.host,
        "retry": meta.retry,
        "money_movement": meta.money_movement,
        "answer_codes": meta.answer_codes,
        "payload_from": meta.payload_from,
        "payload": payload_cls,
        "result": result_cls,
        "path_params": path_params,
        "headers": headers,
        "required_headers": [p.param for p in method.options if p.required],
        "field_rules": [[rule, list(fields)] for rule, fields in meta.field_rules],
    }
    method.doc = _docstring(op, meta, method)
    method.summary = " ".join(str(op.get("summary") or meta.operation_id).split())
    return method


def _add_fields(spec: dict[str, Any], method: Method, models: dict[str, _Model]) -> None:
    """The payload model's fields as ``method``'s keywords, with their wire names, descriptions and limits."""
    assert method.payload is not None
    schema = resolve(spec, {"$ref": f"#/components/schemas/{method.payload}"})
    props = {_snake_field(k): (k, v) for k, v in (schema.get("properties") or {}).items()}
    for fname, annotation, required in models[method.payload].fields:
        wire, prop = props.get(fname, (fname, {}))
        doc = _field_doc(spec, prop)
        description, limits = _field_parts(spec, prop)
        if fname == "merchant_id":
            default = " Default: the configured merchant id."
            method.fields.append(Param(fname, "str", False, doc + default, wire, "", description + default, limits))
            continue
        public_type = _public_type(annotation, models)
        method.fields.append(Param(fname, public_type, required, doc, wire, "", description, limits))


def _none_when_optional(p: Param) -> None:
    if not p.required and "None" not in [part.strip() for part in _split_union(p.annotation)]:
        p.annotation += " | None"  # an optional keyword defaults to None: not sent


def _signed_only(spec: dict[str, Any], meta: OperationMeta, models: dict[str, _Model]) -> Method:
    """A payload the merchant server only signs, for the app's SDK to send (``x-called-by: mobile-sdk`` alone): no
    operation method, but its keywords typed like a method's (payloads.py), for the task layer's ``gateway.mobile``."""
    assert meta.payload_ref is not None
    method = Method(_snake(meta.operation_id), meta.operation_id, "str", meta.payload_ref.rsplit("/", 1)[-1])
    method.signed_only = True
    _add_fields(spec, method, models)
    for p in method.fields:
        _none_when_optional(p)
    return method


def _snake(operation_id: str) -> str:
    return re.sub(r"(?<=[a-z0-9])(?=[A-Z])", "_", operation_id).lower()


def _snake_field(wire: str) -> str:
    from openapi_python_client.strings import PythonIdentifier

    return str(PythonIdentifier(wire, prefix="field_"))


def _by_python_name(parameters: dict[str, dict[str, Any]], pname: str) -> dict[str, Any] | None:
    return next((p for p in parameters.values() if _snake_field(p["name"]) == pname), None)


def _spec_parameters(spec: dict[str, Any], url_path: str, op: dict[str, Any]) -> list[dict[str, Any]]:
    item = spec["paths"][url_path]
    return [resolve(spec, p) for p in [*item.get("parameters", []), *op.get("parameters", [])]]


def _ref_name(schema: Any) -> str | None:
    ref = schema.get("$ref") if isinstance(schema, dict) else None
    return ref.rsplit("/", 1)[-1] if isinstance(ref, str) else None


def _payload_class(spec: dict[str, Any], op: dict[str, Any], meta: OperationMeta) -> str | None:
    if meta.payload_ref is not None:
        return meta.payload_ref.rsplit("/", 1)[-1]
    body = op.get("requestBody")
    if body is None:
        return None
    content = resolve(spec, body).get("content") or {}
    for media in content.values():
        name = _ref_name(media.get("schema"))
        if name:
            return name
    raise SpecError(f"{meta.operation_id}: the request body needs a named schema ($ref)")


def _result_class(spec: dict[str, Any], op: dict[str, Any]) -> str | None:
    response = (op.get("responses") or {}).get("200")
    if response is None:
        return None  # e.g. debitV3: a redirect whose Location is the answer
    content = resolve(spec, response).get("content") or {}
    for media in content.values():
        name = _ref_name(media.get("schema"))
        if name:
            return name
    return None


_WORD = re.compile(r"\b[A-Z][A-Za-z0-9]*\b")


def _public_type(annotation: str, models: dict[str, _Model]) -> str:
    """The keyword's type: the generated annotation without Unset (None instead), each generated model also as
    a wire mapping, each enum also as the Literal of its values."""
    parts = [p.strip() for p in _split_union(annotation) if p.strip() != "Unset"]
    out = []
    for part in parts:

        def widen(match: re.Match[str]) -> str:
            name = match.group(0)
            model = models.get(name)
            if model is None:
                return name
            if model.enum_values is not None:
                literal = ", ".join(json.dumps(v) for v in model.enum_values)
                return f"{name} | Literal[{literal}]"
            return f"{name} | {_MAPPING}"

        # a list parameter accepts any sequence (list is invariant: list[dict] would not pass as list[Model | ...])
        out.append(_WORD.sub(widen, re.sub(r"\blist\[", "Sequence[", part)))
    return _tidy_union(" | ".join(out))


# a wire mapping: its values are checked at run time against the schema (checks/schema.py), not typed here
_MAPPING = "Mapping[str, object]"


def _tidy_union(annotation: str) -> str:
    """Each member once, the wire-mapping alternative after the models and before None, also inside a sequence:
    `Sequence[A | Mapping[str, object] | B | Mapping[str, object]]` reads `Sequence[A | B | Mapping[str, object]]`."""
    members = []
    for part in (p.strip() for p in _split_union(annotation)):
        inner = re.fullmatch(r"Sequence\[(.*)\]", part)
        members.append(f"Sequence[{_tidy_union(inner.group(1))}]" if inner else part)
    unique = list(dict.fromkeys(members))
    rank = {_MAPPING: 1, "None": 2}
    return " | ".join(sorted(unique, key=lambda m: rank.get(m, 0)))  # stable: models keep the spec's order


def _split_union(annotation: str) -> list[str]:
    """Top-level `|` parts of an annotation (not those inside brackets)."""
    parts, depth, start = [], 0, 0
    for i, ch in enumerate(annotation):
        if ch == "[":
            depth += 1
        elif ch == "]":
            depth -= 1
        elif ch == "|" and depth == 0:
            parts.append(annotation[start:i])
            start = i + 1
    parts.append(annotation[start:])
    return parts


def _names_used(method: Method) -> set[str]:
    names = set(_WORD.findall(method.result))
    if method.payload:
        names.add(method.payload)
    for p in [*method.positional, *method.fields, *method.options]:
        names.update(_WORD.findall(p.annotation))
    return names


# --- documentation --------------------------------------------------------------------------------------------


def _limits(schema: dict[str, Any]) -> list[str]:
    out = []
    if "maxLength" in schema:
        out.append(f"at most {schema['maxLength']} characters")
    if "minLength" in schema and schema["minLength"] > 0:
        out.append(f"at least {schema['minLength']} characters")
    if "minimum" in schema:
        out.append(f">= {schema['minimum']}")
    if "maximum" in schema:
        out.append(f"<= {schema['maximum']}")
    if "enum" in schema:
        out.append("one of " + ", ".join(str(v) for v in schema["enum"]))
    if "pattern" in schema:
        out.append(f"pattern {schema['pattern']}")
    return out


def _describe(spec: dict[str, Any], schema: Any) -> tuple[str, list[str]]:
    """(description, limits) of a schema, following one $ref and its allOf members."""
    node = resolve(spec, schema) if isinstance(schema, dict) else {}
    description = str(node.get("description") or (schema.get("description") if isinstance(schema, dict) else "") or "")
    limits = _limits(node)
    for member in node.get("allOf", []) or []:
        sub = resolve(spec, member)
        description = description or str(sub.get("description") or "")
        limits += _limits(sub)
    return " ".join(description.split()), limits


def _field_doc(spec: dict[str, Any], prop: Any) -> str:
    description, limits = _field_parts(spec, prop)
    return (description + (f" ({limits})" if limits else "")).strip()


def _field_parts(spec: dict[str, Any], prop: Any) -> tuple[str, str]:
    """(description, limits) of a payload field: the property's own description over its schema's; the source
    noted when the field comes from the gateway's public reference."""
    description, limits = _describe(spec, prop)
    if isinstance(prop, dict) and prop.get("description"):
        description = " ".join(str(prop["description"]).split())
    source = resolve(spec, prop).get("x-source") if isinstance(prop, dict) else None
    if source == "public-reference":
        description += " [from the gateway's public reference, not the interface document]"
    return description.strip(), ", ".join(limits)


def _doc_literal(text: str, indent: str = "    ") -> str:
    """A docstring body for a template: wrapped to the line width at `indent`, quotes and backslashes escaped."""
    lines = _wrap(" ".join(str(text).split()) or "-", indent, indent)
    body = "\n".join(lines).strip()
    return body.replace("\\", "\\\\").replace('"""', '\\"\\"\\"')


def _param_doc(spec: dict[str, Any], param: dict[str, Any]) -> str:
    description = " ".join(str(param.get("description") or "").split())
    _, limits = _describe(spec, param.get("schema") or {})
    return (description + (f" ({'; '.join(limits)})" if limits else "")).strip()


_RETRY_TEXT = {
    "safe": "Retried automatically after failures (x-retry: safe).",
    "reconcile-first": (
        "May move money: once the request may have reached the gateway, any failure (timeout, dropped "
        "connection, 5xx, INTERNAL_SERVER_ERROR, TIMED_OUT, an unreadable answer) raises OutcomeUnknown; settle it "
        "with reconcile(transaction_id), never by sending again (x-retry: reconcile-first)."
    ),
    "never": (
        "Not idempotent: once the request may have reached the gateway, any failure raises OutcomeUnknown and "
        "nothing is re-sent automatically; the caller decides (x-retry: never)."
    ),
}


def _docstring(op: dict[str, Any], meta: OperationMeta, method: Method) -> str:
    paras = [str(op.get("summary") or meta.operation_id).strip()]
    description = str(op.get("description") or "").strip()
    if description:
        paras.extend(p for p in re.split(r"\n\s*\n", description) if p.strip())
    if op.get("x-source") == "public-reference":
        paras.append("Source: the gateway's public reference; the interface document does not show this operation.")
    for note in _as_list(op.get("x-not-shown")):
        paras.append(f"Not shown in the interface document: {note}")
    paras.append(f"Operation {meta.operation_id}: {meta.method.upper()} {meta.url_path} on the {meta.host} host.")
    lines: list[str] = []
    for para in paras:
        lines.extend(_wrap(" ".join(para.split())))
        lines.append("")
    sections = (
        ("Args", method.positional),
        ("Payload fields (keywords; or give a payload model positionally)", method.fields),
        ("Request headers (keywords)", method.options),
    )
    for title, params in sections:
        if not params:
            continue
        lines.append(f"{title}:")
        for p in params:
            mark = "" if p.required else ", optional"
            lines.extend(_wrap(f"{p.name} ({p.wire or p.name}{mark}): {p.doc or '-'}", indent="    ", hang="        "))
        lines.append("")
    if meta.field_rules and method.payload is not None:
        lines.append("Field rules (x-field-rules, checked before sending):")
        for rule, fields in meta.field_rules:
            lines.extend(_wrap(f"{rule}: {', '.join(fields)}", "    ", "        "))
        lines.append("")
    codes = [c for c in op.get("x-codes") or [] if isinstance(c, dict)]
    if codes:
        lines.append("Codes (x-codes: what each code means on this operation):")
        for c in codes:
            meaning = " ".join(str(c.get("meaning", "")).split())
            lines.extend(_wrap(f"{c.get('code')} ({c.get('outcome')}): {meaning}", "    ", "        "))
        lines.append("")
    if method.expects_amount:
        lines.append("Policy:")
        lines.extend(
            _wrap(
                "expected_amount: the amount in paise a success must carry (the forward payment's); default: the "
                "amount this client sent under the transaction id. With neither, a success is unconfirmed; another "
                "amount raises AmountMismatchError (do not fulfil the order).",
                indent="    ",
                hang="        ",
            )
        )
        lines.append("")
    if method.refund:
        lines.append("Policy:")
        lines.extend(
            _wrap(
                "original_amount: the payment's amount in paise; the refund amount must not exceed it (an amount "
                "this client sent or read is used when not given).",
                indent="    ",
                hang="        ",
            )
        )
        lines.append("")
    lines.append("Raises:")
    lines.extend(_wrap("ValidationError: bad input, named by field; nothing was sent.", "    ", "        "))
    if meta.retry != "safe":
        lines.extend(_wrap(f"OutcomeUnknown: {_RETRY_TEXT[meta.retry]}", "    ", "        "))
    else:
        lines.extend(_wrap(f"GatewayConnectionError, GatewayTimeoutError: {_RETRY_TEXT['safe']}", "    ", "        "))
    lines.extend(
        _wrap("ApiError (a subclass per gateway code): the gateway answered with an error code.", "    ", "        ")
    )
    returns = "the redirect Location sent by the gateway" if method.result == "str" else method.result
    lines.extend(["", "Returns:", *_wrap(returns, "    ", "        ")])
    text = "\n".join(lines).rstrip()
    return text.replace("\\", "\\\\").replace('"""', '\\"\\"\\"')


def _as_list(value: Any) -> list[str]:
    if value is None:
        return []
    return [str(v) for v in value] if isinstance(value, list) else [str(value)]


def _wrap(text: str, indent: str = "", hang: str | None = None) -> list[str]:
    return textwrap.wrap(
        text,
        width=WIDTH,
        initial_indent=indent,
        subsequent_indent=hang if hang is not None else indent,
        break_long_words=False,
        break_on_hyphens=False,
    ) or [indent.rstrip()]
