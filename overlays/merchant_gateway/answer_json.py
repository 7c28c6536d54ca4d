"""Reading a gateway answer's bytes as JSON, by the spec's reading rules (``x-verdict-rules.reading``).

Why this module exists: a verdict about money is only as good as the reading of the bytes it is decided on, and
every reader of gateway bytes (operation answers, callbacks, the conformance kit) and every language must read the
same bytes the same way. ``json`` alone does not: it keeps the last of two equal keys silently, reads ``NaN``,
guesses UTF-16/32 from bytes and refuses a byte order mark in text. The rules, from the generated reading rules:

- one leading UTF-8 byte order mark (EF BB BF) is dropped; the rest must be strict UTF-8 (RFC 8259 JSON is UTF-8);
- the text must be RFC 8259 JSON: ``NaN``/``Infinity`` and integers longer than the stated digits are not JSON;
- a key given twice in any object, at any depth, makes the answer unreadable (which one wins is undefined);
- nesting deeper than the stated depth makes it unreadable.
"Not JSON" takes precedence over a duplicate key, and a duplicate key over the depth: every language reports the
same reason class for the same bytes.
"""

from __future__ import annotations

import json
from typing import Any, NamedTuple

from merchant_gateway_client.outcomes import READING

__all__ = ["NOT_JSON", "JsonProblem", "answer_text", "load_json"]

NOT_JSON = "the answer is not JSON"
_BOM = b"\xef\xbb\xbf"


class JsonProblem(NamedTuple):
    why: str
    rule: str  # the reading rule's id (x-verdict-rules reading.rules)


def answer_text(content: bytes) -> str | None:
    """The answer's text (one leading byte order mark dropped), or None when the bytes are not UTF-8."""
    if READING.byte_order_mark == "strip" and content.startswith(_BOM):
        content = content[len(_BOM) :]
    try:
        return content.decode("utf-8")
    except UnicodeDecodeError:
        return None


def _not_a_constant(name: str) -> Any:
    raise ValueError(f"{name} is not JSON")


def _integer(text: str) -> int:
    # the spec's bound, not the interpreter's (sys.set_int_max_str_digits may differ between processes)
    if len(text) - text.startswith("-") > READING.max_integer_digits:
        raise ValueError("integer too long")
    return int(text)


class _Duplicate(Exception):
    """A key given twice: the shared decoder stops there, and the answer is read again to say which key, once the
    rest of its text was found to be JSON (not JSON takes precedence)."""


def _unique_pairs(items: list[tuple[str, Any]]) -> dict[str, Any]:
    obj = dict(items)
    if len(obj) != len(items):
        raise _Duplicate
    return obj


# One decoder for every answer: json.loads with hooks builds a decoder (and its scanner) per call. Its hooks keep
# no state of their own, so answers read at once in several threads cannot mix.
_DECODER = json.JSONDecoder(object_pairs_hook=_unique_pairs, parse_constant=_not_a_constant, parse_int=_integer)


def load_json(content: bytes) -> Any | JsonProblem:
    """The JSON value of ``content`` by the reading rules, or why it cannot be read (never raises)."""
    text = answer_text(content)
    if text is None:
        return JsonProblem(NOT_JSON, "read-utf8")
    try:
        value = _DECODER.decode(text)
    except _Duplicate:
        return _read_with_duplicates(text)
    except RecursionError:
        return JsonProblem(_TOO_DEEP, "read-depth")
    except ValueError:  # JSONDecodeError, NaN/Infinity, an integer longer than the rules allow
        return JsonProblem(NOT_JSON, "read-json")
    if _may_nest_deeper(text, READING.max_depth) and _deeper_than(value, READING.max_depth):
        return JsonProblem(_TOO_DEEP, "read-depth")
    return value


def _read_with_duplicates(text: str) -> Any | JsonProblem:
    """A text in which the shared decoder met a key given twice, read whole: not JSON, else the first key given
    twice (in the order the objects close)."""
    duplicates: list[str] = []

    def pairs(items: list[tuple[str, Any]]) -> dict[str, Any]:
        obj = dict(items)
        if len(obj) != len(items) and not duplicates:
            seen: set[str] = set()
            duplicates.extend(k for k, _ in items if k in seen or seen.add(k))  # type: ignore[func-returns-value]
        return obj

    try:
        value = json.loads(text, object_pairs_hook=pairs, parse_constant=_not_a_constant, parse_int=_integer)
    except RecursionError:
        return JsonProblem(_TOO_DEEP, "read-depth")
    except ValueError:  # JSONDecodeError, NaN/Infinity, an integer longer than the rules allow
        return JsonProblem(NOT_JSON, "read-json")
    if duplicates:
        return JsonProblem(f"the answer names {duplicates[0]} twice", "read-duplicate-keys")
    if _deeper_than(value, READING.max_depth):
        return JsonProblem(_TOO_DEEP, "read-depth")
    return value


def _may_nest_deeper(text: str, limit: int) -> bool:
    """False when ``text`` cannot nest more than ``limit`` levels: each level opens with a "{" or "[" of its own
    (those inside strings only raise the count), so an answer with at most ``limit`` of them needs no walk."""
    return text.count("{") + text.count("[") > limit


_TOO_DEEP = "the answer is nested too deeply"


def _deeper_than(value: Any, limit: int) -> bool:
    """Whether ``value`` nests objects and arrays more than ``limit`` levels (the top value is level 1)."""
    level = [value]
    depth = 0
    while level:
        depth += 1
        if depth > limit:
            return True
        nested: list[Any] = []
        for item in level:
            if isinstance(item, dict):
                nested.extend(v for v in item.values() if isinstance(v, dict | list))
            elif isinstance(item, list):
                nested.extend(v for v in item if isinstance(v, dict | list))
        level = nested
    return False
