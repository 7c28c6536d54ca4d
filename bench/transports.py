"""Lighter transports under the same httpx API (experiment; proposed home: overlays/merchant_gateway/transports.py).

* :class:`Urllib3Transport` - a sync ``httpx.BaseTransport`` over one ``urllib3.PoolManager``: httpx still builds
  the request (auth/signing, headers, URL) and the ``httpx.Response``; only the wire work moves to urllib3,
  whose connection handling in pure Python is cheaper than httpcore's.
* async: ``httpx_aiohttp.AiohttpTransport`` (PyPI ``httpx-aiohttp``), used as is.

Both are optional (urllib3 / aiohttp are not runtime dependencies); plain httpx stays the fallback.
"""

from __future__ import annotations

from typing import Any

import httpx
import urllib3
from urllib3.exceptions import (
    ConnectTimeoutError,
    NewConnectionError,
    ProtocolError,
    ReadTimeoutError,
)
from urllib3.exceptions import (
    TimeoutError as Urllib3Timeout,
)


class Urllib3Transport(httpx.BaseTransport):
    def __init__(self, *, maxsize: int = 10, block: bool = False, retries: Any = False, **pool_kwargs: Any) -> None:
        self._pool = urllib3.PoolManager(maxsize=maxsize, block=block, retries=retries, **pool_kwargs)

    def handle_request(self, request: httpx.Request) -> httpx.Response:
        timeouts = request.extensions.get("timeout", {})
        timeout = urllib3.Timeout(connect=timeouts.get("connect"), read=timeouts.get("read"))
        try:
            r = self._pool.urlopen(
                request.method,
                str(request.url),
                body=request.read() or None,
                headers=dict(request.headers),
                redirect=False,
                retries=False,
                timeout=timeout,
                preload_content=True,
                decode_content=False,
                assert_same_host=False,
            )
        except ConnectTimeoutError as exc:
            raise httpx.ConnectTimeout(str(exc), request=request) from exc
        except NewConnectionError as exc:
            raise httpx.ConnectError(str(exc), request=request) from exc
        except ReadTimeoutError as exc:
            raise httpx.ReadTimeout(str(exc), request=request) from exc
        except Urllib3Timeout as exc:
            raise httpx.TimeoutException(str(exc), request=request) from exc
        except ProtocolError as exc:
            raise httpx.RemoteProtocolError(str(exc), request=request) from exc
        except urllib3.exceptions.HTTPError as exc:
            raise httpx.TransportError(str(exc), request=request) from exc
        return httpx.Response(
            r.status,
            headers=list(r.headers.items()),
            content=r.data,
            extensions={"http_version": b"HTTP/1.1"},
        )

    def close(self) -> None:
        self._pool.clear()


def aiohttp_transport(**kwargs: Any) -> httpx.AsyncBaseTransport:
    from httpx_aiohttp import AiohttpTransport

    return AiohttpTransport(**kwargs)  # type: ignore[no-any-return]
