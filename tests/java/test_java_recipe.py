"""docs/other-languages.md's Java recipe run, not only generated: openapi-generator `native` (the PyPI jar of the dev
dependencies) on the release's openapi.base.json with the documented command, compiled with javac against what this
machine has offline (Jackson 2.17 and jackson-datatype-jsr310 from the local Maven repository, JSR-305's
javax.annotation.Nonnull/Nullable from it too, javax.annotation.Generated from Debian's
libgeronimo-annotation-1.3-spec-java), then called (tests/java/recipe/Call.java) against the sandbox with the
generated client's own HttpClient, as it comes: a signed debit and its status; a wrong salt is refused."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.support.commands import ROOT, run_checked, sandbox_program
from tests.support.java import java_env, local_maven_repository

pytestmark = pytest.mark.slow

DOC = ROOT / "docs" / "other-languages.md"
GENERATOR = Path(sys.executable).parent / "openapi-generator-cli"
M2 = local_maven_repository()
JARS = [
    M2 / "com/fasterxml/jackson/core/jackson-databind/2.17.2/jackson-databind-2.17.2.jar",
    M2 / "com/fasterxml/jackson/core/jackson-core/2.17.2/jackson-core-2.17.2.jar",
    M2 / "com/fasterxml/jackson/core/jackson-annotations/2.17.2/jackson-annotations-2.17.2.jar",
    M2 / "com/fasterxml/jackson/datatype/jackson-datatype-jsr310/2.17.1/jackson-datatype-jsr310-2.17.1.jar",
    M2 / "com/google/code/findbugs/jsr305/3.0.2/jsr305-3.0.2.jar",
    Path("/usr/share/java/geronimo-annotation-1.3-spec.jar"),
]


def test_the_generated_native_client_compiles_and_calls_the_sandbox(tmp_path: Path) -> None:
    missing = [str(p) for p in [GENERATOR, *JARS] if not p.exists()]
    if missing or shutil.which("javac") is None:
        pytest.skip(f"the recipe needs a JDK and these files: {missing}")
    run_checked([sys.executable, "-m", "merchant_gateway", "artifacts", "--out", "gateway-artifacts"], cwd=tmp_path)
    block = re.search(r"openapi-generator-cli generate -g java .*?\n(?:.*\\\n)*.*", DOC.read_text(encoding="utf-8"))
    assert block is not None, "the Java recipe's command is not in the document"
    run_checked([str(GENERATOR), *block[0].replace("\\\n", " ").split()[1:]], cwd=tmp_path)
    classes = tmp_path / "classes"
    sources = [str(p) for p in (tmp_path / "gateway-base" / "src" / "main" / "java").rglob("*.java")]
    classpath = ":".join(str(p) for p in JARS)
    run_checked(["javac", "-nowarn", "-d", str(classes), "-cp", classpath, *sources], cwd=tmp_path, env=java_env())
    call_source = str(ROOT / "tests" / "java" / "recipe" / "Call.java")
    run_checked(
        ["javac", "-d", str(classes), "-cp", f"{classpath}:{classes}", call_source], cwd=tmp_path, env=java_env()
    )
    with sandbox_program("RECIPEJ", "recipe-salt", "1") as urls:
        call = ["java", "-cp", f"{classpath}:{classes}", "Call", urls["MGW_BASE_URL"], "RECIPEJ"]
        good = subprocess.run(
            [*call, "recipe-salt", "1", "TXRJ1"], env=java_env(), capture_output=True, text=True, timeout=120
        )
        bad = subprocess.run(
            [*call, "not-the-salt", "1", "TXRJ2"], env=java_env(), capture_output=True, text=True, timeout=120
        )
    assert good.returncode == 0, good.stdout + good.stderr
    assert "debit PAYMENT_SUCCESS" in good.stdout
    assert re.search(r"status PAYMENT_(PENDING|SUCCESS)", good.stdout)
    assert bad.returncode != 0
    assert "AUTHORIZATION_FAILED" in bad.stdout + bad.stderr
