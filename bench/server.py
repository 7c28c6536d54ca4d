"""Minimal local HTTP/1.1 server for the loopback benchmarks (run in its own process: `python -m bench.server`).

Keep-alive, canned answers (bench.common.answer_for), nothing else, so the numbers are dominated by the clients.
Extras for the checks: a path prefix `/d<ms>` delays the answer by that many milliseconds; `POST /_rec/on`
records (method, path, X-VERIFY, body) of each request and `GET /_rec` returns and clears them (`/_raw/on` and
`/_raw`: the same for whole requests as received, latin-1 strings); `GET /_stats`
gives open connections, their peak and the request count (`POST /_stats/reset` resets peak and count).
"""

from __future__ import annotations

import asyncio
import json
import socket
import sys
from typing import cast

from bench.common import answer_for


class State:
    open = 0
    peak = 0
    requests = 0
    recording = False
    recorded: list[dict[str, str]] = []
    raw_recording = False
    raw: list[str] = []  # whole requests as received (latin-1), for the floor variant's replay


def _response(status: str, body: bytes, close: bool = False) -> bytes:
    head = (
        f"HTTP/1.1 {status}\r\ncontent-type: application/json\r\ncontent-length: {len(body)}\r\n"
        + ("connection: close\r\n" if close else "")
        + "\r\n"
    )
    return head.encode() + body


class Http(asyncio.Protocol):
    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        # a stream server hands its protocol a read-write Transport (asyncio.Protocol's contract)
        self.transport = cast(asyncio.Transport, transport)
        self.buf = b""
        State.open += 1
        State.peak = max(State.peak, State.open)

    def connection_lost(self, exc: Exception | None) -> None:
        State.open -= 1

    def data_received(self, data: bytes) -> None:
        self.buf += data
        while True:
            end = self.buf.find(b"\r\n\r\n")
            if end < 0:
                return
            head = self.buf[:end].decode("latin-1").split("\r\n")
            headers = {}
            for line in head[1:]:
                k, _, v = line.partition(":")
                headers[k.strip().lower()] = v.strip()
            length = int(headers.get("content-length", "0"))
            if len(self.buf) < end + 4 + length:
                return
            body = self.buf[end + 4 : end + 4 + length]
            raw = self.buf[: end + 4 + length]
            self.buf = self.buf[end + 4 + length :]
            method, target, _ = head[0].split(" ", 2)
            self.handle(method, target, headers, body, raw)

    def handle(self, method: str, target: str, headers: dict[str, str], body: bytes, raw: bytes) -> None:
        path = target.split("?", 1)[0]
        close = headers.get("connection", "").lower() == "close"
        if path.startswith("/_"):
            self.transport.write(_response("200 OK", self.control(method, path), close))
            return
        State.requests += 1
        if State.raw_recording:
            State.raw.append(raw.decode("latin-1"))
        delay = 0.0
        if path.startswith("/d") and path[2:3].isdigit():
            ms, _, rest = path[2:].partition("/")
            delay, path = int(ms) / 1000, "/" + rest
        if State.recording:
            State.recorded.append(
                {"method": method, "path": path, "x-verify": headers.get("x-verify", ""), "body": body.decode()}
            )
        out = _response("200 OK", answer_for(path), close)
        if delay:
            asyncio.get_running_loop().call_later(delay, self._send, out, close)
        else:
            self._send(out, close)

    def _send(self, out: bytes, close: bool) -> None:
        if self.transport.is_closing():
            return
        self.transport.write(out)
        if close:
            self.transport.close()

    def control(self, method: str, path: str) -> bytes:
        if path == "/_rec/on":
            State.recording, State.recorded = True, []
            return b"{}"
        if path == "/_rec":
            out, State.recorded, State.recording = State.recorded, [], False
            return json.dumps(out).encode()
        if path == "/_raw/on":
            State.raw_recording, State.raw = True, []
            return b"{}"
        if path == "/_raw":
            raw, State.raw, State.raw_recording = State.raw, [], False
            return json.dumps(raw).encode()
        if path == "/_stats/reset":
            State.peak, State.requests = State.open, 0
        return json.dumps({"open": State.open - 1, "peak": State.peak, "requests": State.requests}).encode()


async def main(port: int) -> None:
    loop = asyncio.get_running_loop()
    sock = socket.socket()
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind(("127.0.0.1", port))
    sock.listen(4096)
    server = await loop.create_server(Http, sock=sock, backlog=4096)
    print(sock.getsockname()[1], flush=True)
    async with server:
        await server.serve_forever()


if __name__ == "__main__":
    asyncio.run(main(int(sys.argv[1]) if len(sys.argv) > 1 else 0))
