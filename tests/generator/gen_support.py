"""Shared paths and helpers of the generator tests (a plain module: tests/ has no packages)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[2]
GENERATED = REPO / "generated_client"
FIXTURES = Path(__file__).resolve().parent / "fixtures"
GOLDEN = Path(__file__).resolve().parent / "golden" / "merchant_gateway_client"


def vectors_path() -> Path:
    # The spec engineer keeps the copy in spec/vectors/; the shared original is the fallback.
    local = REPO / "spec" / "vectors" / "signing.json"
    return local if local.exists() else Path("/work/shared/vectors/signing.json")


def load_vectors() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(vectors_path().read_text(encoding="utf-8"))
    return data
