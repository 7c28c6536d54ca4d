"""Shared, I/O-free half of Gateway and AsyncGateway: prepare a call, interpret one attempt.

Why this module exists: so the sync and async classes cannot drift apart. ``prepare`` turns a payload model or
keyword arguments into validated keyword arguments for the generated ``request_parts`` (the payload as its wire
dict, made once);
``after_attempt`` turns one response or transport exception into a result, a wait before the next attempt, or
an exception, following :mod:`merchant_gateway.retry`.
"""

from __future__ import annotations

import enum
import inspect
import random
import threading
import typing
from collections import OrderedDict
from collections.abc import Callable, Mapping
from typing import Any, NamedTuple

import httpx
from merchant_gateway_client.operations import Operation

from .checks.limits import (
    check_field_rules,
    check_header_value,
    check_identifier,
    check_payload,
    check_refund,
    check_transaction_id,
)
from .checks.schema import first_problem, header_problem
from .config import GatewayConfig
from .errors import (
    AmountMismatchError,
    AnswerMismatchError,
    ApiError,
    DuplicateRequestError,
    ExcessRefundError,
    GatewayConnectionError,
    GatewayError,
    GatewayTimeoutError,
    OutcomeUnknown,
    RateLimitedError,
    ServerError,
    ValidationError,
    error_for_category,
)
from .fence import SendDeadlinePassed
from .log import log_event, logger
from .retry import Action, Failure, RetryPolicy, decide, parse_server_wait, wait_seconds
from .tls import handshake_failure, refused_client_certificate
from .verdicts import REMEDIES, Expect, Judgement, Sends, Verdict, judge, read_answer, table

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
# x-money-movement values whose answer's data.amount must equal the request's (a refund answer's amount is not
# shown to be the refund's rather than the payment's: its type is checked, not its value)
_AMOUNT_ECHOED = ("debit", "collect")
_NOT_SENT = (httpx.ConnectError, httpx.ConnectTimeout, httpx.PoolTimeout)
_UNREADABLE = (ValueError, KeyError, TypeError, AttributeError)  # raised by generated parsing of odd answers
_KNOWN_AMOUNTS = 10_000  # per gateway; bounded so a long-running process does not grow without limit
_NEVER = float("-inf")  # no attempt of the transaction may have been sent
# verdicts whose answer is returned to the caller (a status read's failed payment is the answer asked for)
_RETURNED = frozenset({Verdict.SUCCEEDED, Verdict.ACCEPTED, Verdict.PENDING, Verdict.UNCONFIRMED})


# Immutable records built on every call: NamedTuple construction is a C-level tuple, far cheaper than a frozen
# dataclass's object.__setattr__ per field (and importing dataclasses is not needed).
class Prepared(NamedTuple):
    op: Operation
    kwargs: dict[str, Any]  # the operation's generated request_parts arguments ("body": the payload model)
    transaction_id: str | None
    amount: int | None
    retry: RetryPolicy | None = None  # a per-call policy; None: the gateway's configured one
    original_amount: int | None = None  # a refund's: the payment's amount, as the caller or this client knows it
    wire: Mapping[str, Any] | None = None  # the payload's wire dict, made once (request_parts encodes it)
    request: Any = None  # the httpx.Request the pipeline built (encoded and signed once), sent by every attempt


class Done(NamedTuple):
    value: object


class Wait(NamedTuple):
    seconds: float
    error: GatewayError | None = None  # what the call raises if it may not try again (its total_timeout is spent)


def _camel(name: str) -> str:
    head, *rest = name.split("_")
    return head + "".join(part[:1].upper() + part[1:] for part in rest)


def _refused(schema: str, wire: Mapping[str, object], exc: Exception) -> ValidationError:
    """The field a generated model refused, as the spec names it (payload_problems), else what the model said."""
    found = first_problem(schema, wire)
    if found is not None:
        return ValidationError(*found)
    if isinstance(exc, KeyError):
        return ValidationError(_camel(str(exc.args[0])) if exc.args else "payload", "is required")
    return ValidationError("payload", f"invalid value: {str(exc)[:120] or type(exc).__name__}")


def _wire(value: object) -> object:
    """Nested generated models (or lists of them) to their wire dicts, so ``from_dict`` can rebuild them."""
    to_dict = getattr(value, "to_dict", None)
    if callable(to_dict):
        return to_dict()
    if isinstance(value, list | tuple):
        return [_wire(v) for v in value]
    return value


