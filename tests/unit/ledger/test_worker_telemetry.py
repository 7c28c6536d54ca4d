"""The ledger's and the reconciler's telemetry (issue 23, "Observability on the standards"): a span per ledger
transition (state before and after, source, transaction id) under the call or check that caused it, a span per
reconciler check around its gateway call, and the metrics: transitions, checks, hook delay and failures, open
payments by state and the oldest open payment. On the SDK's in-memory exporters; no secret in any attribute."""

from __future__ import annotations

import base64
import hashlib
import json
import os
import subprocess
import sys
from collections.abc import Iterator
from typing import Any

import pytest
from ledger_support import MERCHANT, SALT, FakeClock, advance, settings
from merchant_gateway import Gateway, OutcomeUnknown
from merchant_gateway.callbacks import CallbackVerifier
from merchant_gateway.ledger import CallbackHandler, Ledger, Reconciler
from merchant_gateway.observers import combine
from merchant_gateway_sandbox.faults import Fault

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")
otel_sdk = pytest.importorskip("opentelemetry.sdk")

from merchant_gateway.telemetry import LedgerTelemetry, Telemetry  # noqa: E402
from opentelemetry.sdk.metrics import MeterProvider  # noqa: E402
from opentelemetry.sdk.metrics.export import InMemoryMetricReader  # noqa: E402
from opentelemetry.sdk.trace import ReadableSpan, TracerProvider  # noqa: E402
from opentelemetry.sdk.trace.export import SimpleSpanProcessor  # noqa: E402
from opentelemetry.sdk.trace.export.in_memory_span_exporter import InMemorySpanExporter  # noqa: E402


class Otel:
    def __init__(self) -> None:
        self.exporter = InMemorySpanExporter()
        self.tracer_provider = TracerProvider()
        self.tracer_provider.add_span_processor(SimpleSpanProcessor(self.exporter))
        self.reader = InMemoryMetricReader()
        self.meter_provider = MeterProvider(metric_readers=[self.reader])
        self.providers = {"tracer_provider": self.tracer_provider, "meter_provider": self.meter_provider}

    def spans(self, name: str) -> list[ReadableSpan]:
        return [s for s in self.exporter.get_finished_spans() if s.name == name]

    def points(self, name: str) -> list[tuple[dict[str, Any], Any]]:
        data = self.reader.get_metrics_data()
        return [
            (dict(p.attributes or {}), p)
            for resource in (data.resource_metrics if data is not None else ())
            for scope in resource.scope_metrics
            for metric in scope.metrics
            if metric.name == name
            for p in metric.data.data_points
        ]


@pytest.fixture
def otel() -> Iterator[Otel]:
    recorded = Otel()
    yield recorded
    recorded.tracer_provider.shutdown()
    recorded.meter_provider.shutdown()


def pay(gw: Gateway, txn: str, amount: int = 10_000) -> Any:
    return gw.debit_v4_web(transaction_id=txn, amount=amount, merchant_order_id=f"OD-{txn}", merchant_user_id="U1")


def transitions(otel: Otel, txn: str) -> list[tuple[str, str | None, str]]:
    return [
        (
            str(s.attributes["merchant_gateway.ledger.source"]),
            s.attributes.get("merchant_gateway.ledger.state_before"),  # type: ignore[misc]
            str(s.attributes["merchant_gateway.ledger.state"]),
        )
        for s in otel.spans("merchant_gateway.ledger transition")
        if s.attributes is not None and s.attributes["merchant_gateway.transaction_id"] == txn
    ]


