"""Handlers of the payment operations: debits, inline pay, collect, SDK-less, status, refunds, credits."""

from __future__ import annotations

from typing import Any
from urllib.parse import quote

from starlette.requests import Request
from starlette.responses import Response

from .core import Sandbox, envelope
from .errors import GatewayError, bad_request
from .state import MESSAGES, PENDING, REFUND_TEST_AMOUNTS, SUCCESS, TEST_AMOUNTS, Txn
from .validation import ValidRequest

DUPLICATE = "Duplicate transaction id."


def not_a_failure(code: str) -> bool:
    """`success` of a payment-state answer (status, refund, instant debit): true for PAYMENT_SUCCESS and for
    PAYMENT_PENDING, which the document calls "not a failure" (the value on a pending answer is not shown: the spec's
    examples and this sandbox agree on true, spec info.x-not-shown); false for the failed states."""
    return code in (SUCCESS, PENDING)


def not_found(sb: Sandbox, message: str) -> GatewayError:
    """TRANSACTION_NOT_FOUND with the HTTP status of the `not_found_status` switch (400 by default, or 200): the
    document maps no code to an HTTP status except 429, so the spec describes it under both."""
    return GatewayError("TRANSACTION_NOT_FOUND", message, status=sb.config.not_found_status)


def merchant_of(sb: Sandbox, payload: dict[str, Any]) -> str:
    merchant_id = str(payload.get("merchantId", ""))
    if merchant_id != sb.config.merchant_id:
        raise GatewayError("AUTHORIZATION_FAILED", f"merchantId {merchant_id!r} is not a merchant of this sandbox")
    return merchant_id


def amount_of(payload: dict[str, Any], field: str = "amount") -> int:
    value = payload.get(field)
    if isinstance(value, bool) or not isinstance(value, int | float) or int(value) != value or value <= 0:
        raise bad_request(f"field '{field}' must be a positive integer (paise)")
    return int(value)


def origin(request: Request) -> str:
    return f"{request.url.scheme}://{request.url.netloc}"


def page_origin(sb: Sandbox, request: Request) -> str:
    """Origin of the payments page URLs handed out: `payment_page_origin` when set, else the request's."""
    return (sb.config.payment_page_origin or origin(request)).rstrip("/")


def page_path(txn: Txn) -> str:
    return f"/_sandbox/pay/{quote(txn.provider_reference_id)}"


def new_payment(sb: Sandbox, req: ValidRequest, kind: str = "payment", **fields: Any) -> Txn:
    """Record a forward payment (pending). Raises the unknown-outcome answer of a test amount after recording."""
    p = req.payload
    merchant_id = merchant_of(sb, p)
    transaction_id = str(p["transactionId"])
    amount = amount_of(p)
    if sb.store.exists(merchant_id, transaction_id):
        raise GatewayError("INVALID_TRANSACTION_ID", DUPLICATE)
    txn = Txn(
        kind=kind,
        operation_id=req.op.operation_id,
        merchant_id=merchant_id,
        transaction_id=transaction_id,
        amount=amount,
        created_at=sb.clock.now(),
        merchant_order_id=p.get("merchantOrderId"),
        merchant_user_id=p.get("merchantUserId"),
        mobile_number=p.get("mobileNumber"),
        salt_index=req.salt_index or "1",
        callback_url=req.header("X-CALLBACK-URL") or sb.config.callback_url,
        callback_mode=(req.header("X-CALL-MODE") or "POST").upper(),
        redirect_url=req.header("X-REDIRECT-URL"),
        redirect_mode=(req.header("X-REDIRECT-MODE") or "REDIRECT").upper(),
    )
    for name, value in fields.items():
        setattr(txn, name, value)
    sb.store.add(txn)
    sb.store.advance()  # settle_after == 0 settles at once
    test = TEST_AMOUNTS.get(amount)
    if test is not None and test.answer is not None:
        raise GatewayError(test.answer, f"{test.answer}: the outcome is unknown; check the status before retrying.")
    return txn


def linked_user_check(sb: Sandbox, payload: dict[str, Any]) -> None:
    token = payload.get("userAuthToken")
    if token is not None:
        sb.accounts.user(str(payload.get("merchantId")), str(token))


