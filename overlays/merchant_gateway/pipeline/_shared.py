"""What both pipelines share, free of I/O: the request a call sends (encoded and signed once), how an attempt's end
is told to the observer and judged, and the small helpers of the attempt loop (:mod:`merchant_gateway.pipeline`
explains the loop; ``_async.py`` holds it, ``_sync.py`` is derived from it)."""

from __future__ import annotations

import datetime
import functools
import logging
import time
import traceback
from typing import TYPE_CHECKING, Any

import httpx
from merchant_gateway_client.client import XVerifyAuth

from .._core import Done, Prepared, Wait
from ..errors import ConfigurationError
from ..log import log_event, logger

if TYPE_CHECKING:
    from .._core import Core
    from ..config import GatewayConfig
    from ..observers import CallObserver

_httpx_logger = logging.getLogger("httpx")

# The headers an httpx client sends by default, with only the codings the default transports decode within the
# answer cap (httpx would add br and zstd when their packages happen to be installed). The gateway's requests
# stay what an httpx.Client built with these headers would send.
_DEFAULT_HEADERS = httpx.Headers(
    {
        "Accept": "*/*",
        "Connection": "keep-alive",
        "User-Agent": f"python-httpx/{httpx.__version__}",
        "Accept-Encoding": "gzip, deflate",  # in this place: httpx.Client's update of its defaults moves it last
    }
)

# How many recently sent URLs keep their parsed form: httpx.URL is immutable, and parsing one costs more than
# anything else a call does to build its request. Every operation without path parameters (the debits, refunds and
# collects) has one URL per host, and a poller asks for the same status URL again and again; per-payment URLs
# age out, so memory stays bounded.
_RECENT_URLS = 256


class Requests:
    """Builds the one request of a call from the generated ``request_parts`` of its operation: the payload's wire
    dict encoded once (base64 JSON, JSON or a form, as the operation's facts say), the URL on the operation's host,
    the headers, X-VERIFY from the very bytes that are sent (the generated client's ``XVerifyAuth.sign``)."""

    def __init__(self, config: GatewayConfig) -> None:
        self._roots = {
            "base": config.base.rstrip("/"),
            "apps": config.apps.rstrip("/"),
            "auth": config.auth.rstrip("/"),
        }
        self._timeout = config.httpx_timeout().as_dict()  # read by the transports (connect, read, write, pool)
        self._signer = XVerifyAuth(config.salt_key, config.salt_index)
        self._parse = functools.lru_cache(maxsize=_RECENT_URLS)(httpx.URL)

    def build(self, prep: Prepared) -> httpx.Request:
        op = prep.op
        # the payload's wire dict in place of its model: to_dict() was called once, by prepare
        kwargs = prep.kwargs if prep.wire is None else {**prep.kwargs, "body": prep.wire}
        parts = op.module.request_parts(**kwargs)
        root = self._roots.get(op.host)
        if not root:
            raise ConfigurationError(
                f"MGW_{op.host.upper()}_URL", f"{op.name} is served by the gateway's {op.host} host: set its URL"
            )
        url = self._parse(root + parts["url"])
        extensions = {"timeout": self._timeout, **parts.get("extensions", {})}
        given: dict[str, Any] = parts.get("headers", {})
        content = parts.get("content")
        if "data" in parts or "json" in parts:  # a form or a plain JSON body: httpx's own encoding, as httpx.Client
            headers = _DEFAULT_HEADERS.copy()
            headers.update(given)
            request = httpx.Request(
                parts["method"],
                url,
                headers=headers,
                data=parts.get("data"),
                json=parts.get("json"),
                extensions=extensions,
            )
        else:
            request = _framed_request(given, parts["method"], url, content or b"", extensions)
        self._signer.sign(request)
        return request


