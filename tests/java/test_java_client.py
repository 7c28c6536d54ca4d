"""The JVM package (com.merchantgateway:merchant-gateway-client) as a JVM team gets it: built offline (mvn -o) with
the spec's version, the whole conformance kit through it, published to a file-based Maven repository, and a Java
program of at most 40 own lines, built against that repository alone, that pays, waits and verifies the callback
against the sandbox started as `python -m merchant_gateway_sandbox`."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path
from types import SimpleNamespace

import pytest
import registries

from tests.support.commands import ROOT, run_checked, sandbox_program
from tests.support.java import java_env, local_maven_repository, mvn_offline, run_java_steps

APP = Path(__file__).resolve().parent / "app"
PAY = APP / "src" / "main" / "java" / "Pay.java"


def _version() -> str:
    ops = ROOT / "generated_client" / "merchant_gateway_client" / "artifacts" / "operations.json"
    return str(json.loads(ops.read_text(encoding="utf-8"))["spec"]["version"])


@pytest.mark.timeout(900)
def test_the_jar_has_the_spec_version_the_artifacts_and_the_release_notes(java_out: Path) -> None:
    jar = java_out / "src" / "target" / f"merchant-gateway-client-{_version()}.jar"
    names = set(zipfile.ZipFile(jar).namelist())
    for name in ("operations.json", "kit.json", "openapi.json", "openapi.base.json", "manifest.json"):
        assert f"com/merchantgateway/client/openapi/{name}" in names
    assert "META-INF/merchant-gateway/CHANGELOG.md" in names
    diff = json.loads(zipfile.ZipFile(jar).read("META-INF/merchant-gateway/spec-diff.json"))
    assert diff["version"] == _version()


@pytest.mark.timeout(900)
def test_the_jvm_client_passes_every_kit_case(java_out: Path) -> None:
    out = run_java_steps(java_out, "kit")
    kit = json.loads((ROOT / "spec" / "conformance" / "kit.json").read_text(encoding="utf-8"))
    ran = (
        len(kit["operations"])
        + len(kit["requests"])
        + len(kit["path_cases"])
        + len(kit["rule_cases"])
        + len(kit["callbacks"])
        + len(kit["ui_callbacks"])
        + len(kit["verdicts"]["cases"])
        + len(kit["clients"]["cases"])
        + len(kit["schema_cases"])
        + 1  # the poll schedule's offsets
        + 3  # wait on a fake clock
    )
    assert f"kit: {ran} passed, 0 failed; not run by this package: {{}}" in out, out


@pytest.mark.timeout(900)
def test_the_kit_runner_fails_on_a_wrong_case(java_out: Path, tmp_path: Path) -> None:
    """The runner can fail: one verdict case given another verdict is reported and exits 1."""
    kit = json.loads((ROOT / "spec" / "conformance" / "kit.json").read_text(encoding="utf-8"))
    case = kit["verdicts"]["cases"][0]
    case["verdict"] = "failed" if case["verdict"] != "failed" else "succeeded"
    bad = tmp_path / "kit.json"
    bad.write_text(json.dumps(kit), encoding="utf-8")
    with pytest.raises(AssertionError, match=re.escape(f"FAIL verdict {case['id']}")):
        run_java_steps(java_out, "kit", env={"MGW_KIT": str(bad)})


def test_the_program_is_at_most_40_own_lines_and_uses_only_the_package() -> None:
    lines = [line for line in PAY.read_text(encoding="utf-8").splitlines() if line.strip()]
    assert len(lines) <= 40
    imports = [line.split()[1] for line in lines if line.startswith("import ")]
    assert all(name.startswith(("com.merchantgateway.client.", "java.", "com.sun.net.httpserver.")) for name in imports)


def _forget_cached(version: str) -> None:
    """Maven copies what it resolves into the user's local repository: a copy of this version from an earlier build
    would be used instead of the one just published."""
    cached = local_maven_repository() / "com" / "merchantgateway" / "merchant-gateway-client" / version
    shutil.rmtree(cached, ignore_errors=True)


@pytest.mark.timeout(900)
def test_a_java_program_pays_waits_and_verifies_against_the_sandbox(java_out: Path, tmp_path: Path) -> None:
    version = _version()
    repo = tmp_path / "maven"
    run_java_steps(java_out, "publish", env={"MGW_MAVEN_REPO": str(repo)})
    published = repo / "com/merchantgateway/merchant-gateway-client" / version
    assert (published / f"merchant-gateway-client-{version}.jar").is_file()
    app = tmp_path / "app"
    shutil.copytree(APP, app)
    _forget_cached(version)
    mvn_offline(app, "package", f"-Dmgw.repo={repo.as_uri()}", f"-Dmgw.version={version}")
    secrets = {"MGW_MERCHANT_ID": "JVMSHOP", "MGW_SALT_KEY": "jvm-sandbox-salt", "MGW_SALT_INDEX": "2"}
    with sandbox_program("JVMSHOP", "jvm-sandbox-salt", "2") as urls:
        ran = run_checked(
            ["java", "-jar", str(app / "target" / "pay.jar")], env=java_env({**urls, **secrets}), timeout=300
        )
    assert "debit accepted" in ran
    assert "status succeeded" in ran
    assert "callback verified, paid true" in ran


def _printed_jvm_steps(folder: Path) -> str:
    """The JVM block `make registries` prints (tools/release/registries.py), commands only."""
    here = SimpleNamespace(url="http://127.0.0.1:1/", folder=folder / "index" / "packages")
    shown = registries.instructions(folder, here, SimpleNamespace(url="http://127.0.0.1:2/"))  # type: ignore[arg-type]
    block = shown.split("publish and install the JVM package", 1)[1].split("\n", 1)[1]
    return "\n".join(line for line in block.splitlines() if line.strip() and not line.lstrip().startswith("#"))


def test_make_registries_names_a_maven_repository_and_prints_how_to_publish_into_it(tmp_path: Path) -> None:
    steps = _printed_jvm_steps(tmp_path)
    assert "clients/java/run.sh package publish" in steps
    shown = registries.instructions(
        tmp_path,
        SimpleNamespace(url="http://127.0.0.1:1/", folder=tmp_path),  # type: ignore[arg-type]
        None,
    )
    assert (tmp_path / "maven").resolve().as_uri() in shown
    publish = (ROOT / "tools" / "release" / "publish.sh").read_text(encoding="utf-8")
    assert 'if [ -n "${MGW_MAVEN_REPO:-}" ]; then bash clients/java/run.sh package publish; fi' in publish


@pytest.mark.slow
def test_the_printed_jvm_steps_publish_the_jar_where_the_env_file_says(tmp_path: Path) -> None:
    """The steps as printed, with the env file `make registries` writes (MGW_MAVEN_REPO among its lines)."""
    folder = tmp_path / "registries"
    folder.mkdir()
    (folder / "env").write_text(f"MGW_MAVEN_REPO={folder / 'maven'}\n", encoding="utf-8")
    script = f"set -euo pipefail\n{_printed_jvm_steps(folder)}\n"
    ran = subprocess.run(
        ["bash", "-c", script],
        cwd=ROOT,
        env=java_env({"OUT": str(tmp_path / "out"), "PY": sys.executable}),
        capture_output=True,
        text=True,
        timeout=900,
    )
    assert ran.returncode == 0, ran.stdout[-3000:] + ran.stderr[-3000:]
    version = _version()
    published = folder / "maven/com/merchantgateway/merchant-gateway-client" / version
    assert (published / f"merchant-gateway-client-{version}.jar").is_file()
