"""Safety on the wire (issue 14): one adversarial corpus, run against every transport the package ships.

Each case is a row of ``CASES``: a server behaviour (what a hostile or broken gateway puts on the wire after it
has read the request) and the ONLY acceptable outcome for the call. Every case runs for the four operations
that matter -- a money-moving POST (``debit_v4_web``), the money-moving GET-with-body (``inline_pay_with_get``),
a non-idempotent non-money call that is never retried (``send_otp``) and the safe read
(``get_transaction_status``) -- on Gateway and AsyncGateway over each shipped transport (conftest.py). Real
loopback sockets only (hostile_server.py); no mocks; the client's ``sleep`` is a no-op, and the only real
deadline is ``timeout=`` in the configuration (0.25 s for the slow-drip cases).

Outcomes (``Expect``):

* FAIL -- the answer is broken or never came. Money-moving and never-retry calls: ``OutcomeUnknown`` (or a
  subclass), and exactly ONE request reached the server, counted across all connections (the client must not
  send a payment twice). The safe read: a ``GatewayError`` subclass, retries allowed. Where the failure is a
  transport failure (``chained`` in the row), ``exc.__cause__`` must be set: the underlying error is kept.
* OWN -- the answer is legitimate (1xx before it, ``Connection: close``): the call returns its own answer, field
  for field (every answer names the request it answers), after exactly one request.
* OWN_OR_FAIL -- legitimate but unusual (more than 100 headers, an obs-fold, a connection that had junk glued
  after the previous answer): the call's own answer, or FAIL as above. Never someone else's answer.
* MISMATCH -- a well-formed answer about another transaction or another merchant:
  ``merchant_gateway.errors.AnswerMismatchError`` (a subclass of OutcomeUnknown), never returned, and never
  retried for money-moving and never-retry calls (exactly one request).

Whatever the outcome, nothing but a ``GatewayError`` may reach the caller: no ``httpx.*``, ``aiohttp.*``,
``MemoryError``, ``OverflowError``, ``UnicodeError``...

Cases whose point is what happens *next* on a pooled connection (1xx, glued answer, ``Connection: close``) make
a second call of the same operation about another transaction (``TXPAID1`` then ``TXUNPAID2``; two mobile
numbers for ``send_otp``). A forged answer glued after the first one claims ``TXUNPAID2`` is paid: a client
that hands it to the second call has reported an unpaid order as paid.

Choices worth knowing when a case fails:

* ``Content-Length: +N`` and two Content-Length headers carry the *true* length (first header), so a lenient
  parser reads a valid answer and the case catches it; a strict one refuses the framing.
* obs-fold is OWN_OR_FAIL, not FAIL: RFC 9112 section 5.2 tells a user agent to unfold it (h11 does), and
  rejecting is also safe. What must not happen is a CR/LF inside a header value the caller can see; the only
  header values that reach a caller are RateLimitedError's ``api_limit``/``time_window``, so the
  ``folded_rate_limit`` case (status only: a 429 is retried, so its request count does not fit the money rule)
  folds those.
* The slow-drip server, if nobody cuts it off, completes a VALID answer after ~20 s (a byte every 0.05 s, five
  of them inside the 0.25 s deadline): a client with only per-read timeouts succeeds there and the case fails.
  No assertion is timed.
* The 200 MiB answer is a valid envelope with a huge extra field and a correct Content-Length: a client with
  no size cap reads it all and returns success, which the case refuses.
"""

from __future__ import annotations

import enum
import json
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, NamedTuple

import merchant_gateway as mg
import pytest
from hostile_server import Behaviour, Exchange, HostileServer, gateway_answer, response
from merchant_gateway import errors

if TYPE_CHECKING:
    from conftest import Transport

# Being added to the package now; looked up in this one place so the corpus collects before it exists.
AnswerMismatchError: type[Exception] | None = getattr(errors, "AnswerMismatchError", None)

DEFAULT_TIMEOUT = 5.0  # a safety net: no case but the drips should ever wait on it
DRIP_TIMEOUT = 0.25
DRIP_PAUSE = 0.05
DRIP_BYTES = 400  # one byte per DRIP_PAUSE: a VALID answer ~20 s later, if the client is still listening
HUGE = 200 * 1024 * 1024


class Expect(enum.Enum):
    FAIL = "fail"
    OWN = "own answer"
    OWN_OR_FAIL = "own answer or fail"
    MISMATCH = "AnswerMismatchError"


# --- operations -----------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Op:
    name: str
    strict: bool  # moves money or is never retried: one request at most, OutcomeUnknown on any doubt
    keys: tuple[str, str]  # what the first and the second call are about
    call: Callable[[Any, str], Any]  # (gateway, key) -> result (a coroutine on AsyncGateway)


