"""A durable payment ledger and shared state for merchants running many processes and machines.

Quick start (embedded SQLite, nothing to install)::

    from merchant_gateway import Gateway
    from merchant_gateway.ledger import Ledger, Reconciler

    Ledger.migrate("sqlite:////srv/shop/payments.db")                      # once per deployment (mgw ledger migrate)
    ledger = Ledger.open("sqlite:////srv/shop/payments.db", on_final=fulfil_order)  # fulfil_order(payment), once
    gateway = Gateway.from_env(observer=ledger.observer)                   # write-ahead of every money-moving call
    Reconciler(ledger, gateway).start()                                     # drives open payments to a final state

The send path fails closed with the package's errors: :class:`LedgerUnavailable` (the database cannot be used within
the ledger's ``timeout``; nothing was sent), :class:`PaymentClosedError` (the payment is final in the ledger: no
further request for it is sent), :class:`DuplicateTransactionError` (the id is in the ledger already). What each
ledger state lets a merchant do: docs/operations.md.

Many machines: ``Ledger.open("postgresql://...")`` (extra ``postgres``) and ``mgw reconcile --worker`` on any
number of them. See docs/operations.md (running it) and docs/design.md (why PostgreSQL, and not Redis or a job
engine).
"""

from typing import TYPE_CHECKING

from .._lazy import reexport

if TYPE_CHECKING:
    from .callback_endpoint import CallbackAnswer, CallbackHandler, django_view, flask_view, starlette_endpoint
    from .errors import DuplicateTransactionError, ExcessRefundError, LedgerUnavailable, PaymentClosedError
    from .ledger import Claim, Ledger, LedgerOptions
    from .migrations import SCHEMA_VERSION, Migrated
    from .model import (
        ACCEPTED,
        AMOUNT_MISMATCH,
        FINAL,
        NOT_RECORDED,
        NOT_SENT,
        OVERDUE,
        RECORDED,
        REJECTED,
        UNKNOWN,
        UNRESOLVED,
        Payment,
    )
    from .observer import LedgerObserver
    from .reconciler import Reconciler, ReconcilerStats
    from .shared import RateLimit, SharedRateLimiter, SharedTokenCache
    from .store import PostgresStore, SqliteStore, migrate, open_store
    from .workers import WorkerStatus

# Each name loads its module on first access (PEP 562): `mgw` and the package's light modules import
# merchant_gateway.ledger.errors (or .health, .settings) without the ledger, its stores and the gateway parts they
# need. name -> submodule
_LAZY = {
    "CallbackAnswer": ".callback_endpoint",
    "CallbackHandler": ".callback_endpoint",
    "django_view": ".callback_endpoint",
    "flask_view": ".callback_endpoint",
    "starlette_endpoint": ".callback_endpoint",
    "DuplicateTransactionError": ".errors",
    "ExcessRefundError": ".errors",
    "LedgerUnavailable": ".errors",
    "PaymentClosedError": ".errors",
    "Claim": ".ledger",
    "Ledger": ".ledger",
    "LedgerOptions": ".ledger",
    "SCHEMA_VERSION": ".migrations",
    "Migrated": ".migrations",
    "ACCEPTED": ".model",
    "AMOUNT_MISMATCH": ".model",
    "FINAL": ".model",
    "NOT_RECORDED": ".model",
    "NOT_SENT": ".model",
    "OVERDUE": ".model",
    "RECORDED": ".model",
    "REJECTED": ".model",
    "UNKNOWN": ".model",
    "UNRESOLVED": ".model",
    "Payment": ".model",
    "LedgerObserver": ".observer",
    "Reconciler": ".reconciler",
    "ReconcilerStats": ".reconciler",
    "RateLimit": ".shared",
    "SharedRateLimiter": ".shared",
    "SharedTokenCache": ".shared",
    "PostgresStore": ".store",
    "SqliteStore": ".store",
    "migrate": ".store",
    "open_store": ".store",
    "WorkerStatus": ".workers",
}


__getattr__, __dir__ = reexport(globals(), _LAZY)


__all__ = [
    "ACCEPTED",
    "AMOUNT_MISMATCH",
    "FINAL",
    "NOT_RECORDED",
    "NOT_SENT",
    "OVERDUE",
    "RECORDED",
    "SCHEMA_VERSION",
    "REJECTED",
    "UNKNOWN",
    "UNRESOLVED",
    "CallbackAnswer",
    "CallbackHandler",
    "Claim",
    "DuplicateTransactionError",
    "ExcessRefundError",
    "Ledger",
    "LedgerObserver",
    "LedgerOptions",
    "LedgerUnavailable",
    "Migrated",
    "Payment",
    "PaymentClosedError",
    "PostgresStore",
    "RateLimit",
    "Reconciler",
    "ReconcilerStats",
    "SharedRateLimiter",
    "SharedTokenCache",
    "SqliteStore",
    "WorkerStatus",
    "django_view",
    "flask_view",
    "migrate",
    "open_store",
    "starlette_endpoint",
]
