"""Loopback ports for tests that need one nobody serves, or one their own server will listen on.

A port found by binding port 0 and closing the socket again is free for anyone from that moment: the suite's other
xdist workers start servers on port 0 all the time, and the kernel hands a just-closed port to the next bind(0) as
readily as any other. A test that expected "nothing listens there" then talked to another test's sandbox (answered,
or a reason other than "Connection refused"), and a server started later on a port found that way failed to bind or
was another test's. So the port is held for as long as the test needs it:

- :func:`refusing_port`: a socket bound to the port and never listening. Connections to it are refused (the kernel
  answers a SYN for a port with no listener with a reset), and while it is bound no other bind(0) is given the port
  and no outgoing connection takes it as its local port.
- :func:`bound_socket`: a socket bound to a port for a server that takes sockets (uvicorn's ``Server.run(sockets=)``
  listens on it), so the port is the test's from the start.

Standard library only: `make test-lowest` runs tests that use it in a venv of its own."""

from __future__ import annotations

import contextlib
import socket
from collections.abc import Iterator


@contextlib.contextmanager
def refusing_port() -> Iterator[int]:
    """A loopback port (127.0.0.1) on which every connection is refused until the ``with`` block ends."""
    with socket.socket() as held:
        held.bind(("127.0.0.1", 0))
        yield int(held.getsockname()[1])


def bound_socket() -> socket.socket:
    """A TCP socket bound to a free loopback port (127.0.0.1), not yet listening: hand it to the server, read its
    port with ``getsockname()[1]``, close it when the server has stopped."""
    sock = socket.socket()
    try:
        sock.bind(("127.0.0.1", 0))
    except OSError:
        sock.close()
        raise
    return sock
