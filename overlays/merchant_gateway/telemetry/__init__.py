"""OpenTelemetry traces and metrics of every gateway call and HTTP attempt (the optional extra ``telemetry``).

Why this module exists: an operator must see what the gateway calls do (how many, how they ended, how long they
took, how many outcomes are unknown) with the tools already running beside the shop. OpenTelemetry's standard httpx
instrumentation records no span for a gateway call: it wraps ``httpx.HTTPTransport``/``httpx.AsyncHTTPTransport``
(or the transport of a client the application hands it), while the gateways send through transports of their own
(:mod:`merchant_gateway.transports`, on httpcore) inside clients the application never holds. This observer is the
way::

    config = GatewayConfig.from_env()
    gateway = Gateway(config, observer=combine(Telemetry(config), ledger.observer))

Only the OpenTelemetry API is imported (``pip install 'merchant-gateway-client[telemetry]'``): spans and metrics go
to the SDK and exporters the application set up (the global providers, or the ones given here), and to nothing
when it set up none. ``import merchant_gateway`` never imports this module.

Recorded (docs/operations.md, "Metrics and traces"):

- a span per call (INTERNAL, ``merchant_gateway <operationId>``), current while the call runs, with the operation,
  host, transaction id, number of attempts, last HTTP status, code and verdict (an error's ``verdict``;
  ``answer`` for a returned result; ``unknown`` for :class:`~merchant_gateway.OutcomeUnknown`) and ``error.type``;
- under it a span per HTTP attempt (CLIENT, ``<METHOD> <url.template>``) with OpenTelemetry's HTTP client
  attributes (``http.request.method``, ``url.template``, ``server.address``/``server.port`` when built with the
  gateway's config, ``http.response.status_code``, ``error.type``, ``http.request.resend_count``), the attempt
  number, the wait before the next attempt, and on the last one the call's code and verdict;
- metrics: ``merchant_gateway.call.duration`` (its count: calls by operation, verdict and error type),
  ``http.client.request.duration`` (per attempt), ``merchant_gateway.outcome_unknown``,
  ``merchant_gateway.status_check.errors`` and ``merchant_gateway.attempt.held`` (how long the observers combined
  after this one held each attempt: the fleet's rate ceiling and the ledger's attempt record).

:class:`LedgerTelemetry` (attached to a :class:`~merchant_gateway.ledger.Ledger` and its
:class:`~merchant_gateway.ledger.Reconciler`: ``LedgerTelemetry().attach(ledger)``) adds:

- a span per ledger transition (``merchant_gateway.ledger transition``: transaction id, source, state before when
  the ledger read it, state after, code), under the call or check that caused it, a span per reconciler
  status check (``merchant_gateway.reconciler check``: transaction id, result, code) around its gateway call, a
  span per hook run (``merchant_gateway.ledger hook``) and per verified callback (``merchant_gateway.ledger
  callback``);
- one trace per payment: the ``traceparent`` of the span current at write-ahead is stored with the payment, and
  its checks and hook runs are children of it; a callback's span stays under the web request's span when there is
  one and links the payment's trace (else it is a child of it). ``error.type`` is always
  :func:`merchant_gateway.semconv.error_type` (an HTTP attempt without an exception: the status as text);
- metrics: ``merchant_gateway.ledger.transitions`` (by state and source), ``merchant_gateway.reconciler.checks``
  (by result), ``merchant_gateway.hook.delay`` (seconds from the final transition to the hook's completion),
  ``merchant_gateway.hook.failures`` (by error type), and, read from the ledger's database at each collection,
  ``merchant_gateway.ledger.open_payments`` (by state) and ``merchant_gateway.ledger.oldest_open_payment.age``.

Never recorded: payloads, headers, exception messages (they may quote an answer), tokens, salts, OTPs, and the
URL's path values (a wallet's userAuthToken is a path segment: ``url.template`` is recorded, ``url.full`` is not).
"""

