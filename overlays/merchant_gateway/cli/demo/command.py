"""The `mgw demo` command: its flags and help, the run (the gateway, the merchant's endpoint, the story) and its
exit status (0 every step held, 1 a step failed, 5 none failed but some were skipped).

Why this module exists: what the command promises a person (the help, the variables it reads, the exit status)
sits apart from the story it tells, so the two can be read and changed one at a time.
"""

from __future__ import annotations

import argparse
import textwrap
from contextlib import ExitStack

import httpx

from ...config import ENV_VARS
from ...errors import ValidationError
from ...gateway import Gateway
from .. import exit_codes
from ..options import add_config_flags, add_wait_flags, schedule_from
from ..output import Output
from .merchant import merchant_endpoint
from .runner import StepFailed, StepRunner
from .story import Plan, tell
from .target import gateway_configured, target

#: The variables the demo reads besides the gateway's MGW_* configuration (shown by `mgw demo --help`).
DEMO_VARIABLES = {
    "MGW_DEMO_OTP_MOBILE": "mobile number to link by OTP on a gateway other than the embedded sandbox; "
    "not set: the OTP steps are skipped",
    "MGW_DEMO_OTP": "the OTP sent to that number; not set: the demo asks for it on standard input "
    "(the embedded sandbox knows its own OTP and needs neither)",
}


def run_demo(args: argparse.Namespace, out: Output) -> int:
    person_schedule = schedule_from(args)  # bad flags fail here, before anything starts
    if not (isinstance(args.callback_wait, float) and 0 <= args.callback_wait < float("inf")):
        raise ValidationError("--callback-wait", "must be a number of seconds >= 0")
    runner = StepRunner(out)
    with ExitStack() as stack:
        try:
            config, otp = stack.enter_context(target(args, out))
        except StepFailed as exc:
            runner.skip("setup", str(exc))
            out.error(str(exc), kind="setup")
            return exit_codes.USAGE
        embedded = not gateway_configured(args)
        plan = Plan(embedded, not args.no_browser_steps, person_schedule, args.callback_wait)
        merchant_url, inbox = stack.enter_context(merchant_endpoint())
        gw = stack.enter_context(Gateway(config))
        http = stack.enter_context(httpx.Client(timeout=15.0, follow_redirects=True, trust_env=False))
        tell(runner, gw, http, merchant_url, inbox, plan, otp)
    held = sum(1 for s in runner.steps if s["result"] == "ok")
    skipped = [s["step"] for s in runner.steps if s["result"] == "skipped"]
    summary = f"demo: {held} steps held, {runner.failed} failed, {len(skipped)} skipped"
    if runner.failed:
        out.error(summary, kind="demo_failed", steps=runner.steps)
        return exit_codes.FAILED
    if skipped:
        # a skipped step did not hold: the demo proved less than the whole story, and its exit status says so
        out.error(
            f"{summary}: not every step held ({', '.join(skipped)}); each skip line above says what makes it run",
            kind="demo_incomplete",
            steps=runner.steps,
        )
        return exit_codes.INCOMPLETE
    out.result(summary, steps=runner.steps)
    return 0


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
    p.set_defaults(handler=run_demo)
