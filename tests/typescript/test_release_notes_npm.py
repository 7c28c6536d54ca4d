"""The npm package carries the release's CHANGELOG.md and spec-diff.json (tools/release/release_notes.py) in
release/, packed by `npm pack` and importable as @merchant-gateway/client/release/spec-diff.json."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_the_npm_package_packs_the_changelog_and_the_spec_diff(ts_out: Path) -> None:
    package = ts_out / "package"
    assert (package / "release" / "CHANGELOG.md").read_text(encoding="utf-8") == (
        ROOT / "spec" / "CHANGELOG.md"
    ).read_text(encoding="utf-8")
    diff = json.loads((package / "release" / "spec-diff.json").read_text(encoding="utf-8"))
    assert diff == json.loads((ROOT / "spec" / "spec-diff.json").read_text(encoding="utf-8"))
    packed = subprocess.run(
        ["npm", "pack", "--dry-run", "--json"], cwd=package, capture_output=True, text=True, check=True, timeout=120
    )
    files = {f["path"] for f in json.loads(packed.stdout)[0]["files"]}
    assert {"release/CHANGELOG.md", "release/spec-diff.json"} <= files
    exports = json.loads((package / "package.json").read_text(encoding="utf-8"))["exports"]
    assert exports["./release/*"] == "./release/*"
