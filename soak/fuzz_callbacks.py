"""Coverage-guided fuzzing (atheris / libFuzzer) of the callback verifiers, bounded, run by ``make soak``.

Targets: ``verify_payment_callback``, ``verify_collect_callback`` (raw body bytes + X-VERIFY header) and
``verify_ui_callback`` (form post fields + checksum). The property: every input ends in SignatureError (or its
subclass CallbackMismatchError) or in a verification whose checksum really matches under a configured salt; any
other exception, or an accepted input with a wrong checksum, is a crash (libFuzzer stops and writes the input).

The corpus is seeded with genuine signed callbacks (unicode payloads included) so mutations explore near-valid
inputs, where the interesting branches are. Each target runs in its own child process (libFuzzer exits the
process when done) with ``-runs=N`` and ``-max_total_time``; statistics go to a JSON file.

    python soak/fuzz_callbacks.py --runs 100000 --max-seconds 120 --out build/soak/fuzz.json
"""

from __future__ import annotations

import argparse
import base64
import contextlib
import hashlib
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

SALTS = {"1": "fuzz-salt-one", "2": "fuzz-salt-₹-two"}
MERCHANT = "FUZZMERCHANT"
TARGETS = ("payment", "collect", "form")
SEP = b"\x00\xff"  # separates header from body in one fuzz input


def _sign(message: str, index: str) -> str:
    return hashlib.sha256((message + SALTS[index]).encode("utf-8")).hexdigest() + "###" + index


def seeds(target: str) -> list[bytes]:
    out = []
    for i, message in enumerate(["ok", "₹ 100 नमस्ते 🙏🏽", "", "x" * 50]):
        index = "1" if i % 2 == 0 else "2"
        if target == "form":
            form = {
                "code": "PAYMENT_SUCCESS",
                "merchantId": MERCHANT,
                "transactionId": f"T{i}",
                "amount": str(100 + i),
                "providerReferenceId": "P1",
                "param1": message,
            }
            text = "".join(
                form[k] for k in ("code", "merchantId", "transactionId", "amount", "providerReferenceId", "param1")
            )
            form["checksum"] = _sign(text, index)
            out.append(json.dumps(form, ensure_ascii=False).encode("utf-8"))
            continue
        payload = {
            "success": True,
            "code": "PAYMENT_SUCCESS",
            "message": message,
            "data": {
                "transactionId": f"T{i}",
                "merchantId": MERCHANT,
                "amount": 100 + i,
                "providerReferenceId": "P1",
                "paymentState": "COMPLETED",
                "paymentModes": [{"mode": "WALLET", "amount": 100 + i}],
            },
        }
        response = base64.b64encode(json.dumps(payload, ensure_ascii=False).encode("utf-8")).decode()
        out.append(_sign(response, index).encode() + SEP + json.dumps({"response": response}).encode())
    return out


