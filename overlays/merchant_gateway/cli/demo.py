"""`mgw demo`: the whole payment story, step by step, against the gateway named by MGW_* or an embedded sandbox.

Why this module exists: it is the proof that every part works together (spec, generated client, overlays,
sandbox, callbacks) and the quickest way for a merchant's engineer to see the right order of calls:
pay -> (person pays) -> verify the signed callbacks -> check the status and the amount -> refund part -> check
the refund -> link a user by OTP -> balance -> unlink (and see the token stop working).

Against a gateway other than the embedded sandbox nothing sandbox-specific is assumed. A payments page is scripted
only when it is served from this machine (a local sandbox) and can be opened; otherwise the demo says what a person
must do ("open this page and pay") and waits for the final status on the gateway's polling schedule (from its
public reference, not the interface document), up to its 15-minute deadline (``--wait-for-person``), then goes on
with the callbacks and the status. The embedded sandbox knows its own OTP, so it runs every step; on any other
gateway the OTP steps run only when MGW_DEMO_OTP_MOBILE is set (the OTP is then taken from MGW_DEMO_OTP, or typed
in). ``--no-browser-steps`` leaves out every step that needs a person. Each step ends in one line (ok, FAIL with
its cause, or skip with its reason): a network failure never ends the demo in a traceback. The exit status is 0
only if every step held: 1 when a step failed, 5 when none failed but some were skipped (a skipped step did not
hold either).
"""

from __future__ import annotations

import argparse
import base64
import ipaddress
import json
import os
import secrets
import sys
import textwrap
import threading
import time
import urllib.parse
from collections.abc import Callable, Iterator, Sequence
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass, field
from html.parser import HTMLParser
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import httpx

from ..config import ENV_VARS, GatewayConfig
from ..errors import GatewayError, UserLinkError, ValidationError
from ..flows.linking import OtpPrompt, link_user, unlink
from ..flows.polling import FinalStatus, PollTimeout
from ..flows.schedule import DEFAULT_SCHEDULE, Phase, PollSchedule
from ..flows.status import snapshot_of, wait_for_payment
from ..gateway import Gateway
from ..ids import new_transaction_id
from . import exit_codes
from .options import add_config_flags, add_wait_flags, config_from, schedule_from
from .output import Output, iso_time

DEMO_AMOUNT = 10_000  # paise
REFUND_AMOUNT = 4_000
# The embedded sandbox settles within seconds, so its demo polls every second; any other gateway gets the
# gateway's polling schedule (from its public reference, not the interface document).
SANDBOX_SCHEDULE = PollSchedule(first_check_after=0.5, phases=(Phase(1.0, None),), timeout=60.0)

#: The variables the demo reads besides the gateway's MGW_* configuration (shown by `mgw demo --help`).
DEMO_VARIABLES = {
    "MGW_DEMO_OTP_MOBILE": "mobile number to link by OTP on a gateway other than the embedded sandbox; "
    "not set: the OTP steps are skipped",
    "MGW_DEMO_OTP": "the OTP sent to that number; not set: the demo asks for it on standard input "
    "(the embedded sandbox knows its own OTP and needs neither)",
}


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

        def log_message(self, format: str, *args: Any) -> None:
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


def is_loopback_url(url: str) -> bool:
    """A page served from this machine (a local sandbox). Only such a page is ever scripted: a gateway's own
    payments page is for a person."""
    host = urllib.parse.urlsplit(url).hostname or ""
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def pay_like_a_person(http: httpx.Client, page_url: str) -> str | None:
    """Open the payments page, press its Pay button and follow the page's return to the merchant, as a browser
    does. None when paid that way; otherwise why it could not be done here (then a person has to do it)."""
    try:
        page = http.get(page_url)
        if page.status_code >= 400:
            return f"the payments page answered HTTP {page.status_code}"
        for form in _forms(page.text):
            pay = next(((n, v) for n, v in form["buttons"] if v.lower() == "pay"), None)
            if form["method"] == "POST" and pay is not None:
                target = urllib.parse.urljoin(str(page.url), form["action"] or str(page.url))
                answer = http.post(target, data={**form["inputs"], pay[0]: pay[1]})
                for back in _forms(answer.text):  # an auto-submitting form post back to the merchant
                    if back["method"] == "POST" and "checksum" in back["inputs"]:
                        http.post(urllib.parse.urljoin(str(answer.url), back["action"]), data=back["inputs"])
                return None
    except httpx.HTTPError as exc:
        return f"cannot open the payments page from here ({one_line(exc)})"
    return "the payments page has no Pay button this demo can press"


