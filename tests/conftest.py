"""The suite's running policy, for every folder: per-test time limits, the longest tests first, modules that are
slow as a whole left uncollected when `-m "not slow"` would deselect them anyway, and the tests of other runtimes
skipped on a second Python (--skip-other-runtimes).

`make test` runs the suite on several pytest-xdist processes (``-n``); the default per-test time limit is
pytest-timeout's ``timeout`` in pyproject.toml.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, settings

from tests.support.postgres import postgres_or_skip

# Hypothesis's per-example deadline (200 ms by default) and its too_slow health check time each example with the
# wall clock: one example stalled by a loaded or descheduled CI machine failed the test (FlakyFailure, "Failed on the
# first call but did not on a subsequent one") though nothing was wrong. Timed verdicts belong to the benchmarks, so
# the suite's profile turns both off; a test's own @settings still sets its example counts on top of it.
settings.register_profile("suite", deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("suite")

# Tests marked slow (the release and registry end-to-end runs, the sandbox's load run) build, install and publish
# for minutes: they get this limit instead of the suite's default unless they name their own.
SLOW_TIMEOUT = 1800

# Session fixtures that build or download for a minute or more on a loaded machine (the TypeScript and JVM packages,
# the distribution and its dependencies; made once per run, tests/support/built_once.py): the test that waits for
# the build (setup counts toward its limit, waiting for another worker's build too) gets BUILD_TIMEOUT.
BUILT_ONCE = ("ts_out", "java_out", "built_dist", "dist_dependencies")
BUILD_TIMEOUT = 900


# The longest tests, run before all others: under pytest-xdist each starts on a worker at once and runs beside the
# rest (mostly waiting on real leases and grace periods), instead of starting late and becoming the run's tail.
LONGEST_FIRST = {
    "tests/examples/test_shop.py::test_small_run_keeps_every_order_consistent_through_faults_and_sigkills",
}


# A module marked slow as a whole: `make test` (-m "not slow") would import it in every xdist worker only to
# deselect all of it (test_schemathesis alone parses the spec and builds its schema at import, over a second each).
# `pytestmark = pytest.mark.slow`, or a list of marks with it.
WHOLE_MODULE_SLOW = re.compile(
    r"^pytestmark = (pytest\.mark\.slow|\[[^\]\n]*\bpytest\.mark\.slow\b[^\]\n]*\])$", re.MULTILINE
)

# What another runtime runs (the JVM package, the TypeScript package and the JS SDK's typings under node, pages in
# chromium): the Python version changes nothing there, and the Python parts they start (the sandbox, the artifacts)
# are tested on every Python by their own tests. `make test` runs them; `make test-py313` passes
# --skip-other-runtimes and reports them skipped, instead of building and running them a second time.
OTHER_RUNTIMES = ("tests/java/", "tests/typescript/", "tests/jssdk/test_dts.py")
OTHER_RUNTIME_REASON = (
    "another runtime's test (JVM, node or chromium), not the Python version's: `make test` runs it on the main venv"
)


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--skip-other-runtimes",
        action="store_true",
        help="skip the tests of what runs on the JVM, node or chromium (make test-py313: make test runs them)",
    )


def other_runtime(item: pytest.Item) -> bool:
    return item.nodeid.startswith(OTHER_RUNTIMES) or item.get_closest_marker("browser") is not None


def pytest_ignore_collect(collection_path: Path, config: pytest.Config) -> bool | None:
    if config.getoption("markexpr") != "not slow" or collection_path.suffix != ".py":
        return None
    if not collection_path.name.startswith("test_"):
        return None
    return True if WHOLE_MODULE_SLOW.search(collection_path.read_text(encoding="utf-8")) else None


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    items.sort(key=lambda item: item.nodeid not in LONGEST_FIRST)  # stable: every other test keeps its place
    skip_other_runtimes = config.getoption("skip_other_runtimes")
    for item in items:
        if skip_other_runtimes and other_runtime(item):
            item.add_marker(pytest.mark.skip(reason=OTHER_RUNTIME_REASON))
        if item.get_closest_marker("timeout"):
            continue
        if item.get_closest_marker("slow"):
            item.add_marker(pytest.mark.timeout(SLOW_TIMEOUT))
        elif any(name in getattr(item, "fixturenames", ()) for name in BUILT_ONCE):
            item.add_marker(pytest.mark.timeout(BUILD_TIMEOUT))


@pytest.fixture(scope="session")
def postgres_server() -> Iterator[Any]:
    """One throwaway PostgreSQL server per test process, shared by every folder that needs one (tests/unit/ledger,
    tests/unit/cli, tests/examples): each test or module takes a database of its own on it (tests/support/postgres.py's
    fresh_database). A test that stops or restarts a server starts its own (postgres_or_skip). Without autovacuum:
    its workers' visits to a database count as that database's transactions in pg_stat_database, which
    tests/unit/ledger/test_transaction_count.py reads as the ledger's own."""
    with postgres_or_skip(autovacuum=False) as server:
        yield server
