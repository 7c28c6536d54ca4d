"""Derive the sync task layer from the async one: overlays/merchant_gateway/tasks/_async.py -> _sync.py.

Why this tool exists: the task layer is written once, async (``_async.py``); ``Gateway``'s flavour is the same code
without ``async``/``await`` and with the names below replaced, produced by the ``unasync`` package (pinned in
pyproject.toml's dev group), then import-sorted and formatted with ruff so the committed file passes ``make lint``.

    python tools/unasync_tasks.py           # rewrite _sync.py
    python tools/unasync_tasks.py --check   # exit 1 when _sync.py differs from what _async.py gives (make lint)
"""

from __future__ import annotations

import argparse
import difflib
import io
import shutil
import subprocess
import sys
import tempfile
import tokenize
from pathlib import Path

import unasync  # type: ignore[import-untyped]

ROOT = Path(__file__).resolve().parents[1]
TASKS = ROOT / "overlays" / "merchant_gateway" / "tasks"
SOURCE = TASKS / "_async.py"
TARGET = TASKS / "_sync.py"
HEADER = "# Generated from _async.py by tools/unasync_tasks.py (the unasync package), do not edit.\n"

# async name -> sync name. unasync turns any other AsyncXxx into SyncXxx, which the check below refuses.
REPLACEMENTS = {
    "AsyncGateway": "Gateway",
    "AsyncGatewayHost": "GatewayHost",
    "AsyncPayments": "Payments",
    "AsyncRefunds": "Refunds",
    "AsyncCollects": "Collects",
    "AsyncWallets": "Wallets",
    "AsyncSso": "Sso",
    "AsyncAskOtp": "AskOtp",
    "async_start_intent_payment": "start_intent_payment",
    "async_start_upi_intent": "start_upi_intent",
    "async_start_sdk_less_payment": "start_sdk_less_payment",
    "async_sign_in": "sign_in",
    "async_link_user": "link_user",
    "async_unlink": "unlink",
    "async_wait_for_payment": "wait_for_payment",
}


def _ruff(args: list[str], source: str, filename: Path) -> str:
    done = subprocess.run(
        [sys.executable, "-m", "ruff", *args, "--stdin-filename", str(filename), "-"],
        input=source,
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=False,
    )
    if done.returncode != 0:
        raise SystemExit(f"ruff {' '.join(args)} failed on the derived code:\n{done.stderr}{done.stdout}")
    return done.stdout


def derive() -> str:
    """The sync module's text, as it must be committed."""
    with tempfile.TemporaryDirectory() as tmp:
        src = Path(tmp) / "_async" / "tasks.py"
        src.parent.mkdir()
        shutil.copyfile(SOURCE, src)
        unasync.unasync_files([str(src)], [unasync.Rule("/_async/", "/_sync/", REPLACEMENTS)])
        text = (Path(tmp) / "_sync" / "tasks.py").read_text(encoding="utf-8")
    names = {tok.string for tok in tokenize.generate_tokens(io.StringIO(text).readline) if tok.type == tokenize.NAME}
    leftovers = sorted(n for n in names if n.startswith(("Sync", "Async", "async_", "await")) or n == "async")
    if leftovers:
        raise SystemExit(f"unasync left async names (add them to REPLACEMENTS): {', '.join(leftovers)}")
    text = HEADER + text
    text = _ruff(["check", "--fix", "--select", "I", "--quiet", "--exit-zero"], text, TARGET)
    return _ruff(["format", "--quiet"], text, TARGET)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="fail when _sync.py is not what _async.py gives")
    args = parser.parse_args(argv)
    wanted = derive()
    current = TARGET.read_text(encoding="utf-8") if TARGET.exists() else ""
    if args.check:
        if current == wanted:
            return 0
        diff = difflib.unified_diff(
            current.splitlines(keepends=True), wanted.splitlines(keepends=True), str(TARGET), "derived"
        )
        sys.stderr.write("".join(diff))
        sys.stderr.write(f"{TARGET.relative_to(ROOT)} is out of date: run python tools/unasync_tasks.py\n")
        return 1
    if current != wanted:
        TARGET.write_text(wanted, encoding="utf-8")
        print(f"wrote {TARGET.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
