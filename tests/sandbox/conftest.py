from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

try:
    import merchant_gateway_sandbox  # noqa: F401
except ModuleNotFoundError:  # not installed (editable) yet: use the source tree
    sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "sandbox"))

from merchant_gateway_sandbox import ManualClock, RunningSandbox, start_sandbox  # noqa: E402

sys.path.insert(0, str(Path(__file__).resolve().parent))
from sbx_support import MERCHANT, SALTS, Gateway, Receiver  # noqa: E402


@pytest.fixture
def receiver() -> Iterator[Receiver]:
    r = Receiver().start()
    yield r
    r.stop()


@pytest.fixture
def running() -> Iterator[RunningSandbox]:
    """The sandbox on a free loopback port, with a manual clock (settles 5 s of sandbox time after creation)."""
    sb = start_sandbox(
        "127.0.0.1", 0, merchant_id=MERCHANT, salts=SALTS, clock=ManualClock(1_700_000_000.0), settle_after=5.0
    )
    yield sb
    sb.stop()


@pytest.fixture
def gw(running: RunningSandbox) -> Iterator[Gateway]:
    with httpx.Client(timeout=10, follow_redirects=False, trust_env=False) as http:
        yield Gateway(running.base_url, running.apps_url, running.auth_url, http)
