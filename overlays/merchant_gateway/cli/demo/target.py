"""The gateway the demo runs against: the one MGW_* (or ``--base-url``) names, else an embedded sandbox it starts.

Why this module exists: with nothing configured, `mgw demo` must still run every step, so it starts the sandbox
extra on a free loopback port with a random salt and client secret (never printed) and takes its OTP from it; a
configured gateway is used as it is, and nothing sandbox-specific is assumed about it.
"""

from __future__ import annotations

import argparse
import os
import secrets
from collections.abc import Iterator
from contextlib import contextmanager

from ...config import GatewayConfig
from ..options import config_from
from ..output import Output
from .runner import StepFailed, one_line


def gateway_configured(args: argparse.Namespace) -> bool:
    """A gateway is named (MGW_BASE_URL, an MGW_ENV other than local, or --base-url): no sandbox is started."""
    return bool(os.environ.get("MGW_BASE_URL")) or os.environ.get("MGW_ENV", "local") != "local" or bool(args.base_url)


@contextmanager
def target(args: argparse.Namespace, out: Output) -> Iterator[tuple[GatewayConfig, str | None]]:
    """The gateway to use and, for the embedded sandbox, its OTP. Starts the sandbox when nothing is set."""
    if gateway_configured(args):
        config = config_from(args)
        out.step(f"gateway: {config.base} (merchant {config.merchant_id})")
        yield config, os.environ.get("MGW_DEMO_OTP")
        return
    try:
        from merchant_gateway_sandbox import start_sandbox
    except ImportError:
        raise StepFailed("no MGW_BASE_URL set and the sandbox extra is not installed") from None
    merchant, salt, client_secret = "DEMOMERCHANT", secrets.token_hex(16), secrets.token_hex(16)
    try:
        sandbox = start_sandbox(
            port=0,
            merchant_id=merchant,
            salts={"1": salt},
            client_id="DEMOCLIENT",
            client_secret=client_secret,
            settle_after=1.0,
        )
    except (RuntimeError, OSError) as exc:
        raise StepFailed(f"the embedded sandbox did not start: {one_line(exc)}") from None
    try:
        out.step(f"gateway: embedded sandbox at {sandbox.base_url} (merchant {merchant})")
        config = GatewayConfig(
            merchant_id=merchant,
            salt_key=salt,
            salt_index="1",
            environment="local",
            base_url=sandbox.base_url,
            apps_url=sandbox.apps_url,
            auth_url=sandbox.auth_url,
            client_id="DEMOCLIENT",
            client_secret=client_secret,
        )
        yield config, sandbox.config.otp
    finally:
        sandbox.stop()
