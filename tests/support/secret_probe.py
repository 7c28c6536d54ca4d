"""Collect every secret value that crosses the wire, so captured text can be searched for each exact value.

Used in-process (``Recorder``, installed on httpx's transports) and as a wrapper around the ``mgw`` command line:

    python secret_probe.py SECRETS.json mgw-arguments...

runs ``merchant_gateway.cli.main`` with the recorder installed (sync and async transports, so the embedded
sandbox's signed callbacks are seen too) and also records ``secrets.token_hex`` values (the demo's random salt
key and client secret), then writes the collected values to SECRETS.json. Secrets: salt keys, client secrets,
tokens of every kind (oauth access tokens, userAuthToken, otpToken, grant/access tokens of SSO), OTPs and the
base64 ``request``/``response`` payloads.
"""

from __future__ import annotations

import base64
import contextlib
import json
import re
import sys
import threading
from collections.abc import Iterable
from typing import Any
from urllib.parse import parse_qsl

import httpx

SECRET_KEYS = {
    "otp",
    "otpToken",
    "userAuthToken",
    "grantToken",
    "accessToken",
    "access_token",
    "encrypted_access_token",
    "refresh_token",
    "client_secret",
}
SECRET_HEADERS = {"x-access-token", "authorization"}


class Recorder:
    def __init__(self) -> None:
        self.values: set[str] = set()
        self._lock = threading.Lock()
        self._installed: list[tuple[type, str, Any]] = []

    def add(self, value: object) -> None:
        if isinstance(value, str) and len(value) >= 4:
            with self._lock:
                self.values.add(value)

    def _walk(self, obj: object) -> None:
        if isinstance(obj, dict):
            for key, value in obj.items():
                if key in SECRET_KEYS:
                    self.add(value)
                if key in ("request", "response") and isinstance(value, str):
                    self.add(value)  # the base64 payload itself ...
                    with contextlib.suppress(ValueError):  # ... and the secrets inside it
                        self._walk(json.loads(base64.b64decode(value, validate=True)))
                self._walk(value)
        elif isinstance(obj, list):
            for item in obj:
                self._walk(item)

    def _body(self, content: bytes, content_type: str) -> None:
        if not content:
            return
        if "x-www-form-urlencoded" in content_type:
            for key, value in parse_qsl(content.decode("utf-8", "replace")):
                if key in SECRET_KEYS:
                    self.add(value)
            return
        with contextlib.suppress(ValueError):
            self._walk(json.loads(content))

    def request(self, request: httpx.Request) -> None:
        for name, value in request.headers.items():
            if name.lower() in SECRET_HEADERS:
                self.add(value)
                self.add(value.split(" ", 1)[-1])
        self._body(request.content, request.headers.get("content-type", ""))

    def response(self, response: httpx.Response) -> None:
        self._body(response.content, response.headers.get("content-type", ""))

    # --- installation on httpx's own transports ------------------------------------------------------------------

    def install(self) -> Recorder:
        """Wrap every transport the gateways may send with (their defaults, and httpx's own)."""
        from merchant_gateway.transports import AsyncGatewayTransport, GatewayTransport

        targets: list[tuple[type, str]] = [
            (GatewayTransport, "handle_request"),
            (AsyncGatewayTransport, "handle_async_request"),
            (httpx.HTTPTransport, "handle_request"),
            (httpx.AsyncHTTPTransport, "handle_async_request"),
        ]
        for cls, name in targets:
            original = getattr(cls, name)
            self._installed.append((cls, name, original))
            setattr(cls, name, self._wrap_async(original) if name.endswith("async_request") else self._wrap(original))
        return self

    def _wrap(self, original: Any) -> Any:
        def handle_request(transport: httpx.BaseTransport, request: httpx.Request) -> httpx.Response:
            request.read()
            self.request(request)
            response: httpx.Response = original(transport, request)
            response.read()
            self.response(response)
            return response

        return handle_request

    def _wrap_async(self, original: Any) -> Any:
        async def handle_async_request(transport: httpx.AsyncBaseTransport, request: httpx.Request) -> httpx.Response:
            await request.aread()
            self.request(request)
            response: httpx.Response = await original(transport, request)
            await response.aread()
            self.response(response)
            return response

        return handle_async_request

    def uninstall(self) -> None:
        for cls, name, original in self._installed:
            setattr(cls, name, original)
        self._installed = []


# A secret this long cannot occur in captured text by chance, so any occurrence is a leak. A shorter one (the
# sandbox's OTP "123456", a short salt key) can: inside a span's nanosecond timestamp or an amount. It is a leak
# only where it stands as a whole word, not inside a longer run of letters and digits.
CHANCE_FREE_LENGTH = 16


def _occurrence(text: str, secret: str) -> int:
    """Where ``secret`` leaks in ``text`` (-1 for nowhere)."""
    if len(secret) >= CHANCE_FREE_LENGTH:
        return text.find(secret)
    found = re.search(rf"(?<![0-9A-Za-z]){re.escape(secret)}(?![0-9A-Za-z])", text)
    return found.start() if found else -1


def leaks(texts: Iterable[str], secrets: Iterable[str]) -> list[tuple[str, str]]:
    """(secret, where) for every secret value found in any text."""
    found = []
    for text in texts:
        for secret in secrets:
            at = _occurrence(text, secret) if secret else -1
            if at >= 0:
                found.append((secret[:6] + "...", text[max(0, at - 60) : at]))
    return found


def main(argv: list[str]) -> int:
    import secrets as secrets_module

    out_path, args = argv[0], argv[1:]
    recorder = Recorder().install()
    original_hex = secrets_module.token_hex

    def token_hex(nbytes: int | None = None) -> str:
        value = original_hex(nbytes)
        recorder.add(value)
        return value

    secrets_module.token_hex = token_hex
    from merchant_gateway.cli import main as mgw_main

    try:
        code = mgw_main(args)
    finally:
        with open(out_path, "w", encoding="utf-8") as fh:
            json.dump(sorted(recorder.values), fh)
    return code


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
