"""Delivery of signed server-to-server callbacks with httpx.AsyncClient.

SANDBOX behaviour (the document does not show a retry policy): one attempt per terminal state; every attempt is
recorded and can be read at GET /_sandbox/callbacks. Only loopback targets are called unless
`allow_external_callbacks` is set.
"""

from __future__ import annotations

import asyncio
import base64
import ipaddress
import json
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import urlsplit

import httpx

from . import signing
from .clock import Clock


def is_loopback_url(url: str) -> bool:
    try:
        parts = urlsplit(url)
    except ValueError:
        return False
    if parts.scheme not in ("http", "https") or not parts.hostname:
        return False
    host = parts.hostname
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


@dataclass
class Delivery:
    kind: str
    url: str
    method: str
    transaction_id: str | None
    code: str | None
    at: float
    status_code: int | None = None
    error: str | None = None
    body: dict[str, Any] = field(default_factory=dict)
    headers: dict[str, str] = field(default_factory=dict)

    def as_dict(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "url": self.url,
            "method": self.method,
            "transactionId": self.transaction_id,
            "code": self.code,
            "at": self.at,
            "statusCode": self.status_code,
            "error": self.error,
            "delivered": self.status_code is not None and 200 <= self.status_code < 300,
        }


class Dispatcher:
    def __init__(self, clock: Clock, allow_external: bool, timeout: float, concurrency: int = 64) -> None:
        self.clock = clock
        self.allow_external = allow_external
        self.timeout = timeout
        self.deliveries: list[Delivery] = []
        self._client: httpx.AsyncClient | None = None
        self._tasks: set[asyncio.Task[Delivery]] = set()
        self._sem = asyncio.Semaphore(concurrency)

    async def start(self) -> None:
        self._client = httpx.AsyncClient(timeout=self.timeout, trust_env=False)

    async def stop(self) -> None:
        if self._tasks:
            await asyncio.wait(self._tasks, timeout=self.timeout)
        if self._client is not None:
            await self._client.aclose()

    @staticmethod
    def signed_body(payload: dict[str, Any], salt_key: str, salt_index: str) -> tuple[dict[str, str], str]:
        response_b64 = base64.b64encode(json.dumps(payload, separators=(",", ":")).encode()).decode()
        return {"response": response_b64}, signing.callback_signature(response_b64, salt_key, salt_index)

    def send(self, kind: str, url: str, method: str, payload: dict[str, Any], salt_key: str, salt_index: str) -> None:
        """Schedule one delivery (fire and forget, recorded)."""
        task = asyncio.get_running_loop().create_task(self.deliver(kind, url, method, payload, salt_key, salt_index))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def deliver(
        self, kind: str, url: str, method: str, payload: dict[str, Any], salt_key: str, salt_index: str
    ) -> Delivery:
        body, verify = self.signed_body(payload, salt_key, salt_index)
        data = payload.get("data") or {}
        record = Delivery(kind, url, method.upper(), data.get("transactionId"), payload.get("code"), self.clock.now())
        record.body = body
        record.headers = {"Content-Type": "application/json", "X-VERIFY": verify}
        self.deliveries.append(record)
        if not self.allow_external and not is_loopback_url(url):
            record.error = "refused: not a loopback address (allow_external_callbacks is off)"
            return record
        assert self._client is not None, "dispatcher not started"
        async with self._sem:
            try:
                resp = await self._client.request(record.method, url, json=body, headers={"X-VERIFY": verify})
                record.status_code = resp.status_code
            except httpx.HTTPError as exc:
                record.error = f"{type(exc).__name__}: {exc}"
        return record
