# Generated from test_tasks_sandbox_async.py by tools/derive_sync.py (the unasync package), do not edit.
"""The task layer against the real sandbox over sockets: start -> open the page -> wait (final by code), both web
debit operations, refunds checked against the original amount, collect, intents, wallet link+pay. The sandbox runs
on a manual clock that the gateways' sleep moves, so the real polling schedule runs instantly. Written once, for
AsyncGateway, in test_tasks_sandbox_async.py; test_tasks_sandbox_sync.py is derived from it (tools/derive_sync.py)
and runs every test on Gateway."""

from __future__ import annotations

import hashlib
import re
from typing import Any
from urllib.parse import urlsplit

import httpx
import pytest
from merchant_gateway import Gateway, PaymentStart, ValidationError
from merchant_gateway.errors import OutcomeUnknown, TransactionNotFoundError, UserLinkError
from merchant_gateway.flows import DEFAULT_SCHEDULE, OtpPrompt
from merchant_gateway.flows.polling import EXPIRY_GRACE, AmountMismatchError, PollTimeout
from merchant_gateway.ids import new_transaction_id
from merchant_gateway.tasks import LinkedWallet

SANDBOX_OTP = "123456"  # sandbox/README.md: the sandbox's OTP


def open_and_choose(url: str, choice: str) -> httpx.Response:
    """What a person does: open the payments page, press a button."""
    page = httpx.get(url, timeout=10)
    assert page.status_code == 200, page.text
    assert f"value='{choice}'" in page.text
    return httpx.post(url, data={"choice": choice}, timeout=10, follow_redirects=False)


def fresh_mobile() -> str:
    return "97" + str(int(hashlib.sha256(new_transaction_id().encode()).hexdigest(), 16))[:8]


def assert_absolute_page(url: str, sandbox: Any) -> None:
    parts = urlsplit(url)
    assert parts.scheme == "http", url
    assert parts.netloc == urlsplit(sandbox.base_url).netloc, url
    assert re.search(r"/_sandbox/pay/[^/]+$", parts.path), url


# --- web payments ---------------------------------------------------------------------------------------------


def test_start_gives_an_absolute_openable_page_and_wait_gives_the_final_code(gateway: Gateway, sandbox: Any) -> None:
    payment = gateway.payments.start(
        amount=10_000, merchant_order_id="OD-1", merchant_user_id="U1", redirect_url="http://127.0.0.1:9/return"
    )
    assert isinstance(payment, PaymentStart)
    assert payment.operation == "debitV4Web"
    assert len(payment.transaction_id) < 38  # generated (merchant_gateway.ids)
    assert_absolute_page(payment.payment_page_url, sandbox)
    assert payment.payment_page_url not in repr(payment)
    chose = open_and_choose(payment.payment_page_url, "pay")
    assert chose.status_code == 303
    assert chose.headers["location"] == "http://127.0.0.1:9/return"
    final = gateway.payments.wait(payment)
    assert final.code == "PAYMENT_SUCCESS"
    assert final.succeeded
    assert final.snapshot.amount == 10_000


def test_the_start_result_does_not_read_like_a_finished_payment(gateway: Gateway) -> None:
    """Issue 17: debit_v4_web answers code == PAYMENT_SUCCESS when the payment has only started."""
    txn = new_transaction_id()
    low_level = gateway.debit_v4_web(transaction_id=txn, amount=100, merchant_user_id="U1")
    assert low_level.code == "PAYMENT_SUCCESS"  # the operation's answer: accepted, not paid
    assert (gateway.payments.retrieve(txn, expected_amount=100)).code == "PAYMENT_PENDING"

    payment = gateway.payments.start(amount=100, merchant_user_id="U1")
    for misleading in ("code", "success", "succeeded", "is_final", "status"):
        assert not hasattr(payment, misleading), misleading
    assert "wait" in payment.next_step
    assert payment.transaction_id in payment.next_step


def test_debit_v3_start_gives_an_absolute_url_not_the_relative_location(gateway: Gateway, sandbox: Any) -> None:
    """Issue 17: debit_v3 returns a bare relative string (/_sandbox/pay/SBX...) the merchant must join."""
    relative = gateway.debit_v3(transaction_id=new_transaction_id(), amount=100, merchant_user_id="U1")
    assert relative.startswith("/")  # the operation method: the Location as sent

    payment = gateway.payments.start(amount=2_500, merchant_user_id="U1", operation="debitV3")
    assert payment.operation == "debitV3"
    assert_absolute_page(payment.payment_page_url, sandbox)
    # appended to the configured base URL ("the location is appended to the host"), path prefix included
    assert payment.payment_page_url.startswith(sandbox.base_url + "/_sandbox/pay/")
    open_and_choose(payment.payment_page_url, "pay")
    assert (gateway.payments.wait(payment)).succeeded


