"""Time per call over loopback against the minimal local server (bench.server, its own process).

Sync: Gateway as shipped (GatewayTransport: httpx's own engine, httpcore's pool and h11, with the per-attempt
deadline, the answer cap and the leftover check) / Gateway over httpx's own HTTPTransport (the same pool without
the leftover check; as a transport of the caller's own it is wrapped in the cap and the deadline) / raw httpx
(a plain httpx.Client on its default engine, the same base64 body, X-VERIFY and headers built by hand, the answer
json-parsed into the same generated model) / raw urllib3 by hand / openapi-generator's `python` client generated
from our spec (urllib3) / phonepe, the vendor SDK (PyPI; its own /pg/v1 paths).
Async: AsyncGateway as shipped (AsyncGatewayTransport) / over httpx's AsyncHTTPTransport / raw httpx.AsyncClient.

So `ours/raw_httpx` is the whole client's cost against a hand-written call doing the same wire work on the same
engine, and `ours/ours_httpx` what the default transport's own guarantees cost.

The floor, sync and async: the very request bytes `ours` sent (captured by the server once, before timing)
written to one keep-alive socket by hand, each answer read to its end with framing only (the head up to its empty
line, then Content-Length bytes): no signing, no model, no parsing. It is the physical limit of one call on this
machine from Python, and every variant is also given as a ratio to it (`ratios_to_floor`).
"""

from __future__ import annotations

import asyncio
import contextlib
import enum
import io
import json
import socket
import subprocess
import sys
import time
from collections.abc import Awaitable, Callable, Iterator, Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

import httpx

from bench import common
from bench.timing import Timings, interleaved, interleaved_async

if TYPE_CHECKING:
    from merchant_gateway_client.models import DebitPayload

ROOT = Path(__file__).resolve().parent.parent
OAG_DIR = ROOT / "build" / "bench-oag"

# A sync variant: its status call, its debit call and what makes the debit's payload from an index. The payload is
# the variant's own model (ours, or openapi-generator's, generated at bench time and untyped here), only ever handed
# from the third to the second, hence Any.
SyncVariant = tuple[Callable[[str], object], Callable[[Any], object], Callable[[int], Any]]


@contextlib.contextmanager
def minimal_server() -> Iterator[str]:
    proc = subprocess.Popen(
        [sys.executable, "-m", "bench.server"],
        stdout=subprocess.PIPE,
        cwd=ROOT,
        env=common.child_env(ROOT),
    )
    try:
        assert proc.stdout is not None
        port = int(proc.stdout.readline())
        yield f"http://127.0.0.1:{port}"
    finally:
        proc.kill()
        proc.wait()


def control(origin: str, path: str, method: str = "GET") -> Any:
    """The minimal server's JSON answer to a control request (its shape is the path's, bench.server)."""
    return httpx.request(method, origin + path).json()


def _plain(value: object) -> Any:
    return json.loads(json.dumps(value, default=lambda v: v.value if isinstance(v, enum.Enum) else str(v)))


