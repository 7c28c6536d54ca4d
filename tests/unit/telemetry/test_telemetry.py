"""merchant_gateway.telemetry: a span per call and per attempt with the right attributes, metrics, no secret in any
of them, observers combined (each sees every call), and no OpenTelemetry import without it.

Against the real sandbox over sockets (every operation, sync and async), and httpx.MockTransport for the faults
(a retry, an unknown outcome, a failing status check)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Callable, Iterator
from importlib.resources import files
from pathlib import Path
from typing import Any

import httpx
import merchant_gateway as mg
import pytest
from merchant_gateway.ledger import Ledger
from merchant_gateway.observers import AttemptEnd, CallObserver, combine
from merchant_gateway.telemetry import Telemetry
from opentelemetry.sdk.metrics import MeterProvider
from opentelemetry.sdk.metrics.export import InMemoryMetricReader
from opentelemetry.sdk.trace import ReadableSpan, TracerProvider
from opentelemetry.sdk.trace.export import SimpleSpanProcessor
from opentelemetry.sdk.trace.export.in_memory_span_exporter import InMemorySpanExporter

from tests.support.integration import check, plan, settings, user_flow_sync
from tests.support.overlay import FakeTime, default_answer
from tests.support.secret_probe import Recorder, leaks

MERCHANT = "MERCHANTUAT"


class Otel:
    """What a Telemetry observer built with ``providers()`` recorded."""

    def __init__(self) -> None:
        self.exporter = InMemorySpanExporter()
        self.tracer_provider = TracerProvider()
        self.tracer_provider.add_span_processor(SimpleSpanProcessor(self.exporter))
        self.reader = InMemoryMetricReader()
        self.meter_provider = MeterProvider(metric_readers=[self.reader])

    def providers(self) -> dict[str, Any]:
        return {"tracer_provider": self.tracer_provider, "meter_provider": self.meter_provider}

    def spans(self) -> list[ReadableSpan]:
        return list(self.exporter.get_finished_spans())

    def calls(self) -> list[ReadableSpan]:
        return [s for s in self.spans() if s.name.startswith("merchant_gateway ")]

    def attempts(self, call: ReadableSpan | None = None) -> list[ReadableSpan]:
        found = [s for s in self.spans() if not s.name.startswith("merchant_gateway ")]
        if call is not None:
            assert call.context is not None
            found = [s for s in found if s.parent is not None and s.parent.span_id == call.context.span_id]
        return sorted(found, key=lambda s: s.attributes["merchant_gateway.attempt"] if s.attributes else 0)

    def points(self, name: str) -> list[tuple[dict[str, Any], Any]]:
        """(attributes, data point) of every point of the metric ``name`` collected now."""
        data = self.reader.get_metrics_data()
        found: list[tuple[dict[str, Any], Any]] = []
        for resource in data.resource_metrics if data is not None else ():
            for scope in resource.scope_metrics:
                for metric in scope.metrics:
                    if metric.name == name:
                        found.extend((dict(p.attributes or {}), p) for p in metric.data.data_points)
        return found


@pytest.fixture
def otel() -> Iterator[Otel]:
    recorded = Otel()
    yield recorded
    recorded.tracer_provider.shutdown()
    recorded.meter_provider.shutdown()


@pytest.fixture(scope="module")
def sandbox() -> Iterator[Any]:
    sb = pytest.importorskip("merchant_gateway_sandbox")
    with sb.start_sandbox(port=0, merchant_id="MERCHANTUAT", salts={"1": "integration-salt-key-1"}) as running:
        yield running


class Seen(CallObserver):
    """A merchant's own observer: the operation of every call and every attempt it saw, in order."""

    def __init__(self) -> None:
        self.calls: list[str] = []
        self.attempts: list[tuple[str, int]] = []

    def call(self, prep: Any, run: Callable[[Any], Any]) -> Any:
        self.calls.append(prep.op.operation_id)
        return run(prep)

    async def async_call(self, prep: Any, run: Callable[[Any], Any]) -> Any:
        self.calls.append(prep.op.operation_id)
        return await run(prep)

    def after_attempt(self, prep: Any, end: AttemptEnd) -> None:
        self.attempts.append((prep.op.operation_id, end.number))


def _spec_paths() -> dict[str, str]:
    spec = json.loads((files("merchant_gateway_client") / "spec.json").read_text(encoding="utf-8"))
    return {
        op["operationId"]: path for path, item in spec["paths"].items() for op in item.values() if "operationId" in op
    }


