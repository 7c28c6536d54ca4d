"""What every package of a release carries for teams in other languages: CHANGELOG.md and spec-diff.json.

    python tools/release/release_notes.py --out DIR [--spec spec/openapi.yaml] [--released spec/released]
    python tools/release/release_notes.py --write-shipped | --check     # spec/spec-diff.json, derived and committed

CHANGELOG.md is spec/CHANGELOG.md as it is. spec-diff.json is the spec against the previous release (the highest
spec/released/<version>/openapi.yaml below the spec's info.version), every change classified as the release check
classifies it (tools/release/release_check.py: level breaking / additive / docs, kind, where, detail) and filed
under one area a reader looks for: operations, fields, codes, outcomes, evidence, docs or other. The wheel
(merchant_gateway_client/release/, from spec/spec-diff.json: the sdist the wheel is built from holds spec/ only), the
npm package (release/) and the jar (META-INF/merchant-gateway/) ship both.
"""

from __future__ import annotations

import argparse
import json
import shutil
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

import release_check

ROOT = Path(__file__).resolve().parents[2]
FORMAT = 1
AREAS = ("operations", "fields", "codes", "outcomes", "evidence", "docs", "other")


def area(kind: str, where: str) -> str:
    """The area a change belongs to, from the release check's kind (and place)."""
    if kind.startswith(("x-codes-outcome", "x-codes-refine", "verdict-rule", "unlisted-category")):
        return "outcomes"  # what an answer means: verdicts change
    if kind.startswith("x-codes"):
        return "codes"
    if kind.startswith("x-evidence"):
        return "evidence"
    if kind == "docs-changed":
        return "docs"
    if kind.startswith(("operation-", "webhook-", "servers-", "x-retry", "x-money-movement", "x-answer-codes")):
        return "operations"
    if kind.startswith(("x-payload-from", "response-", "media-type", "request-body-")):
        return "operations"
    fields = ("parameter-", "property-", "schema-", "x-field-rule", "additional-properties", "discriminator")
    if kind.startswith(fields):
        return "fields"
    if kind.endswith(("-branch-added", "-branch-removed")) or "schema" in where or "parameter" in where:
        return "fields"
    if kind.endswith(("-changed", "-tightened", "-loosened", "-added", "-removed", "-widened", "-narrowed")):
        return "fields"  # a schema keyword (pattern, enum, type, format, bounds...) of a field
    return "other"


def previous_release(version: tuple[int, int, int], released: Path) -> tuple[str, Path] | None:
    older = {v: p for v, p in release_check.released_versions(released).items() if v < version}
    if not older:
        return None
    prev = max(older)
    return release_check.fmt(prev), older[prev]


def spec_diff(spec: Path, released: Path) -> dict[str, Any]:
    new_doc = release_check.load(spec)
    version = release_check.parse_version(new_doc["info"]["version"])
    prev = previous_release(version, released)
    out: dict[str, Any] = {
        "format": FORMAT,
        "about": "The spec of this release against the previous release: every change with its level (breaking, "
        "additive, docs: the release check's classification), kind, place, detail and area. Produced by "
        "tools/release/release_notes.py.",
        "version": release_check.fmt(version),
        "previous": prev[0] if prev else None,
        "level": None,
        "areas": list(AREAS),
        "counts": {},
        "changes": [],
    }
    if prev is None:
        return out
    _ok, _lines, changes = release_check.check(new_doc, release_check.load(prev[1]))
    rows = [{**c.__dict__, "area": area(c.kind, c.where)} for c in changes]
    out["level"] = release_check.required_level(changes)
    out["counts"] = {a: sum(1 for r in rows if r["area"] == a) for a in AREAS}
    out["changes"] = rows
    return out


SHIPPED = ROOT / "spec" / "spec-diff.json"


def diff_text(spec: Path, released: Path) -> str:
    return json.dumps(spec_diff(spec, released), indent=1, ensure_ascii=False) + "\n"


def write(out: Path, spec: Path, released: Path, changelog: Path) -> None:
    out.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(changelog, out / "CHANGELOG.md")
    (out / "spec-diff.json").write_text(diff_text(spec, released), encoding="utf-8")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    mode = ap.add_mutually_exclusive_group(required=True)
    mode.add_argument("--out", type=Path, help="write CHANGELOG.md and spec-diff.json into this folder")
    mode.add_argument("--write-shipped", action="store_true", help=f"write {SHIPPED.relative_to(ROOT)}")
    mode.add_argument("--check", action="store_true", help=f"exit 1 when {SHIPPED.relative_to(ROOT)} is stale")
    ap.add_argument("--spec", type=Path, default=ROOT / "spec" / "openapi.yaml")
    ap.add_argument("--released", type=Path, default=ROOT / "spec" / "released")
    ap.add_argument("--changelog", type=Path, default=ROOT / "spec" / "CHANGELOG.md")
    args = ap.parse_args(argv)
    if args.out is not None:
        write(args.out, args.spec, args.released, args.changelog)
        return 0
    text = diff_text(args.spec, args.released)
    if args.write_shipped:
        SHIPPED.write_text(text, encoding="utf-8")
        return 0
    if not SHIPPED.is_file() or SHIPPED.read_text(encoding="utf-8") != text:
        print(f"{SHIPPED.relative_to(ROOT)} is stale: run `make release-notes` and commit it", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
