"""The development environment: tools in a dependency group (never a published extra), one lock that every venv
installs from and that matches pyproject.toml, and CI on the oldest and newest Python the package declares."""

from __future__ import annotations

import re
import tomllib
from importlib import metadata
from pathlib import Path

import pytest
from packaging.requirements import Requirement
from packaging.specifiers import SpecifierSet
from packaging.utils import canonicalize_name
from packaging.version import Version

from tools.deps import lowest

ROOT = Path(__file__).resolve().parents[2]
PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
LOCK = ROOT / "tools" / "deps" / "dev-lock.txt"


def locked() -> dict[str, str]:
    """name -> exact version of every package in the lock (each must also carry hashes)."""
    pins: dict[str, str] = {}
    for entry in re.split(r"\n(?=[A-Za-z0-9])", LOCK.read_text(encoding="utf-8")):
        if entry.startswith("#") or not entry.strip():
            continue
        match = re.match(r"([A-Za-z0-9._-]+)==([^ ;\\\n]+)", entry)
        assert match, f"not an exact pin: {entry[:80]!r}"
        assert "--hash=sha256:" in entry, f"no hash for {match[1]}"
        pins[canonicalize_name(match[1])] = match[2]
    return pins


def test_dev_tools_are_a_group_not_a_published_extra() -> None:
    extras = PYPROJECT["project"]["optional-dependencies"]
    assert "sandbox" in extras  # extras are what users install (sandbox, postgres ...)
    assert not {"dev", "test", "tests", "lint", "docs"} & set(extras)
    groups = PYPROJECT["dependency-groups"]
    assert {"dev", "lock"} <= set(groups)
    assert not any("merchant-gateway-client" in r for r in groups["dev"])  # the lock pins; `-e . --no-deps` adds us


def test_the_lock_pins_everything_pyproject_asks_for() -> None:
    """Drift check: a requirement added to pyproject.toml without `make lock` fails here."""
    pins = locked()
    project = PYPROJECT["project"]
    wanted = (
        project["dependencies"] + project["optional-dependencies"]["sandbox"] + PYPROJECT["dependency-groups"]["dev"]
    )
    for text in wanted:
        req = Requirement(text)
        name = canonicalize_name(req.name)
        assert name in pins, f"{req.name} is not in {LOCK.name}: run `make lock`"
        assert SpecifierSet(str(req.specifier)).contains(pins[name], prereleases=True), (
            f"{LOCK.name} has {req.name}=={pins[name]}, pyproject.toml asks for {req.specifier}: run `make lock`"
        )


def test_runtime_dependencies_keep_wide_ranges() -> None:
    extras = PYPROJECT["project"]["optional-dependencies"].values()
    for text in PYPROJECT["project"]["dependencies"] + [r for extra in extras for r in extra]:
        assert "==" not in text, f"a library must not pin a merchant's application: {text}"


def test_every_venv_installs_from_the_lock() -> None:
    makefile = (ROOT / "Makefile").read_text(encoding="utf-8")
    assert "LOCK := tools/deps/dev-lock.txt" in makefile
    stamp = re.search(r"^\$\(STAMP\): (.*)$\n((?:\t.*\n)+)", makefile, re.M)
    assert stamp, "no $(STAMP) rule"
    assert "$(LOCK)" in stamp[1].split()  # a new lock re-installs the venv
    assert "pip install -q -r $(LOCK)" in stamp[2]
    assert "--no-deps -e ." in stamp[2]
    assert "[dev]" not in makefile


def test_ci_runs_the_oldest_and_newest_declared_python() -> None:
    declared = sorted(
        tuple(int(p) for p in c.rsplit(" ", 1)[1].split("."))
        for c in PYPROJECT["project"]["classifiers"]
        if re.fullmatch(r"Programming Language :: Python :: 3\.\d+", c)
    )
    assert PYPROJECT["project"]["requires-python"] == f">={declared[0][0]}.{declared[0][1]}"
    assert declared[-1] == (3, 13)
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8").split()
    assert "test" in ci
    assert "test-py313" in ci


# `make test-lowest`: every declared floor, the runtime dependencies' and each extra's, installed and tested


def _makefile_value(name: str) -> str:
    match = re.search(rf"^{name} := (.*)$", (ROOT / "Makefile").read_text(encoding="utf-8"), re.M)
    assert match, f"no {name} in the Makefile"
    return match[1].strip()


