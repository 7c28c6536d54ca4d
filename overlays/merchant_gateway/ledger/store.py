"""Where the ledger keeps its rows: SQLite (embedded default) or PostgreSQL (many machines).

Why this module exists: the ledger's rules (merchant_gateway/ledger/ledger.py) are written once, in SQL both
databases understand; this module hides the three things that differ: how a connection is made and shared, how a
write transaction starts (SQLite serialises writers with ``BEGIN IMMEDIATE``; PostgreSQL locks rows), and how a
batch of due rows is claimed by one worker (PostgreSQL ``FOR UPDATE SKIP LOCKED``; SQLite needs nothing more than
its single writer). SQL is written with ``?`` placeholders; the PostgreSQL store rewrites them to ``%s`` (outside
quoted text; a literal ``%``, as in ``LIKE 'OD-%'``, is kept as written).

Two promises every store keeps, so that every process of a fleet reads the same ledger the same way:

- one clock: :meth:`Store.now` is the time every ledger write stores and every comparison uses, read inside the
  transaction: PostgreSQL's ``clock_timestamp()`` (one clock for every machine of the fleet), SQLite's process
  clock (one machine);
- fails closed, with our error: any database failure (locked, corrupt or full file, server down or restarted)
  surfaces as :class:`~merchant_gateway.ledger.LedgerUnavailable` within ``timeout`` seconds (SQLite's busy
  timeout; PostgreSQL's connect, pool and lock waits), never as a driver exception. What the PostgreSQL server never
  sees is bounded on the client: a statement unanswered ``timeout`` + :data:`STATEMENT_GRACE` seconds after it was
  sent (behind PgBouncer, waiting in it for a server that is down, whatever its ``query_wait_timeout``; a server
  that stopped answering) has its connection closed (statement_bound.py): the call fails closed, the transaction is
  rolled back by the server (but a COMMIT so cut may have committed, as one whose connection is lost: a write-ahead
  that did is an open payment the reconciler settles), and the pool discards the connection.

URLs: ``sqlite:////absolute/path.db`` (a relative path is refused: each process would resolve it in its own working
directory), ``sqlite:///:memory:`` (one process, tests);
``postgresql://user:pass@host:port/dbname`` (or ``postgres://``; needs the extra ``postgres``: psycopg 3 and
psycopg-pool).
"""

from __future__ import annotations

import contextlib
import functools
import math
import os
import re
import select
import sqlite3
import threading
import time
import urllib.parse
import weakref
from collections.abc import Callable, Iterator, Sequence
from typing import Any, Protocol

from ..config import DEFAULT_TIMEOUT
from ..errors import ConfigurationError
from .errors import LedgerUnavailable
from .migrations import (
    SCHEMA_VERSION,
    Migrated,
    apply_steps,
    check_version,
    prepare_sqlite_file,
    refusal,
    stored_version,
)
from .migrations import Tx as Tx  # defined beside the migrations, which run in one (no import cycle)
from .statement_bound import StatementBound

__all__ = ["SCHEMA_VERSION", "PostgresStore", "SqliteStore", "Store", "Tx", "migrate", "open_store", "read_version"]


class Store(Protocol):
    dialect: str
    url: str
    timeout: float

    def transaction(self, *, fast: bool = False, read: bool = False) -> contextlib.AbstractContextManager[Tx]: ...

    def server_now(self, tx: Tx) -> float | None: ...

    def now(self, tx: Tx) -> float: ...

    def close(self) -> None: ...


# --- SQLite ------------------------------------------------------------------------------------------------------


class _SqliteTx:
    dialect = "sqlite"

    def __init__(self, conn: sqlite3.Connection) -> None:
        self._conn = conn

    @property
    def connection(self) -> sqlite3.Connection:
        return self._conn

    def execute(self, sql: str, params: Sequence[Any] = ()) -> list[dict[str, Any]]:
        cur = self._conn.execute(sql, tuple(params))
        if cur.description is None:
            return []
        names = [d[0] for d in cur.description]
        return [dict(zip(names, row, strict=True)) for row in cur.fetchall()]

    def rowcount(self, sql: str, params: Sequence[Any] = ()) -> int:
        return self._conn.execute(sql, tuple(params)).rowcount


