"""Focused OpenAPI 3.1 comparator for this project's release check.

Why our own: oasdiff (the maintained tool) is a Go binary that is on neither PyPI nor npm (npm's `oasdiff` is a
name placeholder; `openapi-diff` on npm handles Swagger 2 / OpenAPI 3.0 and knows nothing of our extensions).
So this module compares exactly what a client of this project depends on:

* operations (by operationId): removed, renamed (same method + URL path, other id), moved (method/path/host);
* the project's extensions x-host, x-signing-mode, x-signing-path, x-signing-required, x-body-wrapping,
  x-follow-redirects, x-called-by (any change is breaking: the bytes of a call change);
* the operation facts x-money-movement, x-answer-codes, x-payload-from: newly stated is additive, a stated one
  changed or removed is breaking (what a client does with the answer or a failure changes);
* x-retry by direction (see :func:`retry_change`): looser (towards ``safe``: clients start re-sending a call that
  may act twice) and ``reconcile-first`` -> ``never`` (the status operation no longer settles it) are breaking;
  stricter (``safe`` -> ``reconcile-first``/``never``, ``never`` -> ``reconcile-first``) is additive: the wire is
  unchanged and callers may now see an unknown outcome instead of a silent re-send;
* parameters (removed, added required, made required, schema narrowed), request bodies (including the base64-json
  payload behind `properties.request.contentSchema`), responses (status codes, bodies), webhooks, and the named
  component schemas (which are public model classes of the generated client);
* schemas, direction-aware: in what the client SENDS (request) a narrowed type, a removed enum value, a new
  required field or a tighter constraint is breaking; in what the client RECEIVES (response, webhook) a removed
  field, a field made optional, a widened type or an added enum value is breaking (a client with a closed enum
  crashes on a new value: that is why the project keeps `code` an open string);
* x-codes (the codes an operation answers, each with its meaning there and an outcome): newly stated is
  additive, a code added or no longer listed is additive, a code's `outcome` changed or the whole list removed is
  breaking (a client acting on the outcome acts differently), a changed `meaning` alone is docs-only;
* x-field-rules (rules between payload fields, on a payload schema or an operation) and the JSON Schema
  keywords that state them (`not`, `if`/`then`/`else`, `dependentRequired`, `dependentSchemas`), direction-aware:
  in what the client SENDS a rule or keyword added is breaking (calls that were sent are now refused before sending)
  and one removed is additive; in what it RECEIVES the other way round; a keyword whose content changed is breaking
  (not classified further; fails closed); a rule's description alone is docs-only;
* verdicts (what an answer means, in every language): any change of the root `x-verdict-rules` (its
  reading rules, steps, sets and verdicts; only its `about` text is docs) is breaking, so is a change of an
  operation's `x-evidence` (the fields an outcome needs), of a `refine` entry's outcome (added, removed, changed),
  of a code's listing when the code's outcome differs from what the operation gives an unlisted code, and of which
  codes' x-code-catalog category decides an unlisted code (judging.unlisted.categories): a client acting on the
  verdict acts differently;
* x-enum-name (the public name of an enum's generated class): added, removed or changed is breaking in either
  direction, because code importing the class by its old name (the generated one, or the stated one) breaks;
* everything else that differs only in description/summary/title/examples/x-not-shown/x-source/x-known-values/
  x-code-catalog/tags text is docs-only.

Levels: "breaking" (major), "additive" (minor), "docs" (patch).
"""

from __future__ import annotations

import dataclasses
from typing import Any

BREAKING = "breaking"
ADDITIVE = "additive"
DOCS = "docs"
LEVELS = (DOCS, ADDITIVE, BREAKING)  # ascending severity

