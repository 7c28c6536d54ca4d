"""The flags of `mgw sign` and `mgw verify-callback` (cli/commands.py runs them)."""

from __future__ import annotations

import argparse

from ..options import add_config_flags
from .handler import Run


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser("sign", help="print the X-VERIFY for a payload and signing path (debug a checksum mismatch)")
    add_config_flags(p)
    p.add_argument("--path", required=True, help="signing path, e.g. /v3/debit or /v3/transaction/M/T/status")
    src = p.add_mutually_exclusive_group()
    src.add_argument("--payload", help="payload JSON (body mode); encoded compactly as the client does")
    src.add_argument("--payload-file", help="file with the payload JSON, or - for stdin")
    src.add_argument("--base64-file", help="file with the exact base64 request string your code sent")
    p.set_defaults(handler=Run("commands", "cmd_sign"))

    p = sub.add_parser("verify-callback", help="check a callback body and X-VERIFY header (or a UI form post)")
    add_config_flags(p)
    p.add_argument("--body", required=True, help="file with the raw callback body, or - for stdin")
    p.add_argument("--x-verify", help="the X-VERIFY header of the callback (not for --kind form)")
    p.add_argument(
        "--kind",
        choices=("payment", "collect", "form"),
        default="payment",
        help="payment (payment or refund callback, the default) and collect: a JSON body with --x-verify; form: the "
        "UI form post (urlencoded, checksum in the body)",
    )
    p.add_argument("--expected-amount", type=int, help="amount of the forward request, in paise")
    p.add_argument("--expected-transaction-id")
    p.set_defaults(handler=Run("commands", "cmd_verify_callback"))