def debit_data(sb: Sandbox, txn: Txn) -> dict[str, Any]:
    """`data` of the instant debit and the deferred fulfil answers, with the fields the document lists for them:
    transactionId, merchantId, amount, status, merchantUserId, mobileNumber, providerReferenceId, payResponseCode
    (no paymentState: that is the status answer's)."""
    data = sb.store.status_data(txn)
    data.pop("paymentState", None)
    data["status"] = txn.status
    if txn.merchant_user_id is not None:
        data["merchantUserId"] = txn.merchant_user_id
    if txn.mobile_number is not None:
        data["mobileNumber"] = txn.mobile_number
    return data


def upi_intent(txn: Txn) -> str:
    rupees = f"{txn.amount // 100}.{txn.amount % 100:02d}"
    return f"upi://pay?pa=sandbox@upi&pn=Sandbox%20Merchant&am={rupees}&cu=INR&tr={txn.provider_reference_id}"


# -- accept payment -----------------------------------------------------------------------------------------------
async def debit_v3(sb: Sandbox, req: ValidRequest, request: Request) -> Response:
    linked_user_check(sb, req.payload)
    txn = new_payment(sb, req, payment_mode="WALLET")
    return Response(status_code=302, headers={"Location": page_path(txn)})


async def debit_v4_web(sb: Sandbox, req: ValidRequest, request: Request) -> Response:
    linked_user_check(sb, req.payload)
    txn = new_payment(sb, req)
    data = {"redirectType": "WEB", "redirectURL": page_origin(sb, request) + page_path(txn)}
    return envelope(True, SUCCESS, "Your request has been successfully completed.", data)


async def debit_v4_intent(sb: Sandbox, req: ValidRequest, request: Request) -> Response:
    txn = new_payment(sb, req, payment_mode="ACCOUNT")
    data = {"redirectType": "INTENT", "redirectURL": upi_intent(txn)}
    return envelope(True, SUCCESS, "Your request has been successfully completed.", data)


async def instant_debit(sb: Sandbox, req: ValidRequest, request: Request) -> Response:
    sb.accounts.user(str(req.payload.get("merchantId")), req.payload.get("userAuthToken"))
    txn = new_payment(sb, req, payment_mode="WALLET")
    return envelope(not_a_failure(txn.code), txn.code, MESSAGES[txn.code], debit_data(sb, txn))


async def inline_pay(sb: Sandbox, req: ValidRequest, request: Request) -> Response:
    p = req.payload
    linked_user_check(sb, p)
    sources = p.get("paymentSources") or [{}]
    first = sources[0] if isinstance(sources[0], dict) else {}
    mode = str(first.get("mode", "wallets"))
    if mode == "upi":
        txn = new_payment(sb, req, payment_mode="ACCOUNT")
        if str(first.get("type", "")).upper() == "INTENT":
            data: dict[str, Any] = {"intentURL": upi_intent(txn), "package": "sandbox.platform.app"}
            return envelope(True, "PAYMENT_INITIATED", "Open the UPI app to complete the payment.", data)
        # UPI inline (account): SANDBOX: no URL; the payment settles like any other
        return envelope(True, "PAYMENT_INITIATED", "Payment initiated.", {})
    txn = new_payment(sb, req, payment_mode="DEBIT_CARD" if mode == "card" else "WALLET")
    data = {"redirectUrl": page_origin(sb, request) + page_path(txn)}
    return envelope(True, "PAYMENT_INITIATED", "Payment initiated.", data)


async def collect(sb: Sandbox, req: ValidRequest, request: Request) -> Response:
    p = req.payload
    expires_in = p.get("expiresIn", 30 * 24 * 3600)
    now = sb.clock.now()
    txn = new_payment(
        sb,
        req,
        kind="collect",
        callback_kind="charge",
        payment_mode="ACCOUNT",
        mobile_number=p.get("instrumentReference"),
        expires_at=now + float(expires_in),
    )
    store = {name: p.get(name) for name in ("storeId", "terminalId") if isinstance(p.get(name), str)}
    if store:  # echoed on the charge callback in data.transactionContext (qrCodeId, posDeviceId: null)
        txn.extra["transaction_context"] = store
    data = {
        "transactionId": txn.transaction_id,
        "amount": txn.amount,
        "merchantId": txn.merchant_id,
        "mobileNumber": txn.mobile_number,
        "providerReferenceId": txn.provider_reference_id,
    }
    return envelope(True, "SUCCESS", "Collect request sent to the user.", data)


