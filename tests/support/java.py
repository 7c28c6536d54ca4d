"""The JVM side of the tests (tests/java): clients/java/run.sh's steps, offline Maven, and the machine's local Maven
repository (where `mvn -o` resolves from and copies what it resolved to)."""

from __future__ import annotations

import os
from pathlib import Path

from tests.support.commands import ROOT, run_checked, run_steps

SCRIPT = ROOT / "clients" / "java" / "run.sh"
# What `run.sh package` reads: the client's sources, the release artifacts and notes it puts in the jar, and the
# tools that make them.
PACKAGE_SOURCES = [
    ROOT / "clients" / "java",
    ROOT / "generated_client" / "merchant_gateway_client" / "artifacts",
    ROOT / "spec",
    ROOT / "tools" / "release",
]


# The JVMs the tests start (Maven, javac, the kit runner, the programs) live for seconds: C1 alone compiles what they
# run for half the CPU of C1+C2 (Maven's package step: 17 s of CPU down to 9 on the test machine), and the serial
# collector spares the GC threads. Only how the JVM compiles and collects changes, never what the code does.
SHORT_LIVED_JVM = "-XX:TieredStopAtLevel=1 -XX:+UseSerialGC"


def java_env(extra: dict[str, str] | None = None) -> dict[str, str]:
    """This process's environment for a JVM the tests start (JAVA_TOOL_OPTIONS with SHORT_LIVED_JVM), plus
    ``extra``. Every JVM prints "Picked up JAVA_TOOL_OPTIONS" on stderr, which no test reads."""
    own = os.environ.get("JAVA_TOOL_OPTIONS", "")
    return {**os.environ, "JAVA_TOOL_OPTIONS": f"{own} {SHORT_LIVED_JVM}".strip(), **(extra or {})}


def local_maven_repository() -> Path:
    """The local repository run.sh builds against: MGW_M2_REPO, else Maven's default under the home folder."""
    return Path(os.environ.get("MGW_M2_REPO") or Path.home() / ".m2" / "repository")


def run_java_steps(out: Path, *steps: str, env: dict[str, str] | None = None, timeout: float = 600) -> str:
    """clients/java/run.sh STEPS with OUT=out; fails the test with the script's output."""
    return run_steps(SCRIPT, out, *steps, env=java_env(env), timeout=timeout)


def mvn_offline(project: Path, *args: str, timeout: float = 600) -> str:
    """`mvn -o -q -B ARGS` in ``project`` (the central repository is not reachable from the test machines)."""
    return run_checked(["mvn", "-o", "-q", "-B", *args], cwd=project, env=java_env(), timeout=timeout)