class SqliteStore:
    """One SQLite file shared by the processes of one machine (WAL mode; writers serialised by the file lock).

    Connections are pooled (idle ones kept up to ``max_idle`` per kind), not tied to threads: a web server that
    starts a thread per request must not leave a connection behind per thread. ``synchronous=FULL`` by default:
    a committed ledger write survives a power cut (``?synchronous=NORMAL`` in the URL trades that for speed;
    process crashes are safe either way).
    Rate-limiter transactions (``fast=True``) use a connection with ``synchronous=OFF``: that state need not
    survive a power cut.
    """

    dialect = "sqlite"

    def __init__(
        self,
        path: str,
        *,
        synchronous: str = "FULL",
        timeout: float = DEFAULT_TIMEOUT,
        max_idle: int = 8,
        expect_schema: int | None = SCHEMA_VERSION,
    ) -> None:
        if synchronous.upper() not in ("OFF", "NORMAL", "FULL", "EXTRA"):
            raise ConfigurationError("synchronous", "must be OFF, NORMAL, FULL or EXTRA")
        _check_timeout(timeout)
        self.path = path
        self.url = f"sqlite:///{path}"
        self.timeout = float(timeout)
        self._synchronous = synchronous.upper()
        self._busy = self.timeout
        self._max_idle = max_idle
        self._idle: dict[bool, list[sqlite3.Connection]] = {False: [], True: []}
        self._lock = threading.Lock()
        self._memory_conn: sqlite3.Connection | None = None
        self._memory_lock = threading.RLock()
        if path == ":memory:":  # a new, private database at every open: it starts at this package's schema
            with self.transaction() as tx:
                apply_steps(tx)
        elif expect_schema is not None:  # an ordinary open: the schema is checked, never changed
            if not os.path.exists(path):  # never created here: a mistyped path must not start an empty ledger
                raise refusal(None, expect_schema, self.url)
            with self.transaction(read=True) as tx:
                check_version(tx, self.url, expects=expect_schema)

    def _connect(self, synchronous: str) -> sqlite3.Connection:
        # Only settings of this connection here, none that takes a lock on the file: the journal mode (WAL) is set
        # once by the migration and kept in the file (setting it at every connect made processes that start
        # together fail with "database is locked"). The busy timeout makes every lock wait up to the timeout.
        conn = sqlite3.connect(self.path, timeout=self._busy, isolation_level=None, check_same_thread=False)
        conn.execute(f"PRAGMA busy_timeout={int(self._busy * 1000)}")
        conn.execute(f"PRAGMA synchronous={synchronous}")
        return conn

    def _take(self, fast: bool) -> sqlite3.Connection:
        if self.path == ":memory:":  # one connection (one database) shared by the threads of this process
            if self._memory_conn is None:
                self._memory_conn = self._connect("OFF")
            return self._memory_conn
        with self._lock:
            idle = self._idle[fast]
            if idle:
                return idle.pop()
        return self._connect("OFF" if fast else self._synchronous)

    def _give_back(self, conn: sqlite3.Connection, fast: bool) -> None:
        if conn is self._memory_conn:
            return
        with self._lock:
            idle = self._idle[fast]
            if len(idle) < self._max_idle:
                idle.append(conn)
                return
        conn.close()

    @contextlib.contextmanager
    def transaction(self, *, fast: bool = False, read: bool = False) -> Iterator[Tx]:
        """``read=True``: a transaction that only reads (no write lock taken: it waits for no writer)."""
        with _unavailable_on(sqlite3.Error, OSError), self._transaction(fast, read) as tx:
            yield tx

    @contextlib.contextmanager
    def _transaction(self, fast: bool, read: bool = False) -> Iterator[Tx]:
        guard = self._memory_lock if self.path == ":memory:" else contextlib.nullcontext()
        with guard:
            conn = self._take(fast)
            try:
                # take the write lock now: no upgrade deadlock, no lost update
                conn.execute("BEGIN" if read else "BEGIN IMMEDIATE")
                try:
                    yield _SqliteTx(conn)
                except BaseException:
                    if conn.in_transaction:  # SQLite rolls back by itself on some errors (a full disk)
                        with contextlib.suppress(sqlite3.Error):
                            conn.execute("ROLLBACK")
                    raise
                conn.execute("COMMIT")
            except BaseException:
                if not conn.in_transaction:
                    self._give_back(conn, fast)
                else:  # a connection in an unknown state is not reused
                    with contextlib.suppress(sqlite3.Error):
                        conn.close()
                raise
            self._give_back(conn, fast)

    def server_now(self, tx: Tx) -> float | None:
        return None  # one machine: the processes share its clock

    def now(self, tx: Tx) -> float:
        return time.time()

    def close(self) -> None:
        with self._lock:
            conns = self._idle[False] + self._idle[True]
            self._idle = {False: [], True: []}
        if self._memory_conn is not None:
            conns.append(self._memory_conn)
        for conn in conns:
            with contextlib.suppress(sqlite3.Error):
                conn.close()
        self._memory_conn = None