SPEC_PATHS = _spec_paths()


def every_text(otel: Otel) -> list[str]:
    """Every string a span or metric carries: names, attribute keys and values, statuses, events."""
    texts: list[str] = []
    for span in otel.spans():
        texts.append(span.name)
        texts.append(span.status.description or "")
        texts.extend(f"{k}={v}" for k, v in (span.attributes or {}).items())
        for event in span.events:
            texts.append(event.name)
            texts.extend(f"{k}={v}" for k, v in (event.attributes or {}).items())
    data = otel.reader.get_metrics_data()
    assert data is not None
    texts.append(data.to_json())
    return texts


def run_every_operation(gw: mg.Gateway, sandbox: Any) -> None:
    for name, args, kwargs in plan(sandbox):
        try:
            outcome: Any = getattr(gw, name)(*args, **kwargs)
        except mg.GatewayError as exc:
            outcome = exc
        check(name, outcome)
    user_flow_sync(gw, sandbox)


def assert_call_spans(otel: Otel, seen: Seen, sandbox: Any) -> None:
    calls = sorted(otel.calls(), key=lambda s: s.start_time or 0)
    assert [s.attributes["merchant_gateway.operation"] for s in calls if s.attributes] == seen.calls
    port = httpx.URL(sandbox.base_url).port
    urls = {"base": sandbox.base_url, "apps": sandbox.apps_url, "auth": sandbox.auth_url}
    prefix = {host: httpx.URL(url).path.rstrip("/") for host, url in urls.items()}
    for span in calls:
        a = dict(span.attributes or {})
        op = a["merchant_gateway.operation"]
        assert span.name == f"merchant_gateway {op}"
        assert a["merchant_gateway.host"] in ("base", "apps", "auth")
        assert "merchant_gateway.verdict" in a or "error.type" in a, a
        attempts = otel.attempts(span)
        assert len(attempts) == a["merchant_gateway.attempts"] >= 1, op
        assert [s.attributes["merchant_gateway.attempt"] for s in attempts if s.attributes] == list(
            range(1, len(attempts) + 1)
        )
        assert [n for o, n in seen.attempts if o == op][: len(attempts)] == list(range(1, len(attempts) + 1))
        for attempt in attempts:
            b = dict(attempt.attributes or {})
            assert attempt.name == f"{b['http.request.method']} {b['url.template']}"
            assert b["http.request.method"] in ("GET", "POST")
            assert b["url.template"] == prefix[a["merchant_gateway.host"]] + SPEC_PATHS[op]
            assert b["server.address"] == "127.0.0.1"
            assert b["server.port"] == port
            assert isinstance(b["http.response.status_code"], int)
            assert b["merchant_gateway.operation"] == op
            assert b["merchant_gateway.host"] == a["merchant_gateway.host"]
        last = dict(attempts[-1].attributes or {})
        assert last.get("merchant_gateway.verdict") == a.get("merchant_gateway.verdict")
        assert last.get("merchant_gateway.code") == a.get("merchant_gateway.code")
        assert a["http.response.status_code"] == last["http.response.status_code"]


def test_every_call_and_attempt_of_every_operation_has_its_span_and_no_secret(sandbox: Any, otel: Otel) -> None:
    cfg = mg.GatewayConfig(**settings(sandbox))
    seen = Seen()
    recorder = Recorder().install()
    try:
        with mg.Gateway(cfg, observer=combine(Telemetry(cfg, **otel.providers()), seen)) as gw:
            run_every_operation(gw, sandbox)
    finally:
        recorder.uninstall()
    assert len(seen.calls) >= 20
    assert "getWalletBalance" in seen.calls
    assert "verifyOtp" in seen.calls
    assert_call_spans(otel, seen, sandbox)
    # the wallet's userAuthToken travels in the balance path: the span names the template, never the value
    balance = next(s for s in otel.attempts() if s.attributes and s.attributes["url.template"].endswith("/suggest"))
    assert balance.attributes is not None
    assert balance.attributes["url.template"].endswith("/v3/account/token/{merchantId}/{userAuthToken}/debit/suggest")
    secrets = recorder.values | {cfg.salt_key, sandbox.config.client_secret}
    assert any(len(s) > 20 for s in recorder.values)  # the probe saw tokens and payloads to look for
    assert leaks(every_text(otel), secrets) == []
    # metrics: every call counted by operation and verdict, every attempt timed
    calls = otel.points("merchant_gateway.call.duration")
    assert sum(p.count for _, p in calls) == len(seen.calls)
    debit = [p.count for a, p in calls if a["merchant_gateway.operation"] == "debitV4Web"]
    assert debit == [seen.calls.count("debitV4Web")]
    attempts = otel.points("http.client.request.duration")
    assert sum(p.count for _, p in attempts) == len(otel.attempts())
    assert all(a["server.address"] == "127.0.0.1" for a, _ in attempts)


