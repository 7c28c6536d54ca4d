"""The `mgw` command line.

Why a sub-package: one module per group of commands keeps each small; this module only parses arguments and
maps errors to one clear line and an exit code. Output is for people by default and JSON with ``--json``.
Secrets (salt keys, client secrets, tokens, OTPs) and base64 payloads are never printed.

Exit codes: 0 success, 1 the gateway said no / a check failed, 2 bad input or configuration (nothing was sent),
3 outcome unknown (run the status command it names), 4 no final status before the deadline.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Sequence

from ..errors import (
    ConfigurationError,
    GatewayError,
    OutcomeUnknown,
    SignatureError,
    ValidationError,
)
from ..flows.polling import PollTimeout
from .output import Output

EXIT_OK, EXIT_FAILED, EXIT_USAGE, EXIT_UNKNOWN, EXIT_NOT_FINAL = 0, 1, 2, 3, 4


def _parser() -> argparse.ArgumentParser:
    from . import commands, ledger, payments

    parser = argparse.ArgumentParser(
        prog="mgw",
        description="Merchant gateway client. Configured by MGW_* environment variables or the flags below.",
    )
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    commands.register(sub)
    payments.register(sub)
    ledger.register(sub)  # mgw ledger, and mgw reconcile --worker (after payments: it extends reconcile)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args_list = list(sys.argv[1:] if argv is None else argv)
    if args_list[:1] == ["sandbox"]:
        # the sandbox has its own flags and lives in the optional extra; hand over untouched
        return _run_sandbox(args_list[1:])
    parser = _parser()
    args = parser.parse_args(args_list)
    out = Output(json_mode=getattr(args, "json", False))
    handler: Callable[[argparse.Namespace, Output], int] = args.handler
    try:
        return handler(args, out)
    except OutcomeUnknown as exc:
        txn = exc.transaction_id or "<transaction id>"
        out.error(
            f"outcome unknown for {txn}: the gateway may have recorded it; do not retry. Run: mgw status {txn}",
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
    except SignatureError as exc:
        out.error(f"signature check failed: {exc.message}", kind="bad_signature")
        return EXIT_FAILED
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

        from .jssdk_example import routes as example_routes
    except ImportError:
        print(
            "mgw sandbox needs the sandbox extra: pip install 'merchant-gateway-client[sandbox]'",
            file=sys.stderr,
        )
        return EXIT_USAGE
    return int(sandbox_main(argv, extra_routes=example_routes) or 0)