HTTP_METHODS = ("get", "put", "post", "delete", "options", "head", "patch", "trace")
# Extensions whose change changes the bytes on the wire or who calls (x-retry is classified by retry_change).
BEHAVIOUR_EXTENSIONS = (
    "x-host",
    "x-signing-mode",
    "x-signing-path",
    "x-signing-required",
    "x-body-wrapping",
    "x-follow-redirects",
    "x-called-by",
)
# Operation facts the overlay's policy reads (x-money-movement, x-answer-codes, x-payload-from). Stating one where
# the operation had none is ADDITIVE (a fact made explicit; the defaults "none", "outcome", "caller" describe the
# earlier document); changing or removing a stated one is BREAKING.
FACT_EXTENSIONS = ("x-money-movement", "x-answer-codes", "x-payload-from")
# JSON Schema keywords that add conditions to an object (how x-field-rules are stated where JSON Schema can).
CONDITION_KEYWORDS = ("not", "if", "then", "else", "dependentRequired", "dependentSchemas")
# x-retry values; an absent x-retry is "safe" (the generator's default).
RETRY_SAFE, RETRY_RECONCILE_FIRST, RETRY_NEVER = "safe", "reconcile-first", "never"
RETRY_MODES = (RETRY_SAFE, RETRY_RECONCILE_FIRST, RETRY_NEVER)
# Keys whose content is documentation only.
DOC_KEYS = frozenset(
    {
        "description",
        "summary",
        "title",
        "example",
        "examples",
        "externalDocs",
        "x-not-shown",
        "x-source",
        "x-known-values",
        "x-code-catalog",
        "x-terminal",
        "deprecated",
        "contact",
        "license",
        "termsOfService",
        "$comment",
    }
)
# Numeric constraints: (key, True when a larger value is stricter)
NUMERIC_CONSTRAINTS = (
    ("maxLength", False),
    ("minLength", True),
    ("maximum", False),
    ("minimum", True),
    ("exclusiveMaximum", False),
    ("exclusiveMinimum", True),
    ("maxItems", False),
    ("minItems", True),
    ("maxProperties", False),
    ("minProperties", True),
)


@dataclasses.dataclass(frozen=True)
class Change:
    level: str
    kind: str
    where: str
    detail: str

    def __str__(self) -> str:
        return f"[{self.level}] {self.kind}: {self.where}: {self.detail}"


