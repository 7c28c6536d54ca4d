"""Client-side fault injection with httpx.MockTransport: the handler forwards to the real sandbox (so the
gateway's state is real and ``reconcile`` can find the true outcome) and damages the answer or the connection.

Fault names (FAULTS) and what the client must see:
- connect_error, connect_timeout: the request never leaves -> retried per RetryPolicy; nothing recorded
- read_timeout_after_record: the gateway recorded it, the answer never comes -> OutcomeUnknown
- reset_mid_response: headers arrive, the body stream dies (ECONNRESET) -> OutcomeUnknown
- truncated_json: half of the JSON answer -> OutcomeUnknown
- html_500: HTTP 500 with an HTML body from a proxy -> OutcomeUnknown
- internal_server_error, timed_out: the gateway's own envelope codes -> OutcomeUnknown
"""

from __future__ import annotations

import json
import threading
from collections.abc import AsyncIterator, Iterator
from typing import Any

import httpx

NOT_SENT = ("connect_error", "connect_timeout")
MAYBE_RECORDED = (
    "read_timeout_after_record",
    "reset_mid_response",
    "truncated_json",
    "html_500",
    "internal_server_error",
    "timed_out",
)
FAULTS = NOT_SENT + MAYBE_RECORDED
LATE_RECORD = "late_record"  # the client times out first; the gateway processes the request moments later

_INNER = httpx.HTTPTransport(verify=False)  # shared: plain HTTP to the loopback sandbox, one pool for all tests

HTML_500 = b"<html><head><title>500 Internal Server Error</title></head><body><h1>nginx</h1></body></html>"


class _DyingStream(httpx.SyncByteStream, httpx.AsyncByteStream):
    """Yields the first part of a body, then fails like a connection reset by the peer."""

    def __init__(self, head: bytes) -> None:
        self._head = head

    def __iter__(self) -> Iterator[bytes]:
        if self._head:
            yield self._head
        raise httpx.ReadError("[Errno 104] Connection reset by peer")

    async def __aiter__(self) -> AsyncIterator[bytes]:
        if self._head:
            yield self._head
        raise httpx.ReadError("[Errno 104] Connection reset by peer")


def _is_target(request: httpx.Request) -> bool:
    """Faults hit the money-moving call only, never the status calls of ``reconcile``."""
    return not request.url.path.endswith("/status")


class FaultyUpstream:
    """The MockTransport handler. ``times``: how many target requests get the fault (None: all)."""

    def __init__(self, fault: str | None, times: int | None = None) -> None:
        assert fault is None or fault in FAULTS or fault == LATE_RECORD, fault
        self.fault = fault
        self.times = times
        self.attempts = 0  # target requests the client tried to send (including those that never left)
        self.forwarded = 0  # target requests that really reached the sandbox
        self.requests: list[httpx.Request] = []
        self.release = threading.Event()
        self.late: threading.Thread | None = None
        self._inner = _INNER
        self._lock = threading.Lock()

    def transport(self) -> httpx.MockTransport:
        return httpx.MockTransport(self)

    def _forward(self, request: httpx.Request) -> httpx.Response:
        fresh = httpx.Request(request.method, request.url, headers=request.headers, content=request.content)
        response = self._inner.handle_request(fresh)
        try:
            body = response.read()
        finally:
            response.close()
        headers = [(k, v) for k, v in response.headers.multi_items() if k.lower() not in ("content-length",)]
        return httpx.Response(response.status_code, headers=headers, content=body)

    def __call__(self, request: httpx.Request) -> httpx.Response:
        request.read()
        with self._lock:
            target = _is_target(request)
            fault = None
            if target:
                self.attempts += 1
                self.requests.append(request)
                if self.fault is not None and (self.times is None or self.times > 0):
                    fault = self.fault
                    if self.times is not None:
                        self.times -= 1
        if fault == "connect_error":
            raise httpx.ConnectError("[Errno 111] Connection refused", request=request)
        if fault == "connect_timeout":
            raise httpx.ConnectTimeout("timed out while connecting", request=request)
        if target:
            with self._lock:
                self.forwarded += 1
        if fault == LATE_RECORD:  # the gateway gets the request only when the test sets ``release``
            self.late = threading.Thread(target=lambda: self.release.wait(10) and self._forward(request))
            self.late.start()
            raise httpx.ReadTimeout("timed out while reading the answer", request=request)
        answer = self._forward(request)
        if fault is None:
            return answer
        if fault == "read_timeout_after_record":
            raise httpx.ReadTimeout("timed out while reading the answer", request=request)
        if fault == "reset_mid_response":
            headers = [(k, v) for k, v in answer.headers.multi_items() if k.lower() != "content-length"]
            return httpx.Response(answer.status_code, headers=headers, stream=_DyingStream(answer.content[:7]))
        if fault == "truncated_json":
            body = answer.content
            if not body:  # debitV3's 302 has no body: send a half JSON envelope instead of the redirect
                body = json.dumps({"success": True, "code": "SUCCESS", "message": "ok", "data": {}}).encode()
                return httpx.Response(200, headers={"content-type": "application/json"}, content=body[: len(body) // 2])
            return httpx.Response(
                answer.status_code, headers={"content-type": "application/json"}, content=body[: len(body) // 2]
            )
        if fault == "html_500":
            return httpx.Response(500, headers={"content-type": "text/html"}, content=HTML_500)
        code = {"internal_server_error": "INTERNAL_SERVER_ERROR", "timed_out": "TIMED_OUT"}[fault]
        envelope: dict[str, Any] = {"success": False, "code": code, "message": "Something went wrong.", "data": {}}
        return httpx.Response(400, json=envelope)
