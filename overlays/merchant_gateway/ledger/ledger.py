"""The payment ledger: every money-moving call written down before it is sent, every send attempt recorded, and
moved forward by every answer, callback and status read until it is final; the merchant's hook fired once per final
payment.

Why this module exists: a merchant's backend is many processes on many machines. A payment started by a process
that dies before the final status is known must still be driven to its final state by someone, and the
"fulfil the order" step must run once although the callback and a status read may both report the final state,
in different processes. The ledger is the one place all of them agree on (docs/design.md, "Payment ledger").

What an answer means is never decided here: every status answer and callback goes to
:func:`merchant_gateway.verdicts.judge` with what the ledger knows (the amount sent, the merchant, the send
history), and only its final verdicts (SUCCEEDED, FAILED, NOT_RECORDED) end a payment:

- a status answer or callback whose identity or amount cannot be proven (amount ``1.0``, ``"1"``, absent, another
  amount, another id) leaves the payment open, and it is checked again;
- TRANSACTION_NOT_FOUND is final (NOT_RECORDED) only when no request for the payment can still be sent or be in
  processing: the call that sends it has ended (or its process is presumed dead after ``call_bound``), ``grace``
  has passed since the last recorded send attempt *and* since the first read that found nothing after the call
  ended and after that attempt (each attempt starts this wait again), on the backend's clock *and* on a monotonic
  clock of one machine (a clock jump cannot end the wait early), and the gateway never answered the request. Each
  send attempt is recorded by a conditional update that refuses a final payment (the first with the write-ahead
  itself, when no verdict can exist yet: its call is in progress), and the NOT_RECORDED transition re-reads the
  attempts under the row's lock: no attempt can follow that verdict.

Times come from one clock per backend (:meth:`Store.now`: PostgreSQL's server clock, SQLite's process clock), read
inside the transaction that uses them; a test gives ``clock`` to drive time by hand.

Exactly once, precisely: the *transition* to a final state happens once per payment (a conditional update on the
state's rank; whoever loses the race changes nothing). The hook then runs

- ``hook_in_transaction=True`` (strong form): inside the very database transaction that marks the hook done, as
  ``hook(payment, tx)``. Effects the hook writes through ``tx`` (same database) commit together with "done", so
  they happen exactly once even across crashes. Keep such a hook short: it holds a row lock (PostgreSQL) or the
  SQLite write lock while it runs.
- ``hook_in_transaction=False`` (default): outside any transaction, as ``hook(payment)``, under a lease. It runs
  once unless the process dies after the hook's effect and before "done" is committed (or the hook outlives
  ``hook_lease``): then it runs again elsewhere, with the same ``payment.idempotency_key``, which the merchant
  stores with the effect to skip a repeat. An external side effect cannot be exactly-once across crashes unless it
  commits with the ledger.

Where each part lives (:class:`Ledger` composes them): :mod:`.ledger_base` (settings, clocks, what gateways attach,
the shared helpers), :mod:`.recording` (write-ahead, attempts, answers, callbacks), :mod:`.judging` (what an answer
means), :mod:`.finals` (the final transition and the hook), :mod:`.due_checks` (the reconciler's claims and checks),
:mod:`.queries` (reading, heartbeats).
"""

from __future__ import annotations

from typing import Unpack

from .due_checks import DueChecks
from .errors import DuplicateTransactionError, PaymentClosedError
from .ledger_base import (
    NOTICE_AHEAD,
    NOTICE_CHANNEL,
    Claim,
    LedgerOptions,
    answer_of,
    default_owner,
    machine_id,
    notice_of,
    notice_payload,
)
from .migrations import Migrated
from .queries import Queries
from .recording import Recording
from .store import migrate, open_store

__all__ = [
    "NOTICE_AHEAD",
    "NOTICE_CHANNEL",
    "Claim",
    "DuplicateTransactionError",
    "Ledger",
    "LedgerOptions",
    "PaymentClosedError",
    "answer_of",
    "default_owner",
    "machine_id",
    "notice_of",
    "notice_payload",
]


class Ledger(Recording, DueChecks, Queries):
    """The ledger over one store. Thread-safe; one per process is enough (it may serve several merchants).

    ``grace``: how long after the last send attempt (and after the first read that found nothing) the gateway may
    still be processing a request: give it more than the gateway's timeout. ``call_bound``: after how long without
    an attempt a call that never reported its end (its process died) is presumed over. ``clock``: for tests
    only; by default every time is the backend's clock (see the module doc). ``monotonic`` and ``machine``: this
    machine's monotonic clock and a name for it (shared by its processes; another machine's reading is never
    compared), for tests only.

    Fleet settings (:mod:`.settings`): ``rate_limit``, ``grace`` and, with a hook, ``hook_in_transaction`` must be
    the same in every process on the ledger. The first process to give one stores it; a process given another
    value raises :class:`~merchant_gateway.errors.ConfigurationError` (naming the setting and both values) here,
    before anything is sent. ``rate_limit`` or ``grace`` not given (``None``): the stored value (else no ceiling,
    and 60 s). ``replace_settings=True``: the given values replace the stored ones for the whole fleet (a
    deliberate change, kept in ``mgw_settings_log``)."""

    @classmethod
    def open(cls, url: str | None = None, *, timeout: float | None = None, **options: Unpack[LedgerOptions]) -> Ledger:
        """``Ledger.open("sqlite:////srv/shop/payments.db")`` or ``Ledger.open("postgresql://...")`` of a ledger
        made by :meth:`migrate` (a missing or other schema is refused, naming it); ``url`` not given:
        ``MGW_LEDGER_URL``, and neither is a :class:`~merchant_gateway.errors.ConfigurationError` (never a ledger
        file made in the working directory, which no reconciler would see). ``timeout``: the bound of every database
        wait (give it the gateway's timeout). Other keyword arguments as for :class:`Ledger`; the store is closed
        again when they are refused."""
        store = open_store(url) if timeout is None else open_store(url, timeout=timeout)
        try:
            return cls(store, **options)
        except BaseException:
            store.close()
            raise

    @staticmethod
    def migrate(url: str | None = None, *, timeout: float | None = None) -> Migrated:
        """Bring the ledger's schema to this package's version, creating the ledger if there is none: the one
        call for deploy scripts (the command line's is ``mgw ledger migrate``). An ordinary :meth:`open` never
        changes the schema: it refuses a ledger that is not at this package's version, naming this call. Run it
        with a role allowed to create tables, before processes of the new version start; again, it changes
        nothing. ``url`` not given: ``MGW_LEDGER_URL``. docs/operations.md, "Upgrading"."""
        return migrate(url) if timeout is None else migrate(url, timeout=timeout)
