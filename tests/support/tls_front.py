"""Real loopback TLS in front of the plain sandbox, for the TLS settings' tests: :class:`TlsFront` terminates TLS
with a given server context (a trustme CA's certificate; optionally demanding a client certificate) and relays
each connection whose handshake succeeded to the sandbox; :class:`ConnectProxy` is an HTTP proxy that tunnels
``CONNECT host:port`` on loopback. Both count what they relayed, so a test can prove nothing reached the gateway.

Why asyncio: its TLS runs on memory buffers in one thread, so a connection is read and written at once without
sharing an ``ssl.SSLSocket`` between threads. A handshake that fails never reaches the relay (asyncio drops the
connection), which is what "nothing was sent" means here."""

from __future__ import annotations

import asyncio
import contextlib
import socket
import ssl
import threading
from typing import Any


async def _pump(reader: asyncio.StreamReader, writer: asyncio.StreamWriter, counted: list[int]) -> None:
    try:
        while data := await reader.read(65536):
            counted[0] += len(data)
            writer.write(data)
            await writer.drain()
    except (ConnectionError, ssl.SSLError):
        pass
    finally:
        with contextlib.suppress(Exception):
            writer.close()


class _LoopThread:
    """An asyncio server on 127.0.0.1 in a daemon thread; ``port`` once started, ``close()`` stops it."""

    def __init__(self, ssl_context: ssl.SSLContext | None) -> None:
        self.forwarded = [0]  # bytes relayed from clients to the far side (requests)
        self.connections = 0  # connections handed to the relay (for TlsFront: handshakes that succeeded)
        self._loop = asyncio.new_event_loop()
        self._loop.set_exception_handler(lambda loop, context: None)  # a failed handshake is expected, not noise
        ready = threading.Event()
        self._thread = threading.Thread(target=self._run, args=(ssl_context, ready), daemon=True)
        self._thread.start()
        if not ready.wait(10):
            raise RuntimeError("the loopback server did not start")

    def _run(self, ssl_context: ssl.SSLContext | None, ready: threading.Event) -> None:
        asyncio.set_event_loop(self._loop)

        async def start() -> Any:
            return await asyncio.start_server(self._serve, "127.0.0.1", 0, ssl=ssl_context)

        self._server = self._loop.run_until_complete(start())
        self.port = int(self._server.sockets[0].getsockname()[1])
        ready.set()
        self._loop.run_forever()

    async def _serve(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        raise NotImplementedError

    async def _relay(
        self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter, host: str, port: int, head: bytes = b""
    ) -> None:
        far_reader, far_writer = await asyncio.open_connection(host, port)
        if head:
            far_writer.write(head)
        ignored = [0]
        await asyncio.gather(_pump(reader, far_writer, self.forwarded), _pump(far_reader, writer, ignored))

    def close(self) -> None:
        async def stop() -> None:
            self._server.close()

        asyncio.run_coroutine_threadsafe(stop(), self._loop).result(10)
        self._loop.call_soon_threadsafe(self._loop.stop)
        self._thread.join(10)


class TlsFront(_LoopThread):
    """TLS on 127.0.0.1:``port`` with ``ssl_context`` (server side), relaying to ``backend_port`` (the plain
    sandbox) every connection whose handshake succeeded."""

    def __init__(self, ssl_context: ssl.SSLContext, backend_port: int) -> None:
        self._backend_port = backend_port
        super().__init__(ssl_context)

    async def _serve(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self.connections += 1
        await self._relay(reader, writer, "127.0.0.1", self._backend_port)


class ConnectProxy(_LoopThread):
    """A plain HTTP proxy on 127.0.0.1:``port`` that tunnels ``CONNECT host:port`` (loopback only); ``targets``
    lists what was asked for."""

    def __init__(self) -> None:
        self.targets: list[str] = []
        super().__init__(None)

    async def _serve(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        head = await reader.readuntil(b"\r\n\r\n")
        method, target, _ = head.split(b"\r\n", 1)[0].decode("latin-1").split(" ", 2)
        if method != "CONNECT":
            writer.write(b"HTTP/1.1 405 Method Not Allowed\r\nContent-Length: 0\r\nConnection: close\r\n\r\n")
            writer.close()
            return
        self.targets.append(target)
        host, port = target.rsplit(":", 1)
        if host not in ("127.0.0.1", "localhost"):
            writer.write(b"HTTP/1.1 403 Forbidden\r\nContent-Length: 0\r\nConnection: close\r\n\r\n")
            writer.close()
            return
        writer.write(b"HTTP/1.1 200 Connection established\r\n\r\n")
        self.connections += 1
        await self._relay(reader, writer, "127.0.0.1", int(port))


class DemandingTlsServer:
    """A blocking OpenSSL server on 127.0.0.1:``port`` (ssl.SSLSocket, one connection at a time) for a handshake
    that must fail: unlike asyncio's TLS, it sends the TLS alert a server such as nginx sends when it refuses a
    client's certificate. ``failed`` lists the server-side handshake errors; ``received`` counts request bytes
    read after a handshake that succeeded (none, when the client was refused)."""

    def __init__(self, ssl_context: ssl.SSLContext) -> None:
        self.failed: list[str] = []
        self.received = 0
        self._context = ssl_context
        self._listener = socket.create_server(("127.0.0.1", 0))
        self.port = int(self._listener.getsockname()[1])
        self._thread = threading.Thread(target=self._serve, daemon=True)
        self._thread.start()

    def _serve(self) -> None:
        while True:
            try:
                raw, _ = self._listener.accept()
            except OSError:
                return  # closed
            with raw:
                raw.settimeout(10)
                try:
                    with self._context.wrap_socket(raw, server_side=True) as tls:
                        self.received += len(tls.recv(65536))
                except (ssl.SSLError, OSError) as exc:
                    self.failed.append(str(exc))

    def close(self) -> None:
        # Closing a listening socket does not wake a thread blocked in accept() on Linux (the join then waited its
        # full 10 s); shutting it down first does.
        with contextlib.suppress(OSError):
            self._listener.shutdown(socket.SHUT_RDWR)
        self._listener.close()
        self._thread.join(10)
