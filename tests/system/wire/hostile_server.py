"""A raw HTTP/1.1 server on loopback that answers like the gateway, or misbehaves on purpose.

Why raw sockets and not an HTTP framework: every framework refuses to send what this corpus needs on the wire
(two Content-Length headers, a status line from another protocol, an obs-fold, a 1xx before the answer, a
second response glued after the first, a reset instead of a close). Here a *behaviour* writes the bytes itself.

One thread accepts; one daemon thread serves each connection. It reads one complete request (head, then a
Content-Length body -- ``inline_pay_with_get`` is a GET that carries one), records it (raw bytes, connection
number, position on the connection) *before* misbehaving, so a test can count what reached the "gateway" per
connection and in total, then calls the behaviour. The behaviour returns True to keep the connection for the
next request, False to close it.

Everything the server opened is shut down in :meth:`HostileServer.close` (the fixture's teardown): the
listener, every connection (which wakes a thread blocked in recv/send), then the threads are joined. Slow
behaviours wait on the server's stop event, never in ``time.sleep``, so teardown does not wait for them.
"""

from __future__ import annotations

import base64
import binascii
import contextlib
import json
import re
import socket
import struct
import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

MAX_HEAD = 64 * 1024  # a client request head is a few hundred bytes; more means we are misreading the stream
_STATUS_PATH = re.compile(r"/v3/transaction/([^/]+)/([^/]+)/status")
# (method, path) -> public Gateway method the request belongs to
_OPS = {
    ("POST", "/v4/debit/"): "debit_v4_web",
    ("GET", "/v3/merchant/inline/pay"): "inline_pay_with_get",
    ("POST", "/v3/merchant/otp/send"): "send_otp",
}


@dataclass
class Seen:
    """One request as it reached the server."""

    conn: int  # connection number, in accept order
    index: int  # position of the request on its connection (0 = first)
    raw: bytes  # head and body exactly as received
    method: str
    path: str
    headers: dict[str, str]  # lower-cased names
    body: bytes
    op: str | None  # the Gateway method that sent it (None: not one this server knows)
    merchant_id: str | None
    key: str | None  # what the request is about: its transactionId, or the mobile number for send_otp


# --- what a correct gateway answers -----------------------------------------------------------------------------


def gateway_answer(
    op: str | None, key: str | None, merchant_id: str | None, *, injected: bool = False
) -> dict[str, Any]:
    """The envelope the gateway would answer for ``op`` about ``key``; each field names the request it answers,
    so a test can tell its own answer from anyone else's. ``injected``: a forged answer (marked INJECTED) that a
    client must never hand to a caller -- it is what a desynchronised connection would deliver."""
    mark = "INJECTED-" if injected else ""
    if op == "get_transaction_status":
        paid = injected or (key or "").startswith("TXPAID")  # the forgery always claims "paid"
        data: dict[str, Any] = {
            "transactionId": key,
            "merchantId": merchant_id,
            "amount": 100,
            "providerReferenceId": f"{mark}P-{key}",
            "payResponseCode": "SUCCESS" if paid else "PENDING",
        }
        code = "PAYMENT_SUCCESS" if paid else "PAYMENT_PENDING"
        return {"success": True, "code": code, "message": f"{mark}Payment status.", "data": data}
    if op == "debit_v4_web":
        data = {
            "redirectType": "WEB",
            "redirectURL": f"http://pay.invalid/{mark}pay/{key}",
            "transactionId": key,
            "merchantId": merchant_id,
        }
        return {"success": True, "code": "SUCCESS", "message": f"{mark}Request completed.", "data": data}
    if op == "inline_pay_with_get":
        data = {
            "redirectUrl": f"http://pay.invalid/{mark}inline/{key}",
            "transactionId": key,
            "merchantId": merchant_id,
        }
        return {"success": True, "code": "PAYMENT_INITIATED", "message": f"{mark}Payment initiated.", "data": data}
    if op == "send_otp":
        return {
            "success": True,
            "code": "SUCCESS",
            "message": f"{mark}OTP sent.",
            "data": {"otpToken": f"{mark}OTP-{key}"},
        }
    return {"success": False, "code": "BAD_REQUEST", "message": "unknown operation", "data": {}}


def response(body: bytes, *, status: bytes = b"HTTP/1.1 200 OK", headers: list[bytes] | None = None) -> bytes:
    """A well-formed answer: status line, Content-Type, Content-Length, ``headers``, body."""
    lines = [status, b"Content-Type: application/json", b"Content-Length: %d" % len(body), *(headers or [])]
    return b"\r\n".join(lines) + b"\r\n\r\n" + body


# --- the server ---------------------------------------------------------------------------------------------------


@dataclass
class Exchange:
    """What a behaviour works with: the connection, the request, and the answer a correct gateway would give."""

    server: HostileServer
    sock: socket.socket
    seen: Seen
    answer: dict[str, Any]

    @property
    def body(self) -> bytes:
        return json.dumps(self.answer).encode()

    def send(self, data: bytes) -> bool:
        """Write ``data``; False once the client has gone (a hostile server does not care why)."""
        try:
            self.sock.sendall(data)
        except OSError:
            return False
        return True

    def pause(self, seconds: float) -> bool:
        """Wait without holding up teardown; False when the server is being closed."""
        return not self.server.stop.wait(seconds)

    def reset_on_close(self) -> None:
        """SO_LINGER 0: closing sends RST instead of FIN and discards anything unsent."""
        self.sock.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))


