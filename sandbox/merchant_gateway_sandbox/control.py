"""Sandbox-only control endpoints under /_sandbox/ (also reachable under the base prefix)."""

from __future__ import annotations

import json
from typing import Any

from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import BaseRoute, Route

from .clock import ManualClock
from .core import Sandbox
from .faults import Fault
from .signing import UI_PARAMS
from .state import CONTEXT_FIELDS, REFUND_TEST_AMOUNTS, TERMINAL, TEST_AMOUNTS


async def _json(request: Request) -> dict[str, Any]:
    body = await request.body()
    try:
        data = json.loads(body or b"{}")
    except ValueError:
        return {}
    return data if isinstance(data, dict) else {}


def routes(sb: Sandbox) -> list[BaseRoute]:
    async def health(request: Request) -> Response:
        return JSONResponse(
            {"ok": True, "merchantId": sb.config.merchant_id, "spec": sb.index.source, "now": sb.clock.now()}
        )

    async def advance(request: Request) -> Response:
        body = await _json(request)
        if not isinstance(sb.clock, ManualClock):
            return JSONResponse({"error": "the sandbox clock is not a ManualClock (start with --manual-clock)"}, 409)
        now = sb.clock.advance(float(body.get("seconds", 0)))
        return JSONResponse({"now": now, "settled": sb.store.advance()})

    async def settle(request: Request) -> Response:
        body = await _json(request)
        txn = sb.store.get(str(body.get("merchantId", sb.config.merchant_id)), str(body.get("transactionId")))
        code = str(body.get("code", "PAYMENT_SUCCESS"))
        if txn is None or code not in TERMINAL:
            return JSONResponse({"error": "unknown transaction or non-terminal code"}, 404)
        context = body.get("transactionContext")
        if context is not None:  # sent in data.transactionContext of its callback
            if not isinstance(context, dict) or not set(context) <= set(CONTEXT_FIELDS):
                return JSONResponse({"error": f"transactionContext: an object of {', '.join(CONTEXT_FIELDS)}"}, 400)
            if not all(v is None or isinstance(v, str) for v in context.values()):
                return JSONResponse({"error": "transactionContext: values are strings or null"}, 400)
            txn.extra["transaction_context"] = dict(context)
        return JSONResponse({"changed": sb.store.finish(txn, code), "code": txn.code})

    async def transaction(request: Request) -> Response:
        sb.store.advance()
        txn = sb.store.get(request.path_params["merchantId"], request.path_params["transactionId"])
        if txn is None:
            return JSONResponse({"error": "not found"}, 404)
        return JSONResponse(
            {
                "kind": txn.kind,
                "operationId": txn.operation_id,
                "code": txn.code,
                "amount": txn.amount,
                "merchantOrderId": txn.merchant_order_id,
                "refunded": txn.refunded,
                "providerReferenceId": txn.provider_reference_id,
                "settleAt": txn.settle_at,
                "expiresAt": txn.expires_at,
                "callbackUrl": txn.callback_url,
            }
        )

    async def callbacks(request: Request) -> Response:
        tid = request.query_params.get("transactionId")
        items = [d.as_dict() for d in sb.dispatcher.deliveries if tid is None or d.transaction_id == tid]
        return JSONResponse({"count": len(items), "deliveries": items})

    async def otp(request: Request) -> Response:
        req = sb.accounts.otps.get(request.path_params["token"])
        if req is None:
            return JSONResponse({"error": "unknown otpToken"}, 404)
        return JSONResponse({"otp": req.otp, "mobileNumber": req.mobile_number, "verified": req.verified})

    async def grant_token(request: Request) -> Response:
        from .ops_users import issue_grant_token

        return JSONResponse(issue_grant_token(sb, await _json(request)))

    async def faults(request: Request) -> Response:
        if request.method == "POST":
            try:
                fault = sb.faults.add(Fault.from_dict(await _json(request)))
            except (ValueError, TypeError) as exc:
                return JSONResponse({"error": str(exc)}, 400)
            return JSONResponse(fault.as_dict())
        if request.method == "DELETE":
            sb.faults.clear()
        return JSONResponse({"faults": [f.as_dict() for f in sb.faults.list()]})

    async def rate_limit(request: Request) -> Response:
        body = await _json(request)
        limit = body.get("limit")
        ops = body.get("operations")
        sb.limiter.configure(
            None if limit is None else int(limit), float(body.get("window", 60)), frozenset(ops) if ops else None
        )
        return JSONResponse({"limit": sb.limiter.limit, "window": sb.limiter.window, "operations": ops})

    async def config(request: Request) -> Response:
        body = await _json(request)
        if "settleAfter" in body:
            sb.config.settle_after = sb.store.settle_after = float(body["settleAfter"])
        if "callbackUrl" in body:
            sb.config.callback_url = body["callbackUrl"]
        if "refundWindow" in body:
            window = body["refundWindow"]
            sb.config.refund_window = None if window is None else float(window)
        if "uiParams" in body:
            params = body["uiParams"] or {}
            if not isinstance(params, dict) or not set(params) <= set(UI_PARAMS):
                return JSONResponse({"error": "uiParams: an object with keys param1 .. param20"}, 400)
            if not all(isinstance(v, str) for v in params.values()):
                return JSONResponse({"error": "uiParams: values are strings"}, 400)
            sb.config.ui_params = dict(params)
        if "paymentPageOrigin" in body:
            sb.config.payment_page_origin = body["paymentPageOrigin"] or None
        if "notFoundStatus" in body:
            if body["notFoundStatus"] not in (400, 200):
                return JSONResponse({"error": "notFoundStatus: 400 or 200"}, 400)
            sb.config.not_found_status = int(body["notFoundStatus"])
        return JSONResponse(
            {
                "settleAfter": sb.config.settle_after,
                "callbackUrl": sb.config.callback_url,
                "refundWindow": sb.config.refund_window,
                "uiParams": sb.config.ui_params,
                "paymentPageOrigin": sb.config.payment_page_origin,
                "notFoundStatus": sb.config.not_found_status,
            }
        )

    async def test_values(request: Request) -> Response:
        amounts = {str(k): {"outcome": v.outcome, "answer": v.answer, "note": v.note} for k, v in TEST_AMOUNTS.items()}
        refunds = {str(k): v for k, v in REFUND_TEST_AMOUNTS.items()}
        return JSONResponse({"amounts": amounts, "refundAmounts": refunds, "otp": sb.config.otp})

    table = [
        ("/_sandbox/health", health, ["GET"]),
        ("/_sandbox/clock/advance", advance, ["POST"]),
        ("/_sandbox/settle", settle, ["POST"]),
        ("/_sandbox/transactions/{merchantId}/{transactionId}", transaction, ["GET"]),
        ("/_sandbox/callbacks", callbacks, ["GET"]),
        ("/_sandbox/otp/{token}", otp, ["GET"]),
        ("/_sandbox/sso/grant-token", grant_token, ["POST"]),
        ("/_sandbox/faults", faults, ["GET", "POST", "DELETE"]),
        ("/_sandbox/rate-limit", rate_limit, ["POST"]),
        ("/_sandbox/config", config, ["GET", "POST"]),
        ("/_sandbox/test-values", test_values, ["GET"]),
    ]
    return [Route(base + path, fn, methods=methods) for base in ("", "/apis/pg-sandbox") for path, fn, methods in table]
