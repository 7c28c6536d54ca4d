"""Shared helpers of the conformance tests: the kit as generated from the current spec."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="session")
def kit() -> dict[str, Any]:
    if not (ROOT / "spec" / "openapi.yaml").is_file():
        pytest.skip("spec/openapi.yaml not written yet")
    import make_kit  # tools/conformance (pytest's `pythonpath`)

    return json.loads(make_kit.render(make_kit.make_kit(make_kit.load_spec())))