class _Diff:
    def __init__(self, old: dict[str, Any], new: dict[str, Any]) -> None:
        self.old = old
        self.new = new
        self.changes: list[Change] = []
        self._seen: set[tuple[str, str, str]] = set()

    # -- helpers -------------------------------------------------------------------------------------------
    def add(self, level: str, kind: str, where: str, detail: str) -> None:
        self.changes.append(Change(level, kind, where, detail))

    @staticmethod
    def _resolve(doc: dict[str, Any], node: Any) -> Any:
        """Follow local $refs (several hops). Keeps sibling keys of a 3.1 $ref (they override)."""
        hops = 0
        while isinstance(node, dict) and isinstance(node.get("$ref"), str) and node["$ref"].startswith("#/"):
            target: Any = doc
            for part in node["$ref"][2:].split("/"):
                part = part.replace("~1", "/").replace("~0", "~")
                target = target.get(part) if isinstance(target, dict) else None
            siblings = {k: v for k, v in node.items() if k != "$ref"}
            node = dict(target, **siblings) if isinstance(target, dict) and siblings else target
            hops += 1
            if hops > 50:
                break
        return node

    def ro(self, node: Any) -> Any:
        return self._resolve(self.old, node)

    def rn(self, node: Any) -> Any:
        return self._resolve(self.new, node)

    # -- operations ----------------------------------------------------------------------------------------
    @staticmethod
    def operations(doc: dict[str, Any], section: str = "paths") -> dict[str, tuple[str, str, dict[str, Any]]]:
        out: dict[str, tuple[str, str, dict[str, Any]]] = {}
        for path, item in (doc.get(section) or {}).items():
            if not isinstance(item, dict):
                continue
            for method in HTTP_METHODS:
                op = item.get(method)
                if isinstance(op, dict):
                    op_id = op.get("operationId") or f"{method.upper()} {path}"
                    merged = dict(op)
                    # path-level parameters apply to the operation
                    if item.get("parameters"):
                        merged["parameters"] = list(item["parameters"]) + list(op.get("parameters") or [])
                    out[str(op_id)] = (method, str(path), merged)
        return out

    def compare_operations(self, section: str) -> None:
        label = "webhook" if section == "webhooks" else "operation"
        old_ops = self.operations(self.old, section)
        new_ops = self.operations(self.new, section)
        new_by_route = {(m, p): i for i, (m, p, _) in new_ops.items()}
        renamed_to: set[str] = set()
        for op_id, (method, path, op) in old_ops.items():
            if op_id not in new_ops:
                renamed = new_by_route.get((method, path))
                if renamed and renamed not in old_ops:
                    renamed_to.add(renamed)
                    self.add(BREAKING, f"{label}-renamed", op_id, f"{method.upper()} {path} is now {renamed!r}")
                else:
                    self.add(BREAKING, f"{label}-removed", op_id, f"{method.upper()} {path} removed")
                continue
            n_method, n_path, n_op = new_ops[op_id]
            if (n_method, n_path) != (method, path):
                self.add(
                    BREAKING,
                    f"{label}-moved",
                    op_id,
                    f"{method.upper()} {path} -> {n_method.upper()} {n_path}",
                )
            self.compare_operation(op_id, op, n_op, webhook=section == "webhooks")
        for op_id, (method, path, _) in new_ops.items():
            if op_id not in old_ops and op_id not in renamed_to:
                self.add(ADDITIVE, f"{label}-added", op_id, f"{method.upper()} {path} added")

    def compare_operation(self, op_id: str, old: dict[str, Any], new: dict[str, Any], webhook: bool) -> None:
        for ext in BEHAVIOUR_EXTENSIONS:
            if old.get(ext) != new.get(ext):
                self.add(BREAKING, f"{ext}-changed", op_id, f"{old.get(ext)!r} -> {new.get(ext)!r}")
        for ext in FACT_EXTENSIONS:
            if old.get(ext) != new.get(ext):
                level, kind = (ADDITIVE, f"{ext}-stated") if ext not in old else (BREAKING, f"{ext}-changed")
                self.add(level, kind, op_id, f"{old.get(ext)!r} -> {new.get(ext)!r}")
        self.compare_codes(op_id, old.get("x-codes"), new.get("x-codes"), self.unlisted(new, webhook))
        if old.get("x-evidence") != new.get("x-evidence"):
            detail = f"{old.get('x-evidence')!r} -> {new.get('x-evidence')!r}"
            self.add(BREAKING, "x-evidence-changed", op_id, detail)
        direction = "response" if webhook else "request"
        self.compare_field_rules(
            f"{op_id} x-field-rules", old.get("x-field-rules"), new.get("x-field-rules"), direction
        )
        retry = retry_change(old.get("x-retry", RETRY_SAFE), new.get("x-retry", RETRY_SAFE))
        if retry is not None:
            level, kind = retry
            self.add(level, kind, op_id, f"{old.get('x-retry')!r} -> {new.get('x-retry')!r}")
        if not webhook:
            o_srv = [s.get("url") for s in old.get("servers") or [] if isinstance(s, dict)]
            n_srv = [s.get("url") for s in new.get("servers") or [] if isinstance(s, dict)]
            if o_srv != n_srv:
                removed = [u for u in o_srv if u not in n_srv]
                level = BREAKING if removed else ADDITIVE
                self.add(level, "servers-changed", op_id, f"{o_srv} -> {n_srv}")
            if _security_names(old.get("security")) != _security_names(new.get("security")):
                self.add(
                    BREAKING,
                    "security-changed",
                    op_id,
                    f"{_security_names(old.get('security'))} -> {_security_names(new.get('security'))}",
                )
        # What the client sends: parameters and request body (for a webhook the client receives them).
        send = "response" if webhook else "request"
        self.compare_parameters(op_id, old.get("parameters") or [], new.get("parameters") or [], send)
        self.compare_request_body(op_id, old.get("requestBody"), new.get("requestBody"), send)
        self.compare_responses(op_id, old.get("responses") or {}, new.get("responses") or {}, webhook)

    def unlisted(self, op: dict[str, Any], webhook: bool) -> str | None:
        """What the new document's verdict rules give a code `op` does not list (None: the rules are not stated)."""
        rules = ((self.new.get("x-verdict-rules") or {}).get("judging") or {}).get("unlisted") or {}
        retry = None if webhook else op.get("x-retry", RETRY_SAFE)
        return rules.get("safe") if retry == RETRY_SAFE else rules.get("otherwise")

    def compare_codes(self, op_id: str, old: Any, new: Any, unlisted: str | None = None) -> None:
        """x-codes: what each code the operation answers means there (outcome + meaning, refined by
        payResponseCode). A code listed or no longer listed keeps its verdict only when its outcome is what the
        operation gives a code it does not list."""
        if old == new:
            return

        def index(codes: Any) -> dict[str, dict[str, Any]]:
            return {str(c.get("code")): c for c in codes or [] if isinstance(c, dict)}

        o, n = index(old), index(new)
        where = f"{op_id} x-codes"
        if not o:
            self.add(ADDITIVE, "x-codes-stated", where, f"{len(n)} codes stated")
            return
        if not n:
            self.add(BREAKING, "x-codes-removed", where, "the codes and their meanings are no longer stated")
            return
        for code, entry in o.items():
            if code not in n:
                level = ADDITIVE if entry.get("outcome") == unlisted else BREAKING
                self.add(level, "x-codes-code-removed", where, f"{code} no longer listed (was {entry.get('outcome')})")
            elif entry.get("outcome") != n[code].get("outcome"):
                detail = f"{code}: outcome {entry.get('outcome')!r} -> {n[code].get('outcome')!r}"
                self.add(BREAKING, "x-codes-outcome-changed", where, detail)
            elif _refines(entry) != _refines(n[code]):
                detail = f"{code}: refine {_refines(entry)!r} -> {_refines(n[code])!r}"
                self.add(BREAKING, "x-codes-refine-changed", where, detail)
            elif entry != n[code]:
                self.add(DOCS, "x-codes-meaning-changed", where, f"{code}: meaning text changed")
        for code in n:
            if code not in o:
                level = ADDITIVE if n[code].get("outcome") == unlisted else BREAKING
                self.add(level, "x-codes-code-added", where, f"{code} added ({n[code].get('outcome')})")

    def compare_verdict_rules(self) -> None:
        """The root x-verdict-rules: every part but its `about` text decides verdicts. And the catalog codes whose
        category decides an unlisted code (judging.unlisted.categories), which live in x-code-catalog."""
        old, new = self.old.get("x-verdict-rules"), self.new.get("x-verdict-rules")
        strip = {"about"}
        o = {k: v for k, v in old.items() if k not in strip} if isinstance(old, dict) else old
        n = {k: v for k, v in new.items() if k not in strip} if isinstance(new, dict) else new
        if o != n:
            if o is None:
                self.add(BREAKING, "verdict-rules-stated", "x-verdict-rules", "verdict rules stated (verdicts change)")
            elif n is None:
                self.add(BREAKING, "verdict-rules-removed", "x-verdict-rules", "verdict rules no longer stated")
            else:
                for where in _doc_differences(o, n, "x-verdict-rules"):
                    self.add(BREAKING, "verdict-rule-changed", where, "a rule every verdict applies changed")
        elif old != new:
            self.add(DOCS, "verdict-rules-about-changed", "x-verdict-rules.about", "text changed")
        if _deciding_categories(self.old) != _deciding_categories(self.new):
            detail = f"{_deciding_categories(self.old)} -> {_deciding_categories(self.new)}"
            self.add(BREAKING, "unlisted-category-changed", "ResultCode x-code-catalog", detail)

    def compare_field_rules(self, where: str, old: Any, new: Any, direction: str) -> None:
        """x-field-rules: a rule added to what the client sends refuses calls that were sent before (breaking)."""
        if old == new:
            return

        def index(rules: Any) -> dict[tuple[str, tuple[str, ...]], Any]:
            return {
                (str(r.get("rule")), tuple(str(f) for f in r.get("fields") or [])): r.get("description")
                for r in rules or []
                if isinstance(r, dict)
            }

        o, n = index(old), index(new)
        sending = direction == "request"
        for key in o:
            if key not in n:
                level = ADDITIVE if sending else BREAKING
                self.add(level, "x-field-rule-removed", where, f"{key[0]} {', '.join(key[1])}")
            elif o[key] != n[key]:
                self.add(DOCS, "x-field-rule-description-changed", where, f"{key[0]} {', '.join(key[1])}")
        for key in n:
            if key not in o:
                level = BREAKING if sending else ADDITIVE
                self.add(level, "x-field-rule-added", where, f"{key[0]} {', '.join(key[1])}")

    def compare_parameters(self, op_id: str, old: list[Any], new: list[Any], direction: str) -> None:
        def index(params: list[Any], resolve: Any) -> dict[tuple[str, str], dict[str, Any]]:
            out = {}
            for p in params:
                p = resolve(p)
                if isinstance(p, dict):
                    name = str(p.get("name"))
                    if p.get("in") == "header":
                        name = name.lower()
                    out[(str(p.get("in")), name)] = p
            return out

        o = index(old, self.ro)
        n = index(new, self.rn)
        sending = direction == "request"
        for key, p in o.items():
            where = f"{op_id} {key[0]} parameter {key[1]}"
            if key not in n:
                self.add(BREAKING, "parameter-removed", where, "removed")
                continue
            q = n[key]
            if bool(p.get("required")) != bool(q.get("required")):
                made_required = bool(q.get("required"))
                level = BREAKING if made_required == sending else ADDITIVE
                self.add(
                    level, "parameter-required-changed", where, f"required {p.get('required')} -> {q.get('required')}"
                )
            for attr in ("style", "explode", "allowReserved"):
                if p.get(attr) != q.get(attr):
                    self.add(
                        BREAKING, "parameter-serialization-changed", where, f"{attr} {p.get(attr)} -> {q.get(attr)}"
                    )
            self.compare_schema(where, p.get("schema"), q.get("schema"), direction)
        for key, q in n.items():
            if key not in o:
                where = f"{op_id} {key[0]} parameter {key[1]}"
                required = bool(q.get("required")) or key[0] == "path"
                level = BREAKING if required and sending else ADDITIVE
                self.add(level, "parameter-added", where, "added " + ("(required)" if required else "(optional)"))

    def compare_request_body(self, op_id: str, old: Any, new: Any, direction: str) -> None:
        old, new = self.ro(old), self.rn(new)
        where = f"{op_id} requestBody"
        if old is None and new is None:
            return
        if old is None:
            level = BREAKING if (new or {}).get("required") else ADDITIVE
            self.add(level, "request-body-added", where, "added")
            return
        if new is None:
            self.add(BREAKING, "request-body-removed", where, "removed")
            return
        if bool(old.get("required")) != bool(new.get("required")):
            level = BREAKING if new.get("required") else ADDITIVE
            self.add(level, "request-body-required-changed", where, f"{old.get('required')} -> {new.get('required')}")
        self.compare_content(where, old.get("content") or {}, new.get("content") or {}, direction)

    def compare_content(self, where: str, old: dict[str, Any], new: dict[str, Any], direction: str) -> None:
        for media, mo in old.items():
            if media not in new:
                self.add(BREAKING, "media-type-removed", where, f"{media} removed")
                continue
            self.compare_schema(
                f"{where} {media}", (mo or {}).get("schema"), (new[media] or {}).get("schema"), direction
            )
        for media in new:
            if media not in old:
                self.add(ADDITIVE if direction == "request" else BREAKING, "media-type-added", where, f"{media} added")

    def compare_responses(self, op_id: str, old: dict[Any, Any], new: dict[Any, Any], webhook: bool) -> None:
        o = {str(k): v for k, v in old.items()}
        n = {str(k): v for k, v in new.items()}
        # For a webhook the "response" is what the merchant (our client) sends back: request direction.
        direction = "request" if webhook else "response"
        for status, ro in o.items():
            where = f"{op_id} response {status}"
            if status not in n:
                self.add(BREAKING, "response-removed", where, "status removed")
                continue
            ro, rn = self.ro(ro) or {}, self.rn(n[status]) or {}
            oh = {str(k).lower(): v for k, v in (ro.get("headers") or {}).items()}
            nh = {str(k).lower(): v for k, v in (rn.get("headers") or {}).items()}
            for h in oh:
                if h not in nh:
                    self.add(BREAKING, "response-header-removed", where, f"header {h} removed")
            for h in nh:
                if h not in oh:
                    self.add(ADDITIVE, "response-header-added", where, f"header {h} added")
            self.compare_content(where, ro.get("content") or {}, rn.get("content") or {}, direction)
        for status in n:
            if status not in o:
                self.add(ADDITIVE, "response-added", f"{op_id} response {status}", "status added")

    # -- schemas -------------------------------------------------------------------------------------------
    def compare_schema(self, where: str, old: Any, new: Any, direction: str) -> None:
        old_ref = old.get("$ref") if isinstance(old, dict) else None
        new_ref = new.get("$ref") if isinstance(new, dict) else None
        key = (str(old_ref or id(old)), str(new_ref or id(new)), direction)
        if old_ref and new_ref:
            if key in self._seen:
                return
            self._seen.add(key)
        old, new = self.ro(old), self.rn(new)
        if old is None or new is None:
            if (old is None) != (new is None):
                self.add(BREAKING, "schema-changed", where, "schema added or removed")
            return
        if not isinstance(old, dict) or not isinstance(new, dict):
            if old != new:
                self.add(BREAKING, "schema-changed", where, f"{old!r} -> {new!r}")
            return
        sending = direction == "request"

        # type
        ot, nt = _types(old), _types(new)
        if ot is not None or nt is not None:
            ot_set = ot if ot is not None else {"any"}
            nt_set = nt if nt is not None else {"any"}
            if ot_set != nt_set:
                widened = _covers(nt_set, ot_set)
                narrowed = _covers(ot_set, nt_set)
                if widened:
                    level = ADDITIVE if sending else BREAKING
                    kind = "type-widened"
                elif narrowed:
                    level = BREAKING if sending else ADDITIVE
                    kind = "type-narrowed"
                else:
                    level, kind = BREAKING, "type-changed"
                self.add(level, kind, where, f"{sorted(ot_set)} -> {sorted(nt_set)}")
        if old.get("format") != new.get("format"):
            self.add(BREAKING, "format-changed", where, f"{old.get('format')!r} -> {new.get('format')!r}")
        if old.get("const") != new.get("const"):
            self.add(BREAKING, "const-changed", where, f"{old.get('const')!r} -> {new.get('const')!r}")
        # enum
        if "enum" in old or "enum" in new:
            oe = old.get("enum")
            ne = new.get("enum")
            if oe is not None and ne is None:
                self.add(ADDITIVE if sending else BREAKING, "enum-removed", where, "enum constraint removed (open)")
            elif oe is None and ne is not None:
                self.add(BREAKING if sending else ADDITIVE, "enum-added", where, f"enum constraint added {ne}")
            elif oe is not None and ne is not None:
                removed = [v for v in oe if v not in ne]
                added = [v for v in ne if v not in oe]
                if removed:
                    self.add(BREAKING if sending else ADDITIVE, "enum-value-removed", where, f"{removed}")
                if added:
                    self.add(ADDITIVE if sending else BREAKING, "enum-value-added", where, f"{added}")
        if old.get("x-enum-name") != new.get("x-enum-name"):
            # the generated class's public name: an import of the old one breaks, whichever way the data flows
            self.add(
                BREAKING,
                "enum-name-changed",
                where,
                f"{old.get('x-enum-name')!r} -> {new.get('x-enum-name')!r}",
            )
        # numeric / length constraints
        for attr, larger_is_stricter in NUMERIC_CONSTRAINTS:
            ov, nv = old.get(attr), new.get(attr)
            if ov == nv or isinstance(ov, bool) or isinstance(nv, bool):
                continue
            if ov is None:
                stricter = True
            elif nv is None:
                stricter = False
            else:
                stricter = (nv > ov) if larger_is_stricter else (nv < ov)
            level = (BREAKING if sending else ADDITIVE) if stricter else (ADDITIVE if sending else BREAKING)
            self.add(level, f"{attr}-{'tightened' if stricter else 'relaxed'}", where, f"{ov!r} -> {nv!r}")
        for kw in CONDITION_KEYWORDS:
            if old.get(kw) == new.get(kw):
                continue
            if kw not in old:
                level, kind = (BREAKING if sending else ADDITIVE), f"{kw}-added"
            elif kw not in new:
                level, kind = (ADDITIVE if sending else BREAKING), f"{kw}-removed"
            else:
                level, kind = BREAKING, f"{kw}-changed"
            self.add(level, kind, where, f"`{kw}` condition {kind.rsplit('-', 1)[-1]}")
        self.compare_field_rules(
            f"{where} x-field-rules", old.get("x-field-rules"), new.get("x-field-rules"), direction
        )
        if old.get("pattern") != new.get("pattern"):
            self.add(
                BREAKING if sending else ADDITIVE,
                "pattern-changed",
                where,
                f"{old.get('pattern')!r} -> {new.get('pattern')!r}",
            )
        # content-encoded payload (x-body-wrapping base64-json)
        for attr in ("contentEncoding", "contentMediaType"):
            if old.get(attr) != new.get(attr):
                self.add(BREAKING, f"{attr}-changed", where, f"{old.get(attr)!r} -> {new.get(attr)!r}")
        if "contentSchema" in old or "contentSchema" in new:
            self.compare_schema(f"{where} (payload)", old.get("contentSchema"), new.get("contentSchema"), direction)
        # objects
        op, np_ = old.get("properties") or {}, new.get("properties") or {}
        oreq, nreq = set(old.get("required") or []), set(new.get("required") or [])
        for name, sub in op.items():
            pwhere = f"{where}.{name}"
            if name not in np_:
                self.add(BREAKING, "property-removed", pwhere, "removed")
                continue
            if (name in oreq) != (name in nreq):
                made_required = name in nreq
                level = (
                    (BREAKING if made_required else ADDITIVE) if sending else (ADDITIVE if made_required else BREAKING)
                )
                self.add(
                    level, "property-required-changed", pwhere, "made required" if made_required else "made optional"
                )
            self.compare_schema(pwhere, sub, np_[name], direction)
        for name in np_:
            if name not in op:
                required = name in nreq
                level = BREAKING if (required and sending) else ADDITIVE
                self.add(
                    level, "property-added", f"{where}.{name}", "added " + ("(required)" if required else "(optional)")
                )
        oap, nap = old.get("additionalProperties"), new.get("additionalProperties")
        if oap is not False and nap is False and sending:
            self.add(BREAKING, "additional-properties-closed", where, "additionalProperties: false")
        if "items" in old or "items" in new:
            self.compare_schema(f"{where}[]", old.get("items"), new.get("items"), direction)
        for comb in ("oneOf", "anyOf", "allOf"):
            ob, nb = old.get(comb) or [], new.get(comb) or []
            if not ob and not nb:
                continue
            o_keys = [_branch_key(b, i) for i, b in enumerate(ob)]
            n_keys = [_branch_key(b, i) for i, b in enumerate(nb)]
            for i, k in enumerate(o_keys):
                if k not in n_keys:
                    level = BREAKING if (sending or comb == "allOf") else ADDITIVE
                    self.add(level, f"{comb}-branch-removed", where, f"{k}")
                else:
                    self.compare_schema(f"{where} {comb}[{k}]", ob[i], nb[n_keys.index(k)], direction)
            for k in n_keys:
                if k not in o_keys:
                    level = BREAKING if (not sending or comb == "allOf") else ADDITIVE
                    self.add(level, f"{comb}-branch-added", where, f"{k}")
        od = (old.get("discriminator") or {}).get("propertyName")
        nd = (new.get("discriminator") or {}).get("propertyName")
        if od != nd:
            self.add(BREAKING, "discriminator-changed", where, f"{od!r} -> {nd!r}")

    def compare_components(self) -> None:
        o = (self.old.get("components") or {}).get("schemas") or {}
        n = (self.new.get("components") or {}).get("schemas") or {}
        for name in o:
            if name not in n:
                self.add(BREAKING, "schema-removed", f"components.schemas.{name}", "public model removed")
        for name in n:
            if name not in o:
                self.add(ADDITIVE, "schema-added", f"components.schemas.{name}", "new model")

    def compare_rest(self) -> None:
        """Anything not covered above: docs-only when only doc keys differ, else an unclassified minor change."""
        if self.changes:
            return
        if _strip_docs(self.old) != _strip_docs(self.new):
            self.add(ADDITIVE, "unclassified", "document", "structural change not covered by a specific rule")
        elif _drop_version(self.old) != _drop_version(self.new):
            for where in _doc_differences(_drop_version(self.old), _drop_version(self.new), ""):
                self.add(DOCS, "docs-changed", where or "document", "documentation text changed")


