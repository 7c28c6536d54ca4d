"""The PostgreSQL store's client-side bound on each statement (merchant_gateway.ledger.statement_bound).

First the bound itself, on real sockets (a connected pair standing for a database connection): a statement past its
bound has its socket shut down (the reader waiting on it wakes with end-of-file), one that ended in time is never
touched. Then the store on a real server whose backend stops answering (SIGSTOP: nothing of the server's bounds it,
as nothing bounds a statement waiting inside PgBouncer, test_ledger_outage_waiters.py): the transaction fails
closed with LedgerUnavailable, its writes are rolled back, and the broken connection is never handed out again.

No durations are asserted: the joins' limits are far past the bounds, only there so a failure cannot hang."""

from __future__ import annotations

import contextlib
import os
import signal
import socket
import threading
from collections.abc import Iterator
from typing import Any

import pytest
from merchant_gateway.ledger import LedgerUnavailable
from merchant_gateway.ledger.statement_bound import StatementBound
from merchant_gateway.ledger.store import STATEMENT_GRACE, PostgresStore


class _Conn:
    """What the bound uses of a psycopg connection: ``closed`` and ``fileno()``."""

    closed = False

    def __init__(self, sock: socket.socket) -> None:
        self._sock = sock

    def fileno(self) -> int:
        return self._sock.fileno()


@pytest.fixture
def bound() -> Iterator[StatementBound]:
    made = StatementBound(0.2, name="mgw-test-bound")
    yield made
    made.close()


def reader(sock: socket.socket) -> tuple[threading.Thread, list[bytes]]:
    """A thread waiting for the answer on ``sock``, as a driver waits for a statement's result."""
    got: list[bytes] = []
    thread = threading.Thread(target=lambda: got.append(sock.recv(1)), daemon=True)
    thread.start()
    return thread, got


def test_a_statement_past_its_bound_has_its_socket_shut_down(bound: StatementBound) -> None:
    ours, server = socket.socketpair()
    with ours, server:
        waiting, got = reader(ours)
        key = bound.arm(_Conn(ours))
        waiting.join(30)
        assert got == [b""], "the waiting reader was not woken with end-of-file"
        assert bound.end(key) is True
        assert bound.fired == 1
        assert isinstance(bound.expired(), LedgerUnavailable)
        assert "did not answer within 0.2 s" in str(bound.expired())


def test_a_statement_that_ended_in_time_is_never_touched(bound: StatementBound) -> None:
    """The first statement ends before its bound; the second, armed after it, is left to expire. Deadlines expire in
    the order they were armed, so once the second's socket is shut down the first's deadline has passed too: its
    socket still works."""
    first, first_peer = socket.socketpair()
    second, second_peer = socket.socketpair()
    with first, first_peer, second, second_peer:
        key = bound.arm(_Conn(first))
        assert bound.end(key) is False
        waiting, got = reader(second)
        later = bound.arm(_Conn(second))
        waiting.join(30)
        assert got == [b""]
        assert bound.end(later) is True
        first_peer.sendall(b"x")
        assert first.recv(1) == b"x"
        assert bound.fired == 1


def test_closing_the_bound_ends_its_thread() -> None:
    bound = StatementBound(30.0, name="mgw-test-bound-close")
    ours, _peer = socket.socketpair()
    with ours, _peer:
        key = bound.arm(_Conn(ours))
        assert [t for t in threading.enumerate() if t.name == "mgw-test-bound-close"]
        assert bound.end(key) is False
        bound.close()
        assert not [t for t in threading.enumerate() if t.name == "mgw-test-bound-close"]


def test_a_statement_in_flight_as_its_store_closes_stays_bounded() -> None:
    """A call still running on its connection when the store is closed (psycopg_pool's close leaves a connection in
    use alone) is cut at its bound all the same, instead of waiting as long as PgBouncer holds it; close() does not
    wait for it."""
    name = "mgw-test-bound-closing"
    bound = StatementBound(0.2, name=name)
    ours, peer = socket.socketpair()
    with ours, peer:
        waiting, got = reader(ours)
        key = bound.arm(_Conn(ours))
        bound.close()
        waiting.join(30)
        assert got == [b""], "the statement in flight as its store closed was not bounded"
        assert bound.end(key) is True
        for thread in [t for t in threading.enumerate() if t.name == name]:
            thread.join(30)
            assert not thread.is_alive()


