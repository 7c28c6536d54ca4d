"""StdlibTransport (the default under Gateway) over real loopback sockets: keep-alive and its limits, and the
error mapping a payment client depends on (connect errors only before a byte is sent; after that, unknown)."""

from __future__ import annotations

import gzip
import socket
import ssl
import subprocess
import threading
from collections.abc import Callable, Iterator
from pathlib import Path

import httpx
import merchant_gateway as mg
import pytest
from _helpers import FakeTime
from merchant_gateway import StdlibTransport
from merchant_gateway.direct_client import DirectClient

SETTINGS = {"merchant_id": "M1", "salt_key": "s-stdlib", "salt_index": "1"}
Handler = Callable[[bytes, socket.socket], bool]  # (request head + body, connection) -> keep the connection open


def ok(body: bytes = b'{"ok":true}', extra: bytes = b"") -> bytes:
    return (
        b"HTTP/1.1 200 OK\r\ncontent-type: application/json\r\n"
        + extra
        + (b"content-length: %d\r\n\r\n" % len(body) + body)
    )


class Server:
    """Threaded HTTP/1.1 server on loopback; `handler` decides each answer. Counts connections and requests."""

    def __init__(self, handler: Handler, tls: ssl.SSLContext | None = None) -> None:
        self.handler = handler
        self.tls = tls
        self.sock = socket.create_server(("127.0.0.1", 0))
        self.port = self.sock.getsockname()[1]
        self.connections = 0
        self.requests: list[bytes] = []
        self.closed_by_client = threading.Event()
        self.closed_by_server = threading.Event()
        threading.Thread(target=self._accept, daemon=True).start()

    def _accept(self) -> None:
        while True:
            try:
                conn, _ = self.sock.accept()
            except OSError:
                return
            self.connections += 1
            threading.Thread(target=self._serve, args=(conn,), daemon=True).start()

    def _serve(self, conn: socket.socket) -> None:
        if self.tls is not None:
            try:
                conn = self.tls.wrap_socket(conn, server_side=True)
            except (ssl.SSLError, OSError):
                conn.close()
                return
        data = b""
        with conn:
            while True:
                while b"\r\n\r\n" not in data:
                    try:
                        chunk = conn.recv(65536)
                    except OSError:
                        return
                    if not chunk:
                        self.closed_by_client.set()
                        return
                    data += chunk
                head, _, rest = data.partition(b"\r\n\r\n")
                length = 0
                for line in head.split(b"\r\n")[1:]:
                    name, _, value = line.partition(b":")
                    if name.strip().lower() == b"content-length":
                        length = int(value)
                    if name.strip().lower() == b"transfer-encoding":  # chunked: up to the last chunk
                        while b"0\r\n\r\n" not in rest:
                            rest += conn.recv(65536)
                        length = rest.index(b"0\r\n\r\n") + 5
                while len(rest) < length:
                    rest += conn.recv(65536)
                request, data = head + b"\r\n\r\n" + rest[:length], rest[length:]
                self.requests.append(request)
                if not self.handler(request, conn):
                    break
        self.closed_by_server.set()

    @property
    def url(self) -> str:
        return f"{'https' if self.tls else 'http'}://127.0.0.1:{self.port}"

    def close(self) -> None:
        self.sock.close()


@pytest.fixture
def serve() -> Iterator[Callable[..., Server]]:
    servers: list[Server] = []

    def start(handler: Handler, tls: ssl.SSLContext | None = None) -> Server:
        servers.append(Server(handler, tls))
        return servers[-1]

    yield start
    for server in servers:
        server.close()


def answer(payload: bytes) -> Handler:
    def handle(request: bytes, conn: socket.socket) -> bool:
        conn.sendall(payload)
        return True

    return handle


def client(transport: httpx.BaseTransport, timeout: float = 5.0) -> httpx.Client:
    return DirectClient(transport=transport, timeout=timeout)


def test_keeps_one_connection_alive_across_requests(serve: Callable[..., Server]) -> None:
    server = serve(answer(ok()))
    with client(StdlibTransport()) as c:
        for _ in range(5):
            assert c.get(server.url + "/v1/x").json() == {"ok": True}
    assert (server.connections, len(server.requests)) == (1, 5)