from __future__ import annotations

import contextlib
import time
from collections.abc import Iterable, Iterator
from typing import TYPE_CHECKING

try:
    from opentelemetry import context, metrics, trace
    from opentelemetry.trace.propagation.tracecontext import TraceContextTextMapPropagator
except ImportError as exc:  # the extra is not installed
    raise ImportError(
        "merchant_gateway.telemetry needs the OpenTelemetry API: pip install 'merchant-gateway-client[telemetry]' "
        "(and an OpenTelemetry SDK with an exporter, to send what it records somewhere)"
    ) from exc

from merchant_gateway_client import __version__

from ..semconv import error_type
from ._async import AsyncTelemetryCalls
from ._spans import DURATION_BUCKETS, SCOPE, Attributes, _code, verdict_of
from ._sync import TelemetryCalls

if TYPE_CHECKING:
    from ..ledger import Ledger, Reconciler

__all__ = ["DURATION_BUCKETS", "SCOPE", "LedgerTelemetry", "Telemetry", "error_type", "verdict_of"]


class Telemetry(TelemetryCalls, AsyncTelemetryCalls):
    """Traces and metrics of every call and attempt of the gateways it observes (see the module's docstring).

    ``config``: the gateway's configuration, for ``server.address``/``server.port`` and the base path of
    ``url.template`` (host and port only: never a URL's user info). ``tracer_provider``/``meter_provider``: default
    OpenTelemetry's global ones. ``clock``: for durations (the gateway's injectable clock in tests).

    Combine it first, ``combine(Telemetry(config), ledger.observer, ...)``: it then sees every call, those the
    ledger refuses too, its call span covers the ledger's writes, and ``merchant_gateway.attempt.held`` measures
    the rate ceiling the ledger's observer waits for before each attempt (attempt spans start after it).
    """


