"""No TypedDict key is marked ``Required[...]``, ``NotRequired[...]`` or ``ReadOnly[...]`` in a module with
postponed annotations (``from __future__ import annotations``): there the annotation is a string, which
typing.TypedDict (3.11 to 3.13, typing_extensions too) does not look into, so the key's run-time requiredness is
the class's ``total`` whatever the qualifier says; mypy reads the qualifier, run-time validators read
``__required_keys__``. An optional key goes in a ``total=False`` class instead (the generated payloads'
``ConfiguredMerchantId``, the task layer's header TypedDicts)."""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PACKAGES = (
    ROOT / "overlays" / "merchant_gateway",
    ROOT / "generated_client" / "merchant_gateway_client",
    ROOT / "sandbox" / "merchant_gateway_sandbox",
)
QUALIFIERS = ("Required", "NotRequired", "ReadOnly")


def qualified_keys(source: str) -> Iterator[str]:
    """``Class.key`` of each class-level annotation that a qualifier wraps, in a module with postponed annotations."""
    tree = ast.parse(source)
    postponed = any(
        isinstance(node, ast.ImportFrom)
        and node.module == "__future__"
        and any(a.name == "annotations" for a in node.names)
        for node in tree.body
    )
    if not postponed:
        return
    for cls in (node for node in ast.walk(tree) if isinstance(node, ast.ClassDef)):
        for stmt in cls.body:
            if isinstance(stmt, ast.AnnAssign) and isinstance(stmt.target, ast.Name):
                head = stmt.annotation.value if isinstance(stmt.annotation, ast.Subscript) else stmt.annotation
                name = head.attr if isinstance(head, ast.Attribute) else getattr(head, "id", "")
                if name in QUALIFIERS:
                    yield f"{cls.name}.{stmt.target.id}"


def test_no_typeddict_key_carries_a_qualifier_that_run_time_cannot_see() -> None:
    found = [
        f"{path.relative_to(ROOT)}: {key}"
        for package in PACKAGES
        for path in sorted(package.rglob("*.py"))
        for key in qualified_keys(path.read_text(encoding="utf-8"))
    ]
    assert not found, f"qualified keys under postponed annotations (required at run time or not as total says): {found}"


def test_the_scan_finds_a_qualified_key_only_under_postponed_annotations() -> None:
    body = "class A(TypedDict):\n    a: int\n    b: NotRequired[int]\n    c: typing.Required[str]\n"
    assert list(qualified_keys("from __future__ import annotations\n" + body)) == ["A.b", "A.c"]
    assert list(qualified_keys(body)) == []  # evaluated annotations: typing sees the qualifier
