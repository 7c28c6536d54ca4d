"""Shared, I/O-free half of Gateway and AsyncGateway: prepare a call, interpret one attempt.

Why this module exists: so the sync and async classes cannot drift apart. ``prepare`` turns a payload model or
keyword arguments into validated keyword arguments for the generated ``sync_detailed``/``asyncio_detailed``;
``after_attempt`` turns one response or transport exception into a result, a wait before the next attempt, or
an exception, following :mod:`merchant_gateway.retry`.
"""

from __future__ import annotations

import enum
import inspect
import json
import random
import threading
import typing
from collections import OrderedDict
from collections.abc import Callable, Mapping
from typing import Any, NamedTuple

import httpx
from merchant_gateway_client.operations import Operation

from .config import GatewayConfig
from .errors import (
    AnswerMismatchError,
    ApiError,
    GatewayConnectionError,
    GatewayError,
    GatewayTimeoutError,
    OutcomeUnknown,
    RateLimitedError,
    ServerError,
    TransactionNotFoundError,
    ValidationError,
    error_for_code,
)
from .log import log_event, logger
from .payload_problems import first_problem
from .retry import Action, Failure, RetryPolicy, decide, parse_server_wait, wait_seconds
from .validation import check_field_rules, check_identifier, check_payload, check_refund, check_transaction_id

# Codes that are an answer, not an error. PAYMENT_PENDING is an answer: the merchant polls status later.
ANSWER_CODES = frozenset({"SUCCESS", "PAYMENT_SUCCESS", "PAYMENT_INITIATED", "PAYMENT_PENDING"})
# x-answer-codes: payment-state (the status reads): every payment state is the answer being asked for.
STATUS_CODES = ANSWER_CODES | {"PAYMENT_ERROR", "PAYMENT_DECLINED", "PAYMENT_CANCELLED"}
_REMEMBERS_AMOUNT = ("debit", "collect")  # x-money-movement values whose amount bounds a later refund


def answer_codes(op: Operation) -> frozenset[str]:
    return STATUS_CODES if op.answer_codes == "payment-state" else ANSWER_CODES


_NOT_SENT = (httpx.ConnectError, httpx.ConnectTimeout, httpx.PoolTimeout)
_UNREADABLE = (ValueError, KeyError, TypeError, AttributeError)  # raised by generated parsing of odd answers
# codes that must take the full path even inside a 200 with the success model (retry and unknown-outcome rules)
_NOT_AN_ANSWER = frozenset({"API_RATE_LIMIT_REACHED", "INTERNAL_SERVER_ERROR", "TIMED_OUT"})
_KNOWN_AMOUNTS = 10_000  # per gateway; bounded so a long-running process does not grow without limit


# Immutable records built on every call: NamedTuple construction is a C-level tuple, far cheaper than a frozen
# dataclass's object.__setattr__ per field (and importing dataclasses is not needed).
class Prepared(NamedTuple):
    op: Operation
    kwargs: dict[str, Any]  # for sync_detailed / asyncio_detailed, without ``client``
    transaction_id: str | None
    amount: int | None
    retry: RetryPolicy | None = None  # a per-call policy; None: the gateway's configured one


class Done(NamedTuple):
    value: object


class Wait(NamedTuple):
    seconds: float


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
    """What ``prepare`` needs from the generated function's signature, computed once per operation."""

    params: Mapping[str, inspect.Parameter]
    required: tuple[str, ...]  # parameters without a default (``client`` excluded), in signature order
    salt_index: bool  # takes x_salt_index (the test callback)
    call_mode_default: object  # the documented X-CALL-MODE default as the generated enum (or None)


_PLANS: dict[str, _Plan] = {}


def _plan(op: Operation) -> _Plan:
    plan = _PLANS.get(op.name)
    if plan is None:
        params = inspect.signature(op.module.sync_detailed).parameters
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
    if not isinstance(value, str) or not value or not value.isprintable():
        raise ValidationError(option, "must be a non-empty printable string")
    return value


