"""The callback endpoint (framework-agnostic, Starlette and Flask adapters) and the state a fleet shares through the
ledger (authorization token, rate ceiling), on both backends."""

from __future__ import annotations

import base64
import contextlib
import hashlib
import json
import threading
from typing import Any

import pytest
from ledger_support import MERCHANT, SALT, FakeClock
from merchant_gateway.callbacks import CallbackVerifier
from merchant_gateway.errors import ApiError
from merchant_gateway.ledger import (
    CallbackHandler,
    Ledger,
    RateLimit,
    SharedRateLimiter,
    django_view,
    flask_view,
    starlette_endpoint,
)
from merchant_gateway.tokens import AuthorizationToken


def signed(txn: str, code: str, amount: int, salt: str = SALT) -> tuple[bytes, dict[str, str]]:
    payload = {
        "success": code == "PAYMENT_SUCCESS",
        "code": code,
        "message": "m",
        "data": {"merchantId": MERCHANT, "transactionId": txn, "amount": amount, "providerReferenceId": "P1"},
    }
    response = base64.b64encode(json.dumps(payload).encode()).decode()
    digest = hashlib.sha256((response + salt).encode()).hexdigest()
    return json.dumps({"response": response}).encode(), {
        "X-VERIFY": f"{digest}###1",
        "Content-Type": "application/json",
    }


@pytest.fixture
def handler(ledger: Ledger) -> CallbackHandler:
    return CallbackHandler(ledger, CallbackVerifier({"1": SALT}, MERCHANT))


def test_callbacks_are_verified_recorded_and_harmless_when_repeated_or_late(
    ledger: Ledger, handler: CallbackHandler
) -> None:
    fired: list[str] = []
    ledger.hook = lambda p: fired.append(p.code)
    ledger.record_intent(merchant_id=MERCHANT, transaction_id="CB1", operation="debitV4Web", amount=900)
    body, headers = signed("CB1", "PAYMENT_SUCCESS", 900)
    first = handler.handle(body, headers)
    assert (first.status, first.outcome) == (200, "final")
    assert (handler.handle(body, headers).status, handler.handle(body, headers).outcome) == (200, "duplicate")
    late = handler.handle(*signed("CB1", "PAYMENT_ERROR", 900))  # out of order: changes nothing
    assert (late.status, late.outcome) == (200, "duplicate")
    p = ledger.get("CB1", MERCHANT)
    assert p is not None
    assert p.code == "PAYMENT_SUCCESS"
    assert p.final_source == "callback"
    assert fired == ["PAYMENT_SUCCESS"]
    forged = handler.handle(*signed("CB1", "PAYMENT_SUCCESS", 900, salt="not-the-salt"))
    assert (forged.status, forged.outcome) == (400, "rejected")
    stranger = handler.handle(*signed("NOT-OURS", "PAYMENT_SUCCESS", 1))
    assert (stranger.status, stranger.outcome) == (200, "unknown_transaction")
    headers_lower = {k.lower(): v for k, v in signed("CB1", "PAYMENT_SUCCESS", 900)[1].items()}
    assert handler.handle(body, headers_lower).status == 200  # header names are case-insensitive


def test_starlette_and_flask_adapters(ledger: Ledger, handler: CallbackHandler) -> None:
    from starlette.applications import Starlette
    from starlette.testclient import TestClient

    ledger.record_intent(merchant_id=MERCHANT, transaction_id="AD1", operation="debitV4Web", amount=5)
    ledger.record_intent(merchant_id=MERCHANT, transaction_id="AD2", operation="debitV4Web", amount=5)
    app = Starlette()
    app.add_route("/cb", starlette_endpoint(handler), methods=["POST", "PUT"])
    with TestClient(app) as client:
        body, headers = signed("AD1", "PAYMENT_DECLINED", 5)
        r = client.put("/cb", content=body, headers=headers)
        assert r.status_code == 200
        assert r.json() == {"ok": True, "outcome": "final"}
        assert client.post("/cb", content=b"{}", headers={"X-VERIFY": "x"}).status_code == 400
    flask = pytest.importorskip("flask")
    fapp = flask.Flask("t")
    fapp.add_url_rule("/cb", view_func=flask_view(handler), methods=["POST"])
    body, headers = signed("AD2", "PAYMENT_SUCCESS", 5)
    r2 = fapp.test_client().post("/cb", data=body, headers=headers)
    assert r2.status_code == 200
    assert r2.get_json() == {"ok": True, "outcome": "final"}
    for txn, code in (("AD1", "PAYMENT_DECLINED"), ("AD2", "PAYMENT_SUCCESS")):
        p = ledger.get(txn, MERCHANT)
        assert p is not None
        assert p.code == code


