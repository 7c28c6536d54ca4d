"""tests/support/ports.py: the port a test holds as refusing stays refusing and stays the test's, whatever another
test's server does meanwhile; and the tests' PostgreSQL servers (merchant_gateway.ledger.testing) listen where no other
test's server on port 0 can be given their port, even while one is stopped for an outage."""

from __future__ import annotations

import socket
from pathlib import Path
from typing import Any

import pytest

from tests.support.ports import bound_socket, refusing_port


def test_a_refusing_port_refuses_connections_while_held() -> None:
    with refusing_port() as port, socket.socket() as client, pytest.raises(ConnectionRefusedError):
        client.connect(("127.0.0.1", port))


def test_no_other_server_can_take_a_refusing_port_while_held() -> None:
    """Another test's server binds as asyncio and uvicorn do, with SO_REUSEADDR: it still cannot take the port."""
    with refusing_port() as port, socket.socket() as other:
        other.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        with pytest.raises(OSError, match="Address already in use"):
            other.bind(("127.0.0.1", port))


def test_a_bound_socket_is_the_servers_to_listen_on() -> None:
    with bound_socket() as sock:
        port = sock.getsockname()[1]
        assert sock.getsockname()[0] == "127.0.0.1"
        sock.listen()
        with socket.create_connection(("127.0.0.1", port), timeout=10) as client:
            served, _ = sock.accept()
            with served:
                client.sendall(b"x")
                assert served.recv(1) == b"x"


def test_the_tests_postgresql_listens_below_the_kernels_ephemeral_range(postgres_server: Any) -> None:
    ephemeral = Path("/proc/sys/net/ipv4/ip_local_port_range")
    if not ephemeral.exists():
        pytest.skip("the kernel does not say where its ephemeral ports are (not Linux)")
    low = int(ephemeral.read_text(encoding="ascii").split()[0])
    assert 10_000 <= postgres_server.port < low


def test_without_linuxs_proc_the_range_is_read_from_the_sysctl_macos_and_the_bsds_have(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """macOS has no /proc: its ephemeral range starts where `sysctl -n net.inet.ip.portrange.first` says (a stand-in
    sysctl here, saying 20000: the kernel's own bind(0) on this machine never gives a port that low)."""
    from merchant_gateway.ledger import testing

    sysctl = tmp_path / "sysctl"
    sysctl.write_text('#!/bin/sh\n[ "$1 $2" = "-n net.inet.ip.portrange.first" ] && echo 20000\n', encoding="ascii")
    sysctl.chmod(0o755)
    monkeypatch.setattr(testing, "_EPHEMERAL_RANGE", str(tmp_path / "no-proc-here"))
    monkeypatch.setenv("PATH", str(tmp_path))
    for _ in range(20):
        assert 10_000 <= testing._free_port() < 20_000