@pytest.mark.parametrize(("amount", "code"), [(4001, "PAYMENT_DECLINED"), (4002, "PAYMENT_ERROR")])
def test_wait_is_final_by_code_on_the_public_schedule(
    gateway: Gateway, sleeps: list[float], amount: int, code: str
) -> None:
    payment = gateway.payments.start(amount=amount, merchant_user_id="U1")
    final = gateway.payments.wait(payment, schedule=DEFAULT_SCHEDULE)  # the default against sandbox/production
    assert final.code == code
    assert not final.succeeded
    assert sleeps[0] == pytest.approx(20.0)  # first check 20 s after the start (the gateway's public reference)


def test_wait_on_the_person_declining(gateway: Gateway) -> None:
    payment = gateway.payments.start(amount=300, merchant_user_id="U1")
    open_and_choose(payment.payment_page_url, "decline")
    assert (gateway.payments.wait(payment)).code == "PAYMENT_DECLINED"


def test_retrieve_and_wait_cross_check_the_amount(gateway: Gateway) -> None:
    payment = gateway.payments.start(amount=700, merchant_user_id="U1")
    gateway.payments.wait(payment)
    with pytest.raises(ValidationError) as info:
        gateway.payments.retrieve(payment.transaction_id)  # a bare id needs the amount it is checked against
    assert info.value.field == "expected_amount"
    assert (gateway.payments.retrieve(payment.transaction_id, expected_amount=700)).succeeded
    with pytest.raises(AmountMismatchError):
        gateway.payments.retrieve(payment.transaction_id, expected_amount=701)
    with pytest.raises(AmountMismatchError):
        gateway.payments.wait(payment.transaction_id, expected_amount=701)


def test_wait_for_a_payment_this_client_never_started_is_never_declared_not_recorded(
    gateway: Gateway,
) -> None:
    """Issue 22: "not recorded" only once no request for the payment can still arrive; a bare id started
    elsewhere (nothing known of its sends) stays open until the schedule ends."""
    with pytest.raises(PollTimeout) as info:
        gateway.payments.wait(new_transaction_id(), expected_amount=100)
    assert info.value.code == "TRANSACTION_NOT_FOUND"


# --- refunds ----------------------------------------------------------------------------------------------------


def paid(gateway: Gateway, amount: int) -> PaymentStart:
    payment = gateway.payments.start(amount=amount, merchant_order_id="OD-R", merchant_user_id="U1")
    assert (gateway.payments.wait(payment)).succeeded
    return payment


def test_refund_uses_refund_v4_and_its_status_is_followed(gateway: Gateway, monkeypatch: pytest.MonkeyPatch) -> None:
    payment = paid(gateway, 5_000)
    called: list[str] = []
    for name in ("refund_v3", "refund_v4", "refund_apps_host"):
        original = getattr(gateway, name)
        monkeypatch.setattr(gateway, name, lambda *a, _n=name, _o=original, **k: called.append(_n) or _o(*a, **k))
    refund = gateway.refunds.create(payment, amount=2_000)
    assert called == ["refund_v4"]
    assert refund.operation == "refundV4"
    assert refund.transaction_id != payment.transaction_id
    assert refund.original_transaction_id == payment.transaction_id
    assert refund.original_amount == 5_000
    assert refund.code in {"PAYMENT_PENDING", "PAYMENT_SUCCESS"}
    final = gateway.refunds.wait(refund)
    assert final.code == "PAYMENT_SUCCESS"
    assert final.snapshot.amount == 2_000


def test_a_refund_followed_by_its_old_keyword_still_works_and_warns(gateway: Gateway) -> None:
    payment = paid(gateway, 3_000)
    refund = gateway.refunds.create(payment, amount=1_000)
    with pytest.warns(DeprecationWarning, match=r"retrieve\(refund=\.\.\.\) is deprecated .* pass it first"):
        snapshot = gateway.refunds.retrieve(refund=refund)
    assert snapshot.transaction_id == refund.transaction_id
    with pytest.warns(DeprecationWarning, match=r"wait\(refund=\.\.\.\) is deprecated"):
        final = gateway.refunds.wait(refund=refund)
    assert (final.code, final.snapshot.amount) == ("PAYMENT_SUCCESS", 1_000)
    # both names at once: one argument given twice, refused (as Python does) rather than one of them read silently
    with pytest.raises(TypeError, match=r"got refund= and payment=, one argument twice: pass only payment="):
        gateway.refunds.retrieve(refund=refund, payment=payment.transaction_id, expected_amount=3_000)


