"""docs/other-languages.md's Java recipe run, not only generated: openapi-generator `native` (the PyPI jar of the dev
dependencies) on the release's openapi.base.json with the documented command, compiled with javac against what this
machine has offline (Jackson 2.17 and jackson-datatype-jsr310 from the local Maven repository, JSR-305's
javax.annotation.Nonnull/Nullable from it too, javax.annotation.Generated from Debian's
libgeronimo-annotation-1.3-spec-java), then called (tests/java/recipe/Call.java) against the sandbox with the
generated client's own HttpClient, as it comes: a signed debit and its status; a wrong salt is refused."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parents[2]
DOC = ROOT / "docs" / "other-languages.md"
GENERATOR = Path(sys.executable).parent / "openapi-generator-cli"
M2 = Path.home() / ".m2" / "repository"
JARS = [
    M2 / "com/fasterxml/jackson/core/jackson-databind/2.17.2/jackson-databind-2.17.2.jar",
    M2 / "com/fasterxml/jackson/core/jackson-core/2.17.2/jackson-core-2.17.2.jar",
    M2 / "com/fasterxml/jackson/core/jackson-annotations/2.17.2/jackson-annotations-2.17.2.jar",
    M2 / "com/fasterxml/jackson/datatype/jackson-datatype-jsr310/2.17.1/jackson-datatype-jsr310-2.17.1.jar",
    M2 / "com/google/code/findbugs/jsr305/3.0.2/jsr305-3.0.2.jar",
    Path("/usr/share/java/geronimo-annotation-1.3-spec.jar"),
]


def _run(cmd: list[str], cwd: Path) -> str:
    proc = subprocess.run(cmd, cwd=cwd, capture_output=True, text=True, check=False, timeout=600)
    assert proc.returncode == 0, proc.stdout[-3000:] + proc.stderr[-3000:]
    return proc.stdout


def test_the_generated_native_client_compiles_and_calls_the_sandbox(tmp_path: Path) -> None:
    missing = [str(p) for p in [GENERATOR, *JARS] if not p.exists()]
    if missing or shutil.which("javac") is None:
        pytest.skip(f"the recipe needs a JDK and these files: {missing}")
    _run([sys.executable, "-m", "merchant_gateway", "artifacts", "--out", "gateway-artifacts"], tmp_path)
    block = re.search(r"openapi-generator-cli generate -g java .*?\n(?:.*\\\n)*.*", DOC.read_text(encoding="utf-8"))
    assert block is not None, "the Java recipe's command is not in the document"
    _run([str(GENERATOR), *block[0].replace("\\\n", " ").split()[1:]], tmp_path)
    classes = tmp_path / "classes"
    sources = [str(p) for p in (tmp_path / "gateway-base" / "src" / "main" / "java").rglob("*.java")]
    classpath = ":".join(str(p) for p in JARS)
    _run(["javac", "-nowarn", "-d", str(classes), "-cp", classpath, *sources], tmp_path)
    call_source = str(ROOT / "tests" / "java" / "recipe" / "Call.java")
    _run(["javac", "-d", str(classes), "-cp", f"{classpath}:{classes}", call_source], tmp_path)
    sandbox = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "merchant_gateway_sandbox",
            "--port",
            "0",
            "--json",
            "--merchant-id",
            "RECIPEJ",
            "--salt-key",
            "recipe-salt",
            "--salt-index",
            "1",
        ],  # fmt: skip
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        assert sandbox.stdout is not None
        base = json.loads(sandbox.stdout.readline())["MGW_BASE_URL"]
        call = ["java", "-cp", f"{classpath}:{classes}", "Call", base, "RECIPEJ"]
        good = subprocess.run([*call, "recipe-salt", "1", "TXRJ1"], capture_output=True, text=True, timeout=120)
        bad = subprocess.run([*call, "not-the-salt", "1", "TXRJ2"], capture_output=True, text=True, timeout=120)
    finally:
        sandbox.terminate()
        sandbox.wait(timeout=30)
    assert good.returncode == 0, good.stdout + good.stderr
    assert "debit PAYMENT_SUCCESS" in good.stdout
    assert re.search(r"status PAYMENT_(PENDING|SUCCESS)", good.stdout)
    assert bad.returncode != 0
    assert "AUTHORIZATION_FAILED" in bad.stdout + bad.stderr
