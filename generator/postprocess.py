"""Finish the generated package: header line, py.typed, bundled spec.json and MANIFEST.json.

Everything written here is a pure function of the spec, the generator folder and the pinned tool version
(no timestamps, no absolute paths), so that two runs give byte-identical trees.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

from .run import HERE

HEADER = "# Generated from {spec} by generator/, do not edit.\n"


def add_headers(package: Path, spec_label: str) -> None:
    header = HEADER.format(spec=spec_label)
    for path in sorted(package.rglob("*.py")):
        text = path.read_text(encoding="utf-8")
        path.write_text(header + text, encoding="utf-8")


def check_endpoints(package: Path, expected_ops: list[str]) -> None:
    """Every generated endpoint must carry its metadata; a missing OPS entry renders OPERATION_ID = None."""
    found = []
    for path in sorted((package / "api").rglob("*.py")):
        if path.name == "__init__.py":
            continue
        text = path.read_text(encoding="utf-8")
        marker = 'OPERATION_ID: Final[str] = "'
        if marker not in text:
            raise SystemExit(f"{path.name}: endpoint has no operation metadata (template lookup failed)")
        found.append(text.split(marker, 1)[1].split('"', 1)[0])
    if sorted(found) != sorted(expected_ops):
        raise SystemExit(f"generated operations {sorted(found)} differ from the spec's {sorted(expected_ops)}")


def sha256_bytes(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def generator_hash() -> str:
    """Hash of the generator's own code, config and templates: a changed template shows in the manifest."""
    digest = hashlib.sha256()
    for path in sorted(p for p in HERE.rglob("*") if p.is_file() and "__pycache__" not in p.parts):
        digest.update(path.relative_to(HERE).as_posix().encode() + b"\0" + path.read_bytes() + b"\0")
    return digest.hexdigest()


def write_package_data(
    package: Path,
    spec: dict[str, Any],
    spec_bytes: bytes,
    spec_label: str,
    operations: list[str],
    tool_version: str,
) -> None:
    # PEP 561 marker; left empty (a "partial" line would change its meaning).
    (package / "py.typed").write_text("", encoding="utf-8")
    # The sandbox validates against this copy; key order kept as written in the YAML.
    (package / "spec.json").write_text(json.dumps(spec, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    files = {
        p.relative_to(package).as_posix(): sha256_bytes(p.read_bytes())
        for p in sorted(package.rglob("*"))
        if p.is_file()
    }
    manifest = {
        "note": HEADER.format(spec=spec_label).lstrip("# ").strip(),
        "spec": spec_label,
        "spec_version": str(spec.get("info", {}).get("version", "")),
        "spec_sha256": sha256_bytes(spec_bytes),
        "generator_sha256": generator_hash(),
        "openapi_python_client": tool_version,
        "operations": sorted(operations),
        "files": dict(sorted(files.items())),
    }
    (package / "MANIFEST.json").write_text(json.dumps(manifest, indent=1) + "\n", encoding="utf-8")
