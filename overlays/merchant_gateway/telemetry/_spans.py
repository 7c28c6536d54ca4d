"""What :class:`~merchant_gateway.telemetry.Telemetry` records and how, free of the calls' flavour: its instruments,
the spans of a call and of its attempts, the attributes of an outcome (the module's docstring says what is recorded
and what never is). Its call and attempt start are written once in ``_async.py`` (``_sync.py`` is derived).
"""

from __future__ import annotations

import enum
import functools
import importlib.resources
import json
import time
from collections.abc import Callable, Mapping
from contextvars import ContextVar
from typing import TYPE_CHECKING, NamedTuple

import httpx
from merchant_gateway_client import __version__
from opentelemetry import metrics, trace  # the extra: merchant_gateway.telemetry says so when it is missing

from ..errors import GatewayError, OutcomeUnknown
from ..observers import AttemptEnd, CallObserver
from ..semconv import error_type

if TYPE_CHECKING:
    from merchant_gateway_client.operations import Operation

    from .._core import Prepared
    from ..config import GatewayConfig


SCOPE = "merchant_gateway"
# OpenTelemetry's advice for http.client.request.duration, then the gateway's own timescale (15 s client timeout,
# retries after a wait): seconds
DURATION_BUCKETS = (0.005, 0.01, 0.025, 0.05, 0.075, 0.1, 0.25, 0.5, 0.75, 1.0, 2.5, 5.0, 7.5, 10.0, 15.0, 30.0, 60.0)
_CODE_MAX = 64  # a gateway code is a short name; anything longer is cut rather than carried whole

Attributes = dict[str, str | int | float]


class _Route(NamedTuple):
    """The fixed facts of one operation's attempts (computed once per operation)."""

    method: str
    template: str  # path template with the configured base path: no path values
    address: str | None
    port: int | None


class _Call:
    """One call in progress, as this observer follows it (held in a context variable while the call runs)."""

    __slots__ = ("span", "started", "attempts", "ready", "ready_ns", "open", "held", "status", "last", "last_end")

    def __init__(self, span: trace.Span, started: float) -> None:
        self.span = span
        self.started = started
        self.attempts = 0
        self.ready = started  # clock() when the current attempt went out
        self.ready_ns = 0  # the same moment in time.time_ns(): the attempt span's start
        self.open = False  # an attempt began and has not ended
        self.held: float | None = None  # seconds the observers after this one held the current attempt
        self.status: int | None = None  # HTTP status of the last answer
        self.last: tuple[Attributes, int] | None = None  # the answered last attempt: its attributes and end (ns)
        self.last_end = 0.0


@functools.cache
def _spec_routes() -> Mapping[str, tuple[str, str]]:
    """operationId -> (METHOD, path template), from the spec the generated package ships."""
    text = importlib.resources.files("merchant_gateway_client").joinpath("spec.json").read_text(encoding="utf-8")
    routes: dict[str, tuple[str, str]] = {}
    for path, item in json.loads(text)["paths"].items():
        for method, operation in item.items():
            if isinstance(operation, dict) and isinstance(operation.get("operationId"), str):
                routes[operation["operationId"]] = (method.upper(), path)
    return routes


def verdict_of(exc: BaseException) -> str | None:
    """The verdict an exception carries (``unknown`` for every OutcomeUnknown), or None."""
    verdict = exc.verdict if isinstance(exc, GatewayError) else None
    if isinstance(verdict, str) and verdict:
        return verdict
    return "unknown" if isinstance(exc, OutcomeUnknown) else None


def _code(value: object) -> str | None:
    if isinstance(value, enum.Enum):
        value = value.value
    return value[:_CODE_MAX] if isinstance(value, str) and value else None


