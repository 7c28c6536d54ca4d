"""The budget of a whole call (``total_timeout``): retries of a read never run past it. The retry loop starts no
attempt and begins no wait that would end beyond it, and each attempt's own deadline is cut to the time left (the
default transports read it). Fake clock and scripted transports: nothing waits for real."""

from __future__ import annotations

import contextlib
import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import httpx
import merchant_gateway as mg
import pytest
from merchant_gateway.config import GatewayConfig
from merchant_gateway.observers import CallObserver
from merchant_gateway.retry import attempt_budget
from merchant_gateway.transports import AsyncGatewayTransport, GatewayTransport

from tests.support.loopback import OneAnswerServer
from tests.support.overlay import FakeTime, Recorder, make, make_async
from tests.unit.transports.test_transports import answer

NO_JITTER = mg.RetryPolicy(max_attempts=5, backoff_base=1.0, jitter=0.0)  # waits of 1, 2, 4, 8 s


def slow_timeouts(fake: FakeTime, seconds: float, budgets: list[float | None]) -> Recorder:
    """Every attempt takes ``seconds`` of the fake clock and times out after the request may have been sent;
    ``budgets`` gets what each attempt was told is left of the call's budget."""

    def attempt(request: httpx.Request) -> httpx.Response:
        budgets.append(attempt_budget.get())
        fake.now += seconds
        raise httpx.ReadTimeout("slow", request=request)

    return Recorder(*(attempt for _ in range(10)))


def test_without_a_budget_the_retry_policy_alone_bounds_a_read(fake_time: FakeTime) -> None:
    budgets: list[float | None] = []
    rec = slow_timeouts(fake_time, 4.0, budgets)
    with pytest.raises(mg.GatewayTimeoutError):
        make(rec, fake_time, retry=NO_JITTER).get_transaction_status("TXV4")
    assert budgets == [None] * 5
    assert fake_time.sleeps == [1.0, 2.0, 4.0, 8.0]


def test_retries_stop_before_a_wait_would_pass_the_budget(fake_time: FakeTime) -> None:
    """10 s: attempt 1 (0-4 s), wait 1 s, attempt 2 (5-9 s); a 2 s wait would end at 11 s: no wait, no attempt 3."""
    budgets: list[float | None] = []
    rec = slow_timeouts(fake_time, 4.0, budgets)
    started = fake_time.now
    with pytest.raises(mg.GatewayTimeoutError) as info:
        make(rec, fake_time, retry=NO_JITTER, total_timeout=10.0).get_transaction_status("TXV4")
    assert len(rec.requests) == 2
    assert fake_time.sleeps == [1.0]
    assert budgets == [10.0, 5.0]  # each attempt is told what is left when it starts
    assert fake_time.now - started == 9.0
    assert isinstance(info.value.__cause__, httpx.ReadTimeout)  # the last attempt's own error


def test_an_attempt_may_use_the_last_of_the_budget(fake_time: FakeTime) -> None:
    """Attempts of 1 s: 0-1, wait 1, 2-3, wait 2, 5-6, wait 4 would end at 10 s = the budget: not begun."""
    budgets: list[float | None] = []
    rec = slow_timeouts(fake_time, 1.0, budgets)
    with pytest.raises(mg.GatewayTimeoutError):
        make(rec, fake_time, retry=NO_JITTER, total_timeout=10.0).get_transaction_status("TXV4")
    assert budgets == [10.0, 8.0, 5.0]
    assert fake_time.sleeps == [1.0, 2.0]


def test_a_wait_that_overran_starts_no_attempt(fake_time: FakeTime) -> None:
    """The wait asked for 1 s but the process was paused 30 s: the budget is spent, so nothing more is sent."""
    budgets: list[float | None] = []
    rec = slow_timeouts(fake_time, 1.0, budgets)

    def paused(seconds: float) -> None:
        fake_time.sleeps.append(seconds)
        fake_time.now += 30.0

    with pytest.raises(mg.GatewayTimeoutError):
        make(rec, fake_time, retry=NO_JITTER, total_timeout=10.0, sleep=paused).get_transaction_status("TXV4")
    assert len(rec.requests) == 1
    assert fake_time.sleeps == [1.0]