async def sdkless_initiate(sb: Sandbox, req: ValidRequest, request: Request) -> Response:
    p = req.payload
    valid_for_ms = p.get("validFor")
    expires_at = sb.clock.now() + float(valid_for_ms) / 1000.0 if isinstance(valid_for_ms, int | float) else None
    txn = new_payment(sb, req, payment_mode="WALLET", expires_at=expires_at)
    txn.callback_kind = "payment"
    txn.extra["merchant_redirect"] = p.get("redirectUrl")
    reservation = txn.provider_reference_id
    page = f"{page_origin(sb, request)}/_sandbox/reservation/{reservation}"
    data = {"redirectUrl": page, "reservationId": reservation}
    return envelope(True, "SUCCESS", "Transaction initiated.", data)


async def fulfill_deferred(sb: Sandbox, req: ValidRequest, request: Request) -> Response:
    """SANDBOX: the preceding deferred credit call is not shown; a fulfil is recorded and succeeds at once."""
    p = req.payload
    merchant_id = merchant_of(sb, p)
    amount = amount_of(p)
    transaction_id = str(p["transactionId"])
    if sb.store.exists(merchant_id, transaction_id):
        raise GatewayError("INVALID_TRANSACTION_ID", DUPLICATE)
    txn = Txn(
        "credit",
        req.op.operation_id,
        merchant_id,
        transaction_id,
        amount,
        sb.clock.now(),
        merchant_user_id=p.get("merchantUserId"),
        mobile_number=p.get("mobileNumber"),
        merchant_order_id=p.get("merchantOrderId"),
        callback_kind=None,
    )
    sb.store.add(txn, test_amounts=False)
    sb.store.finish(txn, SUCCESS)
    return envelope(True, SUCCESS, MESSAGES[SUCCESS], debit_data(sb, txn))


# -- status -------------------------------------------------------------------------------------------------------
async def status(sb: Sandbox, req: ValidRequest, request: Request) -> Response:
    txn = sb.store.get(req.path_params["merchantId"], req.path_params["transactionId"])
    if txn is None:
        raise not_found(sb, "No transaction found for this merchant and transaction id.")
    data = sb.store.status_data(txn)
    if req.op.host == "apps":
        data["status"] = txn.status
    return envelope(not_a_failure(txn.code), txn.code, MESSAGES[txn.code], data)


# -- refunds ------------------------------------------------------------------------------------------------------
async def refund(sb: Sandbox, req: ValidRequest, request: Request) -> Response:
    p = req.payload
    merchant_id = merchant_of(sb, p)
    amount = amount_of(p)
    transaction_id = str(p["transactionId"])
    by_id, by_ref = p.get("originalTransactionId"), p.get("providerReferenceId")
    if (by_id is None) == (by_ref is None):
        raise bad_request("exactly one of fields 'originalTransactionId' and 'providerReferenceId' is required")
    original = sb.store.get(merchant_id, str(by_id)) if by_id is not None else sb.store.by_reference.get(str(by_ref))
    if original is None or original.merchant_id != merchant_id or original.kind not in ("payment", "collect"):
        raise not_found(sb, "Original transaction not found.")
    existing = sb.store.get(merchant_id, transaction_id)
    if existing is not None:
        return refund_failure(original, transaction_id, amount, "DUPLICATE_TXN_REQUEST", "Duplicate refund request.")
    if original.code != SUCCESS:
        return refund_failure(original, transaction_id, amount, "PAYMENT_NOT_COMPLETED", "Payment is not successful.")
    if original.refunded + amount > original.amount:
        msg = "Refund amount exceeds the payment amount or the payment is already refunded."
        return refund_failure(original, transaction_id, amount, "EXCESS_REFUND_AMOUNT", msg)
    refused = refund_refusal(sb, req, original, amount)
    if refused is not None:
        return refund_failure(original, transaction_id, amount, *refused)
    is_v4 = req.op.operation_id == "refundV4"
    txn = Txn(
        "refund",
        req.op.operation_id,
        merchant_id,
        transaction_id,
        amount,
        sb.clock.now(),
        original=original,
        merchant_order_id=p.get("merchantOrderId"),
        mobile_number=original.mobile_number,
        salt_index=req.salt_index or "1",
        callback_url=(req.header("X-CALLBACK-URL") if is_v4 else None) or sb.config.callback_url,
        callback_mode=((req.header("X-CALLBACK-MODE") if is_v4 else None) or "POST").upper(),
    )
    sb.store.add(txn)
    sb.store.advance()
    test = TEST_AMOUNTS.get(amount)
    if test is not None and test.answer is not None:
        raise GatewayError(test.answer, f"{test.answer}: the refund may have been initiated; check the status.")
    return envelope(not_a_failure(txn.code), txn.code, MESSAGES[txn.code], refund_data(txn))