# --- PostgreSQL --------------------------------------------------------------------------------------------------


class _PgTx:
    dialect = "postgresql"

    def __init__(
        self, conn: Any, *, prepare: bool = True, started: float | None = None, bound: StatementBound | None = None
    ) -> None:
        self._conn = conn
        self._prepare = prepare
        self._started = started  # the server's clock read as the transaction began, until the first now()
        self._bound = bound

    def take_started(self) -> float | None:
        """The server's clock as the transaction began, once (then None: a later read is a fresh one)."""
        started, self._started = self._started, None
        return started

    @property
    def connection(self) -> Any:
        return self._conn

    def execute(self, sql: str, params: Sequence[Any] = ()) -> list[dict[str, Any]]:
        cur = _bounded(self._bound, self._conn, pg_sql(sql), tuple(params), self._prepare and _preparable(sql))
        if not _has_rows(cur):
            return []
        rows: list[dict[str, Any]] = cur.fetchall()  # already received: a client-side cursor reads all at execute
        return rows

    def rowcount(self, sql: str, params: Sequence[Any] = ()) -> int:
        prepare = self._prepare and _preparable(sql)
        count: int = _bounded(self._bound, self._conn, pg_sql(sql), tuple(params), prepare).rowcount
        return count


def _bounded(
    bound: StatementBound | None,
    conn: Any,
    sql: str,
    params: tuple[Any, ...] | None = None,
    prepare: bool | None = None,
) -> Any:
    """``conn.execute`` under the store's client-side bound (statement_bound.py): a statement the bound ended raises
    LedgerUnavailable saying so, the driver's error as its cause. Arguments as psycopg's (``params`` None: the simple
    protocol, which takes several statements in one)."""
    if bound is None:
        return conn.execute(sql, params, prepare=prepare)
    key = bound.arm(conn)
    try:
        cur = conn.execute(sql, params, prepare=prepare)
    except BaseException as exc:
        if bound.end(key):
            raise bound.expired() from exc
        raise
    if bound.end(key):
        # answered just as its bound shut the socket down: the answer stands (a COMMIT that says so committed), but
        # the connection is dead and the driver does not know it yet. Closed, the pool discards it when it comes back;
        # handed out again, it would fail the pool's check and drain every connection of the pool as if the server
        # had restarted
        conn.close()
    return cur


_CLOCK_SQL = "SELECT extract(epoch from clock_timestamp())::float8 AS now"


def _has_rows(cur: Any) -> bool:
    """Whether the cursor's current result is a set of rows (a SELECT, a RETURNING): psycopg's ``rownumber`` is None
    for any other result. Not ``cursor.description``, which builds a column object per column at every read (a
    whole payment: ~40)."""
    return cur.rownumber is not None


@functools.lru_cache(maxsize=512)
def _preparable(sql: str) -> bool:
    """Whether a statement may be prepared on the server (kept per connection). Not one that selects ``*``: its
    result type changes when a migration adds a column, and PostgreSQL then refuses the prepared statement ("cached
    plan must not change result type") in every process that was running across the migration."""
    return "*" not in sql


@functools.lru_cache(maxsize=512)
def pg_sql(sql: str) -> str:
    """``?`` placeholders as psycopg's ``%s``, outside quoted text and comments; every literal ``%`` doubled (psycopg
    reads ``%`` as a placeholder anywhere when parameters are given, even inside ``'OD-%'``)."""
    out: list[str] = []
    quote: str | None = None
    i, n = 0, len(sql)
    while i < n:
        ch = sql[i]
        if ch == "%":
            out.append("%%")
        elif quote is not None:
            out.append(ch)
            if ch == quote:
                quote = None
        elif ch in "'\"":
            quote = ch
            out.append(ch)
        elif ch == "-" and sql.startswith("--", i):
            end = sql.find("\n", i)
            end = n if end < 0 else end
            out.append(sql[i:end].replace("%", "%%"))
            i = end
            continue
        elif ch == "?":
            out.append("%s")
        else:
            out.append(ch)
        i += 1
    return "".join(out)


