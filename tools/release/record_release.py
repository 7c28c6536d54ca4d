"""Record a published spec: spec/released/<version>/openapi.yaml, the copy `make release-check` compares with.

Written by the release itself: tools/release/publish.sh checks before the upload that the version can be recorded
(`--check`) and records it once the index accepted the upload, so spec/released/ holds exactly what was published
and nobody copies files by hand. A released version never changes: a different spec under a recorded version is
refused (bump info.version instead); the same spec again is a no-op, so a re-run is harmless.

    python tools/release/record_release.py [--spec spec/openapi.yaml] [--released spec/released] [--check]
    python tools/release/record_release.py --commit REV     # the spec of a version published before this tool

Exit status: 0 recorded (or already recorded, identical), 1 refused (a different spec under that version), 2 input.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from release_check import SEMVER, _plain

ROOT = Path(__file__).resolve().parents[2]
SPEC = ROOT / "spec" / "openapi.yaml"
RELEASED = ROOT / "spec" / "released"


class RecordError(Exception):
    def __init__(self, message: str, status: int) -> None:
        super().__init__(message)
        self.status = status


def spec_version(text: str, where: str) -> str:
    from ruamel.yaml import YAML

    try:
        doc = _plain(YAML(typ="safe", pure=True).load(text))
    except Exception as err:  # noqa: BLE001 - any parse error: the text is not a spec to record
        raise RecordError(f"{where}: not YAML ({str(err).splitlines()[0]})", 2) from None
    version = str(((doc or {}).get("info") or {}).get("version", "")) if isinstance(doc, dict) else ""
    if not SEMVER.match(version):
        raise RecordError(f"{where}: info.version {version!r} is not MAJOR.MINOR.PATCH", 2)
    return version


def spec_at(commit: str) -> bytes:
    rel = SPEC.relative_to(ROOT).as_posix()
    proc = subprocess.run(["git", "show", f"{commit}:{rel}"], cwd=ROOT, capture_output=True, check=False)
    if proc.returncode != 0:
        raise RecordError(f"no {rel} at {commit}: {proc.stderr.decode(errors='replace').strip()}", 2)
    return proc.stdout


def record(data: bytes, released: Path, where: str, *, check_only: bool = False) -> tuple[Path, bool]:
    """(the recorded file, whether it was written now). Raises RecordError when the version holds another spec."""
    version = spec_version(data.decode("utf-8"), where)
    target = released / version / "openapi.yaml"
    if target.is_file():
        if target.read_bytes() == data:
            return target, False
        raise RecordError(
            f"{target} holds another spec of version {version}: a released version never changes; "
            "bump info.version in spec/openapi.yaml (make release-check says how far)",
            1,
        )
    if not check_only:
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(data)
    return target, not check_only


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    src = ap.add_mutually_exclusive_group()
    src.add_argument("--spec", type=Path, default=SPEC, help="the spec that was published (default spec/openapi.yaml)")
    src.add_argument("--commit", help="record spec/openapi.yaml as of this git commit instead")
    ap.add_argument("--released", type=Path, default=RELEASED, help="folder of released copies (spec/released)")
    ap.add_argument("--check", action="store_true", help="only say whether the version can be recorded")
    args = ap.parse_args(argv)
    try:
        if args.commit:
            data, where = spec_at(args.commit), f"spec/openapi.yaml at {args.commit}"
        else:
            if not args.spec.is_file():
                raise RecordError(f"{args.spec}: no such file", 2)
            data, where = args.spec.read_bytes(), str(args.spec)
        target, written = record(data, args.released, where, check_only=args.check)
    except RecordError as err:
        print(f"record-release: {err}", file=sys.stderr)
        return err.status
    shown = target.resolve().relative_to(ROOT) if target.resolve().is_relative_to(ROOT) else target
    if args.check:
        print(f"record-release: {where} can be recorded as {shown}")
    elif written:
        hint = " (commit it with the release)" if target.resolve().is_relative_to(RELEASED) else ""
        print(f"record-release: recorded {where} as {shown}{hint}")
    else:
        print(f"record-release: {shown} already holds this spec")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