def test_every_runtime_and_extra_requirement_has_a_floor_that_test_lowest_installs() -> None:
    extras = PYPROJECT["project"]["optional-dependencies"]
    assert _makefile_value("LOWEST_EXTRAS").split(",") == list(extras), "a new extra joins LOWEST_EXTRAS"
    pins = lowest.floors(PYPROJECT, list(extras))
    for text in PYPROJECT["project"]["dependencies"] + [r for extra in extras.values() for r in extra]:
        name = canonicalize_name(Requirement(text).name)
        assert name in pins, text
        assert SpecifierSet(str(Requirement(text).specifier)).contains(pins[name]), f"{text}: floor {pins[name]}"
    makefile = (ROOT / "Makefile").read_text(encoding="utf-8")
    target = makefile[makefile.index("\ntest-lowest:") : makefile.index("\ncheck:")]
    assert "tools/deps/lowest.py --extras $(LOWEST_EXTRAS) > build/lowest-constraints.txt" in target
    assert "-c build/lowest-constraints.txt" in target
    assert "tools/deps/lowest.py --extras $(LOWEST_EXTRAS) --check" in target  # the venv holds the floors


def test_the_opentelemetry_sdk_of_test_lowest_is_the_one_released_with_the_apis_floor() -> None:
    """The SDK requires its API's very version, and the Prometheus exporter comes from the same release (API/SDK
    1.N with 0.(N+21)b0): raising the API's floor without them fails the install, so this says which to pin."""
    (api,) = [Requirement(r) for r in PYPROJECT["project"]["optional-dependencies"]["telemetry"]]
    floor = lowest.floor(api)
    peers = dict(p.split("==") for p in _makefile_value("LOWEST_TEST_PEERS").split())
    assert Version(peers["opentelemetry-sdk"]) == floor, f"pin opentelemetry-sdk=={floor} in LOWEST_TEST_PEERS"
    assert peers["opentelemetry-exporter-prometheus"] == f"0.{floor.minor + 21}b0"


def test_a_range_without_a_floor_is_refused_naming_it_and_what_to_do() -> None:
    with pytest.raises(lowest.NoFloor) as caught:
        lowest.floor(Requirement("truststore<1"))
    assert "truststore<1 names no lowest version" in str(caught.value)
    assert "truststore>=X" in str(caught.value)
    assert lowest.floor(Requirement("h11>=0.14,<1")) == Version("0.14")
    assert lowest.floor(Requirement("psycopg[binary]~=3.2.1")) == Version("3.2.1")


def test_a_pin_is_its_own_floor_and_a_floor_the_range_excludes_is_refused() -> None:
    assert lowest.floor(Requirement("attrs==23.2.0")) == Version("23.2.0")
    assert lowest.floor(Requirement("attrs==23.2.*")) == Version("23.2")
    assert lowest.floor(Requirement('truststore>=0.9.1; python_version >= "3.10"')) == Version("0.9.1")
    with pytest.raises(lowest.NoFloor) as caught:
        lowest.floor(Requirement("truststore>=0.9.0,!=0.9.0"))
    assert "its lowest version 0.9.0 is excluded by the range itself" in str(caught.value)


def test_the_floors_are_read_from_pyproject_as_constraints_pip_accepts() -> None:
    pyproject = {
        "project": {
            "dependencies": ["httpx>=0.26,<1", "attrs>=23.2"],
            "optional-dependencies": {"postgres": ["psycopg[binary]>=3.2.1"], "other": ["attrs>=24.1"]},
        }
    }
    assert lowest.constraints(lowest.floors(pyproject, ["postgres"])) == "attrs==23.2\nhttpx==0.26\npsycopg==3.2.1\n"
    # the same package in two lists: the floor both allow
    assert lowest.floors(pyproject, ["other"])["attrs"] == Version("24.1")
    with pytest.raises(SystemExit) as caught:
        lowest.floors(pyproject, ["postgress"])
    assert "no extra postgress in pyproject.toml (its extras: postgres, other)" in str(caught.value)


def test_the_check_names_a_package_not_at_its_floor() -> None:
    installed = Version(metadata.version("pytest"))
    assert lowest.mismatches({"pytest": installed}) == []
    assert lowest.mismatches({"pytest": Version("1.0")}) == [f"pytest: {installed} installed, its floor is 1.0"]
    assert lowest.mismatches({"no-such-package-h2": Version("1.0")}) == [
        "no-such-package-h2: not installed, its floor is 1.0"
    ]