class PostgresStore:
    """A PostgreSQL database shared by every worker on every machine (psycopg 3 and its connection pool).

    Claims use ``FOR UPDATE SKIP LOCKED``; rate-limiter transactions (``fast=True``) commit with
    ``synchronous_commit = off`` and read the server's clock, so machines with skewed clocks share one window.
    """

    dialect = "postgresql"

    def __init__(
        self,
        url: str,
        *,
        min_size: int = 1,
        max_size: int = 10,
        timeout: float = DEFAULT_TIMEOUT,
        expect_schema: int | None = SCHEMA_VERSION,
        bound_statements: bool = True,
    ) -> None:
        """``bound_statements=False``: no client-side bound on a statement (:func:`migrate`: building an index on a
        large table may take longer than any call's timeout)."""
        try:
            import psycopg
            from psycopg.rows import dict_row
            from psycopg_pool import ConnectionPool, PoolTimeout
        except ImportError:  # pragma: no cover - depends on the installation
            raise ConfigurationError(
                "MGW_LEDGER_URL", "a postgresql:// ledger needs: pip install 'merchant-gateway-client[postgres]'"
            ) from None
        _check_timeout(timeout)
        self.url = url
        self.timeout = float(timeout)
        self._errors: tuple[type[BaseException], ...] = (psycopg.Error, PoolTimeout, OSError)
        self._hidden = _passwords(url)
        self._waiting = _Waiting()
        # drains of the pool so far (after a server restart, below), and after how many drains each pooled
        # connection was made
        self.drains = 0
        self._born: weakref.WeakKeyDictionary[Any, int] = weakref.WeakKeyDictionary()
        self._drain_lock = threading.Lock()
        # what the server never sees is bounded here: a statement waiting inside PgBouncer for a server that is down
        # (up to its query_wait_timeout, 120 s by default), or sent to a server that stopped answering. A grace past
        # the timeout: when the server runs the statement, its own lock bound (equal to the timeout) answers first
        self._bound = (
            StatementBound(self.timeout + STATEMENT_GRACE, name="mgw-ledger-statements") if bound_statements else None
        )
        url, self.pool_mode = _pool_mode(url)
        self._conninfo = url
        # behind PgBouncer in transaction mode a server connection serves another client after each transaction:
        # no server-side prepared statement survives it (PgBouncer 1.18 does not track them)
        self._prepare = self.pool_mode == "session"
        # every wait of one ledger call bounded by the timeout: connecting, and a row lock held elsewhere. The lock
        # bound is set in each transaction (SET LOCAL), not as a startup option: PgBouncer refuses unknown startup
        # parameters, and in transaction mode a session's SET would not follow the next transaction
        self._lock_timeout = f"SET LOCAL lock_timeout = {max(1, int(self.timeout * 1000))}"
        self._begin = f"BEGIN; {self._lock_timeout}; {_CLOCK_SQL}"
        # rate-limiter transactions: their state need not survive a power cut
        self._begin_fast = f"BEGIN; {self._lock_timeout}; SET LOCAL synchronous_commit = off"
        connection: dict[str, Any] = {
            "row_factory": dict_row,
            "autocommit": True,
            "connect_timeout": max(1, math.ceil(self.timeout)),
        }
        if not self._prepare:  # psycopg prepares a statement run often by itself too: never
            connection["prepare_threshold"] = None
        self._pool = ConnectionPool(
            url,
            min_size=min_size,
            max_size=max_size,
            kwargs=connection,
            timeout=self.timeout,  # waiting for a free pooled connection
            # a pooled connection is checked before it is handed out: after a server restart the stale ones are
            # replaced instead of failing the next ledger call
            check=self._check_connection,
            configure=self._made,
            # while the server is down the pool retries a connection with a growing back-off (1, 2, 4, 8 s...);
            # after an outage of 45 s its next try could be 20 s after the server was back. Each series of tries
            # gives up after RECONNECT_WITHIN instead, and the next request for a connection starts a new one at
            # once: the first ledger call after the server returns connects without waiting for an old back-off
            reconnect_timeout=RECONNECT_WITHIN,
            reconnect_failed=self._try_again,
            open=False,
            name="mgw-ledger",
        )
        # the schema's version is read over one direct connection first (read only: the schema changes only by
        # migrate()): a server that is down fails here at once with its own reason (connection refused...), not
        # after the pool's whole wait as "couldn't get a connection"
        try:
            with _unavailable_on(*self._errors, hidden=self._hidden):
                with psycopg.connect(url, **connection) as conn:
                    if expect_schema is not None:
                        _bounded(self._bound, conn, "BEGIN")
                        check_version(_PgTx(conn, prepare=self._prepare, bound=self._bound), url, expects=expect_schema)
                        _bounded(self._bound, conn, "COMMIT")
                self._pool.open(wait=False)
        except BaseException:
            if self._bound is not None:
                self._bound.close()
            raise

    def _check_connection(self, conn: Any) -> None:
        """The pool's check of a connection it hands out, without a round trip while the connection looks alive: a
        query here (psycopg_pool's own check sends an empty one) would be one more server transaction for every
        ledger transaction. A server that ends a connection (a restart, a shutdown, an administrator's kill) says so
        on its socket: an idle connection whose socket is readable, or that psycopg knows closed, gets the real
        check."""
        if not (conn.closed or conn.broken or _readable(conn.fileno())):
            return
        key = self._bound.arm(conn) if self._bound is not None else None
        try:
            type(self._pool).check_connection(conn)
        except Exception:
            # the server went away (a restart): every idle connection is as stale as this one. Replaced all at once;
            # met one by one, each failed check costs psycopg_pool a longer back-off (1, 2, 4 s...) and four stale
            # connections outlast a 5 s timeout
            self._drain_once(conn)
            raise
        finally:
            if key is not None and self._bound is not None:
                self._bound.end(key)

    def _made(self, conn: Any) -> None:
        """The pool's ``configure`` of each new connection: the drains it comes after."""
        self._born[conn] = self.drains

    def _drain_once(self, stale: Any) -> None:
        """Drain the pool, unless ``stale`` was made before the latest drain: that drain replaced it already
        (psycopg_pool discards a connection made before its drain once it comes back). Several calls meeting the
        stale connections of one restart at once each failed their check and each drained, and a drain after the
        first closes the connections the first one just made. Keyed on our own record of each connection's drain
        count (made in ``configure``), not on the pool's private creation time."""
        with self._drain_lock:
            if self._born.get(stale, self.drains) < self.drains:
                return
            self.drains += 1
        self._pool.drain()

    def _try_again(self, pool: Any) -> None:
        """A series of reconnection tries gave up. psycopg_pool starts the next one only for a new request for a
        connection: the ledger calls already waiting for one would wait to their timeout although the server may be
        back a moment later. While any waits, another series starts at once (``check`` grows a pool that lost its
        connections); with none waiting nothing is tried until one asks. Our own count of waiting calls, not the
        pool's ``requests_waiting``: a request that timed out stays in psycopg_pool's queue until a connection is
        made, so one call that gave up kept the tries (each a connection attempt and the driver's warning lines)
        going on behalf of nobody for the rest of the outage."""
        if self._waiting.count:
            pool.check()

    @contextlib.contextmanager
    def _connection(self) -> Iterator[Any]:
        """A pooled connection, the call counted while it waits for one (not while it uses it)."""
        with contextlib.ExitStack() as lease:
            with self._waiting:
                conn = lease.enter_context(self._pool.connection())
            yield conn

    @contextlib.contextmanager
    def transaction(self, *, fast: bool = False, read: bool = False) -> Iterator[Tx]:
        with _unavailable_on(*self._errors, hidden=self._hidden), self._connection() as conn:
            # BEGIN, the lock bound and (but for fast ones) the server's clock in one round trip (no parameters: the
            # simple protocol takes several statements): nearly every ledger transaction reads the clock first
            # (:meth:`now`), and a ledger transaction is a handful of round trips, so each one fewer counts.
            # psycopg's conn.transaction() would send BEGIN on its own round trip
            try:
                cur = _bounded(self._bound, conn, self._begin_fast if fast else self._begin)
                started: float | None = None
                if not fast:
                    while not _has_rows(cur) and cur.nextset():
                        pass
                    started = float(cur.fetchone()["now"])
                yield _PgTx(conn, prepare=self._prepare, started=started, bound=self._bound)
            except BaseException:
                _roll_back(conn, self._bound)
                raise
            if _bounded(self._bound, conn, "COMMIT").statusmessage != "COMMIT":
                # the server ends a transaction in error with ROLLBACK even when asked to COMMIT: nothing was
                # written, which the caller must not take for a committed step
                raise LedgerUnavailable(
                    "the ledger's transaction was rolled back by the database after a failed statement",
                    remedy="nothing was written; the step it guarded was not taken",
                )

    def server_now(self, tx: Tx) -> float | None:
        rows = tx.execute(_CLOCK_SQL)
        return float(rows[0]["now"])

    def now(self, tx: Tx) -> float:
        started = tx.take_started() if isinstance(tx, _PgTx) else None
        if started is not None:
            return started
        rows = tx.execute(_CLOCK_SQL)
        return float(rows[0]["now"])

    def listen(
        self,
        channel: str,
        notice: Callable[[], None],
        stop: threading.Event,
        *,
        wanted: Callable[[str], bool] | None = None,
    ) -> None:
        """Call ``notice`` for every notification on ``channel`` until ``stop`` is set, over a connection of its own
        (outside the pool: LISTEN is session state; behind PgBouncer in transaction mode it is not kept, so a
        reconciler there does not listen). ``wanted``: given a notification's payload, whether it calls
        ``notice`` (the listener skips work it would find in time anyway). A lost connection is made again after
        ``timeout``; ``notice`` is also called on each (re)connection, since a notice may have been missed
        meanwhile."""
        import psycopg

        while not stop.is_set():
            try:
                with psycopg.connect(
                    self._conninfo, autocommit=True, connect_timeout=max(1, math.ceil(self.timeout))
                ) as conn:
                    conn.execute(f"LISTEN {channel}")
                    notice()
                    while not stop.is_set():
                        for note in conn.notifies(timeout=1.0, stop_after=1):
                            if wanted is None or wanted(note.payload):
                                notice()
            except (psycopg.Error, OSError):
                stop.wait(self.timeout)

    def close(self) -> None:
        self._pool.close()
        if self._bound is not None:
            self._bound.close()


