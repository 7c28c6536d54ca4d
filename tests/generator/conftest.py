"""Fixtures for the generator tests: paths, signing vectors, and import access to the generated package."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import pytest

REPO = Path(__file__).resolve().parents[2]
GENERATED = REPO / "generated_client"
FIXTURES = Path(__file__).resolve().parent / "fixtures"
GOLDEN = Path(__file__).resolve().parent / "golden" / "merchant_gateway_client"

# The package is importable once the project is installed; before that, use the committed folder.
if str(GENERATED) not in sys.path:
    try:
        import merchant_gateway_client  # noqa: F401
    except ImportError:
        sys.path.insert(0, str(GENERATED))


def vectors_path() -> Path:
    # The spec engineer keeps the copy in spec/vectors/; the shared original is the fallback.
    local = REPO / "spec" / "vectors" / "signing.json"
    return local if local.exists() else Path("/work/shared/vectors/signing.json")


@pytest.fixture(scope="session")
def vectors() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(vectors_path().read_text(encoding="utf-8"))
    return data
