"""The PostgreSQL store's client-side bound on each statement: one still unanswered ``bound`` seconds after it was
sent has its connection's socket shut down, so the call waiting for it fails at once and the connection is
discarded.

Why this module exists: the server's own bounds (``SET LOCAL lock_timeout``) cover only what the server sees.
Behind PgBouncer, during a PostgreSQL outage, the ledger's pooled connections (to PgBouncer) stay up and a
statement waits inside PgBouncer for a server connection, bounded only by PgBouncer's ``query_wait_timeout`` (120 s
by default). A cancel request (psycopg's ``cancel_safe()``) does not end that wait: PgBouncer 1.18 drops a cancel
for a client not linked to a server ("cancel request for idle client" in its log), the statement keeps waiting and
runs once the server is back. Shutting the socket down does end it: libpq reads end-of-file, psycopg raises
``OperationalError`` and marks the connection broken (psycopg_pool discards a broken connection, never hands it out
again), and PgBouncer drops the client together with its queued statement, which never reaches the server. The same
holds for a direct server that stopped answering (a hung host, a network partition). ``shutdown(2)`` on a duplicate
of the connection's descriptor (``Connection.fileno()``, public), not ``close()``: libpq keeps owning and closing
its descriptor, and the thread waiting on it wakes at once.

One thread per store, sleeping until the earliest deadline (every statement has the same bound, so deadlines come
in the order statements were armed). Arming and disarming is a dict operation under a lock; the thread holds that
lock while it shuts a socket down, so a statement disarmed by its caller (who may then close the connection, whose
descriptor number another socket may get) is never touched. libpq itself closes its descriptor when it reads
end-of-file, in the caller's thread before the statement is disarmed: so the socket is recognised by its identity
(device and inode, read by the caller as it arms), not by its number, and a socket that now holds the number is left
alone. The thread ends after a whole bound with nothing in flight and the next statement starts one (a store never
closed leaves no thread behind); a forked child starts its own; a failure while shutting a socket down is logged and
the thread goes on (a dead thread would leave every later statement unbounded).
"""

from __future__ import annotations

import itertools
import logging
import os
import socket
import threading
import time
import weakref
from typing import Any

from .errors import LedgerUnavailable

__all__ = ["StatementBound"]

logger = logging.getLogger("merchant_gateway.ledger")
# a socket as the caller armed it: its descriptor's number, and the device and inode that name the socket itself
_Identity = tuple[int, int, int]


class StatementBound:
    """Deadlines of the statements in flight on one store's connections; ``name``: the thread's name."""

    def __init__(self, bound: float, *, name: str) -> None:
        self.bound = float(bound)
        self.fired = 0  # statements whose connection was shut down (for tests and logs)
        self._name = name
        self._keys = itertools.count()
        self._closed = False
        self._fresh_state()
        _ALL.add(self)

    def _fresh_state(self) -> None:
        """No statement in flight, no thread: a new bound, and a forked child's (the parent's thread is not there,
        and its lock may have been held at the fork)."""
        self._lock = threading.Lock()
        self._wake = threading.Condition(self._lock)
        self._armed: dict[int, tuple[float, _Identity | None]] = {}  # key: (deadline, socket), in arming order
        self._expired: set[int] = set()
        self._thread: threading.Thread | None = None

    def arm(self, conn: Any) -> int:
        """A statement is about to be sent on ``conn``: its deadline starts now. Returns the key for :meth:`end`."""
        key = next(self._keys)
        identity = _identity(conn)
        with self._lock:
            # the deadline read under the lock: deadlines stay in the dict's order
            self._armed[key] = (time.monotonic() + self.bound, identity)
            # started after close() too: a call still running when its store was closed stays bounded
            if self._thread is None or not self._thread.is_alive():
                self._thread = threading.Thread(target=self._run, name=self._name, daemon=True)
                self._thread.start()
        return key

    def end(self, key: int) -> bool:
        """The statement returned or raised: whether its bound expired first (its connection was shut down)."""
        with self._lock:
            if self._armed.pop(key, None) is not None:
                return False
            if key in self._expired:
                self._expired.discard(key)
                return True
            return False

    def expired(self) -> LedgerUnavailable:
        """The error a statement ended by its bound raises (the driver's error attached as its cause)."""
        return LedgerUnavailable(
            f"the ledger's database did not answer within {self.bound:g} s (its connection was closed)",
            remedy="nothing was sent if this was before a request; open payments are settled by the reconciler once "
            "the database is back",
        )

    def close(self) -> None:
        """The thread ends now, or, while statements are still in flight (calls running as their store closes),
        once they have ended or been cut: not waited for here."""
        with self._lock:
            self._closed = True
            self._wake.notify_all()
            thread = None if self._armed else self._thread
        if thread is not None and thread is not threading.current_thread():
            thread.join()

    def _run(self) -> None:
        with self._lock:
            while True:
                if not self._armed:
                    if self._closed:
                        break
                    # a statement armed while this waits is due no sooner than ``bound`` from now: no need to wake
                    # this thread at every arming. Nothing armed for a whole bound: the thread ends (arm starts one)
                    self._wake.wait(self.bound)
                    if not self._armed:
                        break
                    continue
                key, (deadline, identity) = next(iter(self._armed.items()))
                left = deadline - time.monotonic()
                if left > 0:
                    self._wake.wait(left)
                    continue
                del self._armed[key]
                self._expired.add(key)
                self.fired += 1
                try:
                    _shut_down(identity)
                except Exception as exc:  # noqa: BLE001 - the bound goes on for the statements after this one
                    logger.warning(
                        "ledger: a statement's connection past its bound could not be closed (%s)", type(exc).__name__
                    )
            if self._thread is threading.current_thread():
                self._thread = None


# every bound of this process, for a forked child to reset (a weak set: a bound is not kept alive by it)
_ALL: weakref.WeakSet[StatementBound] = weakref.WeakSet()


def _after_fork_in_child() -> None:
    for bound in list(_ALL):
        bound._fresh_state()


if hasattr(os, "register_at_fork"):
    os.register_at_fork(after_in_child=_after_fork_in_child)


def _identity(conn: Any) -> _Identity | None:
    """The socket of ``conn`` as it is now (read by the thread that owns the connection, so its descriptor cannot be
    closed meanwhile); None when it has none (closed or lost: the statement fails on its own)."""
    try:
        if conn.closed:
            return None
        fd = conn.fileno()
        stat = os.fstat(fd)
    except Exception:  # noqa: BLE001 - the driver's error for a lost connection; the statement reports it
        return None
    return fd, stat.st_dev, stat.st_ino


def _shut_down(identity: _Identity | None) -> None:
    """End every wait on the armed socket: reads see end-of-file, the driver marks the connection broken. Only if
    the descriptor's number still names that socket: libpq may have closed it, and another socket taken the number."""
    if identity is None:
        return
    fd, device, inode = identity
    try:
        duplicate = os.dup(fd)
    except OSError:
        return
    try:
        stat = os.fstat(duplicate)  # the duplicate holds whatever socket it names: no change between check and use
        if (stat.st_dev, stat.st_ino) != (device, inode):
            os.close(duplicate)
            return
        sock = socket.socket(fileno=duplicate)
    except OSError:
        os.close(duplicate)
        return
    with sock:
        try:
            sock.shutdown(socket.SHUT_RDWR)
        except OSError:  # already disconnected: nothing waits on it any more
            return
