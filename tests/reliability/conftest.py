"""Fixtures of the reliability campaign; the helpers live in rel_support.py (importable by name)."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import json  # noqa: E402
import os  # noqa: E402

import pytest  # noqa: E402
from rel_support import STATS, env, fake_time, sbx  # noqa: E402,F401 - re-exported fixtures


def pytest_sessionfinish(session: pytest.Session, exitstatus: int) -> None:
    target = os.environ.get("MGW_RELIABILITY_STATS")
    if target:
        with open(target, "w", encoding="utf-8") as fh:
            json.dump(dict(STATS), fh, indent=1, sort_keys=True)