# --- the story ---------------------------------------------------------------------------------------------------


class StepFailed(Exception):
    pass


class Skip(Exception):
    """The step cannot run here (and that is not a failure): the reason says why and what would make it run."""


def one_line(exc: BaseException) -> str:
    """An exception as one line naming its cause (a chained transport error included), never a traceback."""
    text = str(exc) or type(exc).__name__
    if isinstance(exc, httpx.HTTPError | OSError):
        text = f"{type(exc).__name__}: {text}"
    cause, seen = exc.__cause__, 0
    while cause is not None and cause.__cause__ is not None and seen < 10:  # the root cause names what happened
        cause, seen = cause.__cause__, seen + 1
    if cause is not None and str(cause) not in text:
        text += f": {type(cause).__name__}: {cause}" if str(cause) else f": {type(cause).__name__}"
    return " ".join(text.split())


class Story:
    def __init__(self, out: Output) -> None:
        self.out = out
        self.steps: list[dict[str, Any]] = []

    def step(self, name: str, run: Callable[[], str], *, needs: Sequence[str] = ()) -> bool:
        """Run one step; it is skipped when a step it needs did not hold. Any failure is one line."""
        missing = [need for need in needs if self.result(need) != "ok"]
        if missing:
            self._record(name, "skipped", f"needs '{missing[0]}', which did not hold")
            return False
        try:
            detail = run()
        except Skip as exc:
            self._record(name, "skipped", str(exc))
            return False
        except (StepFailed, GatewayError, httpx.HTTPError, OSError) as exc:
            self._record(name, "failed", one_line(exc))
            return False
        except Exception as exc:  # noqa: BLE001 - the demo reports every step, it never ends in a traceback
            self._record(name, "failed", f"unexpected {type(exc).__name__}: {one_line(exc)}")
            return False
        self._record(name, "ok", detail)
        return True

    def skip(self, name: str, why: str) -> None:
        self._record(name, "skipped", why)

    def result(self, name: str) -> str | None:
        return next((s["result"] for s in reversed(self.steps) if s["step"] == name), None)

    def _record(self, name: str, result: str, detail: str) -> None:
        mark = {"ok": "ok  ", "failed": "FAIL", "skipped": "skip"}[result]
        self.steps.append({"step": name, "result": result, "detail": detail})
        self.out.step(f"[{mark}] {name}: {detail}")

    @property
    def failed(self) -> int:
        return sum(1 for s in self.steps if s["result"] == "failed")