async def test_async_calls_and_attempts_have_their_spans(sandbox: Any, otel: Otel) -> None:
    cfg = mg.GatewayConfig(**settings(sandbox))
    seen = Seen()
    async with mg.AsyncGateway(cfg, observer=combine(Telemetry(cfg, **otel.providers()), seen)) as gw:
        operations = plan(sandbox)
        for name, args, kwargs in operations:
            try:
                outcome: Any = await getattr(gw, name)(*args, **kwargs)
            except mg.GatewayError as exc:
                outcome = exc
            check(name, outcome)
    assert len(seen.calls) == len(operations)
    assert_call_spans(otel, seen, sandbox)


# --- faults through httpx.MockTransport -------------------------------------------------------------------------


def mock_gateway(otel: Otel, handler: Callable[[httpx.Request], httpx.Response], time: FakeTime, **kw: Any) -> Any:
    cfg = mg.GatewayConfig(
        merchant_id=MERCHANT, salt_key="salt-key-of-merchant-one-0399", salt_index="1", environment="local"
    )
    observer = kw.pop("observer", None)
    telemetry = Telemetry(cfg, clock=time.monotonic, **otel.providers())
    return mg.Gateway(
        cfg,
        transport=httpx.MockTransport(handler),
        sleep=time.sleep,
        clock=time.monotonic,
        observer=combine(telemetry, observer),
        **kw,
    )


def test_a_retry_shows_two_attempt_spans_under_one_call_span(otel: Otel) -> None:
    time = FakeTime()
    answers = iter([httpx.Response(503, json={"success": False, "code": "INTERNAL_SERVER_ERROR"})])

    def handler(request: httpx.Request) -> httpx.Response:
        time.now += 0.25  # each exchange takes a quarter of a second on the fake clock
        return next(answers, None) or default_answer(request)

    with mock_gateway(otel, handler, time) as gw:
        gw.get_transaction_status("TXRETRY1")
    [call] = otel.calls()
    first, second = otel.attempts(call)
    assert call.attributes is not None
    assert first.attributes is not None
    assert second.attributes is not None
    assert call.attributes["merchant_gateway.attempts"] == 2
    assert call.attributes["merchant_gateway.verdict"] == "answer"
    assert call.attributes["merchant_gateway.transaction_id"] == "TXRETRY1"
    assert first.attributes["http.response.status_code"] == 503
    assert first.attributes["error.type"] == "503"
    assert first.attributes["merchant_gateway.retry_in"] == time.sleeps[0] > 0
    assert "http.request.resend_count" not in first.attributes
    assert "merchant_gateway.verdict" not in first.attributes
    assert second.attributes["http.response.status_code"] == 200
    assert "error.type" not in second.attributes
    assert second.attributes["http.request.resend_count"] == 1
    assert second.attributes["merchant_gateway.verdict"] == "answer"
    assert second.attributes["merchant_gateway.code"] == "PAYMENT_SUCCESS"
    assert first.status.status_code.name == "ERROR"
    assert second.status.status_code.name == "UNSET"
    assert first.kind.name == second.kind.name == "CLIENT"
    assert call.kind.name == "INTERNAL"
    assert (first.end_time or 0) <= (second.start_time or 0)
    # durations on the gateway's clock: each attempt 0.25 s, the call both and the retry's wait
    durations = [p.sum for _, p in otel.points("http.client.request.duration")]
    assert sorted(durations) == [0.25, 0.25]
    [(attrs, point)] = otel.points("merchant_gateway.call.duration")
    assert point.sum == pytest.approx(0.5 + time.sleeps[0])
    assert attrs == {"merchant_gateway.operation": "getTransactionStatus", "merchant_gateway.verdict": "answer"}