class _Numbered:
    """A connection whose driver reports its socket by number only, as libpq does (``PQsocket``)."""

    closed = False

    def __init__(self, fd: int) -> None:
        self._fd = fd

    def fileno(self) -> int:
        return self._fd


def test_a_descriptor_number_reused_by_another_socket_is_never_shut_down(bound: StatementBound) -> None:
    """libpq closes its own descriptor when it reads end-of-file (the server went away), in the thread running the
    statement, before that thread ends the statement's bound; another socket of the process may then get the same
    number. The bound must shut down only the socket it was armed for, never whatever holds that number now."""
    ours, _ours_peer = socket.socketpair()
    with _ours_peer:
        number = ours.fileno()
        key = bound.arm(_Numbered(number))
        # the driver drops its connection, and another socket of this process is given the same number
        other, other_peer = socket.socketpair()
        ours.detach()
        os.dup2(other.fileno(), number)
        other.close()
        innocent = socket.socket(fileno=number)
        with innocent, other_peer:
            # a statement armed after it expires after it: once its socket is shut down, the first one's bound fired
            later_sock, later_peer = socket.socketpair()
            with later_sock, later_peer:
                waiting, got = reader(later_sock)
                later = bound.arm(_Conn(later_sock))
                waiting.join(30)
                assert got == [b""]
                assert bound.end(later) is True
            assert bound.end(key) is True
            other_peer.sendall(b"x")
            assert innocent.recv(1) == b"x", "the socket now holding the number was shut down"
            innocent.sendall(b"y")
            assert other_peer.recv(1) == b"y"


