"""The `mgw` command line.

Why a sub-package: one module per group of commands keeps each small; this module only parses arguments and
maps errors to one clear line and an exit code. The parser is built from :mod:`.arguments`, which loads no
command: a command's module (and the gateways, httpx or the ledger it needs) loads when that command runs.
Output is for people by default and JSON with ``--json``. Secrets (salt keys, client secrets, tokens, OTPs) and
base64 payloads are never printed.

Exit statuses (0-9): one table, :mod:`.exit_codes`, which `mgw --help` and the README show.
"""

from __future__ import annotations

import argparse
import errno
import json
import logging
import socket
import sys
import warnings
from collections.abc import Callable, Sequence
from typing import Any, NoReturn, cast

from ..checks.advice import AdviceWarning
from ..errors import (
    CallbackMismatchError,
    ConfigurationError,
    GatewayError,
    OutcomeUnknown,
    SignatureError,
    ValidationError,
)
from ..ledger.errors import LedgerUnavailable
from .exit_codes import FAILED as EXIT_FAILED
from .exit_codes import HELP as EXIT_CODES_HELP
from .exit_codes import LEDGER_DOWN as EXIT_LEDGER_DOWN
from .exit_codes import NOT_FINAL as EXIT_NOT_FINAL
from .exit_codes import UNKNOWN as EXIT_UNKNOWN
from .exit_codes import USAGE as EXIT_USAGE
from .output import Output