OPS = {
    op.name: op
    for op in (
        Op(
            "debit_v4_web",
            True,
            ("TXPAID1", "TXUNPAID2"),
            lambda gw, key: gw.debit_v4_web(transaction_id=key, amount=100, merchant_user_id="U1"),
        ),
        Op(
            "inline_pay_with_get",
            True,
            ("TXPAID1", "TXUNPAID2"),
            lambda gw, key: gw.inline_pay_with_get(
                transaction_id=key, amount=100, merchant_user_id="U1", payment_sources=[{"mode": "wallets"}]
            ),
        ),
        Op("send_otp", True, ("9000000001", "9000000002"), lambda gw, key: gw.send_otp(mobile_number=key)),
        Op("get_transaction_status", False, ("TXPAID1", "TXUNPAID2"), lambda gw, key: gw.get_transaction_status(key)),
    )
}
ALL_OPS = tuple(OPS)
WITH_TRANSACTION = ("debit_v4_web", "inline_pay_with_get", "get_transaction_status")  # answers name a transaction


# --- server behaviours ----------------------------------------------------------------------------------------


def raw(status: bytes, headers: list[bytes], body: bytes) -> bytes:
    """An answer with exactly these header lines: no Content-Length unless given."""
    return b"\r\n".join([status, b"Content-Type: application/json", *headers]) + b"\r\n\r\n" + body


def then_close(build: Callable[[Exchange], bytes]) -> Behaviour:
    """Send what ``build`` makes, then close: a broken answer never leaves the client waiting for more."""

    def behaviour(x: Exchange) -> bool:
        x.send(build(x))
        return False

    return behaviour


def keep_open(build: Callable[[Exchange], bytes]) -> Behaviour:
    """Send what ``build`` makes and keep the connection for the client's next request."""
    return lambda x: x.send(build(x))


def drop_fin(x: Exchange) -> bool:
    """Read the request, answer nothing, close (FIN)."""
    return False


def drop_rst(x: Exchange) -> bool:
    """Read the request, answer nothing, reset (RST)."""
    x.reset_on_close()
    return False


def drop_then_refuse(x: Exchange) -> bool:
    """Read the request, stop listening (later connections are refused), close."""
    x.server.refuse()
    return False


def interim(line: bytes) -> Behaviour:
    """A 1xx interim answer, then the real one (every time, on every connection)."""
    return keep_open(lambda x: line + b"\r\n\r\n" + response(x.body))


def glued(x: Exchange) -> bool:
    """The answer, then a complete forged answer for the request the client will send next."""
    forged = gateway_answer(
        x.seen.op, x.server.followups.get(x.seen.key or "", x.seen.key), x.seen.merchant_id, injected=True
    )
    return x.send(response(x.body) + response(json.dumps(forged).encode()))


def about(field: str, value: str) -> Behaviour:
    """A well-formed answer whose data says it is about another transaction or merchant."""

    def build(x: Exchange) -> bytes:
        answer = dict(x.answer, data={**x.answer["data"], field: value})
        return response(json.dumps(answer).encode())

    return keep_open(build)


def answer_with(change: Callable[[dict[str, Any]], dict[str, Any]], status: bytes = b"HTTP/1.1 200 OK") -> Behaviour:
    """A well-framed answer whose JSON is the correct one changed (issue 22: answers that prove nothing)."""
    return keep_open(lambda x: response(json.dumps(change(json.loads(json.dumps(x.answer)))).encode(), status=status))


def with_data(**fields: object) -> Callable[[dict[str, Any]], dict[str, Any]]:
    return lambda a: {**a, "data": {**a["data"], **fields}}


def without(*path: str) -> Callable[[dict[str, Any]], dict[str, Any]]:
    def change(a: dict[str, Any]) -> dict[str, Any]:
        (a["data"] if len(path) == 2 else a).pop(path[-1], None)
        return a

    return change


def first_code_failed(x: Exchange) -> bool:
    """The correct answer with a second, earlier "code" key saying PAYMENT_ERROR: json keeps the last one, so a
    client that does not notice the duplicate reads the answer as whatever the last key says."""
    text = json.dumps(x.answer).encode()
    return x.send(response(b'{"code": "PAYMENT_ERROR", ' + text[1:]))


def drip_head(x: Exchange) -> bool:
    head, _, body = response(x.body).partition(b"\r\n\r\n")
    head += b"\r\nX-Padding: " + b"." * max(0, DRIP_BYTES - len(head) - 16) + b"\r\n\r\n"
    for i in range(len(head)):
        if not x.send(head[i : i + 1]) or not x.pause(DRIP_PAUSE):
            return False
    x.send(body)
    return False