@dataclass(frozen=True)
class Settings:
    """How this run waits and which steps it may run."""

    embedded: bool  # the embedded sandbox (settles by itself within a second; its callbacks must arrive)
    browser_steps: bool  # False: --no-browser-steps (nothing that needs a person)
    person_schedule: PollSchedule  # waiting for a person (and any other status wait on a non-embedded gateway)
    callback_wait: float  # after a payment is final, how long its callbacks may take to arrive

    @property
    def status_schedule(self) -> PollSchedule:
        return SANDBOX_SCHEDULE if self.embedded else self.person_schedule


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
    try:
        sandbox = start_sandbox(
            port=0,
            merchant_id=merchant,
            salts={"1": salt},
            client_id="DEMOCLIENT",
            client_secret=client_secret,
            settle_after=1.0,
        )
    except (RuntimeError, OSError) as exc:
        raise StepFailed(f"the embedded sandbox did not start: {one_line(exc)}") from None
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
    person_schedule = schedule_from(args)  # bad flags fail here, before anything starts
    if not (isinstance(args.callback_wait, float) and 0 <= args.callback_wait < float("inf")):
        raise ValidationError("--callback-wait", "must be a number of seconds >= 0")
    story = Story(out)
    with ExitStack() as stack:
        try:
            config, otp = stack.enter_context(_target(args, story))
        except StepFailed as exc:
            story.skip("setup", str(exc))
            out.error(str(exc), kind="setup")
            return exit_codes.USAGE
        embedded = not (_gateway_configured() or args.base_url)
        settings = Settings(embedded, not args.no_browser_steps, person_schedule, args.callback_wait)
        merchant_url, inbox = stack.enter_context(merchant_endpoint())
        gw = stack.enter_context(Gateway(config))
        http = stack.enter_context(httpx.Client(timeout=15.0, follow_redirects=True, trust_env=False))
        _story(story, gw, http, merchant_url, inbox, settings, otp)
    held = sum(1 for s in story.steps if s["result"] == "ok")
    skipped = [s["step"] for s in story.steps if s["result"] == "skipped"]
    summary = f"demo: {held} steps held, {story.failed} failed, {len(skipped)} skipped"
    if story.failed:
        out.error(summary, kind="demo_failed", steps=story.steps)
        return exit_codes.FAILED
    if skipped:
        # a skipped step did not hold: the demo proved less than the whole story, and its exit status says so
        out.error(
            f"{summary}: not every step held ({', '.join(skipped)}); each skip line above says what makes it run",
            kind="demo_incomplete",
            steps=story.steps,
        )
        return exit_codes.INCOMPLETE
    out.result(summary, steps=story.steps)
    return 0