class _Plan(NamedTuple):
    """What ``prepare`` needs from the generated ``request_parts`` signature, computed once per operation."""

    params: Mapping[str, inspect.Parameter]
    required: tuple[str, ...]  # parameters without a default (``client`` excluded), in signature order
    salt_index: bool  # takes x_salt_index (the test callback)
    call_mode_default: object  # the documented X-CALL-MODE default as the generated enum (or None)


_PLANS: dict[str, _Plan] = {}


def _plan(op: Operation) -> _Plan:
    plan = _PLANS.get(op.name)
    if plan is None:
        params = inspect.signature(op.module.request_parts).parameters
        required = tuple(
            name for name, p in params.items() if name != "client" and p.default is inspect.Parameter.empty
        )
        default = _coerce_option(params["x_call_mode"], "POST", "call_mode") if "x_call_mode" in required else None
        plan = _PLANS[op.name] = _Plan(params, required, "x_salt_index" in params, default)
    return plan


def _coerce_option(param: inspect.Parameter, value: object, option: str) -> object:
    """Plain strings for header options; the generated code wants its own enum for *-MODE headers."""
    for arg in typing.get_args(param.annotation) or (param.annotation,):
        if isinstance(arg, type) and issubclass(arg, enum.Enum):
            try:
                return arg(value)
            except ValueError:
                allowed = ", ".join(str(m.value) for m in arg)
                raise ValidationError(option, f"must be one of {allowed}") from None
    return check_header_value(value, option)


