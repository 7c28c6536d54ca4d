"""The merchant's side of the demo: a loopback HTTP server standing in for the merchant's callback and return URLs.

Why this module exists: the story verifies the signed callbacks the gateway sends and the form post the browser
brings back, so something must receive them; the steps wait for each one with a bound (:meth:`Inbox.wait_for`).
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any


@dataclass
class Received:
    path: str
    method: str
    headers: dict[str, str]
    body: bytes = field(repr=False)


class Inbox:
    """What the merchant's endpoint received, with a bounded wait for the next matching message."""

    def __init__(self) -> None:
        self._items: list[Received] = []
        self._cond = threading.Condition()

    def add(self, item: Received) -> None:
        with self._cond:
            self._items.append(item)
            self._cond.notify_all()

    def wait_for(self, match: Callable[[Received], bool], timeout: float) -> Received | None:
        deadline = time.monotonic() + timeout
        with self._cond:
            while True:
                for item in self._items:
                    if match(item):
                        self._items.remove(item)
                        return item
                left = deadline - time.monotonic()
                if left <= 0:
                    return None
                self._cond.wait(left)


@contextmanager
def merchant_endpoint() -> Iterator[tuple[str, Inbox]]:
    """A loopback HTTP server standing in for the merchant's callback and return URLs."""
    inbox = Inbox()

    class Handler(BaseHTTPRequestHandler):
        def _take(self) -> None:
            length = int(self.headers.get("Content-Length") or 0)
            body = self.rfile.read(length) if length else b""
            inbox.add(Received(self.path, self.command, {k.lower(): v for k, v in self.headers.items()}, body))
            reply = b"<!doctype html><title>Merchant</title><p>Thank you. Your order status is being checked.</p>"
            self.send_response(200)
            self.send_header("Content-Type", "text/html; charset=utf-8")
            self.send_header("Content-Length", str(len(reply)))
            self.end_headers()
            self.wfile.write(reply)

        do_POST = do_PUT = _take

        def log_message(self, format: str, *args: Any) -> None:
            return

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    thread = threading.Thread(target=server.serve_forever, name="mgw-demo-merchant", daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}", inbox
    finally:
        server.shutdown()
        server.server_close()
