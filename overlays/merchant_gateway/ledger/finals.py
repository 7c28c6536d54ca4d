"""The one transition of a payment to a final state, and the merchant's hook it fires: in the transaction that makes
the payment final (``hook_in_transaction``), or after it under a lease; hooks left pending (their process had no
hook, failed it, or died) delivered by any process that has one. The rules: :mod:`merchant_gateway.ledger.ledger`."""

from __future__ import annotations

import logging
import threading
import uuid
from collections.abc import Sequence
from typing import Any

from ..log import log_event, log_ledger_event
from ..semconv import error_type
from .ledger_base import LedgerBase, _merchant_filter, _merchant_params
from .migrations import PAYMENT_SELECT
from .model import FINAL, RANK, Payment
from .store import Tx


class Finals(LedgerBase):
    """Final transitions and hooks (a part of :class:`~merchant_gateway.ledger.Ledger`)."""

    # hooks this process ran and saw fail (class defaults: the first count gives the instance its own)
    _tally_lock = threading.Lock()
    _hook_runs = 0
    _hook_failures = 0

    def hook_tally(self) -> tuple[int, int]:
        """How many hooks this ledger object ran to completion and how many raised, since it was made (a
        reconciler counts the difference; a failure is retried after ``hook_retry``)."""
        with self._tally_lock:
            return self._hook_runs, self._hook_failures

    def _tally_hook(self, payment: Payment, now: float, *, error: BaseException | None = None) -> None:
        with self._tally_lock:
            if error is not None:
                self._hook_failures += 1
            else:
                self._hook_runs += 1
        if self.instruments is not None:
            delay = None if payment.final_at is None else max(0.0, now - payment.final_at)
            self.instruments.hook_ran(payment.transaction_id, delay=delay, error=error)

    def deliver_hooks(self, *, limit: int = 100, merchant_id: str | Sequence[str] | None = None) -> int:
        """Run the hook of final payments whose hook has not run yet (their finalising process had no hook, failed
        it, or died). Returns how many hooks completed. Every process that has a hook may call it."""
        if self.hook is None:
            return 0
        done = 0
        if self.hook_in_transaction:
            for _ in range(limit):
                with self.store.transaction() as tx:
                    now = self._now(tx)
                    rows = tx.execute(
                        _HOOK_PICK_SQL[tx.dialect].format(m=_merchant_filter(merchant_id)),
                        _merchant_params(now, merchant_id),
                    )
                    if not rows:
                        break
                    done += self._run_hook_in_tx(tx, rows[0], now)
            return done
        token = f"{self.owner}/{uuid.uuid4().hex[:12]}"
        with self.store.transaction() as tx:
            now = self._now(tx)
            rows = tx.execute(
                _HOOK_CLAIM_SQL[tx.dialect].format(m=_merchant_filter(merchant_id)),
                (*_merchant_params(now, merchant_id), now, int(limit), token, now + self.hook_lease),
            )
        for row in rows:
            done += self._run_hook_leased(Payment.from_row(row), token)
        return done

    def _advance_final(
        self, merchant_id: str, transaction_id: str, code: str, *, source: str, detail: str | None = None
    ) -> bool:
        """End a payment with one of the ledger's own verdicts (NOT_SENT, REJECTED, UNRESOLVED)."""
        with self.store.transaction() as tx:
            now = self._now(tx)
            row = self._row(tx, merchant_id, transaction_id, lock=True)
            if row is None:
                self._event(tx, merchant_id, transaction_id, now, source, None, code, "not in the ledger")
                return False
            if row["rank"] >= RANK[FINAL]:
                self._note_repeat(tx, row, now, source, code)
                return False
            self._finalize(tx, row, code, now, source, detail=detail)
        self._run_hook_after(merchant_id, transaction_id)
        return True

    def _finalize(
        self,
        tx: Tx,
        row: dict[str, Any],
        code: str,
        now: float,
        source: str,
        *,
        detail: str | None = None,
        pay_response_code: str | None = None,
        provider_reference_id: str | None = None,
        actor: str | None = None,
    ) -> bool:
        """The one transition to a final state, in the caller's transaction (the row read and locked there)."""
        merchant_id, transaction_id = row["merchant_id"], row["transaction_id"]
        in_tx = self.hook is not None and self.hook_in_transaction  # the hook gets the final row: returned here
        done = self._write_with_event(
            tx,
            "UPDATE mgw_payments SET state = ?, rank = ?, code = ?, detail = COALESCE(?, detail), "
            "pay_response_code = COALESCE(?, pay_response_code), "
            "provider_reference_id = COALESCE(?, provider_reference_id), final_source = ?, final_at = ?, "
            "updated_at = ?, next_check_at = NULL, lease_owner = NULL, lease_until = NULL, call_until = NULL, "
            "hook_pending = 1, hook_next_at = ? "
            "WHERE merchant_id = ? AND transaction_id = ? AND rank < ? AND attempts = ?",
            (
                FINAL,
                RANK[FINAL],
                code,
                detail,
                pay_response_code,
                provider_reference_id,
                source,
                now,
                now,
                now,
                merchant_id,
                transaction_id,
                RANK[FINAL],
                row["attempts"],  # an attempt recorded since the row was read fences the verdict off
            ),
            PAYMENT_SELECT if in_tx else "merchant_id, transaction_id",
            (now, source, FINAL, code, detail),
            before=row["state"],
            actor=actor,
        )
        if not done:
            return False
        log_event(20, "ledger_final", operation=row["operation"], transaction_id=transaction_id, code=code)
        if self.hook is None:  # a worker with the hook delivers it
            self._announce(tx, merchant_id, now)
        if in_tx:
            self._run_hook_in_tx(tx, done[0], now)
        return True

    def _run_hook_after(self, merchant_id: str, transaction_id: str) -> None:
        """After a final transition committed: run the leased hook here (the default form)."""
        if self.hook is None or self.hook_in_transaction:
            return
        token = f"{self.owner}/{uuid.uuid4().hex[:12]}"
        with self.store.transaction() as tx:
            now = self._now(tx)
            claimed = tx.execute(
                "UPDATE mgw_payments SET hook_lease_owner = ?, hook_lease_until = ? "
                "WHERE merchant_id = ? AND transaction_id = ? AND hook_pending = 1 "
                "AND (hook_lease_until IS NULL OR hook_lease_until < ?) RETURNING *",
                (token, now + self.hook_lease, merchant_id, transaction_id, now),
            )
        if claimed:
            self._run_hook_leased(Payment.from_row(claimed[0]), token)

    def _run_hook_in_tx(self, tx: Tx, row: dict[str, Any], now: float) -> int:
        assert self.hook is not None
        payment = Payment.from_row(row)
        tx.execute("SAVEPOINT mgw_hook")
        try:
            self._call_hook(payment, tx)
        except Exception as exc:  # noqa: BLE001 - the hook's effects are undone; it is retried later
            tx.execute("ROLLBACK TO SAVEPOINT mgw_hook")
            self._hook_failed(tx, payment, now, exc, None)
            return 0
        # the savepoint is not released: COMMIT keeps what the hook wrote all the same, and a RELEASE would be a
        # round trip of its own (PostgreSQL)
        self._write_with_event(
            tx,
            "UPDATE mgw_payments SET hook_pending = 0, hook_done_at = ?, hook_attempts = hook_attempts + 1, "
            "hook_error = NULL WHERE merchant_id = ? AND transaction_id = ?",
            (now, payment.merchant_id, payment.transaction_id),
            "merchant_id, transaction_id",
            (now, "hook", None, None, "ran"),
        )
        self._tally_hook(payment, now)
        return 1

    def _call_hook(self, payment: Payment, *tx: Tx) -> None:
        """The merchant's hook, in a span of the payment's trace when telemetry is attached."""
        assert self.hook is not None
        if self.instruments is None:
            self.hook(payment, *tx)
            return
        with self.instruments.hook(payment.transaction_id, payment.traceparent):
            self.hook(payment, *tx)

    def _run_hook_leased(self, payment: Payment, token: str) -> int:
        assert self.hook is not None
        try:
            self._call_hook(payment)
        except Exception as exc:  # noqa: BLE001 - retried after hook_retry seconds
            with self.store.transaction() as tx:
                self._hook_failed(tx, payment, self._now(tx), exc, token)
            return 0
        with self.store.transaction() as tx:
            now = self._now(tx)
            done = tx.rowcount(
                "UPDATE mgw_payments SET hook_pending = 0, hook_done_at = ?, hook_attempts = hook_attempts + 1, "
                "hook_error = NULL, hook_lease_owner = NULL, hook_lease_until = NULL "
                "WHERE merchant_id = ? AND transaction_id = ? AND hook_lease_owner = ?",
                (now, payment.merchant_id, payment.transaction_id, token),
            )
            # the lease lost meanwhile (the hook outlived hook_lease): it ran here all the same
            detail = "ran" if done else "ran after its lease ended (it may run again elsewhere)"
            self._event(tx, payment.merchant_id, payment.transaction_id, now, "hook", None, None, detail)
        self._tally_hook(payment, now)
        return 1

    def _hook_failed(self, tx: Tx, payment: Payment, now: float, exc: Exception, token: str | None) -> None:
        self._tally_hook(payment, now, error=exc)
        log_ledger_event(  # the error's type only: its message may quote the payment or the merchant's data
            logging.WARNING,
            "hook.failed",
            worker=self.owner,
            merchant_id=payment.merchant_id,
            transaction_id=payment.transaction_id,
            error_type=type(exc).__name__,
            wait=self.hook_retry,
        )
        # the error's type only: its message may quote the payment or the merchant's own data
        detail = f"failed ({error_type(exc)}); retried in {self.hook_retry:g} s"
        self._event(tx, payment.merchant_id, payment.transaction_id, now, "hook", None, None, detail)
        where = "" if token is None else " AND hook_lease_owner = ?"
        # operators see it (mgw ledger hooks): the class alone, never the message, which may quote a row's data
        params: list[Any] = [now + self.hook_retry, f"{type(exc).__module__}.{type(exc).__qualname__}"[:200]]
        params += [payment.merchant_id, payment.transaction_id] + ([] if token is None else [token])
        tx.execute(
            "UPDATE mgw_payments SET hook_attempts = hook_attempts + 1, hook_next_at = ?, hook_error = ?, "
            f"hook_lease_owner = NULL, hook_lease_until = NULL WHERE merchant_id = ? AND transaction_id = ?{where}",
            params,
        )


