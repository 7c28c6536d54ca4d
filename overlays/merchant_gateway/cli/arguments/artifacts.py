"""The flags of `mgw artifacts` (cli/artifacts.py runs it)."""

from __future__ import annotations

import argparse

from .handler import Run


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser(
        "artifacts",
        help="list the shipped release artifacts (OpenAPI documents, operations.json, conformance kit, signing "
        "vectors), or write them to a folder with --out DIR",
    )
    p.add_argument("--out", metavar="DIR", help="folder to write every artifact to (created if missing)")
    p.add_argument("--json", action="store_true", help="one JSON document on stdout")
    p.set_defaults(handler=Run("artifacts", "cmd_artifacts"))