def _roll_back(conn: Any, bound: StatementBound | None = None) -> None:
    """End a failed transaction: ROLLBACK, unless the connection cannot take a statement now (broken, or a
    statement still running after an interrupt); the pool then discards or rolls back the connection it gets back
    (psycopg_pool never hands out a connection left in a transaction)."""
    from psycopg import pq

    if conn.closed or conn.broken or conn.info.transaction_status == pq.TransactionStatus.ACTIVE:
        return
    try:
        _bounded(bound, conn, "ROLLBACK")
    except Exception:  # noqa: BLE001 - the error that ended the transaction is the one to raise
        return


def _readable(fd: int) -> bool:
    """Whether an idle connection's socket has something to read: nothing is expected on it between transactions
    (no LISTEN on pooled connections), so data or end-of-file means the server spoke or went away."""
    try:
        ready, _, _ = select.select([fd], [], [], 0)
    except (OSError, ValueError):
        return True
    return bool(ready)


# seconds a statement may go unanswered past the timeout before the store closes its connection (statement_bound.py)
STATEMENT_GRACE = 0.5
# seconds one series of reconnection tries lasts before the pool gives it up (the next request starts a new one)
RECONNECT_WITHIN = 2.0
POOL_MODES = ("session", "transaction")


class _Waiting:
    """How many calls wait for a pooled connection now: entered as a call starts to wait, left once it has one or
    gave up (threads of the process share it)."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self.count = 0

    def __enter__(self) -> None:
        with self._lock:
            self.count += 1

    def __exit__(self, *exc: object) -> None:
        with self._lock:
            self.count -= 1


def _pool_mode(url: str) -> tuple[str, str]:
    """The URL without its ``pool_mode`` query parameter (ours, not libpq's), and that mode: ``session`` (a direct
    server, or PgBouncer in session mode; the default) or ``transaction`` (PgBouncer in transaction mode)."""
    parts = urllib.parse.urlsplit(url)
    if "pool_mode" not in parts.query:
        return url, "session"
    query = urllib.parse.parse_qsl(parts.query, keep_blank_values=True)
    modes = [value for key, value in query if key == "pool_mode"]
    if len(modes) != 1 or modes[0] not in POOL_MODES:
        raise ConfigurationError(
            "MGW_LEDGER_URL",
            f"pool_mode must be given once, one of {', '.join(POOL_MODES)}",
            remedy="add ?pool_mode=transaction to the URL of a PgBouncer in transaction pooling mode; leave it out "
            "for a direct server",
        )
    rest = urllib.parse.urlencode([(k, v) for k, v in query if k != "pool_mode"])
    return urllib.parse.urlunsplit(parts._replace(query=rest)), modes[0]


def _check_timeout(timeout: float) -> None:
    if not isinstance(timeout, int | float) or not math.isfinite(timeout) or not 0 < timeout <= 3600:
        raise ConfigurationError("timeout", "must be a number of seconds from above 0 to 3600 (the gateway's timeout)")


@contextlib.contextmanager
def _unavailable_on(*errors: type[BaseException], hidden: tuple[str, ...] = ()) -> Iterator[None]:
    """Driver failures become LedgerUnavailable (the driver's exception stays attached as the cause, for logs;
    the message keeps only the first line of the driver's, which names no parameter value). Our own errors pass
    through unchanged. ``hidden``: the URL's password; libpq quotes a malformed one in its message (``unexpected
    spaces found in "..."``): it is masked, and such an exception is not kept as the cause."""
    try:
        yield
    except LedgerUnavailable:
        raise
    except errors as exc:
        sqlstate = getattr(exc, "sqlstate", None)
        first = (str(exc).strip().splitlines() or [""])[0]
        refused = _refused_access(exc, first)
        if refused is not None:  # configuration, not an outage: retrying cannot help (exit 2, not 6)
            reason = functools.reduce(lambda text, secret: text.replace(secret, "***"), hidden, refused)[:160]
            raise ConfigurationError(
                "MGW_LEDGER_URL",
                f"the ledger's database refused this process ({reason})",
                remedy="check the user, password and database in the URL, and the role's rights: SELECT, INSERT, "
                'UPDATE and DELETE on the ledger\'s tables (docs/operations.md, "Database roles"); a restart '
                "does not help",
            ) from None
        shown = functools.reduce(lambda text, secret: text.replace(secret, "***"), hidden, first)[:120]
        what = f"{type(exc).__name__}{f' {sqlstate}' if sqlstate else ''}{f': {shown}' if shown else ''}"
        error = LedgerUnavailable(  # the remedy apart: a message is capped at 200 characters, a long reason cut it
            f"the ledger's database cannot be used ({what})",
            remedy="nothing was sent if this was before a request; open payments are settled by the reconciler once "
            "the database is back",
        )
        if any(secret in str(exc) for secret in hidden):
            raise error from None
        raise error from exc


# PostgreSQL: the role may not do this (insufficient_privilege), the role or password is wrong
# (invalid_authorization_specification, invalid_password), the database does not exist (invalid_catalog_name)
_REFUSED_SQLSTATES = {"42501", "28000", "28P01", "3D000"}
# a refused connection carries no SQLSTATE in psycopg: the server's FATAL message says why (in English unless the
# server's lc_messages says otherwise)
_REFUSED_CONNECT = re.compile(
    r"FATAL:\s+(password authentication failed|role \S+ does not exist|database \S+ does not exist|no pg_hba\.conf "
    r"entry|permission denied for database|Ident authentication failed|Peer authentication failed).*"
)
# SQLite: the file is read-only or cannot be opened for this user
_REFUSED_SQLITE = {"SQLITE_READONLY", "SQLITE_PERM", "SQLITE_AUTH", "SQLITE_CANTOPEN"}


def _refused_access(exc: BaseException, first: str) -> str | None:
    """The reason, when the database refused this process's identity or rights (not an outage)."""
    if getattr(exc, "sqlstate", None) in _REFUSED_SQLSTATES:
        return first
    found = _REFUSED_CONNECT.search(str(exc))
    if found is not None:
        return found.group(0).replace("FATAL:  ", "").replace("FATAL: ", "")
    name = getattr(exc, "sqlite_errorname", "")
    if isinstance(name, str) and name.split("_")[:2] and "_".join(name.split("_")[:2]) in _REFUSED_SQLITE:
        return first
    return None


