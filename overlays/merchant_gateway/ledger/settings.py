"""Fleet settings: the values every process on one ledger must share, stored in the ledger's own database.

Why this module exists: a fleet is many processes started at different times from different configuration (web
workers, reconcilers, a shell). Where their settings differ, the ledger's promises hold only for the weakest of
them, and nothing used to say so: the last process to start with another rate limit resized the shared ceiling
(40/s became 10/s), and a hook-form mismatch was never detected. So the first process stores them, and a process
that starts with other values refuses to start.

The fleet settings, and why each one must agree:

- ``rate_limit.limit``, ``rate_limit.window``, ``rate_limit.name``: the shared ceiling is one set of slots in
  ``mgw_rate_slots``; a process with another limit or window counted requests against another ceiling (or
  resized everyone's), another name against another set of slots.
- ``rate_limit.margin``: each process widens the window by its own margin when it takes a slot, so a process with
  a smaller one starts requests the others still count inside the window: the ceiling is as safe as the
  smallest margin in the fleet.
- ``hook_in_transaction`` (the hook form; compared only in processes that have a hook): the strong form picks a
  pending hook without looking at the default form's lease, so a hook running under one process's lease could
  run again, at the same time, inside another process's transaction.
- ``grace``: the wait after the last send before TRANSACTION_NOT_FOUND is final (NOT_RECORDED); the process with
  the shortest grace decides for the fleet.

Not fleet settings: ``call_bound`` and ``give_up_after`` (the writer's value is stored in each payment when it is
recorded), ``schedule``, ``overdue_every``, ``hook_lease``, ``hook_retry`` and ``timeout`` (each process's own
pace and its own lease on its own work).

Rules: a value a process is *given* is compared with the stored one; the first one given is stored, except the
rate ceiling: the fleet's first ceiling is stored only deliberately (``mgw ledger settings --set`` or
``replace_settings=True``), never by a process that was merely started with one. A value *not given* is the
stored one (else the built-in default, which is not stored: a process that chose nothing decides nothing for the
fleet). A deliberate change is ``replace=True`` (``Ledger.open(..., replace_settings=True)``):
the new value is stored and the change, with the old value, the time and the process, is kept in
``mgw_settings_log``. Values are stored as text in one canonical form (``40``, ``1.0``, ``true``).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from dataclasses import dataclass

from ..errors import ConfigurationError
from .model import FLEET_SETTINGS
from .shared import DEFAULT_MARGIN, RateLimit, size_ceiling
from .store import Store, Tx, open_store

__all__ = [
    "DEFAULT_GRACE",
    "FLEET_SETTINGS",
    "StoredSetting",
    "agree",
    "canonical",
    "change_settings",
    "fleet_settings",
    "rate_limit_of",
    "read_settings",
    "settings_log",
    "stored_margin",
]

DEFAULT_GRACE = 60.0  # seconds; above the gateway's default timeout (15 s)

# how each is given: named in the refusal so the operator knows what to change
_GIVEN_BY = {
    "rate_limit.limit": "Ledger.open(rate_limit=RateLimit(LIMIT, WINDOW, margin=MARGIN)), mgw reconcile --worker "
    "--rate-limit LIMIT/WINDOW",
    "rate_limit.window": "RateLimit(LIMIT, WINDOW), --rate-limit LIMIT/WINDOW",
    "rate_limit.margin": "RateLimit(..., margin=MARGIN), --rate-margin MARGIN",
    "rate_limit.name": "RateLimit(..., name=NAME)",
    "hook_in_transaction": "Ledger.open(hook_in_transaction=...), --hook-in-transaction",
    "grace": "Ledger.open(grace=...); mgw reconcile --worker gives none: it takes the fleet's",
}
_ADVISORY_LOCK = 8403110918  # one settings writer at a time (PostgreSQL); SQLite's write lock serialises already


@dataclass(frozen=True)
class StoredSetting:
    value: str
    set_at: float
    set_by: str


def canonical(value: object) -> str:
    """The one text form a setting is stored and compared in (``60`` and ``60.0`` are the same grace)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        if not math.isfinite(value):
            raise ValueError("a fleet setting must be finite")
        return repr(float(value))
    return str(value)


def fleet_settings(
    *, rate_limit: RateLimit | None = None, grace: float | None = None, hook_in_transaction: bool | None = None
) -> dict[str, str]:
    """The fleet settings a process was given, as stored (``None``: not given)."""
    given: dict[str, str] = {}
    if rate_limit is not None:
        given["rate_limit.limit"] = canonical(rate_limit.limit)
        given["rate_limit.window"] = canonical(float(rate_limit.window))
        given["rate_limit.margin"] = canonical(float(rate_limit.margin))
        given["rate_limit.name"] = rate_limit.name
    if grace is not None:
        if isinstance(grace, bool) or not isinstance(grace, int | float) or not math.isfinite(grace) or grace <= 0:
            raise ConfigurationError(
                "grace", f"must be a number of seconds above 0 (above the gateway's timeout), not {grace!r}"
            )
        given["grace"] = canonical(float(grace))
    if hook_in_transaction is not None:
        given["hook_in_transaction"] = canonical(bool(hook_in_transaction))
    return given


