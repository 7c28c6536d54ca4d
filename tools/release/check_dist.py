"""Inspect what `make dist` built: the wheel's file list and METADATA, and the sdist's file list.

python tools/release/check_dist.py dist/   # exit 1 and a list of problems when something is off
"""

from __future__ import annotations

import configparser
import hashlib
import json
import sys
import tarfile
import zipfile
from email.parser import Parser
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PACKAGES = ("merchant_gateway_client", "merchant_gateway", "merchant_gateway_sandbox")
TYPED = ("merchant_gateway_client", "merchant_gateway")  # the sandbox is an optional extra
REQUIRED_FILES = (
    "merchant_gateway_client/spec.json",
    "merchant_gateway_client/__init__.py",
    "merchant_gateway/cli/__init__.py",
    "merchant_gateway/artifacts.py",
)
# the release artifacts other teams need (generator/artifacts.py writes them, merchant_gateway.artifacts reads them)
ARTIFACTS = "merchant_gateway_client/artifacts/"
REQUIRED_ARTIFACTS = ("manifest.json", "kit.json", "signing-vectors.json", "operations.json", "openapi.base.json")
RUNTIME_DEPS = ("httpx", "attrs", "python-dateutil")
SANDBOX_DEPS = ("starlette", "uvicorn", "jsonschema")
FORBIDDEN_PARTS = (".venv", ".tools", "node_modules", "__pycache__", ".pyc", "build/", "tests/", ".git/")


def spec_version() -> str:
    from ruamel.yaml import YAML

    doc = YAML(typ="safe", pure=True).load((ROOT / "spec" / "openapi.yaml").read_text(encoding="utf-8"))
    return str(doc["info"]["version"])


def _dep_name(req: str) -> str:
    for i, ch in enumerate(req):
        if not (ch.isalnum() or ch in "-_."):
            return req[:i].lower().replace("_", "-")
    return req.lower().replace("_", "-")


def check_wheel(wheel: Path, version: str) -> list[str]:
    problems: list[str] = []
    with zipfile.ZipFile(wheel) as zf:
        names = zf.namelist()
        dist_info = f"merchant_gateway_client-{version}.dist-info"
        for pkg in PACKAGES:
            if not any(n.startswith(pkg + "/") for n in names):
                problems.append(f"wheel lacks package {pkg}")
        for pkg in TYPED:
            if f"{pkg}/py.typed" not in names:
                problems.append(f"wheel lacks {pkg}/py.typed")
        for f in REQUIRED_FILES:
            if f not in names:
                problems.append(f"wheel lacks {f}")
        tops = {n.split("/", 1)[0] for n in names}
        extra_tops = tops - set(PACKAGES) - {dist_info}
        if extra_tops:
            problems.append(f"unexpected top-level entries in the wheel: {sorted(extra_tops)}")
        for n in names:
            if any(part in n for part in FORBIDDEN_PARTS):
                problems.append(f"wheel carries a build/dev file: {n}")
        if f"{dist_info}/METADATA" not in names:
            return problems + [f"no {dist_info}/METADATA (version {version} expected)"]
        meta = Parser().parsestr(zf.read(f"{dist_info}/METADATA").decode("utf-8"))
        if meta["Name"] != "merchant-gateway-client":
            problems.append(f"METADATA Name {meta['Name']!r}")
        if meta["Version"] != version:
            problems.append(f"METADATA Version {meta['Version']!r} != spec info.version {version!r}")
        requires = meta.get_all("Requires-Dist") or []
        plain = {_dep_name(r) for r in requires if "extra ==" not in r}
        for dep in RUNTIME_DEPS:
            if dep not in plain:
                problems.append(f"METADATA lacks runtime dependency {dep}")
        if "sandbox" not in (meta.get_all("Provides-Extra") or []):
            problems.append("METADATA lacks Provides-Extra: sandbox")
        sandbox = {_dep_name(r) for r in requires if "extra == 'sandbox'" in r or 'extra == "sandbox"' in r}
        for dep in SANDBOX_DEPS:
            if dep not in sandbox:
                problems.append(f"sandbox extra lacks {dep}")
            if dep in plain:
                problems.append(f"{dep} is a hard dependency; it belongs to the sandbox extra only")
        if not meta["Requires-Python"]:
            problems.append("METADATA lacks Requires-Python")
        ep = configparser.ConfigParser()
        ep.read_string(
            zf.read(f"{dist_info}/entry_points.txt").decode("utf-8") if f"{dist_info}/entry_points.txt" in names else ""
        )
        if not ep.has_option("console_scripts", "mgw"):
            problems.append("no console script mgw")
        elif ep.get("console_scripts", "mgw").strip() != "merchant_gateway.cli:main":
            problems.append(f"mgw entry point is {ep.get('console_scripts', 'mgw')!r}")
        problems.extend(_check_artifacts(zf, names, version))
        if "merchant_gateway_client/spec.json" in names:
            bundled = json.loads(zf.read("merchant_gateway_client/spec.json"))
            if str(bundled.get("info", {}).get("version")) != version:
                problems.append("bundled spec.json has another info.version")
    return problems