def test_an_unknown_outcome_has_verdict_unknown_and_is_counted(otel: Otel) -> None:
    def handler(request: httpx.Request) -> httpx.Response:
        raise httpx.ReadTimeout("no answer", request=request)  # sent, no answer: the gateway may have acted

    with mock_gateway(otel, handler, FakeTime()) as gw, pytest.raises(mg.OutcomeUnknown):
        gw.debit_v4_web(transaction_id="TXUNKNOWN1", amount=100, merchant_user_id="U1")
    [call] = otel.calls()
    [attempt] = otel.attempts(call)
    assert call.attributes is not None
    assert attempt.attributes is not None
    assert call.attributes["merchant_gateway.verdict"] == "unknown"
    assert call.attributes["error.type"] == "merchant_gateway.errors.OutcomeUnknown"
    assert call.status.status_code.name == "ERROR"
    assert call.status.description == "merchant_gateway.errors.OutcomeUnknown"  # the class, never the message
    assert attempt.attributes["merchant_gateway.verdict"] == "unknown"
    assert "http.response.status_code" not in attempt.attributes
    assert [(a, p.value) for a, p in otel.points("merchant_gateway.outcome_unknown")] == [
        ({"merchant_gateway.operation": "debitV4Web"}, 1)
    ]
    assert otel.points("merchant_gateway.status_check.errors") == []


def test_a_failing_status_check_is_counted(otel: Otel) -> None:
    def handler(request: httpx.Request) -> httpx.Response:
        return httpx.Response(500, json={"success": False, "code": "INTERNAL_SERVER_ERROR", "message": "down"})

    with mock_gateway(otel, handler, FakeTime()) as gw, pytest.raises(mg.ServerError):
        gw.get_transaction_status("TXDOWN1")
    [call] = otel.calls()
    assert call.attributes is not None
    attempts = otel.attempts(call)
    assert len(attempts) == call.attributes["merchant_gateway.attempts"] > 1
    assert all(a.attributes and a.attributes["http.response.status_code"] == 500 for a in attempts)
    [(attrs, point)] = otel.points("merchant_gateway.status_check.errors")
    assert point.value == 1
    assert attrs["merchant_gateway.operation"] == "getTransactionStatus"
    assert attrs["error.type"] == "merchant_gateway.errors.ServerError"
    assert otel.points("merchant_gateway.outcome_unknown") == []


class Ceiling(CallObserver):
    """Stands for the ledger's rate ceiling: holds each attempt 2.5 s on the fake clock, or refuses it."""

    def __init__(self, time: FakeTime, refuse: BaseException | None = None) -> None:
        self.time = time
        self.refuse = refuse

    def before_attempt(self, prep: Any) -> None:
        if self.refuse is not None:
            raise self.refuse
        self.time.sleep(2.5)


def test_the_wait_of_an_observer_after_telemetry_is_measured_apart_from_the_attempt(otel: Otel) -> None:
    time = FakeTime()

    def handler(request: httpx.Request) -> httpx.Response:
        time.now += 0.5
        return default_answer(request)

    with mock_gateway(otel, handler, time, observer=Ceiling(time)) as gw:
        gw.get_transaction_status("TXHELD1")
    [attempt] = otel.attempts()
    assert attempt.attributes is not None
    assert attempt.attributes["merchant_gateway.attempt.held"] == 2.5
    [(_, held)] = otel.points("merchant_gateway.attempt.held")
    assert held.sum == 2.5
    assert held.count == 1
    [(_, sent)] = otel.points("http.client.request.duration")
    assert sent.sum == 0.5  # the send alone
    [(_, whole)] = otel.points("merchant_gateway.call.duration")
    assert whole.sum == 3.0


def test_an_attempt_refused_by_a_later_observer_ends_with_its_error(otel: Otel) -> None:
    refused = mg.ConfigurationError("ledger", "down")
    with (
        mock_gateway(otel, default_answer, FakeTime(), observer=Ceiling(FakeTime(), refused)) as gw,
        pytest.raises(mg.ConfigurationError),
    ):
        gw.get_transaction_status("TXREFUSED1")
    [call] = otel.calls()
    [attempt] = otel.attempts(call)
    assert attempt.attributes is not None
    assert call.attributes is not None
    assert attempt.attributes["error.type"] == "merchant_gateway.errors.ConfigurationError"
    assert "http.response.status_code" not in attempt.attributes
    assert call.attributes["error.type"] == "merchant_gateway.errors.ConfigurationError"


# --- combined observers: the ledger's, telemetry and the merchant's own -----------------------------------------


