"""The suite's running policy, for every folder: per-test time limits.

`make test` runs the suite on several pytest-xdist processes (``-n``); the default per-test time limit is
pytest-timeout's ``timeout`` in pyproject.toml.
"""

from __future__ import annotations

import pytest

# Tests marked slow (the release and registry end-to-end runs, the sandbox's load run) build, install and publish
# for minutes: they get this limit instead of the suite's default unless they name their own.
SLOW_TIMEOUT = 1800

# Session fixtures that build for a minute or more on a loaded machine (the TypeScript package, the
# distribution): the test that waits for the build (setup counts toward its limit) gets BUILD_TIMEOUT.
BUILT_ONCE = ("ts_out", "built_dist")
BUILD_TIMEOUT = 900


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if item.get_closest_marker("timeout"):
            continue
        if item.get_closest_marker("slow"):
            item.add_marker(pytest.mark.timeout(SLOW_TIMEOUT))
        elif any(name in getattr(item, "fixturenames", ()) for name in BUILT_ONCE):
            item.add_marker(pytest.mark.timeout(BUILD_TIMEOUT))
