"""The shop's own tables and the payment hook: the merchant's code that the ledger calls.

``fulfil`` runs once per payment, when its final state is first known, inside the ledger's transaction
(``hook_in_transaction=True``): the order's status and its shipment commit together with the ledger's "hook done",
so no crash can ship an order twice or leave a paid one unshipped. Every process that may see a final state gets
it: the web workers (callbacks) and ``mgw reconcile --worker --hook shop.orders:fulfil --hook-in-transaction``
(status checks), which is why this module must be importable by both (on ``PYTHONPATH``).
"""

from __future__ import annotations

from typing import Any

from merchant_gateway.ledger import UNRESOLVED, Payment

# In the ledger's database: the hook can only commit with the ledger in the ledger's own transaction.
# shop_shipments has no UNIQUE (order_id) on purpose: the example counts shipments to show the hook ran once.
SCHEMA = """
CREATE TABLE IF NOT EXISTS shop_orders (
    id BIGSERIAL PRIMARY KEY,
    transaction_id TEXT NOT NULL UNIQUE,
    amount INTEGER NOT NULL,
    status TEXT NOT NULL DEFAULT 'pending',
    payment_code TEXT,
    created_at TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE TABLE IF NOT EXISTS shop_shipments (
    id BIGSERIAL PRIMARY KEY,
    order_id BIGINT NOT NULL REFERENCES shop_orders (id),
    created_at TIMESTAMPTZ NOT NULL DEFAULT now()
)
"""


def create_tables(database_url: str) -> None:
    """Run once per deployment, before the web workers start (a migration, not a worker's start-up): the ledger's
    schema (``Ledger.migrate``, what ``mgw ledger migrate`` does; an ordinary open never changes it), then the
    shop's tables."""
    import psycopg
    from merchant_gateway.ledger import Ledger

    Ledger.migrate(database_url)
    with psycopg.connect(database_url, autocommit=True) as conn:
        conn.execute(SCHEMA)


def order_status(payment: Payment) -> str:
    if payment.succeeded:
        return "paid"
    if payment.code == UNRESOLVED:  # not proven either way by the ledger's give-up time: a person looks at it
        return "review"
    return "failed"  # declined, cancelled, failed, or never reached the gateway: the customer may pay again


def fulfil(payment: Payment, tx: Any) -> None:
    """The hook: ``Ledger.open(url, on_final=fulfil, hook_in_transaction=True)``. ``tx.connection`` is the
    driver's connection (psycopg) inside the ledger's transaction: its parameter style, no SQL rewriting."""
    conn = tx.connection
    conn.execute(
        "UPDATE shop_orders SET status = %s, payment_code = %s WHERE transaction_id = %s",
        (order_status(payment), payment.code, payment.transaction_id),
    )
    if payment.succeeded:
        conn.execute(
            "INSERT INTO shop_shipments (order_id) SELECT id FROM shop_orders WHERE transaction_id = %s",
            (payment.transaction_id,),
        )
