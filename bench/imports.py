"""Target 5: import time of the public package vs httpx alone, in a venv with only the runtime dependencies.

What is timed is what a merchant writes, `from merchant_gateway import Gateway, AsyncGateway` (both classes
resolved, so a lazy module attribute cannot move their cost past the measured statement), against `import httpx`
in processes of its own. The package imports httpx itself; its process imports httpx first, explicitly, so that it
also times httpx's part: ``ratio_same_process`` (its whole over that part) is the same ratio measured at one moment,
which a busy machine disturbs less than two processes started apart (``ratio``, the target's figure).

build/bench-runtime-venv gets httpx, attrs and python-dateutil (with their own dependencies) from the index, and
the project's two runtime packages (merchant_gateway_client, merchant_gateway) copied into site-packages and
byte-compiled, like `pip install --no-deps` of the wheel would (the sandbox extra and generator tools stay out).
"""

from __future__ import annotations

import compileall
import shutil
import statistics
import subprocess
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
VENV = ROOT / "build" / "bench-runtime-venv"
PACKAGES = {"merchant_gateway_client": ROOT / "generated_client", "merchant_gateway": ROOT / "overlays"}
SNIPPET = "import time; t = time.perf_counter(); {stmt}; print(time.perf_counter() - t)"
BASE = "import httpx"
OURS = "from merchant_gateway import Gateway, AsyncGateway"
# OURS after BASE in one process: prints the time to the end of BASE, then to the end of OURS
BOTH = (
    f"import time; t = time.perf_counter(); {BASE}; h = time.perf_counter(); {OURS}; e = time.perf_counter(); "
    "print(h - t, e - t)"
)


def ensure_venv() -> Path:
    py = VENV / "bin" / "python"
    if not py.exists():
        subprocess.run([sys.executable, "-m", "venv", str(VENV)], check=True)
        subprocess.run(
            [str(py), "-m", "pip", "install", "-q", "httpx>=0.28,<0.29", "attrs>=23.2", "python-dateutil>=2.8"],
            check=True,
        )
    site = Path(
        subprocess.run(
            [str(py), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
            check=True,
            capture_output=True,
            text=True,
        ).stdout.strip()
    )
    for name, parent in PACKAGES.items():  # fresh copy of the current sources every run
        dest = site / name
        shutil.rmtree(dest, ignore_errors=True)
        shutil.copytree(parent / name, dest, ignore=shutil.ignore_patterns("__pycache__"))
        compileall.compile_dir(dest, quiet=1)
    return py


def _time(py: Path, stmt: str) -> float:
    out = subprocess.run([str(py), "-c", SNIPPET.format(stmt=stmt)], check=True, capture_output=True, text=True)
    return float(out.stdout.strip())


def _time_both(py: Path) -> tuple[float, float]:
    """(httpx's part, the whole) of BOTH, from one process."""
    out = subprocess.run([str(py), "-c", BOTH], check=True, capture_output=True, text=True)
    httpx_part, whole = (float(x) for x in out.stdout.split())
    return httpx_part, whole


def top_imports(py: Path, stmt: str, n: int = 8) -> list[tuple[str, float]]:
    """The slowest modules (cumulative µs) from `python -X importtime`, excluding what httpx itself imports."""
    res = subprocess.run(
        [str(py), "-X", "importtime", "-c", f"{BASE}; {stmt}"], check=True, capture_output=True, text=True
    )
    rows = []
    seen_httpx = False
    for line in res.stderr.splitlines():
        if not line.startswith("import time:") or "|" not in line:
            continue
        _, cumulative, name = (p.strip() for p in line[len("import time:") :].split("|"))
        if name == "httpx":
            seen_httpx = True
            continue
        if seen_httpx and cumulative.isdigit():
            rows.append((name.strip(), int(cumulative) / 1000))
    return sorted(rows, key=lambda r: -r[1])[:n]


def run(reps: int) -> dict[str, Any]:
    py = ensure_venv()
    ours: list[float] = []
    base: list[float] = []
    same: list[float] = []  # whole / httpx's part, in one process
    for i in range(reps):  # interleaved, alternating which goes first
        if i % 2 == 0:
            base.append(_time(py, BASE))
        httpx_part, whole = _time_both(py)
        ours.append(whole)
        same.append(whole / httpx_part)
        if i % 2 == 1:
            base.append(_time(py, BASE))
    ratio = statistics.median(a / b for a, b in zip(ours, base, strict=True))
    return {
        "httpx_ms": round(statistics.median(base) * 1000, 1),
        "merchant_gateway_ms": round(statistics.median(ours) * 1000, 1),
        "ratio": round(ratio, 3),
        "ratio_same_process": round(statistics.median(same), 3),
        "slowest_after_httpx_ms": [(n, round(ms, 1)) for n, ms in top_imports(py, OURS)],
        "timed": OURS,
        "venv": str(VENV.relative_to(ROOT)),
    }


if __name__ == "__main__":
    import json

    print(json.dumps(run(11), indent=1))
