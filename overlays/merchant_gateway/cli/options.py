"""What every `mgw` command that talks to a gateway shares: the configuration flags and the config they make.

Its own module so that the command modules (commands, payments, demo) import it and never each other: the CLI
package has no import cycle (checked by the import-linter contracts in pyproject.toml).
"""

from __future__ import annotations

import argparse

from ..checks.amounts import paise_from_rupees
from ..config import ENV_VARS, GatewayConfig
from ..errors import ConfigurationError, ValidationError
from ..flows.schedule import DEFAULT_SCHEDULE, PollSchedule, schedule_for

# flag name -> GatewayConfig argument; secrets are better given through the environment (flags show in `ps`)
CONFIG_FLAGS = {
    "env": "environment",
    "base_url": "base_url",
    "apps_url": "apps_url",
    "auth_url": "auth_url",
    "merchant_id": "merchant_id",
    "salt_key": "salt_key",
    "salt_index": "salt_index",
    "client_id": "client_id",
    "client_secret": "client_secret",
    "client_version": "client_version",
}


def add_config_flags(p: argparse.ArgumentParser) -> None:
    group = p.add_argument_group("configuration (default: the MGW_* environment variables)")
    for flag, name in CONFIG_FLAGS.items():
        group.add_argument(f"--{flag.replace('_', '-')}", dest=flag, help=f"overrides {ENV_VARS[name]}")
    p.add_argument("--json", action="store_true", help="print one JSON document instead of text")


def config_from(args: argparse.Namespace) -> GatewayConfig:
    """The configuration of the flags over the MGW_* variables; its errors name the flag (``--merchant-id``), not
    the Python keyword (``merchant_id=``) the library's own message offers."""
    overrides = {name: getattr(args, flag) for flag, name in CONFIG_FLAGS.items() if getattr(args, flag, None)}
    try:
        return GatewayConfig.from_env(**overrides)
    except ConfigurationError as exc:
        raise _in_flags(exc) from exc


def _in_flags(exc: ConfigurationError) -> ConfigurationError:
    text = exc.message
    for flag, name in CONFIG_FLAGS.items():
        text = text.replace(f"pass {name}=", f"pass --{flag.replace('_', '-')}")
        text = text.replace(f"{name}=", f"--{flag.replace('_', '-')} ")
    problem = text.split(": ", 1)[1] if text.startswith(f"{exc.variable}: ") else text
    given = exc.remedy if exc.remedy != ConfigurationError.default_remedy else None  # the class default: unsaid
    return ConfigurationError(exc.variable, problem, remedy=given)


def add_wait_flags(p: argparse.ArgumentParser, *, deadline_flag: str = "--deadline") -> None:
    """How a command waits for a final status: the gateway's polling schedule (15 min; from its public reference,
    not the interface document) unless told otherwise."""
    p.add_argument(
        deadline_flag,
        dest="deadline",
        type=float,
        default=DEFAULT_SCHEDULE.timeout,
        metavar="SECONDS",
        help=f"give up waiting for a final status after this long (default {DEFAULT_SCHEDULE.timeout:.0f} s, "
        "the polling schedule's timeout; the schedule comes from the gateway's public reference)",
    )
    p.add_argument(
        "--poll-every",
        type=float,
        metavar="SECONDS",
        help="check the status every SECONDS (Python: poll_every=, TypeScript: pollEvery). Default: against the local "
        "sandbox (MGW_ENV=local) every second, its own pace; against sandbox and production the polling schedule of "
        "the gateway's public reference (first check 20 s after the start)",
    )
    p.set_defaults(deadline_flag=deadline_flag)


def schedule_from(args: argparse.Namespace, environment: str | None = None) -> PollSchedule:
    """The polling schedule the wait flags ask for; bad values fail as ValidationError (nothing is sent). Without
    --poll-every: the default of ``environment`` (the local sandbox's own pace for ``local``), else the public
    reference's."""
    deadline, every = args.deadline, args.poll_every
    flag = getattr(args, "deadline_flag", "--deadline")
    if not (isinstance(deadline, float) and 0 < deadline < float("inf")):
        raise ValidationError(flag, "must be a positive number of seconds")
    if every is None:
        base = DEFAULT_SCHEDULE if environment is None else schedule_for(environment)
        return PollSchedule(base.first_check_after, base.phases, deadline)
    if not (isinstance(every, float) and 0 < every < float("inf")):
        raise ValidationError("--poll-every", "must be a positive number of seconds, e.g. --poll-every 1")
    return PollSchedule.every(every, timeout=deadline)


def add_amount_flags(p: argparse.ArgumentParser) -> None:
    """--amount (paise) or --rupees, read by :func:`amount_from`."""
    amount = p.add_mutually_exclusive_group()
    amount.add_argument("--amount", help="amount in paise (integer)")
    amount.add_argument("--rupees", help="amount in rupees, e.g. 100.50")


def amount_from(args: argparse.Namespace) -> int:
    """The amount in paise of --amount or --rupees; a bad one fails as ValidationError naming the flag."""
    from decimal import Decimal, InvalidOperation

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
