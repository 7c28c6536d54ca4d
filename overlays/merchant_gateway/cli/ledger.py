"""`mgw ledger`: the payment ledger for an operator (merchant_gateway.ledger, docs/operations.md "Operator commands
and health"): progress and unfinished payments (``--since`` windows), one payment's history, pending hooks and
their errors, a hook retried now, a payment checked now, a stuck payment resolved with a reason, and the fleet's
health with alerting exit codes. The reconciler worker, `mgw reconcile --worker`, is in worker.py.

What each action means is the ledger's (merchant_gateway.ledger.admin and .health); this module opens the ledger
with a short database bound (an outage answers in seconds, as one line and exit 6) and prints. The actions' flags
are cli/arguments/ledger.py's."""

from __future__ import annotations

import argparse
import dataclasses
import logging
import time
from typing import TYPE_CHECKING, Any

from ..errors import ConfigurationError, ValidationError
from ..gateway import Gateway
from ..ledger import Ledger, admin
from ..ledger.health import CRITICAL, WARN, Thresholds, fleet_health
from . import exit_codes
from .ledger_options import ledger_url, load_hook
from .options import CONFIG_FLAGS, config_from
from .output import Output, iso_time, iso_times

if TYPE_CHECKING:
    from ..config import GatewayConfig

EXIT_HEALTH = {"ok": exit_codes.OK, WARN: exit_codes.HEALTH_WARN, CRITICAL: exit_codes.HEALTH_CRITICAL}
_OPEN = ("recorded", "unknown", "accepted", "overdue")


def _open(args: argparse.Namespace, **kwargs: Any) -> Ledger:
    # the database driver's pool logs every failed reconnect (a traceback's worth of lines on stderr); the one
    # line that matters is the command's own error
    logging.getLogger("psycopg").addHandler(logging.NullHandler())
    return Ledger.open(ledger_url(args), timeout=args.timeout, **kwargs)


def _iso(at: float | None) -> str:
    return iso_time(at) or "-"


def _in(at: float | None, now: float) -> str:
    return "-" if at is None else f"{at - now:+.0f}s"


# --- mgw ledger (progress) -----------------------------------------------------------------------------------------


def _bar(done: int, total: int, width: int = 30) -> str:
    filled = int(width * done / total) if total else width
    return f"[{'#' * filled}{'.' * (width - filled)}]"


def _show(ledger: Ledger, args: argparse.Namespace, out: Output) -> dict[str, int]:
    counts = admin.window_counts(ledger, since=args.since, merchant_id=args.merchant_id)
    hooks = counts.pop("hooks_pending", 0)
    total = sum(counts.values())
    final = sum(n for k, n in counts.items() if k.startswith("final:"))
    rows = admin.open_payments(ledger, since=args.since, merchant_id=args.merchant_id, limit=args.limit)
    now = admin.now(ledger)
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
    window = "" if args.since is None else f" (created in the last {args.since:g} s)"
    lines = [
        f"{_bar(final, total)} {final}/{total} final ({pct:.1f} %), {total - final} open, {hooks} hooks pending"
        + window,
        "  " + ", ".join(f"{k} {n}" for k, n in sorted(counts.items())) if counts else "  (no payments)",
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
        since_s=args.since,
        unfinished=listing,
    )
    return counts


def cmd_ledger(args: argparse.Namespace, out: Output) -> int:
    with _open(args) as ledger:
        if not args.watch:
            _show(ledger, args, out)
            return exit_codes.OK
        try:
            while any(k in _show(ledger, args, out) for k in _OPEN):
                time.sleep(args.watch)
        except KeyboardInterrupt:
            pass
        return exit_codes.OK


# --- mgw ledger show / hooks / retry-hook --------------------------------------------------------------------------


