"""`mgw demo`: the whole payment story, step by step, against the gateway named by MGW_* or an embedded sandbox.

Why this module exists: it is the proof that every part works together (spec, generated client, overlays,
sandbox, callbacks) and the quickest way for a merchant's engineer to see the right order of calls:
pay -> (person pays) -> verify the signed callbacks -> check the status and the amount -> refund part -> check
the refund -> link a user by OTP -> balance -> unlink (and see the token stop working).

Against a gateway other than the embedded sandbox nothing sandbox-specific is assumed: the payments page is
completed by a person in a browser (the demo waits), and the OTP steps run only when MGW_DEMO_OTP_MOBILE is set
(the OTP is then typed in).
"""

from __future__ import annotations

import argparse
import os
import secrets
import sys
import threading
import time
import urllib.parse
from collections.abc import Callable, Iterator
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass, field
from html.parser import HTMLParser
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import httpx

from ..config import GatewayConfig
from ..errors import GatewayError, UserLinkError
from ..flows.linking import OtpPrompt, link_user, unlink
from ..flows.schedule import Phase, PollSchedule
from ..flows.status import wait_for_payment
from ..gateway import Gateway
from ..ids import new_transaction_id
from .options import config_from
from .output import Output

DEMO_AMOUNT = 10_000  # paise
REFUND_AMOUNT = 4_000
# The embedded sandbox settles within seconds, so its demo polls every second; any other gateway gets the
# published schedule.
SANDBOX_SCHEDULE = PollSchedule(first_check_after=0.5, phases=(Phase(1.0, None),), timeout=60.0)


# --- the merchant's callback endpoint ---------------------------------------------------------------------------


@dataclass
class Received:
    path: str
    method: str
    headers: dict[str, str]
    body: bytes = field(repr=False)


class Inbox:
    """What the merchant's endpoint received, with a bounded wait for the next matching message."""

    def __init__(self) -> None:
        self._items: list[Received] = []
        self._cond = threading.Condition()

    def add(self, item: Received) -> None:
        with self._cond:
            self._items.append(item)
            self._cond.notify_all()

    def wait_for(self, match: Callable[[Received], bool], timeout: float) -> Received | None:
        deadline = time.monotonic() + timeout
        with self._cond:
            while True:
                for item in self._items:
                    if match(item):
                        self._items.remove(item)
                        return item
                left = deadline - time.monotonic()
                if left <= 0:
                    return None
                self._cond.wait(left)


@contextmanager
def merchant_endpoint() -> Iterator[tuple[str, Inbox]]:
    """A loopback HTTP server standing in for the merchant's callback and return URLs."""
    inbox = Inbox()

    class Handler(BaseHTTPRequestHandler):
        def _take(self) -> None:
            length = int(self.headers.get("Content-Length") or 0)
            body = self.rfile.read(length) if length else b""
            inbox.add(Received(self.path, self.command, {k.lower(): v for k, v in self.headers.items()}, body))
            reply = b"<!doctype html><title>Merchant</title><p>Thank you. Your order status is being checked.</p>"
            self.send_response(200)
            self.send_header("Content-Type", "text/html; charset=utf-8")
            self.send_header("Content-Length", str(len(reply)))
            self.end_headers()
            self.wfile.write(reply)

        do_POST = do_PUT = _take

        def log_message(self, format: str, *args: Any) -> None:  # noqa: A002 - keep the demo's output clean
            return

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    thread = threading.Thread(target=server.serve_forever, name="mgw-demo-merchant", daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}", inbox
    finally:
        server.shutdown()
        server.server_close()


# --- a person in a browser ---------------------------------------------------------------------------------------


