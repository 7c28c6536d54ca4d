"""The payment story the demo tells, one step at a time: a web payment, its completion by a person, the UI and
server-to-server callbacks, the status and its amount, a partial refund and its status and callback, a token, and
linking a user by OTP (balance, unlink, and the token no longer working).

Why this module exists: it is the right order of calls for a merchant's engineer to read, in one place; what each
step runs on (the gateway, the merchant's endpoint, a person's browser) and how a step's end is reported are the
other modules of this package.
"""

from __future__ import annotations

import base64
import json
import os
import sys
import time
import urllib.parse
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import httpx

from ...errors import UserLinkError
from ...flows.linking import OtpPrompt
from ...flows.polling import FinalStatus, PollTimeout
from ...flows.schedule import DEFAULT_SCHEDULE, Phase, PollSchedule
from ...flows.status import snapshot_of, wait_for_payment
from ...gateway import Gateway
from ...ids import new_transaction_id
from ..output import iso_time
from .browser import is_loopback_url, pay_like_a_person
from .merchant import Inbox
from .runner import Skip, StepFailed, StepRunner

DEMO_AMOUNT = 10_000  # paise
REFUND_AMOUNT = 4_000
# The embedded sandbox settles within seconds, so its demo polls every second; any other gateway gets the
# gateway's polling schedule (from its public reference, not the interface document).
SANDBOX_SCHEDULE = PollSchedule(first_check_after=0.5, phases=(Phase(1.0, None),), timeout=60.0)


@dataclass(frozen=True)
class Plan:
    """How this run waits and which steps it may run (its flags and the gateway it runs against)."""

    embedded: bool  # the embedded sandbox (settles by itself within a second; its callbacks must arrive)
    browser_steps: bool  # False: --no-browser-steps (nothing that needs a person)
    person_schedule: PollSchedule  # waiting for a person (and any other status wait on a non-embedded gateway)
    callback_wait: float  # after a payment is final, how long its callbacks may take to arrive

    @property
    def status_schedule(self) -> PollSchedule:
        return SANDBOX_SCHEDULE if self.embedded else self.person_schedule


def tell(
    runner: StepRunner,
    gw: Gateway,
    http: httpx.Client,
    merchant_url: str,
    inbox: Inbox,
    plan: Plan,
    otp: str | None,
) -> None:
    """Every step of the story, in order, through ``runner``."""
    txn = new_transaction_id("DEMO")
    refund_txn = new_transaction_id("RF")
    state: dict[str, Any] = {}
    out = runner.out

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
        if not plan.browser_steps:
            raise Skip("a person pays on the payments page: left out (--no-browser-steps)")
        url = state["page"]
        why = pay_like_a_person(http, url) if is_loopback_url(url) else "the payments page is the gateway's own"
        if why is None:
            state["how"] = "scripted"
            return "Pay pressed on the payments page"
        state["how"] = "person"
        deadline = plan.person_schedule.timeout
        out.prompt(f"       {why}.")
        out.prompt(f"       ACTION: open {url} in a browser and pay {DEMO_AMOUNT} paise.")
        out.prompt(f"       waiting up to {deadline:g} s for the final status ({_polling(plan.person_schedule)})")
        final = wait_final(txn, DEMO_AMOUNT, plan.person_schedule, state["started"])
        if not final.succeeded:
            raise StepFailed(f"the payment ended {final.code}, not PAYMENT_SUCCESS")
        return f"{final.code} after {final.checks} status checks ({final.elapsed:.0f} s): paid outside this demo"

    def callback_deadline() -> float:
        return plan.callback_wait if state.get("how") == "person" else 30.0

    def ui_callback() -> str:
        if not plan.browser_steps:
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
            if not plan.browser_steps and not plan.embedded:
                raise Skip("the payment stays pending until someone pays it on the payments page (--no-browser-steps)")
            wait = callback_deadline()
            got = inbox.wait_for(lambda r: r.path == "/callback" and path_txn.encode() in _decoded(r.body), wait)
            if got is None:
                if plan.embedded:
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
        if not plan.browser_steps and not plan.embedded:
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
        final = wait_final(txn, DEMO_AMOUNT, plan.status_schedule, state["started"])
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
        final = wait_final(refund_txn, REFUND_AMOUNT, plan.status_schedule, state["refund_started"])
        if not final.succeeded:
            raise StepFailed(f"refund final status {final.code}")
        return f"{final.code} (refund successful)"

    # --no-browser-steps: nobody completes the payment; the embedded sandbox settles it by itself (SANDBOX
    # behaviour), any other gateway leaves it pending, which the callback and status steps then say.
    completed: tuple[str, ...] = ("payment completed",) if plan.browser_steps else ()
    runner.step("web payment (v4 debit)", pay)
    started = ("web payment (v4 debit)",)
    runner.step("payment completed", complete, needs=started)
    runner.step("UI callback", ui_callback, needs=completed)
    runner.step("server-to-server callback", s2s_callback(txn, DEMO_AMOUNT), needs=started + completed)
    runner.step("status and amount", status, needs=started + completed)
    runner.step("partial refund", refund, needs=("status and amount",))
    runner.step("refund status", refund_status, needs=("partial refund",))
    runner.step("refund callback", s2s_callback(refund_txn, REFUND_AMOUNT), needs=("refund status",))

    if gw.config.has_client_credentials:
        runner.step("authorization token", lambda: _token(gw))
    else:
        runner.skip("authorization token", "MGW_CLIENT_ID / MGW_CLIENT_SECRET not set")
    _linking(runner, gw, otp, plan)


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


def _linking(runner: StepRunner, gw: Gateway, otp: str | None, plan: Plan) -> None:
    mobile = os.environ.get("MGW_DEMO_OTP_MOBILE") or ("9999999999" if plan.embedded else None)
    linked: dict[str, Any] = {}

    def ask(prompt: OtpPrompt) -> str:
        if otp is not None:
            return otp
        runner.out.prompt(f"       ACTION: type the OTP sent to {mobile} (attempt {prompt.attempt}) and press Enter:")
        typed = sys.stdin.readline()
        if not typed:
            raise StepFailed("no OTP typed (standard input is closed)")
        return typed.strip()

    def link() -> str:
        if mobile is None:
            raise Skip("set MGW_DEMO_OTP_MOBILE (and MGW_DEMO_OTP, or type the OTP) to link a user on this gateway")
        if otp is None and not plan.browser_steps:
            raise Skip("a person types the OTP: left out (--no-browser-steps; or set MGW_DEMO_OTP)")
        linked["user"] = gw.wallets.link(mobile, ask)
        return "OTP verified with the latest otpToken; userAuthToken received (not shown)"

    def balance() -> str:
        resp = gw.get_wallet_balance(linked["user"].user_auth_token)
        wallet = getattr(resp.data, "wallet", None)
        return f"{resp.code}, usable balance {getattr(wallet, 'usable_balance', '?')} paise"

    def unlink_step() -> str:
        done = gw.wallets.unlink(linked["user"])  # settles a lost answer by sending it once more
        settled = " (answer lost, settled by a second unlink)" if done.resent else ""
        try:
            gw.get_wallet_balance(linked["user"].user_auth_token)
        except UserLinkError as exc:
            return f"{done.code}{settled}; the token no longer works ({exc.code})"
        raise StepFailed("the token still works after unlinking")

    runner.step("OTP linking", link)
    runner.step("wallet balance", balance, needs=("OTP linking",))
    runner.step("unlink", unlink_step, needs=("wallet balance",))