def test_refund_above_the_original_is_refused_before_sending(gateway: Gateway) -> None:
    payment = paid(gateway, 1_000)
    refund_id = new_transaction_id()
    with pytest.raises(ValidationError) as info:
        gateway.refunds.create(payment, amount=1_001, transaction_id=refund_id)
    assert info.value.field == "amount"
    assert "1000" in str(info.value)
    with pytest.raises(TransactionNotFoundError):
        gateway.get_transaction_status(refund_id)  # nothing reached the gateway


def test_refund_by_transaction_id_reads_the_original_amount_from_the_status(gateway: Gateway, sandbox: Any) -> None:
    payment = paid(gateway, 1_200)
    # other processes (fresh gateways: they sent nothing, remember no amount) refund by the payment's id
    with Gateway(**_settings(gateway)) as before:
        # the operation method alone does not know the original amount: only the gateway refuses it, and
        # EXCESS_REFUND_AMOUNT also means "already refunded": an unknown outcome, never a failed refund
        with pytest.raises(OutcomeUnknown) as refused:
            before.refund_v4(
                transaction_id=new_transaction_id(),
                amount=1_300,
                merchant_order_id="OD-R",
                message="m",
                original_transaction_id=payment.transaction_id,
            )
        assert refused.value.pay_response_code == "EXCESS_REFUND_AMOUNT"
    with Gateway(**_settings(gateway)) as other:
        too_much = new_transaction_id()
        with pytest.raises(ValidationError) as info:
            other.refunds.create(
                payment.transaction_id, amount=1_300, merchant_order_id="OD-R", transaction_id=too_much
            )
        assert info.value.field == "amount"
        assert "1200" in str(info.value)
        with pytest.raises(TransactionNotFoundError):
            other.get_transaction_status(too_much)  # refused before sending
        refund = other.refunds.create(payment.transaction_id, amount=1_200, merchant_order_id="OD-R")
        assert refund.original_amount == 1_200


def test_refund_of_an_unknown_payment_sends_no_refund(gateway: Gateway) -> None:
    with pytest.raises(TransactionNotFoundError):
        gateway.refunds.create(new_transaction_id(), amount=100, merchant_order_id="OD")


@pytest.mark.parametrize("operation", ["refundV3", "refundAppsHost"])
def test_refund_by_the_other_operations(gateway: Gateway, operation: Any) -> None:
    payment = paid(gateway, 900)
    refund = gateway.refunds.create(payment, amount=900, operation=operation, sub_merchant="S1")
    assert refund.operation == operation
    assert (gateway.refunds.wait(refund)).succeeded
    with pytest.raises(ValidationError):
        gateway.refunds.create(payment, amount=1, operation=operation, callback_url="http://127.0.0.1:9/cb")


def _settings(gateway: Gateway) -> dict[str, Any]:
    cfg = gateway.config
    return {
        "merchant_id": cfg.merchant_id,
        "salt_key": cfg.salt_key,
        "salt_index": cfg.salt_index,
        "base_url": cfg.base_url,
        "apps_url": cfg.apps_url,
        "auth_url": cfg.auth_url,
    }


# --- collect, intents -------------------------------------------------------------------------------------------


def test_collect_then_wait(gateway: Gateway) -> None:
    collect = gateway.collects.create(
        amount=1_500,
        mobile_number="9999999999",
        merchant_order_id="OD-C",
        expires_in=180,
        callback_url="http://127.0.0.1:9/cb",
    )
    assert collect.operation == "collectRequest"
    assert collect.expires_in == 180
    assert not hasattr(collect, "code")
    assert (gateway.payments.wait(collect)).succeeded


def test_waiting_for_a_collect_never_goes_past_its_expiry_and_grace(gateway: Gateway, sleeps: list[float]) -> None:
    collect = gateway.collects.create(
        amount=4004,  # sandbox: stays pending, closed as failed at expiresIn
        mobile_number="9999999999",
        merchant_order_id="OD-C",
        expires_in=60,
        callback_url="http://127.0.0.1:9/cb",
    )
    try:
        final = gateway.payments.wait(collect)
    except PollTimeout:
        pass
    else:
        assert final.code == "PAYMENT_ERROR"
        assert final.elapsed <= 60 + EXPIRY_GRACE
    assert sum(sleeps) <= 60 + EXPIRY_GRACE + 1e-6


