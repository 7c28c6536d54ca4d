"""`mgw pay`, `status`, `refund`, `reconcile` and `token`: commands that talk to the gateway (`mgw demo` is
`demo/`).

With a ledger configured (``--ledger`` or ``MGW_LEDGER_URL``), `mgw pay`, `refund` and `reconcile TXN` move and
settle money as a web process does: their gateway carries the ledger's observer (the write-ahead before the
request, every attempt, the answer), and a status is judged by the ledger's record (the amount sent, the send
history, the fleet's grace) through the reconciler's own check (``merchant_gateway.ledger.admin.check_now``), not by
the command line's own reading. With one, `mgw status` proves a paid answer at the amount the ledger recorded as
sent (unless --expected-amount is given) and `mgw refund` bounds a refund by it (unless --original-amount is given),
as a client that sent the payment itself does. Without one they run without it, as they always did.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import math
import time
from collections.abc import Callable, Iterator
from typing import Any

from ..config import GatewayConfig
from ..errors import ValidationError
from ..flows.polling import AmountMismatchError, FinalStatus, PollTimeout, StatusSnapshot
from ..flows.reconcile import PendingPayment
from ..flows.schedule import PollSchedule
from ..flows.status import async_reconcile_payments, snapshot_of, wait_for_payment
from ..gateway import AsyncGateway, Gateway
from ..ids import new_transaction_id
from ..ledger import Ledger, Payment
from ..ledger.admin import CheckResult, check_now
from ..verdicts import Verdict
from . import exit_codes
from .ledger_options import configured_ledger_url
from .options import amount_from, config_from, schedule_from
from .output import Output, iso_time


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
    return exit_codes.NOT_FINAL


def _pending_note(final: bool) -> str:
    return "" if final else " (pending: not final yet, not an error; check again later)"


# --- with a ledger -------------------------------------------------------------------------------------------


@contextlib.contextmanager
def _gateway(args: argparse.Namespace, cfg: GatewayConfig) -> Iterator[tuple[Gateway, Ledger | None]]:
    """The command's gateway and the ledger it records into (None: no ledger configured). The ledger gets the
    gateway's timeout and no fleet setting of its own: a shell takes the fleet's stored ones."""
    url = configured_ledger_url(args)
    if url is None:
        with Gateway(cfg) as gateway:
            yield gateway, None
        return
    with Ledger.open(url, timeout=cfg.timeout) as ledger:
        tokens = ledger.token_cache(cfg.merchant_id, cfg.client_id) if cfg.client_id else None
        with Gateway(cfg, observer=ledger.observer, tokens=tokens) as gateway:
            yield gateway, ledger


def _sent_amount(ledger: Ledger | None, cfg: GatewayConfig, txn: str) -> int | None:
    """The amount the ledger recorded as sent for the payment (or collect) ``txn``: what this fleet itself sent,
    never an amount read from an answer; None without a ledger or such a row."""
    payment = ledger.get(txn, cfg.merchant_id) if ledger is not None else None
    if payment is None or payment.kind == "refund" or type(payment.amount) is not int:
        return None
    return payment.amount


def _ledger_state(ledger: Ledger | None, cfg: GatewayConfig, txn: str) -> dict[str, Any]:
    payment = ledger.get(txn, cfg.merchant_id) if ledger is not None else None
    return {} if payment is None else {"ledger_state": payment.state}


def _settle(
    ledger: Ledger,
    gateway: Gateway,
    transaction_ids: list[str],
    schedule: PollSchedule,
    started: float,
    *,
    max_rate: float = 10.0,
    on_check: Callable[[CheckResult], None] | None = None,
) -> dict[str, CheckResult]:
    """Check each payment through the reconciler's own check at the moments of ``schedule`` after ``started`` (a
    ``time.monotonic()`` reading) until the ledger holds it final or the schedule ends, at most ``max_rate`` status
    reads a second. Returns each payment's last check (its ``payment``: the ledger's record after it)."""
    interval = 1.0 / max_rate
    last_read = -math.inf
    results: dict[str, CheckResult] = {}
    waiting = list(transaction_ids)
    for offset in schedule.offsets():
        if not waiting:
            break
        time.sleep(max(0.0, started + offset - time.monotonic()))
        still: list[str] = []
        for txn in waiting:
            time.sleep(max(0.0, last_read + interval - time.monotonic()))
            last_read = time.monotonic()
            results[txn] = check_now(ledger, gateway, txn)
            if on_check is not None:
                on_check(results[txn])
            if not results[txn].payment.is_final:
                still.append(txn)
        waiting = still
    return results


def _ledger_row(txn: str, payment: Payment) -> dict[str, Any]:
    return {
        "transaction_id": txn,
        "code": payment.code,
        "final": payment.is_final,
        "succeeded": payment.succeeded,
        "ledger_state": payment.state,
        "checks": payment.checks,
    }


def _ledger_not_final(out: Output, txn: str, payment: Payment, deadline: float, **facts: Any) -> int:
    out.result(
        f"{txn}: still {payment.state} in the ledger when the {deadline:g} s deadline passed; pending is not failed: "
        f"the reconciler settles it (or check again: mgw reconcile {txn})",
        **{**facts, **_ledger_row(txn, payment)},
    )
    return exit_codes.NOT_FINAL


def cmd_pay(args: argparse.Namespace, out: Output) -> int:
    amount = amount_from(args)
    txn = args.transaction_id or new_transaction_id()
    cfg = config_from(args)
    schedule = schedule_from(args, cfg.environment) if args.wait else None
    with _gateway(args, cfg) as (gw, ledger):
        started = time.monotonic()
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
        facts: dict[str, Any] = {"amount": amount, "redirect_url": url, **_ledger_state(ledger, cfg, txn)}
        recorded = f" (in the ledger: {facts['ledger_state']})" if ledger is not None else ""
        if not args.wait:
            out.result(
                f"payment {txn} started{recorded}, awaiting payment: open {url} to pay; then check: mgw status {txn}",
                transaction_id=txn,
                state="awaiting_payment",
                **facts,
            )
            return 0
        out.step(f"payment {txn} started{recorded}, awaiting payment: open {url} to pay; waiting for the final status")
        assert schedule is not None
        if ledger is not None:
            p = _settle(ledger, gw, [txn], schedule, started)[txn].payment
            if not p.is_final:
                return _ledger_not_final(out, txn, p, schedule.timeout, **facts)
            out.result(
                f"transaction {txn}: {p.code} in the ledger after {p.checks} status checks",
                **{**facts, **_ledger_row(txn, p)},
            )
            return 0 if p.succeeded else 1
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
    cfg = config_from(args)
    schedule = schedule_from(args, cfg.environment) if args.wait else None
    with _gateway(args, cfg) as (gw, ledger):
        # a paid status is proven at the amount sent: the caller's, else the one the ledger recorded as sent
        expected = expected if expected is not None else _sent_amount(ledger, cfg, txn)
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
            try:
                snap = snapshot_of(read(txn), txn, expected, operation=operation)
            except AmountMismatchError as exc:  # another amount than this client (or its ledger) sent
                out.error(f"{txn}: {exc.message}", kind="amount_mismatch", transaction_id=txn)
                return 1
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
    amount = amount_from(args)
    txn = args.transaction_id or new_transaction_id("RF")
    order = args.order_id or args.original
    cfg = config_from(args)
    with _gateway(args, cfg) as (gw, ledger):
        # the task layer's refund: checked against the original amount before anything is sent, reading the
        # payment's status first when --original-amount is not given
        refund = gw.refunds.create(
            args.original,
            amount=amount,
            # the refund belongs to the original order: `mgw pay` uses the transaction id as the order id by default
            merchant_order_id=order,
            message=args.message,
            # the caller's, else the amount the ledger recorded as sent for the payment (no status read first)
            original_amount=(
                args.original_amount if args.original_amount is not None else _sent_amount(ledger, cfg, args.original)
            ),
            callback_url=args.callback_url,
            transaction_id=txn,
        )
        recorded = _ledger_state(ledger, cfg, txn)
    note = _pending_note(refund.is_final)
    if recorded:
        note += f"; in the ledger: {recorded['ledger_state']}"
    out.result(
        f"refund {txn} of {args.original}: {refund.code}{note}; check with: mgw status {txn}",
        transaction_id=txn,
        original_transaction_id=args.original,
        original_amount=refund.original_amount,
        merchant_order_id=order,
        code=refund.code,
        final=refund.is_final,
        amount=amount,
        **recorded,
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
            "payment counts as paid only at the amount sent (with a ledger, MGW_LEDGER_URL or --ledger, the id alone "
            "is enough: the ledger knows the amount)",
        )
    return PendingPayment(txn, started_at=started, expected_amount=int(amount))


def _ledger_payment(ledger: Ledger, merchant_id: str, item: str, source: str) -> Payment:
    """``ID`` or ``ID:AMOUNT`` of a payment in the ledger; an amount given must be the one the ledger recorded as
    sent. Checked before anything is sent."""
    txn, sep, amount = item.strip().partition(":")
    if not txn or (sep and not amount.strip().isdigit()):
        raise ValidationError(source, f"{item!r} must be TRANSACTION_ID or TRANSACTION_ID:AMOUNT (paise)")
    payment = ledger.get(txn, merchant_id)
    if payment is None:
        raise ValidationError(
            source,
            f"{txn} is not in the ledger for merchant {merchant_id}: a payment the ledger never recorded is checked "
            "without it, by the amount you give (leave out --ledger, unset MGW_LEDGER_URL, then: mgw reconcile "
            f"{txn}:AMOUNT)",
        )
    if sep and payment.amount is not None and int(amount) != payment.amount:
        raise ValidationError(
            source,
            f"{item} differs from the amount the ledger recorded as sent ({payment.amount} paise): give {txn} alone "
            "(the ledger's amount is used) or that amount",
        )
    return payment


def _reconcile_in_ledger(
    args: argparse.Namespace, out: Output, items: list[tuple[str, str]], schedule: PollSchedule, started: float
) -> int:
    """`mgw reconcile` with a ledger: each payment checked by the reconciler's own check, judged by its record."""
    cfg = config_from(args)
    reads = 0

    def show(check: CheckResult) -> None:
        nonlocal reads
        reads += check.result != "busy"  # busy: a worker holds the check; nothing was read
        p = check.payment
        out.step(f"{p.transaction_id}: {check.code or '-'} read; in the ledger: {p.state} {p.code or ''}".rstrip())

    with _gateway(args, cfg) as (gw, ledger):
        assert ledger is not None
        payments = {p.transaction_id: p for p in (_ledger_payment(ledger, cfg.merchant_id, i, s) for i, s in items)}
        results = _settle(ledger, gw, list(payments), schedule, started, max_rate=args.max_rate, on_check=show)
    rows = [_ledger_row(txn, results[txn].payment if txn in results else p) for txn, p in payments.items()]
    settled = sum(1 for r in rows if r["final"])
    out.result(
        f"{settled} final in the ledger, {len(rows) - settled} not final, {reads} status calls",
        outcomes=rows,
        requests=reads,
    )
    return 0 if settled == len(rows) else exit_codes.NOT_FINAL


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
    if configured_ledger_url(args) is not None:
        return _reconcile_in_ledger(args, out, items, schedule, start)
    pending = {p.transaction_id: p for p in (_pending_payment(item, source, start) for item, source in items)}

    async def run() -> Any:
        async with AsyncGateway(config_from(args)) as gw:
            return await async_reconcile_payments(
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
    return 0 if unsettled == 0 else exit_codes.NOT_FINAL


def cmd_token(args: argparse.Namespace, out: Output) -> int:
    with Gateway(config_from(args)) as gw:
        token = gw.get_authorization_token()
    length = len(token.access_token)
    facts = {
        "token_type": token.token_type if isinstance(token.token_type, str) else None,
        # the gateway's epoch seconds as ISO 8601, as every --json prints times; issued_at 0: the answer had none
        "issued_at": iso_time(token.issued_at) if token.issued_at else None,
        "expires_at": iso_time(token.expires_at),
        "access_token_length": length,
    }
    out.result(
        f"token_type {facts['token_type']}, issued_at {facts['issued_at'] or '-'}, expires_at {facts['expires_at']}; "
        f"access token received ({length} characters, not shown)",
        **facts,
    )
    return 0
