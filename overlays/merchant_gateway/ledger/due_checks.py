"""The reconciler's side of the ledger: due status checks claimed by one worker at a time (a lease, fenced by a
sequence number), each check's result recorded and the next one scheduled, and when the next work is due. The
rules: :mod:`merchant_gateway.ledger.ledger`; the worker: :mod:`.reconciler`."""

from __future__ import annotations

import uuid
from collections.abc import Sequence
from typing import Any

from ..verdicts import Judgement, Verdict
from . import model
from .judging import Judging
from .ledger_base import STATUS_TABLE, Answer, Claim, _in, _merchants, answer_of
from .model import ACCEPTED, FINAL, OVERDUE, RANK, UNRESOLVED, Payment
from .store import Tx


class DueChecks(Judging):
    """Claims and checks (a part of :class:`~merchant_gateway.ledger.Ledger`)."""

    def claim_due(self, merchant_id: str | Sequence[str], *, limit: int, lease: float) -> list[Claim]:
        """Claim up to ``limit`` due status checks of ``merchant_id`` (one merchant, or several: a reconciler
        serving many) for ``lease`` seconds, the earliest due first. A claimed check is invisible to every other
        worker until its lease ends (PostgreSQL: FOR UPDATE SKIP LOCKED; SQLite: the single writer)."""
        token = f"{self.owner}/{uuid.uuid4().hex[:12]}"
        merchants = _merchants(merchant_id)
        with self.store.transaction() as tx:
            now = self._now(tx)
            until = now + lease
            sql = _CLAIM_SQL[tx.dialect].replace("merchant_id = ?", _in(len(merchants)), 1)
            rows = tx.execute(sql, (*merchants, RANK[FINAL], now, now, int(limit), token, until))
        return [Claim(Payment.from_row(r), token, int(r["claim_seq"]), until, r["unknown_at"]) for r in rows]

    def finish_check(
        self,
        claim: Claim,
        *,
        answer: Answer | None = None,
        status: int = 200,
        code: str | None = None,
        amount: object = None,
        pay_response_code: str | None = None,
        provider_reference_id: str | None = None,
        not_found: bool = False,
        error: str | None = None,
        error_type: str | None = None,
        not_before: float | None = None,
    ) -> str:
        """Record the result of one claimed status check and release the claim. Returns ``final``, ``open`` or
        ``lost`` (the claim had expired and another worker took it: nothing written but a final state).

        ``answer``: the status answer's JSON object (or :class:`~merchant_gateway.verdicts.Unreadable`) and its HTTP
        ``status``, judged by :func:`~merchant_gateway.verdicts.judge` against the payment's amount and merchant and
        its send history. ``code`` with ``amount``, ``pay_response_code``, ``provider_reference_id``: an answer's
        decoded fields instead (an answer naming this transaction is built from them and judged alike);
        ``not_found``: TRANSACTION_NOT_FOUND. ``error``: the read failed (transport, 5xx, rate limit: ``not_before``
        is the gateway's TIME_WINDOW), ``error_type`` its ``error.type``. Every check leaves an event (source
        ``status``), a failed one too."""
        p = claim.payment
        if answer is None and not_found:
            answer = {"success": False, "code": "TRANSACTION_NOT_FOUND"}
        elif answer is None and code is not None:
            answer = answer_of(
                p.merchant_id,
                p.transaction_id,
                code,
                amount=amount,
                pay_response_code=pay_response_code,
                provider_reference_id=provider_reference_id,
            )
        outcome = "open"
        with self.store.transaction() as tx:
            now = self._now(tx)
            row = self._row(tx, p.merchant_id, p.transaction_id, lock=True)
            if row is None:
                return "lost"
            if row["rank"] >= RANK[FINAL]:
                return "final"
            judgement: Judgement | None = None
            if answer is not None:
                judgement = self._judge(row, now, STATUS_TABLE, status, answer)
                outcome = self._apply(tx, row, judgement, now, "status", answer, checked=True)
                if outcome == "doubt":
                    error = error or judgement.reason
            if outcome != "final":
                noted = outcome == "doubt"  # the doubt is an event already
                failure = f"{error} ({error_type})" if error and error_type else error
                outcome = self._reschedule(tx, claim, row, now, judgement, failure, not_before, noted=noted)
        if outcome == "final":
            self._run_hook_after(p.merchant_id, p.transaction_id)
        return outcome

    def _reschedule(
        self,
        tx: Tx,
        claim: Claim,
        row: dict[str, Any],
        now: float,
        judgement: Judgement | None,
        error: str | None,
        not_before: float | None,
        *,
        noted: bool = False,
    ) -> str:
        change, due = model.next_check(
            self.schedule,
            started_at=row["started_at"],
            deadline=row["deadline"],
            now=now,
            not_before=not_before,
            overdue_every=self.overdue_every,
            give_up_at=row["give_up_at"],
            checks=int(row["checks"] or 0),
        )
        code = judgement.code if judgement is not None else None
        if change == FINAL:
            self._finalize(tx, row, UNRESOLVED, now, "reconciler", detail=error or code)
            return "final"
        state = OVERDUE if change == OVERDUE else row["state"]
        if judgement is not None and judgement.verdict is Verdict.PENDING and RANK[state] < RANK[ACCEPTED]:
            state = ACCEPTED
        n = tx.rowcount(
            "UPDATE mgw_payments SET checks = checks + 1, last_check_at = ?, next_check_at = ?, updated_at = ?, "
            "lease_owner = NULL, lease_until = NULL, detail = COALESCE(?, detail), "
            "code = COALESCE(?, code), state = CASE WHEN rank < ? THEN ? ELSE state END, "
            "rank = CASE WHEN rank < ? THEN ? ELSE rank END "
            "WHERE merchant_id = ? AND transaction_id = ? AND lease_owner = ? AND claim_seq = ? AND rank < ?",
            (
                now,
                due,
                now,
                error,
                code,
                RANK[state],
                state,
                RANK[state],
                RANK[state],
                row["merchant_id"],
                row["transaction_id"],
                claim.token,
                claim.seq,
                RANK[FINAL],
            ),
        )
        if n and state != row["state"]:
            self._event(
                tx, row["merchant_id"], row["transaction_id"], now, "status", state, code, error, before=row["state"]
            )
        elif n and not noted:  # the check changed no state: still one line of the payment's history
            self._event(tx, row["merchant_id"], row["transaction_id"], now, "status", None, code, error or "open")
        return "open" if n else "lost"

    def release(self, claim: Claim) -> None:
        """Give a claimed check back unrun (shutting down, or too little of the lease left to run it safely)."""
        with self.store.transaction() as tx:
            tx.execute(
                "UPDATE mgw_payments SET lease_owner = NULL, lease_until = NULL "
                "WHERE merchant_id = ? AND transaction_id = ? AND lease_owner = ? AND claim_seq = ?",
                (claim.payment.merchant_id, claim.payment.transaction_id, claim.token, claim.seq),
            )

    def next_due(self, merchant_id: str | Sequence[str]) -> float | None:
        """When the earliest open check of ``merchant_id`` (one merchant or several) is due (None: nothing open)."""
        merchants = _merchants(merchant_id)
        with self.store.transaction() as tx:
            rows = tx.execute(
                f"SELECT MIN(next_check_at) AS due FROM mgw_payments WHERE {_in(len(merchants))} AND rank < 9",
                merchants,
            )
        due = rows[0]["due"] if rows else None
        return None if due is None else float(due)

    def next_work(self, merchant_id: str | Sequence[str], *, hooks: bool) -> tuple[float | None, float]:
        """``(when the earliest open check or, with ``hooks``, pending hook of these merchants is due (None:
        nothing), the ledger's time now)``: what an idle reconciler reads, in one query, to know how long it may
        wait (the partial indexes of open payments and pending hooks answer it)."""
        merchants = _merchants(merchant_id)
        where = _in(len(merchants))
        hook = (
            f", (SELECT MIN(hook_next_at) FROM mgw_payments WHERE hook_pending = 1 AND {where}) AS hook"
            if hooks
            else ""
        )
        with self.store.transaction() as tx:
            now = self._now(tx)
            rows = tx.execute(
                f"SELECT (SELECT MIN(next_check_at) FROM mgw_payments WHERE {where} AND rank < 9) AS due{hook}",
                (*merchants, *(merchants if hooks else ())),
            )
        found = [float(v) for v in rows[0].values() if v is not None] if rows else []
        return (min(found) if found else None), now


_CLAIM_SQL = {
    "postgresql": (
        "WITH due AS (SELECT merchant_id, transaction_id FROM mgw_payments WHERE merchant_id = ? AND rank < ? "
        "AND next_check_at <= ? AND (lease_until IS NULL OR lease_until < ?) ORDER BY next_check_at LIMIT ? "
        "FOR UPDATE SKIP LOCKED) "
        "UPDATE mgw_payments p SET lease_owner = ?, lease_until = ?, claim_seq = p.claim_seq + 1 FROM due "
        "WHERE p.merchant_id = due.merchant_id AND p.transaction_id = due.transaction_id RETURNING p.*"
    ),
    "sqlite": (
        "WITH due AS (SELECT merchant_id, transaction_id FROM mgw_payments WHERE merchant_id = ? AND rank < ? "
        "AND next_check_at <= ? AND (lease_until IS NULL OR lease_until < ?) ORDER BY next_check_at LIMIT ?) "
        "UPDATE mgw_payments SET lease_owner = ?, lease_until = ?, claim_seq = claim_seq + 1 "
        "WHERE (merchant_id, transaction_id) IN (SELECT merchant_id, transaction_id FROM due) RETURNING *"
    ),
}
