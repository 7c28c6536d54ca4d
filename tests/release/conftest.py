"""Fixtures of the release tests: one build of the distribution per test run (the first pytest-xdist worker that
needs it builds it, the others use that build: tests/support/built_once.py), and the public dependencies a package
index must serve beside it, downloaded once."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.support.built_once import built_once, sources_digest
from tests.support.commands import ROOT
from tests.support.package_index import DIST_SOURCES, build_dist, download_dependencies


@pytest.fixture(scope="session")
def built_dist(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """dist/ built by tools/release/dist.sh (python -m build + twine check + content check) into a temp folder.
    Tests only read it."""
    if not (ROOT / "generated_client" / "merchant_gateway_client" / "__init__.py").is_file():
        pytest.skip("generated_client/merchant_gateway_client not generated yet")
    return built_once(tmp_path_factory, "dist", sources_digest(DIST_SOURCES, ROOT), build_dist)


@pytest.fixture(scope="session")
def dist_dependencies(tmp_path_factory: pytest.TempPathFactory, built_dist: Path) -> Path:
    """The built wheel's dependencies with the sandbox extra's (wheels only, as the internal index mirrors them)."""
    return built_once(
        tmp_path_factory, "dist-dependencies", built_dist.name, lambda out: download_dependencies(built_dist, out)
    )
