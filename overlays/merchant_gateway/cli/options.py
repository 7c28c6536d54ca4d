"""What every `mgw` command that talks to a gateway shares: the configuration flags and the config they make.

Its own module so that the command modules (commands, payments, demo) import it and never each other: the CLI
package has no import cycle (checked by the import-linter contracts in pyproject.toml).
"""

from __future__ import annotations

import argparse

from ..config import ENV_VARS, GatewayConfig

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
    overrides = {name: getattr(args, flag) for flag, name in CONFIG_FLAGS.items() if getattr(args, flag, None)}
    return GatewayConfig.from_env(**overrides)
