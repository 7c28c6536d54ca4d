"""Where the ledger keeps its rows: SQLite (embedded default) or PostgreSQL (many machines).

Why this module exists: the ledger's rules (merchant_gateway/ledger/ledger.py) are written once, in SQL both
databases understand; this module hides the three things that differ: how a connection is made and shared, how a
write transaction starts (SQLite serialises writers with ``BEGIN IMMEDIATE``; PostgreSQL locks rows), and how a
batch of due rows is claimed by one worker (PostgreSQL ``FOR UPDATE SKIP LOCKED``; SQLite needs nothing more than
its single writer). SQL is written with ``?`` placeholders; the PostgreSQL store rewrites them to ``%s`` (outside
quoted text; a literal ``%``, as in ``LIKE 'OD-%'``, is kept as written).

Two promises every store keeps (issue 22):

- one clock: :meth:`Store.now` is the time every ledger write stores and every comparison uses, read inside the
  transaction: PostgreSQL's ``clock_timestamp()`` (one clock for every machine of the fleet), SQLite's process
  clock (one machine);
- fails closed, with our error: any database failure (locked, corrupt or full file, server down or restarted)
  surfaces as :class:`~merchant_gateway.ledger.LedgerUnavailable` within ``timeout`` seconds (SQLite's busy
  timeout; PostgreSQL's connect, pool and lock waits), never as a driver exception.

URLs: ``sqlite:///relative/path.db``, ``sqlite:////absolute/path.db``, ``sqlite:///:memory:`` (one process, tests);
``postgresql://user:pass@host:port/dbname`` (or ``postgres://``; needs the extra ``postgres``: psycopg 3 and
psycopg-pool).
"""

from __future__ import annotations

import contextlib
import functools
import math
import os
import sqlite3
import threading
import time
import urllib.parse
from collections.abc import Iterator, Sequence
from typing import Any, Protocol

from ..config import DEFAULT_TIMEOUT
from ..errors import ConfigurationError
from .errors import LedgerUnavailable

SCHEMA_VERSION = 2
# columns added after version 1 (added in place to a database written by an older version)
_ADDED_COLUMNS = (
    ("mgw_payments", "last_attempt_at", "{real}"),
    ("mgw_payments", "attempts", "INTEGER NOT NULL DEFAULT 0"),
    ("mgw_payments", "call_until", "{real}"),
    ("mgw_payments", "answered_at", "{real}"),
    ("mgw_payments", "absent_since", "{real}"),
    ("mgw_payments", "absent_mono", "{real}"),
    ("mgw_payments", "absent_host", "TEXT"),
)