def run_target(target: str, runs: int, seconds: int, stats_path: str) -> None:
    """Child process: instrument the verifiers and fuzz one target."""
    import atheris

    with atheris.instrument_imports():
        import merchant_gateway.callbacks as callbacks
    from merchant_gateway.errors import SignatureError

    # the counters (and "seconds" when saved), written beside the target's name
    counts: dict[str, int | float] = {"executions": 0, "accepted": 0, "rejected": 0, "crashes": 0}
    started = time.monotonic()

    def save() -> None:
        counts["seconds"] = round(time.monotonic() - started, 1)
        Path(stats_path).write_text(json.dumps({"target": target, **counts}), encoding="utf-8")

    def one(data: bytes) -> None:
        result: object  # a UiCallback or a PaymentCallback, by target
        counts["executions"] += 1
        if counts["executions"] % 5000 == 0:
            save()
        try:
            if target == "form":
                try:
                    form = json.loads(data.decode("utf-8"))
                except (UnicodeDecodeError, ValueError, RecursionError):
                    form = {"raw": data.decode("latin-1")}
                if not isinstance(form, dict):
                    form = {"value": form}
                result = callbacks.verify_ui_callback(form, SALTS, expected_merchant_id=MERCHANT)
                text = callbacks.ui_checksum_string(form)
                digest, index = str(form["checksum"]).split("###")
                assert hashlib.sha256((text + SALTS[index]).encode()).hexdigest() == digest, "accepted a bad form"
            else:
                header, _, body = data.partition(SEP)
                verify = callbacks.verify_payment_callback if target == "payment" else callbacks.verify_collect_callback
                header_value: str | bytes = header
                with contextlib.suppress(UnicodeDecodeError):
                    header_value = header.decode("utf-8")
                result = verify(body, header_value, SALTS, expected_merchant_id=MERCHANT)
                response = json.loads(body)["response"]
                digest, index = str(header_value if isinstance(header_value, str) else header.decode()).split("###")
                assert hashlib.sha256((response + SALTS[index]).encode()).hexdigest() == digest, "accepted bad body"
            assert result is not None
            counts["accepted"] += 1
        except SignatureError:
            counts["rejected"] += 1
        except BaseException:
            counts["crashes"] += 1
            save()
            raise

    corpus = tempfile.mkdtemp(prefix=f"fuzz-{target}-")
    for i, seed in enumerate(seeds(target)):
        Path(corpus, f"seed{i}").write_bytes(seed)
    import atexit

    atexit.register(save)
    atheris.Setup(
        [sys.argv[0], f"-runs={runs}", f"-max_total_time={seconds}", "-max_len=4096", "-print_final_stats=1", corpus],
        one,
    )
    atheris.Fuzz()


def main() -> int:
    p = argparse.ArgumentParser(description="bounded atheris fuzzing of the callback verifiers")
    p.add_argument("--runs", type=int, default=100_000, help="executions per target")
    p.add_argument("--max-seconds", type=int, default=120, help="time limit per target")
    p.add_argument("--out", default="build/soak/fuzz.json")
    p.add_argument("--child", choices=TARGETS, help=argparse.SUPPRESS)
    p.add_argument("--stats", help=argparse.SUPPRESS)
    args = p.parse_args()
    if args.child:
        run_target(args.child, args.runs, args.max_seconds, args.stats)
        return 0
    try:
        import atheris  # noqa: F401
    except ImportError as exc:
        result = {"available": False, "reason": f"atheris cannot be imported: {exc}", "targets": []}
        Path(args.out).parent.mkdir(parents=True, exist_ok=True)
        Path(args.out).write_text(json.dumps(result, indent=1), encoding="utf-8")
        print(result["reason"])
        return 0
    results = []
    for target in TARGETS:
        stats = tempfile.mktemp(prefix=f"fuzz-{target}-", suffix=".json")
        cmd = [
            sys.executable,
            __file__,
            "--child",
            target,
            "--runs",
            str(args.runs),
            "--max-seconds",
            str(args.max_seconds),
            "--stats",
            stats,
        ]
        done = subprocess.run(
            cmd,
            capture_output=True,
            text=True,
            timeout=args.max_seconds + 120,
            env={**os.environ, "PYTHONHASHSEED": "0"},
        )
        info = json.loads(Path(stats).read_text()) if Path(stats).exists() else {"target": target}
        info["exit_code"] = done.returncode
        info["coverage_lines"] = [ln for ln in done.stderr.splitlines() if ln.startswith(("stat::", "Done", "#"))][-3:]
        if done.returncode != 0:
            info["crashes"] = max(1, int(info.get("crashes", 0)))
            info["stderr_tail"] = done.stderr[-3000:]
        results.append(info)
        print(json.dumps({k: v for k, v in info.items() if k != "stderr_tail"}))
    summary = {
        "available": True,
        "runs_per_target": args.runs,
        "targets": results,
        "executions": sum(int(r.get("executions", 0)) for r in results),
        "crashes": sum(int(r.get("crashes", 0)) for r in results),
    }
    Path(args.out).parent.mkdir(parents=True, exist_ok=True)
    Path(args.out).write_text(json.dumps(summary, indent=1), encoding="utf-8")
    return 0 if summary["crashes"] == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