def cmd_show(args: argparse.Namespace, out: Output) -> int:
    with _open(args) as ledger:
        got = admin.history(ledger, args.transaction_id, merchant_id=args.merchant_id)
    if got is None:
        raise ValidationError("transaction_id", f"{args.transaction_id} is not in the ledger")
    p = got.payment
    state = f"{p.state} {p.code} ({p.final_source})" if p.is_final else f"{p.state} (last code {p.code or '-'})"
    hook = "-" if not p.is_final else "pending" if p.hook_pending else f"done {_iso(p.hook_done_at)}"
    lines = [
        f"{p.transaction_id}: {p.operation} {p.kind} of {p.amount if p.amount is not None else '-'}, merchant "
        f"{p.merchant_id}, order {p.order_id or '-'}",
        f"  state {state}; {p.attempts} send attempt(s), {p.checks} status check(s); hook {hook}",
    ]
    lines += [
        f"  {_iso(e.at)}  {e.source:<10} {e.state or '':<9} {e.code or '':<22} {e.detail or ''}".rstrip()
        + (f"  [by {e.actor}]" if e.actor else "")
        for e in got.events
    ]
    out.result(
        "\n".join(lines),
        payment=iso_times(dataclasses.asdict(p)),
        events=[iso_times(e.to_dict()) for e in got.events],
    )
    return exit_codes.OK


def cmd_hooks(args: argparse.Namespace, out: Output) -> int:
    with _open(args) as ledger:
        hooks = admin.pending_hooks(ledger, merchant_id=args.merchant_id, limit=args.limit)
        now = admin.now(ledger)
    failing = [h for h in hooks if h.error is not None]
    lines = [f"{len(hooks)} hook(s) pending (up to --limit {args.limit}), {len(failing)} failing"]
    for h in hooks:
        running = f", running until {_in(h.running_until, now)}" if h.running_until and h.running_until >= now else ""
        lines.append(
            f"  {h.transaction_id:<38} {h.code or '-':<18} attempts {h.attempts:<3} next {_in(h.next_at, now)}"
            f"{running}  {h.error or '(not tried yet)'}"
        )
    out.result("\n".join(lines), hooks=[iso_times(h.to_dict()) for h in hooks], failing=len(failing))
    return exit_codes.OK


_RETRY_TEXT = {
    "ran": "its hook ran here and completed",
    "failed": "its hook failed again: {error}",
    "due": "its hook is due now: a worker with the hook (mgw reconcile --worker --hook ...) runs it on its next pass"
    " (or give --hook here to run it now)",
    "running": "a process is running its hook now (it holds the hook's lease): nothing was changed",
    "not_pending": "no hook is pending: it completed already, or the payment is not final (nothing was changed)",
}


def cmd_retry_hook(args: argparse.Namespace, out: Output) -> int:
    if (args.transaction_id is None) == (not args.all_failed):
        raise ValidationError("TXN", "give one transaction id, or --all-failed (every failed pending hook), not both")
    hook = load_hook(args.hook) if args.hook else None
    with _open(args, on_final=hook, hook_in_transaction=args.hook_in_transaction) as ledger:
        if args.all_failed:
            return _retry_all(ledger, args, out)
        result, error = admin.retry_hook(
            ledger, args.transaction_id, merchant_id=args.merchant_id, operator=args.operator
        )
    if result == "unknown_transaction":
        raise ValidationError("transaction_id", f"{args.transaction_id} is not in the ledger")
    message = f"{args.transaction_id}: " + _RETRY_TEXT[result].format(error=error)
    if result in ("ran", "due"):
        out.result(message, result=result, error=error)
        return exit_codes.OK
    out.error(message, kind=f"hook_{result}", transaction_id=args.transaction_id)
    return exit_codes.FAILED


def _retry_all(ledger: Ledger, args: argparse.Namespace, out: Output) -> int:
    results = admin.retry_failed_hooks(
        ledger, merchant_id=args.merchant_id, operator=args.operator, limit=args.limit or 1000
    )
    total = sum(len(ids) for ids in results.values())
    counts = ", ".join(f"{result} {len(ids)}" for result, ids in sorted(results.items())) or "none"
    text = f"{total} failed hook(s) retried: {counts}"
    if "due" in results:
        text += " (due: a worker with the hook runs them on its next pass; give --hook to run them here)"
    if results.get("failed"):
        out.error(f"{text}; still failing: {', '.join(results['failed'][:20])}", kind="hook_failed", **results)
        return exit_codes.FAILED
    out.result(text, retried=total, results=results)
    return exit_codes.OK