class _Parser(argparse.ArgumentParser):
    """argparse, whose usage errors are one JSON document on stdout when ``--json`` was given."""

    def __init__(self, *args: Any, json_errors: bool = False, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.json_errors = json_errors

    def error(self, message: str) -> NoReturn:
        if not self.json_errors:
            super().error(message)
        doc = {"ok": False, "error": "usage", "message": f"{self.prog}: {message}"}
        sys.stdout.write(json.dumps(doc, sort_keys=True) + "\n")
        sys.exit(EXIT_USAGE)


def _parser(json_errors: bool = False) -> argparse.ArgumentParser:
    from .arguments import register_all

    parser = _Parser(
        prog="mgw",
        description="Merchant gateway client. Configured by MGW_* environment variables or the flags below.",
        epilog=EXIT_CODES_HELP,
        json_errors=json_errors,
    )
    sub = cast(
        "argparse._SubParsersAction[argparse.ArgumentParser]",
        parser.add_subparsers(dest="command", required=True, metavar="COMMAND", parser_class=_Parser),
    )
    register_all(sub)
    # handed over before parsing (its flags are the sandbox's own, see _run_sandbox); listed here for --help
    sub.add_parser(
        "sandbox",
        add_help=False,
        help="run the local sandbox gateway and print its MGW_* URLs (mgw sandbox --help for its flags)",
    )
    for command in sub.choices.values():
        if isinstance(command, _Parser):
            command.json_errors = json_errors
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args_list = list(sys.argv[1:] if argv is None else argv)
    if args_list[:1] == ["sandbox"]:
        # the sandbox has its own flags and lives in the optional extra; hand over untouched
        return _run_sandbox(args_list[1:])
    parser = _parser(json_errors="--json" in args_list)
    args = parser.parse_args(args_list)
    library_log = logging.getLogger("merchant_gateway")
    if not library_log.handlers:  # each failure is reported as one line below; no stray "give_up ..." log lines
        library_log.addHandler(logging.NullHandler())
    out = Output(json_mode=getattr(args, "json", False))
    with warnings.catch_warnings():
        shown = warnings.showwarning

        def show(message: Warning | str, category: type[Warning], *rest: Any, **kw: Any) -> None:
            # the document's advice is a line of the command's output (JSON: the document's "warnings")
            if issubclass(category, AdviceWarning):
                out.warning(str(message))
            else:
                shown(message, category, *rest, **kw)

        warnings.showwarning = show
        return _handle(args, out)


def _handle(args: argparse.Namespace, out: Output) -> int:
    from ..flows.polling import PollTimeout  # loaded by every command that waits; not by the parser

    handler: Callable[[argparse.Namespace, Output], int] = args.handler
    try:
        return handler(args, out)
    except OutcomeUnknown as exc:
        txn = exc.transaction_id or "<transaction id>"
        from .._core import REASON_FIRST  # loaded with the gateway already: the call that raised this made one

        lead = f"{exc.message}; {exc.remedy}. " if exc.pay_response_code in REASON_FIRST else ""  # reason first
        out.error(
            f"{lead}outcome unknown for {txn}: the gateway may have recorded it; do not retry. Run: mgw status {txn}",
            kind="outcome_unknown",
            code=exc.code,
            transaction_id=exc.transaction_id,
        )
        return EXIT_UNKNOWN
    except PollTimeout as exc:
        out.error(str(exc), kind="not_final", code=exc.code, transaction_id=exc.transaction_id)
        return EXIT_NOT_FINAL
    except (ConfigurationError, ValidationError) as exc:
        out.error(str(exc), kind="invalid_input")
        return EXIT_USAGE
    except CallbackMismatchError as exc:  # correctly signed, but not what was sent: a mismatch, not a bad signature
        out.error(
            f"signature verified, but the callback does not match: {exc.message}",
            kind="callback_mismatch",
            transaction_id=exc.transaction_id,
        )
        return EXIT_FAILED
    except SignatureError as exc:
        out.error(f"signature check failed: {exc.message}", kind="bad_signature")
        return EXIT_FAILED
    except LedgerUnavailable as exc:
        out.error(str(exc), kind="ledger_unavailable")
        return EXIT_LEDGER_DOWN
    except GatewayError as exc:
        out.error(str(exc), kind=type(exc).__name__, code=exc.code, transaction_id=exc.transaction_id)
        return EXIT_FAILED
    except KeyboardInterrupt:
        out.error("interrupted", kind="interrupted")
        return 130


def _run_sandbox(argv: list[str]) -> int:
    """The sandbox (optional extra, imported only here and in `mgw demo`) plus the JS SDK example merchant."""
    try:
        from merchant_gateway_sandbox.cli import main as sandbox_main
        from merchant_gateway_sandbox.cli import parser as sandbox_parser

        from .jssdk_example import routes as example_routes
    except ImportError:
        print(
            "mgw sandbox needs the sandbox extra: pip install 'merchant-gateway-client[sandbox]'",
            file=sys.stderr,
        )
        return EXIT_USAGE
    # the sandbox's own parser (flags are its own), read here only to check the address before it starts
    known, _ = sandbox_parser("mgw sandbox").parse_known_args(argv)
    out = Output(json_mode=known.json)
    problem = _cannot_listen(known.host, known.port)
    if problem:
        out.error(f"sandbox: {problem}", kind="cannot_listen")
        return EXIT_USAGE
    try:
        return int(sandbox_main(argv, extra_routes=example_routes, prog="mgw sandbox") or 0)
    except RuntimeError as exc:  # it did not start (the port taken meanwhile, or the server failed)
        problem = _cannot_listen(known.host, known.port) or (
            f"the sandbox did not start on {known.host} port {known.port} ({exc}); try another port with --port, "
            "or --port 0 for a free one"
        )
        out.error(f"sandbox: {problem}", kind="cannot_listen")
        return EXIT_USAGE


def _cannot_listen(host: str, port: int) -> str | None:
    """Why the sandbox could not listen on host:port (the port taken, not allowed), or None. Probed with a socket
    bound and closed at once, with SO_REUSEADDR like the sandbox's server, so only a listener really there counts."""
    if not isinstance(port, int) or port == 0:
        return None  # port 0: the system picks a free one
    if not 0 < port < 65536:
        return f"--port {port} is not a port number: give 1-65535, or --port 0 for a free one"
    try:
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)
    except OSError:
        return None  # the sandbox names a bad host itself
    family, kind, proto, _, address = infos[0]
    with socket.socket(family, kind, proto) as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            probe.bind(address)
        except OSError as exc:
            if exc.errno == errno.EADDRINUSE:
                return (
                    f"port {port} on {host} is already in use (another sandbox or program listens there): stop it, "
                    f"or start the sandbox on another port with --port N (--port 0 picks a free one and prints its "
                    f"URLs)"
                )
            if exc.errno == errno.EACCES:
                return (
                    f"port {port} on {host} needs privileges this user does not have: use a port above 1023 with "
                    f"--port N, or --port 0 for a free one"
                )
            return f"cannot listen on {host} port {port} ({exc.strerror}): try --port 0 for a free port"
    return None
