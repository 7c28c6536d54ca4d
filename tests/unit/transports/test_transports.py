"""GatewayTransport / AsyncGatewayTransport in detail: the answer cap (raw and decoded), content decoding, the
per-request deadline (with a fake clock: no waiting), and httpx exceptions only. The hostile-server behaviour of
the whole client is in tests/system/wire; these pin the pieces over a real loopback socket."""

from __future__ import annotations

import contextlib
import gzip
import socket
import threading
import zlib
from collections.abc import Callable, Iterator

import httpx
import pytest
from merchant_gateway.transports import AsyncGatewayTransport, GatewayTransport

from tests.support.loopback import Listener, OneAnswerServer
from tests.support.overlay import FakeTime

LIMIT = 4096


def answer(body: bytes, *headers: bytes) -> bytes:
    head = b"".join(h + b"\r\n" for h in headers)
    return b"HTTP/1.1 200 OK\r\n" + head + b"content-length: %d\r\nconnection: close\r\n\r\n" % len(body) + body


@pytest.fixture
def serve() -> Iterator[list[OneAnswerServer]]:
    servers: list[OneAnswerServer] = []
    yield servers
    for server in servers:
        server.sock.close()


def get(serve: list[OneAnswerServer], raw: bytes, **kwargs: object) -> httpx.Response:
    server = OneAnswerServer(raw)
    serve.append(server)
    with httpx.Client(transport=GatewayTransport(max_answer_bytes=LIMIT, **kwargs)) as client:  # type: ignore[arg-type]
        return client.get(server.url)


async def aget(serve: list[OneAnswerServer], raw: bytes, **kwargs: object) -> httpx.Response:
    server = OneAnswerServer(raw)
    serve.append(server)
    transport = AsyncGatewayTransport(max_answer_bytes=LIMIT, **kwargs)  # type: ignore[arg-type]
    async with httpx.AsyncClient(transport=transport) as client:
        return await client.get(server.url)


def test_answers_up_to_the_cap_are_read(serve: list[OneAnswerServer]) -> None:
    assert get(serve, answer(b"x" * LIMIT)).content == b"x" * LIMIT


def test_a_raw_answer_over_the_cap_is_a_read_error(serve: list[OneAnswerServer]) -> None:
    with pytest.raises(httpx.ReadError, match="larger than 4096"):
        get(serve, answer(b"x" * (LIMIT + 1)))


@pytest.mark.parametrize("encode", [gzip.compress, zlib.compress], ids=["gzip", "deflate"])
def test_a_compression_bomb_is_refused_once_decoded(serve: list[OneAnswerServer], encode: object) -> None:
    body = encode(b"0" * (LIMIT * 50))  # type: ignore[operator]
    assert len(body) < LIMIT  # small on the wire, 50x the cap decoded
    with pytest.raises(httpx.ReadError, match="larger than 4096"):
        get(serve, answer(body, b"content-encoding: " + (b"gzip" if encode is gzip.compress else b"deflate")))


def test_gzip_raw_deflate_and_stacked_codings_are_decoded(serve: list[OneAnswerServer]) -> None:
    text = b'{"success":true}'
    response = get(serve, answer(gzip.compress(text), b"content-encoding: gzip"))
    assert response.content == text
    assert "content-encoding" not in response.headers
    raw = zlib.compressobj(wbits=-zlib.MAX_WBITS)
    raw_deflate = raw.compress(text) + raw.flush()
    assert get(serve, answer(raw_deflate, b"content-encoding: deflate")).content == text
    stacked = gzip.compress(zlib.compress(text))  # deflate applied first, then gzip
    assert get(serve, answer(stacked, b"content-encoding: deflate, gzip")).content == text


@pytest.mark.parametrize(
    ("body", "coding"),
    [(b"not gzip at all", b"gzip"), (gzip.compress(b'{"a":1}')[:-6], b"gzip"), (b"\xff\x00junk", b"deflate")],
    ids=["garbage", "truncated", "bad-deflate"],
)
def test_corrupt_compressed_answers_are_decoding_errors(
    serve: list[OneAnswerServer], body: bytes, coding: bytes
) -> None:
    with pytest.raises(httpx.DecodingError):
        get(serve, answer(body, b"content-encoding: " + coding))