_HOOK_PICK_SQL = {
    "postgresql": "SELECT * FROM mgw_payments WHERE hook_pending = 1 AND hook_next_at <= ?{m} "
    "ORDER BY hook_next_at LIMIT 1 FOR UPDATE SKIP LOCKED",
    "sqlite": "SELECT * FROM mgw_payments WHERE hook_pending = 1 AND hook_next_at <= ?{m} "
    "ORDER BY hook_next_at LIMIT 1",
}
_HOOK_DUE = (
    "SELECT merchant_id, transaction_id FROM mgw_payments WHERE hook_pending = 1 AND hook_next_at <= ?{m} "
    "AND (hook_lease_until IS NULL OR hook_lease_until < ?) ORDER BY hook_next_at LIMIT ?"
)
_HOOK_CLAIM_SQL = {
    "postgresql": (
        "WITH due AS (" + _HOOK_DUE + " FOR UPDATE SKIP LOCKED) "
        "UPDATE mgw_payments p SET hook_lease_owner = ?, hook_lease_until = ? FROM due "
        "WHERE p.merchant_id = due.merchant_id AND p.transaction_id = due.transaction_id RETURNING p.*"
    ),
    "sqlite": (
        "WITH due AS (" + _HOOK_DUE + ") UPDATE mgw_payments SET hook_lease_owner = ?, hook_lease_until = ? "
        "WHERE (merchant_id, transaction_id) IN (SELECT merchant_id, transaction_id FROM due) RETURNING *"
    ),
}
