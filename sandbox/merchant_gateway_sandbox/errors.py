"""Gateway error envelope as an exception."""

from __future__ import annotations

from typing import Any


class GatewayError(Exception):
    def __init__(
        self,
        code: str,
        message: str,
        status: int = 400,
        data: dict[str, Any] | None = None,
        headers: dict[str, str] | None = None,
    ) -> None:
        super().__init__(f"{code}: {message}")
        self.code = code
        self.message = message
        self.status = status
        self.data = data if data is not None else {}
        self.headers = headers or {}


def bad_request(message: str) -> GatewayError:
    return GatewayError("BAD_REQUEST", message)