def test_an_unknown_coding_is_a_decoding_error(serve: list[OneAnswerServer]) -> None:
    with pytest.raises(httpx.DecodingError, match="br"):
        get(serve, answer(b"....", b"content-encoding: br"))


def jumping_clock(steps: int) -> Callable[[], float]:
    """A fake clock that stands still for `steps` readings, then is 10 s later."""
    time = FakeTime()
    readings = iter(range(1_000_000))

    def clock() -> float:
        if next(readings) == steps:
            time.sleep(10)
        return time.monotonic()

    return clock


PHASES = [httpx.ConnectTimeout, httpx.WriteTimeout, httpx.ReadTimeout, None]


def phase_of(call: Callable[[], object]) -> type[Exception] | None:
    try:
        call()
    except (httpx.ConnectTimeout, httpx.WriteTimeout, httpx.ReadTimeout) as exc:
        timed_out = exc
    else:
        return None
    assert isinstance(timed_out.__cause__, Exception)  # httpcore's exception, chained
    return type(timed_out)


def test_every_network_step_gets_only_the_time_left(serve: list[OneAnswerServer]) -> None:
    """The clock jumps past a 5 s deadline after the k-th reading: for k = 1 (the deadline is set, then the
    connect finds it gone) through later steps, the call fails in connect, then write, then read, and only when
    the jump comes after the last step does it succeed."""
    seen = [phase_of(lambda k=k: get(serve, answer(b"{}"), deadline=5.0, clock=jumping_clock(k))) for k in range(1, 9)]
    assert seen[0] is httpx.ConnectTimeout  # nothing sent: the one failure a client may retry
    assert seen == sorted(seen, key=PHASES.index)  # connect, then write, then read, then done
    assert {httpx.WriteTimeout, httpx.ReadTimeout, None} <= set(seen)


def test_no_deadline_and_a_plain_answer(serve: list[OneAnswerServer]) -> None:
    assert get(serve, answer(b"{}")).json() == {}


async def test_async_twin_caps_decodes_and_times_out(serve: list[OneAnswerServer]) -> None:
    assert (await aget(serve, answer(gzip.compress(b"[1]"), b"content-encoding: gzip"))).json() == [1]
    with pytest.raises(httpx.ReadError, match="larger than"):
        await aget(serve, answer(b"x" * (LIMIT + 1)))
    with pytest.raises(httpx.ConnectTimeout):
        await aget(serve, answer(b"{}"), deadline=5.0, clock=jumping_clock(1))
    with pytest.raises((httpx.WriteTimeout, httpx.ReadTimeout)):
        await aget(serve, answer(b"{}"), deadline=5.0, clock=jumping_clock(2))


def test_connection_refused_is_a_connect_error() -> None:
    sock = socket.create_server(("127.0.0.1", 0))
    port = sock.getsockname()[1]
    sock.close()
    with httpx.Client(transport=GatewayTransport()) as client, pytest.raises(httpx.ConnectError) as info:
        client.get(f"http://127.0.0.1:{port}/x")
    assert info.value.request.url.port == port


def http(body: bytes, *extra: bytes) -> bytes:
    return b"HTTP/1.1 200 OK\r\n" + b"".join(extra) + b"content-length: %d\r\n\r\n" % len(body) + body


@pytest.mark.parametrize(
    ("method", "received", "over"),
    [
        (b"GET", http(b"{}"), False),
        (b"GET", b"HTTP/1.1 103 Early Hints\r\nlink: </a>\r\n\r\n" + http(b"{}"), False),  # 1xx, then the answer
        (b"POST", b"HTTP/1.1 200 OK\r\ntransfer-encoding: chunked\r\n\r\n2\r\n{}\r\n0\r\n\r\n", False),
        (b"HEAD", b"HTTP/1.1 200 OK\r\ncontent-length: 99\r\n\r\n", False),  # no body follows a HEAD answer
        (b"GET", http(b"{}") + http(b"forged"), True),  # a second answer glued on
        (b"GET", http(b"{}") + b"\r\n", True),
        (b"GET", http(b"{}")[:-1], True),  # not one whole answer
        (b"GET", b"garbage\r\n\r\n", True),
    ],
)
def test_bytes_beyond_one_answer_are_found(method: bytes, received: bytes, over: bool) -> None:
    from merchant_gateway.transports._limits import _over_read

    assert _over_read(method, received) is over


