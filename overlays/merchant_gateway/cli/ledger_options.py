"""What the `mgw` commands that use the payment ledger share: its URL and the merchant's hook.

Its own module, like options.py, so that the command modules (ledger, worker, payments) import it and never each
other; apart from options.py because the demo shares options.py and none of the ledger's variables.
"""

from __future__ import annotations

import argparse
import importlib
import os
from collections.abc import Callable

from ..errors import ConfigurationError


def configured_ledger_url(args: argparse.Namespace) -> str | None:
    """--ledger, else MGW_LEDGER_URL, else None: `mgw pay`, `refund` and `reconcile TXN` then run without a ledger."""
    url: str | None = getattr(args, "ledger", None) or os.environ.get("MGW_LEDGER_URL")
    return url or None


def ledger_url(args: argparse.Namespace) -> str:
    url = configured_ledger_url(args)
    if not url:
        raise ConfigurationError(
            "MGW_LEDGER_URL", "is not set (or give --ledger sqlite:////ABSOLUTE/PATH or postgresql://...)"
        )
    return url


def load_hook(spec: str) -> Callable[..., object]:
    """The merchant's hook, `module:function`, imported from this process's sys.path."""
    module, _, name = spec.partition(":")
    if not module or not name:
        raise ConfigurationError("--hook", "must be module:function, e.g. shop.payments:fulfil")
    try:
        fn = getattr(importlib.import_module(module), name)
    except (ImportError, AttributeError) as exc:
        raise ConfigurationError("--hook", f"cannot load {spec}: {exc}") from None
    if not callable(fn):
        raise ConfigurationError("--hook", f"{spec} is not callable")
    return fn  # type: ignore[no-any-return]
