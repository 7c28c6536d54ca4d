#!/usr/bin/env python3
"""Bundle spec/openapi.yaml into one self-contained JSON file.

Usage: python spec/bundle.py OUTPUT.json [INPUT.yaml]

External $refs (other files, with or without a #/fragment) are resolved and inlined; references inside
an inlined file that point into that same file are inlined too. Internal refs of the main document
(``#/components/...``) stay as they are. Needs only the standard library and ruamel.yaml.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

from ruamel.yaml import YAML

DEFAULT_INPUT = Path(__file__).resolve().parent / "openapi.yaml"


def _load(path: Path, cache: dict[Path, Any]) -> Any:
    path = path.resolve()
    if path not in cache:
        text = path.read_text(encoding="utf-8")
        if path.suffix == ".json":
            cache[path] = json.loads(text)
        else:
            cache[path] = YAML(typ="safe", pure=True).load(text)
    return cache[path]


def _pointer(doc: Any, fragment: str) -> Any:
    if fragment in ("", "/"):
        return doc
    if not fragment.startswith("/"):
        raise ValueError(f"unsupported JSON pointer {fragment!r}")
    node = doc
    for raw in fragment[1:].split("/"):
        part = raw.replace("~1", "/").replace("~0", "~")
        node = node[int(part)] if isinstance(node, list) else node[part]
    return node


def _resolve(node: Any, base: Path, is_main: bool, cache: dict[Path, Any], stack: tuple[str, ...]) -> Any:
    if isinstance(node, list):
        return [_resolve(item, base, is_main, cache, stack) for item in node]
    if not isinstance(node, dict):
        return node
    ref = node.get("$ref")
    if isinstance(ref, str):
        file_part, _, fragment = ref.partition("#")
        if file_part or not is_main:
            target_file = (base.parent / file_part).resolve() if file_part else base
            key = f"{target_file}#{fragment}"
            if key in stack:
                raise ValueError(f"circular external $ref: {' -> '.join(stack + (key,))}")
            target = _pointer(_load(target_file, cache), fragment)
            resolved = _resolve(target, target_file, False, cache, stack + (key,))
            siblings = {k: _resolve(v, base, is_main, cache, stack) for k, v in node.items() if k != "$ref"}
            if siblings and isinstance(resolved, dict):
                return {**resolved, **siblings}
            return resolved
    return {k: _resolve(v, base, is_main, cache, stack) for k, v in node.items()}


def bundle(source: Path) -> Any:
    cache: dict[Path, Any] = {}
    source = source.resolve()
    return _resolve(_load(source, cache), source, True, cache, ())


def main(argv: list[str]) -> int:
    if len(argv) not in (2, 3):
        print("usage: bundle.py OUTPUT.json [INPUT.yaml]", file=sys.stderr)
        return 2
    out = Path(argv[1])
    source = Path(argv[2]) if len(argv) == 3 else DEFAULT_INPUT
    data = bundle(source)
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps(data, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