def test_a_connection_that_read_past_its_answer_is_not_used_again(serve: list[OneAnswerServer]) -> None:
    """Keep-alive server that glues a forged answer after the first: the next call opens a new connection."""
    sock = socket.create_server(("127.0.0.1", 0))
    connections: list[int] = []

    def serve_forever() -> None:
        while True:
            try:
                conn, _ = sock.accept()
            except OSError:
                return
            connections.append(1)
            threading.Thread(target=keep_alive, args=(conn, len(connections)), daemon=True).start()

    def keep_alive(conn: socket.socket, number: int) -> None:
        with conn:
            while conn.recv(65536):
                conn.sendall(http(b'"own %d"' % number) + (http(b'"forged"') if number == 1 else b""))

    threading.Thread(target=serve_forever, daemon=True).start()
    url = f"http://127.0.0.1:{sock.getsockname()[1]}/x"
    try:
        with httpx.Client(transport=GatewayTransport()) as client:
            assert client.get(url).json() == "own 1"
            assert client.get(url).json() == "own 2"  # a new connection, not the forged answer
            assert client.get(url).json() == "own 2"  # and that clean connection is kept alive
    finally:
        sock.close()
    assert len(connections) == 2


@pytest.mark.parametrize(
    ("received", "body_length", "over"),
    [
        (http(b"{}"), 2, False),  # the fast path: head + exactly the delivered body
        (http(b"{}") + http(b"forged"), 2, True),  # more bytes than one answer: full framing says so
        (b"HTTP/1.1 103 Early Hints\r\n\r\n" + http(b"{}"), 2, False),  # 1xx first: full framing, one answer
        (b"HTTP/1.1 200 OK\ncontent-length: 2\n\n{}", 2, False),  # bare LF: full framing
        (b"HTTP/1.1 200 OK\ncontent-length: 2\n\n{}\r\n\r\nHTTP/1.1 200 OK\r\n\r\n", 2, True),
    ],
)
def test_the_fast_path_agrees_with_full_framing(received: bytes, body_length: int, over: bool) -> None:
    from merchant_gateway.transports._limits import _over_read

    assert _over_read(b"GET", received, body_length) is over
    assert _over_read(b"GET", received) is over  # the full framing alone


