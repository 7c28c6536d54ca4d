"""Target 6: `python -m generator` wall time (< 2 s) and byte-identical output on a second run, into scratch
folders under build/ (the checked-in generated_client/ is never touched), beside openapi-generator's time."""

from __future__ import annotations

import hashlib
import shutil
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
SCRATCH = ROOT / "build" / "bench-gen"


def _digest(folder: Path) -> str:
    h = hashlib.sha256()
    for p in sorted(folder.rglob("*")):
        if p.is_file() and "__pycache__" not in p.parts:
            h.update(p.relative_to(folder).as_posix().encode() + b"\0" + p.read_bytes() + b"\0")
    return h.hexdigest()


def _generate(python: str, out: Path) -> float:
    shutil.rmtree(out, ignore_errors=True)
    t0 = time.perf_counter()
    subprocess.run([python, "-m", "generator", "--out", str(out)], cwd=ROOT, check=True, capture_output=True)
    return time.perf_counter() - t0


def run(python: str, with_openapi_generator: bool = True) -> dict[str, Any]:
    first = _generate(python, SCRATCH / "run1")
    second = _generate(python, SCRATCH / "run2")
    same = _digest(SCRATCH / "run1") == _digest(SCRATCH / "run2")
    out: dict[str, Any] = {
        "first_s": round(first, 2),
        "second_s": round(second, 2),
        "byte_identical": same,
        "matches_checked_in": _digest(SCRATCH / "run1")
        == _digest(ROOT / "generated_client" / "merchant_gateway_client"),
    }
    if with_openapi_generator:
        from bench.loopback import oag_generate

        try:
            out["openapi_generator_s"] = round(oag_generate(), 2)
        except (OSError, subprocess.CalledProcessError) as exc:
            out["openapi_generator_s"] = f"unavailable: {type(exc).__name__}"
    return out


if __name__ == "__main__":
    import json

    print(json.dumps(run(str(ROOT / ".venv" / "bin" / "python"), "--no-oag" not in sys.argv), indent=1))
