"""A real loopback HTTP server for the transport tests: each connection's request head is read (and kept, so a test
can prove what reached the wire), one fixed raw answer is written, and the connection is closed. Standard library
only: `make test-lowest` runs the transport tests in a venv of its own, with the lowest dependencies."""

from __future__ import annotations

import contextlib
import socket
import threading
from collections.abc import Callable

PLAIN_ANSWER = b"HTTP/1.1 200 OK\r\nContent-Length: 2\r\nConnection: close\r\n\r\n{}"


class Listener:
    """A socket listening on 127.0.0.1 (a free port) whose connections, numbered 1, 2, ... as accepted, are each
    served by ``serve(connection, number)`` in a thread of its own, until :meth:`close`. ``accepted``: how many
    connections it has accepted (counted before each one's thread starts); ``open``: how many are being served now
    (counted in each one's thread),
    ``peak_open`` the most at once, and ``all_closed`` is set whenever the last one being served has ended (all
    three under ``lock``)."""

    def __init__(self, serve: Callable[[socket.socket, int], object]) -> None:
        self.sock = socket.create_server(("127.0.0.1", 0))
        self.origin = f"http://127.0.0.1:{self.sock.getsockname()[1]}"
        self.accepted = self.open = self.peak_open = 0
        self.lock = threading.Lock()
        self.all_closed = threading.Event()
        self._serve = serve
        threading.Thread(target=self._accept, daemon=True).start()

    def _accept(self) -> None:
        while True:
            try:
                conn, _ = self.sock.accept()
            except OSError:  # closed: the test is over
                return
            self.accepted += 1
            threading.Thread(target=self._served, args=(conn, self.accepted), daemon=True).start()

    def _served(self, conn: socket.socket, number: int) -> None:
        with self.lock:
            self.open += 1
            self.peak_open = max(self.peak_open, self.open)
            self.all_closed.clear()
        try:
            self._serve(conn, number)
        finally:
            with self.lock:
                self.open -= 1
                if self.open == 0:
                    self.all_closed.set()

    def close(self) -> None:
        with contextlib.suppress(OSError):  # wakes the thread blocked in accept() (a close alone does not, on Linux)
            self.sock.shutdown(socket.SHUT_RDWR)
        self.sock.close()


class OneAnswerServer:
    """On 127.0.0.1 on a free port until :meth:`close`: every request head received is added to ``received`` and
    answered with ``raw`` (bytes as they go on the wire, a test's malformed answer included)."""

    def __init__(self, raw: bytes = PLAIN_ANSWER) -> None:
        self.raw = raw
        self.received = bytearray()
        self.sock = socket.create_server(("127.0.0.1", 0))
        self.port = int(self.sock.getsockname()[1])
        self.url = f"http://127.0.0.1:{self.port}/x"
        threading.Thread(target=self._serve, daemon=True).start()

    def _serve(self) -> None:
        while True:
            try:
                conn, _ = self.sock.accept()
            except OSError:  # closed: the test is over
                return
            with conn, contextlib.suppress(OSError):  # a client that reset its connection ends only that one
                data = b""
                while b"\r\n\r\n" not in data:
                    chunk = conn.recv(65536)
                    if not chunk:
                        break
                    data += chunk
                self.received += data
                if data:  # a client that sent nothing has gone: there is nobody to answer
                    conn.sendall(self.raw)

    def close(self) -> None:
        with contextlib.suppress(OSError):  # wakes the thread blocked in accept() (a close alone does not, on Linux)
            self.sock.shutdown(socket.SHUT_RDWR)
        self.sock.close()
