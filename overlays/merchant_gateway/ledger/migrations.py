"""The ledger's schema, as numbered migrations applied only on purpose (``mgw ledger migrate``, :func:`migrate`).

Why this module exists: a fleet runs for years and is upgraded one process at a time. Its schema must change only
when an operator (or a deploy script) says so, with a role allowed to change it, never as a side effect of opening
the ledger: a read-only command from a newer package used to migrate an older ledger, and an older package ran
against a newer schema without a word. So:

- every change of a table, column or index is one numbered step here, and bumps the version stored in
  ``mgw_schema``; a step is never edited once released (a new step follows it);
- :func:`migrate` applies the steps a ledger lacks, in order, in one transaction under one lock (PostgreSQL's
  transactional DDL; SQLite's write lock), and sets SQLite's journal mode (WAL, kept in the file);
- :func:`check_version` is what an ordinary open does: it reads the version and refuses one older than this
  package needs (run the migration) or newer than it knows (upgrade this process's package), changing nothing.

Steps only add (a column with a default or NULL, a table, an index), so processes of the previous version keep
working on a migrated ledger until they are replaced (docs/operations.md, "Upgrading").

Why a hand-written runner and not a migration tool: docs/design.md, "Schema migrations".
"""

from __future__ import annotations

import os
import sqlite3
import urllib.parse
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from ..errors import ConfigurationError


class Tx(Protocol):
    """One open transaction: ``execute`` with ``?`` placeholders, rows as dicts (the stores' transactions; the
    migrations run in one)."""

    dialect: str

    def execute(self, sql: str, params: Sequence[Any] = ()) -> list[dict[str, Any]]: ...

    def rowcount(self, sql: str, params: Sequence[Any] = ()) -> int: ...

    @property
    def connection(self) -> Any: ...


MIGRATE_COMMAND = "mgw ledger migrate --ledger URL"
_ADVISORY_LOCK = 8403110917  # one migrator at a time (PostgreSQL); SQLite's write lock serialises already

# {real}/{bigint}/{serial} are replaced per dialect (_types)
_V1_TABLES = """
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
CREATE TABLE IF NOT EXISTS mgw_schema (version INTEGER NOT NULL)
"""

_V2_COLUMNS = (
    ("mgw_payments", "last_attempt_at", "{real}"),
    ("mgw_payments", "attempts", "INTEGER NOT NULL DEFAULT 0"),
    ("mgw_payments", "call_until", "{real}"),
    ("mgw_payments", "answered_at", "{real}"),
    ("mgw_payments", "absent_since", "{real}"),
    ("mgw_payments", "absent_mono", "{real}"),
    ("mgw_payments", "absent_host", "TEXT"),
)

# Released as "version 2" without a bump: a ledger at version 2 may hold them already (hence IF NOT EXISTS)
_V3_OPERATOR = """
CREATE INDEX IF NOT EXISTS mgw_payments_created ON mgw_payments (created_at);
CREATE INDEX IF NOT EXISTS mgw_payments_merchant_created ON mgw_payments (merchant_id, created_at);
CREATE INDEX IF NOT EXISTS mgw_payments_open ON mgw_payments (created_at) WHERE rank < 9;
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
)
"""

_V4_SETTINGS = """
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
)
"""


@dataclass(frozen=True)
class Step:
    version: int
    what: str  # said by `mgw ledger migrate` as it applies the step
    apply: Callable[[Tx], None]


def _types(dialect: str) -> dict[str, str]:
    if dialect == "postgresql":
        return {"real": "DOUBLE PRECISION", "bigint": "BIGINT", "serial": "BIGSERIAL PRIMARY KEY"}
    return {"real": "REAL", "bigint": "INTEGER", "serial": "INTEGER PRIMARY KEY AUTOINCREMENT"}


def _script(sql: str) -> Callable[[Tx], None]:
    def run(tx: Tx) -> None:
        for statement in sql.format(**_types(tx.dialect)).split(";"):
            if statement.strip():
                tx.execute(statement)

    return run


_V6_COLUMNS = (
    ("mgw_payments", "traceparent", "TEXT"),  # W3C trace context of the call that wrote the payment down
    ("mgw_events", "actor", "TEXT"),  # who wrote the event: a process's owner name or an operator's
)