def _passwords(url: str) -> tuple[str, ...]:
    """The URL's password as written and decoded (libpq may quote either), longest first."""
    try:
        password = urllib.parse.urlsplit(url).password
    except ValueError:
        return ()
    if not password:
        return ()
    return tuple(sorted({password, urllib.parse.unquote(password)}, key=len, reverse=True))


def open_store(url: str | None = None, **options: Any) -> SqliteStore | PostgresStore:
    """A store from a URL (default: ``MGW_LEDGER_URL``; neither is a ConfigurationError). ``timeout``: the
    bound of every database wait of one ledger call (default: the gateway's default timeout); give it the
    gateway's ``timeout`` so a ledger call never outlasts the call it guards.

    The ledger's schema must be this package's (:data:`SCHEMA_VERSION`): another one, or none, is a
    ConfigurationError naming the command that fixes it (:func:`migrate`); nothing is created or changed here."""
    url = _url(url)
    scheme = url.partition("://")[0]
    if scheme == "sqlite":
        path, synchronous = _sqlite_target(url)
        return SqliteStore(path, synchronous=synchronous, **options)
    return PostgresStore(url, **options)


def migrate(url: str | None = None, *, timeout: float = DEFAULT_TIMEOUT, target: int | None = None) -> Migrated:
    """Bring the ledger's schema to this package's version (creating the ledger if there is none): the one call
    for deploy scripts (``Ledger.migrate(url)``; ``mgw ledger migrate`` on the command line). Run it with a role
    allowed to create and alter tables, before starting processes of a new version; running it again changes
    nothing. Processes of the previous version keep working on the migrated ledger (every step only adds).
    ``target``: stop at that version (tests that play an older package)."""
    url = _url(url)
    goal = SCHEMA_VERSION if target is None else target
    if url.partition("://")[0] == "sqlite":
        path, _ = _sqlite_target(url)
        if path != ":memory:":
            with _unavailable_on(sqlite3.Error, OSError):
                prepare_sqlite_file(path, timeout=timeout)
        store: SqliteStore | PostgresStore = SqliteStore(path, timeout=timeout, expect_schema=None)
    else:
        store = PostgresStore(url, timeout=timeout, expect_schema=None, max_size=1, bound_statements=False)
    try:
        with store.transaction() as tx:
            return apply_steps(tx, target=goal)
    finally:
        store.close()


