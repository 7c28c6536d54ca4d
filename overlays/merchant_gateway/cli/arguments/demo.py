"""The flags and help of `mgw demo` (cli/demo/command.py runs it)."""

from __future__ import annotations

import argparse
import textwrap

from ...config import ENV_VARS
from ..options import add_config_flags, add_wait_flags
from .handler import Run

#: The variables the demo reads besides the gateway's MGW_* configuration (shown by `mgw demo --help`).
DEMO_VARIABLES = {
    "MGW_DEMO_OTP_MOBILE": "mobile number to link by OTP on a gateway other than the embedded sandbox; "
    "not set: the OTP steps are skipped",
    "MGW_DEMO_OTP": "the OTP sent to that number; not set: the demo asks for it on standard input "
    "(the embedded sandbox knows its own OTP and needs neither)",
}


def _epilog() -> str:
    def item(text: str, indent: int = 2, hang: int = 4) -> str:
        return textwrap.fill(text, 100, initial_indent=" " * indent, subsequent_indent=" " * (indent + hang))

    lines = [
        "environment:",
        item(
            f"the gateway: {', '.join(ENV_VARS.values())}, as for every mgw command. Without MGW_BASE_URL (or "
            "--base-url) and with MGW_ENV unset or local, an embedded sandbox is started on a free loopback port "
            "and every step runs."
        ),
        *(item(f"{name}: {meaning}") for name, meaning in DEMO_VARIABLES.items()),
        "",
        "exit status:",
        item(
            "0 every step held; 1 a step failed; 2 bad flags or configuration; 5 no step failed, but some were "
            "skipped (a skipped step did not hold: its line says what makes it run)"
        ),
    ]
    return "\n".join(lines)


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser(
        "demo",
        help="run the whole payment story (embedded sandbox when no MGW_* gateway is set)",
        description="Run the whole payment story step by step, one line per step; exit 0 only if every step held.",
        epilog=_epilog(),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    add_config_flags(p)
    add_wait_flags(p, deadline_flag="--wait-for-person")
    p.add_argument(
        "--callback-wait",
        type=float,
        default=30.0,
        metavar="SECONDS",
        help="once a payment is final, how long to wait for its callbacks to reach the demo (default 30 s)",
    )
    p.add_argument(
        "--no-browser-steps",
        action="store_true",
        help="run only the steps that need no person (no payments page, no typed OTP); the steps left out are "
        "skipped, so the exit status is 5 at best",
    )
    p.set_defaults(handler=Run("demo", "run_demo"))