def test_every_transition_and_check_is_a_span_and_the_metrics_follow(
    t: Any, sandbox: Any, make_ledger: Any, clock: FakeClock, otel: Otel
) -> None:
    hooked: list[str] = []
    ledger: Ledger = make_ledger(on_final=lambda p: hooked.append(p.transaction_id))
    instruments = LedgerTelemetry(**otel.providers).attach(ledger)
    sandbox.sandbox.faults.clear()
    cfg = settings(sandbox)
    with Gateway(**cfg, observer=combine(Telemetry(**otel.providers), ledger.observer)) as gw:
        sandbox.sandbox.faults.add(Fault(kind="drop_after", operation_id="debitV4Web"))
        with pytest.raises(OutcomeUnknown):
            pay(gw, t("TT1"))
        pay(gw, t("TT2"))
        open_now = {
            a["merchant_gateway.ledger.state"]: p.value for a, p in otel.points("merchant_gateway.ledger.open_payments")
        }
        assert open_now == {"unknown": 1, "accepted": 1}
        advance(sandbox, clock, 30)
        (age,) = otel.points("merchant_gateway.ledger.oldest_open_payment.age")
        assert age[1].value == 30

        rec = Reconciler(ledger, gw, concurrency=1)
        instruments.attach(rec)
        assert rec.run_once(limit=10) == 2
    sandbox.sandbox.faults.clear()

    assert transitions(otel, t("TT1")) == [
        ("intent", None, "recorded"),
        ("answer", None, "unknown"),
        ("status", "unknown", "final"),
    ]
    assert transitions(otel, t("TT2")) == [
        ("intent", None, "recorded"),
        ("answer", None, "accepted"),
        ("status", "accepted", "final"),
    ]
    # each check a span, around its gateway call; the final transition within the check
    spans = otel.exporter.get_finished_spans()

    def under(parent: ReadableSpan) -> list[ReadableSpan]:
        assert parent.context is not None
        children = [s for s in spans if s.parent is not None and s.parent.span_id == parent.context.span_id]
        return children + [d for c in children for d in under(c)]

    checks = {
        s.attributes["merchant_gateway.transaction_id"]: s  # type: ignore[index]
        for s in otel.spans("merchant_gateway.reconciler check")
    }
    assert set(checks) == {t("TT1"), t("TT2")}
    for txn, check in checks.items():
        assert check.attributes is not None
        assert check.attributes["merchant_gateway.reconciler.result"] == "final"
        names = [(s.name, (s.attributes or {}).get("merchant_gateway.transaction_id")) for s in under(check)]
        assert ("merchant_gateway getTransactionStatus", txn) in names
        assert ("merchant_gateway.ledger transition", txn) in names
    # the write-ahead and the answer are under the debit's call span
    (debit,) = [
        s for s in otel.spans("merchant_gateway debitV4Web")
        if s.attributes is not None and s.attributes["merchant_gateway.transaction_id"] == t("TT2")
    ]  # fmt: skip
    assert debit.context is not None
    under_debit = [
        s
        for s in otel.spans("merchant_gateway.ledger transition")
        if s.parent and s.parent.span_id == debit.context.span_id
    ]
    assert len(under_debit) == 2

    finals = [
        p.value for a, p in otel.points("merchant_gateway.ledger.transitions")
        if a["merchant_gateway.ledger.state"] == "final"
    ]  # fmt: skip
    assert finals == [2]
    assert [(a, p.value) for a, p in otel.points("merchant_gateway.reconciler.checks")] == [
        ({"merchant_gateway.reconciler.result": "final"}, 2)
    ]
    ((_, delay),) = otel.points("merchant_gateway.hook.delay")
    assert delay.count == 2 == len(hooked)
    assert otel.points("merchant_gateway.ledger.open_payments") == []  # nothing open now
    recorded = json.dumps([dict(s.attributes or {}) for s in otel.exporter.get_finished_spans()])
    assert SALT not in recorded