async def test_the_async_gateway_keeps_the_same_budget(fake_time: FakeTime) -> None:
    budgets: list[float | None] = []
    rec = slow_timeouts(fake_time, 4.0, budgets)
    async with make_async(rec, fake_time, retry=NO_JITTER, total_timeout=10.0) as gateway:
        with pytest.raises(mg.GatewayTimeoutError):
            await gateway.get_transaction_status("TXV4")
    assert budgets == [10.0, 5.0]
    assert fake_time.sleeps == [1.0]


def test_a_money_moving_call_keeps_its_rules_under_a_budget(fake_time: FakeTime) -> None:
    """Not sent (connect refused) is retried within the budget; the budget never turns a doubt into a re-send."""
    rec = Recorder(httpx.ConnectError("refused"), httpx.ReadTimeout("slow"))
    with pytest.raises(mg.OutcomeUnknown):
        make(rec, fake_time, retry=NO_JITTER, total_timeout=10.0).debit_v4_web(
            transaction_id="TXV4", amount=100, merchant_user_id="U1"
        )
    assert len(rec.requests) == 2


class SlowCeiling(CallObserver):
    """A rate ceiling whose wait before the attempt takes ``seconds`` of the fake clock."""

    def __init__(self, fake: FakeTime, seconds: float) -> None:
        self.fake, self.seconds = fake, seconds

    def before_attempt(self, prep: object) -> None:
        self.fake.now += self.seconds

    async def async_before_attempt(self, prep: object) -> None:
        self.fake.now += self.seconds


def _spent_says_so(error: mg.GatewayError) -> None:
    text = str(error)
    assert "time budget (total_timeout, 10 s) ran out before the request was sent: nothing was sent" in text
    assert "could not connect" not in text
    assert "MGW_TOTAL_TIMEOUT" in (error.remedy or "")


def test_a_budget_spent_before_sending_says_so_and_sends_nothing(fake_time: FakeTime) -> None:
    """The ceiling's wait took the whole budget: the error says the call's time ran out before sending, not that
    the gateway could not be reached (it was never tried); a money move stays "never sent", not a doubt."""
    rec = Recorder()
    gateway = make(rec, fake_time, retry=NO_JITTER, total_timeout=10.0, observer=SlowCeiling(fake_time, 11.0))
    with pytest.raises(mg.GatewayConnectionError) as info:
        gateway.debit_v4_web(transaction_id="TXV4", amount=100, merchant_user_id="U1")
    assert rec.requests == []
    _spent_says_so(info.value)
    with pytest.raises(mg.GatewayConnectionError) as info:
        gateway.get_transaction_status("TXV4")
    assert rec.requests == []
    _spent_says_so(info.value)


async def test_the_async_gateway_says_so_too(fake_time: FakeTime) -> None:
    rec = Recorder()
    observer = SlowCeiling(fake_time, 11.0)
    async with make_async(rec, fake_time, retry=NO_JITTER, total_timeout=10.0, observer=observer) as gateway:
        with pytest.raises(mg.GatewayConnectionError) as info:
            await gateway.get_transaction_status("TXV4")
    assert rec.requests == []
    _spent_says_so(info.value)


# --- the default transports cut their deadline to the time left -------------------------------------------------


@contextlib.contextmanager
def budget(seconds: float | None) -> Iterator[None]:
    token = attempt_budget.set(seconds)
    try:
        yield
    finally:
        attempt_budget.reset(token)


def jumps_after_first_reading(seconds: float) -> object:
    """A clock read once when the deadline is set, then ``seconds`` later at every later reading."""
    readings = iter([0.0])
    return lambda: next(readings, seconds)


