"""The suite's running policy, for every folder: per-test time limits, the longest tests first, and modules that
are slow as a whole left uncollected when `-m "not slow"` would deselect them anyway.

`make test` runs the suite on several pytest-xdist processes (``-n``); the default per-test time limit is
pytest-timeout's ``timeout`` in pyproject.toml.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

# Tests marked slow (the release and registry end-to-end runs, the sandbox's load run) build, install and publish
# for minutes: they get this limit instead of the suite's default unless they name their own.
SLOW_TIMEOUT = 1800

# Session fixtures that build for a minute or more on a loaded machine (the TypeScript package, the
# distribution): the test that waits for the build (setup counts toward its limit) gets BUILD_TIMEOUT.
BUILT_ONCE = ("ts_out", "built_dist")
BUILD_TIMEOUT = 900


# The longest tests, run before all others: under pytest-xdist each starts on a worker at once and runs beside the
# rest (mostly waiting on real leases and grace periods), instead of starting late and becoming the run's tail.
LONGEST_FIRST = {
    "tests/examples/test_shop.py::test_small_run_keeps_every_order_consistent_through_faults_and_sigkills",
}


# A module marked slow as a whole: `make test` (-m "not slow") would import it in every xdist worker only to
# deselect all of it (test_schemathesis alone parses the spec and builds its schema at import, over a second each).
WHOLE_MODULE_SLOW = re.compile(r"^pytestmark = pytest\.mark\.slow$", re.MULTILINE)


def pytest_ignore_collect(collection_path: Path, config: pytest.Config) -> bool | None:
    if config.getoption("markexpr") != "not slow" or collection_path.suffix != ".py":
        return None
    if not collection_path.name.startswith("test_"):
        return None
    return True if WHOLE_MODULE_SLOW.search(collection_path.read_text(encoding="utf-8")) else None


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    items.sort(key=lambda item: item.nodeid not in LONGEST_FIRST)  # stable: every other test keeps its place
    for item in items:
        if item.get_closest_marker("timeout"):
            continue
        if item.get_closest_marker("slow"):
            item.add_marker(pytest.mark.timeout(SLOW_TIMEOUT))
        elif any(name in getattr(item, "fixturenames", ()) for name in BUILT_ONCE):
            item.add_marker(pytest.mark.timeout(BUILD_TIMEOUT))
