"""Sync transport options measured against the shipped one (bench/loopback.py, docs/performance.md).

* :class:`Urllib3Transport` - a sync ``httpx.BaseTransport`` over one ``urllib3.PoolManager``: httpx still builds
  the request (auth/signing, headers, URL) and the ``httpx.Response``; only the wire work moves to urllib3.
  Measured slower than merchant_gateway.stdlib_transport.StdlibTransport (urllib3 wraps the same ``http.client``
  in more layers), so it stays here as a measured option, not shipped.
* httpx's own ``HTTPTransport`` (httpcore): the fallback, measured as the ``ours_httpx`` variant.
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
        except NewConnectionError as exc:  # a subclass of ConnectTimeoutError in urllib3 2.x: test it first
            raise httpx.ConnectError(str(exc), request=request) from exc
        except ConnectTimeoutError as exc:
            raise httpx.ConnectTimeout(str(exc), request=request) from exc
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