class _Forms(HTMLParser):
    """The forms of a page: action, method, named inputs and the values of its submit buttons."""

    def __init__(self) -> None:
        super().__init__()
        self.forms: list[dict[str, Any]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = {k: v or "" for k, v in attrs}
        if tag == "form":
            self.forms.append(
                {"action": a.get("action", ""), "method": a.get("method", "get").upper(), "inputs": {}, "buttons": []}
            )
        elif self.forms and tag == "input" and a.get("name"):
            self.forms[-1]["inputs"][a["name"]] = a.get("value", "")
        elif self.forms and tag == "button" and a.get("name"):
            self.forms[-1]["buttons"].append((a["name"], a.get("value", "")))


def _forms(html: str) -> list[dict[str, Any]]:
    parser = _Forms()
    parser.feed(html)
    return parser.forms


def pay_like_a_person(http: httpx.Client, page_url: str) -> bool:
    """Open the payments page, press its Pay button and follow the page's return to the merchant, as a browser
    does. False when the page has no recognisable Pay button (then a real person has to do it)."""
    page = http.get(page_url)
    for form in _forms(page.text):
        pay = next(((n, v) for n, v in form["buttons"] if v.lower() == "pay"), None)
        if form["method"] == "POST" and pay is not None:
            target = urllib.parse.urljoin(str(page.url), form["action"] or str(page.url))
            answer = http.post(target, data={**form["inputs"], pay[0]: pay[1]})
            for back in _forms(answer.text):  # an auto-submitting form post back to the merchant
                if back["method"] == "POST" and "checksum" in back["inputs"]:
                    http.post(urllib.parse.urljoin(str(answer.url), back["action"]), data=back["inputs"])
            return True
    return False


# --- the story ---------------------------------------------------------------------------------------------------


class StepFailed(Exception):
    pass


class Story:
    def __init__(self, out: Output) -> None:
        self.out = out
        self.steps: list[dict[str, Any]] = []

    def step(self, name: str, run: Callable[[], str]) -> bool:
        try:
            detail = run()
        except (StepFailed, GatewayError) as exc:
            self._record(name, "failed", str(exc))
            return False
        self._record(name, "ok", detail)
        return True

    def skip(self, name: str, why: str) -> None:
        self._record(name, "skipped", why)

    def _record(self, name: str, result: str, detail: str) -> None:
        mark = {"ok": "ok  ", "failed": "FAIL", "skipped": "skip"}[result]
        self.steps.append({"step": name, "result": result, "detail": detail})
        self.out.step(f"[{mark}] {name}: {detail}")

    @property
    def failed(self) -> int:
        return sum(1 for s in self.steps if s["result"] == "failed")


def _gateway_configured() -> bool:
    return bool(os.environ.get("MGW_BASE_URL")) or os.environ.get("MGW_ENV", "local") != "local"


@contextmanager
def _target(args: argparse.Namespace, story: Story) -> Iterator[tuple[GatewayConfig, str | None]]:
    """The gateway to use and, for the embedded sandbox, its OTP. Starts the sandbox when nothing is set."""
    if _gateway_configured() or args.base_url:
        config = config_from(args)
        story.out.step(f"gateway: {config.base} (merchant {config.merchant_id})")
        yield config, os.environ.get("MGW_DEMO_OTP")
        return
    try:
        from merchant_gateway_sandbox import start_sandbox
    except ImportError:
        raise StepFailed("no MGW_BASE_URL set and the sandbox extra is not installed") from None
    merchant, salt, client_secret = "DEMOMERCHANT", secrets.token_hex(16), secrets.token_hex(16)
    sandbox = start_sandbox(
        port=0,
        merchant_id=merchant,
        salts={"1": salt},
        client_id="DEMOCLIENT",
        client_secret=client_secret,
        settle_after=1.0,
    )
    try:
        story.out.step(f"gateway: embedded sandbox at {sandbox.base_url} (merchant {merchant})")
        config = GatewayConfig(
            merchant_id=merchant,
            salt_key=salt,
            salt_index="1",
            environment="local",
            base_url=sandbox.base_url,
            apps_url=sandbox.apps_url,
            auth_url=sandbox.auth_url,
            client_id="DEMOCLIENT",
            client_secret=client_secret,
        )
        yield config, sandbox.config.otp
    finally:
        sandbox.stop()


def run_demo(args: argparse.Namespace, out: Output) -> int:
    story = Story(out)
    with ExitStack() as stack:
        try:
            config, otp = stack.enter_context(_target(args, story))
        except StepFailed as exc:
            story.skip("setup", str(exc))
            out.error(str(exc), kind="setup")
            return 2
        embedded = not (_gateway_configured() or args.base_url)
        merchant_url, inbox = stack.enter_context(merchant_endpoint())
        gw = stack.enter_context(Gateway(config))
        http = stack.enter_context(httpx.Client(timeout=15.0, follow_redirects=True))
        schedule = SANDBOX_SCHEDULE if embedded else PollSchedule()
        _story(story, gw, http, merchant_url, inbox, schedule, otp, args.wait_for_person, embedded)
    held = sum(1 for s in story.steps if s["result"] == "ok")
    skipped = sum(1 for s in story.steps if s["result"] == "skipped")
    summary = f"demo: {held} steps held, {story.failed} failed, {skipped} skipped"
    if story.failed:
        out.error(summary, kind="demo_failed", steps=story.steps)
        return 1
    out.result(summary, steps=story.steps)
    return 0


def _story(
    story: Story,
    gw: Gateway,
    http: httpx.Client,
    merchant_url: str,
    inbox: Inbox,
    schedule: PollSchedule,
    otp: str | None,
    wait_for_person: float,
    embedded: bool,
) -> None:
    txn = new_transaction_id("DEMO")
    refund_txn = new_transaction_id("RF")
    state: dict[str, Any] = {}

    def pay() -> str:
        resp = gw.debit_v4_web(
            transaction_id=txn,
            amount=DEMO_AMOUNT,
            merchant_order_id=txn,
            merchant_user_id="DEMOUSER1",
            redirect_url=f"{merchant_url}/return",
            redirect_mode="POST",
            callback_url=f"{merchant_url}/callback",
        )
        url = getattr(resp.data, "redirect_url", None)
        if not isinstance(url, str):
            raise StepFailed(f"no redirect URL in the answer ({resp.code})")
        state["page"] = url
        return f"{txn} for {DEMO_AMOUNT} paise -> {getattr(resp.data, 'redirect_type', '?')} payments page"

    def complete() -> str:
        if pay_like_a_person(http, state["page"]):
            return "Pay pressed on the payments page"
        story.out.step(f"       open {state['page']} in a browser and pay (waiting {wait_for_person:.0f} s)")
        return "left to a person in a browser"

    def ui_callback() -> str:
        got = inbox.wait_for(lambda r: r.path == "/return", 30.0 if embedded else wait_for_person)
        if got is None:
            raise StepFailed("no form post reached the merchant's return URL")
        form = dict(urllib.parse.parse_qsl(got.body.decode("utf-8", "replace"), keep_blank_values=True))
        ui = gw.verify_ui_callback(form, expected_amount=DEMO_AMOUNT, expected_transaction_id=txn)
        return f"form post checksum verified ({ui.code})"

    def s2s_callback(path_txn: str, amount: int) -> Callable[[], str]:
        def run() -> str:
            got = inbox.wait_for(
                lambda r: r.path == "/callback" and path_txn.encode() in _decoded(r.body),
                30.0 if embedded else wait_for_person,
            )
            if got is None:
                raise StepFailed("no server-to-server callback arrived")
            cb = gw.verify_payment_callback(
                got.body, got.headers.get("x-verify"), expected_amount=amount, expected_transaction_id=path_txn
            )
            return f"{got.method} with X-VERIFY verified, code {cb.code}, amount {cb.data.amount}"

        return run

    def status() -> str:
        final = wait_for_payment(gw, txn, expected_amount=DEMO_AMOUNT, schedule=schedule)
        if not final.succeeded:
            raise StepFailed(f"final status {final.code}")
        return f"{final.code}, amount {final.snapshot.amount} matches the forward request"

    def refund() -> str:
        resp = gw.refund_v4(
            transaction_id=refund_txn,
            original_transaction_id=txn,
            amount=REFUND_AMOUNT,
            merchant_order_id=refund_txn,
            message="demo partial refund",
            original_amount=DEMO_AMOUNT,
            callback_url=f"{merchant_url}/callback",
        )
        return f"{refund_txn}: {REFUND_AMOUNT} of {DEMO_AMOUNT} paise, answer {resp.code}"

    def refund_status() -> str:
        final = wait_for_payment(gw, refund_txn, expected_amount=REFUND_AMOUNT, schedule=schedule)
        if not final.succeeded:
            raise StepFailed(f"refund final status {final.code}")
        return f"{final.code} (refund successful)"

    ok = story.step("web payment (v4 debit)", pay)
    ok = ok and story.step("payment completed", complete)
    ok = ok and story.step("UI callback", ui_callback)
    ok = ok and story.step("server-to-server callback", s2s_callback(txn, DEMO_AMOUNT))
    ok = ok and story.step("status and amount", status)
    ok = ok and story.step("partial refund", refund)
    ok = ok and story.step("refund status", refund_status)
    ok and story.step("refund callback", s2s_callback(refund_txn, REFUND_AMOUNT))

    if gw.config.has_client_credentials:
        story.step("authorization token", lambda: _token(gw))
    else:
        story.skip("authorization token", "MGW_CLIENT_ID / MGW_CLIENT_SECRET not set")
    _linking(story, gw, otp, embedded)


def _decoded(body: bytes) -> bytes:
    import base64
    import json

    try:
        return base64.b64decode(json.loads(body)["response"])
    except Exception:  # noqa: BLE001 - an unreadable callback simply does not match; verification reports it
        return b""


def _token(gw: Gateway) -> str:
    token = gw.authorization_token()
    return f"{token.token_type} token cached until expires_at {token.expires_at} (token not shown)"


def _linking(story: Story, gw: Gateway, otp: str | None, embedded: bool) -> None:
    mobile = os.environ.get("MGW_DEMO_OTP_MOBILE") or ("9999999999" if embedded else None)
    if mobile is None:
        story.skip("OTP linking", "set MGW_DEMO_OTP_MOBILE to link a user on this gateway")
        return
    linked: dict[str, Any] = {}

    def ask(prompt: OtpPrompt) -> str:
        if otp is not None:
            return otp
        sys.stderr.write(f"OTP sent to {mobile} (attempt {prompt.attempt}); type it: ")
        return sys.stdin.readline().strip()

    def link() -> str:
        linked["user"] = link_user(gw, mobile, ask)
        return "OTP verified with the latest otpToken; userAuthToken received (not shown)"

    def balance() -> str:
        resp = gw.get_wallet_balance(linked["user"].user_auth_token)
        wallet = getattr(resp.data, "wallet", None)
        return f"{resp.code}, usable balance {getattr(wallet, 'usable_balance', '?')} paise"

    def unlink_step() -> str:
        done = unlink(gw, linked["user"].user_auth_token)  # settles a lost answer by sending it once more
        settled = " (answer lost, settled by a second unlink)" if done.resent else ""
        try:
            gw.get_wallet_balance(linked["user"].user_auth_token)
        except UserLinkError as exc:
            return f"{done.code}{settled}; the token no longer works ({exc.code})"
        raise StepFailed("the token still works after unlinking")

    ok = story.step("OTP linking", link)
    ok = ok and story.step("wallet balance", balance)
    ok and story.step("unlink", unlink_step)
