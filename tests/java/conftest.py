"""The JVM package (clients/java) built once per test run into a temporary folder with clients/java/run.sh (the
working tree is shared: nothing is built into build/ here): the first pytest-xdist worker that needs it builds it,
the others use that build (tests/support/built_once.py). Skipped, saying why, only where java or mvn is absent."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from tests.support.built_once import built_once, sources_digest
from tests.support.commands import ROOT
from tests.support.java import PACKAGE_SOURCES, run_java_steps


@pytest.fixture(scope="session")
def java_out(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The built package: OUT of `clients/java/run.sh package` (the jar in OUT/src/target). Tests only read it."""
    missing = [tool for tool in ("java", "javac", "mvn") if shutil.which(tool) is None]
    if missing:
        pytest.skip(f"the JVM package needs a JDK 17+ and Maven: {', '.join(missing)} not on PATH")
    digest = sources_digest(PACKAGE_SOURCES, ROOT)
    return built_once(tmp_path_factory, "java", digest, lambda out: run_java_steps(out, "package"))