def retry_change(old: Any, new: Any) -> tuple[str, str] | None:
    """(level, kind) of an x-retry change, or None when the mode did not change.

    What a client does after a failure once the request may have been sent: ``safe`` re-sends, ``reconcile-first``
    and ``never`` do not (reconcile-first promises that the status operation settles the outcome).

    * to ``safe`` from anything (looser): BREAKING, ``x-retry-loosened`` -- clients built from the new spec would
      re-send automatically a call that may move money or act twice; that is a safety break, not a docs change;
    * ``reconcile-first`` -> ``never``: BREAKING, ``x-retry-settlement-removed`` -- callers that settle an unknown
      outcome through status lose that promise;
    * ``safe`` -> ``reconcile-first`` / ``never`` and ``never`` -> ``reconcile-first`` (stricter, or a settlement
      added): ADDITIVE, ``x-retry-tightened`` -- same bytes; a caller may now get OutcomeUnknown where the client
      used to re-send silently, a new documented outcome it should handle (minor bump);
    * a value outside the vocabulary on either side: BREAKING, ``x-retry-changed`` (cannot be classified; fails
      closed).
    """
    if old == new:
        return None
    if old not in RETRY_MODES or new not in RETRY_MODES:
        return BREAKING, "x-retry-changed"
    if new == RETRY_SAFE:
        return BREAKING, "x-retry-loosened"
    if (old, new) == (RETRY_RECONCILE_FIRST, RETRY_NEVER):
        return BREAKING, "x-retry-settlement-removed"
    return ADDITIVE, "x-retry-tightened"


