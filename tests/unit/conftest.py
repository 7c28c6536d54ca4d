"""Fixtures of the unit tests (tests/unit/<module>/): the shared signing vectors and a fake sleep and clock."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tests.support.overlay import FakeTime

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="session")
def vectors() -> dict[str, Any]:
    # the repository's copy of the shared vectors (tests/spec checks it equals the shared original)
    data: dict[str, Any] = json.loads((ROOT / "spec/vectors/signing.json").read_text(encoding="utf-8"))
    return data


@pytest.fixture
def fake_time() -> FakeTime:
    return FakeTime()