def test_django_view(ledger: Ledger, handler: CallbackHandler) -> None:
    """Requests built by Django's RequestFactory go through its CSRF middleware, which enforces the check: the
    gateway has no CSRF token, so the view must be exempt (a plain view is refused, as a control)."""
    django = pytest.importorskip("django")
    from django.conf import settings
    from django.http import HttpResponse
    from django.middleware.csrf import CsrfViewMiddleware
    from django.test import RequestFactory

    if not settings.configured:
        settings.configure(SECRET_KEY="test-only", ALLOWED_HOSTS=["testserver"])
        django.setup()
    view = django_view(handler)

    def through_csrf(request: Any, target: Any = view) -> Any:
        return CsrfViewMiddleware(target).process_view(request, target, (), {}) or target(request)

    ledger.record_intent(merchant_id=MERCHANT, transaction_id="DJ1", operation="debitV4Web", amount=5)
    body, headers = signed("DJ1", "PAYMENT_SUCCESS", 5)
    factory = RequestFactory()
    r = through_csrf(factory.post("/cb", data=body, content_type="application/json", headers=headers))
    assert r.status_code == 200
    assert json.loads(r.content) == {"ok": True, "outcome": "final"}
    forged = factory.put("/cb", data=b"{}", content_type="application/json", headers={"X-VERIFY": "x"})
    assert through_csrf(forged).status_code == 400
    assert through_csrf(factory.get("/cb")).status_code == 405
    plain = factory.post("/cb", data=body, content_type="application/json", headers=headers)
    assert through_csrf(plain, lambda request: HttpResponse("unreachable")).status_code == 403
    p = ledger.get("DJ1", MERCHANT)
    assert p is not None
    assert p.code == "PAYMENT_SUCCESS"


def test_the_ui_form_post_only_makes_the_status_check_due(ledger: Ledger, handler: CallbackHandler) -> None:
    ledger.record_intent(merchant_id=MERCHANT, transaction_id="UI1", operation="debitV4Web", amount=300)
    fields = {"code": "PAYMENT_SUCCESS", "merchantId": MERCHANT, "transactionId": "UI1", "amount": "300"}
    digest = hashlib.sha256(("PAYMENT_SUCCESS" + MERCHANT + "UI1" + "300" + SALT).encode()).hexdigest()
    answer = handler.handle_form({**fields, "checksum": f"{digest}###1"})
    assert (answer.status, answer.outcome) == (200, "check_due")
    p = ledger.get("UI1", MERCHANT)
    assert p is not None
    assert p.state == "recorded"
    assert p.next_check_at == pytest.approx(ledger.clock())


# --- shared token ---------------------------------------------------------------------------------------------------


class TokenServer:
    """Counts token calls; tokens live ``ttl`` seconds of the fake clock."""

    def __init__(self, clock: FakeClock, ttl: int = 600) -> None:
        self.clock, self.ttl, self.calls = clock, ttl, 0
        self.lock = threading.Lock()
        self.fail = False

    def fetch(self) -> AuthorizationToken:
        with self.lock:
            self.calls += 1
            if self.fail:
                raise ApiError("token endpoint down")
            issued, ttl = int(self.clock()), self.ttl
            return AuthorizationToken(f"tok{self.calls}", "O-Bearer", issued, issued + ttl, float(ttl), self.clock())


def test_the_fleet_fetches_the_token_once_per_expiry(make_ledger: Any, clock: FakeClock) -> None:
    server = TokenServer(clock)
    processes = [make_ledger() for _ in range(3)]
    caches = [p.token_cache(MERCHANT, "CLIENT", clock=clock, sleep=clock.sleep, margin=60) for p in processes]
    barrier = threading.Barrier(12)
    got: list[str] = []

    def caller(i: int) -> None:
        barrier.wait()
        got.append(caches[i % 3].get(server.fetch).access_token)

    threads = [threading.Thread(target=caller, args=(i,)) for i in range(12)]
    for th in threads:
        th.start()
    for th in threads:
        th.join()
    assert server.calls == 1
    assert set(got) == {"tok1"}
    for _minute in range(1, 60):  # an hour of traffic: one fetch per (lifetime - margin)
        clock.advance(60)
        for c in caches:
            assert c.get(server.fetch).expires_monotonic > clock() + 1  # never an expired token
    assert server.calls == 60 * 60 // (600 - 60) + 1