def _story(
    story: Story,
    gw: Gateway,
    http: httpx.Client,
    merchant_url: str,
    inbox: Inbox,
    settings: Settings,
    otp: str | None,
) -> None:
    txn = new_transaction_id("DEMO")
    refund_txn = new_transaction_id("RF")
    state: dict[str, Any] = {}
    out = story.out

    def pay() -> str:
        state["started"] = time.monotonic()
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
        kind = getattr(resp.data, "redirect_type", None) or "web"
        return f"{txn} for {DEMO_AMOUNT} paise started, awaiting payment on the {kind} payments page"

    def wait_final(transaction_id: str, amount: int, schedule: PollSchedule, started_at: float) -> FinalStatus:
        try:
            return wait_for_payment(
                gw, transaction_id, expected_amount=amount, schedule=schedule, started_at=started_at
            )
        except PollTimeout as exc:
            raise StepFailed(
                f"still {exc.code or 'PAYMENT_PENDING'} when the {schedule.timeout:g} s deadline passed "
                f"({exc.message}); pending is not failed: check later with mgw status {transaction_id}"
            ) from None

    def complete() -> str:
        if not settings.browser_steps:
            raise Skip("a person pays on the payments page: left out (--no-browser-steps)")
        url = state["page"]
        why = pay_like_a_person(http, url) if is_loopback_url(url) else "the payments page is the gateway's own"
        if why is None:
            state["how"] = "scripted"
            return "Pay pressed on the payments page"
        state["how"] = "person"
        deadline = settings.person_schedule.timeout
        out.prompt(f"       {why}.")
        out.prompt(f"       ACTION: open {url} in a browser and pay {DEMO_AMOUNT} paise.")
        out.prompt(f"       waiting up to {deadline:g} s for the final status ({_polling(settings.person_schedule)})")
        final = wait_final(txn, DEMO_AMOUNT, settings.person_schedule, state["started"])
        if not final.succeeded:
            raise StepFailed(f"the payment ended {final.code}, not PAYMENT_SUCCESS")
        return f"{final.code} after {final.checks} status checks ({final.elapsed:.0f} s): paid outside this demo"

    def callback_deadline() -> float:
        return settings.callback_wait if state.get("how") == "person" else 30.0

    def ui_callback() -> str:
        if not settings.browser_steps:
            raise Skip("the browser that paid posts it: left out (--no-browser-steps)")
        wait = callback_deadline()
        got = inbox.wait_for(lambda r: r.path == "/return", wait)
        if got is None:
            if state.get("how") == "scripted":
                raise StepFailed("no form post reached the merchant's return URL")
            raise Skip(
                f"no form post reached {merchant_url}/return within {wait:g} s: only the browser that paid sends it, "
                "and only when it can reach this machine"
            )
        form = dict(urllib.parse.parse_qsl(got.body.decode("utf-8", "replace"), keep_blank_values=True))
        ui = gw.verify_ui_callback(form, expected_amount=DEMO_AMOUNT, expected_transaction_id=txn)
        return f"form post checksum verified ({ui.code})"

    def s2s_callback(path_txn: str, amount: int) -> Callable[[], str]:
        def run() -> str:
            if not settings.browser_steps and not settings.embedded:
                raise Skip("the payment stays pending until someone pays it on the payments page (--no-browser-steps)")
            wait = callback_deadline()
            got = inbox.wait_for(lambda r: r.path == "/callback" and path_txn.encode() in _decoded(r.body), wait)
            if got is None:
                if settings.embedded:
                    raise StepFailed("no server-to-server callback arrived")
                raise Skip(
                    f"no callback reached {merchant_url}/callback within {wait:g} s: the gateway must be able to "
                    "reach this address; without a callback the status decides (next step), as the document says"
                )
            cb = gw.verify_payment_callback(
                got.body, got.headers.get("x-verify"), expected_amount=amount, expected_transaction_id=path_txn
            )
            return f"{got.method} with X-VERIFY verified, code {cb.code}, amount {cb.data.amount}"

        return run

    def status() -> str:
        if not settings.browser_steps and not settings.embedded:
            snap = snapshot_of(gw.get_transaction_status(txn), txn, DEMO_AMOUNT)
            if snap.mismatch == "amount":
                raise StepFailed(f"status amount {snap.amount} differs from the forward request {DEMO_AMOUNT}")
            if not snap.is_final:
                raise Skip(
                    f"{snap.code}: pending, not failed; nobody paid on the payments page (--no-browser-steps). "
                    f"Check later: mgw status {txn}"
                )
            if not snap.succeeded:
                raise StepFailed(f"final status {snap.code}")
            return f"{snap.code}, amount {snap.amount} matches the forward request"
        final = wait_final(txn, DEMO_AMOUNT, settings.status_schedule, state["started"])
        if not final.succeeded:
            raise StepFailed(f"final status {final.code}")
        return f"{final.code}, amount {final.snapshot.amount} matches the forward request"

    def refund() -> str:
        state["refund_started"] = time.monotonic()
        resp = gw.refund_v4(
            transaction_id=refund_txn,
            original_transaction_id=txn,
            amount=REFUND_AMOUNT,
            merchant_order_id=txn,  # the refund belongs to the payment's order
            message="demo partial refund",
            original_amount=DEMO_AMOUNT,
            callback_url=f"{merchant_url}/callback",
        )
        pending = " (pending, not final yet)" if resp.code == "PAYMENT_PENDING" else ""
        return f"{refund_txn}: {REFUND_AMOUNT} of {DEMO_AMOUNT} paise, answer {resp.code}{pending}"

    def refund_status() -> str:
        final = wait_final(refund_txn, REFUND_AMOUNT, settings.status_schedule, state["refund_started"])
        if not final.succeeded:
            raise StepFailed(f"refund final status {final.code}")
        return f"{final.code} (refund successful)"

    # --no-browser-steps: nobody completes the payment; the embedded sandbox settles it by itself (SANDBOX
    # behaviour), any other gateway leaves it pending, which the callback and status steps then say.
    completed: tuple[str, ...] = ("payment completed",) if settings.browser_steps else ()
    story.step("web payment (v4 debit)", pay)
    started = ("web payment (v4 debit)",)
    story.step("payment completed", complete, needs=started)
    story.step("UI callback", ui_callback, needs=completed)
    story.step("server-to-server callback", s2s_callback(txn, DEMO_AMOUNT), needs=started + completed)
    story.step("status and amount", status, needs=started + completed)
    story.step("partial refund", refund, needs=("status and amount",))
    story.step("refund status", refund_status, needs=("partial refund",))
    story.step("refund callback", s2s_callback(refund_txn, REFUND_AMOUNT), needs=("refund status",))

    if gw.config.has_client_credentials:
        story.step("authorization token", lambda: _token(gw))
    else:
        story.skip("authorization token", "MGW_CLIENT_ID / MGW_CLIENT_SECRET not set")
    _linking(story, gw, otp, settings)