class _Spans(CallObserver):
    """:class:`~merchant_gateway.telemetry.Telemetry`'s instruments and spans, and what it does in one flavour (its
    call and attempt start, in both, are in ``_async.py``/``_sync.py``)."""

    def __init__(
        self,
        config: GatewayConfig | None = None,
        *,
        tracer_provider: trace.TracerProvider | None = None,
        meter_provider: metrics.MeterProvider | None = None,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self._config = config
        self._clock = clock
        self._tracer = trace.get_tracer(SCOPE, __version__, tracer_provider)
        meter = metrics.get_meter(SCOPE, __version__, meter_provider)
        self._call_duration = meter.create_histogram(
            "merchant_gateway.call.duration",
            unit="s",
            description="Duration of gateway calls (all attempts and waits); its count is the calls by verdict",
            explicit_bucket_boundaries_advisory=DURATION_BUCKETS,
        )
        self._attempt_duration = meter.create_histogram(
            "http.client.request.duration",
            unit="s",
            description="Duration of HTTP client requests (one per attempt of a gateway call)",
            explicit_bucket_boundaries_advisory=DURATION_BUCKETS,
        )
        self._held = meter.create_histogram(
            "merchant_gateway.attempt.held",
            unit="s",
            description="Time the observers combined after telemetry held an attempt (the shared rate ceiling)",
            explicit_bucket_boundaries_advisory=DURATION_BUCKETS,
        )
        self._unknown = meter.create_counter(
            "merchant_gateway.outcome_unknown",
            unit="{call}",
            description="Calls whose outcome is unknown (OutcomeUnknown, or an unknown verdict on a money-moving "
            "call): the gateway may have acted; only a status check can tell",
        )
        self._status_errors = meter.create_counter(
            "merchant_gateway.status_check.errors",
            unit="{call}",
            description="Status checks that ended in an error instead of the payment's state",
        )
        self._routes: dict[str, _Route] = {}
        self._current: ContextVar[_Call | None] = ContextVar(f"merchant_gateway.telemetry.{id(self)}", default=None)

    def __repr__(self) -> str:
        return f"Telemetry(config={self._config!r})"

    # --- the observer, one flavour -------------------------------------------------------------------------------

    def attempt_ready(self, prep: Prepared) -> None:
        state = self._current.get()
        if state is None or not state.open:
            return
        now = self._clock()
        state.held = max(0.0, now - state.ready)
        state.ready = now
        state.ready_ns = time.time_ns()
        self._held.record(state.held, {"merchant_gateway.operation": prep.op.operation_id})

    def after_attempt(self, prep: Prepared, end: AttemptEnd) -> None:
        state = self._current.get()
        if state is None or not state.open:
            return
        self._end_attempt(prep, state, end)

    # --- spans and metrics ---------------------------------------------------------------------------------------

    def _start(self, prep: Prepared) -> _Call:
        op = prep.op
        attributes: Attributes = {
            "merchant_gateway.operation": op.operation_id,
            "merchant_gateway.host": op.host,
            "merchant_gateway.money_movement": op.money_movement,
        }
        if prep.transaction_id is not None:
            attributes["merchant_gateway.transaction_id"] = prep.transaction_id
        span = self._tracer.start_span(
            f"merchant_gateway {op.operation_id}",
            kind=trace.SpanKind.INTERNAL,
            attributes=attributes,
            record_exception=False,
            set_status_on_exception=False,
        )
        return _Call(span, self._clock())

    def _route(self, op: Operation) -> _Route:
        route = self._routes.get(op.operation_id)
        if route is None:
            method, path = _spec_routes().get(op.operation_id, ("_OTHER", ""))
            address: str | None = None
            port: int | None = None
            prefix = ""
            if self._config is not None:
                cfg = self._config
                url = httpx.URL({"base": cfg.base, "apps": cfg.apps, "auth": cfg.auth}[op.host])
                address, port, prefix = url.host or None, url.port or _default_port(url.scheme), url.path.rstrip("/")
            route = self._routes[op.operation_id] = _Route(method, prefix + path, address, port)
        return route

    def _end_attempt(self, prep: Prepared, state: _Call, end: AttemptEnd) -> None:
        state.open = False
        op = prep.op
        route = self._route(op)
        now = self._clock()
        duration = max(0.0, now - state.ready)
        attributes: Attributes = {
            "http.request.method": route.method,
            "url.template": route.template,
            "merchant_gateway.operation": op.operation_id,
        }
        if route.address is not None:
            attributes["server.address"] = route.address
        if route.port is not None:
            attributes["server.port"] = route.port
        failed = False
        if end.status is not None:
            state.status = end.status
            attributes["http.response.status_code"] = end.status
            failed = end.status >= 400
        if end.error is not None:
            attributes["error.type"] = error_type(end.error)
            failed = True
        elif failed:
            attributes["error.type"] = str(end.status)
        self._attempt_duration.record(duration, attributes)
        span_attributes: Attributes = {
            **attributes,
            "merchant_gateway.host": op.host,
            "merchant_gateway.attempt": end.number,
        }
        if end.number > 1:
            span_attributes["http.request.resend_count"] = end.number - 1
        if state.held is not None:
            span_attributes["merchant_gateway.attempt.held"] = state.held
        if end.retry_in is not None:
            span_attributes["merchant_gateway.retry_in"] = end.retry_in
        elif end.error is not None:  # this attempt ended the call with its error
            span_attributes.update(_outcome(end.error))
        else:  # the call's answer: its code and verdict are known once the call returns (_finish)
            state.last = (span_attributes, time.time_ns())
            state.last_end = now
            return
        self._attempt_span(state, span_attributes, failed, time.time_ns())

    def _attempt_span(self, state: _Call, attributes: Attributes, failed: bool, end_ns: int) -> None:
        route_name = f"{attributes['http.request.method']} {attributes['url.template']}"
        span = self._tracer.start_span(
            route_name,
            context=trace.set_span_in_context(state.span),
            kind=trace.SpanKind.CLIENT,
            attributes=attributes,
            start_time=state.ready_ns,
            record_exception=False,
            set_status_on_exception=False,
        )
        if failed:
            span.set_status(trace.StatusCode.ERROR, str(attributes.get("error.type", "")))
        span.end(end_time=end_ns)

    def _finish(self, prep: Prepared, state: _Call, *, result: object = None, exc: BaseException | None = None) -> None:
        op_id = prep.op.operation_id
        if exc is not None and state.open:  # refused before its send (an observer after this one raised)
            self._end_attempt(prep, state, AttemptEnd(state.attempts, None, exc, None))
        outcome: Attributes = _outcome(exc) if exc is not None else {"merchant_gateway.verdict": "answer"}
        if exc is None:
            code = _code(getattr(result, "code", None))
            if code is not None:
                outcome["merchant_gateway.code"] = code
        if state.last is not None:  # the answered last attempt, now with the call's code and verdict
            attributes, end_ns = state.last
            merged = {**attributes, **outcome}
            self._attempt_span(state, merged, "error.type" in merged, end_ns)
        span = state.span
        span.set_attributes({**outcome, "merchant_gateway.attempts": state.attempts})
        if state.status is not None:
            span.set_attribute("http.response.status_code", state.status)
        if exc is not None:
            span.set_status(trace.StatusCode.ERROR, error_type(exc))
        span.end()
        metric: Attributes = {"merchant_gateway.operation": op_id}
        for key in ("merchant_gateway.verdict", "error.type"):
            if key in outcome:
                metric[key] = outcome[key]
        self._call_duration.record(max(0.0, self._clock() - state.started), metric)
        # a status read's unknown verdict is a read to repeat, not an outcome in doubt
        if isinstance(exc, OutcomeUnknown) or (
            outcome.get("merchant_gateway.verdict") == "unknown" and prep.op.money_movement != "none"
        ):
            self._unknown.add(1, {"merchant_gateway.operation": op_id})
        if exc is not None and prep.op.answer_codes == "payment-state":
            self._status_errors.add(1, metric)


def _outcome(exc: BaseException) -> Attributes:
    """What a call's (or its last attempt's) error says: error.type, verdict and code, never its message."""
    attributes: Attributes = {"error.type": error_type(exc)}
    verdict = verdict_of(exc)
    if verdict is not None:
        attributes["merchant_gateway.verdict"] = verdict
    code = _code(exc.code) if isinstance(exc, GatewayError) else None
    if code is not None:
        attributes["merchant_gateway.code"] = code
    return attributes


def _default_port(scheme: str) -> int | None:
    return {"https": 443, "http": 80}.get(scheme)
