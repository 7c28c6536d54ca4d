"""What an answer means for a payment: every status answer and callback judged by
:func:`merchant_gateway.verdicts.judge` with what the ledger knows (the amount sent, the merchant, the send history,
on two clocks), and acted on in the transaction that read the payment. The rules:
:mod:`merchant_gateway.ledger.ledger`."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..log import log_event
from ..verdicts import Expect, Judgement, Sends, Verdict, judge, table
from .finals import Finals
from .ledger_base import Answer
from .model import ACCEPTED, FINAL, NOT_RECORDED, RANK
from .store import Tx

_DOUBT = frozenset({Verdict.UNKNOWN, Verdict.UNREADABLE, Verdict.UNCONFIRMED})


class Judging(Finals):
    """Judging answers (a part of :class:`~merchant_gateway.ledger.Ledger`)."""

    def sends(self, row: Mapping[str, Any], now: float) -> Sends:
        """What the ledger knows of the requests sent for a payment, for the TRANSACTION_NOT_FOUND time rule.

        The last moment a request may have been sent is the latest of the write-ahead, the last recorded attempt,
        the send deadline of a call that has not reported its end (``call_until``: the transport refuses an
        attempt's first byte after it, :meth:`send_fence`) and the first read that found nothing once the call had
        ended (this read itself when none came before): a clock that jumps forward between a send and a read cannot
        end the wait early, and NOT_RECORDED never comes before the send deadline plus ``grace``. No request can
        still be sent once the call has ended (or its send deadline passed): every later attempt is refused by
        :meth:`record_attempt` once the payment is final."""
        call_until = row["call_until"]
        times = [row["created_at"], row["last_attempt_at"], row["absent_since"], call_until]
        if row["absent_since"] is None:
            times.append(now)
        closed = call_until is None or now >= call_until
        return Sends(
            known=True, last_at=max(t for t in times if t is not None), now=now, grace=self.grace, closed=closed
        )

    def monotonic_sends(self, row: Mapping[str, Any]) -> Sends | None:
        """The same wait on this machine's monotonic clock, from the first empty read this machine made (None when
        another machine made it, or this one rebooted since): a jump of the backend's clock cannot shorten it."""
        mono, since = self.monotonic(), row["absent_mono"]
        if row["absent_host"] != self.machine or since is None or mono < since:
            return None
        return Sends(known=True, last_at=since, now=mono, grace=self.grace, closed=True)

    def _judge(self, row: Mapping[str, Any], now: float, key: str, status: int, answer: Answer | None) -> Judgement:
        """The verdict function on the answer. TRANSACTION_NOT_FOUND is judged on both clocks; NOT_RECORDED only
        when both say so (else "not yet found": the monotonic wait starts or goes on)."""
        outcomes = table(key)
        expect = Expect(row["transaction_id"], row["merchant_id"], row["amount"])
        judgement = judge(outcomes, status=status, answer=answer, expect=expect, sends=self.sends(row, now))
        if judgement.verdict is Verdict.NOT_RECORDED:
            mono = self.monotonic_sends(row)
            if mono is None:
                return judgement._replace(verdict=Verdict.NOT_YET_FOUND, reason="the wait starts on this machine")
            return judge(outcomes, status=status, answer=answer, expect=expect, sends=mono)
        return judgement

    def _apply(
        self,
        tx: Tx,
        row: dict[str, Any],
        judgement: Judgement,
        now: float,
        source: str,
        answer: Answer | None,
        *,
        checked: bool = False,
    ) -> str:
        """Act on a judgement in the transaction that read ``row`` (locked). Returns ``final``, ``duplicate`` (was
        final already), ``open`` or ``doubt`` (the answer proves nothing; recorded as an event)."""
        m, t = row["merchant_id"], row["transaction_id"]
        verdict = judgement.verdict
        if row["rank"] >= RANK[FINAL]:
            if verdict.final and judgement.code is not None:
                self._note_repeat(tx, row, now, source, judgement.code)
            return "duplicate"
        if verdict is Verdict.NOT_RECORDED and row["answered_at"] is not None:
            reason = "TRANSACTION_NOT_FOUND, but the gateway answered the request: not trusted"
            self._event(tx, m, t, now, source, None, judgement.code, reason)
            return "doubt"
        if verdict in (Verdict.SUCCEEDED, Verdict.FAILED):
            data = answer.get("data") if isinstance(answer, Mapping) else None
            ref = data.get("providerReferenceId") if isinstance(data, Mapping) else None
            assert judgement.code is not None
            self._finalize(
                tx,
                row,
                judgement.code,
                now,
                source,
                pay_response_code=judgement.pay_response_code,
                provider_reference_id=ref if isinstance(ref, str) else None,
            )
            return "final"
        if verdict is Verdict.NOT_RECORDED:
            self._finalize(tx, row, NOT_RECORDED, now, source, detail="TRANSACTION_NOT_FOUND")
            return "final"
        if verdict is Verdict.PENDING:
            tx.execute(
                "UPDATE mgw_payments SET answered_at = COALESCE(answered_at, ?) WHERE merchant_id = ? "
                "AND transaction_id = ?",
                (now, m, t),
            )
            if not checked and row["rank"] < RANK[ACCEPTED]:
                tx.execute(
                    "UPDATE mgw_payments SET state = ?, rank = ?, code = ?, updated_at = ? "
                    "WHERE merchant_id = ? AND transaction_id = ? AND rank < ?",
                    (ACCEPTED, RANK[ACCEPTED], judgement.code, now, m, t, RANK[ACCEPTED]),
                )
                self._event(tx, m, t, now, source, ACCEPTED, judgement.code, None, before=row["state"])
            return "open"
        if verdict is Verdict.NOT_YET_FOUND:
            if self.sends(row, now).closed and (row["absent_since"] is None or self.monotonic_sends(row) is None):
                tx.execute(  # the first empty read once the call ended (on this machine's monotonic clock)
                    "UPDATE mgw_payments SET absent_since = COALESCE(absent_since, ?), absent_mono = ?, "
                    "absent_host = ? WHERE merchant_id = ? AND transaction_id = ?",
                    (now, self.monotonic(), self.machine, m, t),
                )
            return "open"
        if verdict in _DOUBT:
            self._event(tx, m, t, now, source, None, judgement.code, judgement.reason[:200])
            log_event(30, "ledger_doubt", operation=row["operation"], transaction_id=t, code=judgement.code)
            return "doubt"
        return "open"