class Core:
    """Per-gateway state that is not I/O: configuration, retry randomness, amounts sent (for refund checks)."""

    def __init__(
        self,
        config: GatewayConfig,
        *,
        clock: Callable[[], float],
        wall_clock: Callable[[], float],
        rng: random.Random,
    ) -> None:
        self.config = config
        self._clock = clock
        self._wall_clock = wall_clock
        self._rng = rng
        self._amounts: OrderedDict[str, int] = OrderedDict()
        # payment -> its refunds held: id -> [the largest amount sent under the id, calls that have not freed it]
        self._refunds: OrderedDict[str, dict[str, list[int]]] = OrderedDict()
        # transaction id -> [clock() when its last attempt ended, calls for it in progress]: what this process
        # sent, for the time rule of TRANSACTION_NOT_FOUND (merchant_gateway.verdicts)
        self._sends: OrderedDict[str, list[float]] = OrderedDict()  # [last sent at or _NEVER, calls running]
        self._not_recorded: OrderedDict[str, None] = OrderedDict()  # declared never recorded: no new attempt
        # transaction id -> the amount this client sent under it (a debit or collect): what a later status answer
        # must carry to prove it paid; never an amount read from an answer, which would prove itself
        self._sent_amounts: OrderedDict[str, int] = OrderedDict()
        self._amounts_lock = threading.Lock()

    # --- amounts known to this client -------------------------------------------------------------------------

    def remember_amount(self, transaction_id: str | None, amount: object) -> None:
        if transaction_id is None or type(amount) is not int:
            return
        with self._amounts_lock:
            self._amounts[transaction_id] = amount
            self._amounts.move_to_end(transaction_id)
            while len(self._amounts) > _KNOWN_AMOUNTS:
                self._amounts.popitem(last=False)

    def known_amount(self, transaction_id: object) -> int | None:
        if not isinstance(transaction_id, str):
            return None
        with self._amounts_lock:
            return self._amounts.get(transaction_id)

    # --- refunds this client holds against a payment (sent, not proven failed) ----------------------------------

    def refund_sent(self, prep: Prepared) -> None:
        """A refund call begins: refused (:class:`ExcessRefundError`, nothing sent) when its amount and the refunds
        of the same payment this client holds would exceed the payment's amount, else held against it until an
        answer proves it moved nothing. One step under the lock: two refunds at once cannot both pass. A refund
        re-sent under its own id is not a second refund, but it neither lowers what the id holds nor frees it: an
        earlier call under the id may have moved money (its outcome unknown) whatever this one ends in."""
        original = _refund_of(prep)
        txn, amount = prep.transaction_id, prep.amount
        if original is None or txn is None or type(amount) is not int:
            return
        with self._amounts_lock:
            mine = self._refunds.setdefault(original, {})
            held = [(t, a) for t, (a, _) in mine.items() if t != txn]
            limit = prep.original_amount
            if limit is not None and amount + sum(a for _, a in held) > limit:
                raise ExcessRefundError(original=original, amount=amount, original_amount=limit, held=held)
            entry = mine.setdefault(txn, [amount, 0])
            entry[0] = max(entry[0], amount)
            entry[1] += 1
            self._refunds.move_to_end(original)
            while len(self._refunds) > _KNOWN_AMOUNTS:
                self._refunds.popitem(last=False)

    def refund_freed(self, prep: Prepared, exc: BaseException) -> None:
        """The refund call ended in ``exc``: a request that never left (or was not processed: a plain rate limit), or
        an answer saying it failed or was refused frees its amount; anything else (unknown, duplicate) keeps it."""
        original = _refund_of(prep)
        # a refusal before sending (the ledger's, say) keeps it held: this call may be a refund re-sent under an id
        # another call holds, and holding too much only refuses, never over-refunds
        freed = isinstance(exc, GatewayConnectionError | RateLimitedError) or (
            isinstance(exc, GatewayError) and exc.verdict in ("failed", "rejected", "not-found")
        )
        if original is None or not freed or type(prep.amount) is not int:  # not held by this call (refund_sent)
            return
        with self._amounts_lock:
            held = self._refunds.get(original)
            entry = held.get(prep.transaction_id or "") if held is not None else None
            if held is None or entry is None:
                return
            entry[1] -= 1  # only when no call under the id still holds it (an unknown outcome never frees)
            if entry[1] <= 0:
                del held[prep.transaction_id or ""]

    def not_found_verdict(self, transaction_id: str, exc: GatewayError) -> GatewayError:
        """What TRANSACTION_NOT_FOUND means to reconcile(): OutcomeUnknown while not yet found (verdicts' time
        rule: within ``reconcile_grace`` of the last request this client may have sent), else the error itself."""
        if exc.verdict != Verdict.NOT_YET_FOUND.value:
            return exc
        sends = self.sends_for(transaction_id)
        left = sends.grace - (sends.now - sends.last_at) if sends.last_at is not None else sends.grace
        return OutcomeUnknown(
            "not visible at the gateway yet; the request may still be in processing: "
            f"reconcile again in {max(left, 0.0):.0f} s",
            status=exc.status,
            code=exc.code,
            transaction_id=transaction_id,
            operation=exc.operation,
            verdict=exc.verdict,
        )

    # --- the call's budget (total_timeout) -----------------------------------------------------------------------

    def budget_left(self, started: float) -> float | None:
        """Seconds left of the call's ``total_timeout`` for a call started at ``started`` (None: it has none)."""
        total = self.config.total_timeout
        return None if total is None else started + total - self._clock()

    def may_try_again(self, prep: Prepared, attempt: int, step: Wait, started: float) -> None:
        """Raise the error of attempt ``attempt`` when waiting ``step.seconds`` and trying again would run past the
        call's ``total_timeout``: no wait and no attempt begins beyond it (called before and after the wait)."""
        left = self.budget_left(started)
        if left is None or step.seconds < left:
            return
        log_event(
            30,
            "give_up",
            operation=prep.op.operation_id,
            transaction_id=prep.transaction_id,
            attempt=attempt,
            wait=step.seconds,
            field="total_timeout",
        )
        assert step.error is not None  # every Wait of after_attempt carries the error it retries
        raise step.error

    # --- what this process sent (merchant_gateway.verdicts.Sends) ----------------------------------------------

    def call_started(self, prep: Prepared) -> None:
        """A call that may move money begins: until it ends, a request for its transaction may still be sent."""
        txn = prep.transaction_id
        if txn is None or prep.op.money_movement == "none":
            return
        with self._amounts_lock:
            if txn in self._not_recorded:
                raise ValidationError(
                    "transactionId",
                    "was declared never recorded by the gateway; a request sent under it now could be recorded "
                    "after that verdict: start again under a new transaction id",
                )
        self.refund_sent(prep)  # may refuse it: then nothing of the call is recorded
        with self._amounts_lock:
            entry = self._sends.setdefault(txn, [_NEVER, 0])
            entry[1] += 1
            self._sends.move_to_end(txn)
            while len(self._sends) > _KNOWN_AMOUNTS:
                self._sends.popitem(last=False)
            if prep.op.money_movement in _AMOUNT_ECHOED and type(prep.amount) is int:
                self._sent_amounts[txn] = prep.amount
                self._sent_amounts.move_to_end(txn)
                while len(self._sent_amounts) > _KNOWN_AMOUNTS:
                    self._sent_amounts.popitem(last=False)

    def attempt_ended(self, prep: Prepared, *, sent: bool) -> None:
        """An attempt of a money-moving call is over; ``sent``: its request may have been sent (until now)."""
        txn = prep.transaction_id
        if not sent or txn is None or prep.op.money_movement == "none":
            return
        with self._amounts_lock:
            entry = self._sends.get(txn)
            if entry is not None:
                entry[0] = max(entry[0], self._clock())

    def call_ended(self, prep: Prepared) -> None:
        txn = prep.transaction_id
        if txn is None or prep.op.money_movement == "none":
            return
        with self._amounts_lock:
            entry = self._sends.get(txn)
            if entry is not None:
                entry[1] = max(0, entry[1] - 1)

    def sends_for(self, transaction_id: str | None, *, started_at: float | None = None) -> Sends:
        """What this process knows of the requests sent for ``transaction_id`` (``started_at``: a start's
        clock() reading known to the caller, e.g. a task-layer result, counts as a send)."""
        with self._amounts_lock:
            entry = self._sends.get(transaction_id) if transaction_id is not None else None
            last = entry[0] if entry is not None and entry[0] != _NEVER else None
            in_progress = entry is not None and entry[1] > 0
        if started_at is not None:
            last = started_at if last is None else max(last, started_at)
        return Sends(
            known=entry is not None or last is not None,
            last_at=last,
            now=self._clock(),
            grace=self.config.reconcile_grace,
            closed=not in_progress,
        )

    def declared_not_recorded(self, transaction_id: str) -> None:
        """The NOT_RECORDED verdict was given: this process sends nothing more under the id."""
        with self._amounts_lock:
            self._not_recorded[transaction_id] = None
            while len(self._not_recorded) > _KNOWN_AMOUNTS:
                self._not_recorded.popitem(last=False)

    # --- prepare ------------------------------------------------------------------------------------------------

    def build_payload(self, op: Operation, payload: object, fields: Mapping[str, object]) -> Any:
        cls = op.payload
        assert cls is not None
        if payload is not None:
            if fields:
                raise ValidationError(next(iter(fields)), "give either a payload model or keyword fields, not both")
            if not isinstance(payload, cls):
                raise ValidationError("payload", f"must be a {cls.__name__}")
            model: Any = payload
        else:
            import attrs  # only on the keyword-fields path: importing attrs eagerly costs import time

            known = {f.name for f in attrs.fields(cls)} - {"additional_properties"}
            for name in fields:
                if name not in known:
                    raise ValidationError(name, f"is not a field of {cls.__name__}")
            wire = {_camel(k): _wire(v) for k, v in fields.items() if v is not None}
            if "merchant_id" in known:
                wire.setdefault("merchantId", self.config.merchant_id)
            try:
                model = cls.from_dict(wire)  # type: ignore[attr-defined]
            except (KeyError, ValueError, TypeError, AttributeError) as exc:
                raise _refused(cls.__name__, wire, exc) from None
            if model.additional_properties:  # a field name that does not map to its wire name
                raise ValidationError(next(iter(model.additional_properties)), "is not a known wire field")
        return model

    def prepare(
        self,
        op: Operation,
        *,
        payload: object = None,
        fields: Mapping[str, object] | None = None,
        params: Mapping[str, object] | None = None,
        options: Mapping[str, object] | None = None,
        original_amount: int | None = None,
        retry: RetryPolicy | None = None,
    ) -> Prepared:
        """Validate everything and return the keyword arguments of the generated call. Sends nothing."""
        kwargs: dict[str, Any] = dict(params or {})
        transaction_id: str | None = None
        refunded_of: int | None = None
        amount: int | None = None
        wire: dict[str, Any] | None = None  # the payload's, made once: every check and the encoding read it
        if "transaction_id" in kwargs:
            transaction_id = check_transaction_id(kwargs["transaction_id"])
        if "user_auth_token" in kwargs:
            check_identifier(kwargs["user_auth_token"], "userAuthToken", 1024)
        if op.payload is not None:
            model = self.build_payload(op, payload, fields or {})
            wire = model.to_dict()
            merchant = wire.get("merchantId")
            if merchant is not None and merchant != self.config.merchant_id:
                raise ValidationError("merchantId", "differs from the configured merchant id")
            # ids and amounts first (their messages say more), then the spec's schema: types, enums and nesting
            # (the test-callback amount is documented as "at least 1" like every other amount)
            check_payload(wire)
            problem = first_problem(type(model).__name__, wire)
            if problem is not None:
                raise ValidationError(*problem)
            check_field_rules(wire, op.field_rules)  # the spec's x-field-rules (operations.py facts)
            if op.money_movement == "refund":
                known = (
                    original_amount
                    if original_amount is not None
                    else self.known_amount(wire.get("originalTransactionId"))
                )
                check_refund(wire, known)
                refunded_of = known
            transaction_id = wire.get("transactionId")
            amount = wire.get("amount")
            kwargs["body"] = model
        elif fields:
            raise ValidationError(next(iter(fields)), f"{op.name} takes no payload fields")
        plan = _plan(op)
        if options:
            params_of = plan.params
            for option, value in options.items():
                if value is None:
                    continue
                target = op.headers[option]
                found = header_problem(op.operation_id, target, value)  # the header's schema (format: uri, enum)
                if found is not None:
                    raise ValidationError(option, found[1])
                if target not in params_of:
                    raise ValidationError(option, f"is not accepted by {op.name}")
                kwargs[target] = _coerce_option(params_of[target], value, option)
        self._fill_required_headers(op, plan, kwargs)
        return Prepared(op, kwargs, transaction_id, amount, retry, refunded_of, wire)

    def _fill_required_headers(self, op: Operation, plan: _Plan, kwargs: dict[str, Any]) -> None:
        if plan.salt_index:  # the test callback is signed with this salt index
            kwargs["x_salt_index"] = self.config.salt_index
        for name in plan.required:
            if name in kwargs:
                continue
            if name == "x_client_id":  # "X-CLIENT-ID: merchant id unless another value was shared"
                kwargs[name] = self.config.merchant_id
            elif name == "x_call_mode":
                kwargs[name] = plan.call_mode_default  # documented default
            elif name == "merchant_id":
                kwargs[name] = self.config.merchant_id
            else:
                option = next((k for k, v in op.headers.items() if v == name), name)
                raise ValidationError(option, f"is required by {op.name}")

    # --- interpret ------------------------------------------------------------------------------------------------

    def after_attempt(
        self, prep: Prepared, attempt: int, response: Any = None, exc: BaseException | None = None
    ) -> Done | Wait:
        """Result of attempt ``attempt`` (1-based): Done, Wait (then try again) or an exception."""
        op_id, txn = prep.op.operation_id, prep.transaction_id
        self.attempt_ended(prep, sent=not isinstance(exc, (*_NOT_SENT, SendDeadlinePassed)))
        if exc is not None:
            if isinstance(exc, SendDeadlinePassed):  # refused before its first byte: never retried, nothing sent
                refused = GatewayConnectionError(
                    f"{exc}; this attempt is not re-sent (its payment may be declared never recorded): read the "
                    "payment's state in the ledger before doing anything under this transaction id",
                    operation=op_id,
                    transaction_id=txn,
                )
                raise refused from exc
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
        judgement = self.judge(prep, status, answer, attempt, response.headers.get("Location"))
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
        if payment_state and prep.transaction_id is not None:  # the spec's evidence step: the amount this client sent
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
            error = AmountMismatchError(
                f"{judgement.reason} (the amount this client sent): do not fulfil the order; compare it with what was "
                "sent",
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
    from .transports import environment_proxy  # only when a call failed: the package import spares it

    proxy = environment_proxy(url.scheme, url.host)
    if proxy is None:
        return ""
    try:
        via = httpx.URL(proxy)
    except (httpx.InvalidURL, ValueError):
        return " through the proxy the environment names"
    return f" through the proxy {via.host}:{via.port or (443 if via.scheme == 'https' else 80)}"


def _refund_of(prep: Prepared) -> str | None:
    """The payment a refund call refunds (its originalTransactionId or providerReferenceId), else None."""
    if prep.op.money_movement != "refund":
        return None
    wire = prep.wire or {}
    original = wire.get("originalTransactionId") or wire.get("providerReferenceId")
    return original if isinstance(original, str) else None


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
