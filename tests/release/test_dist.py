"""`make dist` builds an sdist and a wheel whose file list and METADATA are what issue 7 asks for."""

from __future__ import annotations

import subprocess
import zipfile
from email.parser import Parser
from pathlib import Path

import check_dist  # tools/release (pytest's `pythonpath`)

ROOT = Path(__file__).resolve().parents[2]


def test_wheel_and_sdist_contents(built_dist: Path) -> None:
    version = check_dist.spec_version()
    wheel = next(built_dist.glob(f"merchant_gateway_client-{version}-py3-none-any.whl"))
    sdist = next(built_dist.glob(f"merchant_gateway_client-{version}.tar.gz"))
    assert check_dist.check_wheel(wheel, version) == []
    assert check_dist.check_sdist(sdist) == []
    with zipfile.ZipFile(wheel) as zf:
        names = set(zf.namelist())
        meta = Parser().parsestr(zf.read(f"merchant_gateway_client-{version}.dist-info/METADATA").decode())
    # spot checks written out, so that a reader sees the contract without opening check_dist.py
    assert {
        "merchant_gateway_client/spec.json",
        "merchant_gateway_client/py.typed",
        "merchant_gateway/py.typed",
        "merchant_gateway_client/artifacts/kit.json",
        "merchant_gateway_client/artifacts/signing-vectors.json",
        "merchant_gateway_client/artifacts/operations.json",
    } <= names
    assert any(n.startswith("merchant_gateway_sandbox/") for n in names)
    assert meta["Name"] == "merchant-gateway-client"
    assert meta["Version"] == version
    assert "sandbox" in meta.get_all("Provides-Extra")


def test_a_wheel_without_an_artifact_or_with_a_changed_one_is_refused(built_dist: Path, tmp_path: Path) -> None:
    version = check_dist.spec_version()
    wheel = next(built_dist.glob(f"merchant_gateway_client-{version}-py3-none-any.whl"))
    kit = "merchant_gateway_client/artifacts/kit.json"
    vectors = "merchant_gateway_client/artifacts/signing-vectors.json"
    for name, change in (("no-kit", {kit: None}), ("changed", {vectors: b"{}"})):
        bad = tmp_path / name / wheel.name
        bad.parent.mkdir()
        with zipfile.ZipFile(wheel) as src, zipfile.ZipFile(bad, "w") as dst:
            for item in src.infolist():
                data = change.get(item.filename, src.read(item))
                if data is not None:
                    dst.writestr(item, data)
        problems = check_dist.check_wheel(bad, version)
        assert len(problems) == 1, problems
        assert ("kit.json" in problems[0]) if name == "no-kit" else ("signing-vectors.json differs" in problems[0])


def test_the_package_version_is_the_spec_version(built_dist: Path) -> None:
    init = (ROOT / "generated_client/merchant_gateway_client/__init__.py").read_text()
    assert f'__version__ = "{check_dist.spec_version()}"' in init


def test_no_build_output_is_committed() -> None:
    tracked = subprocess.run(["git", "ls-files"], cwd=ROOT, capture_output=True, text=True, check=True).stdout.split()
    bad = [
        f for f in tracked if f.startswith(("dist/", "build/")) or f.endswith((".whl", ".tar.gz")) or ".egg-info" in f
    ]
    assert bad == []
    for path in ("dist/x.whl", "build/docs/index.html", "build/conformance/kit.json"):
        assert subprocess.run(["git", "check-ignore", "-q", path], cwd=ROOT).returncode == 0, (
            f"{path} is not git-ignored"
        )