def _json_object(content: bytes) -> dict[str, Any]:
    try:
        value = json.loads(content)
    except (ValueError, RecursionError):
        return {}
    return value if isinstance(value, dict) else {}


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
        self._unknown: OrderedDict[str, float] = OrderedDict()  # transaction id -> clock() of its OutcomeUnknown
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

    def _remember_unknown(self, transaction_id: str | None) -> None:
        if transaction_id is None:
            return
        with self._amounts_lock:
            self._unknown[transaction_id] = self._clock()
            self._unknown.move_to_end(transaction_id)
            while len(self._unknown) > _KNOWN_AMOUNTS:
                self._unknown.popitem(last=False)

    def not_found_verdict(self, transaction_id: str, exc: TransactionNotFoundError) -> GatewayError:
        """What TRANSACTION_NOT_FOUND means to reconcile(): final ("never recorded"), or, within
        ``reconcile_grace`` of this client's own OutcomeUnknown for the id, not yet known."""
        with self._amounts_lock:
            since = self._unknown.get(transaction_id)
        left = 0.0 if since is None else self.config.reconcile_grace - (self._clock() - since)
        if left <= 0:
            return exc
        return OutcomeUnknown(
            f"not visible at the gateway yet; the request may still be in processing: reconcile again in {left:.0f} s",
            status=exc.status,
            code=exc.code,
            transaction_id=transaction_id,
            operation=exc.operation,
        )

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
        amount: int | None = None
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
                if target not in params_of:
                    raise ValidationError(option, f"is not accepted by {op.name}")
                kwargs[target] = _coerce_option(params_of[target], value, option)
        self._fill_required_headers(op, plan, kwargs)
        return Prepared(op, kwargs, transaction_id, amount, retry)

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

    # --- interpret ----------------------------------------------------------------------------------------------

    def after_attempt(
        self, prep: Prepared, attempt: int, response: Any = None, exc: BaseException | None = None
    ) -> Done | Wait:
        """Result of attempt ``attempt`` (1-based): Done, Wait (then try again) or an exception."""
        op_id, txn = prep.op.operation_id, prep.transaction_id
        if exc is not None:
            if isinstance(exc, _NOT_SENT):
                error: GatewayError = GatewayConnectionError(
                    "could not connect to the gateway", operation=op_id, transaction_id=txn
                )
                error.__cause__ = exc
                return self._decide(prep, attempt, Failure.NOT_SENT, error, None)
            if isinstance(exc, GatewayError):
                raise exc
            # Anything else was raised once the request may have been written: the phase decides, not the
            # exception's type (MemoryError, OverflowError, httpx.DecodingError and library errors included).
            if isinstance(exc, _UNREADABLE):  # the generated code could not read a complete answer
                return self._unreadable(prep, None, exc)
            cls = GatewayTimeoutError if isinstance(exc, httpx.TimeoutException) else GatewayConnectionError
            error = cls(
                f"{type(exc).__name__} after the request may have been sent", operation=op_id, transaction_id=txn
            )
            error.__cause__ = exc
            return self._decide(prep, attempt, Failure.MAYBE_SENT, error, None)
        status = int(response.status_code)
        fast = self._parsed_answer(prep, response, status)
        if fast is not None:
            return fast
        envelope = _json_object(response.content)
        code = envelope.get("code") if isinstance(envelope.get("code"), str) else None
        message = envelope.get("message") if isinstance(envelope.get("message"), str) else ""
        raw_data = envelope.get("data")
        data: dict[str, Any] = raw_data if isinstance(raw_data, dict) else {}
        prc = data.get("payResponseCode") if isinstance(data.get("payResponseCode"), str) else None
        log_event(10, "response", operation=op_id, transaction_id=txn, status=status, code=code, attempt=attempt)

        def error_kwargs() -> dict[str, Any]:
            return {"operation": op_id, "transaction_id": txn, "status": status, "code": code, "pay_response_code": prc}

        if status == 429 or code == "API_RATE_LIMIT_REACHED":
            limited = RateLimitedError(message or "rate limited", **error_kwargs())
            # where API_LIMIT and TIME_WINDOW travel is not shown: accept data, top level or response headers
            limited.api_limit = _text(_first(data, envelope, response.headers, "API_LIMIT"))
            window = _first(data, envelope, response.headers, "TIME_WINDOW")
            limited.time_window = _text(window)
            now = self._wall_clock()
            hint = parse_server_wait(response.headers.get("Retry-After"), now=now)
            if hint is None:
                hint = parse_server_wait(window, now=now)
            return self._decide(prep, attempt, Failure.RATE_LIMITED, limited, hint)
        if status >= 500 or code in ("INTERNAL_SERVER_ERROR", "TIMED_OUT"):
            error = ServerError(message or f"gateway answered HTTP {status}", **error_kwargs())
            return self._decide(prep, attempt, Failure.SERVER_ERROR, error, None)
        if prep.op.result is None:  # debitV3: the answer is a redirect whose Location is the payments page
            location = response.headers.get("Location")
            if 300 <= status < 400 and location:
                return Done(location)
        elif code in answer_codes(prep.op) or (
            200 <= status < 300 and (envelope.get("success") is True or (code is None and envelope))
        ):
            return Done(self._result(prep, response, envelope, status))
        if code is None:  # no envelope at all: for a money move that means "unknown", not "failed"
            self._unreadable(prep, status, None)
        raise error_for_code(code)(message or f"gateway answered HTTP {status}", **error_kwargs())

    def _parsed_answer(self, prep: Prepared, response: Any, status: int) -> Done | None:
        """The common case, decided from the model the generated code already parsed (no second JSON parse):
        HTTP 200 with the operation's success model and an answer code. Anything else takes the full path."""
        cls = prep.op.result
        parsed = response.parsed
        if status != 200 or cls is None or not isinstance(parsed, cls):
            return None
        code = getattr(parsed, "code", None)
        if not isinstance(code, str) or code in _NOT_AN_ANSWER:
            return None
        if code not in answer_codes(prep.op) and getattr(parsed, "success", None) is not True:
            return None
        if logger.isEnabledFor(10):
            log_event(
                10,
                "response",
                operation=prep.op.operation_id,
                transaction_id=prep.transaction_id,
                status=status,
                code=code,
            )
        return Done(self._result(prep, response, {}, status))

    def _result(self, prep: Prepared, response: Any, envelope: dict[str, Any], status: int) -> object:
        cls = prep.op.result
        assert cls is not None
        parsed = response.parsed
        if not isinstance(parsed, cls):
            try:  # e.g. a payment state answered with HTTP 400 and the error envelope schema
                parsed = cls.from_dict(envelope)  # type: ignore[attr-defined]
            except _UNREADABLE as exc:
                self._unreadable(prep, status, exc)
        data = getattr(parsed, "data", None)
        self._check_identity(prep, data, status)
        if prep.op.money_movement in _REMEMBERS_AMOUNT:
            self.remember_amount(prep.transaction_id, prep.amount)
        if prep.op.answer_codes == "payment-state":  # the gateway's own amount for this transaction
            self.remember_amount(prep.transaction_id, getattr(data, "amount", None))
            if prep.transaction_id is not None and prep.transaction_id in self._unknown:
                with self._amounts_lock:
                    self._unknown.pop(prep.transaction_id, None)  # the gateway knows it now
        return parsed

    def _check_identity(self, prep: Prepared, data: object, status: int) -> None:
        """An answer that names a transaction or merchant must name the ones asked about: a shared connection
        that hands over another call's answer (or a confused intermediary) must never pass as this call's."""
        merchant = prep.kwargs.get("merchant_id")
        expected = (
            ("transactionId", "transaction_id", prep.transaction_id),
            ("merchantId", "merchant_id", merchant if isinstance(merchant, str) else self.config.merchant_id),
        )
        extra = getattr(data, "additional_properties", None)
        unknown = extra if isinstance(extra, dict) else {}
        for wire, attr, want in expected:
            got = getattr(data, attr, unknown.get(wire))  # a field the model does not declare counts as well
            if want is None or not isinstance(got, str) or got == want:
                continue
            op_id, txn = prep.op.operation_id, prep.transaction_id
            log_event(40, "answer_mismatch", operation=op_id, transaction_id=txn, status=status, field=wire)
            self._remember_unknown(txn)
            raise AnswerMismatchError(
                f"the answer names another {wire}; it is not this call's answer",
                field=wire,
                operation=op_id,
                transaction_id=txn,
                status=status,
            )

    def _unreadable(self, prep: Prepared, status: int | None, cause: BaseException | None) -> Done:
        op_id, txn = prep.op.operation_id, prep.transaction_id
        error: GatewayError
        if prep.op.retry != "safe":
            log_event(30, "outcome_unknown", operation=op_id, transaction_id=txn, status=status)
            self._remember_unknown(txn)
            error = OutcomeUnknown(
                "the gateway's answer could not be read; " + _settle(prep),
                operation=op_id,
                transaction_id=txn,
                status=status,
            )
        else:
            error = ApiError(
                "the gateway's answer could not be read", operation=op_id, transaction_id=txn, status=status
            )
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
            return Wait(wait)
        if action is Action.OUTCOME_UNKNOWN:
            log(30, "outcome_unknown")
            self._remember_unknown(txn)
            raise OutcomeUnknown(
                "the gateway may have acted on this request; " + _settle(prep),
                status=error.status,
                code=error.code,
                transaction_id=prep.transaction_id,
                operation=prep.op.operation_id,
            ) from error
        log(30, "give_up")
        raise error


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