def drip_body(x: Exchange) -> bool:
    body = x.body.ljust(DRIP_BYTES)  # trailing whitespace: still the same JSON document
    if not x.send(raw(b"HTTP/1.1 200 OK", [b"Content-Length: %d" % len(body)], b"")):
        return False
    for i in range(len(body)):
        if not x.pause(DRIP_PAUSE) or not x.send(body[i : i + 1]):
            return False
    return False


def huge(x: Exchange) -> bool:
    """A valid envelope of 200 MiB (a huge extra field), correct Content-Length, sent as fast as the client
    reads; stops when the client goes away."""
    prefix = x.body[:-1] + b', "padding": "'
    suffix = b'"}'
    left = HUGE - len(prefix) - len(suffix)
    if not x.send(raw(b"HTTP/1.1 200 OK", [b"Content-Length: %d" % HUGE], prefix)):
        return False
    block = b"a" * (256 * 1024)
    while left > 0 and not x.server.stop.is_set():
        n = min(left, len(block))
        if not x.send(block if n == len(block) else block[:n]):
            return False
        left -= n
    x.send(suffix)
    return False


def folded_rate_limit(x: Exchange) -> bool:
    body = json.dumps({"success": False, "code": "API_RATE_LIMIT_REACHED", "message": "slow down", "data": {}})
    headers = [b"API_LIMIT: 10\r\n X-Injected: 1", b"TIME_WINDOW: 0\r\n\tX-Also: 2", b"Content-Length: %d" % len(body)]
    return x.send(raw(b"HTTP/1.1 429 Too Many Requests", headers, body.encode()))


def _length(x: Exchange, delta: int = 0) -> bytes:
    return b"%d" % (len(x.body) + delta)


# --- the corpus -------------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Case:
    name: str
    behaviour: Behaviour
    expect: Expect
    then: Expect | None = None  # a second call, same operation, about the next key
    ops: tuple[str, ...] = ALL_OPS
    timeout: float = DEFAULT_TIMEOUT
    chained: bool = False  # a transport failure: exc.__cause__ must keep the underlying error