class LedgerTelemetry:
    """Traces and metrics of a payment ledger's transitions and hooks and of its reconcilers' status checks (see
    the module's docstring). ``LedgerTelemetry().attach(ledger)``, and ``.attach(reconciler)`` for its checks;
    ``tracer_provider``/``meter_provider``: default OpenTelemetry's global ones. Until attached, and when this
    module cannot be imported (no OpenTelemetry), the ledger and reconciler record nothing and pay nothing.

    The open-payment gauges query each attached ledger's database once per metric collection (one grouped read of
    the open payments, on the partial index of open rows)."""

    def __init__(
        self,
        *,
        tracer_provider: trace.TracerProvider | None = None,
        meter_provider: metrics.MeterProvider | None = None,
    ) -> None:
        self._tracer = trace.get_tracer(SCOPE, __version__, tracer_provider)
        meter = metrics.get_meter(SCOPE, __version__, meter_provider)
        self._ledgers: list[Ledger] = []
        self._transitions = meter.create_counter(
            "merchant_gateway.ledger.transitions",
            unit="{transition}",
            description="Payments moved to a state by the ledger (recorded, unknown, accepted, overdue, final)",
        )
        self._checks = meter.create_counter(
            "merchant_gateway.reconciler.checks",
            unit="{check}",
            description="Reconciler status checks by result (final, open, lost, released, error)",
        )
        self._hook_delay = meter.create_histogram(
            "merchant_gateway.hook.delay",
            unit="s",
            description="Time from a payment's final transition to its hook's completion",
            explicit_bucket_boundaries_advisory=DURATION_BUCKETS,
        )
        self._hook_failures = meter.create_counter(
            "merchant_gateway.hook.failures",
            unit="{call}",
            description="Hook calls that raised (each is retried after the ledger's hook_retry)",
        )
        meter.create_observable_gauge(
            "merchant_gateway.ledger.open_payments",
            callbacks=[self._observe_open],
            unit="{payment}",
            description="Payments not final yet, by state",
        )
        meter.create_observable_gauge(
            "merchant_gateway.ledger.oldest_open_payment.age",
            callbacks=[self._observe_oldest],
            unit="s",
            description="Age of the oldest payment not final yet",
        )

    def attach(self, target: Ledger | Reconciler) -> LedgerTelemetry:
        """Record ``target``'s transitions and hooks (a Ledger) or status checks (a Reconciler)."""
        from ..ledger import Ledger

        target.instruments = self
        if isinstance(target, Ledger) and target not in self._ledgers:
            self._ledgers.append(target)
        return self

    # --- what the ledger and the reconciler tell (ledger/instruments.py) ------------------------------------------

    def transition(self, transaction_id: str, *, source: str, before: str | None, after: str, code: str | None) -> None:
        attributes: Attributes = {
            "merchant_gateway.transaction_id": transaction_id,
            "merchant_gateway.ledger.source": source,
            "merchant_gateway.ledger.state": after,
        }
        if before is not None:
            attributes["merchant_gateway.ledger.state_before"] = before
        code = _code(code)
        if code is not None:
            attributes["merchant_gateway.code"] = code
        span = self._tracer.start_span(
            "merchant_gateway.ledger transition", kind=trace.SpanKind.INTERNAL, attributes=attributes
        )
        span.end()
        self._transitions.add(1, {"merchant_gateway.ledger.state": after, "merchant_gateway.ledger.source": source})

    def trace_context(self) -> str | None:
        carrier: dict[str, str] = {}
        if trace.get_current_span().get_span_context().is_valid:
            _PROPAGATOR.inject(carrier)
        return carrier.get("traceparent")

    def hook_ran(self, transaction_id: str, *, delay: float | None, error: BaseException | None) -> None:
        if error is not None:
            self._hook_failures.add(1, {"error.type": error_type(error)})
        elif delay is not None:
            self._hook_delay.record(delay)

    @contextlib.contextmanager
    def hook(self, transaction_id: str, traceparent: str | None) -> Iterator[None]:
        span = self._tracer.start_span(
            "merchant_gateway.ledger hook",
            context=_payment_context(traceparent),
            kind=trace.SpanKind.INTERNAL,
            attributes={"merchant_gateway.transaction_id": transaction_id},
            record_exception=False,
            set_status_on_exception=False,
        )
        try:
            with trace.use_span(span, record_exception=False, set_status_on_exception=False):
                yield
        except BaseException as exc:
            span.set_attribute("error.type", error_type(exc))
            span.set_status(trace.StatusCode.ERROR, error_type(exc))
            raise
        finally:
            span.end()

    @contextlib.contextmanager
    def callback(self, transaction_id: str, webhook: str) -> Iterator[_Link]:
        # a callback arrives under the web request's span (when the application traces its requests): its span
        # stays there and links the payment's trace; without one it is a child of the payment's trace
        span = _Link(self._tracer, transaction_id, webhook)
        try:
            yield span
        except BaseException as exc:
            span.failed(exc)
            raise
        finally:
            span.end()

    @contextlib.contextmanager
    def check(self, transaction_id: str, traceparent: str | None = None) -> Iterator[dict[str, str | None]]:
        note: dict[str, str | None] = {}
        span = self._tracer.start_span(
            "merchant_gateway.reconciler check",
            context=_payment_context(traceparent),  # a child of the call that wrote the payment down
            kind=trace.SpanKind.INTERNAL,
            attributes={"merchant_gateway.transaction_id": transaction_id},
            record_exception=False,
            set_status_on_exception=False,
        )
        try:
            with trace.use_span(span, record_exception=False, set_status_on_exception=False):
                yield note
        except BaseException as exc:
            span.set_attribute("error.type", error_type(exc))
            span.set_status(trace.StatusCode.ERROR, error_type(exc))
            self._checks.add(1, {"merchant_gateway.reconciler.result": "error", "error.type": error_type(exc)})
            raise
        else:
            result = note.get("result") or "?"
            metric: Attributes = {"merchant_gateway.reconciler.result": result}
            span.set_attribute("merchant_gateway.reconciler.result", result)
            code = _code(note.get("code"))
            if code is not None:
                span.set_attribute("merchant_gateway.code", code)
            failed = note.get("error")
            if failed:  # the status read failed (the payment stays open, checked again later)
                metric["error.type"] = failed
                span.set_attribute("error.type", failed)
                span.set_status(trace.StatusCode.ERROR, failed)
            self._checks.add(1, metric)
        finally:
            span.end()

    # --- gauges, read at each collection ----------------------------------------------------------------------------

    def _open(self) -> list[tuple[Ledger, dict[str, tuple[int, float]]]]:
        from ..ledger import LedgerUnavailable

        found = []
        for ledger in list(self._ledgers):
            try:
                found.append((ledger, ledger.open_by_state()))
            except LedgerUnavailable:  # the database is down: no reading this time (the worker logs the outage)
                continue
        return found

    def _observe_open(self, options: metrics.CallbackOptions) -> Iterable[metrics.Observation]:
        observations = []
        for _, by_state in self._open():
            for state, (n, _oldest) in by_state.items():
                observations.append(metrics.Observation(n, {"merchant_gateway.ledger.state": state}))
        return observations

    def _observe_oldest(self, options: metrics.CallbackOptions) -> Iterable[metrics.Observation]:
        observations = []
        for ledger, by_state in self._open():
            oldest = min((o for _, o in by_state.values()), default=None)
            age = 0.0 if oldest is None else max(0.0, ledger.clock() - oldest)
            observations.append(metrics.Observation(age))
        return observations