def read_version(url: str | None = None, *, timeout: float = DEFAULT_TIMEOUT) -> int | None:
    """The ledger's schema version (None: no ledger there), read without changing or creating anything."""
    url = _url(url)
    if url.partition("://")[0] == "sqlite":
        path, _ = _sqlite_target(url)
        if path == ":memory:" or not os.path.exists(path):
            return None
        store: SqliteStore | PostgresStore = SqliteStore(path, timeout=timeout, expect_schema=None)
    else:
        store = PostgresStore(url, timeout=timeout, expect_schema=None, max_size=1)
    try:
        with store.transaction(read=True) as tx:
            return stored_version(tx)
    finally:
        store.close()


def _url(url: str | None) -> str:
    url = url or os.environ.get("MGW_LEDGER_URL")
    if not url:  # no silent default: a process with its own file in the working directory splits the fleet
        raise ConfigurationError(
            "MGW_LEDGER_URL",
            "is not set and no ledger URL was given",
            remedy="set MGW_LEDGER_URL=postgresql://USER:PASSWORD@HOST/DB (several machines) or "
            "MGW_LEDGER_URL=sqlite:////ABSOLUTE/PATH.db (one machine), the same in every process of the fleet",
        )
    scheme, sep, _ = url.partition("://")
    if not sep:
        raise ConfigurationError("MGW_LEDGER_URL", "must be sqlite:////ABSOLUTE/PATH.db or postgresql://...")
    if scheme == "postgres":
        return "postgresql" + url[len(scheme) :]
    if scheme not in ("sqlite", "postgresql"):
        raise ConfigurationError("MGW_LEDGER_URL", f"unsupported scheme {scheme!r}: use sqlite:// or postgresql://")
    return url


def _sqlite_target(url: str) -> tuple[str, str]:
    """The file's absolute path (or ``:memory:``) and the ``synchronous`` option of a sqlite:// URL."""
    rest = url.partition("://")[2]
    path, _, query = rest.partition("?")
    if not path.startswith("/") or not path[1:]:
        raise ConfigurationError("MGW_LEDGER_URL", "names no SQLite file: give sqlite:////ABSOLUTE/PATH.db")
    path = path[1:]
    if path != ":memory:" and not os.path.isabs(path):
        # a relative path is relative to each process's working directory: the web and the worker, started from
        # different folders, would each use their own file and never see the other's payments
        raise ConfigurationError(
            "MGW_LEDGER_URL",
            f"the SQLite path {path!r} is relative (each process would resolve it in its own working directory)",
            remedy=f"give an absolute path, four slashes: sqlite:////{os.path.abspath(path).lstrip('/')}",
        )
    params = dict(urllib.parse.parse_qsl(query))
    unknown = set(params) - {"synchronous"}
    if unknown:
        raise ConfigurationError("MGW_LEDGER_URL", f"unknown SQLite option {sorted(unknown)[0]}")
    return path, params.get("synchronous", "FULL")
