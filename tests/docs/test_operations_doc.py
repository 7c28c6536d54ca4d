"""docs/operations.md as a reader copies it: every Python block compiles, uses only names it defines (or imports),
and imports what exists; every `mgw` command line in it is one the command line accepts (issue 23: the wiring
snippet used undefined names). The blocks that run as written run against the sandbox
(tests/docs/test_operations_run.py)."""

from __future__ import annotations

import argparse
import ast
import builtins
import importlib
import re
import shlex
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
DOC = ROOT / "docs" / "operations.md"


def blocks(language: str) -> list[str]:
    text = DOC.read_text(encoding="utf-8")
    return re.findall(rf"^```{language}\n(.*?)^```", text, re.S | re.M)


def unbound_names(code: str) -> set[str]:
    """Names a block reads that nothing in it binds (scopes flattened: a name bound anywhere in the block counts)."""
    tree = ast.parse(code)
    bound = set(dir(builtins))
    for node in ast.walk(tree):
        if isinstance(node, ast.Import | ast.ImportFrom):
            bound |= {(alias.asname or alias.name).split(".")[0] for alias in node.names}
        elif isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            bound.add(node.name)
        elif isinstance(node, ast.arg):
            bound.add(node.arg)
        elif isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store | ast.Del):
            bound.add(node.id)
        elif isinstance(node, ast.ExceptHandler) and node.name:
            bound.add(node.name)
    loaded = {n.id for n in ast.walk(tree) if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Load)}
    return loaded - bound


def missing_imports(code: str) -> list[str]:
    missing = []
    for node in ast.walk(ast.parse(code)):
        if isinstance(node, ast.Import):
            for alias in node.names:
                try:
                    importlib.import_module(alias.name)
                except ImportError:
                    missing.append(alias.name)
        elif isinstance(node, ast.ImportFrom) and node.module:
            try:
                module = importlib.import_module(node.module)
            except ImportError:
                missing.append(node.module)
                continue
            for alias in node.names:
                if not hasattr(module, alias.name):
                    try:
                        importlib.import_module(f"{node.module}.{alias.name}")
                    except ImportError:
                        missing.append(f"{node.module}.{alias.name}")
    return missing


PYTHON = blocks("python")


def test_the_document_has_python_blocks() -> None:
    assert len(PYTHON) >= 2


@pytest.mark.parametrize("index", range(len(PYTHON)))
def test_each_python_block_compiles_defines_its_names_and_imports_what_exists(index: int) -> None:
    code = PYTHON[index]
    compile(code, f"docs/operations.md python block {index + 1}", "exec")
    assert unbound_names(code) == set(), f"block {index + 1} uses names it never defines"
    assert missing_imports(code) == [], f"block {index + 1} imports what does not exist"


def mgw_command_lines() -> list[list[str]]:
    """Each `mgw ...` command of the sh blocks, continuation lines joined, variables before it left out."""
    commands = []
    for block in blocks("sh"):
        for line in block.replace("\\\n", " ").splitlines():
            words = shlex.split(line, comments=True)
            while words and re.fullmatch(r"[A-Z_][A-Z0-9_]*=.*", words[0]):
                words.pop(0)
            if words[:1] == ["mgw"]:
                commands.append(words[1:])
    return commands


MGW = mgw_command_lines()


def test_the_document_shows_mgw_commands() -> None:
    assert any(c[:2] == ["reconcile", "--worker"] for c in MGW)


@pytest.mark.parametrize("argv", MGW, ids=[" ".join(c)[:60] for c in MGW])
def test_each_mgw_command_line_is_accepted_by_the_parser(argv: list[str]) -> None:
    from merchant_gateway.cli import _parser

    try:
        args = _parser().parse_args(argv)
    except SystemExit as exc:  # argparse's way of saying "no such flag or value"
        raise AssertionError(f"mgw {' '.join(argv)}: not accepted by the command line") from exc
    assert isinstance(args, argparse.Namespace)