def test_sends_httpx_headers_and_body_as_built(serve: Callable[..., Server]) -> None:
    server = serve(answer(ok()))
    with client(StdlibTransport()) as c:
        c.post(server.url + "/v4/debit/", content=b'{"request":"eyJ9"}', headers={"X-VERIFY": "abc###1"})
    head, _, body = server.requests[0].partition(b"\r\n\r\n")
    lines = head.split(b"\r\n")
    assert lines[0] == b"POST /v4/debit/ HTTP/1.1"
    headers = {k.lower(): v.strip() for k, _, v in (line.partition(b":") for line in lines[1:])}
    assert headers[b"host"] == b"127.0.0.1:%d" % server.port
    assert headers[b"x-verify"] == b"abc###1"
    assert headers[b"content-length"] == b"18"
    assert body == b'{"request":"eyJ9"}'
    assert len(lines) - 1 == len(headers)  # each header once: http.client added no Host/Accept-Encoding of its own


@pytest.mark.parametrize("value", ["a\r\nX-Injected: 1", "a\nb", "a\x00b"])
def test_header_line_breaks_are_refused_before_connecting(serve: Callable[..., Server], value: str) -> None:
    server = serve(answer(ok()))
    with client(StdlibTransport()) as c, pytest.raises(httpx.LocalProtocolError):
        c.get(server.url + "/x", headers={"X-Note": value})
    assert server.connections == 0


def test_streamed_request_body_is_sent_chunked(serve: Callable[..., Server]) -> None:
    server = serve(answer(ok()))
    with client(StdlibTransport()) as c:
        c.post(server.url + "/up", content=iter([b"ab", b"cde"]))
        c.get(server.url + "/after")  # the connection is still in step
    head, _, body = server.requests[0].partition(b"\r\n\r\n")
    assert b"transfer-encoding: chunked" in head.lower()
    assert body == b"2\r\nab\r\n3\r\ncde\r\n0\r\n\r\n"
    assert server.requests[1].startswith(b"GET /after ") and server.connections == 1


def test_connection_close_answer_is_not_reused(serve: Callable[..., Server]) -> None:
    def handle(request: bytes, conn: socket.socket) -> bool:
        conn.sendall(ok(extra=b"connection: close\r\n"))
        return False

    server = serve(handle)
    with client(StdlibTransport()) as c:
        c.get(server.url + "/a")
        c.get(server.url + "/b")
    assert server.connections == 2


def test_idle_connection_closed_by_the_server_is_replaced_without_error(serve: Callable[..., Server]) -> None:
    def handle(request: bytes, conn: socket.socket) -> bool:
        conn.sendall(ok())
        return False  # closes after answering, without saying so: the pooled connection goes stale

    server = serve(handle)
    with client(StdlibTransport()) as c:
        for _ in range(3):
            server.closed_by_server.clear()
            assert c.get(server.url + "/b").status_code == 200
            assert server.closed_by_server.wait(5)  # closed while idle in our pool, before the next request
    assert server.connections == 3


def test_idle_connections_expire_by_the_clock(serve: Callable[..., Server], fake_time: FakeTime) -> None:
    server = serve(answer(ok()))
    transport = StdlibTransport(limits=httpx.Limits(keepalive_expiry=5.0), clock=fake_time.monotonic)
    with client(transport) as c:
        c.get(server.url + "/a")
        fake_time.now += 4.0
        c.get(server.url + "/b")
        assert server.connections == 1
        fake_time.now += 5.5
        c.get(server.url + "/c")
    assert server.connections == 2


def test_chunked_and_gzip_answers_are_decoded(serve: Callable[..., Server]) -> None:
    packed = gzip.compress(b'{"code":"SUCCESS"}')
    chunked = b"%x\r\n%s\r\n0\r\n\r\n" % (len(packed), packed)
    server = serve(answer(b"HTTP/1.1 200 OK\r\ncontent-encoding: gzip\r\ntransfer-encoding: chunked\r\n\r\n" + chunked))
    with client(StdlibTransport()) as c:
        assert c.get(server.url + "/s").json() == {"code": "SUCCESS"}
        assert c.get(server.url + "/s").json() == {"code": "SUCCESS"}  # and the connection stayed usable
    assert server.connections == 1


def test_header_bytes_arrive_unchanged(serve: Callable[..., Server]) -> None:
    location = "https://merchant.example/zurück".encode()
    server = serve(answer(b"HTTP/1.1 302 Found\r\nlocation: " + location + b"\r\ncontent-length: 0\r\n\r\n"))
    with client(StdlibTransport()) as c:
        response = c.get(server.url + "/r")
    assert response.status_code == 302
    assert response.headers.raw[0] == (b"location", location)
    assert response.reason_phrase == "Found"