def oag_generate(java_cmd: str | None = None) -> float:
    """Generate openapi-generator's python client into build/bench-oag/client; returns seconds (JVM included)."""
    exe = Path(sys.executable).parent / "openapi-generator-cli"
    out = OAG_DIR / "client"
    t0 = time.perf_counter()
    subprocess.run(
        [
            str(exe),
            "generate",
            "-i",
            str(ROOT / "spec" / "openapi.yaml"),
            "-g",
            "python",
            "-o",
            str(out),
            "--additional-properties=packageName=mgw_oag,projectName=mgw-oag",
        ],
        check=True,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    return time.perf_counter() - t0


def oag_available() -> bool:
    if not (OAG_DIR / "client" / "mgw_oag").is_dir():
        try:
            oag_generate()
        except (OSError, subprocess.CalledProcessError):
            return False
    sys.path.insert(0, str(OAG_DIR / "client"))
    try:
        # generated at bench time (oag_generate), on sys.path only from here on: no module for mypy to find
        import mgw_oag  # type: ignore[import-not-found]  # noqa: F401
    except ImportError:
        return False
    return True


class OagClient:
    """openapi-generator's client doing the same work: its payload model -> base64 -> X-VERIFY -> send -> model."""

    def __init__(self, origin: str) -> None:
        import mgw_oag  # mypy reports its absence once, at oag_available's import

        self.mod = mgw_oag
        cfg = mgw_oag.Configuration(host=origin + common.BASE_PREFIX)
        self.api = mgw_oag.ApiClient(cfg)
        self.status_api = mgw_oag.StatusApi(self.api)
        self.pay_api = mgw_oag.PaymentsApi(self.api)

    def payload(self, i: int) -> Any:
        return self.mod.DebitPayload(
            merchant_id=common.MERCHANT_ID,
            transaction_id=common.txn_id(i),
            amount=common.AMOUNT,
            merchant_user_id=common.USER,
        )

    def status(self, transaction_id: str) -> object:
        _, signing = common.status_path(transaction_id)
        return self.status_api.get_transaction_status(
            common.MERCHANT_ID, transaction_id, _headers={"X-VERIFY": common.sign(signing)}
        )

    def debit(self, payload: Any) -> object:
        encoded = common.wrap(payload.to_dict())
        return self.pay_api.debit_v4_web(
            self.mod.DebitRequest(request=encoded),
            x_call_mode="POST",
            _headers={"X-VERIFY": common.sign(encoded + "/v4/debit")},
        )


class PhonePeClient:
    def __init__(self, origin: str) -> None:
        from phonepe import PhonePe  # type: ignore[import-not-found]  # only in the bench venv (Makefile), untyped

        self.pp = PhonePe(
            common.MERCHANT_ID,
            common.SALT_KEY,
            origin,
            "https://merchant.example/back",
            "https://merchant.example/cb",
            phone_pe_salt_index=int(common.SALT_INDEX),
        )

    def status(self, transaction_id: str) -> Any:
        with contextlib.redirect_stdout(io.StringIO()):  # it prints the headers of every status call
            return self.pp.check_txn_status(transaction_id)

    def debit(self, i: int) -> Any:
        return self.pp.create_txn(common.txn_id(i), common.AMOUNT, common.USER)


def answer_end(buf: bytes) -> int | None:
    """Where the first answer in ``buf`` ends (framing only: the head, then Content-Length bytes); None until whole."""
    end = buf.find(b"\r\n\r\n")
    if end < 0:
        return None
    head = buf[:end].lower()
    at = head.find(b"\r\ncontent-length:")
    length = 0
    if at >= 0:
        stop = head.find(b"\r\n", at + 2)
        length = int(head[at + 17 : stop if stop >= 0 else None])
    total = end + 4 + length
    return total if len(buf) >= total else None


def _address(origin: str) -> tuple[str, int]:
    host, port = origin.removeprefix("http://").rsplit(":", 1)
    return host, int(port)


class Floor:
    """One keep-alive socket: a request's bytes written by hand, the answer read to its end (framing only)."""

    def __init__(self, origin: str) -> None:
        self.sock = socket.create_connection(_address(origin))
        self.sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        self.buf = b""

    def exchange(self, request: bytes) -> None:
        self.sock.sendall(request)
        buf = self.buf
        while (end := answer_end(buf)) is None:
            chunk = self.sock.recv(65536)
            if not chunk:
                raise ConnectionError("the server closed the floor's connection")
            buf += chunk
        self.buf = buf[end:]

    def close(self) -> None:
        self.sock.close()


class AsyncFloor:
    """:class:`Floor` on asyncio's streams."""

    async def connect(self, origin: str) -> AsyncFloor:
        self.reader, self.writer = await asyncio.open_connection(*_address(origin))
        self.writer.get_extra_info("socket").setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        self.buf = b""
        return self

    async def exchange(self, request: bytes) -> None:
        self.writer.write(request)
        await self.writer.drain()
        buf = self.buf
        while (end := answer_end(buf)) is None:
            chunk = await self.reader.read(65536)
            if not chunk:
                raise ConnectionError("the server closed the floor's connection")
            buf += chunk
        self.buf = buf[end:]

    async def close(self) -> None:
        self.writer.close()
        await self.writer.wait_closed()


def captured(origin: str, send: Callable[[int], object], calls: int) -> list[bytes]:
    """The whole requests ``send(i)`` puts on the wire for i in range(calls), as the server received them."""
    control(origin, "/_raw/on", "POST")
    for i in range(calls):
        send(i)
    requests = [r.encode("latin-1") for r in control(origin, "/_raw")]
    assert len(requests) == calls, f"captured {len(requests)} requests for {calls} calls"
    return requests


async def acaptured(origin: str, send: Callable[[int], Awaitable[object]], calls: int) -> list[bytes]:
    control(origin, "/_raw/on", "POST")
    for i in range(calls):
        await send(i)
    requests = [r.encode("latin-1") for r in control(origin, "/_raw")]
    assert len(requests) == calls, f"captured {len(requests)} requests for {calls} calls"
    return requests


def to_floor(t: Timings, loops: Mapping[str, object]) -> dict[str, float]:
    """Every variant's time per call as a ratio to the floor's, operation by operation."""
    return {
        name: round(t.ratio(name, "floor:" + name.split(":")[1]), 3) for name in loops if not name.startswith("floor:")
    }


def _check(origin: str, variants: dict[str, SyncVariant]) -> dict[str, Any]:
    """Every variant sends one status and one debit; requests (method, path, X-VERIFY, JSON body) and parsed
    results must be identical."""
    sent, parsed = {}, {}
    for name, (status, debit, payload) in variants.items():
        control(origin, "/_rec/on", "POST")
        results = [status(common.txn_id(1)), debit(payload(1))]
        rec = control(origin, "/_rec")
        sent[name] = [(r["method"], r["path"], r["x-verify"], json.loads(r["body"] or "null")) for r in rec]
        parsed[name] = [_plain(common.normalize(r)) for r in results]
    first = next(iter(sent))
    mismatched = [n for n in sent if sent[n] != sent[first] or len(sent[n]) != 2]
    unparsed = [n for n in parsed if parsed[n] != parsed[first]]
    return {
        "identical_signatures": not mismatched,
        "identical_results": not unparsed,
        "variants": list(sent),
        "mismatched": mismatched + unparsed,
    }


def run_sync(reps: int, calls: int, alternatives: bool = True) -> dict[str, Any]:
    from merchant_gateway import Gateway

    with minimal_server() as origin:
        ours = Gateway(**common.gateway_settings(origin))
        ours_httpx = Gateway(**common.gateway_settings(origin), transport=httpx.HTTPTransport())
        raw = common.RawHttpx(httpx.Client(), origin)
        raw_u3 = common.RawUrllib3(origin)
        variants: dict[str, SyncVariant] = {
            "ours": (ours.get_transaction_status, ours.debit_v4_web, common.debit_payload),
            "ours_httpx": (ours_httpx.get_transaction_status, ours_httpx.debit_v4_web, common.debit_payload),
            "raw_httpx": (raw.status, raw.debit, common.debit_payload),
            "raw_urllib3": (raw_u3.status, raw_u3.debit, common.debit_payload),
        }
        notes = []
        if alternatives and oag_available():
            oag = OagClient(origin)
            variants["openapi_generator"] = (oag.status, oag.debit, oag.payload)
        elif alternatives:
            notes.append("openapi-generator client unavailable")
        check = _check(origin, variants)
        loops: dict[str, Callable[[int], None]] = {}
        for name, (status, debit, payload) in variants.items():
            # the variant's calls bound as defaults, as each loop turn's own (functions, not lambdas, for their types)
            def one_status(i: int, s: Callable[[str], object] = status) -> object:
                return s(common.txn_id(i))

            def one_debit(i: int, d: Callable[[Any], object] = debit, p: Callable[[int], Any] = payload) -> object:
                return d(p(i))

            loops[name + ":status"] = _loop(one_status)
            loops[name + ":debit"] = _loop(one_debit)
        if alternatives:
            try:
                pp = PhonePeClient(origin)
                loops["phonepe:status"] = _loop(lambda i: pp.status(common.txn_id(i)))
                loops["phonepe:debit"] = _loop(pp.debit)
                answer = pp.status(common.txn_id(1))
                notes.append(f"phonepe answered {answer.get('code') if answer else None} on /pg/v1 (own paths)")
            except ImportError:
                notes.append("phonepe not installed")
        floor = Floor(origin)
        for op, send in (
            ("status", lambda i: ours.get_transaction_status(common.txn_id(i))),
            ("debit", lambda i: ours.debit_v4_web(common.debit_payload(i))),
        ):
            loops["floor:" + op] = _replay(floor, captured(origin, send, calls))
        t = interleaved(loops, reps=reps, calls=calls)
        stats = control(origin, "/_stats")
        floor.close()
        ours.close()
        ours_httpx.close()
        raw.client.close()
        raw_u3.close()
    out: dict[str, Any] = {"check": check, "notes": notes, "server": stats, "us_per_call": {}, "ratios": {}}
    out["ratios_to_floor"] = to_floor(t, loops)
    for name in loops:
        out["us_per_call"][name] = round(t.median(name) * 1e6, 1)
    for op in ("status", "debit"):
        out["ratios"].update(ours_against(t, loops, op))
    return out


def ours_against(t: Timings, loops: Mapping[str, object], op: str) -> dict[str, float]:
    """`ours/<variant>:<op>` for every other variant timed (the floor has its own ratios, `ratios_to_floor`)."""
    others = [n.split(":")[0] for n in loops if n.endswith(":" + op) and n.split(":")[0] not in ("ours", "floor")]
    return {f"ours/{name}:{op}": round(t.ratio(f"ours:{op}", f"{name}:{op}"), 3) for name in others}


def _replay(floor: Floor, requests: list[bytes]) -> Callable[[int], None]:
    def run(n: int) -> None:
        for i in range(n):
            floor.exchange(requests[i])

    return run


def _loop(one: Callable[[int], object]) -> Callable[[int], None]:
    def run(n: int) -> None:
        for i in range(n):
            one(i)

    return run


def run_async(reps: int, calls: int) -> dict[str, Any]:
    return asyncio.run(_run_async(reps, calls))


async def _run_async(reps: int, calls: int) -> dict[str, Any]:
    from merchant_gateway import AsyncGateway

    with minimal_server() as origin:
        # "ours": AsyncGateway as shipped (AsyncGatewayTransport); "ours_httpx": over httpx's own AsyncHTTPTransport
        ours = AsyncGateway(**common.gateway_settings(origin))
        ours_httpx = AsyncGateway(**common.gateway_settings(origin), transport=httpx.AsyncHTTPTransport())
        raw = common.RawHttpxAsync(httpx.AsyncClient(), origin)
        variants: dict[str, common.AsyncCalls] = {
            "ours": (ours.get_transaction_status, ours.debit_v4_web),
            "ours_httpx": (ours_httpx.get_transaction_status, ours_httpx.debit_v4_web),
            "raw_httpx": (raw.status, raw.debit),
        }
        sent, parsed = {}, {}
        for name, (status, debit) in variants.items():
            control(origin, "/_rec/on", "POST")
            results = [await status(common.txn_id(1)), await debit(common.debit_payload(1))]
            rec = control(origin, "/_rec")
            sent[name] = [(r["method"], r["path"], r["x-verify"], json.loads(r["body"] or "null")) for r in rec]
            parsed[name] = [_plain(common.normalize(r)) for r in results]
        first = next(iter(sent))
        check = {
            "identical_signatures": all(v == sent[first] and len(v) == 2 for v in sent.values()),
            "identical_results": all(v == parsed[first] for v in parsed.values()),
            "variants": list(sent),
        }
        loops: dict[str, Callable[[int], Awaitable[None]]] = {}
        for name, (status, debit) in variants.items():
            # as in run_sync; each returns its call's awaitable, for _aloop to await
            def one_status(i: int, s: Callable[[str], Awaitable[object]] = status) -> Awaitable[object]:
                return s(common.txn_id(i))

            def one_debit(i: int, d: Callable[[DebitPayload], Awaitable[object]] = debit) -> Awaitable[object]:
                return d(common.debit_payload(i))

            loops[name + ":status"] = _aloop(one_status)
            loops[name + ":debit"] = _aloop(one_debit)
        floor = await AsyncFloor().connect(origin)
        for op, send in (
            ("status", lambda i: ours.get_transaction_status(common.txn_id(i))),
            ("debit", lambda i: ours.debit_v4_web(common.debit_payload(i))),
        ):
            loops["floor:" + op] = _areplay(floor, await acaptured(origin, send, calls))
        t = await interleaved_async(loops, reps=reps, calls=calls)
        await floor.close()
        await ours.aclose()
        await ours_httpx.aclose()
        await raw.client.aclose()
    notes: list[str] = []
    out: dict[str, Any] = {"check": check, "notes": notes, "us_per_call": {}, "ratios": {}}
    out["ratios_to_floor"] = to_floor(t, loops)
    for name in loops:
        out["us_per_call"][name] = round(t.median(name) * 1e6, 1)
    for op in ("status", "debit"):
        out["ratios"].update(ours_against(t, loops, op))
    return out


def _areplay(floor: AsyncFloor, requests: list[bytes]) -> Callable[[int], Awaitable[None]]:
    async def run(n: int) -> None:
        for i in range(n):
            await floor.exchange(requests[i])

    return run


def _aloop(one: Callable[[int], Awaitable[object]]) -> Callable[[int], Awaitable[None]]:
    async def run(n: int) -> None:
        for i in range(n):
            await one(i)

    return run


if __name__ == "__main__":
    print(json.dumps({"sync": run_sync(5, 100), "async": run_async(5, 100)}, indent=1))
