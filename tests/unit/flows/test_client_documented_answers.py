"""The Python client and its flows against the documented answers the sandbox produces on demand (issue 17), over
real sockets: UI form posts with param1..param20, callbacks with transactionContext (a collect's storeId/terminalId
echoed), refund refusals (REVERSAL_WINDOW_EXCEEDED, WALLET_NOT_ACTIVATED / WALLLET_NOT_ACTIVATED), TOO_MANY_REQUESTS
from the OTP flow, and the mobile-SDK profile and account summary resources. The sandbox clock is manual."""

from __future__ import annotations

import re
import threading
from collections import Counter
from collections.abc import Iterator
from html import unescape
from typing import Any

import httpx
import pytest
from merchant_gateway import Gateway
from merchant_gateway.errors import PaymentError, RateLimitedError, RefundWindowExceededError, SignatureError
from merchant_gateway.flows.linking import LinkingError, link_user
from merchant_gateway.ids import new_transaction_id
from merchant_gateway.tasks.mobile import app_account_summary_request, app_profile_request

from tests.support.flows import MERCHANT, SALT
from tests.support.sandbox import Receiver, callback_for


def control(sandbox: Any, method: str, path: str, **kw: Any) -> httpx.Response:
    origin = sandbox.base_url.rsplit("/apis/", 1)[0]
    return httpx.request(method, origin + path, timeout=10, **kw)


@pytest.fixture
def receiver() -> Iterator[Receiver]:
    r = Receiver().start()
    yield r
    r.stop()


def paid(gateway: Gateway, sandbox: Any, amount: int = 10_000) -> str:
    txn = new_transaction_id()
    gateway.debit_v4_web(transaction_id=txn, amount=amount, merchant_order_id=txn, merchant_user_id="U1")
    assert control(sandbox, "POST", "/_sandbox/settle", json={"transactionId": txn}).json()["changed"] is True
    return txn


def test_ui_form_post_with_param1_to_param20_verifies(gateway: Gateway, sandbox: Any, receiver: Receiver) -> None:
    params = {f"param{i}": f"p{i}-{'x' * i}" for i in range(1, 21)}
    assert control(sandbox, "POST", "/_sandbox/config", json={"uiParams": params}).status_code == 200
    try:
        txn = new_transaction_id()
        started = gateway.debit_v4_web(
            transaction_id=txn,
            amount=2500,
            merchant_order_id=txn,
            merchant_user_id="U1",
            redirect_url=receiver.url + "/return",
            redirect_mode="POST",
        )
        assert started.data is not None
        assert isinstance(started.data.redirect_url, str)
        with httpx.Client(timeout=10) as browser:
            browser.get(started.data.redirect_url)
            page = browser.post(started.data.redirect_url, data={"choice": "pay"})
    finally:
        control(sandbox, "POST", "/_sandbox/config", json={"uiParams": {}})
    form = {
        unescape(n): unescape(v)
        for n, v in re.findall(r"<input type='hidden' name='([^']*)' value='([^']*)'>", page.text)
    }
    ui = gateway.verify_ui_callback(form, expected_amount=2500, expected_transaction_id=txn)
    assert ui.code == "PAYMENT_SUCCESS"
    assert dict(ui.params) == params
    tampered = {**form, "param20": form["param20"] + "!"}
    with pytest.raises(SignatureError):
        gateway.verify_ui_callback(tampered)


def test_payment_callback_with_a_transaction_context_verifies(
    gateway: Gateway, sandbox: Any, receiver: Receiver
) -> None:
    txn = new_transaction_id()
    gateway.debit_v4_web(
        transaction_id=txn,
        amount=3000,
        merchant_order_id=txn,
        merchant_user_id="U1",
        callback_url=receiver.url + "/cb",
    )
    context = {"qrCodeId": "QR-9", "storeId": "ST-1", "terminalId": "TM-2", "posDeviceId": None}
    settled = control(sandbox, "POST", "/_sandbox/settle", json={"transactionId": txn, "transactionContext": context})
    assert settled.status_code == 200
    (cb,) = receiver.wait_for(callback_for(txn))
    verified = gateway.verify_payment_callback(
        cb.body, cb.headers["X-VERIFY"], expected_amount=3000, expected_transaction_id=txn
    )
    ctx = verified.data.transaction_context
    assert ctx is not None
    assert (ctx.qr_code_id, ctx.store_id, ctx.terminal_id, ctx.pos_device_id) == ("QR-9", "ST-1", "TM-2", None)


def test_collect_callback_echoes_store_and_terminal(gateway: Gateway, sandbox: Any, receiver: Receiver) -> None:
    txn = new_transaction_id()
    answer = gateway.collect_request(
        transaction_id=txn,
        merchant_order_id=txn,
        amount=1200,
        instrument_type="MOBILE",
        instrument_reference="9000000001",
        expires_in=180,
        store_id="STORE-42",
        terminal_id="TERM-7",
        callback_url=receiver.url + "/charge",
    )
    assert answer.code == "SUCCESS"
    sandbox.advance(5)
    (cb,) = receiver.wait_for(callback_for(txn))
    verified = gateway.verify_collect_callback(cb.body, cb.headers["X-VERIFY"], expected_amount=1200)
    ctx = verified.data.transaction_context
    assert ctx is not None
    assert (ctx.store_id, ctx.terminal_id) == ("STORE-42", "TERM-7")
    assert ctx.qr_code_id is None
    assert ctx.pos_device_id is None


