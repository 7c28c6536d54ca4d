"""`mgw pay`, `status`, `refund`, `reconcile` and `token`: commands that talk to the gateway (`mgw demo` is
`demo.py`)."""

from __future__ import annotations

import argparse
import asyncio
import time
from decimal import Decimal, InvalidOperation
from typing import Any

from ..amounts import paise_from_rupees
from ..errors import ValidationError
from ..flows.polling import AmountMismatchError, FinalStatus, PollTimeout, StatusSnapshot
from ..flows.reconcile import PendingPayment
from ..flows.status import reconcile_payments, snapshot_of, wait_for_payment
from ..gateway import AsyncGateway, Gateway
from ..ids import new_transaction_id
from ..verdicts import Verdict
from .options import add_config_flags, add_wait_flags, config_from, schedule_from
from .output import Output

EXIT_NOT_FINAL = 4  # as in merchant_gateway.cli: no final status before the deadline


def _amount(args: argparse.Namespace) -> int:
    if (args.amount is None) == (args.rupees is None):
        raise ValidationError("--amount", "give exactly one of --amount (paise, e.g. 10000) and --rupees (e.g. 100.00)")
    if args.rupees is not None:
        try:
            return paise_from_rupees(Decimal(args.rupees), "--rupees")
        except InvalidOperation:
            raise ValidationError(
                "--rupees", f"is not a decimal number: give rupees like 100.50 (got {args.rupees!r:.20})"
            ) from None
    try:
        return int(args.amount)
    except ValueError:
        raise ValidationError(
            "--amount", f"must be a whole number of paise: for rupees use --rupees {args.amount[:20]} instead"
        ) from None


def _not_final(out: Output, txn: str, exc: PollTimeout, deadline: float, **facts: Any) -> int:
    """No final status before the deadline: pending is reported as pending (a state, not an error), exit 4."""
    code = exc.code or "PAYMENT_PENDING"
    out.result(
        f"{txn}: still {code} when the {deadline:g} s deadline passed ({exc.message}); pending is not failed: "
        f"check again later with: mgw status {txn}",
        transaction_id=txn,
        code=code,
        final=False,
        **facts,
    )
    return EXIT_NOT_FINAL


def _pending_note(final: bool) -> str:
    return "" if final else " (pending: not final yet, not an error; check again later)"


def cmd_pay(args: argparse.Namespace, out: Output) -> int:
    amount = _amount(args)
    txn = args.transaction_id or new_transaction_id()
    schedule = schedule_from(args) if args.wait else None
    with Gateway(config_from(args)) as gw:
        # the task layer's start: an absolute payments-page URL and no answer code (debitV4Web answers
        # PAYMENT_SUCCESS for a payment nobody has paid; only the status says whether it was paid)
        payment = gw.payments.start(
            amount=amount,
            transaction_id=txn,
            merchant_order_id=args.order_id or txn,
            merchant_user_id=args.user_id,
            redirect_url=args.redirect_url,
            redirect_mode=args.redirect_mode,
            callback_url=args.callback_url,
        )
        url = payment.payment_page_url
        facts: dict[str, Any] = {"amount": amount, "redirect_url": url}
        if not args.wait:
            out.result(
                f"payment {txn} started, awaiting payment: open {url} to pay; then check: mgw status {txn}",
                transaction_id=txn,
                state="awaiting_payment",
                **facts,
            )
            return 0
        out.step(f"payment {txn} started, awaiting payment: open {url} to pay; waiting for the final status")
        assert schedule is not None
        try:
            final: FinalStatus = gw.payments.wait(payment, schedule=schedule)
        except PollTimeout as exc:
            return _not_final(out, txn, exc, schedule.timeout, **facts)
    out.result(
        f"transaction {txn}: {final.code} after {final.checks} status checks",
        transaction_id=txn,
        final=True,
        code=final.code,
        checks=final.checks,
        payment_state=final.snapshot.payment_state,
        **facts,
    )
    return 0 if final.succeeded else 1


def _verdict_note(snap: StatusSnapshot, expected_amount: int | None) -> str:
    """What the status means, said the way merchant_gateway.verdicts judged it."""
    if snap.verdict is Verdict.UNCONFIRMED and expected_amount is None:
        return " (paid per the gateway, unconfirmed: give --expected-amount, the amount you sent, to confirm it)"
    if snap.is_final:
        return ""
    if snap.verdict in (Verdict.PENDING, Verdict.NOT_YET_FOUND):
        return _pending_note(False)
    return f" (not final: {snap.verdict}; check again later)"


