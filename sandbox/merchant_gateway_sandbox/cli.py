"""`python -m merchant_gateway_sandbox` / `mgw sandbox`: run the sandbox in the foreground."""

from __future__ import annotations

import argparse
import json
import signal
import sys
import threading
from collections.abc import Sequence

from .app import ExtraRoutes
from .clock import ManualClock
from .config import DEFAULT_MERCHANT_ID, DEFAULT_SALTS, SandboxConfig
from .server import start_sandbox


def parser(prog: str = "merchant_gateway_sandbox") -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog=prog, description="Local payment gateway sandbox.")
    p.add_argument("--host", default="127.0.0.1", help="bind address (loopback unless --allow-non-loopback)")
    p.add_argument("--port", type=int, default=0, help="port; 0 picks a free port")
    p.add_argument("--merchant-id", default=DEFAULT_MERCHANT_ID)
    p.add_argument("--salt-key", action="append", help="salt key (repeat together with --salt-index)")
    p.add_argument("--salt-index", action="append", help="salt index for the --salt-key at the same position")
    p.add_argument("--client-id", default=SandboxConfig.client_id)
    p.add_argument("--client-secret", default=SandboxConfig.client_secret)
    p.add_argument("--settle-after", type=float, default=SandboxConfig.settle_after, help="seconds until settling")
    p.add_argument("--callback-url", help="static (registered) callback URL")
    p.add_argument("--allow-external-callbacks", action="store_true", help="allow non-loopback callback targets")
    p.add_argument("--allow-non-loopback", action="store_true", help="allow binding to a non-loopback address")
    p.add_argument("--rate-limit", type=int, help="calls per window and operation (off when absent)")
    p.add_argument("--rate-window", type=float, default=60.0)
    p.add_argument("--manual-clock", action="store_true", help="clock moves only via POST /_sandbox/clock/advance")
    p.add_argument("--spec", help="path of the OpenAPI document (default: bundled spec.json or spec/openapi.yaml)")
    p.add_argument("--refund-window", type=float, help="seconds after which a v4 refund is REVERSAL_WINDOW_EXCEEDED")
    p.add_argument(
        "--payment-page-origin",
        help="origin put in the payments page URLs handed out, e.g. one nobody serves (a page that cannot be opened)",
    )
    p.add_argument("--json", action="store_true", help="print the three URLs as one JSON document")
    p.add_argument(
        "--not-found-status",
        type=int,
        choices=(400, 200),
        default=400,
        help="HTTP status of TRANSACTION_NOT_FOUND (the document shows none; clients must accept both)",
    )
    return p


def main(argv: Sequence[str] | None = None, *, extra_routes: ExtraRoutes | None = None, prog: str | None = None) -> int:
    """`extra_routes`: what an embedding application serves beside the sandbox (``app.ExtraRoutes``); `prog`: the
    command name in usage lines (``mgw sandbox`` when run through the client's command line)."""
    args = parser(prog or "merchant_gateway_sandbox").parse_args(argv)
    keys, indexes = args.salt_key or [], args.salt_index or []
    if not keys:
        salts = dict(DEFAULT_SALTS)
        if indexes:
            salts = {indexes[0]: next(iter(DEFAULT_SALTS.values()))}
    else:
        if len(indexes) not in (0, len(keys)):
            print("give one --salt-index per --salt-key", file=sys.stderr)
            return 2
        salts = dict(zip(indexes or [str(i + 1) for i in range(len(keys))], keys, strict=True))
    cfg = SandboxConfig(
        merchant_id=args.merchant_id,
        salts=salts,
        client_id=args.client_id,
        client_secret=args.client_secret,
        settle_after=args.settle_after,
        callback_url=args.callback_url,
        allow_external_callbacks=args.allow_external_callbacks,
        rate_limit=(args.rate_limit, args.rate_window) if args.rate_limit else None,
        refund_window=args.refund_window,
        payment_page_origin=args.payment_page_origin,
        not_found_status=args.not_found_status,
    )
    if args.manual_clock:
        cfg.clock = ManualClock()
    if args.spec:
        from pathlib import Path

        cfg.spec_path = Path(args.spec)
    try:
        running = start_sandbox(
            args.host,
            args.port,
            config=cfg,
            allow_non_loopback_bind=args.allow_non_loopback,
            extra_routes=extra_routes,
        )
    except ValueError as exc:
        print(str(exc), file=sys.stderr)
        return 2
    urls = {"MGW_BASE_URL": running.base_url, "MGW_APPS_URL": running.apps_url, "MGW_AUTH_URL": running.auth_url}
    if args.json:
        print(json.dumps(urls), flush=True)
    else:
        for name, url in urls.items():
            print(f"{name}={url}", flush=True)
    stop = threading.Event()
    for sig in (signal.SIGINT, signal.SIGTERM):
        signal.signal(sig, lambda *_: stop.set())
    try:
        while not stop.is_set() and running._thread.is_alive():
            stop.wait(0.5)
    finally:
        running.stop()
    return 0