def _check_artifacts(zf: zipfile.ZipFile, names: list[str], version: str) -> list[str]:
    """Every release artifact in the wheel, each matching manifest.json (which names them all), of this version."""
    missing = [f for f in REQUIRED_ARTIFACTS if ARTIFACTS + f not in names]
    if missing:
        return [f"wheel lacks the release artifacts {missing} in {ARTIFACTS} (python -m generator writes them)"]
    problems = []
    manifest = json.loads(zf.read(ARTIFACTS + "manifest.json"))
    if str(manifest.get("spec_version")) != version:
        problems.append(f"{ARTIFACTS}manifest.json is of spec {manifest.get('spec_version')}, not {version}")
    for name, entry in manifest["files"].items():
        if ARTIFACTS + name not in names:
            problems.append(f"wheel lacks {ARTIFACTS}{name} (listed in its manifest.json)")
        elif hashlib.sha256(zf.read(ARTIFACTS + name)).hexdigest() != entry["sha256"]:
            problems.append(f"{ARTIFACTS}{name} differs from its manifest.json sha256")
    return problems


def check_sdist(sdist: Path) -> list[str]:
    problems: list[str] = []
    with tarfile.open(sdist) as tf:
        names = [n.split("/", 1)[1] if "/" in n else n for n in tf.getnames()]
    for f in (
        "pyproject.toml",
        "README.md",
        "spec/openapi.yaml",
        "generated_client/merchant_gateway_client/__init__.py",
    ):
        if f not in names:
            problems.append(f"sdist lacks {f}")
    for n in names:
        if any(part in n for part in (".venv/", ".tools/", "node_modules/", "__pycache__", ".git/", "build/")):
            problems.append(f"sdist carries a build/dev file: {n}")
    stray = sorted(
        {n.split("/")[0] + "/" + n.split("/")[1] for n in names if n.startswith("tests/") and n.count("/") > 1}
    )
    if stray:
        # hatch's sdist `include = ["spec"]` is gitignore-style and also matches tests/spec: anchor it ("/spec").
        print(f"WARNING: sdist carries test folders {stray} (unanchored include pattern in pyproject.toml)")
    return problems


def main(argv: list[str]) -> int:
    folder = Path(argv[0]) if argv else ROOT / "dist"
    version = spec_version()
    wheels = sorted(folder.glob(f"merchant_gateway_client-{version}-*.whl"))
    sdists = sorted(folder.glob(f"merchant_gateway_client-{version}.tar.gz"))
    if not wheels or not sdists:
        print(f"no wheel/sdist of version {version} in {folder}")
        return 1
    problems = check_wheel(wheels[0], version) + check_sdist(sdists[0])
    for p in problems:
        print(f"PROBLEM: {p}")
    if not problems:
        print(f"{wheels[0].name} and {sdists[0].name}: contents OK")
    return 1 if problems else 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
