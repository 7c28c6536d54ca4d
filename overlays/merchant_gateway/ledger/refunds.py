"""What the ledger already holds against a payment's amount in refunds, checked before a new refund is written down
(and so before it is sent).

Why this module exists: the gateway's answer to a refund above what is left of a payment (PAYMENT_ERROR with
EXCESS_REFUND_AMOUNT) is judged unknown (it also means "already refunded, perhaps by an earlier refund"), so a
merchant who refunds 60 and then 60 of a 100 payment learns nothing certain from it. The ledger knows every refund
it wrote down for the payment: a refund whose amount, added to the refunds sent or still in progress, would exceed
the payment is refused here, inside the write-ahead's transaction (PostgreSQL: one advisory lock per original
payment; SQLite: the single writer), so two concurrent refunds cannot both pass.
"""

from __future__ import annotations

from .errors import ExcessRefundError
from .model import FINAL, NOT_RECORDED, NOT_SENT, RANK, REJECTED
from .store import Tx

# final codes of refunds that provably moved no money: not held against the payment
_NOTHING_MOVED = ("PAYMENT_ERROR", "PAYMENT_DECLINED", "PAYMENT_CANCELLED", NOT_SENT, NOT_RECORDED, REJECTED)


def check_room(
    tx: Tx,
    *,
    merchant_id: str,
    transaction_id: str,
    original: str,
    amount: int,
    original_amount: int | None,
) -> None:
    """Raise :class:`ExcessRefundError` when a refund of ``amount`` of ``original`` (its transaction id or the
    gateway's providerReferenceId) would take the refunds held in the ledger for it above the payment's amount:
    ``original_amount`` (the caller's) or else the amount of the original payment's own row. Nothing is checked
    when neither is known. Held: every refund of the payment not final, or final other than a proven failure
    (succeeded, UNRESOLVED: it may have moved money)."""
    if tx.dialect == "postgresql":
        tx.execute("SELECT pg_advisory_xact_lock(hashtext(?))", (f"mgw-refunds/{merchant_id}/{original}",))
    rows = tx.execute(
        "SELECT transaction_id, provider_reference_id, amount FROM mgw_payments WHERE merchant_id = ? "
        "AND (transaction_id = ? OR provider_reference_id = ?) AND kind <> 'refund'",
        (merchant_id, original, original),
    )
    ids = {original}
    for row in rows:
        ids.update(i for i in (row["transaction_id"], row["provider_reference_id"]) if i)
        if original_amount is None and isinstance(row["amount"], int):
            original_amount = row["amount"]
    if original_amount is None:
        return
    marks = ", ".join("?" for _ in ids)
    failed = ", ".join("?" for _ in _NOTHING_MOVED)
    held = tx.execute(
        f"SELECT transaction_id, amount FROM mgw_payments WHERE merchant_id = ? AND kind = 'refund' "
        f"AND original_transaction_id IN ({marks}) AND transaction_id <> ? "
        f"AND NOT (rank >= ? AND code IN ({failed})) ORDER BY created_at",
        (merchant_id, *sorted(ids), transaction_id, RANK[FINAL], *_NOTHING_MOVED),
    )
    refunds = [(r["transaction_id"], int(r["amount"] or 0)) for r in held]
    total = sum(a for _, a in refunds)
    if total + amount > original_amount:
        raise ExcessRefundError(original=original, amount=amount, original_amount=original_amount, held=refunds)


__all__ = ["check_room"]