def test_a_failing_hook_is_counted_by_its_error_type(
    t: Any, sandbox: Any, make_ledger: Any, clock: FakeClock, otel: Otel
) -> None:
    def hook(payment: Any) -> None:
        raise KeyError("order")

    ledger: Ledger = make_ledger(on_final=hook)
    LedgerTelemetry(**otel.providers).attach(ledger)
    sandbox.sandbox.faults.clear()
    with Gateway(**settings(sandbox), observer=ledger.observer) as gw:
        pay(gw, t("HK1"))
        advance(sandbox, clock, 20)
        Reconciler(ledger, gw, concurrency=1).run_once()
    assert [(a, p.value) for a, p in otel.points("merchant_gateway.hook.failures")] == [
        ({"error.type": "builtins.KeyError"}, 1)
    ]
    assert otel.points("merchant_gateway.hook.delay") == []


def test_a_failed_status_read_is_a_check_span_in_error_and_counted_by_its_error_type(
    t: Any, sandbox: Any, make_ledger: Any, clock: FakeClock, otel: Otel
) -> None:
    ledger: Ledger = make_ledger()
    instruments = LedgerTelemetry(**otel.providers).attach(ledger)
    sandbox.sandbox.faults.clear()
    with Gateway(**settings(sandbox), observer=combine(Telemetry(**otel.providers), ledger.observer)) as gw:
        pay(gw, t("CE1"))
        sandbox.sandbox.faults.add(Fault(kind="html_500", operation_id="getTransactionStatus"))
        advance(sandbox, clock, 20)
        rec = Reconciler(ledger, gw, concurrency=1)
        instruments.attach(rec)
        rec.run_once()
    sandbox.sandbox.faults.clear()
    (check,) = otel.spans("merchant_gateway.reconciler check")
    assert check.attributes is not None
    assert check.attributes["merchant_gateway.reconciler.result"] == "open"
    assert check.status.status_code.name == "ERROR"
    # error.type is the exception's fully qualified class name everywhere; the gateway code has its own attribute
    assert check.attributes["error.type"] == "merchant_gateway.errors.ServerError"
    assert check.attributes.get("merchant_gateway.code") != "ServerError"
    assert [(a, p.value) for a, p in otel.points("merchant_gateway.reconciler.checks")] == [
        ({"merchant_gateway.reconciler.result": "open", "error.type": "merchant_gateway.errors.ServerError"}, 1)
    ]
    errors = [p.value for _, p in otel.points("merchant_gateway.status_check.errors")]
    assert errors == [1]  # the gateway call's own metric (Telemetry) agrees


def signed_callback(txn: str, code: str, amount: int) -> tuple[bytes, dict[str, str]]:
    payload = {
        "success": code == "PAYMENT_SUCCESS",
        "code": code,
        "message": "m",
        "data": {"merchantId": MERCHANT, "transactionId": txn, "amount": amount, "providerReferenceId": "P1"},
    }
    response = base64.b64encode(json.dumps(payload).encode()).decode()
    digest = hashlib.sha256((response + SALT).encode()).hexdigest()
    return json.dumps({"response": response}).encode(), {"X-VERIFY": f"{digest}###1"}