# {real}/{bigint}/{text} are replaced per dialect
_SCHEMA = """
CREATE TABLE IF NOT EXISTS mgw_payments (
    merchant_id TEXT NOT NULL,
    transaction_id TEXT NOT NULL,
    operation TEXT NOT NULL,
    kind TEXT NOT NULL,
    amount {bigint},
    order_id TEXT,
    original_transaction_id TEXT,
    state TEXT NOT NULL,
    rank INTEGER NOT NULL,
    code TEXT,
    detail TEXT,
    pay_response_code TEXT,
    provider_reference_id TEXT,
    final_source TEXT,
    created_at {real} NOT NULL,
    started_at {real} NOT NULL,
    deadline {real} NOT NULL,
    give_up_at {real} NOT NULL,
    unknown_at {real},
    last_attempt_at {real},
    attempts INTEGER NOT NULL DEFAULT 0,
    call_until {real},
    answered_at {real},
    absent_since {real},
    absent_mono {real},
    absent_host TEXT,
    updated_at {real} NOT NULL,
    final_at {real},
    next_check_at {real},
    checks INTEGER NOT NULL DEFAULT 0,
    last_check_at {real},
    lease_owner TEXT,
    lease_until {real},
    claim_seq INTEGER NOT NULL DEFAULT 0,
    hook_pending INTEGER NOT NULL DEFAULT 0,
    hook_attempts INTEGER NOT NULL DEFAULT 0,
    hook_next_at {real},
    hook_lease_owner TEXT,
    hook_lease_until {real},
    hook_done_at {real},
    hook_error TEXT,
    PRIMARY KEY (merchant_id, transaction_id)
);
CREATE INDEX IF NOT EXISTS mgw_payments_due ON mgw_payments (merchant_id, next_check_at) WHERE rank < 9;
CREATE INDEX IF NOT EXISTS mgw_payments_hooks ON mgw_payments (hook_next_at) WHERE hook_pending = 1;
CREATE INDEX IF NOT EXISTS mgw_payments_created ON mgw_payments (created_at);
CREATE INDEX IF NOT EXISTS mgw_payments_merchant_created ON mgw_payments (merchant_id, created_at);
CREATE INDEX IF NOT EXISTS mgw_payments_open ON mgw_payments (created_at) WHERE rank < 9;
CREATE TABLE IF NOT EXISTS mgw_events (
    id {serial},
    merchant_id TEXT NOT NULL,
    transaction_id TEXT NOT NULL,
    at {real} NOT NULL,
    source TEXT NOT NULL,
    state TEXT,
    code TEXT,
    detail TEXT
);
CREATE INDEX IF NOT EXISTS mgw_events_txn ON mgw_events (merchant_id, transaction_id);
CREATE TABLE IF NOT EXISTS mgw_tokens (
    merchant_id TEXT NOT NULL,
    client_id TEXT NOT NULL,
    access_token TEXT,
    token_type TEXT,
    issued_at {bigint},
    expires_at {bigint},
    lifetime {real},
    valid_until {real},
    fetched_at {real},
    fetches INTEGER NOT NULL DEFAULT 0,
    lease_owner TEXT,
    lease_until {real},
    PRIMARY KEY (merchant_id, client_id)
);
CREATE TABLE IF NOT EXISTS mgw_rate (
    name TEXT PRIMARY KEY,
    lim INTEGER NOT NULL,
    win {real} NOT NULL
);
CREATE TABLE IF NOT EXISTS mgw_rate_slots (
    name TEXT NOT NULL,
    slot INTEGER NOT NULL,
    at {real} NOT NULL,
    PRIMARY KEY (name, slot)
);
CREATE INDEX IF NOT EXISTS mgw_rate_slots_oldest ON mgw_rate_slots (name, at);
CREATE TABLE IF NOT EXISTS mgw_workers (
    name TEXT PRIMARY KEY,
    host TEXT NOT NULL,
    pid INTEGER NOT NULL,
    merchant_id TEXT,
    started_at {real} NOT NULL,
    beat_at {real} NOT NULL,
    stopped_at {real},
    exit_status INTEGER,
    checks INTEGER NOT NULL DEFAULT 0,
    finals INTEGER NOT NULL DEFAULT 0,
    hooks INTEGER NOT NULL DEFAULT 0,
    hook_failures INTEGER NOT NULL DEFAULT 0,
    errors INTEGER NOT NULL DEFAULT 0,
    lost INTEGER NOT NULL DEFAULT 0,
    released INTEGER NOT NULL DEFAULT 0
);
CREATE TABLE IF NOT EXISTS mgw_schema (version INTEGER NOT NULL);
CREATE TABLE IF NOT EXISTS mgw_settings (
    name TEXT PRIMARY KEY,
    value TEXT NOT NULL,
    set_at {real} NOT NULL,
    set_by TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS mgw_settings_log (
    id {serial},
    name TEXT NOT NULL,
    old_value TEXT,
    new_value TEXT NOT NULL,
    at {real} NOT NULL,
    by TEXT NOT NULL
);
"""


class Tx(Protocol):
    """One open transaction: ``execute`` with ``?`` placeholders, rows as dicts."""

    dialect: str

    def execute(self, sql: str, params: Sequence[Any] = ()) -> list[dict[str, Any]]: ...

    def rowcount(self, sql: str, params: Sequence[Any] = ()) -> int: ...

    @property
    def connection(self) -> Any: ...


