"""The ledger's errors: what a merchant's code catches when the ledger refuses or cannot be written.

Why this module exists: the ledger sits on the send path, so its failures must read like the rest of the package
(:class:`~merchant_gateway.errors.GatewayError` subclasses with a message that says what to do), never a
database driver's exception, and each must mean one thing: nothing was sent, or nothing was recorded.
"""

from __future__ import annotations

from ..errors import GatewayError, ValidationError


class LedgerUnavailable(GatewayError):
    """The ledger's database could not be read or written in time (locked, corrupt, full, unreachable).

    Raised instead of the driver's exception, within the ledger's ``timeout``. Before a money-moving request:
    nothing was sent. After an answer: the answer was returned to the caller, the payment stays open in the
    ledger, and the reconciler settles it through the status operation once the database is back."""


class DuplicateTransactionError(ValidationError):
    """The transaction id is already in the ledger: a new payment needs a new id (nothing was sent)."""


class ExcessRefundError(ValidationError):
    """EXCESS_REFUND_AMOUNT, found by the ledger before anything was sent: the refund's amount, added to the
    refunds of the same payment already sent or still in progress (``held``: their transaction ids and amounts),
    would exceed the payment's amount. The message says so first, then how much is left and what to do; ``code``
    is ``EXCESS_REFUND_AMOUNT`` and ``field`` is ``amount``. Nothing was sent and nothing was written down."""

    def __init__(self, *, original: str, amount: int, original_amount: int, held: list[tuple[str, int]]) -> None:
        self.original = original
        self.original_amount = original_amount
        self.held = held
        total = sum(a for _, a in held)
        self.left = max(0, original_amount - total)
        text = (
            f"EXCESS_REFUND_AMOUNT: a refund of {amount} paise would take the refunds of payment {original} to "
            f"{total + amount} paise, above its {original_amount} paise"
        )
        if held:
            shown = ", ".join(f"{txn} ({paise})" for txn, paise in held[:5])
            more = f" and {len(held) - 5} more" if len(held) > 5 else ""
            text += f" ({total} paise already refunded or still in progress: {shown}{more})"
        text += f"; nothing was sent. Refund at most {self.left} paise"
        if held:
            text += ", or wait until the refunds in progress are final (mgw ledger show TXN): a failed one frees it"
        super().__init__("amount", text)
        # the client's own words (amounts and ids it holds), not a server's: never cut short
        self.message = text
        self.args = (text,)
        self.code = "EXCESS_REFUND_AMOUNT"


class PaymentClosedError(ValidationError):
    """The ledger holds a final state for this transaction (NOT_RECORDED, NOT_SENT, a final payment code ...):
    no further request for it may be sent, so this attempt was not sent. Read ``ledger.get(transaction_id)``;
    after NOT_RECORDED pay again under a new transaction id."""