def socket_buffers_ceiling() -> int:
    """The most a connection's kernel buffers can take from a writer once its reader has stopped reading: the
    writer's send buffer and the reader's receive buffer, each at its ceiling (Linux autotunes both up to
    tcp_wmem's and tcp_rmem's maximum; here 4 and 32 MiB). A client that gives up at its answer cap and closes a
    moment later, on a loaded machine, lets a flooding server write that much more, and none of it reaches the
    client process. Elsewhere: 16 MiB."""
    try:
        ceilings = [int(Path(f"/proc/sys/net/ipv4/{name}").read_text().split()[2]) for name in ("tcp_wmem", "tcp_rmem")]
    except (OSError, ValueError, IndexError):
        return 16 * 1024 * 1024
    return sum(ceilings)


Behaviour = Callable[[Exchange], bool]


@dataclass
class HostileServer:
    behaviour: Behaviour
    #: transaction id / mobile number -> the one a test will ask about next (for the glued-answer case)
    followups: dict[str, str] = field(default_factory=dict)

    def __post_init__(self) -> None:
        self.stop = threading.Event()
        self.requests: list[Seen] = []
        self.connections = 0
        self._lock = threading.Lock()
        self._socks: list[socket.socket] = []
        self._threads: list[threading.Thread] = []
        self._listener = socket.create_server(("127.0.0.1", 0))
        self.port: int = self._listener.getsockname()[1]
        self._spawn(self._accept_loop)

    # what the tests read
    def count(self, key: str | None = None) -> int:
        """Requests seen in total (across all connections), or about ``key`` only."""
        with self._lock:
            return sum(1 for s in self.requests if key is None or s.key == key)

    def per_connection(self) -> list[int]:
        with self._lock:
            counts = [0] * self.connections
            for s in self.requests:
                counts[s.conn] += 1
            return counts

    # what behaviours call
    def refuse(self) -> None:
        """Stop listening: every later connection attempt is refused (shutdown wakes the accept thread)."""
        with contextlib.suppress(OSError):
            self._listener.shutdown(socket.SHUT_RDWR)

    def close(self) -> None:
        self.stop.set()
        self.refuse()
        with self._lock:
            socks = list(self._socks)
        for sock in socks:  # wakes threads blocked in recv/sendall; their own close follows
            with contextlib.suppress(OSError):
                sock.shutdown(socket.SHUT_RDWR)
        for thread in list(self._threads):
            thread.join(timeout=5)
        self._listener.close()
        for sock in socks:
            sock.close()

    def __enter__(self) -> HostileServer:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # internals
    def _spawn(self, target: Callable[..., None], *args: object) -> None:
        thread = threading.Thread(target=target, args=args, daemon=True, name=f"hostile-{self.port}")
        with self._lock:
            self._threads.append(thread)
        thread.start()

    def _accept_loop(self) -> None:
        while not self.stop.is_set():
            try:
                sock, _ = self._listener.accept()
            except OSError:  # refused/closed
                return
            with self._lock:
                number = self.connections
                self.connections += 1
                self._socks.append(sock)
            self._spawn(self._serve, sock, number)

    def _serve(self, sock: socket.socket, conn: int) -> None:
        pending = b""
        index = 0
        try:
            sock.settimeout(60)  # a safety net only: teardown shuts the socket down long before
            while not self.stop.is_set():
                got = _read_request(sock, pending)
                if got is None:
                    return
                raw, head, body, pending = got
                seen = _parse(raw, head, body, conn, index)
                with self._lock:
                    self.requests.append(seen)
                answer = gateway_answer(seen.op, seen.key, seen.merchant_id)
                if not self.behaviour(Exchange(self, sock, seen, answer)):
                    return
                index += 1
        except OSError:
            return
        finally:
            sock.close()


def _read_request(sock: socket.socket, pending: bytes) -> tuple[bytes, bytes, bytes, bytes] | None:
    """(raw, head, body, bytes after it) of the next request; None when the client closed between requests."""
    data = pending
    while b"\r\n\r\n" not in data:
        if len(data) > MAX_HEAD:
            return None
        chunk = sock.recv(65536)
        if not chunk:
            return None
        data += chunk
    head, _, rest = data.partition(b"\r\n\r\n")
    length = 0
    for line in head.split(b"\r\n")[1:]:
        name, _, value = line.partition(b":")
        if name.strip().lower() == b"content-length":
            length = int(value.strip())
    while len(rest) < length:
        chunk = sock.recv(65536)
        if not chunk:
            return None
        rest += chunk
    body, after = rest[:length], rest[length:]
    return head + b"\r\n\r\n" + body, head, body, after


def _parse(raw: bytes, head: bytes, body: bytes, conn: int, index: int) -> Seen:
    request_line, *lines = head.decode("latin-1").split("\r\n")
    method, target, _ = (request_line.split(" ") + ["", ""])[:3]
    if "://" in target:  # absolute form: the request came through this server acting as the proxy
        target = "/" + target.split("://", 1)[1].partition("/")[2]
    path = target.split("?", 1)[0]
    headers = {}
    for line in lines:
        name, _, value = line.partition(":")
        headers[name.strip().lower()] = value.strip()
    op = _OPS.get((method, path))
    merchant_id = key = None
    status = _STATUS_PATH.fullmatch(path)
    if method == "GET" and status:
        op, merchant_id, key = "get_transaction_status", status.group(1), status.group(2)
    elif op is not None:
        payload = _payload(body)
        merchant_id = payload.get("merchantId")
        key = payload.get("mobileNumber") if op == "send_otp" else payload.get("transactionId")
    return Seen(conn, index, raw, method, path, headers, body, op, merchant_id, key)


def _payload(body: bytes) -> dict[str, Any]:
    """The JSON inside the base64 ``request`` field of a signed body ({} when it is not one)."""
    try:
        outer = json.loads(body)
        inner = json.loads(base64.b64decode(outer["request"], validate=True))
    except (ValueError, KeyError, TypeError, binascii.Error):
        return {}
    return inner if isinstance(inner, dict) else {}