def test_intent_and_upi_intent_starts(gateway: Gateway) -> None:
    intent = gateway.payments.start_intent(amount=100, merchant_order_id="OD-I", platform_version_code=400922)
    assert intent.operation == "debitV4Intent"
    assert intent.intent_url.startswith("upi://")
    assert f"intent_url={intent.intent_url!r}" in repr(intent)  # what the merchant hands the app
    assert not hasattr(intent, "code")
    assert (gateway.payments.wait(intent)).succeeded

    upi = gateway.payments.start_upi_intent(amount=100, mobile_number="9999999999", merchant_user_id="U1")
    assert upi.operation == "inlinePay"
    assert upi.intent_url.startswith("upi://")
    assert upi.package
    with pytest.raises(ValidationError):
        gateway.payments.start_upi_intent(amount=100, mobile_number="9999999999")  # which user?


# --- wallets ----------------------------------------------------------------------------------------------------


def test_link_a_wallet_by_otp_then_pay_from_it(gateway: Gateway) -> None:
    prompts: list[OtpPrompt] = []

    def user(prompt: OtpPrompt) -> str:
        prompts.append(prompt)
        return SANDBOX_OTP

    mobile = fresh_mobile()
    wallet = gateway.wallets.link(mobile, user)
    assert isinstance(wallet, LinkedWallet)
    assert [p.attempt for p in prompts] == [1]
    assert wallet.user_auth_token not in repr(wallet)
    assert mobile not in repr(wallet)
    assert (gateway.wallets.balance(wallet)).code == "SUCCESS"

    payment = gateway.wallets.pay(wallet, amount=600, merchant_order_id="OD-W")
    assert payment.operation == "instantDebit"
    assert payment.answer_code in {"PAYMENT_SUCCESS", "PAYMENT_PENDING"}
    assert (gateway.payments.wait(payment)).succeeded

    # stored and rebuilt by the merchant
    again = gateway.wallets.pay(LinkedWallet(mobile, wallet.user_auth_token), amount=100, merchant_order_id="OD-W2")
    assert (gateway.payments.wait(again)).succeeded

    assert (gateway.wallets.unlink(wallet)).code == "SUCCESS"
    with pytest.raises(UserLinkError):
        gateway.wallets.balance(wallet)


# --- each job once more, end to end (short) ----------------------------------------------------------------


def test_start_open_wait_on_the_local_sandbox_schedule(gateway: Gateway, sandbox: Any, sleeps: list[float]) -> None:
    payment = gateway.payments.start(amount=10_000, merchant_order_id="OD-A", merchant_user_id="U1")
    assert_absolute_page(payment.payment_page_url, sandbox)
    open_and_choose(payment.payment_page_url, "pay")
    final = gateway.payments.wait(payment)
    assert final.succeeded
    assert sleeps[0] == pytest.approx(1.0)  # against the local sandbox: the sandbox's own schedule, seconds


def test_debit_v3_start_is_absolute_and_a_declined_one_is_final(gateway: Gateway, sandbox: Any) -> None:
    payment = gateway.payments.start(amount=4001, merchant_user_id="U1", operation="debitV3")
    assert payment.payment_page_url.startswith(sandbox.base_url + "/_sandbox/pay/")
    assert (gateway.payments.wait(payment)).code == "PAYMENT_DECLINED"


def test_refund_checks_the_original_amount_then_is_followed(gateway: Gateway) -> None:
    payment = gateway.payments.start(amount=800, merchant_order_id="OD-AR", merchant_user_id="U1")
    assert (gateway.payments.wait(payment)).succeeded
    with pytest.raises(ValidationError):
        gateway.refunds.create(payment.transaction_id, amount=801, merchant_order_id="OD-AR")
    refund = gateway.refunds.create(payment, amount=800)
    assert refund.operation == "refundV4"
    assert (gateway.refunds.wait(refund)).succeeded


def test_wallet_link_pay_and_unlink(gateway: Gateway) -> None:
    def user(prompt: OtpPrompt) -> str:
        return SANDBOX_OTP

    wallet = gateway.wallets.link(fresh_mobile(), user)
    payment = gateway.wallets.pay(wallet, amount=250, merchant_order_id="OD-AW")
    assert (gateway.payments.wait(payment)).succeeded
    assert (gateway.wallets.unlink(wallet)).code == "SUCCESS"


def test_collect_and_intent_retrieved_then_waited(gateway: Gateway) -> None:
    collect = gateway.collects.create(
        amount=300,
        mobile_number="9999999999",
        merchant_order_id="OD-AC",
        expires_in=180,
        callback_url="http://127.0.0.1:9/cb",
    )
    assert (gateway.payments.wait(collect)).succeeded
    intent = gateway.payments.start_intent(amount=100, merchant_order_id="OD-AI", platform_version_code=1)
    assert (gateway.payments.retrieve(intent)).code == "PAYMENT_PENDING"
    assert (gateway.payments.wait(intent)).succeeded
