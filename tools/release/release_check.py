"""`make release-check`: is the version bump of spec/openapi.yaml big enough for what changed?

The package version has one source, the spec's `info.version` (the generator writes it as `__version__` into
generated_client/merchant_gateway_client/__init__.py, and hatchling reads it there). This script compares the spec
with the previous released copy, spec/released/<version>/openapi.yaml (the highest released version not above the
current one), classifies every change (tools/release/specdiff.py) and fails when the bump is smaller than needed:

    breaking -> major bump (minor while the major version is 0)
    additive -> minor bump
    docs     -> patch bump

Usage: python tools/release/release_check.py [--spec spec/openapi.yaml] [--released spec/released] [--old FILE]
Exit status: 0 ok, 1 bump too small (or the package version disagrees with the spec), 2 usage/input error.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from specdiff import BREAKING, LEVELS, Change, compare, required_level

ROOT = Path(__file__).resolve().parents[2]
SEMVER = re.compile(r"^(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)$")
INIT = ROOT / "generated_client" / "merchant_gateway_client" / "__init__.py"


def load(path: Path) -> dict[str, Any]:
    from ruamel.yaml import YAML

    data = YAML(typ="safe", pure=True).load(path.read_text(encoding="utf-8"))
    if not isinstance(data, dict):
        raise SystemExit(f"{path}: not an OpenAPI document")
    return _plain(data)


def _plain(node: Any) -> Any:
    """Mapping keys as strings (YAML may read `200:` as an int)."""
    if isinstance(node, dict):
        return {str(k): _plain(v) for k, v in node.items()}
    if isinstance(node, list):
        return [_plain(v) for v in node]
    return node


def parse_version(text: Any) -> tuple[int, int, int]:
    m = SEMVER.match(str(text))
    if not m:
        raise ValueError(f"version {text!r} is not MAJOR.MINOR.PATCH")
    return int(m[1]), int(m[2]), int(m[3])


def bump_kind(old: tuple[int, int, int], new: tuple[int, int, int]) -> str | None:
    """'major' | 'minor' | 'patch' | None (same) ; raises on a downgrade."""
    if new < old:
        raise ValueError(f"version goes backwards: {fmt(old)} -> {fmt(new)}")
    if new[0] > old[0]:
        return "major"
    if new[1] > old[1]:
        return "minor"
    if new[2] > old[2]:
        return "patch"
    return None


def needed_bump(level: str | None, old: tuple[int, int, int]) -> str | None:
    if level is None:
        return None
    if level == BREAKING:
        return "minor" if old[0] == 0 else "major"
    return {"additive": "minor", "docs": "patch"}[level]


BUMP_ORDER = (None, "patch", "minor", "major")


def fmt(v: tuple[int, int, int]) -> str:
    return ".".join(map(str, v))


def released_versions(released: Path) -> dict[tuple[int, int, int], Path]:
    out = {}
    if released.is_dir():
        for d in released.iterdir():
            f = d / "openapi.yaml"
            if f.is_file() and SEMVER.match(d.name):
                out[parse_version(d.name)] = f
    return out


def check(
    new_doc: dict[str, Any], old_doc: dict[str, Any] | None, old_label: str = ""
) -> tuple[bool, list[str], list[Change]]:
    """Return (ok, report lines, changes)."""
    lines: list[str] = []
    new_v = parse_version((new_doc.get("info") or {}).get("version"))
    if old_doc is None:
        lines.append(f"no released spec at or below {fmt(new_v)}: first release, nothing to compare")
        return True, lines, []
    old_v = parse_version((old_doc.get("info") or {}).get("version"))
    changes = compare(old_doc, new_doc)
    # the release artifacts other languages consume (operations.json, per-host documents): tools/release/artifactdiff.py
    from artifactdiff import ArtifactsUnavailable, changes_between

    try:
        extra = changes_between(old_doc, new_doc, changes)
    except ArtifactsUnavailable as err:  # a spec the builder refuses fails `make spec-artifacts` (and the generator)
        lines.append(f"release artifacts not compared: {err}")
    else:
        changes = sorted(changes + extra, key=lambda c: -LEVELS.index(c.level))
    level = required_level(changes)
    need = needed_bump(level, old_v)
    have = bump_kind(old_v, new_v)
    lines.append(f"previous release {fmt(old_v)}{old_label} -> spec {fmt(new_v)}: bump {have or 'none'}")
    lines.append(f"changes: {len(changes)}; highest level {level or 'none'}; needs bump {need or 'none'}")
    for c in changes:
        lines.append(f"  {c}")
    ok = BUMP_ORDER.index(have) >= BUMP_ORDER.index(need)
    if not ok:
        lines.append(f"FAIL: the change needs a {need} bump but the version bump is {have or 'none'}")
    return ok, lines, changes


def package_version() -> str | None:
    if not INIT.is_file():
        return None
    m = re.search(r'^__version__\s*=\s*["\']([^"\']+)["\']', INIT.read_text(encoding="utf-8"), re.M)
    return m[1] if m else None


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--spec", type=Path, default=ROOT / "spec" / "openapi.yaml")
    ap.add_argument("--released", type=Path, default=ROOT / "spec" / "released")
    ap.add_argument("--old", type=Path, help="compare with this file instead of the latest released copy")
    ap.add_argument("--json", action="store_true", help="print the changes as JSON")
    ap.add_argument("--no-package-check", action="store_true", help="do not compare with the generated __version__")
    args = ap.parse_args(argv)
    try:
        new_doc = load(args.spec)
        new_v = parse_version((new_doc.get("info") or {}).get("version"))
        if args.old:
            old_doc: dict[str, Any] | None = load(args.old)
            label = f" ({args.old})"
        else:
            candidates = {v: p for v, p in released_versions(args.released).items() if v <= new_v}
            if candidates:
                prev = max(candidates)
                shown = candidates[prev].resolve()
                old_doc, label = load(shown), f" ({shown.relative_to(ROOT) if shown.is_relative_to(ROOT) else shown})"
                if parse_version((old_doc.get("info") or {}).get("version")) != prev:
                    print(
                        f"ERROR: {candidates[prev]} says version {old_doc['info'].get('version')}, "
                        f"folder says {fmt(prev)}"
                    )
                    return 2
            else:
                old_doc, label = None, ""
        ok, lines, changes = check(new_doc, old_doc, label)
    except (ValueError, OSError) as exc:
        print(f"ERROR: {exc}")
        return 2
    if args.json:
        print(json.dumps({"ok": ok, "changes": [c.__dict__ for c in changes]}, indent=1))
    else:
        print("\n".join(lines))
    pkg = package_version()
    if not args.no_package_check and pkg is not None and pkg != fmt(new_v):
        print(f"FAIL: generated package __version__ {pkg} != spec info.version {fmt(new_v)} (run `make generate`)")
        ok = False
    if ok:
        print("release-check: OK")
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())


__all__ = ["LEVELS", "bump_kind", "check", "main", "needed_bump", "parse_version"]