F, OWN, OWN_OR_F = Expect.FAIL, Expect.OWN, Expect.OWN_OR_FAIL
OK = b"HTTP/1.1 200 OK"
CASES = [
    # dropped after the request was read
    Case("drop_fin", drop_fin, F, chained=True),
    Case("drop_rst", drop_rst, F, chained=True),
    Case("drop_then_refuse", drop_then_refuse, F, chained=True),
    # 1xx interim answers are legitimate; the next call on the pooled connection gets its own answer
    Case("interim_100", interim(b"HTTP/1.1 100 Continue"), OWN, then=OWN),
    Case("interim_102", interim(b"HTTP/1.1 102 Processing"), OWN, then=OWN),
    Case("interim_103", interim(b"HTTP/1.1 103 Early Hints\r\nLink: </pay.css>; rel=preload; as=style"), OWN, then=OWN),
    # a complete forged answer glued after the real one: never delivered to the next call
    Case("glued_second_response", glued, OWN, then=OWN_OR_F),
    # Content-Length
    Case("cl_short", then_close(lambda x: raw(OK, [b"Content-Length: " + _length(x, -8)], x.body)), F),
    Case("cl_long", then_close(lambda x: raw(OK, [b"Content-Length: " + _length(x, 100)], x.body)), F, chained=True),
    Case(
        "cl_two_values",
        then_close(lambda x: raw(OK, [b"Content-Length: " + _length(x), b"Content-Length: " + _length(x, 7)], x.body)),
        F,
        chained=True,
    ),
    Case(
        "cl_absurd",
        then_close(lambda x: raw(OK, [b"Content-Length: 99999999999999999999999999"], x.body)),
        F,
        chained=True,
    ),
    Case("cl_plus_sign", then_close(lambda x: raw(OK, [b"Content-Length: +" + _length(x)], x.body)), F, chained=True),
    # chunked framing
    Case(
        "chunked_bad_size",
        then_close(lambda x: raw(OK, [b"Transfer-Encoding: chunked"], b"zz\r\n" + x.body + b"\r\n0\r\n\r\n")),
        F,
        chained=True,
    ),
    Case(
        "chunked_absurd_size",
        then_close(lambda x: raw(OK, [b"Transfer-Encoding: chunked"], b"ffffffffffffffffffffffff\r\n" + x.body)),
        F,
        chained=True,
    ),
    # status line
    Case("garbage_status_line", then_close(lambda x: response(x.body, status=b"SSH-2.0-OpenSSH_9.6")), F, chained=True),
    Case("http2_status_line", then_close(lambda x: response(x.body, status=b"HTTP/2 200")), F, chained=True),
    # header block
    Case(
        "header_without_colon",
        then_close(lambda x: response(x.body, headers=[b"this line has no colon"])),
        F,
        chained=True,
    ),
    Case(
        "obs_fold",
        keep_open(lambda x: response(x.body, headers=[b"X-Note: first\r\n Content-Length: 3", b"X-Tab: a\r\n\tb"])),
        OWN_OR_F,
    ),
    Case(
        "over_100_headers",
        keep_open(lambda x: response(x.body, headers=[b"X-Filler-%d: %d" % (i, i) for i in range(150)])),
        OWN_OR_F,
    ),
    Case("folded_rate_limit", folded_rate_limit, F, ops=("get_transaction_status",)),
    # content coding
    Case(
        "gzip_corrupt",
        then_close(lambda x: response(b"\x1f\x8b\x08\x00garbage-not-gzip" * 4, headers=[b"Content-Encoding: gzip"])),
        F,
        chained=True,
    ),
    Case(
        "deflate_corrupt",
        then_close(lambda x: response(b"\xff\xfegarbage-not-deflate" * 4, headers=[b"Content-Encoding: deflate"])),
        F,
        chained=True,
    ),
    # slow drip past the whole-call deadline
    Case("drip_head", drip_head, F, timeout=DRIP_TIMEOUT, chained=True),
    Case("drip_body", drip_body, F, timeout=DRIP_TIMEOUT, chained=True),
    # an answer far larger than any gateway answer
    Case("huge_body_200mb", huge, F),
    # Connection: close, then the next call on a new connection
    Case("connection_close", then_close(lambda x: response(x.body, headers=[b"Connection: close"])), OWN, then=OWN),
    # a cookie from the "gateway" (a load balancer's, say) is never kept or replayed: none is shown in the interface
    Case("set_cookie", keep_open(lambda x: response(x.body, headers=[b"Set-Cookie: lb=node7; Path=/"])), OWN, then=OWN),
    # answers about someone else
    Case("other_transaction", about("transactionId", "TXOTHER9"), Expect.MISMATCH, ops=WITH_TRANSACTION),
    Case("other_merchant", about("merchantId", "M2"), Expect.MISMATCH, ops=WITH_TRANSACTION),
    # issue 22: answers that cannot prove they are this call's, or contradict themselves: never a success
    Case("transaction_id_a_number", answer_with(with_data(transactionId=7)), F, ops=WITH_TRANSACTION),
    Case("transaction_id_a_list", answer_with(with_data(transactionId=["TXPAID1"])), F, ops=WITH_TRANSACTION),
    Case("transaction_id_null", answer_with(with_data(transactionId=None)), F, ops=("get_transaction_status",)),
    Case("transaction_id_absent", answer_with(without("data", "transactionId")), F, ops=("get_transaction_status",)),
    Case("merchant_id_an_object", answer_with(with_data(merchantId={"id": "M1"})), F, ops=WITH_TRANSACTION),
    Case("amount_a_float", answer_with(with_data(amount=100.0)), F, ops=("get_transaction_status",)),
    Case("amount_a_string", answer_with(with_data(amount="100")), F, ops=("get_transaction_status",)),
    Case("success_without_data", answer_with(without("data")), F, ops=("debit_v4_web", "get_transaction_status")),
    Case("duplicate_code_key", first_code_failed, F),
    Case("success_body_on_302", answer_with(lambda a: a, status=b"HTTP/1.1 302 Found"), F),
    Case("success_body_on_400", answer_with(lambda a: a, status=b"HTTP/1.1 400 Bad Request"), F),
    Case("success_body_on_404", answer_with(lambda a: a, status=b"HTTP/1.1 404 Not Found"), F),
    Case("success_body_on_429", answer_with(lambda a: a, status=b"HTTP/1.1 429 Too Many Requests"), F),
    Case("success_flag_false", answer_with(lambda a: {**a, "success": False}), F),
]


# --- running and judging ----------------------------------------------------------------------------------------


PROXIED_ORIGIN = "http://gateway.invalid"  # .invalid never resolves: only a proxy can carry these calls


class Outcome(NamedTuple):
    result: Any
    error: Exception | None


