"""`mgw ledger`: unfinished payments, their next check and a progress view (merchant_gateway.ledger,
docs/operations.md). The reconciler worker, `mgw reconcile --worker`, is in worker.py."""

from __future__ import annotations

import argparse
import time

from ..ledger import Ledger
from .ledger_options import ledger_url
from .output import Output

# --- mgw ledger --------------------------------------------------------------------------------------------------


def _bar(done: int, total: int, width: int = 30) -> str:
    filled = int(width * done / total) if total else width
    return f"[{'#' * filled}{'.' * (width - filled)}]"


def _show(ledger: Ledger, args: argparse.Namespace, out: Output) -> int:
    counts = ledger.counts(args.merchant_id)
    hooks = counts.pop("hooks_pending", 0)
    total = sum(counts.values())
    final = sum(n for k, n in counts.items() if k.startswith("final:"))
    rows = ledger.unfinished(limit=args.limit, merchant_id=args.merchant_id)
    now = ledger.clock()
    listing = [
        {
            "transaction_id": p.transaction_id,
            "merchant_id": p.merchant_id,
            "state": p.state,
            "operation": p.operation,
            "amount": p.amount,
            "age_s": round(now - p.created_at, 1),
            "checks": p.checks,
            "next_check_in_s": None if p.next_check_at is None else round(p.next_check_at - now, 1),
            "last_code": p.code,
        }
        for p in rows
    ]
    pct = 100.0 * final / total if total else 100.0
    lines = [
        f"{_bar(final, total)} {final}/{total} final ({pct:.1f} %), {total - final} open, {hooks} hooks pending",
        "  " + ", ".join(f"{k} {n}" for k, n in sorted(counts.items())) if counts else "  (empty ledger)",
    ]
    if listing:
        lines.append(
            f"  {'transaction':<38} {'state':<9} {'operation':<22} {'amount':>9} {'age':>8} {'checks':>6} next"
        )
        for r in listing:
            nxt = "-" if r["next_check_in_s"] is None else f"{r['next_check_in_s']:+.0f}s"
            lines.append(
                f"  {r['transaction_id']:<38} {r['state']:<9} {r['operation']:<22} {r['amount'] or '-':>9} "
                f"{r['age_s']:>7.0f}s {r['checks']:>6} {nxt}"
            )
        if total - final > len(listing):
            lines.append(f"  ... {total - final - len(listing)} more open (--limit)")
    out.result(
        "\n".join(lines),
        total=total,
        final=final,
        open=total - final,
        hooks_pending=hooks,
        states=counts,
        unfinished=listing,
    )
    return 0


def cmd_ledger(args: argparse.Namespace, out: Output) -> int:
    with Ledger.open(ledger_url(args)) as ledger:
        if not args.watch:
            return _show(ledger, args, out)
        try:
            while True:
                _show(ledger, args, out)
                counts = ledger.counts(args.merchant_id)
                if not any(k in counts for k in ("recorded", "unknown", "accepted", "overdue")):
                    return 0
                time.sleep(args.watch)
        except KeyboardInterrupt:
            return 0


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser("ledger", help="the payment ledger: unfinished payments, their next check, progress")
    p.add_argument("--ledger", help="ledger URL (default MGW_LEDGER_URL): sqlite:///PATH or postgresql://...")
    p.add_argument("--merchant-id", help="only this merchant's payments")
    p.add_argument("--limit", type=int, default=20, help="unfinished payments listed (next due first)")
    p.add_argument("--watch", type=float, metavar="SECONDS", help="refresh every SECONDS until nothing is open")
    p.add_argument("--json", action="store_true", help="print one JSON document instead of text")
    p.set_defaults(handler=cmd_ledger)