class Store(Protocol):
    dialect: str
    url: str
    timeout: float

    def transaction(self, *, fast: bool = False) -> contextlib.AbstractContextManager[Tx]: ...

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
        self, path: str, *, synchronous: str = "FULL", timeout: float = DEFAULT_TIMEOUT, max_idle: int = 8
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
        with self.transaction() as tx:
            _create_schema(tx)

    def _connect(self, synchronous: str) -> sqlite3.Connection:
        conn = sqlite3.connect(self.path, timeout=self._busy, isolation_level=None, check_same_thread=False)
        if self.path != ":memory:":
            conn.execute("PRAGMA journal_mode=WAL")
        conn.execute(f"PRAGMA synchronous={synchronous}")
        conn.execute(f"PRAGMA busy_timeout={int(self._busy * 1000)}")
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
    def transaction(self, *, fast: bool = False) -> Iterator[Tx]:
        with _unavailable_on(sqlite3.Error, OSError), self._transaction(fast) as tx:
            yield tx

    @contextlib.contextmanager
    def _transaction(self, fast: bool) -> Iterator[Tx]:
        guard = self._memory_lock if self.path == ":memory:" else contextlib.nullcontext()
        with guard:
            conn = self._take(fast)
            try:
                conn.execute("BEGIN IMMEDIATE")  # take the write lock now: no upgrade deadlock, no lost update
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

    def __init__(self, conn: Any) -> None:
        self._conn = conn

    @property
    def connection(self) -> Any:
        return self._conn

    def execute(self, sql: str, params: Sequence[Any] = ()) -> list[dict[str, Any]]:
        cur = self._conn.execute(pg_sql(sql), tuple(params), prepare=True)
        if cur.description is None:
            return []
        rows: list[dict[str, Any]] = cur.fetchall()
        return rows

    def rowcount(self, sql: str, params: Sequence[Any] = ()) -> int:
        count: int = self._conn.execute(pg_sql(sql), tuple(params), prepare=True).rowcount
        return count


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

    def __init__(self, url: str, *, min_size: int = 1, max_size: int = 10, timeout: float = DEFAULT_TIMEOUT) -> None:
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
        wait_ms = max(1, int(self.timeout * 1000))
        connection: dict[str, Any] = {
            "row_factory": dict_row,
            "autocommit": True,
            # every wait of one ledger call bounded by the timeout: connecting, and a row lock held elsewhere
            "connect_timeout": max(1, math.ceil(self.timeout)),
            "options": f"-c lock_timeout={wait_ms}",
        }
        self._pool = ConnectionPool(
            url,
            min_size=min_size,
            max_size=max_size,
            kwargs=connection,
            timeout=self.timeout,  # waiting for a free pooled connection
            # a pooled connection is checked before it is handed out: after a server restart the stale ones are
            # replaced instead of failing the next ledger call (issue 23)
            check=self._check_connection,
            open=False,
            name="mgw-ledger",
        )
        # the schema is created over one direct connection first: a server that is down fails here at once with
        # its own reason (connection refused...), not after the pool's whole wait as "couldn't get a connection"
        with _unavailable_on(*self._errors, hidden=self._hidden):
            with psycopg.connect(url, **connection) as conn, conn.transaction():
                tx = _PgTx(conn)
                tx.execute("SELECT pg_advisory_xact_lock(8403110917)")  # one schema creator at a time
                _create_schema(tx)
            self._pool.open(wait=False)

    def _check_connection(self, conn: Any) -> None:
        try:
            type(self._pool).check_connection(conn)
        except Exception:
            # the server went away (a restart): every idle connection is as stale as this one. Replaced all at once;
            # met one by one, each failed check costs psycopg_pool a longer back-off (1, 2, 4 s...) and four stale
            # connections outlast a 5 s timeout
            self._pool.drain()
            raise

    @contextlib.contextmanager
    def transaction(self, *, fast: bool = False) -> Iterator[Tx]:
        with _unavailable_on(*self._errors, hidden=self._hidden), self._pool.connection() as conn, conn.transaction():
            if fast:
                conn.execute("SET LOCAL synchronous_commit = off")
            yield _PgTx(conn)

    def server_now(self, tx: Tx) -> float | None:
        rows = tx.execute("SELECT extract(epoch from clock_timestamp())::float8 AS now")
        return float(rows[0]["now"])

    def now(self, tx: Tx) -> float:
        rows = tx.execute("SELECT extract(epoch from clock_timestamp())::float8 AS now")
        return float(rows[0]["now"])

    def close(self) -> None:
        self._pool.close()


