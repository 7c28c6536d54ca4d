"""The kit's whole-client cases (`clients`): short scripts of calls, each answered by a scripted gateway, and what a
conforming client ends each call with, so two clients whose verdict functions agree are also seen to agree as whole
clients: a refund re-sent under its id, a refund above the payment it refunds, the gateway's EXCESS_REFUND_AMOUNT,
rate limits (a plain 429, the code on a success envelope), a byte-order mark and a duplicate key.

Each step names an operation, its wire payload or path values, and the scripted answer (HTTP status, headers, the
body's bytes as base64), or none when the client must refuse before sending. The expected verdict of an answered
step is the Python client's verdict function over the outcome table (the reference, as in `verdicts`); the steps a
client must refuse, and the error code it refuses with, are the client rules the kit states (a refund is never
above its payment: x-field-rules' prose, the client's check_refund). Replayed end to end by tests/conformance
(Python) and clients/typescript/test/clients-kit.test.ts, each against a loopback server of its own.
"""

from __future__ import annotations

import base64
import json
from typing import Any

from merchant_gateway.verdicts import Expect, judge, read_answer

from tools.conformance.verdict_cases import tables

MERCHANT = "KITMERCHANT"  # the kit's config merchant is not used: these scripts configure their own client
ABOUT = (
    "Whole-client cases: each case is a script of `steps` run in order by one client configured with merchant "
    "`merchant` against a gateway that answers each step with `answer` (HTTP status, headers, body bytes as "
    "base64; null: the client must not send it; the gateway gives every request of the step that answer). "
    "`attempts`: how many times the client is configured to try a call (its retry policy; 1: never re-sent), and "
    "a step whose `expect.sent` is true reaches the gateway exactly once whatever `attempts` says. `call` is an "
    "operationId with `payload` (wire JSON) or `path` "
    "values; `options.original_amount`: the refund's original payment amount given by the caller; "
    "`options.expected_amount`: the amount a status read's success must carry, given by the caller. `expect`: "
    "`sent` (whether the gateway saw the request), `outcome` (the verdict of the answer, or `refused` when the "
    "client refuses before sending), `code` (the refusal's error code, or the answer's), `leads_with` (what the "
    "error a merchant reads begins with, where the client raises one). A status read without "
    "`options.expected_amount` is judged by the amount the client sent itself under that id earlier in the case (a "
    "debit), if any; with it, by that amount (the evidence step: the caller's amount first)."
)


def _answer(status: int, body: str | bytes | None, headers: dict[str, str] | None = None) -> dict[str, Any]:
    raw = body.encode("utf-8") if isinstance(body, str) else body
    return {
        "status": status,
        "headers": {"content-type": "application/json", **(headers or {})},
        "body_base64": None if raw is None else base64.b64encode(raw).decode("ascii"),
    }


def _envelope(code: str, success: bool, **data: Any) -> str:
    return json.dumps({"success": success, "code": code, "message": "m", "data": {"merchantId": MERCHANT, **data}})


def _refund(txn: str, original: str, amount: int) -> dict[str, Any]:
    return {
        "merchantId": MERCHANT,
        "transactionId": txn,
        "originalTransactionId": original,
        "amount": amount,
        "merchantOrderId": f"O-{original}",
        "message": "refund",
    }


def _debit(txn: str, amount: int) -> dict[str, Any]:
    return {"merchantId": MERCHANT, "transactionId": txn, "merchantUserId": "U1", "amount": amount}


def _refund_step(txn: str, original: str, amount: int, answer: dict[str, Any] | None) -> dict[str, Any]:
    """A refund of ``amount`` of a payment of 100 paise the caller names (original_amount)."""
    return {
        "call": "refundV4",
        "payload": _refund(txn, original, amount),
        "options": {"original_amount": 100},
        "answer": answer,
    }


_PAGE = _envelope("SUCCESS", True, redirectType="WEB", redirectURL="https://pay.test/p")


