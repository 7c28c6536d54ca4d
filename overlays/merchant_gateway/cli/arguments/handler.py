"""A command's handler, named instead of imported: its module loads when the command runs.

Why this module exists: a command module imports what its command does (the gateways and httpx, the ledger and its
database drivers, the sandbox); `mgw --help`, `mgw <cmd> --help` and a usage error need none of it. The parser
holds a :class:`Run` per command, and ``mgw`` calls it like the function it names.
"""

from __future__ import annotations

import argparse
import importlib
from collections.abc import Callable

from ..output import Output

Handler = Callable[[argparse.Namespace, Output], int]


class Run:
    """``function`` of ``merchant_gateway.cli.<module>``, imported when called with the parsed arguments."""

    __slots__ = ("function", "module")

    def __init__(self, module: str, function: str) -> None:
        self.module = module
        self.function = function

    def __call__(self, args: argparse.Namespace, out: Output) -> int:
        handler: Handler = getattr(importlib.import_module(f"merchant_gateway.cli.{self.module}"), self.function)
        return handler(args, out)

    def __repr__(self) -> str:
        return f"Run({self.module!r}, {self.function!r})"
