"""Fixtures of the JS SDK tests: a sandbox (settling off, so the payments page decides) with the example merchant.

The example page and its backend are the client side's (``merchant_gateway.cli.jssdk_example``), mounted on the
sandbox as ``mgw sandbox`` does. Packages are importable through pytest's ``pythonpath`` (pyproject.toml).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest


@pytest.fixture(scope="module")
def sandbox() -> Iterator[Any]:
    from merchant_gateway.cli.jssdk_example import routes as example_routes
    from merchant_gateway_sandbox import start_sandbox

    # settle_after is long: a payment stays pending until the payments page (or a test) decides
    running = start_sandbox(settle_after=3600.0, extra_routes=example_routes)
    try:
        yield running
    finally:
        running.stop()