def test_refund_window_exceeded_raises_refund_window_exceeded_error(gateway: Gateway, sandbox: Any) -> None:
    txn = paid(gateway, sandbox)
    refund = new_transaction_id("RF")
    with pytest.raises(RefundWindowExceededError) as caught:
        gateway.refund_v4(
            transaction_id=refund, original_transaction_id=txn, amount=4006, merchant_order_id=txn, message="r"
        )
    assert caught.value.code == "REVERSAL_WINDOW_EXCEEDED"
    assert caught.value.status == 400
    # the window itself, on the sandbox clock
    control(sandbox, "POST", "/_sandbox/config", json={"refundWindow": 30})
    try:
        old = paid(gateway, sandbox)
        sandbox.advance(31)
        with pytest.raises(RefundWindowExceededError):
            gateway.refund_v4(
                transaction_id=new_transaction_id("RF"),
                original_transaction_id=old,
                amount=100,
                merchant_order_id=old,
                message="late",
            )
    finally:
        control(sandbox, "POST", "/_sandbox/config", json={"refundWindow": None})


def test_wallet_not_activated_is_a_payment_error_with_its_pay_response_code(gateway: Gateway, sandbox: Any) -> None:
    txn = paid(gateway, sandbox)
    fields = {"original_transaction_id": txn, "amount": 4007, "merchant_order_id": txn, "message": "r"}
    with pytest.raises(PaymentError) as v4:
        gateway.refund_v4(transaction_id=new_transaction_id("RF"), **fields)
    assert v4.value.code == "PAYMENT_ERROR"
    assert v4.value.pay_response_code == "WALLET_NOT_ACTIVATED"
    with pytest.raises(PaymentError) as apps:
        gateway.refund_apps_host(transaction_id=new_transaction_id("RF"), **fields)
    assert apps.value.pay_response_code == "WALLLET_NOT_ACTIVATED"  # the apps-host listing's spelling, kept as sent


def test_too_many_requests_is_rate_limited_from_the_otp_flow_after_one_send(gateway: Gateway, sandbox: Any) -> None:
    sends: Counter[str] = Counter()
    faults = sandbox.sandbox.faults
    original = faults.take
    lock = threading.Lock()

    def take(operation_id: str) -> Any:
        with lock:
            sends[operation_id] += 1
        return original(operation_id)

    faults.take = take
    try:
        with pytest.raises(RateLimitedError) as direct:
            gateway.send_otp(mobile_number="9999900003")
        assert direct.value.code == "TOO_MANY_REQUESTS"
        with pytest.raises(LinkingError) as flow:
            link_user(gateway, "9999900003", lambda prompt: pytest.fail("no OTP may be asked for"))
    finally:
        faults.take = original
    assert isinstance(flow.value.__cause__, RateLimitedError)
    assert flow.value.code == "TOO_MANY_REQUESTS"
    assert flow.value.action == "stop"
    assert sends["sendOtp"] == 2  # one per call: TOO_MANY_REQUESTS is a refusal, never re-sent
    assert sends["verifyOtp"] == 0


def test_mobile_sdk_profile_and_account_summary_answers(sandbox: Any) -> None:
    txn = new_transaction_id()
    payload = {"merchantId": MERCHANT, "transactionId": txn, "merchantUserId": "U7", "mobileNumber": "9000000007"}
    profile = app_profile_request(payload, salt_key=SALT, salt_index="1")
    resp = httpx.post(
        sandbox.base_url + profile.api_endpoint,
        json={"request": profile.body},
        headers={"X-VERIFY": profile.checksum},
        timeout=10,
    )
    assert resp.status_code == 200
    assert resp.json()["code"] == "SUCCESS"
    assert resp.json()["data"] == payload

    for user, code in (("U7", "SUCCESS"), ("NOTONPLATFORM", "MERCHANT_USER_NOT_FOUND")):
        summary = app_account_summary_request(MERCHANT, user, salt_key=SALT, salt_index="1")
        answer = httpx.get(sandbox.base_url + summary.api_endpoint, headers={"X-VERIFY": summary.checksum}, timeout=10)
        assert answer.json()["code"] == code
    assert answer.status_code == 400
    ok = app_account_summary_request(MERCHANT, "U7", salt_key=SALT, salt_index="1")
    data = httpx.get(sandbox.base_url + ok.api_endpoint, headers={"X-VERIFY": ok.checksum}, timeout=10).json()["data"]
    assert data == {"merchantId": MERCHANT, "merchantUserId": "U7"}
