"""Fixtures for the spec tests: the loaded OpenAPI document and a JSON Schema validator over it."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest

from tests.support.spec import ROOT, SpecValidator, spec_document


@pytest.fixture(scope="session")
def spec() -> dict[str, Any]:
    return spec_document()


@pytest.fixture(scope="session")
def sv(spec: dict[str, Any]) -> SpecValidator:
    return SpecValidator(spec)


@pytest.fixture(scope="session")
def shared_dir() -> Path:
    return Path(os.environ.get("MGW_SHARED_DIR", ROOT.parent / "shared"))
