"""The direct client written once: the async source of ``_sync.py`` (``python tools/derive_sync.py`` derives
it; ``make lint`` fails when it is out of date). What both share is in ``_direct.py``.
"""

from __future__ import annotations

import time
from typing import Any

import httpx

from ._direct import _attach, _direct_request, _DirectMixin, _finish


class AsyncDirectClient(_DirectMixin, httpx.AsyncClient):
    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**self._direct_init(kwargs))

    async def request(  # type: ignore[override]
        self,
        method: str,
        url: httpx.URL | str,
        *,
        content: Any = None,
        headers: Any = None,
        auth: Any = httpx.USE_CLIENT_DEFAULT,
        extensions: dict[str, Any] | None = None,
        **other: Any,
    ) -> httpx.Response:
        request = _direct_request(self, self._direct, method, url, content, headers, auth, extensions, other)
        if request is None:
            return await super().request(
                method, url, content=content, headers=headers, auth=auth, extensions=extensions, **other
            )
        started = time.perf_counter()
        try:
            response: httpx.Response = await self._direct_transport.handle_async_request(request)
        except httpx.RequestError as exc:
            _attach(exc, request)
            raise
        try:
            await response.aread()
        finally:
            await response.aclose()
        _finish(response, request, started)
        return response
