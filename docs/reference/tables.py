"""Two tables of the Python API reference (an MkDocs hook, mkdocs.yml), made from the package itself at build
time, so they cannot drift from it: every ``mgw`` command's ``--help`` (cli.md) and the gateway's codes with their
error class and remedy (errors.md)."""

from __future__ import annotations

import argparse
import contextlib
import io
from typing import Any


def _help(parser: argparse.ArgumentParser) -> str:
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        parser.print_help()
    return out.getvalue()


def _cli_help() -> str:
    from merchant_gateway.cli import _parser

    parser = _parser()
    parts = ["## mgw", "", "```text", _help(parser).rstrip(), "```", ""]
    sub = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    for name, command in sorted(sub.choices.items()):
        text = _help(command).rstrip() if command.add_help else "mgw sandbox --help prints the sandbox's own flags"
        parts += [f"## mgw {name}", "", "```text", text, "```", ""]
    return "\n".join(parts)


def _codes_table() -> str:
    from merchant_gateway.errors import error_for_category
    from merchant_gateway_client.outcomes import CATEGORIES, REMEDIES

    rows = ["| code | error class | remedy |", "|---|---|---|"]
    for code in sorted(set(CATEGORIES) | set(REMEDIES)):
        cls = error_for_category(CATEGORIES.get(code)).__name__
        rows.append(f"| `{code}` | `{cls}` | {REMEDIES.get(code, 'not shown')} |")
    return "\n".join(rows)


def on_page_markdown(markdown: str, page: Any, **_: Any) -> str:
    if "<!-- cli-help -->" in markdown:
        markdown = markdown.replace("<!-- cli-help -->", _cli_help())
    if "<!-- codes-table -->" in markdown:
        markdown = markdown.replace("<!-- codes-table -->", _codes_table())
    return markdown
