"""Shared paths and helpers of the generator tests."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[2]
GENERATED = REPO / "generated_client"
FIXTURES = REPO / "tests" / "generator" / "fixtures"
GOLDEN = REPO / "tests" / "generator" / "golden" / "merchant_gateway_client"


def vectors_path() -> Path:
    # the repository's copy of the shared vectors (tests/spec checks it equals the shared original)
    return REPO / "spec" / "vectors" / "signing.json"


def load_vectors() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(vectors_path().read_text(encoding="utf-8"))
    return data