def test_the_ledger_telemetry_and_a_merchants_observer_each_see_every_call(
    sandbox: Any, otel: Otel, tmp_path: Any
) -> None:
    cfg = mg.GatewayConfig(**settings(sandbox))
    seen = Seen()
    Ledger.migrate(f"sqlite:///{tmp_path}/ledger.db")
    with Ledger.open(f"sqlite:///{tmp_path}/ledger.db") as ledger:
        observer = combine(Telemetry(cfg, **otel.providers()), ledger.observer, seen)
        with mg.Gateway(cfg, observer=observer) as gw:
            run_every_operation(gw, sandbox)
        money = {
            s.attributes["merchant_gateway.transaction_id"]
            for s in otel.calls()
            if s.attributes and s.attributes["merchant_gateway.money_movement"] != "none"
        }
        assert len(money) >= 4
        assert all(ledger.get(txn, MERCHANT) is not None for txn in money)  # the ledger wrote each down
    assert_call_spans(otel, seen, sandbox)
    held = otel.points("merchant_gateway.attempt.held")  # the ledger's before_attempt ran after telemetry's
    assert sum(p.count for _, p in held) == len(otel.attempts())


def test_combine_nests_calls_and_orders_attempt_hooks() -> None:
    log: list[str] = []

    class Named(CallObserver):
        def __init__(self, name: str) -> None:
            self.name = name

        def call(self, prep: Any, run: Callable[[Any], Any]) -> Any:
            log.append(f"{self.name}:in")
            result = run(prep)
            log.append(f"{self.name}:out")
            return result

        def before_attempt(self, prep: Any) -> None:
            log.append(f"{self.name}:before")

        def attempt_ready(self, prep: Any) -> None:
            log.append(f"{self.name}:ready")

        def after_attempt(self, prep: Any, end: AttemptEnd) -> None:
            log.append(f"{self.name}:after{end.number}")

    a, b, c = Named("a"), Named("b"), Named("c")
    combined = combine(a, None, combine(b, c))
    assert combined is not None
    assert list(combined) == [a, b, c]
    assert combine(a) is a
    assert combine() is None
    assert combine(None) is None

    def run(prep: Any) -> str:
        combined.before_attempt(prep)
        combined.after_attempt(prep, AttemptEnd(1, 200, None, None))
        return "answer"

    assert combined.call(object(), run) == "answer"
    assert log == [
        "a:in", "b:in", "c:in",
        "a:before", "b:before", "c:before", "a:ready", "b:ready", "c:ready",
        "c:after1", "b:after1", "a:after1",
        "c:out", "b:out", "a:out",
    ]  # fmt: skip
    with pytest.raises(TypeError, match="CallObserver"):
        combine(a, "not an observer")  # type: ignore[arg-type]
    from merchant_gateway.observers import includes

    assert includes(combined, b)
    assert includes(a, a)
    assert not includes(combined, Named("d"))
    assert not includes(None, a)


# --- no cost without it -----------------------------------------------------------------------------------------


def imported_after(code: str) -> list[str]:
    script = f"import sys\n{code}\nprint(__import__('json').dumps(sorted(sys.modules)))"
    out = subprocess.run([sys.executable, "-c", script], check=True, capture_output=True, text=True).stdout
    return [m for m in json.loads(out) if m.split(".")[0] == "opentelemetry"]


def test_import_merchant_gateway_does_not_import_opentelemetry() -> None:
    build = (
        "import merchant_gateway, merchant_gateway.observers\n"
        "merchant_gateway.Gateway(merchant_id='M1', salt_key='k', salt_index='1', environment='local')"
    )
    assert imported_after(build) == []
    assert "opentelemetry.trace" in imported_after("import merchant_gateway.telemetry")  # the check can see it


def test_without_the_extra_the_import_error_names_it() -> None:
    script = (
        "import sys\nsys.modules['opentelemetry'] = None\n"
        "try:\n    import merchant_gateway.telemetry\nexcept ImportError as exc:\n    print(exc)\n"
    )
    out = subprocess.run([sys.executable, "-c", script], check=True, capture_output=True, text=True).stdout
    assert "merchant-gateway-client[telemetry]" in out


# --- Prometheus through the standard exporter (docs/operations.md, "Metrics and traces") --------------------------