def _polling(schedule: PollSchedule) -> str:
    if schedule.phases == DEFAULT_SCHEDULE.phases:
        return "status checks on the gateway's polling schedule (its public reference, not the interface document)"
    return f"a status check every {schedule.first_check_after:g} s"


def _decoded(body: bytes) -> bytes:
    try:
        return base64.b64decode(json.loads(body)["response"])
    except Exception:  # noqa: BLE001 - an unreadable callback simply does not match; verification reports it
        return b""


def _token(gw: Gateway) -> str:
    token = gw.authorization_token()
    return f"{token.token_type} token cached until {iso_time(token.expires_at)} (its expires_at; token not shown)"


def _linking(story: Story, gw: Gateway, otp: str | None, settings: Settings) -> None:
    mobile = os.environ.get("MGW_DEMO_OTP_MOBILE") or ("9999999999" if settings.embedded else None)
    linked: dict[str, Any] = {}

    def ask(prompt: OtpPrompt) -> str:
        if otp is not None:
            return otp
        story.out.prompt(f"       ACTION: type the OTP sent to {mobile} (attempt {prompt.attempt}) and press Enter:")
        typed = sys.stdin.readline()
        if not typed:
            raise StepFailed("no OTP typed (standard input is closed)")
        return typed.strip()

    def link() -> str:
        if mobile is None:
            raise Skip("set MGW_DEMO_OTP_MOBILE (and MGW_DEMO_OTP, or type the OTP) to link a user on this gateway")
        if otp is None and not settings.browser_steps:
            raise Skip("a person types the OTP: left out (--no-browser-steps; or set MGW_DEMO_OTP)")
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

    story.step("OTP linking", link)
    story.step("wallet balance", balance, needs=("OTP linking",))
    story.step("unlink", unlink_step, needs=("wallet balance",))


def _epilog() -> str:
    def item(text: str, indent: int = 2, hang: int = 4) -> str:
        return textwrap.fill(text, 100, initial_indent=" " * indent, subsequent_indent=" " * (indent + hang))

    lines = [
        "environment:",
        item(
            f"the gateway: {', '.join(ENV_VARS.values())}, as for every mgw command. Without MGW_BASE_URL (or "
            "--base-url) and with MGW_ENV unset or local, an embedded sandbox is started on a free loopback port "
            "and every step runs."
        ),
        *(item(f"{name}: {meaning}") for name, meaning in DEMO_VARIABLES.items()),
        "",
        "exit status:",
        item(
            "0 every step held; 1 a step failed; 2 bad flags or configuration; 5 no step failed, but some were "
            "skipped (a skipped step did not hold: its line says what makes it run)"
        ),
    ]
    return "\n".join(lines)


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser(
        "demo",
        help="run the whole payment story (embedded sandbox when no MGW_* gateway is set)",
        description="Run the whole payment story step by step, one line per step; exit 0 only if every step held.",
        epilog=_epilog(),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    add_config_flags(p)
    add_wait_flags(p, deadline_flag="--wait-for-person")
    p.add_argument(
        "--callback-wait",
        type=float,
        default=30.0,
        metavar="SECONDS",
        help="once a payment is final, how long to wait for its callbacks to reach the demo (default 30 s)",
    )
    p.add_argument(
        "--no-browser-steps",
        action="store_true",
        help="run only the steps that need no person (no payments page, no typed OTP); the steps left out are "
        "skipped, so the exit status is 5 at best",
    )
    p.set_defaults(handler=run_demo)
