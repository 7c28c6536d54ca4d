"""The ledger's errors: what a merchant's code catches when the ledger refuses or cannot be written.

Why this module exists: the ledger sits on the send path, so its failures must read like the rest of the package
(:class:`~merchant_gateway.errors.GatewayError` subclasses with a message that says what to do), never a
database driver's exception, and each must mean one thing: nothing was sent, or nothing was recorded.
"""

from __future__ import annotations

from ..errors import ExcessRefundError, GatewayError, ValidationError


class LedgerUnavailable(GatewayError):
    """The ledger's database could not be read or written in time (locked, corrupt, full, unreachable).

    Raised instead of the driver's exception, within the ledger's ``timeout``. Before a money-moving request:
    nothing was sent. After an answer: the answer was returned to the caller, the payment stays open in the
    ledger, and the reconciler settles it through the status operation once the database is back."""


class DuplicateTransactionError(ValidationError):
    """The transaction id is already in the ledger: a new payment needs a new id (nothing was sent)."""


__all__ = [
    "DuplicateTransactionError",
    "ExcessRefundError",  # the client's own refund check, shared with the ledger's (merchant_gateway.errors)
    "LedgerUnavailable",
    "PaymentClosedError",
]


class PaymentClosedError(ValidationError):
    """The ledger holds a final state for this transaction (NOT_RECORDED, NOT_SENT, a final payment code ...):
    no further request for it may be sent, so this attempt was not sent. Read ``ledger.get(transaction_id)``;
    after NOT_RECORDED pay again under a new transaction id."""