_PROPAGATOR = TraceContextTextMapPropagator()


def _payment_context(traceparent: str | None) -> context.Context | None:
    """The context of a payment's stored trace (None: the current one, as before the payment had a trace)."""
    if not traceparent:
        return None
    ctx = _PROPAGATOR.extract({"traceparent": traceparent})
    return ctx if trace.get_current_span(ctx).get_span_context().is_valid else None


class _Link:
    """A callback's span: started under the current span, or under the payment's trace once the ledger read it
    and there is no current span (the span starts then, its start time the callback's)."""

    def __init__(self, tracer: trace.Tracer, transaction_id: str, webhook: str) -> None:
        self._tracer = tracer
        self._start = time.time_ns()
        self._attributes: Attributes = {
            "merchant_gateway.transaction_id": transaction_id,
            "merchant_gateway.webhook": webhook,
        }
        self._span: trace.Span | None = None
        self._use: contextlib.AbstractContextManager[trace.Span] | None = None
        if trace.get_current_span().get_span_context().is_valid:
            self._open(None, None)

    def _open(self, parent: context.Context | None, links: list[trace.Link] | None) -> None:
        self._span = self._tracer.start_span(
            "merchant_gateway.ledger callback",
            context=parent,
            kind=trace.SpanKind.INTERNAL,
            attributes=self._attributes,
            links=links,
            start_time=self._start,
            record_exception=False,
            set_status_on_exception=False,
        )
        self._use = trace.use_span(self._span, record_exception=False, set_status_on_exception=False)
        self._use.__enter__()

    def link(self, traceparent: str | None) -> None:
        payment = _payment_context(traceparent)
        if self._span is None:
            self._open(payment, None)
        elif payment is not None:
            self._span.add_link(trace.get_current_span(payment).get_span_context())

    def failed(self, exc: BaseException) -> None:
        if self._span is None:
            self._open(None, None)
        assert self._span is not None
        self._span.set_attribute("error.type", error_type(exc))
        self._span.set_status(trace.StatusCode.ERROR, error_type(exc))

    def end(self) -> None:
        if self._span is None:  # not in the ledger: a span of its own
            self._open(None, None)
        assert self._span is not None
        assert self._use is not None
        self._use.__exit__(None, None, None)
        self._span.end()