def test_a_token_refresh_survives_the_death_of_the_process_holding_it(make_ledger: Any, clock: FakeClock) -> None:
    server = TokenServer(clock)
    a, b = make_ledger(), make_ledger()
    dead = a.token_cache(MERCHANT, "CLIENT", clock=clock, sleep=clock.sleep, lease=30)
    alive = b.token_cache(MERCHANT, "CLIENT", clock=clock, sleep=clock.sleep, lease=30)
    assert dead._take_lease() is not None  # took the refresh, then died before publishing
    token = alive.get(server.fetch)  # waits (fake sleep) until the lease ends, then fetches itself
    assert token.access_token == "tok1"
    assert server.calls == 1
    assert 30 <= sum(clock.slept) <= 31
    # a failed refresh keeps serving the still-valid token to the whole fleet
    clock.advance(600 - 30)
    server.fail = True
    assert alive.get(server.fetch).access_token == "tok1"
    server.fail = False
    clock.advance(5)  # after the cool-down, one new attempt (the failed one was call 2)
    assert alive.get(server.fetch).access_token == "tok3"
    assert server.calls == 3


def test_a_rejected_token_is_refreshed_once_for_the_fleet(make_ledger: Any, clock: FakeClock) -> None:
    server = TokenServer(clock)
    caches = [m.token_cache(MERCHANT, "CLIENT", clock=clock, sleep=clock.sleep) for m in (make_ledger(), make_ledger())]
    first = caches[0].get(server.fetch)
    caches[1].get(server.fetch)
    caches[0].invalidate(first)
    caches[1].invalidate(first)
    assert caches[0].get(server.fetch).access_token == "tok2"
    assert caches[1].get(server.fetch).access_token == "tok2"
    assert server.calls == 2


# --- shared rate ceiling --------------------------------------------------------------------------------------------


def test_the_rate_ceiling_is_a_sliding_window_shared_by_every_process(make_ledger: Any, clock: FakeClock) -> None:
    rate = RateLimit(5, 1.0, margin=0.0)  # the exact window: on a fake clock nothing travels
    limiters = [
        SharedRateLimiter(m.store, rate, clock=clock, sleep=clock.sleep, use_server_clock=False)
        for m in (make_ledger(), make_ledger())
    ]
    grants: list[float] = []
    for i in range(40):
        limiters[i % 2].acquire()
        grants.append(clock())
        clock.advance(0.07 if i % 7 else 0.0)
    for i, at in enumerate(grants):  # never more than 5 starts in any 1-second window
        assert sum(1 for g in grants[i:] if g < at + 1.0) <= 5
    assert grants[-1] - grants[0] >= (40 / 5 - 1) * 1.0  # and the ceiling is used, not undershot by much
    assert grants[-1] - grants[0] <= 40 / 5 * 1.0 + 1.0


def test_the_rate_ceiling_holds_under_threads_on_the_servers_clock(make_ledger: Any) -> None:
    """Six threads on three ledgers, real time. The window is checked on the times the limiter granted at (the
    server's clock on PostgreSQL, read under the row lock), not on times the test takes after ``acquire()``
    returns: those lag by however long the thread waited for the CPU, so a loaded machine made them bunch up."""
    rate = RateLimit(20, 0.5)
    grants: list[float] = []
    lock = threading.Lock()

    def granted(at: float) -> None:
        with lock:
            grants.append(at)

    limiters = [
        SharedRateLimiter(m.store, rate, on_grant=granted) for m in (make_ledger(), make_ledger(), make_ledger())
    ]

    def worker(lim: SharedRateLimiter) -> None:
        for _ in range(10):  # 60 grants: three full windows of 20 at least, each crossed by all six threads
            lim.acquire()

    threads = [threading.Thread(target=worker, args=(lim,)) for lim in limiters for _ in range(2)]
    for th in threads:
        th.start()
    for th in threads:
        th.join()
    grants.sort()
    assert len(grants) == 60
    # never a 21st start inside one window: grant i+20 is at least a window after grant i
    crowded = [(a, b) for a, b in zip(grants, grants[rate.limit :], strict=False) if b - a < rate.window]
    assert crowded == []


def test_a_thread_per_request_server_does_not_pile_up_sqlite_connections(tmp_path: Any) -> None:
    """Found by the chaos soak: connections tied to threads leaked one per callback request thread."""
    import os

    Ledger.migrate(f"sqlite:///{tmp_path}/threads.db")
    ledger = Ledger.open(f"sqlite:///{tmp_path}/threads.db")
    try:

        def request() -> None:
            ledger.get("ANY", MERCHANT)

        for _ in range(60):
            th = threading.Thread(target=request)
            th.start()
            th.join()
        path = str(tmp_path / "threads.db")
        open_files = []
        for fd in os.listdir("/proc/self/fd"):
            with contextlib.suppress(OSError):  # closed meanwhile
                open_files.append(os.readlink(f"/proc/self/fd/{fd}"))
        assert sum(1 for f in open_files if f == path) <= 8
    finally:
        ledger.close()
