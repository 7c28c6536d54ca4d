"""Fixtures of the overlay tests: import paths, signing vectors, a fake sleep and clock."""

from __future__ import annotations

import importlib.util
import json
import sys
from pathlib import Path
from typing import Any

import pytest
from _helpers import FakeTime  # noqa: F401 - re-exported for the fixtures below

ROOT = Path(__file__).resolve().parents[2]
# Works before `pip install -e .`; a package that is already importable (installed, PYTHONPATH) is left alone.
for sub, package in (
    ("overlays", "merchant_gateway"),
    ("generated_client", "merchant_gateway_client"),
    ("sandbox", "merchant_gateway_sandbox"),
):
    if importlib.util.find_spec(package) is None:
        sys.path.insert(0, str(ROOT / sub))


@pytest.fixture(scope="session")
def vectors() -> dict[str, Any]:
    for candidate in (ROOT / "spec/vectors/signing.json", Path("/work/shared/vectors/signing.json")):
        if candidate.exists():
            data: dict[str, Any] = json.loads(candidate.read_text(encoding="utf-8"))
            return data
    pytest.skip("signing vectors not found")


@pytest.fixture
def fake_time() -> FakeTime:
    return FakeTime()