def test_metrics_scraped_from_the_standard_prometheus_exporter() -> None:
    from opentelemetry.exporter.prometheus import PrometheusMetricReader
    from prometheus_client import CollectorRegistry, start_http_server

    registry = CollectorRegistry()  # the documented set-up uses prometheus_client's default registry
    reader = PrometheusMetricReader(registry=registry)
    provider = MeterProvider(metric_readers=[reader])
    server, thread = start_http_server(0, addr="127.0.0.1", registry=registry)
    try:
        cfg = mg.GatewayConfig(merchant_id=MERCHANT, salt_key="s3cr3t-salt-0399", salt_index="1", environment="local")

        def handler(request: httpx.Request) -> httpx.Response:
            if request.url.path.endswith("/status"):
                return default_answer(request)
            raise httpx.ReadTimeout("no answer", request=request)

        telemetry = Telemetry(cfg, meter_provider=provider)
        with mg.Gateway(cfg, transport=httpx.MockTransport(handler), observer=telemetry) as gw:
            gw.get_transaction_status("TXPROM1")
            gw.get_transaction_status("TXPROM2")
            with pytest.raises(mg.OutcomeUnknown):
                gw.debit_v4_web(transaction_id="TXPROM3", amount=100, merchant_user_id="U1")
        page = httpx.get(f"http://127.0.0.1:{server.server_port}/metrics", timeout=10).text
    finally:
        server.shutdown()
        thread.join(timeout=10)
        provider.shutdown()
    samples = {line.rsplit(" ", 1)[0]: line.rsplit(" ", 1)[1] for line in page.splitlines() if line[:1] != "#"}

    def value(name: str, **labels: str) -> float:
        wanted = [f'{label}="{v}"' for label, v in labels.items()]
        found = [float(v) for k, v in samples.items() if k.split("{")[0] == name and all(w in k for w in wanted)]
        assert len(found) == 1, (name, labels, [k for k in samples if k.startswith(name)])
        return found[0]

    status = {"merchant_gateway_operation": "getTransactionStatus", "merchant_gateway_verdict": "answer"}
    assert value("merchant_gateway_call_duration_seconds_count", **status) == 2
    assert value("merchant_gateway_outcome_unknown_total", merchant_gateway_operation="debitV4Web") == 1
    assert (
        value("http_client_request_duration_seconds_count", http_request_method="GET", http_response_status_code="200")
        == 2
    )
    assert "s3cr3t-salt-0399" not in page


def test_the_documented_wiring_runs_as_written(sandbox: Any, tmp_path: Any) -> None:
    """docs/operations.md "Metrics and traces": the block as written (the port aside), in a process of its own (it
    sets OpenTelemetry's global meter provider), against the sandbox and a SQLite ledger, then scraped."""
    docs = (Path(__file__).resolve().parents[3] / "docs/operations.md").read_text(encoding="utf-8")
    block = docs.split("## 7. Metrics and traces", 1)[1].split("```python\n", 1)[1].split("```", 1)[0]
    assert "9464" in block
    script = (
        "import json, socket\n"
        "with socket.socket() as s:\n    s.bind(('127.0.0.1', 0)); port = s.getsockname()[1]\n"
        f"exec({block!r}.replace('9464', str(port)))\n"
        "gateway.debit_v4_web(transaction_id='TXDOCS1', amount=100, merchant_user_id='U1')\n"
        "gateway.get_transaction_status('TXDOCS1')\n"
        "import httpx\n"
        "page = httpx.get(f'http://127.0.0.1:{port}/metrics', timeout=10).text\n"
        "print(json.dumps({'page': page, 'ledger': ledger.get('TXDOCS1') is not None}))\n"
    )
    s = settings(sandbox)
    env = {k: v for k, v in os.environ.items() if not k.startswith("MGW_")}
    env.update(
        MGW_ENV="local",
        MGW_MERCHANT_ID=s["merchant_id"],
        MGW_SALT_KEY=s["salt_key"],
        MGW_SALT_INDEX=s["salt_index"],
        MGW_BASE_URL=s["base_url"],
        MGW_APPS_URL=s["apps_url"],
        MGW_AUTH_URL=s["auth_url"],
        MGW_LEDGER_URL=f"sqlite:///{tmp_path}/ledger.db",
    )
    Ledger.migrate(f"sqlite:///{tmp_path}/ledger.db")
    done = subprocess.run([sys.executable, "-c", script], env=env, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr[-2000:]
    out = json.loads(done.stdout)
    assert out["ledger"] is True
    counts = [
        line for line in out["page"].splitlines() if line.startswith("merchant_gateway_call_duration_seconds_count")
    ]
    assert any('merchant_gateway_operation="debitV4Web"' in line and line.endswith(" 1.0") for line in counts), counts
    assert any('merchant_gateway_operation="getTransactionStatus"' in line for line in counts), counts
