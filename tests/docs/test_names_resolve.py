"""README.md and docs/ name only what exists: every `merchant_gateway...` dotted name in backticks resolves, every
error class the README's error list names is a class of the package, every `gateway.<resource>.<method>(` is a
method of that resource, and every Python block of README.md compiles and imports only what exists. A name that does
not exist (the README once listed `Declined` and `Cancelled`) fails here."""

from __future__ import annotations

import ast
import importlib
import re
from pathlib import Path

import merchant_gateway
import pytest
from merchant_gateway import tasks

ROOT = Path(__file__).resolve().parents[2]
DOCS = [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]


def resolve(dotted: str) -> object:
    parts = dotted.split(".")
    for cut in range(len(parts), 0, -1):
        try:
            obj: object = importlib.import_module(".".join(parts[:cut]))
        except ImportError:
            continue
        for attr in parts[cut:]:
            obj = getattr(obj, attr)
        return obj
    raise ImportError(dotted)


def telemetry_names() -> set[str]:
    """Dotted names that are not Python: the telemetry's span, attribute and metric names (string literals of the
    package, e.g. "merchant_gateway.call.duration")."""
    found: set[str] = set()
    for path in (ROOT / "overlays" / "merchant_gateway").rglob("*.py"):
        found |= set(re.findall(r"[\"'](merchant_gateway\.[a-z_.]+)[\"']", path.read_text(encoding="utf-8")))
    return found


@pytest.mark.parametrize("doc", DOCS, ids=lambda p: str(p.relative_to(ROOT)))
def test_every_dotted_package_name_resolves(doc: Path) -> None:
    text = doc.read_text(encoding="utf-8")
    names = set(re.findall(r"`(merchant_gateway(?:_client|_sandbox)?(?:\.[A-Za-z_][A-Za-z0-9_]*)+)[`(]", text))
    names = {n for n in names if "__main__" not in n} - telemetry_names()  # __main__ would run the CLI
    missing = []
    for name in sorted(names):
        try:
            resolve(name)
        except (ImportError, AttributeError):
            missing.append(name)
    assert missing == [], f"{doc.name} names what does not exist: {missing}"


def test_the_readme_error_list_names_only_existing_classes() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    errors = readme[readme.index("### Errors") : readme.index("### Flows")]
    named = set(re.findall(r"`([A-Z][A-Za-z]+)`", errors))
    assert {"PaymentDeclinedError", "PaymentCancelledError", "GatewayError", "OutcomeUnknown"} <= named
    missing = sorted(n for n in named if not isinstance(getattr(merchant_gateway, n, None), type))
    assert missing == []


RESOURCES = {
    "payments": tasks.Payments,
    "refunds": tasks.Refunds,
    "collects": tasks.Collects,
    "wallets": tasks.Wallets,
    "sso": tasks.Sso,
    "mobile": tasks.MobileSdk,
}


@pytest.mark.parametrize("doc", DOCS, ids=lambda p: str(p.relative_to(ROOT)))
def test_every_task_call_is_a_method_of_its_resource(doc: Path) -> None:
    text = doc.read_text(encoding="utf-8")
    calls = set(re.findall(r"\bgateway\.(payments|refunds|collects|wallets|sso|mobile)\.([a-z_]+)\(", text))
    missing = sorted(f"{r}.{m}" for r, m in calls if not callable(getattr(RESOURCES[r], m, None)))
    assert missing == [], f"{doc.name}: {missing}"


def test_every_python_block_of_the_readme_compiles_and_imports_what_exists() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    found = re.findall(r"```python\n(.*?)```", readme, flags=re.S)
    assert len(found) >= 6
    for block in found:
        tree = ast.parse(block)  # a syntax error fails here
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("merchant_gateway"):
                module = importlib.import_module(node.module)
                for alias in node.names:
                    assert hasattr(module, alias.name), f"from {node.module} import {alias.name}"


def command_flags() -> dict[str, set[str]]:
    """Each `mgw` command -> the flags its parser accepts (`mgw sandbox`: the sandbox's own parser)."""
    import argparse

    from merchant_gateway.cli import _parser

    sub = next(a for a in _parser()._actions if isinstance(a, argparse._SubParsersAction))
    flags = {name: {o for a in p._actions for o in a.option_strings} for name, p in sub.choices.items()}
    sandbox_cli = pytest.importorskip("merchant_gateway_sandbox.cli")
    flags["sandbox"] = {o for a in sandbox_cli.parser("mgw sandbox")._actions for o in a.option_strings}
    return flags


def test_every_flag_of_an_mgw_command_line_in_the_readme_exists() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    flags = command_flags()
    lines = re.findall(r"`mgw ([a-z-]+)((?: [^`]*)?)`", readme) + re.findall(r"^mgw ([a-z-]+)(.*)$", readme, re.M)
    checked = 0
    unknown = []
    for command, rest in lines:
        assert command in flags, f"mgw {command} is not a command"
        for flag in re.findall(r"(?<![\w-])(--[a-z][a-z-]*)", rest):
            checked += 1
            if flag not in flags[command]:
                unknown.append(f"mgw {command} {flag}")
    assert checked >= 10
    assert unknown == []