def _add_columns(added: tuple[tuple[str, str, str], ...]) -> Callable[[Tx], None]:
    def run(tx: Tx) -> None:
        for table, column, kind in added:
            if column not in columns(tx, table):  # a ledger written before versions were kept may have it
                tx.execute(f"ALTER TABLE {table} ADD COLUMN {column} {kind.format(**_types(tx.dialect))}")

    return run


def _identity_ids(tx: Tx) -> None:
    """PostgreSQL: the id columns numbered by an identity instead of a serial's sequence. An INSERT into an
    identity column needs only INSERT on the table; a serial's sequence needs USAGE too, which an application
    role given SELECT/INSERT/UPDATE/DELETE does not have. SQLite: nothing to do."""
    if tx.dialect != "postgresql":
        return
    for table in ("mgw_events", "mgw_settings_log"):
        rows = tx.execute(
            "SELECT is_identity FROM information_schema.columns WHERE table_schema = current_schema() "
            "AND table_name = ? AND column_name = 'id'",
            (table,),
        )
        if not rows or rows[0]["is_identity"] == "YES":
            continue
        sequence = tx.execute("SELECT pg_get_serial_sequence(?, 'id') AS seq", (table,))[0]["seq"]
        tx.execute(f"ALTER TABLE {table} ALTER COLUMN id DROP DEFAULT")
        if sequence:
            tx.execute(f"DROP SEQUENCE {sequence}")
        tx.execute(f"ALTER TABLE {table} ALTER COLUMN id ADD GENERATED BY DEFAULT AS IDENTITY")
        tx.execute(
            f"SELECT setval(pg_get_serial_sequence('{table}', 'id'), COALESCE(MAX(id), 0) + 1, false) FROM {table}"
        )


STEPS: tuple[Step, ...] = (
    Step(1, "payments, events, tokens and the rate ceiling", _script(_V1_TABLES)),
    Step(2, "send attempts and the NOT_RECORDED wait (7 columns of mgw_payments)", _add_columns(_V2_COLUMNS)),
    Step(3, "operator indexes on mgw_payments and the workers' heartbeats (mgw_workers)", _script(_V3_OPERATOR)),
    Step(4, "fleet settings and their log (mgw_settings, mgw_settings_log)", _script(_V4_SETTINGS)),
    Step(5, "id columns numbered without a sequence privilege (PostgreSQL identity)", _identity_ids),
    Step(6, "each payment's trace context and each event's actor", _add_columns(_V6_COLUMNS)),
)
SCHEMA_VERSION = STEPS[-1].version
"""The schema this package is written for: an ordinary open refuses any other version."""

# The columns of mgw_payments at SCHEMA_VERSION, in the order the steps make them: where the ledger reads a whole
# payment it names them (PAYMENT_SELECT). A statement that names its columns may be prepared on the server and kept
# by its connection, and its result stays the same when a later version's migration adds a column; one that selects
# ``*`` may not be kept (store._preparable) and is parsed and planned again at every call. A step that adds a
# column of mgw_payments adds it here (a test compares this list with a migrated table).
PAYMENT_COLUMNS = (
    *[
        "merchant_id",
        "transaction_id",
        "operation",
        "kind",
        "amount",
        "order_id",
        "original_transaction_id",
        "state",
        "rank",
        "code",
        "detail",
        "pay_response_code",
        "provider_reference_id",
        "final_source",
        "created_at",
        "started_at",
        "deadline",
        "give_up_at",
        "unknown_at",
        "updated_at",
        "final_at",
        "next_check_at",
        "checks",
        "last_check_at",
        "lease_owner",
        "lease_until",
        "claim_seq",
        "hook_pending",
        "hook_attempts",
        "hook_next_at",
        "hook_lease_owner",
        "hook_lease_until",
        "hook_done_at",
        "hook_error",
    ],
    *(column for table, column, _ in _V2_COLUMNS + _V6_COLUMNS if table == "mgw_payments"),
)
PAYMENT_SELECT = ", ".join(PAYMENT_COLUMNS)


def columns(tx: Tx, table: str) -> set[str]:
    if tx.dialect == "postgresql":
        rows = tx.execute(
            "SELECT column_name AS name FROM information_schema.columns WHERE table_name = ? "
            "AND table_schema = current_schema()",
            (table,),
        )
    else:
        rows = tx.execute(f"PRAGMA table_info({table})")
    return {str(r["name"]) for r in rows}


