"""The flags of `mgw collect` and `mgw intent` (cli/jobs.py runs them)."""

from __future__ import annotations

import argparse

from ..options import add_amount_flags, add_config_flags, add_wait_flags
from .handler import Run


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser(
        "collect", help="send a collect request to a mobile number (collectRequest); --wait: until final, verified"
    )
    add_config_flags(p)
    add_amount_flags(p)
    p.add_argument("--mobile", required=True, help="the payer's mobile number (10 digits)")
    p.add_argument("--callback-url", required=True, help="where the gateway reports the user's answer (required)")
    p.add_argument("--expires-in", type=int, default=180, help="seconds the user has to pay (default 180)")
    p.add_argument("--order-id", help="merchantOrderId (default: the transaction id)")
    p.add_argument("--message", help="the note shown with the request (optional)")
    p.add_argument("--transaction-id", help="default: a new unique id")
    p.add_argument("--wait", action="store_true", help="wait for the final status, its amount cross-checked")
    add_wait_flags(p)
    p.set_defaults(handler=Run("jobs", "cmd_collect"))

    p = sub.add_parser(
        "intent", help="start an app payment by intent (debitV4Intent; --upi: UPI intent); --wait: until final"
    )
    add_config_flags(p)
    add_amount_flags(p)
    p.add_argument("--upi", action="store_true", help="a UPI intent (inline pay) for --mobile, not debitV4Intent")
    p.add_argument("--mobile", help="the payer's mobile number (required with --upi)")
    p.add_argument(
        "--platform-version-code",
        type=int,
        help="the wallet app's version code, as the merchant's app reports it (required without --upi)",
    )
    p.add_argument("--user-id", help="merchantUserId")
    p.add_argument("--order-id", help="merchantOrderId (default: the transaction id)")
    p.add_argument("--callback-url", help="where the gateway reports the result (server-to-server)")
    p.add_argument("--transaction-id", help="default: a new unique id")
    p.add_argument("--wait", action="store_true", help="wait for the final status, its amount cross-checked")
    add_wait_flags(p)
    p.set_defaults(handler=Run("jobs", "cmd_intent"))
