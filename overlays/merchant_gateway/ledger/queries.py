"""What the ledger tells about itself: a payment and its history, open payments, counts by state, and the
reconciler workers' heartbeats (written and listed; the rows: :mod:`.workers`)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from . import workers
from .ledger_base import LedgerBase
from .model import FINAL, RANK, Payment
from .workers import WorkerStatus


class Queries(LedgerBase):
    """Reading the ledger, and the workers' heartbeats (a part of :class:`~merchant_gateway.ledger.Ledger`)."""

    def get(self, transaction_id: str, merchant_id: str | None = None) -> Payment | None:
        with self.store.transaction() as tx:
            if merchant_id is None:
                rows = tx.execute("SELECT * FROM mgw_payments WHERE transaction_id = ? LIMIT 1", (transaction_id,))
                row = rows[0] if rows else None
            else:
                row = self._row(tx, merchant_id, transaction_id)
        return None if row is None else Payment.from_row(row)

    def unfinished(self, *, limit: int = 100, merchant_id: str | None = None) -> list[Payment]:
        """Open payments, the next due check first."""
        where, params = "rank < ?", list[Any]([RANK[FINAL]])
        if merchant_id is not None:
            where += " AND merchant_id = ?"
            params.append(merchant_id)
        with self.store.transaction() as tx:
            rows = tx.execute(
                f"SELECT * FROM mgw_payments WHERE {where} ORDER BY next_check_at LIMIT ?", (*params, int(limit))
            )
        return [Payment.from_row(r) for r in rows]

    def counts(self, merchant_id: str | None = None) -> dict[str, int]:
        """How many payments are in each state (``final:<code>`` for final ones) and ``hooks_pending``."""
        where, params = ("WHERE merchant_id = ?", [merchant_id]) if merchant_id else ("", [])
        with self.store.transaction() as tx:
            rows = tx.execute(
                f"SELECT state, CASE WHEN rank = 9 THEN code ELSE NULL END AS code, COUNT(*) AS n, "
                f"SUM(hook_pending) AS hooks FROM mgw_payments {where} GROUP BY 1, 2",
                params,
            )
        out: dict[str, int] = {}
        hooks = 0
        for r in rows:
            key = r["state"] if r["code"] is None else f"final:{r['code']}"
            out[key] = out.get(key, 0) + int(r["n"])
            hooks += int(r["hooks"] or 0)
        out["hooks_pending"] = hooks
        return out

    def events(self, transaction_id: str, merchant_id: str | None = None) -> list[dict[str, Any]]:
        where, params = "transaction_id = ?", [transaction_id]
        if merchant_id is not None:
            where += " AND merchant_id = ?"
            params.append(merchant_id)
        with self.store.transaction() as tx:
            return tx.execute(f"SELECT * FROM mgw_events WHERE {where} ORDER BY id", params)

    # --- reconciler workers (heartbeats: ledger/workers.py) ------------------------------------------------------

    def workers(self, *, running_only: bool = False) -> list[WorkerStatus]:
        """The reconciler workers that wrote a heartbeat to this ledger (last beat first): name, host, pid, start,
        last beat, clean stop and exit status, and their counters. ``running_only``: those that have not stopped
        cleanly (a SIGKILLed one stays here: its ``beat_at`` gets old; compare with :meth:`clock`)."""
        with self.store.transaction() as tx:
            return workers.listing(tx, running_only=running_only)

    def forget_worker(self, name: str) -> bool:
        """Remove a worker's heartbeat row (:meth:`workers`), e.g. one that died without a clean stop and will not
        come back; True when there was one. A worker still running writes a new row with its next beat."""
        with self.store.transaction() as tx:
            return workers.forget(tx, name)

    def open_by_state(self) -> dict[str, tuple[int, float]]:
        """Open payments by state: how many, and when the oldest of them was written down (the backend's clock);
        for the metrics of open payments and the oldest open payment."""
        with self.store.transaction() as tx:
            rows = tx.execute(
                "SELECT state, COUNT(*) AS n, MIN(created_at) AS oldest FROM mgw_payments WHERE rank < ? "
                "GROUP BY state",
                (RANK[FINAL],),
            )
        return {r["state"]: (int(r["n"]), float(r["oldest"])) for r in rows}

    def worker_beat(
        self,
        counters: Mapping[str, int],
        *,
        merchant_id: str | None = None,
        stopped: bool = False,
        exit_status: int | None = None,
    ) -> None:
        """Write this process's heartbeat (named :attr:`owner`) with its counters; ``stopped``: its last one."""
        with self.store.transaction() as tx:
            workers.beat(
                tx,
                name=self.owner,
                now=self._now(tx),
                merchant_id=merchant_id,
                counters=counters,
                stopped=stopped,
                exit_status=exit_status,
            )


def merchants_holding(ledger: LedgerBase, transaction_id: str, merchants: Sequence[str]) -> list[str]:
    """Which of ``merchants`` the ledger holds a payment ``transaction_id`` for, in the order given (an id is unique
    per merchant only: `mgw ledger check` with a merchants file finds whose payment it is)."""
    if not merchants:
        return []
    marks = ", ".join("?" for _ in merchants)
    with ledger.store.transaction(read=True) as tx:
        rows = tx.execute(
            f"SELECT merchant_id FROM mgw_payments WHERE transaction_id = ? AND merchant_id IN ({marks})",
            (transaction_id, *merchants),
        )
    found = {r["merchant_id"] for r in rows}
    return [m for m in merchants if m in found]