def _security_names(sec: Any) -> list[list[str]]:
    if sec is None:
        return [["<document default>"]]
    return sorted(sorted(req.keys()) for req in sec if isinstance(req, dict))


def _types(schema: dict[str, Any]) -> set[str] | None:
    t = schema.get("type")
    if t is None:
        if (
            "const" in schema
            or "enum" in schema
            or "$ref" in schema
            or any(k in schema for k in ("oneOf", "anyOf", "allOf"))
        ):
            return None
        return None
    types = set(t) if isinstance(t, list) else {t}
    if schema.get("nullable") is True:
        types.add("null")
    return types


def _covers(big: set[str], small: set[str]) -> bool:
    """True when every type in `small` is accepted by `big` (integer is a number)."""
    if "any" in big:
        return True
    return all(t in big or (t == "integer" and "number" in big) for t in small)


def _branch_key(branch: Any, index: int) -> str:
    if isinstance(branch, dict) and isinstance(branch.get("$ref"), str):
        return branch["$ref"].rsplit("/", 1)[-1]
    if isinstance(branch, dict) and "title" in branch:
        return str(branch["title"])
    return f"#{index}"


def _strip_docs(node: Any) -> Any:
    if isinstance(node, dict):
        return {k: _strip_docs(v) for k, v in node.items() if k not in DOC_KEYS and k != "tags" and k != "info"}
    if isinstance(node, list):
        return [_strip_docs(v) for v in node]
    return node


