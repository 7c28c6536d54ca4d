"""`mgw collect` and `mgw intent`: the two payment jobs besides the web payment (`mgw pay`), each started, optionally
waited for and verified (``--wait``: the status read until final, its amount cross-checked with the one sent), with
``--json`` for scripts.

Its own module: the command modules never import each other (pyproject.toml's import contracts); what they share
(configuration, amounts, the wait flags) is in ``options``.
"""

from __future__ import annotations

import argparse
from typing import Any

from ..errors import ValidationError
from ..flows.polling import FinalStatus, PollTimeout
from ..gateway import Gateway
from ..ids import new_transaction_id
from ..tasks import Started
from . import exit_codes
from .options import amount_from, config_from, schedule_from
from .output import Output


def _finish(out: Output, gw: Gateway, start: Started, args: argparse.Namespace, facts: dict[str, Any]) -> int:
    """Wait for the final status (amount cross-checked: verify) and report it; pending at the deadline is exit 4."""
    txn = start.transaction_id
    schedule = schedule_from(args, gw.config.environment)
    try:
        final: FinalStatus = gw.payments.wait(start, schedule=schedule)
    except PollTimeout as exc:
        code = exc.code or "PAYMENT_PENDING"
        out.result(
            f"{txn}: still {code} when the {schedule.timeout:g} s deadline passed; pending is not failed: check again "
            f"later with: mgw status {txn} --expected-amount {start.amount}",
            transaction_id=txn,
            code=code,
            final=False,
            **facts,
        )
        return exit_codes.NOT_FINAL
    verified = "paid and verified: the status names this transaction and amount" if final.succeeded else "not paid"
    out.result(
        f"transaction {txn}: {final.code} after {final.checks} status checks ({verified})",
        transaction_id=txn,
        final=True,
        code=final.code,
        succeeded=final.succeeded,
        verdict=final.snapshot.verdict.value,
        checks=final.checks,
        **facts,
    )
    return 0 if final.succeeded else exit_codes.FAILED


def cmd_collect(args: argparse.Namespace, out: Output) -> int:
    amount = amount_from(args)
    txn = args.transaction_id or new_transaction_id()
    cfg = config_from(args)
    if args.wait:
        schedule_from(args, cfg.environment)  # bad wait flags fail before anything is sent
    with Gateway(cfg) as gw:
        collect = gw.collects.create(
            amount=amount,
            mobile_number=args.mobile,
            merchant_order_id=args.order_id or txn,
            expires_in=args.expires_in,
            callback_url=args.callback_url,
            message=args.message,
            transaction_id=txn,
        )
        facts: dict[str, Any] = {"amount": amount, "expires_in": args.expires_in, "kind": "collect"}
        if not args.wait:
            out.result(
                f"collect request {txn} sent (not paid yet): the user has {args.expires_in} s to pay in their app; "
                f"then check: mgw status {txn} --expected-amount {amount}",
                transaction_id=txn,
                state="awaiting_payment",
                **facts,
            )
            return 0
        out.step(f"collect request {txn} sent; waiting for the final status (at most {args.expires_in} s + grace)")
        return _finish(out, gw, collect, args, facts)


def cmd_intent(args: argparse.Namespace, out: Output) -> int:
    amount = amount_from(args)
    txn = args.transaction_id or new_transaction_id()
    cfg = config_from(args)
    if args.wait:
        schedule_from(args, cfg.environment)
    with Gateway(cfg) as gw:
        if args.upi:
            if not args.mobile:
                raise ValidationError("--mobile", "is required with --upi: give the payer's 10-digit mobile number")
            start = gw.payments.start_upi_intent(
                amount=amount,
                mobile_number=args.mobile,
                merchant_user_id=args.user_id,
                merchant_order_id=args.order_id or txn,
                callback_url=args.callback_url,
                transaction_id=txn,
            )
        else:
            if args.platform_version_code is None:
                raise ValidationError(
                    "--platform-version-code",
                    "is required for an intent payment: give the wallet app's version code as your app reports it "
                    "(or --upi --mobile N for a UPI intent)",
                )
            start = gw.payments.start_intent(
                amount=amount,
                merchant_order_id=args.order_id or txn,
                platform_version_code=args.platform_version_code,
                merchant_user_id=args.user_id,
                callback_url=args.callback_url,
                transaction_id=txn,
            )
        facts: dict[str, Any] = {
            "amount": amount,
            "kind": "upi-intent" if args.upi else "intent",
            "intent_url": start.intent_url,
            "package": start.package,
        }
        hand = f"hand the app {start.intent_url}" + (f" (package {start.package})" if start.package else "")
        if not args.wait:
            out.result(
                f"intent payment {txn} started, awaiting payment: {hand}; then check: mgw status {txn} "
                f"--expected-amount {amount}",
                transaction_id=txn,
                state="awaiting_payment",
                **facts,
            )
            return 0
        out.step(f"intent payment {txn} started: {hand}; waiting for the final status")
        return _finish(out, gw, start, args, facts)