def _settings(port: int, timeout: float) -> dict[str, Any]:
    url = f"http://127.0.0.1:{port}"
    return {
        "merchant_id": "M1",
        "salt_key": "k",
        "salt_index": "1",
        "environment": "local",
        "base_url": url,
        "apps_url": url,
        "auth_url": url,
        "timeout": timeout,
    }


def _sync_calls(transport: Transport, settings: dict[str, Any], op: Op, keys: list[str]) -> list[Outcome]:
    outcomes = []
    with mg.Gateway(**settings, transport=transport.make(), sleep=lambda seconds: None) as gw:
        for key in keys:
            try:
                outcomes.append(Outcome(op.call(gw, key), None))
            except Exception as exc:  # noqa: BLE001 - judged below: anything but a GatewayError fails the case
                outcomes.append(Outcome(None, exc))
    return outcomes


async def _async_calls(transport: Transport, settings: dict[str, Any], op: Op, keys: list[str]) -> list[Outcome]:
    async def no_sleep(seconds: float) -> None:
        return None

    outcomes = []
    async with mg.AsyncGateway(**settings, transport=transport.make(), sleep=no_sleep) as gw:
        for key in keys:
            try:
                outcomes.append(Outcome(await op.call(gw, key), None))
            except Exception as exc:  # noqa: BLE001 - judged below: anything but a GatewayError fails the case
                outcomes.append(Outcome(None, exc))
    return outcomes


def _judge(case: Case, op: Op, expect: Expect, key: str, outcome: Outcome, server: HostileServer) -> None:
    where = f"{case.name} / {op.name} / call about {key}"
    sent = server.count(key)
    result, exc = outcome
    if expect is Expect.OWN_OR_FAIL:
        expect = Expect.OWN if exc is None else Expect.FAIL
        chained = False
    else:
        chained = case.chained
    if expect is Expect.OWN:
        assert exc is None, f"{where}: a legitimate answer must be returned, got {exc!r}"
        own = gateway_answer(op.name, key, "M1")
        assert result.to_dict() == own, f"{where}: not its own answer: {result.to_dict()} != {own}"
        assert sent == 1, f"{where}: {sent} requests for one legitimately answered call"
        return
    assert exc is not None, f"{where}: expected {expect.value}, the call returned {result!r}"
    assert isinstance(exc, mg.GatewayError), f"{where}: a foreign exception reached the caller: {exc!r}"
    if expect is Expect.MISMATCH:
        assert AnswerMismatchError is not None, "merchant_gateway.errors.AnswerMismatchError does not exist"
        assert isinstance(exc, AnswerMismatchError), f"{where}: expected AnswerMismatchError, got {exc!r}"
    if op.strict:
        assert isinstance(exc, mg.OutcomeUnknown), f"{where}: expected OutcomeUnknown, got {exc!r}"
        assert sent == 1, f"{where}: the server saw {sent} requests (connections: {server.per_connection()})"
    else:
        assert sent >= 1, f"{where}: the request never reached the server"
    if chained:
        assert exc.__cause__ is not None, f"{where}: {exc!r} does not keep the underlying error (__cause__)"
    if isinstance(exc, mg.RateLimitedError):  # the only header values a caller can see
        for value in (exc.api_limit, exc.time_window):
            assert value is None or not any(c in value for c in "\r\n"), f"{where}: CR/LF in a header: {value!r}"


@pytest.mark.parametrize(
    ("case", "op"), [pytest.param(case, OPS[name], id=f"{case.name}-{name}") for case in CASES for name in case.ops]
)
def test_wire(
    case: Case,
    op: Op,
    transport: Transport,
    hostile: Callable[..., HostileServer],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    server = hostile(case.behaviour, followups={op.keys[0]: op.keys[1]})
    expects = [case.expect] if case.then is None else [case.expect, case.then]
    keys = list(op.keys[: len(expects)])
    settings = _settings(server.port, case.timeout)
    if transport.name == "proxied":  # the hostile server is the proxy; the gateway's host resolves nowhere else
        monkeypatch.setenv("HTTP_PROXY", f"http://127.0.0.1:{server.port}")
        settings.update(base_url=PROXIED_ORIGIN, apps_url=PROXIED_ORIGIN, auth_url=PROXIED_ORIGIN)
    if transport.mode == "sync":
        outcomes = _sync_calls(transport, settings, op, keys)
    else:
        outcomes = transport.run(_async_calls(transport, settings, op, keys))
    for expect, key, outcome in zip(expects, keys, outcomes, strict=True):
        _judge(case, op, expect, key, outcome, server)
    replayed = [seen.headers["cookie"] for seen in server.requests if "cookie" in seen.headers]
    assert not replayed, f"{case.name} / {op.name}: the client sent cookies it was given: {replayed}"