def cmd_status(args: argparse.Namespace, out: Output) -> int:
    txn = args.transaction_id
    expected = args.expected_amount
    if args.wait and expected is None:
        # a wait ends at a final verdict, and a paid answer is proven only at the amount sent (verdicts)
        raise ValidationError(
            "--expected-amount",
            "is required with --wait: a payment counts as paid only at the amount you sent; give it in paise",
        )
    schedule = schedule_from(args) if args.wait else None
    with Gateway(config_from(args)) as gw:
        if schedule is not None:
            try:
                final = wait_for_payment(
                    gw,
                    txn,
                    expected_amount=expected,
                    started_at=time.monotonic() - schedule.first_check_after,
                    schedule=schedule,
                )
            except PollTimeout as exc:
                return _not_final(out, txn, exc, schedule.timeout)
            except AmountMismatchError as exc:
                out.error(f"{txn}: {exc.message}", kind="amount_mismatch", transaction_id=txn)
                return 1
            snap = final.snapshot
        else:
            read = gw.get_transaction_status_apps_host if args.apps_host else gw.get_transaction_status
            operation = "getTransactionStatusAppsHost" if args.apps_host else "getTransactionStatus"
            snap = snapshot_of(read(txn), txn, expected, operation=operation)
    if snap.mismatch == "amount":
        out.error(
            f"{txn}: status amount {snap.amount} paise differs from the expected {expected} paise: do not fulfil "
            "the order; compare it with what you sent",
            kind="amount_mismatch",
            transaction_id=txn,
        )
        return 1
    facts = {
        "transaction_id": txn,
        "code": snap.code,
        "verdict": str(snap.verdict),
        "final": snap.is_final,
        "amount": snap.amount,
        "payment_state": snap.payment_state,
        "pay_response_code": snap.pay_response_code,
        "provider_reference_id": snap.provider_reference_id,
    }
    human = f"{txn}: {snap.code}" + (f", amount {snap.amount} paise" if snap.amount is not None else "")
    if snap.pay_response_code:
        human += f", payResponseCode {snap.pay_response_code}"
    human += _verdict_note(snap, expected)
    out.result(human, **facts)
    return 0


def cmd_refund(args: argparse.Namespace, out: Output) -> int:
    amount = _amount(args)
    txn = args.transaction_id or new_transaction_id("RF")
    order = args.order_id or args.original
    with Gateway(config_from(args)) as gw:
        # the task layer's refund: checked against the original amount before anything is sent, reading the
        # payment's status first when --original-amount is not given
        refund = gw.refunds.create(
            args.original,
            amount=amount,
            # the refund belongs to the original order: `mgw pay` uses the transaction id as the order id by default
            merchant_order_id=order,
            message=args.message,
            original_amount=args.original_amount,
            callback_url=args.callback_url,
            transaction_id=txn,
        )
    note = _pending_note(refund.is_final)
    out.result(
        f"refund {txn} of {args.original}: {refund.code}{note}; check with: mgw status {txn}",
        transaction_id=txn,
        original_transaction_id=args.original,
        original_amount=refund.original_amount,
        merchant_order_id=order,
        code=refund.code,
        final=refund.is_final,
        amount=amount,
    )
    return 0


def _pending_payment(item: str, source: str, started: float) -> PendingPayment:
    """``ID:AMOUNT`` (the amount in paise that was sent): a paid status is proven only at that amount (verdicts),
    so a bare id could never settle as paid and would be checked until the deadline."""
    txn, sep, amount = item.strip().partition(":")
    if not sep or not txn or not amount.strip().isdigit():
        raise ValidationError(
            source,
            f"{item!r} must be TRANSACTION_ID:AMOUNT, the amount in paise that was sent (e.g. TX123:10000): a "
            "payment counts as paid only at the amount sent",
        )
    return PendingPayment(txn, started_at=started, expected_amount=int(amount))