def refund_refusal(sb: Sandbox, req: ValidRequest, original: Txn, amount: int) -> tuple[str, str] | None:
    """SANDBOX: the documented refusals of a refund, by test amount (REFUND_TEST_AMOUNTS) or refund window.

    REVERSAL_WINDOW_EXCEEDED (seen in the v4 refund) is raised as an error envelope; WALLET_NOT_ACTIVATED comes
    back as (payResponseCode, message) for a PAYMENT_ERROR answer, spelled WALLLET_NOT_ACTIVATED on the apps host
    as that listing spells it.
    """
    test = REFUND_TEST_AMOUNTS.get(amount)
    window = sb.config.refund_window
    if req.op.operation_id == "refundV4" and (
        test == "REVERSAL_WINDOW_EXCEEDED" or (window is not None and sb.clock.now() - original.created_at > window)
    ):
        raise GatewayError("REVERSAL_WINDOW_EXCEEDED", "Refund window passed; process the refund manually.")
    if test == "WALLET_NOT_ACTIVATED":
        code = "WALLLET_NOT_ACTIVATED" if req.op.operation_id == "refundAppsHost" else "WALLET_NOT_ACTIVATED"
        return code, "The user disabled the wallet; contact the user for the refund source."
    return None


def refund_data(txn: Txn) -> dict[str, Any]:
    assert txn.original is not None
    data: dict[str, Any] = {
        "transactionId": txn.transaction_id,
        "merchantId": txn.merchant_id,
        "amount": txn.amount,
        "status": txn.status,
        "providerReferenceId": txn.original.provider_reference_id,
        "payResponseCode": txn.pay_response_code or ("SUCCESS" if txn.code == SUCCESS else PENDING),
    }
    if txn.mobile_number is not None:
        data["mobileNumber"] = txn.mobile_number
    return data


def refund_failure(original: Txn, transaction_id: str, amount: int, pay_code: str, message: str) -> Response:
    data = {
        "transactionId": transaction_id,
        "merchantId": original.merchant_id,
        "amount": amount,
        "status": "FAILED",
        "providerReferenceId": original.provider_reference_id,
        "payResponseCode": pay_code,
    }
    return envelope(False, "PAYMENT_ERROR", message, data, status=400)


# -- callback test ------------------------------------------------------------------------------------------------
async def test_callback(sb: Sandbox, req: ValidRequest, request: Request) -> Response:
    p = req.payload
    if not isinstance(p.get("amount"), int) or p["amount"] < 1:
        raise bad_request("amount must be greater than or equal to 1")
    index = req.header("x-salt-index") or "1"
    if index not in sb.config.salts:
        raise bad_request(f"header 'x-salt-index': unknown salt index {index!r}")
    payload = {
        "success": True,
        "code": SUCCESS,
        "message": "Test callback.",
        "data": {
            "transactionId": str(p.get("transactionId")),
            "merchantId": str(p.get("merchantId")),
            "amount": p["amount"],
            "providerReferenceId": "TEST" + str(p.get("transactionId"))[:30],
            "paymentState": "COMPLETED",
            "payResponseCode": "SUCCESS",
        },
    }
    url = req.header("x-callback-url") or ""
    record = await sb.dispatcher.deliver(
        "test", url, req.header("x-call-mode") or "POST", payload, sb.config.salts[index], index
    )
    delivered = record.status_code is not None and 200 <= record.status_code < 300
    return envelope(True, "SUCCESS", "Callback sent.", {"successful": delivered, "redirect": False})
