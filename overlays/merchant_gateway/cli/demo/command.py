"""The `mgw demo` command: the run (the gateway, the merchant's endpoint, the story) and its exit status (0 every
step held, 1 a step failed, 5 none failed but some were skipped).

Why this module exists: what the command does with the gateway sits apart from the story it tells, so the two can
be read and changed one at a time. What it promises a person (its flags, the help, the variables it reads) is
cli/arguments/demo.py, so that `mgw --help` does not load the demo.
"""

from __future__ import annotations

import argparse
from contextlib import ExitStack

import httpx

from ...errors import ValidationError
from ...gateway import Gateway
from .. import exit_codes
from ..options import schedule_from
from ..output import Output
from .merchant import merchant_endpoint
from .runner import StepFailed, StepRunner
from .story import Plan, tell
from .target import gateway_configured, target


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