def rate_limit_of(settings: Mapping[str, str]) -> RateLimit | None:
    """The fleet's stored ceiling, or None when no process gave one."""
    if "rate_limit.limit" not in settings:
        return None
    return RateLimit(
        int(settings["rate_limit.limit"]),
        float(settings["rate_limit.window"]),
        float(settings.get("rate_limit.margin", DEFAULT_MARGIN)),
        settings.get("rate_limit.name", "gateway"),
    )


def stored_margin(url: str, *, timeout: float) -> float:
    """The fleet's stored rate margin, else :data:`~.shared.DEFAULT_MARGIN`: what a command line given a ceiling
    but no margin uses (so a worker started with ``--rate-limit 40/1`` alone agrees with the fleet's margin)."""
    store = open_store(url, timeout=timeout)
    try:
        with store.transaction() as tx:
            stored = read_settings(tx)
    finally:
        store.close()
    return float(stored["rate_limit.margin"].value) if "rate_limit.margin" in stored else DEFAULT_MARGIN


def change_settings(store: Store, changes: Mapping[str, str], *, by: str) -> dict[str, str]:
    """A deliberate change for the whole fleet (``mgw ledger settings --set NAME=VALUE``): each value checked like
    the option it stands for, stored, and kept in ``mgw_settings_log``. A first ceiling needs its limit; its
    window, margin and name not given are RateLimit's defaults."""
    given: dict[str, str] = {}
    for name, text in changes.items():
        if name not in FLEET_SETTINGS:
            raise ConfigurationError(name, f"is not a fleet setting: one of {', '.join(FLEET_SETTINGS)}")
        given[name] = _checked(name, text.strip())
    rate = {n: v for n, v in given.items() if n.startswith("rate_limit.")}
    if rate:
        with store.transaction() as tx:
            current = {n: s.value for n, s in read_settings(tx).items()}
        merged = {**current, **rate}
        if "rate_limit.limit" not in merged:
            raise ConfigurationError("rate_limit.limit", "no ceiling is stored yet: set its limit too")
        default = RateLimit(int(merged["rate_limit.limit"]))
        merged.setdefault("rate_limit.window", canonical(float(default.window)))
        merged.setdefault("rate_limit.margin", canonical(float(default.margin)))
        merged.setdefault("rate_limit.name", default.name)
        rate_limit_of(merged)  # the ceiling as a whole is one RateLimit can be
        given.update({n: v for n, v in merged.items() if n.startswith("rate_limit.")})
    return agree(store, given, by=by, replace=True)


def _checked(name: str, text: str) -> str:
    try:
        if name == "hook_in_transaction":
            if text.lower() not in ("true", "false"):
                raise ValueError
            return text.lower()
        if name == "rate_limit.name":
            if not text:
                raise ValueError
            return text
        if name == "rate_limit.limit":
            return canonical(RateLimit(int(text)).limit)
        value = float(text)
        if name == "grace":
            fleet_settings(grace=value)
        elif name == "rate_limit.window":
            RateLimit(1, value)
        else:
            RateLimit(1, 1.0, value)
        return canonical(value)
    except ValueError:  # ConfigurationError included: the message names the value given, not RateLimit's field
        kind = {
            "hook_in_transaction": "true or false",
            "rate_limit.name": "a name",
            "rate_limit.limit": "an integer from 1 to 100000",
        }.get(name, "a number of seconds (grace and window above 0, margin 0 or more)")
        raise ConfigurationError(name, f"must be {kind}, not {text!r}") from None


def settings_log(store: Store, *, limit: int = 20) -> list[dict[str, object]]:
    """The latest changes of the fleet settings, newest first: name, old and new value, when, by whom."""
    with store.transaction() as tx:
        rows = tx.execute(
            "SELECT name, old_value, new_value, at, by FROM mgw_settings_log ORDER BY id DESC LIMIT ?", (int(limit),)
        )
    return [dict(r) for r in rows]


def read_settings(tx: Tx) -> dict[str, StoredSetting]:
    rows = tx.execute("SELECT name, value, set_at, set_by FROM mgw_settings")
    return {str(r["name"]): StoredSetting(str(r["value"]), float(r["set_at"]), str(r["set_by"])) for r in rows}