@pytest.fixture
def server() -> Iterator[OneAnswerServer]:
    one = OneAnswerServer(answer(b"{}"))
    yield one
    one.sock.close()


def test_the_transport_cuts_its_deadline_to_the_budget(server: OneAnswerServer) -> None:
    """A 15 s deadline, 6 s pass: fine without a budget, a timeout with 5 s left of the call's."""
    for left, fails in ((None, False), (20.0, False), (5.0, True)):
        transport = GatewayTransport(deadline=15.0, clock=jumps_after_first_reading(6.0))  # type: ignore[arg-type]
        with httpx.Client(transport=transport) as client, budget(left):
            if fails:
                with pytest.raises(httpx.TimeoutException):
                    client.get(server.url)
            else:
                assert client.get(server.url).status_code == 200


async def test_the_async_transport_cuts_its_deadline_to_the_budget(server: OneAnswerServer) -> None:
    transport = AsyncGatewayTransport(deadline=15.0, clock=jumps_after_first_reading(6.0))  # type: ignore[arg-type]
    async with httpx.AsyncClient(transport=transport) as client:
        with budget(5.0), pytest.raises(httpx.TimeoutException):
            await client.get(server.url)


# --- configuration -----------------------------------------------------------------------------------------------

BASE = {"MGW_MERCHANT_ID": "M1", "MGW_SALT_KEY": "k", "MGW_SALT_INDEX": "1"}


def test_the_budget_and_the_attempt_deadline_come_from_the_environment() -> None:
    config = GatewayConfig.from_env({**BASE, "MGW_TOTAL_TIMEOUT": "40", "MGW_TIMEOUT": "12.5"})
    assert (config.total_timeout, config.timeout) == (40.0, 12.5)
    assert GatewayConfig.from_env(BASE).total_timeout is None  # no budget unless one is set


@pytest.mark.parametrize("raw", ["soon", "0", "-3", "inf", "nan"])
def test_a_bad_budget_is_refused_naming_the_setting(raw: str) -> None:
    with pytest.raises(mg.ConfigurationError, match="total_timeout"):
        GatewayConfig.from_env({**BASE, "MGW_TOTAL_TIMEOUT": raw})


class _KeepAlive(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"  # the connection stays open for the next request

    def do_GET(self) -> None:
        self.server.paths.append(self.path)  # type: ignore[attr-defined]
        self.send_response(200)
        self.send_header("Content-Length", "2")
        self.end_headers()
        self.wfile.write(b"{}")

    def log_message(self, *args: object) -> None:
        pass


@pytest.fixture
def keep_alive() -> Iterator[tuple[str, list[str]]]:
    server = ThreadingHTTPServer(("127.0.0.1", 0), _KeepAlive)
    server.paths = []  # type: ignore[attr-defined]
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{server.server_address[1]}/x", server.paths  # type: ignore[attr-defined]
    server.shutdown()
    server.server_close()


def test_a_spent_budget_sends_nothing_even_on_a_kept_alive_connection(keep_alive: tuple[str, list[str]]) -> None:
    """The budget ran out before the attempt began (a rate ceiling's wait): not sent (ConnectTimeout), never a
    write that fails as "maybe sent" on the connection the last call left open."""
    url, paths = keep_alive
    with httpx.Client(transport=GatewayTransport(deadline=15.0)) as client:
        assert client.get(url).status_code == 200
        with budget(-0.5), pytest.raises(httpx.ConnectTimeout):
            client.get(url)
    assert paths == ["/x"]


async def test_a_spent_budget_sends_nothing_async(keep_alive: tuple[str, list[str]]) -> None:
    url, paths = keep_alive
    async with httpx.AsyncClient(transport=AsyncGatewayTransport(deadline=15.0)) as client:
        assert (await client.get(url)).status_code == 200
        with budget(0.0), pytest.raises(httpx.ConnectTimeout):
            await client.get(url)
    assert paths == ["/x"]
