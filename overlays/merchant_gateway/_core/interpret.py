"""Interpret one attempt, free of I/O: an exception by its phase (not sent, or may have been sent), an answer by
the spec's outcome table (merchant_gateway.verdicts), then retry.decide: Done, Wait or an exception."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import httpx

from ..errors import (
    AmountMismatchError,
    AnswerMismatchError,
    ApiError,
    DuplicateRequestError,
    GatewayConnectionError,
    GatewayError,
    GatewayTimeoutError,
    OutcomeUnknown,
    RateLimitedError,
    ServerError,
    error_for_category,
)
from ..fence import SendDeadlinePassed
from ..log import log_event, logger
from ..retry import Action, BudgetSpent, Failure, decide, parse_server_wait, wait_seconds
from ..tls import handshake_failure, refused_client_certificate
from ..verdicts import REMEDIES, Expect, Judgement, Verdict, judge, read_answer, table
from .calls import Done, Prepared, Wait
from .records import _AMOUNT_ECHOED, Records

# payResponseCodes whose own meaning is what a merchant must read first when the answer is judged unknown (the
# spec's refine entry, x-codes of refundV4/refundV3/refundAppsHost): the error leads with it, then says the outcome
# is unknown; the verdict itself is the spec's rule, unchanged here
REASON_FIRST = {
    "EXCESS_REFUND_AMOUNT": (
        "EXCESS_REFUND_AMOUNT: the gateway says the refund's amount is above the payment, or the payment is already "
        "refunded (perhaps by an earlier refund of yours)",
        "learn the status of the refunds made for this payment before anything else (the outcome is judged "
        "unknown); refund at most what is left, under a new transaction id; never refund again blindly",
    ),
}


_REMEMBERS_AMOUNT = ("debit", "collect")  # x-money-movement values whose amount bounds a later refund


_NOT_SENT = (httpx.ConnectError, httpx.ConnectTimeout, httpx.PoolTimeout)
_NOTHING_SENT = (*_NOT_SENT, SendDeadlinePassed, BudgetSpent)  # an attempt that ended in one of these sent no byte


_UNREADABLE = (ValueError, KeyError, TypeError, AttributeError)  # raised by generated parsing of odd answers


# verdicts whose answer is returned to the caller (a status read's failed payment is the answer asked for)
_RETURNED = frozenset({Verdict.SUCCEEDED, Verdict.ACCEPTED, Verdict.PENDING, Verdict.UNCONFIRMED})


class Interpreting(Records):
    """Turns one attempt's answer or exception into a value, a wait before the next attempt, or an error."""

    def after_attempt(
        self, prep: Prepared, attempt: int, response: Any = None, exc: BaseException | None = None
    ) -> Done | Wait:
        """Result of attempt ``attempt`` (1-based): Done, Wait (then try again) or an exception."""
        op_id, txn = prep.op.operation_id, prep.transaction_id
        self.attempt_ended(prep, sent=not isinstance(exc, _NOTHING_SENT))
        if exc is not None:
            if isinstance(exc, SendDeadlinePassed):  # refused before its first byte: never retried, nothing sent
                refused = GatewayConnectionError(
                    f"{exc}; this attempt is not re-sent (its payment may be declared never recorded): read the "
                    "payment's state in the ledger before doing anything under this transaction id",
                    operation=op_id,
                    transaction_id=txn,
                )
                raise refused from exc
            if isinstance(exc, BudgetSpent):  # not a connection failure: the gateway was never tried
                spent = GatewayConnectionError(
                    f"the call's time budget (total_timeout, {self.config.total_timeout:g} s) ran out before the "
                    "request was sent: nothing was sent",
                    remedy="call again (nothing was sent, so that is safe) once what held it back has cleared (a rate "
                    "ceiling's wait, a wait for a free connection), or give calls a larger total_timeout "
                    "(MGW_TOTAL_TIMEOUT)",
                    operation=op_id,
                    transaction_id=txn,
                )
                spent.__cause__ = exc
                return self._decide(prep, attempt, Failure.NOT_SENT, spent, None)
            if isinstance(exc, _NOT_SENT):
                unreachable, remedy = self._unreachable(prep.op.host, exc)
                error: GatewayError = GatewayConnectionError(
                    unreachable, remedy=remedy, operation=op_id, transaction_id=txn
                )
                error.__cause__ = exc
                return self._decide(prep, attempt, Failure.NOT_SENT, error, None)
            if isinstance(exc, GatewayError):
                raise exc
            # Anything else was raised once the request may have been written: the phase decides, not the
            # exception's type (MemoryError, OverflowError, httpx.DecodingError and library errors included).
            if isinstance(exc, _UNREADABLE):  # the generated code could not read a complete answer
                return self._doubt(prep, Judgement(Verdict.UNKNOWN, reason="the answer could not be read"), None, exc)
            cls = GatewayTimeoutError if isinstance(exc, httpx.TimeoutException) else GatewayConnectionError
            error = cls(
                f"{type(exc).__name__} after the request may have been sent",
                remedy=refused_client_certificate(exc),
                operation=op_id,
                transaction_id=txn,
            )
            error.__cause__ = exc
            return self._decide(prep, attempt, Failure.MAYBE_SENT, error, None)
        status = int(response.status_code)
        content: bytes = response.content
        answer = read_answer(content) if content else None
        # the Location header decides only a redirect (verdicts' redirect step): not looked up for any other answer
        location = response.headers.get("Location") if 300 <= status < 400 else None
        judgement = self.judge(prep, status, answer, attempt, location)
        verdict = judgement.verdict
        if logger.isEnabledFor(10):
            log_event(
                10,
                "response",
                operation=op_id,
                transaction_id=txn,
                status=status,
                code=judgement.code,
                attempt=attempt,
                verdict=verdict.value,
            )
        if verdict in _RETURNED or (verdict is Verdict.FAILED and prep.op.answer_codes == "payment-state"):
            if prep.op.result is None:  # debitV3: the answer is a redirect whose Location is the payments page
                return Done(response.headers.get("Location"))
            assert isinstance(answer, dict)
            return Done(self._result(prep, response, answer, status))
        message = answer.get("message") if isinstance(answer, dict) else None
        text = message if isinstance(message, str) and message else f"gateway answered HTTP {status}"
        meta: dict[str, Any] = {
            "operation": op_id,
            "transaction_id": txn,
            "status": status,
            "code": judgement.code,
            "pay_response_code": judgement.pay_response_code,
            "verdict": verdict.value,
        }
        if verdict is Verdict.RATE_LIMITED:
            limited = RateLimitedError(text, remedy=REMEDIES.get("API_RATE_LIMIT_REACHED"), **meta)
            data = answer.get("data") if isinstance(answer, dict) else None
            envelope = answer if isinstance(answer, dict) else {}
            data = data if isinstance(data, dict) else {}
            # where API_LIMIT and TIME_WINDOW travel is not shown: accept data, top level or response headers
            limited.api_limit = _text(_first(data, envelope, response.headers, "API_LIMIT"))
            window = _first(data, envelope, response.headers, "TIME_WINDOW")
            limited.time_window = _text(window)
            now = self._wall_clock()
            hint = parse_server_wait(response.headers.get("Retry-After"), now=now)
            if hint is None:
                hint = parse_server_wait(window, now=now)
            return self._decide(prep, attempt, Failure.RATE_LIMITED, limited, hint)
        if verdict is Verdict.UNKNOWN and (status >= 500 or judgement.category == "server-error"):
            error = ServerError(text, remedy=REMEDIES.get(judgement.code or "INTERNAL_SERVER_ERROR"), **meta)
            return self._decide(prep, attempt, Failure.SERVER_ERROR, error, None)
        if verdict in (Verdict.UNKNOWN, Verdict.UNREADABLE):
            return self._doubt(prep, judgement, status, None)
        if verdict is Verdict.NOT_RECORDED and txn is not None:
            self.declared_not_recorded(txn)
        kind = error_for_category(judgement.category)
        remedy = REMEDIES.get(judgement.code or "")
        if verdict is Verdict.DUPLICATE and not issubclass(kind, DuplicateRequestError):
            kind = DuplicateRequestError  # e.g. a refund's PAYMENT_ERROR refined by DUPLICATE_TXN_REQUEST
            remedy = "a request under this id exists: read its status before doing anything under a new id"
        raise kind(text, remedy=remedy, **meta)

    def _unreachable(self, host: str, exc: BaseException | None = None) -> tuple[str, str | None]:
        """Which host could not be reached, and what to check (nothing was sent: safe to try again); a refused
        TLS handshake says why (it fails before the request's first byte), with what to do as the remedy."""
        url = {"base": self.config.base, "apps": self.config.apps, "auth": self.config.auth}.get(host, "")
        parsed = httpx.URL(url) if url else None  # host and port only: a URL's user info may hold a secret
        where = f"{parsed.host}:{parsed.port}" if parsed and parsed.port else (parsed.host if parsed else host)
        variable = f"MGW_{host.upper()}_URL"
        refused = handshake_failure(exc)
        if refused is not None:
            what, remedy = refused
            if parsed is not None:  # the failed handshake may be the proxy's: say which one was in the way
                where += _through_proxy(parsed)
            return f"TLS handshake with the gateway's {host} host {where} failed, nothing was sent: {what}", remedy
        return (
            f"could not connect to the gateway's {host} host {where}: nothing was sent; check {variable} (or "
            "MGW_ENV) and that the gateway is reachable from here, then try again"
        ), None

    def judge(
        self, prep: Prepared, status: int, answer: Any, attempt: int = 1, location: str | None = None
    ) -> Judgement:
        """The verdict on one answer to ``prep`` (merchant_gateway.verdicts), with what this client knows."""
        merchant = prep.kwargs.get("merchant_id")
        op = prep.op
        payment_state = op.answer_codes == "payment-state"
        amount = prep.amount if op.money_movement in _AMOUNT_ECHOED else None
        if payment_state and prep.expected_amount is not None:  # the spec's evidence step: the caller's amount,
            amount = prep.expected_amount
        elif payment_state and prep.transaction_id is not None:  # else the amount this client sent
            with self._amounts_lock:
                amount = self._sent_amounts.get(prep.transaction_id)
        expect = Expect(prep.transaction_id, merchant if isinstance(merchant, str) else self.config.merchant_id, amount)
        sends = self.sends_for(prep.transaction_id) if payment_state else None
        return judge(
            table(op.operation_id),
            status=status,
            answer=answer,
            expect=expect,
            sends=sends,
            attempt=attempt,
            location=location,
        )

    def _result(self, prep: Prepared, response: Any, envelope: dict[str, Any], status: int) -> object:
        cls = prep.op.result
        assert cls is not None
        try:  # the typed answer from the dict already parsed (a payment state answered with HTTP 400 as well)
            parsed = cls.from_dict(envelope)  # type: ignore[attr-defined]
        except _UNREADABLE as exc:
            self._doubt(prep, Judgement(Verdict.UNKNOWN, reason="the answer could not be read"), status, exc)
        if prep.op.money_movement in _REMEMBERS_AMOUNT:
            self.remember_amount(prep.transaction_id, prep.amount)
        if prep.op.answer_codes == "payment-state":  # the gateway's own amount for this transaction
            data = envelope.get("data")
            self.remember_amount(prep.transaction_id, data.get("amount") if isinstance(data, dict) else None)
        return parsed

    def _doubt(self, prep: Prepared, judgement: Judgement, status: int | None, cause: BaseException | None) -> Done:
        """An answer that proves nothing: OutcomeUnknown for a call that may have acted, ApiError for a read. An
        answer naming another transaction or merchant is an AnswerMismatchError (whatever answered may have handed
        over another call's answer); a status naming another amount than this client sent, AmountMismatchError."""
        op_id, txn = prep.op.operation_id, prep.transaction_id
        meta: dict[str, Any] = {"operation": op_id, "transaction_id": txn, "status": status}
        meta |= {"code": judgement.code, "pay_response_code": judgement.pay_response_code, "verdict": "unknown"}
        field = judgement.mismatch
        error: GatewayError
        if field == "amount" and prep.op.answer_codes == "payment-state":
            # a status naming another amount than this client sent under the id: the interface document's
            # cross-check with the forward payment fails (the identity step: doubt, a read's "unreadable")
            log_event(40, "answer_mismatch", operation=op_id, transaction_id=txn, status=status, field=field)
            meta["verdict"] = Verdict.UNREADABLE.value
            whose = "the amount you expected" if prep.expected_amount is not None else "the amount this client sent"
            error = AmountMismatchError(
                f"{judgement.reason} ({whose}): do not fulfil the order; compare it with what was sent",
                **meta,
            )
        elif field is not None:
            log_event(40, "answer_mismatch", operation=op_id, transaction_id=txn, status=status, field=field)
            error = AnswerMismatchError(
                f"the answer names another {field}; it is not this call's answer", field=field, **meta
            )
        elif prep.op.retry != "safe":
            log_event(30, "outcome_unknown", operation=op_id, transaction_id=txn, status=status)
            first = REASON_FIRST.get(judgement.pay_response_code or "")
            if first is not None:
                error = OutcomeUnknown(first[0], remedy=first[1], **meta)
            else:
                reason = judgement.reason or "the answer proves nothing"
                error = OutcomeUnknown(f"{reason}; " + _settle(prep), **meta)
        else:
            meta["verdict"] = Verdict.UNREADABLE.value
            error = ApiError(f"the gateway's answer could not be trusted: {judgement.reason}", **meta)
        raise error from cause

    def _decide(
        self, prep: Prepared, attempt: int, failure: Failure, error: GatewayError, server_wait: float | None
    ) -> Wait:
        policy = prep.retry or self.config.retry
        action = decide(failure, prep.op.retry, attempt, policy)
        op_id, txn = prep.op.operation_id, prep.transaction_id

        def log(level: int, event: str, wait: float | None = None) -> None:
            log_event(
                level,
                event,
                operation=op_id,
                transaction_id=txn,
                status=error.status,
                code=error.code,
                attempt=attempt,
                wait=wait,
            )

        if action is Action.RETRY:
            wait = wait_seconds(policy, attempt, server_wait, self._rng)
            log(20, "retry", wait)
            return Wait(wait, error)
        if action is Action.OUTCOME_UNKNOWN:
            log(30, "outcome_unknown")
            raise OutcomeUnknown(
                "the gateway may have acted on this request; " + _settle(prep),
                status=error.status,
                code=error.code,
                transaction_id=prep.transaction_id,
                operation=prep.op.operation_id,
                verdict=Verdict.UNKNOWN.value,
            ) from error
        log(30, "give_up")
        raise error