def _scripts() -> list[dict[str, Any]]:
    status = "getTransactionStatus"
    return [
        {
            "id": "refund-resent-under-its-id",
            "about": "a new call under a refund id already used is answered DUPLICATE_TXN_REQUEST: duplicate, "
            "never unknown and never a failure (its status decides)",
            "steps": [
                {
                    "call": "refundV4",
                    "payload": _refund("KR1", "KP1", 60),
                    "options": {"original_amount": 100},
                    "answer": _answer(200, _envelope("PAYMENT_PENDING", True, transactionId="KR1", amount=60)),
                },
                {
                    "call": "refundV4",
                    "payload": _refund("KR1", "KP1", 60),
                    "options": {"original_amount": 100},
                    "answer": _answer(
                        400,
                        _envelope("PAYMENT_ERROR", False, transactionId="KR1", payResponseCode="DUPLICATE_TXN_REQUEST"),
                    ),
                },
            ],
        },
        {
            "id": "refund-above-its-payment",
            "about": "a refund above the payment this client sent, or above the original amount the caller gives, is "
            "refused before sending (EXCESS_REFUND_AMOUNT)",
            "steps": [
                {"call": "debitV4Web", "payload": _debit("KP2", 100), "answer": _answer(200, _PAGE)},
                {
                    "call": "refundV4",
                    "payload": _refund("KR2", "KP2", 101),
                    "answer": None,
                    "refused": "EXCESS_REFUND_AMOUNT",
                },
                {
                    "call": "refundV4",
                    "payload": _refund("KR3", "KP3", 51),
                    "options": {"original_amount": 50},
                    "answer": None,
                    "refused": "EXCESS_REFUND_AMOUNT",
                },
            ],
        },
        {
            "id": "refunds-held-against-their-payment",
            "about": "the refunds a client sent of one payment, not proven failed, count against it: 60 and then 60 "
            "of 100 is refused before sending, 40 is not; a refund answered failed frees its amount",
            "steps": [
                _refund_step("KR8", "KP8", 60, _answer(200, _envelope("PAYMENT_PENDING", True, transactionId="KR8"))),
                {**_refund_step("KR9", "KP8", 60, None), "refused": "EXCESS_REFUND_AMOUNT"},
                _refund_step("KR10", "KP8", 40, _answer(200, _envelope("PAYMENT_PENDING", True, transactionId="KR10"))),
                _refund_step(
                    "KR11",
                    "KP9",
                    60,
                    _answer(400, _envelope("PAYMENT_ERROR", False, transactionId="KR11", payResponseCode="X")),
                ),
                _refund_step("KR12", "KP9", 60, _answer(200, _envelope("PAYMENT_PENDING", True, transactionId="KR12"))),
            ],
        },
        {
            "id": "the-gateways-excess-refund-amount",
            "about": "PAYMENT_ERROR with EXCESS_REFUND_AMOUNT (the gateway's own check, e.g. a second refund it "
            "counts against the payment) is unknown by the rules; the error leads with its reason",
            "steps": [
                {
                    "call": "refundV4",
                    "payload": _refund("KR4", "KP4", 60),
                    "options": {"original_amount": 100},
                    "answer": _answer(
                        400,
                        _envelope(
                            "PAYMENT_ERROR",
                            False,
                            transactionId="KR4",
                            amount=60,
                            payResponseCode="EXCESS_REFUND_AMOUNT",
                        ),
                    ),
                    "leads_with": "EXCESS_REFUND_AMOUNT",
                },
            ],
        },
        {
            "id": "rate-limits",
            "about": "a 429 whose body is a plain rate-limit answer was not processed; the same code on a success "
            "envelope with HTTP 200 proves nothing (the request may have been recorded)",
            "steps": [
                {
                    "call": status,
                    "path": {"merchantId": MERCHANT, "transactionId": "KP5"},
                    "answer": _answer(
                        429, json.dumps({"success": False, "code": "API_RATE_LIMIT_REACHED", "message": "m"})
                    ),
                },
                {
                    "call": "refundV4",
                    "payload": _refund("KR5", "KP5", 10),
                    "options": {"original_amount": 100},
                    "answer": _answer(200, _envelope("API_RATE_LIMIT_REACHED", True, transactionId="KR5")),
                },
            ],
        },
        {
            "id": "refund-429-with-a-code-that-may-have-acted",
            "about": "a refund answered HTTP 429 with INTERNAL_SERVER_ERROR (not a plain rate-limit answer) may have "
            "been recorded: sent once though the client may re-send (attempts), unknown, and its amount stays held "
            "against the payment (60 more of 100 is refused before sending; 40 is sent)",
            "attempts": 3,
            "steps": [
                _refund_step("KR13", "KP10", 60, _answer(429, _envelope("INTERNAL_SERVER_ERROR", False))),
                {**_refund_step("KR14", "KP10", 60, None), "refused": "EXCESS_REFUND_AMOUNT"},
                _refund_step(
                    "KR15", "KP10", 40, _answer(200, _envelope("PAYMENT_PENDING", True, transactionId="KR15"))
                ),
            ],
        },
        {
            "id": "status-of-a-payment-this-client-sent",
            "about": "a status answer is succeeded only at an expected amount: after this client's own debit of 100 "
            "under the id, PAYMENT_SUCCESS for 100 is succeeded; for an id this client never sent (no amount passed "
            "either), the same answer is unconfirmed, never succeeded; after its own debit of 100, PAYMENT_SUCCESS "
            "for 99 is doubt (the identity step: unreadable, another amount: do not fulfil the order)",
            "steps": [
                {"call": "debitV4Web", "payload": _debit("KP11", 100), "answer": _answer(200, _PAGE)},
                {
                    "call": status,
                    "path": {"merchantId": MERCHANT, "transactionId": "KP11"},
                    "answer": _answer(200, _envelope("PAYMENT_SUCCESS", True, transactionId="KP11", amount=100)),
                },
                {
                    "call": status,
                    "path": {"merchantId": MERCHANT, "transactionId": "KP12"},
                    "answer": _answer(200, _envelope("PAYMENT_SUCCESS", True, transactionId="KP12", amount=100)),
                },
                {"call": "debitV4Web", "payload": _debit("KP13", 100), "answer": _answer(200, _PAGE)},
                {
                    "call": status,
                    "path": {"merchantId": MERCHANT, "transactionId": "KP13"},
                    "answer": _answer(200, _envelope("PAYMENT_SUCCESS", True, transactionId="KP13", amount=99)),
                },
            ],
        },
        {
            "id": "status-against-the-callers-expected-amount",
            "about": "the amount the caller passes proves a status answer (the evidence step: the caller's amount, "
            "else the amount this client sent): PAYMENT_SUCCESS for 100 of an id this client never sent is succeeded "
            "when the caller expects 100 (unconfirmed without it: status-of-a-payment-this-client-sent), doubt when "
            "it expects 101 (the identity step: unreadable, another amount: do not fulfil the order)",
            "steps": [
                {
                    "call": status,
                    "path": {"merchantId": MERCHANT, "transactionId": "KP20"},
                    "options": {"expected_amount": 100},
                    "answer": _answer(200, _envelope("PAYMENT_SUCCESS", True, transactionId="KP20", amount=100)),
                },
                {
                    "call": status,
                    "path": {"merchantId": MERCHANT, "transactionId": "KP21"},
                    "options": {"expected_amount": 101},
                    "answer": _answer(200, _envelope("PAYMENT_SUCCESS", True, transactionId="KP21", amount=100)),
                },
            ],
        },
        {
            "id": "byte-order-mark-and-duplicate-keys",
            "about": "one leading byte-order mark is dropped before reading (a success whose amount this client "
            "cannot prove is unconfirmed, as without the mark); a key twice on the verdict's path makes the answer "
            "unreadable, whichever value comes last",
            "steps": [
                {
                    "call": status,
                    "path": {"merchantId": MERCHANT, "transactionId": "KP6"},
                    "answer": _answer(
                        200, "\ufeff" + _envelope("PAYMENT_SUCCESS", True, transactionId="KP6", amount=100)
                    ),
                },
                {
                    "call": status,
                    "path": {"merchantId": MERCHANT, "transactionId": "KP7"},
                    "answer": _answer(
                        200,
                        '{"success":true,"code":"PAYMENT_SUCCESS","message":"m","data":'
                        '{"merchantId":"KITMERCHANT","transactionId":"OTHER","amount":1,'
                        '"state":"FAILED"},"data":{"merchantId":"KITMERCHANT","transactionId":"KP7",'
                        '"amount":100}}',
                    ),
                },
            ],
        },
    ]