def _create_schema(tx: Tx) -> None:
    if tx.dialect == "postgresql":
        types = {"real": "DOUBLE PRECISION", "bigint": "BIGINT", "serial": "BIGSERIAL PRIMARY KEY"}
    else:
        types = {"real": "REAL", "bigint": "INTEGER", "serial": "INTEGER PRIMARY KEY AUTOINCREMENT"}
    for statement in _SCHEMA.format(**types).split(";"):
        if statement.strip():
            tx.execute(statement)
    versions = tx.execute("SELECT version FROM mgw_schema")
    if not versions:
        tx.execute("INSERT INTO mgw_schema (version) VALUES (?)", (SCHEMA_VERSION,))
    elif int(versions[0]["version"]) < SCHEMA_VERSION:
        for table, column, kind in _ADDED_COLUMNS:
            if column not in _columns(tx, table):
                tx.execute(f"ALTER TABLE {table} ADD COLUMN {column} {kind.format(**types)}")
        tx.execute("UPDATE mgw_schema SET version = ?", (SCHEMA_VERSION,))


def _columns(tx: Tx, table: str) -> set[str]:
    if tx.dialect == "postgresql":
        rows = tx.execute(
            "SELECT column_name AS name FROM information_schema.columns WHERE table_name = ? "
            "AND table_schema = current_schema()",
            (table,),
        )
    else:
        rows = tx.execute(f"PRAGMA table_info({table})")
    return {str(r["name"]) for r in rows}


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
    gateway's ``timeout`` so a ledger call never outlasts the call it guards."""
    url = url or os.environ.get("MGW_LEDGER_URL")
    if not url:  # no silent default: a process with its own file in the working directory splits the fleet
        raise ConfigurationError(
            "MGW_LEDGER_URL",
            "is not set and no ledger URL was given",
            remedy="set MGW_LEDGER_URL=postgresql://USER:PASSWORD@HOST/DB (several machines) or "
            "MGW_LEDGER_URL=sqlite:////ABSOLUTE/PATH.db (one machine), the same in every process of the fleet; to "
            'try it out on one machine, name a local file: Ledger.open("sqlite:///mgw-ledger.sqlite3")',
        )
    scheme, sep, rest = url.partition("://")
    if not sep:
        raise ConfigurationError("MGW_LEDGER_URL", "must be sqlite:///PATH or postgresql://...")
    if scheme == "sqlite":
        path, _, query = rest.partition("?")
        if not path.startswith("/"):
            raise ConfigurationError("MGW_LEDGER_URL", "sqlite URLs are sqlite:///relative.db or sqlite:////abs.db")
        path = path[1:]
        if not path:
            raise ConfigurationError("MGW_LEDGER_URL", "names no SQLite file")
        params = dict(urllib.parse.parse_qsl(query))
        unknown = set(params) - {"synchronous"}
        if unknown:
            raise ConfigurationError("MGW_LEDGER_URL", f"unknown SQLite option {sorted(unknown)[0]}")
        return SqliteStore(path, synchronous=params.get("synchronous", "FULL"), **options)
    if scheme in ("postgresql", "postgres"):
        return PostgresStore(url, **options)
    raise ConfigurationError("MGW_LEDGER_URL", f"unsupported scheme {scheme!r}: use sqlite:// or postgresql://")
