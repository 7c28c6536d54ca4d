"""Fixtures of the JS SDK tests: import paths, a sandbox (settling off, so the payments page decides)."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]
for sub in ("overlays", "generated_client", "sandbox"):  # also works before `pip install -e .`
    if str(ROOT / sub) not in sys.path:
        sys.path.insert(0, str(ROOT / sub))


@pytest.fixture(scope="module")
def sandbox() -> Iterator[Any]:
    from merchant_gateway_sandbox import start_sandbox

    # settle_after is long: a payment stays pending until the payments page (or a test) decides
    running = start_sandbox(settle_after=3600.0)
    try:
        yield running
    finally:
        running.stop()