def _through_proxy(url: httpx.URL) -> str:
    """Words naming the proxy the environment names for ``url`` (its host and port only: a proxy URL's user info is
    a secret), or nothing without one."""
    from ..transports import environment_proxy  # only when a call failed: the package import spares it

    proxy = environment_proxy(url.scheme, url.host)
    if proxy is None:
        return ""
    try:
        via = httpx.URL(proxy)
    except (httpx.InvalidURL, ValueError):
        return " through the proxy the environment names"
    return f" through the proxy {via.host}:{via.port or (443 if via.scheme == 'https' else 80)}"


def _settle(prep: Prepared) -> str:
    """How an unknown outcome is settled: through status where one exists (x-retry: reconcile-first), else by
    the caller, who must assume the request may have taken effect (x-retry: never)."""
    if prep.op.retry == "reconcile-first" and prep.transaction_id is not None:
        return "call reconcile(transaction_id) before retrying"
    return "it is not re-sent automatically; assume it may have taken effect"


def _first(data: Mapping[str, Any], envelope: Mapping[str, Any], headers: Any, name: str) -> object:
    for source in (data, envelope):
        if source.get(name) is not None:
            return source[name]
    value: object = headers.get(name)
    return value


def _text(value: object) -> str | None:
    if value is None or isinstance(value, bool):
        return None
    return str(value)[:32] if isinstance(value, str | int | float) else None