def _expected(outcome_tables: dict[str, Any], step: dict[str, Any], sent: dict[str, int]) -> dict[str, Any]:
    """What a conforming client ends ``step`` with. A status read expects the caller's amount
    (``options.expected_amount``), else the amount this client sent under the id earlier in the script (``sent``:
    transaction id -> the debit's amount), else none (the evidence step: then a success is only unconfirmed)."""
    if step["answer"] is None:
        return {"sent": False, "outcome": "refused", "code": step["refused"], "leads_with": step["refused"]}
    payload = step.get("payload") or {}
    txn = payload.get("transactionId") or (step.get("path") or {}).get("transactionId")
    amount: int | None = None
    if step["call"] == "debitV4Web":
        amount = sent[str(txn)] = payload["amount"]
    elif step["call"] == "getTransactionStatus":
        expected = (step.get("options") or {}).get("expected_amount")
        amount = expected if expected is not None else sent.get(str(txn))
    table = outcome_tables[step["call"]]
    answer = step["answer"]
    raw = base64.b64decode(answer["body_base64"]) if answer["body_base64"] is not None else b""
    judgement = judge(
        table, status=answer["status"], answer=read_answer(raw) if raw else None, expect=Expect(txn, MERCHANT, amount)
    )
    out: dict[str, Any] = {"sent": True, "outcome": judgement.verdict.value, "code": judgement.code}
    if "leads_with" in step:
        out["leads_with"] = step["leads_with"]
    return out


def client_cases(doc: dict[str, Any]) -> list[dict[str, Any]]:
    outcome_tables = tables(doc)
    cases = []
    for script in _scripts():
        steps = []
        sent: dict[str, int] = {}
        for step in script["steps"]:
            expect = _expected(outcome_tables, step, sent)
            clean = {k: v for k, v in step.items() if k not in ("refused", "leads_with")}
            steps.append({**clean, "expect": expect})
        cases.append(
            {
                "id": script["id"],
                "about": script["about"],
                "merchant": MERCHANT,
                "attempts": script.get("attempts", 1),
                "steps": steps,
            }
        )
    return cases


def kit_sections(doc: dict[str, Any]) -> dict[str, Any]:
    """The kit's `clients` section (make_kit.make_kit adds it)."""
    return {"clients": {"about": ABOUT, "cases": client_cases(doc)}}