def cmd_reconcile(args: argparse.Namespace, out: Output) -> int:
    items = [(item, "transaction_ids") for item in args.transaction_ids]
    if args.file:
        try:
            with open(args.file, encoding="utf-8") as fh:
                items += [(line.strip(), "--file") for line in fh if line.strip() and not line.startswith("#")]
        except (OSError, UnicodeDecodeError) as exc:
            raise ValidationError("--file", f"cannot read {args.file}: {exc}") from None
    if not items:
        raise ValidationError("transaction_ids", "give at least one TRANSACTION_ID:AMOUNT (or --file)")
    schedule = schedule_from(args)
    # the payments are already older than the first check of the schedule: start checking at once
    start = time.monotonic() - schedule.first_check_after
    pending = {p.transaction_id: p for p in (_pending_payment(item, source, start) for item, source in items)}

    async def run() -> Any:
        async with AsyncGateway(config_from(args)) as gw:
            return await reconcile_payments(
                gw,
                list(pending.values()),
                max_in_flight=args.max_in_flight,
                max_rate=args.max_rate,
                schedule=schedule,
                on_progress=out.progress,
            )

    report = asyncio.run(run())
    rows = []
    for txn, outcome in report.outcomes.items():
        code = outcome.code if outcome.code else type(outcome).__name__
        verdict = str(outcome.snapshot.verdict) if isinstance(outcome, FinalStatus) else None
        rows.append({"transaction_id": txn, "code": code, "verdict": verdict, "final": txn in report.settled})
        out.step(f"{txn}: {code}" + (f" ({verdict})" if verdict else " (not final)"))
    unsettled = len(report.unsettled)
    out.result(
        f"{len(report.settled)} settled, {unsettled} not final, {report.requests} status calls",
        outcomes=rows,
        requests=report.requests,
    )
    return 0 if unsettled == 0 else EXIT_NOT_FINAL


def cmd_token(args: argparse.Namespace, out: Output) -> int:
    with Gateway(config_from(args)) as gw:
        token = gw.get_authorization_token()
    length = len(token.access_token)
    facts = {
        "token_type": token.token_type if isinstance(token.token_type, str) else None,
        "issued_at": token.issued_at if isinstance(token.issued_at, int) else None,
        "expires_at": token.expires_at,
        "access_token_length": length,
    }
    out.result(
        f"token_type {facts['token_type']}, issued_at {facts['issued_at']}, expires_at {token.expires_at}; "
        f"access token received ({length} characters, not shown)",
        **facts,
    )
    return 0


def _add_amount_flags(p: argparse.ArgumentParser) -> None:
    """--amount (paise) or --rupees, read by :func:`_amount`."""
    amount = p.add_mutually_exclusive_group()
    amount.add_argument("--amount", help="amount in paise (integer)")
    amount.add_argument("--rupees", help="amount in rupees, e.g. 100.50")


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser("pay", help="start a web payment (v4 debit) and optionally wait for its final status")
    add_config_flags(p)
    _add_amount_flags(p)
    p.add_argument("--transaction-id", help="default: a new unique id")
    p.add_argument("--order-id", help="merchantOrderId (default: the transaction id)")
    p.add_argument("--user-id", help="merchantUserId")
    p.add_argument("--redirect-url")
    p.add_argument("--redirect-mode", choices=("REDIRECT", "POST"))
    p.add_argument("--callback-url")
    p.add_argument(
        "--wait",
        action="store_true",
        help=(
            "poll the status until final, on the gateway's polling schedule "
            "(source: its public reference, not the interface document)"
        ),
    )
    add_wait_flags(p)
    p.set_defaults(handler=cmd_pay)

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
    p.add_argument("--expected-amount", type=int, help="cross-check the amount (paise) of the forward request")
    add_wait_flags(p)
    p.set_defaults(handler=cmd_status)

    p = sub.add_parser("refund", help="refund a payment fully or partly (v4)")
    add_config_flags(p)
    p.add_argument("--original", required=True, help="merchant transaction id of the payment")
    _add_amount_flags(p)
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
    p.add_argument("--message", default="refund", help="message (required by the gateway)")
    p.add_argument("--callback-url")
    p.set_defaults(handler=cmd_refund)

    p = sub.add_parser("reconcile", help="settle payments whose outcome is unknown, through the status operation")
    add_config_flags(p)
    p.add_argument(
        "transaction_ids",
        nargs="*",
        metavar="TRANSACTION_ID:AMOUNT",
        help="a payment and the amount in paise that was sent (a paid status is proven only at that amount)",
    )
    p.add_argument("--file", help="file with one TRANSACTION_ID:AMOUNT per line")
    add_wait_flags(p)
    p.add_argument("--max-in-flight", type=int, default=10)
    p.add_argument("--max-rate", type=float, default=10.0, help="status calls started per second, at most")
    p.set_defaults(handler=cmd_reconcile)

    p = sub.add_parser("token", help="fetch an authorization token (the token itself is never printed)")
    add_config_flags(p)
    p.set_defaults(handler=cmd_token)