def test_a_failure_inside_the_watchdog_does_not_end_the_bound(
    bound: StatementBound, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    """Whatever goes wrong while one statement's socket is shut down, the statements after it are still bounded (a
    watchdog thread killed by an exception would leave every later statement unbounded, silently)."""
    from merchant_gateway.ledger import statement_bound

    real = statement_bound._shut_down
    failures = [RuntimeError("unexpected")]

    def flaky(*args: Any) -> None:
        if failures:
            raise failures.pop()
        real(*args)

    monkeypatch.setattr(statement_bound, "_shut_down", flaky)
    first, first_peer = socket.socketpair()
    second, second_peer = socket.socketpair()
    with first, first_peer, second, second_peer, caplog.at_level("WARNING", logger="merchant_gateway.ledger"):
        key = bound.arm(_Conn(first))
        waiting, got = reader(second)
        later = bound.arm(_Conn(second))
        waiting.join(30)
        assert got == [b""], "the statement after the failure was not bounded"
        assert bound.end(later) is True
        assert bound.end(key) is True
        assert "RuntimeError" in caplog.text


def test_an_idle_bound_lets_its_thread_end_and_starts_one_again_when_needed() -> None:
    """A store opened and never closed (a CLI, a test) must not leave a thread behind for the rest of the process:
    the thread ends once no statement has been in flight for a whole bound, and the next statement starts one."""
    name = "mgw-test-bound-idle"
    bound = StatementBound(0.1, name=name)
    try:
        first, first_peer = socket.socketpair()
        with first, first_peer:
            assert bound.end(bound.arm(_Conn(first))) is False
            (thread,) = [t for t in threading.enumerate() if t.name == name]
            thread.join(30)
            assert not thread.is_alive(), "the idle bound's thread still runs"
            waiting, got = reader(first)
            key = bound.arm(_Conn(first))
            waiting.join(30)
            assert got == [b""], "a statement after the idle thread ended was not bounded"
            assert bound.end(key) is True
    finally:
        bound.close()


@pytest.mark.skipif(not hasattr(os, "fork"), reason="no fork here")
def test_a_forked_child_has_a_bound_of_its_own(bound: StatementBound) -> None:
    """A pre-fork server forks after the store was made: the child has none of the parent's threads. Its
    statements are bounded all the same (exit 0), not left waiting forever (killed after 30 s: exit 3)."""
    warm, warm_peer = socket.socketpair()
    with warm, warm_peer:
        key = bound.arm(_Conn(warm))  # the parent's thread runs, a statement in flight, as the fork happens
        pid = os.fork()
        if pid == 0:  # the child: nothing but the bound, and always os._exit
            code = 1
            try:
                signal.alarm(30)
                signal.signal(signal.SIGALRM, lambda *_: os._exit(3))
                ours, peer = socket.socketpair()
                key = bound.arm(_Conn(ours))
                code = 0 if ours.recv(1) == b"" and bound.end(key) else 2
            finally:
                os._exit(code)
        _, status = os.waitpid(pid, 0)
        assert os.waitstatus_to_exitcode(status) == 0
        bound.end(key)


@contextlib.contextmanager
def stopped(pid: int) -> Iterator[None]:
    """The server's backend ``pid`` stopped (it answers nothing) for the block, then continued."""
    try:
        os.kill(pid, signal.SIGSTOP)
    except PermissionError:
        pytest.skip("cannot stop the server's backend here (not root, not its user)")
    try:
        yield
    finally:
        os.kill(pid, signal.SIGCONT)


@pytest.mark.timeout(120)
def test_a_statement_the_server_never_answers_fails_closed_and_its_connection_is_not_reused(
    own_postgres: Any,
) -> None:
    import psycopg

    server = own_postgres
    with psycopg.connect(server.url, autocommit=True) as admin:
        admin.execute("CREATE TABLE bound_probe (n int)")
    timeout = 1.0
    store = PostgresStore(server.url, timeout=timeout, min_size=1, max_size=1)  # one connection: the stopped one
    try:
        with store.transaction() as tx:
            pid = tx.execute("SELECT pg_backend_pid() AS pid")[0]["pid"]
        # a write, then the backend stops answering before the next statement of the same transaction
        with pytest.raises(LedgerUnavailable) as failed, store.transaction() as tx:  # noqa: PT012
            tx.execute("INSERT INTO bound_probe VALUES (1)")
            with stopped(pid):
                tx.execute("INSERT INTO bound_probe VALUES (2)")
        assert f"did not answer within {timeout + STATEMENT_GRACE:g} s" in str(failed.value)
        assert isinstance(failed.value.__cause__, psycopg.OperationalError)
        # the next transaction runs on a new connection, and the failed one wrote nothing
        with store.transaction() as tx:
            assert tx.execute("SELECT pg_backend_pid() AS pid")[0]["pid"] != pid
            assert tx.execute("SELECT count(*) AS n FROM bound_probe")[0]["n"] == 0
    finally:
        store.close()


def test_a_statement_answered_as_its_bound_fires_keeps_its_answer_and_its_connection_is_closed() -> None:
    """The answer arrives as the bound shuts the socket down (the driver read it first): the statement's answer
    stands (a COMMIT that says so committed), and the connection, whose socket is dead though the driver does not know
    it, is closed, so the pool discards it instead of handing it out (its check would fail then and drain the
    pool)."""
    from merchant_gateway.ledger.store import _bounded

    class Answered(_Conn):
        closes = 0

        def execute(self, sql: str, params: Any, *, prepare: Any) -> str:
            assert self._sock.recv(1) == b""  # returns once the bound shut the socket down
            return f"answer to {sql}"

        def close(self) -> None:
            self.closes += 1

    bound = StatementBound(0.1, name="mgw-test-bound-answered")
    ours, peer = socket.socketpair()
    try:
        with ours, peer:
            conn = Answered(ours)
            assert _bounded(bound, conn, "COMMIT") == "answer to COMMIT"
            assert bound.fired == 1
            assert conn.closes == 1
    finally:
        bound.close()