def agree(
    store: Store,
    given: Mapping[str, str],
    *,
    by: str,
    replace: bool = False,
    clock: Callable[[], float] | None = None,
) -> dict[str, str]:
    """Compare ``given`` (canonical text, see :func:`canonical`) with the stored fleet settings, store the ones not
    stored yet and return every stored one. A stored value that differs raises :class:`ConfigurationError`
    naming each setting and both values, unless ``replace``: then the given value replaces it, logged."""
    unknown = sorted(set(given) - set(FLEET_SETTINGS))
    if unknown:
        raise ValueError(f"not a fleet setting: {unknown[0]}")
    if not given:  # a process that decides nothing only reads (no lock, no write: a viewer, a read-only role)
        with store.transaction() as tx:
            return {name: s.value for name, s in read_settings(tx).items()}
    with store.transaction() as tx:
        if tx.dialect == "postgresql":
            tx.execute(f"SELECT pg_advisory_xact_lock({_ADVISORY_LOCK})")
        now = clock() if clock is not None else store.now(tx)
        _seed_from_rate_table(tx, given, now)
        stored = read_settings(tx)
        differ = [
            name for name in FLEET_SETTINGS if name in given and name in stored and stored[name].value != given[name]
        ]
        if differ and not replace:
            raise _refusal(differ, stored, given)
        if "rate_limit.limit" in given and "rate_limit.limit" not in stored and not replace:
            raise _first_ceiling(given)
        for name in FLEET_SETTINGS:
            if name not in given or (name in stored and stored[name].value == given[name]):
                continue
            old = stored[name].value if name in stored else None
            tx.execute("DELETE FROM mgw_settings WHERE name = ?", (name,))
            tx.execute(
                "INSERT INTO mgw_settings (name, value, set_at, set_by) VALUES (?, ?, ?, ?)",
                (name, given[name], now, by),
            )
            tx.execute(
                "INSERT INTO mgw_settings_log (name, old_value, new_value, at, by) VALUES (?, ?, ?, ?, ?)",
                (name, old, given[name], now, by),
            )
            stored[name] = StoredSetting(given[name], now, by)
        if "rate_limit.limit" in stored:
            size_ceiling(
                tx,
                stored["rate_limit.name"].value if "rate_limit.name" in stored else "gateway",
                int(stored["rate_limit.limit"].value),
                float(stored["rate_limit.window"].value),
            )
    return {name: s.value for name, s in stored.items()}


def _seed_from_rate_table(tx: Tx, given: Mapping[str, str], now: float) -> None:
    """A ledger written before fleet settings keeps its ceiling in ``mgw_rate`` alone: that ceiling becomes the
    stored one, so the first process that gives another one after an upgrade is refused like any other."""
    if "rate_limit.limit" not in given or tx.execute("SELECT 1 FROM mgw_settings WHERE name = 'rate_limit.limit'"):
        return
    rows = tx.execute("SELECT lim, win FROM mgw_rate WHERE name = ?", (given.get("rate_limit.name", "gateway"),))
    if rows:
        for name, value in (("limit", int(rows[0]["lim"])), ("window", float(rows[0]["win"]))):
            tx.execute(
                "INSERT INTO mgw_settings (name, value, set_at, set_by) VALUES (?, ?, ?, ?)",
                (f"rate_limit.{name}", canonical(value), now, "mgw_rate (the ceiling stored before fleet settings)"),
            )


def _first_ceiling(given: Mapping[str, str]) -> ConfigurationError:
    """A ceiling given to one process is not made the fleet's: one-off runs (``mgw reconcile --worker --rate-limit
    10/1`` to try something) used to become every process's ceiling, with no one asking for it."""
    limit, window = given["rate_limit.limit"], given.get("rate_limit.window", "1.0")
    return ConfigurationError(
        "rate_limit.limit",
        f"this process was given the rate ceiling {limit}/{window}, and the ledger stores none for the fleet",
        remedy=f"the fleet's first ceiling is set deliberately, once, for every process: mgw ledger settings --set "
        f"rate_limit.limit={limit} --set rate_limit.window={window} --by YOUR_NAME (or Ledger.open(..., "
        "rate_limit=..., replace_settings=True) once, in a deploy step); or start this process without a ceiling",
    )


def _refusal(differ: list[str], stored: Mapping[str, StoredSetting], given: Mapping[str, str]) -> ConfigurationError:
    """Names every setting that differs with both values (the first in the capped message), then what to do."""

    def both(name: str) -> str:
        return f"this process was given {given[name]}, the ledger's fleet settings hold {stored[name].value}"

    first = differ[0]
    also = "".join(f"also {name}: {both(name)}; " for name in differ[1:])
    how = "; ".join(f"{name} is given through {_GIVEN_BY[name]}, stored by {stored[name].set_by}" for name in differ)
    return ConfigurationError(
        first,
        both(first),
        remedy=(
            f"{also}every process on one ledger must use the same fleet settings ({how}). Start this process with "
            "the stored values (or without giving them: it then uses the stored ones), or change them for the "
            f"whole fleet deliberately: mgw ledger settings --set {first}={given[first]} (or Ledger.open(..., "
            "replace_settings=True) once), kept in mgw_settings_log; processes already running use a new "
            "ceiling's size at once and the other new values once restarted"
        ),
    )