# --- mgw ledger workers --------------------------------------------------------------------------------------------


def cmd_workers(args: argparse.Namespace, out: Output) -> int:
    with _open(args) as ledger:
        if args.forget:
            if not ledger.forget_worker(args.forget):
                raise ValidationError("--forget", f"no worker named {args.forget!r} in the ledger (mgw ledger workers)")
            out.result(
                f"forgot worker {args.forget} (a worker still running writes a new row with its next beat)",
                forgot=args.forget,
            )
            return exit_codes.OK
        found = ledger.workers(running_only=not args.all)
        now = admin.now(ledger)
    rows: list[dict[str, Any]] = [
        {
            "name": w.name,
            "host": w.host,
            "pid": w.pid,
            "merchant_id": w.merchant_id,
            "started_at": iso_time(w.started_at),
            "beat_at": iso_time(w.beat_at),
            "beat_age_s": round(w.age(now), 1),
            "stopped_at": iso_time(w.stopped_at),
            "exit_status": w.exit_status,
            "counters": w.counters,
        }
        for w in found
    ]
    which = "worker(s)" if args.all else "running worker(s) (no clean stop; --all for every row)"
    lines = [f"{len(rows)} {which}"]
    for r in rows:
        end = f"stopped {r['stopped_at']} exit {r['exit_status']}" if r["stopped_at"] else "running"
        lines.append(
            f"  {r['name']:<40} merchant {r['merchant_id'] or '-':<16} beat {r['beat_age_s']:>7.0f}s ago  {end}  "
            + " ".join(f"{k} {v}" for k, v in r["counters"].items())
        )
    out.result("\n".join(lines), workers=rows)
    return exit_codes.OK


# --- mgw ledger check / resolve ------------------------------------------------------------------------------------


def _check_config(args: argparse.Namespace, ledger: Ledger, configs: dict[str, GatewayConfig] | None) -> GatewayConfig:
    """The gateway configuration a check reads the payment's status with: the MGW_* settings and the flags; with a
    merchants file, the entry of the payment's merchant (``--merchant-id`` chooses among the file's merchants, else
    the one of them the ledger holds the payment for)."""
    from ..ledger.queries import merchants_holding
    from .merchants import MERCHANTS_VAR

    if configs is None:
        return config_from(args)
    setting = "--merchants" if args.merchants else MERCHANTS_VAR
    listed = ", ".join(configs)
    if args.merchant_id:
        if args.merchant_id not in configs:
            raise ConfigurationError(
                "--merchant-id", f"{args.merchant_id} is not a merchant of {setting} (it lists {listed})"
            )
        return configs[args.merchant_id]
    holding = merchants_holding(ledger, args.transaction_id, list(configs))
    if not holding:
        raise ValidationError(
            "transaction_id", f"{args.transaction_id} is not in the ledger for any merchant of {setting} ({listed})"
        )
    if len(holding) > 1:
        raise ConfigurationError(
            "--merchant-id",
            f"{args.transaction_id} is in the ledger for {len(holding)} merchants of {setting} "
            f"({', '.join(holding)}): give --merchant-id to choose one",
        )
    return configs[holding[0]]


def _merchants_of(args: argparse.Namespace) -> dict[str, GatewayConfig] | None:
    """The merchants file's configurations (--merchants, MGW_MERCHANTS_FILE; None without one), read and checked
    before the ledger is opened. With a file, each merchant's settings come from it: a flag that would override one
    of them is refused, as `mgw reconcile --worker` refuses it (--merchant-id only chooses the file's entry)."""
    from .merchants import load_merchants, merchants_file  # only for this command: its parser stays light

    chosen = merchants_file(args.merchants)
    if chosen is None:
        return None
    setting, path = chosen
    flags = [f"--{f.replace('_', '-')}" for f in CONFIG_FLAGS if f != "merchant_id" and getattr(args, f, None)]
    if flags:
        raise ConfigurationError(flags[0], f"is given together with {setting}: give it in the file's entries")
    return load_merchants(path, setting=setting)