def test_one_payment_is_one_trace_from_its_start_through_checks_callback_and_hook(
    t: Any, sandbox: Any, make_ledger: Any, clock: FakeClock, otel: Otel
) -> None:
    hooked: list[str] = []
    ledger: Ledger = make_ledger(on_final=lambda p: hooked.append(p.transaction_id))
    instruments = LedgerTelemetry(**otel.providers).attach(ledger)
    handler = CallbackHandler(ledger, CallbackVerifier({"1": SALT}, MERCHANT))
    web = otel.tracer_provider.get_tracer("the shop's web server")
    sandbox.sandbox.faults.clear()
    with Gateway(**settings(sandbox), observer=combine(Telemetry(**otel.providers), ledger.observer)) as gw:
        with web.start_as_current_span("POST /checkout"):
            pay(gw, t("TR1"))  # the start: the checkout request's trace
        pay(gw, t("TR2"))  # the start: a trace of its own (no request span around it)
        rec = Reconciler(ledger, gw, concurrency=1)
        instruments.attach(rec)
        sandbox.sandbox.faults.add(Fault(kind="html_500", operation_id="getTransactionStatus", times=2))
        advance(sandbox, clock, 20)
        assert rec.run_once(limit=10) == 2  # both checks fail: the payments stay open
    sandbox.sandbox.faults.clear()
    # the callbacks: TR1's under the web server's span of its own request, TR2's with no span around it
    with web.start_as_current_span("POST /callback"):
        assert handler.handle(*signed_callback(t("TR1"), "PAYMENT_SUCCESS", 10_000)).outcome == "final"
    assert handler.handle(*signed_callback(t("TR2"), "PAYMENT_SUCCESS", 10_000)).outcome == "final"
    assert sorted(hooked) == sorted([t("TR1"), t("TR2")])

    def of(name: str, txn: str) -> list[ReadableSpan]:
        return [s for s in otel.spans(name) if (s.attributes or {}).get("merchant_gateway.transaction_id") == txn]

    for txn in (t("TR1"), t("TR2")):
        (start,) = of("merchant_gateway debitV4Web", txn)
        assert start.context is not None
        trace_id = start.context.trace_id
        stored = ledger.get(txn)
        assert stored is not None
        assert stored.traceparent is not None
        assert f"{trace_id:032x}" in stored.traceparent  # the W3C trace context stored at write-ahead
        (check,) = of("merchant_gateway.reconciler check", txn)
        (hook,) = of("merchant_gateway.ledger hook", txn)
        (callback,) = of("merchant_gateway.ledger callback", txn)
        for span in (check, hook):
            assert span.context is not None
            assert span.context.trace_id == trace_id, span.name
        assert callback.context is not None
        linked = {link.context.trace_id for link in callback.links}
        assert callback.context.trace_id == trace_id or trace_id in linked
        # the status call of the check and every transition of the payment are in its trace
        (status_call,) = of("merchant_gateway getTransactionStatus", txn)
        assert status_call.context is not None
        assert status_call.context.trace_id == trace_id
        for transition in of("merchant_gateway.ledger transition", txn):
            assert transition.context is not None
            assert transition.context.trace_id == trace_id or trace_id in linked
    # TR1's callback stays in the web request's trace and links the payment's; TR2's joins the payment's trace
    (request,) = otel.spans("POST /callback")
    (cb1,) = of("merchant_gateway.ledger callback", t("TR1"))
    assert cb1.context is not None
    assert request.context is not None
    assert cb1.context.trace_id == request.context.trace_id
    assert [link.context.trace_id for link in cb1.links] == [
        of("merchant_gateway debitV4Web", t("TR1"))[0].context.trace_id
    ]  # type: ignore[union-attr]
    (cb2,) = of("merchant_gateway.ledger callback", t("TR2"))
    assert cb2.links == ()
    # one error.type vocabulary: the failed check's span names the exception class, its code attribute no class
    assert check.attributes is not None
    assert check.attributes["error.type"] == "merchant_gateway.errors.ServerError"


def test_without_telemetry_nothing_is_stored_and_nothing_is_traced(t: Any, sandbox: Any, make_ledger: Any) -> None:
    ledger: Ledger = make_ledger()
    sandbox.sandbox.faults.clear()
    with Gateway(**settings(sandbox), observer=ledger.observer) as gw:
        pay(gw, t("NT1"))
    stored = ledger.get(t("NT1"))
    assert stored is not None
    assert stored.traceparent is None


# --- mgw reconcile --worker records into OpenTelemetry's global providers ------------------------------------------

