"""The flags of `mgw pay`, `status`, `refund`, `reconcile` and `token` (cli/payments.py runs them)."""

from __future__ import annotations

import argparse

from ..options import add_amount_flags, add_config_flags, add_wait_flags
from .handler import Run


def _add_ledger_flag(p: argparse.ArgumentParser) -> None:
    """`mgw reconcile`'s --ledger is the worker mode's (worker.py): one flag, the same meaning."""
    p.add_argument(
        "--ledger",
        help="record the payment in this ledger (default MGW_LEDGER_URL; neither: no ledger): sqlite:///PATH or "
        "postgresql://...",
    )


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser("pay", help="start a web payment (v4 debit) and optionally wait for its final status")
    add_config_flags(p)
    add_amount_flags(p)
    p.add_argument("--transaction-id", help="default: a new unique id")
    p.add_argument("--order-id", help="merchantOrderId (default: the transaction id)")
    p.add_argument("--user-id", help="merchantUserId")
    p.add_argument("--redirect-url")
    p.add_argument("--redirect-mode", choices=("REDIRECT", "POST"))
    p.add_argument("--callback-url")
    _add_ledger_flag(p)
    p.add_argument(
        "--wait",
        action="store_true",
        help=(
            "poll the status until final, on the gateway's polling schedule "
            "(source: its public reference, not the interface document)"
        ),
    )
    add_wait_flags(p)
    p.set_defaults(handler=Run("payments", "cmd_pay"))

    p = sub.add_parser("status", help="check the status of a payment, refund or collect")
    add_config_flags(p)
    p.add_argument("transaction_id")
    p.add_argument("--apps-host", action="store_true", help="ask the apps host instead of the base host")
    p.add_argument(
        "--wait",
        action="store_true",
        help=(
            "poll until final, on the gateway's polling schedule "
            "(source: its public reference, not the interface document)"
        ),
    )
    p.add_argument(
        "--expected-amount",
        type=int,
        help="cross-check the amount (paise) of the forward request (default with a ledger: the amount it recorded "
        "as sent)",
    )
    _add_ledger_flag(p)
    add_wait_flags(p)
    p.set_defaults(handler=Run("payments", "cmd_status"))

    p = sub.add_parser("refund", help="refund a payment fully or partly (v4)")
    add_config_flags(p)
    p.add_argument("--original", required=True, help="merchant transaction id of the payment")
    add_amount_flags(p)
    p.add_argument(
        "--original-amount",
        type=int,
        help="the payment's amount in paise (default: read from the payment's status first); a refund above it is "
        "refused before anything is sent",
    )
    p.add_argument("--transaction-id", help="the refund's own id (default: a new unique id)")
    p.add_argument(
        "--order-id",
        help="merchantOrderId of the original payment's order (default: the --original transaction id, which is "
        "the order id `mgw pay` sends when no --order-id is given)",
    )
    p.add_argument("--message", default="refund", help="the refund's message (optional; default: refund)")
    p.add_argument("--callback-url")
    _add_ledger_flag(p)
    p.set_defaults(handler=Run("payments", "cmd_refund"))

    p = sub.add_parser("reconcile", help="settle payments whose outcome is unknown, through the status operation")
    add_config_flags(p)
    p.add_argument(
        "transaction_ids",
        nargs="*",
        metavar="TRANSACTION_ID:AMOUNT",
        help="a payment and the amount in paise that was sent (a paid status is proven only at that amount); with "
        "a ledger (--ledger or MGW_LEDGER_URL) the id alone: the ledger's record is used",
    )
    p.add_argument("--file", help="file with one TRANSACTION_ID:AMOUNT per line")
    add_wait_flags(p)
    p.add_argument("--max-in-flight", type=int, default=10)
    p.add_argument("--max-rate", type=float, default=10.0, help="status calls started per second, at most")
    p.set_defaults(handler=Run("payments", "cmd_reconcile"))

    p = sub.add_parser("token", help="fetch an authorization token (the token itself is never printed)")
    add_config_flags(p)
    p.set_defaults(handler=Run("payments", "cmd_token"))
