"""What the safe defaults (issue 14) cost against the previous defaults, side by side over loopback.

The previous version (commit f440c69 unless told otherwise: Gateway over StdlibTransport, http.client based;
AsyncGateway over aiohttp's pool through httpx-aiohttp) is checked out into a git worktree under build/ and run
in a worker process of its own whose sys.path starts with that tree's `overlays` and `generated_client`; the
current tree runs in a second worker the same way. openapi-generator's `python` client (urllib3), generated from
the current spec, runs in the current tree's worker. One minimal server (bench.server) answers all of them.

The parent process drives the workers: each repetition runs every (worker, variant, operation) block once, in a
rotated order, and only one worker works at a time (the others wait on their pipe), so each version is timed in
the same run against the same server; ratios are medians of per-repetition ratios (bench.timing), of wall time per
call and of the worker's own CPU time per call (`cpu_ratios`: what the client costs, less exposed to other
processes on a shared machine than wall time; the server's work is not in it). Before timing,
every variant sends one status and one debit: requests (method, path, X-VERIFY, JSON body) and parsed results
must be identical across versions. The worktree is removed afterwards if this run added it.
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import itertools
import json
import statistics
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
PREVIOUS_REF = "f440c69"
WORKTREE = ROOT / "build" / "prev"
MOCK = "mock"  # a worker's origin for answers from httpx.MockTransport instead of the loopback server
POLLED = 16  # how many payments the "poll" operation cycles through
OPERATIONS = ("status", "poll", "debit")
# Side by side client CPU over MockTransport: the code before issues 14 and 15, and issue 14's alone (its
# commit, before issue 15's generated methods and answer models)
PER_CALL_REFS = {"before_14_15": "f440c69", "after_14": "9ef1750"}


# --- the parent -----------------------------------------------------------------------------------------------


@contextlib.contextmanager
def worktree(ref: str, path: Path = WORKTREE) -> Iterator[Path]:
    """A checkout of ``ref`` at ``path`` (git-ignored build/); removed afterwards if this call added it."""
    added = False
    if not (path / "overlays").is_dir():
        subprocess.run(
            ["git", "-C", str(ROOT), "worktree", "add", "--detach", "--quiet", str(path), ref],
            check=True,
        )
        added = True
    try:
        yield path
    finally:
        if added:
            subprocess.run(["git", "-C", str(ROOT), "worktree", "remove", "--force", str(path)], check=False)


def commit_of(tree: Path) -> str:
    return subprocess.run(
        ["git", "-C", str(tree), "rev-parse", "--short", "HEAD"], check=True, capture_output=True, text=True
    ).stdout.strip()


def identical(sent: dict[str, Any], parsed: dict[str, Any]) -> dict[str, Any]:
    """Every variant sent the same two requests and parsed the same results as the first one."""
    first = next(iter(sent))
    return {
        "identical_signatures": all(v == sent[first] and len(v) == 2 for v in sent.values()),
        "identical_results": all(v == parsed[first] for v in parsed.values()),
        "variants": list(sent),
        "mismatched": [k for k in sent if sent[k] != sent[first] or parsed[k] != parsed[first]],
    }


class Worker:
    """One worker process (`python -m bench.previous TREE`): a JSON request per line in, a JSON answer out."""

    def __init__(self, tree: Path, origin: str, with_oag: bool) -> None:
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "bench.previous", str(tree), origin, "1" if with_oag else "0"],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            cwd=ROOT,
            text=True,
        )
        self.info: dict[str, Any] = self._answer()

    def _answer(self) -> Any:
        assert self.proc.stdout is not None
        line = self.proc.stdout.readline()
        if not line:
            raise RuntimeError(f"bench worker exited ({self.proc.wait()})")
        answer = json.loads(line)
        if "error" in answer:
            raise RuntimeError(answer["error"])
        return answer

    def ask(self, **request: Any) -> Any:
        assert self.proc.stdin is not None
        self.proc.stdin.write(json.dumps(request) + "\n")
        self.proc.stdin.flush()
        return self._answer()

    def close(self) -> None:
        with contextlib.suppress(OSError):
            self.ask(cmd="quit")
        self.proc.wait(timeout=30)


def run(reps: int, calls: int, acalls: int, ref: str = PREVIOUS_REF, with_oag: bool = True) -> dict[str, Any]:
    from bench.loopback import control, minimal_server, oag_available

    with_oag = with_oag and oag_available()  # generates build/bench-oag once, in this process
    with worktree(ref) as tree, minimal_server() as origin:
        commit = commit_of(tree)
        workers = {"previous": Worker(tree, origin, False), "current": Worker(ROOT, origin, with_oag)}
        try:
            blocks: list[tuple[str, str, str]] = []  # (worker, variant, operation)
            for wname, w in workers.items():
                for variant in w.info["variants"]:
                    for op in ("status", "debit"):
                        blocks.append((wname, variant, op))
            # identical requests and results, every variant, before any timing
            sent, parsed = {}, {}
            for wname, variant in dict.fromkeys((b[0], b[1]) for b in blocks):
                control(origin, "/_rec/on", "POST")
                parsed[f"{wname}.{variant}"] = workers[wname].ask(cmd="check", variant=variant)["results"]
                rec = control(origin, "/_rec")
                sent[f"{wname}.{variant}"] = [
                    (r["method"], r["path"], r["x-verify"], json.loads(r["body"] or "null")) for r in rec
                ]
            check = identical(sent, parsed)
            per_call: dict[str, list[float]] = {f"{w}.{v}:{op}": [] for w, v, op in blocks}
            cpu_per_call: dict[str, list[float]] = {name: [] for name in per_call}
            for rep in range(reps):
                k = rep % len(blocks)
                for wname, variant, op in blocks[k:] + blocks[:k]:
                    n = acalls if variant.startswith("async") else calls
                    timed = workers[wname].ask(cmd="run", variant=variant, op=op, calls=n)
                    per_call[f"{wname}.{variant}:{op}"].append(timed["seconds"] / n)
                    cpu_per_call[f"{wname}.{variant}:{op}"].append(timed["cpu"] / n)
        finally:
            for w in workers.values():
                w.close()

    def ratios_of(times: dict[str, list[float]]) -> dict[str, float]:
        def ratio(a: str, b: str) -> float:
            return round(statistics.median(x / y for x, y in zip(times[a], times[b], strict=True)), 3)

        out: dict[str, float] = {}
        for op in ("status", "debit"):
            for variant in ("gateway", "async_gateway"):
                out[f"current/previous {variant}:{op}"] = ratio(f"current.{variant}:{op}", f"previous.{variant}:{op}")
            if with_oag:
                for wname in ("current", "previous"):
                    key = f"{wname} gateway/openapi_generator:{op}"
                    out[key] = ratio(f"{wname}.gateway:{op}", f"current.openapi_generator:{op}")
            out[f"current gateway/raw_httpx:{op}"] = ratio(f"current.gateway:{op}", f"current.raw_httpx:{op}")
            out[f"previous gateway/raw_httpx:{op}"] = ratio(f"previous.gateway:{op}", f"current.raw_httpx:{op}")
        return out

    return {
        "previous_ref": ref,
        "previous_commit": commit,
        "check": check,
        "calls_per_block": {"sync": calls, "async": acalls},
        "us_per_call": {k: round(statistics.median(v) * 1e6, 1) for k, v in per_call.items()},
        "cpu_us_per_call": {k: round(statistics.median(v) * 1e6, 1) for k, v in cpu_per_call.items()},
        "ratios": ratios_of(per_call),
        "cpu_ratios": ratios_of(cpu_per_call),
    }


def run_per_call(reps: int, calls: int, refs: dict[str, str] | None = None) -> dict[str, Any]:
    """Client CPU per call over httpx.MockTransport, the current tree beside each of ``refs`` (name -> revision),
    each in a worker of its own, blocks interleaved in one run (issue 15: "per-call cost within 5 % of today's")."""
    refs = PER_CALL_REFS if refs is None else refs
    with contextlib.ExitStack() as stack:
        trees = {"current": ROOT}
        for name, ref in refs.items():
            trees[name] = stack.enter_context(worktree(ref, ROOT / "build" / f"prev-{ref}"))
        workers = {name: Worker(tree, MOCK, False) for name, tree in trees.items()}
        stack.callback(lambda: [w.close() for w in workers.values()])
        commits = {name: commit_of(tree) for name, tree in trees.items()}
        blocks = [
            (wname, variant, op) for wname, w in workers.items() for variant in w.info["variants"] for op in OPERATIONS
        ]
        sent, parsed = {}, {}
        for wname, variant in dict.fromkeys((b[0], b[1]) for b in blocks):
            answer = workers[wname].ask(cmd="check", variant=variant)
            sent[f"{wname}.{variant}"], parsed[f"{wname}.{variant}"] = answer["sent"], answer["results"]
        check = identical(sent, parsed)
        cpu_per_call: dict[str, list[float]] = {f"{w}.{v}:{op}": [] for w, v, op in blocks}
        for rep in range(reps):
            k = rep % len(blocks)
            for wname, variant, op in blocks[k:] + blocks[:k]:
                timed = workers[wname].ask(cmd="run", variant=variant, op=op, calls=calls)
                cpu_per_call[f"{wname}.{variant}:{op}"].append(timed["cpu"] / calls)

    def ratio(a: str, b: str) -> float:
        return round(statistics.median(x / y for x, y in zip(cpu_per_call[a], cpu_per_call[b], strict=True)), 3)

    ratios = {
        f"current/{name} {variant}:{op}": ratio(f"current.{variant}:{op}", f"{name}.{variant}:{op}")
        for name in refs
        for variant in ("gateway", "async_gateway")
        for op in OPERATIONS
    }
    return {
        "refs": refs,
        "commits": commits,
        "check": check,
        "calls_per_block": calls,
        "cpu_us_per_call": {k: round(statistics.median(v) * 1e6, 1) for k, v in cpu_per_call.items()},
        "cpu_ratios": ratios,
    }


# --- a worker ---------------------------------------------------------------------------------------------------


def _serve(tree: Path, origin: str, with_oag: bool) -> None:
    # this tree's packages first: ahead of the bench venv's editable install of the current tree
    for sub in ("generated_client", "overlays"):
        sys.path.insert(0, str(tree / sub))
    import httpx
    import merchant_gateway
    from merchant_gateway import AsyncGateway, Gateway

    from bench import common, cpu
    from bench.cpu import Recorder
    from bench.loopback import OagClient, _plain

    if not Path(merchant_gateway.__file__).resolve().is_relative_to(tree.resolve()):
        raise RuntimeError(f"imported {merchant_gateway.__file__}, not {tree}'s merchant_gateway")
    loop = asyncio.new_event_loop()
    mock = origin == MOCK
    recorder = Recorder()
    if mock:  # the client's own CPU: every variant answered in-process by the same recorder
        origin = cpu.ORIGIN
        transports_of: Any = (
            {"transport": httpx.MockTransport(recorder)},
            {"transport": httpx.MockTransport(recorder.handle_async)},
        )
    else:
        transports_of = ({}, {})
    settings = common.gateway_settings(origin)
    gw = Gateway(**settings, **transports_of[0])

    async def make_async() -> Any:
        return AsyncGateway(**settings, **transports_of[1])

    agw = loop.run_until_complete(make_async())
    raw = common.RawHttpx(httpx.Client(**transports_of[0]), origin)
    # status ids: "status" never repeats one (a first status call for each payment: every URL is new), "poll"
    # cycles through POLLED ids (a poller asking again about the payments it waits for)
    fresh = itertools.count(10_000_000)

    def status_id(op: str, i: int) -> str:
        return common.txn_id(i % POLLED if op == "poll" else next(fresh))

    # name -> (status(op, i), debit(i), is_async)
    variants: dict[str, tuple[Any, Any, bool]] = {
        "gateway": (
            lambda op, i: gw.get_transaction_status(status_id(op, i)),
            lambda i: gw.debit_v4_web(common.debit_payload(i)),
            False,
        ),
        "async_gateway": (
            lambda op, i: agw.get_transaction_status(status_id(op, i)),
            lambda i: agw.debit_v4_web(common.debit_payload(i)),
            True,
        ),
    }
    if tree.resolve() == ROOT:
        variants["raw_httpx"] = (
            lambda op, i: raw.status(status_id(op, i)),
            lambda i: raw.debit(common.debit_payload(i)),
            False,
        )
    if with_oag and not mock:
        sys.path.insert(0, str(ROOT / "build" / "bench-oag" / "client"))
        oag = OagClient(origin)
        variants["openapi_generator"] = (
            lambda op, i: oag.status(status_id(op, i)),
            lambda i: oag.debit(oag.payload(i)),
            False,
        )

    def call_of(variant: str, op: str) -> tuple[Any, bool]:
        status, debit, is_async = variants[variant]
        return (debit if op == "debit" else lambda i: status(op, i)), is_async

    def one(variant: str, op: str, i: int) -> Any:
        call, is_async = call_of(variant, op)
        result = call(i)
        return loop.run_until_complete(result) if is_async else result

    async def many_async(call: Any, n: int) -> None:
        for i in range(n):
            await call(i)

    def answer(obj: Any) -> None:
        sys.stdout.write(json.dumps(obj) + "\n")
        sys.stdout.flush()

    answer({"variants": list(variants), "merchant_gateway": merchant_gateway.__file__})
    for line in sys.stdin:
        req = json.loads(line)
        if req["cmd"] == "quit":
            answer({})
            break
        if req["cmd"] == "check":
            recorder.on, recorder.seen = True, []
            results = [one(req["variant"], "poll", 1), one(req["variant"], "debit", 1)]
            recorder.on = False
            sent = [[m, path, xv, json.loads(body or b"null")] for m, path, xv, body in recorder.seen]
            answer({"results": [_plain(common.normalize(r)) for r in results], "sent": sent})
        elif req["cmd"] == "run":
            call, is_async = call_of(req["variant"], req["op"])
            n = req["calls"]
            gc.collect()
            t0, c0 = time.perf_counter(), time.process_time()
            if is_async:
                loop.run_until_complete(many_async(call, n))
            else:
                for i in range(n):
                    call(i)
            answer({"seconds": time.perf_counter() - t0, "cpu": time.process_time() - c0})
    gw.close()
    loop.run_until_complete(agw.aclose())
    raw.client.close()
    loop.close()


if __name__ == "__main__":
    try:
        _serve(Path(sys.argv[1]), sys.argv[2], sys.argv[3] == "1")
    except Exception as exc:  # reported to the parent, which raises it
        print(json.dumps({"error": f"{type(exc).__name__}: {exc}"}), flush=True)
        raise