# What OpenTelemetry's launcher (opentelemetry-instrument, configured by OTEL_*) does before the program runs: install
# the SDK's global providers. Here with in-memory exporters, and what they recorded written to a file.
LAUNCHER = """
import json, os, sys
from opentelemetry import metrics, trace
from opentelemetry.sdk.metrics import MeterProvider
from opentelemetry.sdk.metrics.export import InMemoryMetricReader
from opentelemetry.sdk.trace import TracerProvider
from opentelemetry.sdk.trace.export import SimpleSpanProcessor
from opentelemetry.sdk.trace.export.in_memory_span_exporter import InMemorySpanExporter

spans = InMemorySpanExporter()
tracer_provider = TracerProvider()
tracer_provider.add_span_processor(SimpleSpanProcessor(spans))
trace.set_tracer_provider(tracer_provider)
reader = InMemoryMetricReader()
metrics.set_meter_provider(MeterProvider(metric_readers=[reader]))

from merchant_gateway.cli import main

status = main(sys.argv[1:])
data = reader.get_metrics_data()
names = sorted({m.name for r in data.resource_metrics for s in r.scope_metrics for m in s.metrics})
recorded = [{"name": s.name, "attributes": dict(s.attributes or {})} for s in spans.get_finished_spans()]
with open(os.environ["RECORDED"], "w") as f:
    json.dump({"status": status, "spans": recorded, "metrics": names}, f)
"""


def test_the_worker_records_its_checks_transitions_and_calls_into_the_global_providers(
    t: Any, sandbox: Any, tmp_path: Any
) -> None:
    url = f"sqlite:///{tmp_path}/ledger.db"
    Ledger.migrate(url)
    sandbox.sandbox.faults.clear()
    with Ledger.open(url) as ledger, Gateway(**settings(sandbox), observer=ledger.observer) as gw:
        pay(gw, t("GW1"))
        sandbox.advance(6)  # settled at the sandbox
        ledger.observe_ui_return(settings(sandbox)["merchant_id"], t("GW1"))  # its status check is due now
    env = {
        "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
        "RECORDED": str(tmp_path / "recorded.json"),
        "MGW_LEDGER_URL": url,
        "MGW_MERCHANT_ID": settings(sandbox)["merchant_id"],
        "MGW_SALT_KEY": SALT,
        "MGW_SALT_INDEX": "1",
        "MGW_BASE_URL": sandbox.base_url,
        "MGW_APPS_URL": sandbox.apps_url,
        "MGW_AUTH_URL": sandbox.auth_url,
    }
    done = subprocess.run(
        [sys.executable, "-c", LAUNCHER, "reconcile", "--worker", "--once"],
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    recorded = json.loads((tmp_path / "recorded.json").read_text())
    assert recorded["status"] == 0
    assert "1 made final" in done.stdout
    spans = {(s["name"], s["attributes"].get("merchant_gateway.transaction_id")) for s in recorded["spans"]}
    assert {
        ("merchant_gateway.reconciler check", t("GW1")),
        ("merchant_gateway getTransactionStatus", t("GW1")),
        ("merchant_gateway.ledger transition", t("GW1")),
    } <= spans
    assert {"merchant_gateway.reconciler.checks", "merchant_gateway.ledger.transitions"} <= set(recorded["metrics"])
    assert SALT not in json.dumps(recorded)


def test_without_opentelemetry_the_worker_runs_and_records_nothing(tmp_path: Any) -> None:
    script = (
        "import sys\nsys.modules['opentelemetry'] = None  # not installed\n"
        "from merchant_gateway.cli import main\nstatus = main(sys.argv[1:])\n"
        "print('otel', sorted(m for m in sys.modules if m.startswith('opentelemetry') and sys.modules[m]))\n"
        "sys.exit(status)\n"
    )
    Ledger.migrate(f"sqlite:///{tmp_path}/ledger.db")
    env = {
        "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
        "MGW_LEDGER_URL": f"sqlite:///{tmp_path}/ledger.db",
        "MGW_MERCHANT_ID": "M1",
        "MGW_SALT_KEY": SALT,
        "MGW_SALT_INDEX": "1",
    }
    done = subprocess.run(
        [sys.executable, "-c", script, "reconcile", "--worker", "--once"],
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    assert "0 status checks" in done.stdout
    assert "otel []" in done.stdout