def test_refused_connection_is_a_connect_error(serve: Callable[..., Server]) -> None:
    with socket.create_server(("127.0.0.1", 0)) as s:
        port = s.getsockname()[1]
    with client(StdlibTransport()) as c, pytest.raises(httpx.ConnectError) as info:
        c.get(f"http://127.0.0.1:{port}/x")
    assert info.value.request.url.port == port


def test_no_answer_is_a_read_timeout(serve: Callable[..., Server]) -> None:
    release = threading.Event()

    def silent(request: bytes, conn: socket.socket) -> bool:
        release.wait(5)
        return False

    server = serve(silent)
    try:
        with client(StdlibTransport(), timeout=0.2) as c, pytest.raises(httpx.ReadTimeout):
            c.get(server.url + "/slow")
    finally:
        release.set()


def test_pool_limit_gives_pool_timeout(serve: Callable[..., Server]) -> None:
    release, received = threading.Event(), threading.Event()

    def held(request: bytes, conn: socket.socket) -> bool:
        received.set()
        release.wait(5)
        conn.sendall(ok())
        return True

    server = serve(held)
    transport = StdlibTransport(limits=httpx.Limits(max_connections=1))
    c = DirectClient(transport=transport, timeout=httpx.Timeout(5.0, pool=0.05))
    first = threading.Thread(target=c.get, args=(server.url + "/a",))
    first.start()
    try:
        assert received.wait(5)
        with pytest.raises(httpx.PoolTimeout):
            c.get(server.url + "/b")
    finally:
        release.set()
        first.join()
    assert c.get(server.url + "/c").status_code == 200  # the slot came back
    assert len(server.requests) == 2
    c.close()


def test_close_closes_idle_connections(serve: Callable[..., Server]) -> None:
    server = serve(answer(ok()))
    transport = StdlibTransport()
    client(transport).get(server.url + "/a")
    transport.close()
    assert server.closed_by_client.wait(5)
    with pytest.raises(RuntimeError):
        client(transport).get(server.url + "/a")


def test_payment_dropped_after_sending_is_outcome_unknown_after_one_request(serve: Callable[..., Server]) -> None:
    server = serve(lambda request, conn: False)  # reads the request, closes without answering
    with mg.Gateway(
        **SETTINGS, base_url=server.url, apps_url=server.url, auth_url=server.url, sleep=lambda s: None
    ) as gw:
        assert type(gw._client.get_httpx_client()._direct_transport) is StdlibTransport  # noqa: SLF001 - the default
        with pytest.raises(mg.OutcomeUnknown) as info:
            gw.debit_v4_web(transaction_id="TXDROP1", amount=100, merchant_user_id="U1")
    assert info.value.transaction_id == "TXDROP1"
    assert len(server.requests) == 1


def test_refused_payment_is_retried_as_not_sent() -> None:
    with socket.create_server(("127.0.0.1", 0)) as s:
        port = s.getsockname()[1]
    url = f"http://127.0.0.1:{port}"
    waits: list[float] = []
    with mg.Gateway(**SETTINGS, base_url=url, apps_url=url, auth_url=url, sleep=waits.append) as gw:
        with pytest.raises(mg.GatewayConnectionError) as info:
            gw.debit_v4_web(transaction_id="TXREF1", amount=100, merchant_user_id="U1")
    assert not isinstance(info.value, mg.OutcomeUnknown)
    assert len(waits) == mg.RetryPolicy().max_attempts - 1


@pytest.fixture(scope="module")
def certificate(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    folder = tmp_path_factory.mktemp("tls")
    cert, key = folder / "cert.pem", folder / "key.pem"
    subprocess.run(
        ["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1", "-subj", "/CN=127.0.0.1",
         "-addext", "subjectAltName=IP:127.0.0.1", "-keyout", str(key), "-out", str(cert)],
        check=True,
        capture_output=True,
    )  # fmt: skip
    return cert, key


def test_https_verifies_the_server(serve: Callable[..., Server], certificate: tuple[Path, Path]) -> None:
    cert, key = certificate
    tls = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
    tls.load_cert_chain(cert, key)
    server = serve(answer(ok()), tls=tls)
    trusting = ssl.create_default_context(cafile=str(cert))
    with client(StdlibTransport(ssl_context=trusting)) as c:
        assert c.get(server.url + "/tls").json() == {"ok": True}
        c.get(server.url + "/tls")
    assert server.connections == 1
    with client(StdlibTransport()) as c, pytest.raises(httpx.ConnectError):  # httpx's CA bundle: not trusted
        c.get(server.url + "/tls")
    assert len(server.requests) == 2  # the refused handshake sent nothing
