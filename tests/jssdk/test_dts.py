"""The JS SDK declarations compile under tsc --strict, and they are strict: every misuse fails to compile."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SPEC = ROOT / "spec/js-sdk"
TSC = ROOT / ".tools/node_modules/.bin/tsc"
NEGATIVE = Path(__file__).resolve().parent / "ts-negative"

pytestmark = pytest.mark.skipif(
    not (ROOT / ".tools/node_modules/typescript").is_dir(),
    reason="TypeScript is not installed: make ts-check installs it (tools/npm/package-lock.json)",
)


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(args, cwd=ROOT, capture_output=True, text=True, timeout=300, check=False)


def test_check_script_compiles_declarations_and_usage() -> None:
    result = run("bash", str(SPEC / "check.sh"), "--pretty", "false")
    assert result.returncode == 0, result.stdout + result.stderr


def test_misuses_fail_to_compile_each_one() -> None:
    source = (NEGATIVE / "misuse.ts").read_text(encoding="utf-8").splitlines()
    marked = {n for n, line in enumerate(source, start=1) if "// MISUSE:" in line}
    assert len(marked) >= 20
    result = run(str(TSC), "--noEmit", "--strict", "--pretty", "false", "-p", str(NEGATIVE / "tsconfig.json"))
    assert result.returncode != 0, "the misuse file compiled: the declarations are not strict"
    errors = re.findall(r"misuse\.ts\((\d+),\d+\): error (TS\d+)", result.stdout)
    lines_with_errors = {int(n) for n, _ in errors}
    assert marked - lines_with_errors == set(), f"misuses that compiled: {sorted(marked - lines_with_errors)}"
    assert lines_with_errors - marked == set(), "errors outside the marked lines:\n" + result.stdout


def test_documented_facts_are_in_the_declarations() -> None:
    text = (SPEC / "platform-sdk.d.ts").read_text(encoding="utf-8")
    for code in (
        "LOCATION_FETCH_FAILURE",
        "KEY_NOT_FOUND",
        "NETWORK_ERROR",
        "PAYMENT_DISMISS",
        "PAYMENT_TIMEOUT",
        "PARAMS_INVALID_OR_INSUFFICIENT",
        "INTERNAL_ERROR",
    ):
        assert f'"{code}"' in text
    # the pre-0.3.6 build(species, os) overload is the one marked @deprecated
    deprecated_build = re.search(r"@deprecated[^/]*?\*/\s*export declare function build\(([^)]*)\)", text, re.S)
    assert deprecated_build is not None
    assert "os: OperatingSystem" in deprecated_build.group(1)
    modern = re.search(r"export declare function build\(species: Species\): Promise<PlatformSdk>;", text)
    assert modern is not None