def test_a_proxy_the_transports_cannot_speak_is_refused_before_sending(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in ("HTTP_PROXY", "HTTPS_PROXY", "ALL_PROXY", "NO_PROXY"):
        monkeypatch.delenv(name, raising=False)
        monkeypatch.delenv(name.lower(), raising=False)
    monkeypatch.setenv("ALL_PROXY", "socks5://127.0.0.1:9")
    with httpx.Client(transport=GatewayTransport()) as client, pytest.raises(httpx.ConnectError, match="socks5"):
        client.get("http://gateway.invalid/x")  # a connect error: nothing was sent, the only retryable failure
    monkeypatch.setenv("NO_PROXY", "gateway.invalid")  # lifted for this host: direct (and unresolvable)
    with httpx.Client(transport=GatewayTransport()) as client, pytest.raises(httpx.ConnectError) as info:
        client.get("http://gateway.invalid/x")
    assert "socks5" not in str(info.value)


def test_connections_in_use_counts_a_request_on_the_wire_and_none_after() -> None:
    """The public count the bench reads: 1 while a call waits for its answer, 0 once it returned."""
    sock = socket.create_server(("127.0.0.1", 0))
    request_seen, release = threading.Event(), threading.Event()

    def serve_one() -> None:
        conn, _ = sock.accept()
        with conn:
            conn.recv(65536)
            request_seen.set()
            release.wait(10)
            conn.sendall(http(b"{}"))
            conn.recv(1)  # keep the connection open until the client closes it

    threading.Thread(target=serve_one, daemon=True).start()
    transport = GatewayTransport()
    seen_during: list[int] = []

    def watch() -> None:
        request_seen.wait(10)
        seen_during.append(transport.connections_in_use())
        release.set()

    threading.Thread(target=watch, daemon=True).start()
    try:
        with httpx.Client(transport=transport) as client:
            assert transport.connections_in_use() == 0
            assert client.get(f"http://127.0.0.1:{sock.getsockname()[1]}/x").json() == {}
            assert seen_during == [1]
            assert transport.connections_in_use() == 0  # kept alive, idle
    finally:
        sock.close()


# --- the answer cap bounds memory under any answer; the leftover check keeps a bounded start ----------------------

INTERIM = b"HTTP/1.1 100 Continue\r\nx-filler: " + b"a" * 15_000 + b"\r\n\r\n"  # 15 KB of headers each
FLOOD_HEADS = 2_000  # 30 MB of interim heads, then a valid answer: without a bound the call succeeds


def flood_peak(call: Callable[[str], object]) -> tuple[BaseException | None, int]:
    """Serve 30 MB of 100-Continue heads then a valid answer; run ``call(url)`` twice; the second call's error and
    traced peak. The first call is not measured: it pays what a process pays once (lazy imports, the TLS context and
    its certificates), megabytes that have nothing to do with the flood, and it is first or not depending on which
    tests an xdist worker ran before."""
    import tracemalloc

    sock = socket.create_server(("127.0.0.1", 0))
    url = f"http://127.0.0.1:{sock.getsockname()[1]}/x"

    def serve() -> None:
        for _ in range(2):
            conn, _ = sock.accept()
            with conn:
                conn.recv(65536)
                try:
                    for _ in range(FLOOD_HEADS):
                        conn.sendall(INTERIM)
                    conn.sendall(http(b"{}"))
                except OSError:
                    continue  # the client gave up: what a bounded client does

    threading.Thread(target=serve, daemon=True).start()
    with contextlib.suppress(httpx.HTTPError):
        call(url)
    tracemalloc.start()
    try:
        call(url)
        error = None
    except BaseException as exc:  # noqa: BLE001 - returned for the test to judge
        error = exc
    finally:
        peak = tracemalloc.get_traced_memory()[1]
        tracemalloc.stop()
        sock.close()
    return error, peak


def test_a_flood_of_interim_heads_counts_against_the_cap_and_memory_stays_bounded() -> None:
    from merchant_gateway.transports._limits import _HEAD_ROOM

    def call(url: str) -> None:
        with httpx.Client(transport=GatewayTransport(max_answer_bytes=LIMIT)) as client:
            client.get(url)

    error, peak = flood_peak(call)
    assert isinstance(error, httpx.ReadError), error
    assert "larger than 4096" in str(error)
    # the flood is 30 MB; what the call held is the cap, one head's room and a few read buffers
    assert peak < LIMIT + _HEAD_ROOM + 1024 * 1024, peak


def test_the_async_twin_bounds_a_flood_of_interim_heads_too() -> None:
    import asyncio

    from merchant_gateway.transports._limits import _HEAD_ROOM

    async def call(url: str) -> None:
        async with httpx.AsyncClient(transport=AsyncGatewayTransport(max_answer_bytes=LIMIT)) as client:
            await client.get(url)

    error, peak = flood_peak(lambda url: asyncio.run(call(url)))
    assert isinstance(error, httpx.ReadError), error
    assert "larger than 4096" in str(error)
    assert peak < LIMIT + _HEAD_ROOM + 1024 * 1024, peak


def test_an_interim_head_before_an_answer_of_exactly_the_cap_is_read(serve: list[OneAnswerServer]) -> None:
    early = b"HTTP/1.1 103 Early Hints\r\nlink: </a>; rel=preload\r\n\r\n"
    assert get(serve, early + answer(b"x" * LIMIT)).content == b"x" * LIMIT


class KeepAlive:
    """Loopback keep-alive server: answers every request on a connection with ``answer(connection number)``."""

    def __init__(self, answer: Callable[[int], bytes]) -> None:
        self.answer = answer
        self.listener = Listener(self._serve)
        self.url = self.listener.origin + "/x"

    @property
    def connections(self) -> int:
        return self.listener.accepted

    def _serve(self, conn: socket.socket, number: int) -> None:
        with conn:
            try:
                while conn.recv(65536):
                    conn.sendall(self.answer(number))
            except OSError:
                return


BIG = b'"' + b"x" * 200_000 + b'"'  # longer than the kept start of an exchange


@pytest.mark.parametrize(
    ("answer", "connections"),
    [
        (lambda n: http(BIG), 1),  # one whole answer, proven by its byte count: the connection is kept
        (lambda n: http(BIG) + (http(b'"forged"') if n == 1 else b""), 2),  # more bytes than the answer: retired
        (lambda n: b"HTTP/1.1 200 OK\r\ntransfer-encoding: chunked\r\n\r\n%x\r\n%s\r\n0\r\n\r\n" % (len(BIG), BIG), 3),
    ],
    ids=["content-length", "glued-after-a-long-answer", "long-chunked-not-kept-whole"],
)
def test_long_answers_are_judged_on_a_bounded_start(answer: Callable[[int], bytes], connections: int) -> None:
    """Only the first bytes of an exchange are kept: a long Content-Length answer is proven one answer by byte
    counts; a long answer of another shape cannot be re-framed whole, so its connection is retired (safe)."""
    server = KeepAlive(answer)
    try:
        with httpx.Client(transport=GatewayTransport(max_answer_bytes=1024 * 1024)) as client:
            for _ in range(3):
                assert client.get(server.url).content == BIG
    finally:
        server.listener.close()
    assert server.connections == connections


@pytest.mark.parametrize(
    ("received", "over"),
    [
        (http(BIG), False),
        (http(BIG) + b"\r\n", True),
        (b"HTTP/1.1 100 Continue\r\n\r\n" + http(BIG), True),  # a 1xx and too long to frame again: retired
        (b"HTTP/1.1 100 Continue\r\n\r\n" + http(b"{}"), False),  # short: framed again in full
    ],
)
def test_the_exchange_keeps_a_bounded_start(received: bytes, over: bool) -> None:
    from merchant_gateway.transports._limits import _KEPT, _Exchange

    exchange = _Exchange(1024 * 1024)
    for start in range(0, len(received), 1000):
        exchange.add(received[start : start + 1000])
    assert len(exchange.kept) <= _KEPT
    assert exchange.total == len(received)
    body_length = len(BIG) if BIG in received else 2
    assert exchange.over_read(b"GET", body_length) is over


@pytest.mark.parametrize("coding", [None, b"gzip"])
def test_an_answer_of_the_cap_is_held_about_once(serve: list[OneAnswerServer], coding: bytes | None) -> None:
    """A body just under the cap peaks at about the cap: not once in parts and once more joined."""
    import tracemalloc

    cap = 4 * 1024 * 1024
    body = b"x" * cap
    raw = answer(body) if coding is None else answer(gzip.compress(body), b"content-encoding: " + coding)
    server = OneAnswerServer(raw)
    serve.append(server)
    with httpx.Client(transport=GatewayTransport(max_answer_bytes=cap)) as client:
        tracemalloc.start()
        try:
            got = client.get(server.url).content
            peak = tracemalloc.get_traced_memory()[1]
        finally:
            tracemalloc.stop()
    assert got == body
    assert peak < 1.5 * cap, peak


def test_long_and_stacked_codings_decode_piece_by_piece_within_the_cap(serve: list[OneAnswerServer]) -> None:
    import random

    text = bytes(random.Random(7).choice(b"abcdefgh{}:,") for _ in range(300_000))  # many 64 KiB pieces
    stacked = gzip.compress(zlib.compress(text))
    server = OneAnswerServer(answer(stacked, b"content-encoding: deflate, gzip"))
    serve.append(server)
    with httpx.Client(transport=GatewayTransport(max_answer_bytes=len(text))) as client:
        assert client.get(server.url).content == text
    bomb = gzip.compress(gzip.compress(b"0" * LIMIT * 1000))  # the inner layer alone is far over the cap
    with pytest.raises(httpx.ReadError, match="larger than 4096"):
        get(serve, answer(bomb, b"content-encoding: gzip, gzip"))