def _drop_version(doc: dict[str, Any]) -> dict[str, Any]:
    doc = dict(doc)
    info = dict(doc.get("info") or {})
    info.pop("version", None)
    doc["info"] = info
    return doc


def _doc_differences(old: Any, new: Any, where: str, limit: int = 50) -> list[str]:
    out: list[str] = []
    if isinstance(old, dict) and isinstance(new, dict):
        for k in list(old) + [k for k in new if k not in old]:
            if old.get(k) != new.get(k):
                out.extend(_doc_differences(old.get(k), new.get(k), f"{where}.{k}" if where else str(k)))
    elif isinstance(old, list) and isinstance(new, list) and len(old) == len(new):
        for i, (a, b) in enumerate(zip(old, new, strict=True)):
            if a != b:
                out.extend(_doc_differences(a, b, f"{where}[{i}]"))
    elif old != new:
        out.append(where)
    return out[:limit]


def _refines(entry: dict[str, Any]) -> dict[str, Any]:
    """An x-codes entry's refine, as payResponseCode -> outcome (meanings are docs)."""
    return {str(r.get("payResponseCode")): r.get("outcome") for r in entry.get("refine") or [] if isinstance(r, dict)}


def _deciding_categories(doc: dict[str, Any]) -> dict[str, Any]:
    """code -> outcome for the catalog codes whose category decides an unlisted code (the verdict rules')."""
    categories = (((doc.get("x-verdict-rules") or {}).get("judging") or {}).get("unlisted") or {}).get("categories")
    catalog = (((doc.get("components") or {}).get("schemas") or {}).get("ResultCode") or {}).get("x-code-catalog")
    if not isinstance(categories, dict) or not isinstance(catalog, list):
        return {}
    return {
        str(e.get("code")): categories[e["category"]]
        for e in catalog
        if isinstance(e, dict) and e.get("category") in categories
    }


def compare(old: dict[str, Any], new: dict[str, Any]) -> list[Change]:
    """All changes from `old` to `new`, most severe first."""
    d = _Diff(old, new)
    d.compare_verdict_rules()
    d.compare_operations("paths")
    d.compare_operations("webhooks")
    d.compare_components()
    d.compare_rest()
    # de-duplicate (a schema shared by several operations is reported once per place; keep order)
    seen: set[Change] = set()
    unique = [c for c in d.changes if not (c in seen or seen.add(c))]  # type: ignore[func-returns-value]
    return sorted(unique, key=lambda c: -LEVELS.index(c.level))


def required_level(changes: list[Change]) -> str | None:
    """The highest level among `changes`, or None when nothing changed."""
    if not changes:
        return None
    return max((c.level for c in changes), key=LEVELS.index)