def cmd_check(args: argparse.Namespace, out: Output) -> int:
    configs = _merchants_of(args)
    with _open(args) as ledger:  # the fleet's stored grace and rate ceiling: this check is paced and judged as theirs
        cfg = _check_config(args, ledger, configs)
        tokens = ledger.token_cache(cfg.merchant_id, cfg.client_id) if cfg.client_id else None
        with Gateway(cfg, observer=ledger.observer, tokens=tokens) as gateway:
            checked = admin.check_now(ledger, gateway, args.transaction_id, lease=max(60.0, cfg.timeout + 10.0))
        now = admin.now(ledger)
    p, txn = checked.payment, args.transaction_id
    data = {"result": checked.result, "code": checked.code, "state": p.state, "ledger_code": p.code}
    if checked.result == "busy":
        out.error(f"{txn}: a worker is checking it now: try again in a minute", kind="busy", transaction_id=txn)
        return exit_codes.FAILED
    if checked.result == "already_final":
        if checked.code != p.code:
            out.error(
                f"{txn}: final {p.code} in the ledger, but the gateway now says {checked.code or 'nothing readable'}"
                f": kept as an event (the ledger never changes a final payment); see mgw ledger show {txn}",
                kind="conflict",
                transaction_id=txn,
            )
            return exit_codes.FAILED
        out.result(f"{txn}: final {p.code} already; the gateway says the same", **data)
        return exit_codes.OK
    if p.is_final:
        out.result(f"{txn}: final {p.code} (by this check; the gateway said {checked.code})", **data)
        return exit_codes.OK
    out.result(
        f"{txn}: still open ({p.state}); the gateway said {checked.code or 'nothing usable'}; next check "
        f"{_in(p.next_check_at, now)}",
        **data,
    )
    return exit_codes.NOT_FINAL


def cmd_resolve(args: argparse.Namespace, out: Output) -> int:
    with _open(args) as ledger:
        try:
            p = admin.resolve(
                ledger,
                args.transaction_id,
                code=args.state,
                reason=args.reason,
                operator=args.operator,
                merchant_id=args.merchant_id,
                force=args.force,
                second_operator=args.second_operator,
            )
        except admin.ResolveRefused as exc:
            out.error(
                f"refused, nothing was changed: {exc}", kind="resolve_refused", transaction_id=args.transaction_id
            )
            return exit_codes.FAILED
    hook = "its hook is pending (a worker with the hook runs it)" if p.hook_pending else "its hook ran"
    out.result(
        f"{p.transaction_id}: final {p.code}, resolved by {args.operator}"
        + (f" with {args.second_operator} (forced)" if args.force else "")
        + f" (recorded as an event); {hook}",
        state=p.state,
        code=p.code,
        final_source=p.final_source,
        hook_pending=p.hook_pending,
    )
    return exit_codes.OK


# --- mgw ledger health ---------------------------------------------------------------------------------------------


def cmd_health(args: argparse.Namespace, out: Output) -> int:
    thresholds = Thresholds(
        window=Thresholds.window if args.since is None else args.since,
        unknown_rate_warn=args.unknown_rate_warn,
        unknown_rate_critical=args.unknown_rate_critical,
        min_payments=args.min_payments,
        oldest_open_warn=args.oldest_open_warn,
        oldest_open_critical=args.oldest_open_critical,
        heartbeat_warn=args.heartbeat_warn,
        heartbeat_critical=args.heartbeat_critical,
        heartbeat_gone=args.heartbeat_gone,
        workers=not args.no_workers,
    )
    with _open(args) as ledger:
        result = fleet_health(ledger, thresholds, merchant_id=args.merchant_id)
    lines = [f"{c.status.upper():<8} {c.name:<17} {c.message}" for c in result.checks]
    out.result("\n".join(lines), **result.to_dict())
    return EXIT_HEALTH[result.status]


# --- the parser ----------------------------------------------------------------------------------------------------