def stored_version(tx: Tx) -> int | None:
    """The ledger's schema version, or None when it holds no ledger schema (nothing is created or locked)."""
    if tx.dialect == "postgresql":
        exists = tx.execute("SELECT to_regclass('mgw_schema') IS NOT NULL AS present")[0]["present"]
    else:
        exists = bool(tx.execute("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'mgw_schema'"))
    if not exists:
        return None
    rows = tx.execute("SELECT MAX(version) AS version FROM mgw_schema")
    return None if not rows or rows[0]["version"] is None else int(rows[0]["version"])


def check_version(tx: Tx, url: str, *, expects: int = SCHEMA_VERSION) -> int:
    """What an ordinary open does: the stored version if it is ``expects``, else a ConfigurationError naming the
    command that fixes it. Reads only. ``expects``: this package's :data:`SCHEMA_VERSION` (another value only in
    tests that play an older package)."""
    found = stored_version(tx)
    if found != expects:
        raise refusal(found, expects, url)
    return found


def refusal(found: int | None, expects: int, url: str) -> ConfigurationError:
    """Why a ledger at schema ``found`` (None: no ledger) cannot be opened by a process expecting ``expects``, and
    the command that fixes it."""
    if found is None:
        return ConfigurationError(
            "MGW_LEDGER_URL",
            f"{shown_url(url)} holds no ledger (no schema version)",
            remedy=f"create it once, with a role allowed to create tables: {MIGRATE_COMMAND} (or Ledger.migrate(url) "
            "in a deploy script); then start the processes",
        )
    if found < expects:
        return ConfigurationError(
            "MGW_LEDGER_URL",
            f"the ledger's schema is version {found}, this package needs version {expects}",
            remedy=f"migrate it once, before starting processes of this version: {MIGRATE_COMMAND} (or "
            "Ledger.migrate(url) in a deploy script); processes of the older version keep working meanwhile",
        )
    return ConfigurationError(
        "MGW_LEDGER_URL",
        f"the ledger's schema is version {found}, newer than this package knows (version {expects})",
        remedy="a newer merchant-gateway-client migrated it: run this process with that version (pip install "
        "--upgrade merchant-gateway-client); a schema is never migrated back",
    )


@dataclass(frozen=True)
class Migrated:
    """What :func:`migrate` did: the version found (0: no ledger yet), the version now, the steps applied."""

    before: int
    after: int
    applied: tuple[str, ...]


def apply_steps(tx: Tx, *, target: int = SCHEMA_VERSION) -> Migrated:
    """The steps the ledger lacks up to ``target``, in this transaction (the caller holds the lock)."""
    if tx.dialect == "postgresql":
        tx.execute(f"SELECT pg_advisory_xact_lock({_ADVISORY_LOCK})")
    before = stored_version(tx) or 0
    if before > SCHEMA_VERSION:
        raise refusal(before, SCHEMA_VERSION, "the ledger")
    done: list[str] = []
    for step in STEPS:
        if before < step.version <= target:
            step.apply(tx)
            done.append(f"{step.version}: {step.what}")
    after = max(before, min(target, SCHEMA_VERSION))
    if after != before:
        tx.execute("DELETE FROM mgw_schema")
        tx.execute("INSERT INTO mgw_schema (version) VALUES (?)", (after,))
    return Migrated(before, after, tuple(done))


def prepare_sqlite_file(path: str, *, timeout: float) -> None:
    """The file's journal mode, once (it is kept in the file): WAL lets readers and one writer work together.
    Creates the file; an ordinary open never does (a mistyped path must not start a new, empty ledger)."""
    folder = os.path.dirname(path) or "."
    if not os.path.isdir(folder):
        raise ConfigurationError("MGW_LEDGER_URL", f"the folder of the SQLite file does not exist: {folder}")
    conn = sqlite3.connect(path, timeout=timeout, isolation_level=None)
    try:
        conn.execute("PRAGMA journal_mode=WAL")
    finally:
        conn.close()


def shown_url(url: str) -> str:
    """The URL without its password (for messages)."""
    try:
        parts = urllib.parse.urlsplit(url)
    except ValueError:
        return "the ledger"
    if parts.password:
        netloc = parts.netloc.replace(f":{parts.password}@", ":***@")
        return urllib.parse.urlunsplit(parts._replace(netloc=netloc))
    return url