def _framed_request(
    given: dict[str, Any], method: str, url: httpx.URL, body: bytes, extensions: dict[str, Any]
) -> httpx.Request:
    """``httpx.Request(method, url, content=body, headers=the defaults updated by given)``, built as one header
    list: httpx's way re-reads the header list once per name it adds (Host, Content-Length) and per name ``given``
    replaces. The same headers in the same order as httpx.Client's request (tests/unit/pipeline/test_pipeline.py
    compares every operation's request with httpx's own): a name in ``given`` replaces the default (any case); Host
    first unless given; Content-Length last for a body, "0" after Host for a body-less POST, PUT or PATCH, unless
    given (or Transfer-Encoding is)."""
    replaced = {name.lower().encode("ascii") for name in given}
    pairs: list[tuple[Any, Any]] = [pair for pair in _DEFAULT_HEADERS.raw if pair[0].lower() not in replaced]
    names = replaced.union(pair[0].lower() for pair in pairs)
    pairs += given.items()
    front: list[tuple[Any, Any]] = []
    if b"host" not in names and url.host:
        front.append((b"Host", url.netloc))
    if b"content-length" not in names:
        if body:
            pairs.append((b"Content-Length", str(len(body)).encode("ascii")))
        elif b"transfer-encoding" not in names and method.upper() in ("POST", "PUT", "PATCH"):
            front.append((b"Content-Length", b"0"))
    request = httpx.Request(method, url, headers=front + pairs, stream=httpx.ByteStream(body), extensions=extensions)
    request.read()
    return request


def answered(response: httpx.Response, request: httpx.Request, started: float) -> None:
    """What httpx.Client does with an answer it read: the request and the time taken set on it, and the
    "HTTP Request: ..." line on the ``httpx`` logger."""
    response.request = request
    response.elapsed = datetime.timedelta(seconds=time.perf_counter() - started)
    if _httpx_logger.isEnabledFor(logging.INFO):
        _httpx_logger.info(
            'HTTP Request: %s %s "%s %d %s"',
            request.method,
            request.url,
            response.http_version,
            response.status_code,
            response.reason_phrase,
        )


def attach(exc: httpx.RequestError, request: httpx.Request) -> None:
    """The request an httpx error is about, as httpx.Client attaches it when the transport did not."""
    try:
        exc.request  # noqa: B018 - raises when the transport did not attach it
    except RuntimeError:
        exc.request = request


def attempt_ended(
    core: Core, observer: CallObserver | None, prep: Prepared, attempt: int, response: Any, exc: Exception | None
) -> Done | Wait:
    """The attempt judged (Core.after_attempt: Done, Wait or an exception), then the observer told how it ended
    (merchant_gateway.observers.AttemptEnd)."""
    if observer is None:
        return core.after_attempt(prep, attempt, response=response, exc=exc)
    from ..observers import AttemptEnd  # with an observer only: merchant_gateway.observers is not needed to send

    status = None if response is None else int(response.status_code)
    try:
        step = core.after_attempt(prep, attempt, response=response, exc=exc)
    except BaseException as error:
        observer.after_attempt(prep, AttemptEnd(attempt, status, error, None))
        raise
    retry_in = step.seconds if isinstance(step, Wait) else None
    observer.after_attempt(prep, AttemptEnd(attempt, status, exc, retry_in))
    return step


def drop_frames(exc: BaseException) -> None:
    """Clear the finished frames of a failed attempt (``exc`` and the errors chained to it): they hold its
    connection and the bytes it read, and a traceback's frame is kept as long as the error is, often in a cycle
    only the garbage collector breaks. A retried call would otherwise hold one failed answer per attempt. The
    tracebacks keep their lines; only their frames' local variables go."""
    seen: set[int] = set()
    error: BaseException | None = exc
    while error is not None and id(error) not in seen:
        seen.add(id(error))
        traceback.clear_frames(error.__traceback__)
        error = error.__cause__ or error.__context__


def log_request(prep: Prepared, attempt: int) -> None:
    if not logger.isEnabledFor(logging.DEBUG):  # the common case: skip building the call's keyword arguments
        return
    log_event(
        logging.DEBUG, "request", operation=prep.op.operation_id, transaction_id=prep.transaction_id, attempt=attempt
    )
