"""Test-side helpers for the sandbox tests: our own signing (hashlib), a plain httpx caller and a loopback
receiver for callbacks and UI form posts. Independent of the client and of the sandbox's signing module."""

from __future__ import annotations

import base64
import hashlib
import json
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any
from urllib.parse import parse_qsl

import httpx

MERCHANT = "MERCHANTUAT"
SALTS = {"1": "099eb0cd-02cf-4e2a-8aca-3e6c6aff0399", "2": "7f3c1a9e-salt-two"}


def sign(message: str, salt_index: str = "1", salts: dict[str, str] = SALTS) -> str:
    return hashlib.sha256((message + salts[salt_index]).encode()).hexdigest() + "###" + salt_index


def b64(payload: Any) -> str:
    return base64.b64encode(json.dumps(payload).encode()).decode()


def unb64(text: str) -> Any:
    return json.loads(base64.b64decode(text))


@dataclass
class Gateway:
    """Calls the sandbox the way a merchant server would, with plain httpx."""

    base_url: str
    apps_url: str
    auth_url: str
    http: httpx.Client
    salt_index: str = "1"

    def post_signed(
        self,
        url_path: str,
        payload: Any,
        signing_path: str | None = None,
        host: str = "base",
        headers: dict[str, str] | None = None,
        method: str = "POST",
        salt_index: str | None = None,
        request_b64: str | None = None,
    ) -> httpx.Response:
        body_b64 = request_b64 if request_b64 is not None else b64(payload)
        sig_path = signing_path or url_path.rstrip("/")
        hdrs = {"X-VERIFY": sign(body_b64 + sig_path, salt_index or self.salt_index)}
        hdrs.update(headers or {})
        url = self.url(host) + url_path
        return self.http.request(method, url, json={"request": body_b64}, headers=hdrs)

    def get_signed(self, url_path: str, signing_path: str | None = None, host: str = "base", **headers: str):
        hdrs = {"X-VERIFY": sign(signing_path or url_path, self.salt_index)}
        hdrs.update({k.replace("_", "-"): v for k, v in headers.items()})
        return self.http.get(self.url(host) + url_path, headers=hdrs)

    def url(self, host: str) -> str:
        return {"base": self.base_url, "apps": self.apps_url, "auth": self.auth_url}[host]

    def status(self, transaction_id: str, host: str = "base") -> httpx.Response:
        path = f"/v3/transaction/{MERCHANT}/{transaction_id}/status"
        return self.get_signed(path, host=host)

    def origin(self) -> str:
        return self.base_url.rsplit("/apis/", 1)[0]

    def control(self, method: str, path: str, **kw: Any) -> httpx.Response:
        return self.http.request(method, self.origin() + path, **kw)

    def advance(self, seconds: float) -> dict[str, Any]:
        resp = self.control("POST", "/_sandbox/clock/advance", json={"seconds": seconds})
        resp.raise_for_status()
        return resp.json()  # type: ignore[no-any-return]


@dataclass
class Received:
    method: str
    path: str
    headers: dict[str, str]
    body: bytes

    def json(self) -> Any:
        return json.loads(self.body)

    def form(self) -> dict[str, str]:
        return dict(parse_qsl(self.body.decode()))


@dataclass
class Receiver:
    """A tiny loopback HTTP server that records every request (callbacks, UI form posts)."""

    status_code: int = 200
    received: list[Received] = field(default_factory=list)
    lock: threading.Lock = field(default_factory=threading.Lock)

    def start(self) -> Receiver:
        outer = self

        class Handler(BaseHTTPRequestHandler):
            def _record(self) -> None:
                length = int(self.headers.get("Content-Length") or 0)
                body = self.rfile.read(length) if length else b""
                with outer.lock:
                    outer.received.append(Received(self.command, self.path, dict(self.headers.items()), body))
                payload = b"<html><body>merchant page</body></html>"
                self.send_response(outer.status_code)
                self.send_header("Content-Type", "text/html")
                self.send_header("Content-Length", str(len(payload)))
                self.end_headers()
                self.wfile.write(payload)

            do_POST = do_PUT = do_GET = _record

            def log_message(self, *args: Any) -> None:
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.server.daemon_threads = True
        # shutdown() waits for the loop's next poll: the default 0.5 s was half a second of every test's teardown
        threading.Thread(target=self.server.serve_forever, kwargs={"poll_interval": 0.02}, daemon=True).start()
        return self

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.server.server_address[1]}"

    def stop(self) -> None:
        self.server.shutdown()
        self.server.server_close()

    def where(self, pred: Callable[[Received], bool]) -> list[Received]:
        with self.lock:
            return [r for r in self.received if pred(r)]

    def wait_for(self, pred: Callable[[Received], bool], count: int = 1, timeout: float = 5.0) -> list[Received]:
        """Bounded polling on a real socket."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            found = self.where(pred)
            if len(found) >= count:
                return found
            time.sleep(0.01)
        return self.where(pred)


def callback_for(transaction_id: str) -> Callable[[Received], bool]:
    def pred(r: Received) -> bool:
        try:
            return unb64(r.json()["response"])["data"]["transactionId"] == transaction_id  # type: ignore[no-any-return]
        except (ValueError, KeyError, TypeError):
            return False

    return pred
