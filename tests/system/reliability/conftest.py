"""Fixtures of the reliability campaign; the helpers live in tests/support/reliability.py."""

from __future__ import annotations

import json
import os

import pytest

from tests.support.reliability import STATS, env, fake_time, sbx  # noqa: F401 - re-exported fixtures


def pytest_sessionfinish(session: pytest.Session, exitstatus: int) -> None:
    target = os.environ.get("MGW_RELIABILITY_STATS")
    if target:
        with open(target, "w", encoding="utf-8") as fh:
            json.dump(dict(STATS), fh, indent=1, sort_keys=True)
