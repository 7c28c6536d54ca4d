"""Verdict cases of the conformance kit: raw answers and what a conforming client concludes from them.

Unlike the rest of the kit, these expectations come from the project's verdict function
(merchant_gateway.verdicts.judge) run over the outcome table of the document the kit is built from
(generator/outcomes.py, the rows operations.json `outcomes` carries): the point is that every language applies one
verdict function, so the Python one is the reference and every other client must agree case by case. Its rules
are proven on their own in tests/unit/verdicts/test_verdicts.py (expectations written by hand from the interface
document); tests/conformance/test_verdict_cases.py replays these cases and checks the invariants on them.

The grid covers each way a verdict was once misread: ids and amounts of other JSON types, success without data,
duplicate deciding keys (one spelled with a \\u escape), success bodies on 3xx/4xx/429, the refund's
DUPLICATE_TXN_REQUEST and EXCESS_REFUND_AMOUNT, TRANSACTION_NOT_FOUND inside and after the grace and while a send
may still happen, codes a table does not list, and a v4 debit accepted by its data (code SUCCESS with the payments
page).

`poll` is the status-polling schedule of the Python task layer (merchant_gateway.flows.schedule.DEFAULT_SCHEDULE)
and its grace, so a client's `wait` polls at the same moments and applies the same time rule.
"""

from __future__ import annotations

import base64
import dataclasses
import json
import random
from typing import Any

from merchant_gateway.config import GatewayConfig
from merchant_gateway.flows.schedule import DEFAULT_SCHEDULE
from merchant_gateway.verdicts import Expect, Sends, Unreadable, judge, read_answer
from merchant_gateway_client.outcomes import OutcomeTable

from generator.outcomes import categories, outcome_rows
from generator.spec import collect
from generator.verdict_rules import verdict_rules

ABOUT = (
    "Verdict cases: `key` names a table of operations.json `outcomes.tables` (an operationId or a webhook name); "
    "`status` is the HTTP status (200 for a callback); `body` the answer's raw text (null: no body) and `location` "
    "its Location header; `expect` what the answer must name (null: not known); `sends` what is known of the "
    "requests sent for the transaction (null: nothing; `now` and `last_at` on one clock, seconds; `closed`: no "
    "further request can be sent) and `attempt` which attempt of the call this answers. A conforming client "
    "reaches `verdict` (and reads `code` and `pay_response_code` as given; `mismatch` names the answer field "
    "that names another transaction, merchant or amount). `body_base64`, when present, is the body's exact bytes "
    "(bytes that are not UTF-8; `body` is null then). `rule` is the id of the verdict step that decided and "
    "`reading` the reading rule that refused the body (null: it was read): operations.json `outcomes.rules` "
    "(the spec's x-verdict-rules) states every rule, and every rule id has a case here. Computed by the Python "
    "client's verdict function (merchant_gateway.verdicts) over this document's outcome table and rules: one "
    "leading byte order mark is dropped; a key given twice in any object at any depth makes an answer "
    "unreadable; a number written with a fraction or an exponent is not an integer."
)

TXN, MERCHANT, AMOUNT = "KITTX1", "KITMERCHANT", 10_000
EXPECT = {"transaction_id": TXN, "merchant_id": MERCHANT, "amount": AMOUNT}
NO_AMOUNT = {"transaction_id": TXN, "merchant_id": MERCHANT, "amount": None}
ABSENT = object()
# the Python client's default grace (GatewayConfig.reconcile_grace): the cases and `poll` use the same number
GRACE = next(float(f.default) for f in dataclasses.fields(GatewayConfig) if f.name == "reconcile_grace")  # type: ignore[arg-type]


def tables(doc: dict[str, Any]) -> dict[str, OutcomeTable]:
    """The document's outcome tables as the verdict function takes them (the rows operations.json carries)."""
    out = {}
    for row in outcome_rows(doc, collect(doc)):
        out[row["key"]] = OutcomeTable(
            key=row["key"],
            kind=row["kind"],
            codes=dict(row["codes"]),
            refine={(code, prc): outcome for code, prc, outcome in row["refine"]},
            evidence={outcome: tuple(fields) for outcome, fields in row["evidence"].items()},
            unlisted=row["unlisted"],
            may_move_money=row["may_move_money"],
            payment_state=row["payment_state"],
            redirect=row["redirect"],
        )
    return out


def envelope(code: object = "PAYMENT_SUCCESS", success: object = True, data: object = ABSENT, **fields: Any) -> str:
    body: dict[str, Any] = {"success": success, "code": code, "message": "kit"}
    if code is ABSENT:
        del body["code"]
    if success is ABSENT:
        del body["success"]
    if data is not ABSENT:
        body["data"] = data
    elif fields:
        body["data"] = {k: v for k, v in fields.items() if v is not ABSENT}
    return json.dumps(body, separators=(",", ":"))


def paid(**over: Any) -> str:
    fields: dict[str, Any] = {"merchantId": MERCHANT, "transactionId": TXN, "amount": AMOUNT, "state": "COMPLETED"}
    fields.update(over)
    return envelope(**fields)


def _sends(since: float | None, *, closed: bool = True, known: bool = True, never: bool = False) -> dict[str, Any]:
    now = 1_000.0
    return {
        "known": known,
        "last_at": None if never else (now - since if since is not None else None),
        "now": now,
        "grace": GRACE,
        "closed": closed,
    }


def _grid() -> list[dict[str, Any]]:
    cases: list[dict[str, Any]] = []

    def add(name: str, key: str, body: str | None, status: int = 200, **kw: Any) -> None:
        raw: bytes | None = kw.get("body_bytes")
        cases.append(
            {
                "id": f"{key}:{name}",
                "key": key,
                "status": status,
                "body": body,
                **({"body_base64": base64.b64encode(raw).decode("ascii")} if raw is not None else {}),
                "location": kw.get("location"),
                "expect": kw.get("expect", EXPECT),
                "sends": kw.get("sends"),
                "attempt": kw.get("attempt", 1),
            }
        )

    status = "getTransactionStatus"
    # identity and amount of every JSON type, on a status read and on a callback
    ids: dict[str, object] = {
        "match": TXN,
        "other": "KITTX2",
        "number": 7,
        "list": [TXN],
        "object": {"id": TXN},
        "null": None,
        "absent": ABSENT,
        "empty": "",
    }
    amounts: dict[str, object] = {
        "match": AMOUNT,
        "other": AMOUNT + 1,
        "float-literal": float(AMOUNT),
        "fraction": 1.5,
        "string": str(AMOUNT),
        "bool": True,
        "null": None,
        "absent": ABSENT,
    }
    for key in (status, "getTransactionStatusAppsHost", "paymentCallback", "chargeCallback"):
        for tid_name, tid in ids.items():
            for amount_name, amount in amounts.items():
                if key != status and tid_name not in ("match", "number", "absent") and amount_name != "match":
                    continue  # the full grid once; the other payment-state tables on its edges
                add(f"tx-{tid_name}-amount-{amount_name}", key, paid(transactionId=tid, amount=amount))
        for mid_name, mid in (("other", "M-OTHER"), ("object", {"id": MERCHANT}), ("number", 5), ("absent", ABSENT)):
            add(f"merchant-{mid_name}", key, paid(merchantId=mid))
        add("paid-no-expected-amount", key, paid(), expect=NO_AMOUNT)
        add("paid-nothing-expected", key, paid(), expect={"transaction_id": None, "merchant_id": None, "amount": None})
        add("no-data", key, envelope())
        add("data-null", key, envelope(data=None))
        add("data-list", key, envelope(data=[paid()]))
        add("failed", key, envelope("PAYMENT_ERROR", False, transactionId=TXN, amount=AMOUNT))
        add("failed-no-id", key, envelope("PAYMENT_ERROR", False, amount=AMOUNT))
        add("declined", key, envelope("PAYMENT_DECLINED", False, transactionId=TXN))
        add("pending", key, envelope("PAYMENT_PENDING", True, transactionId=TXN, amount=AMOUNT))
        add("pending-success-false", key, envelope("PAYMENT_PENDING", False, transactionId=TXN))
        add("success-false", key, paid().replace('"success":true', '"success":false'))
        add("failed-success-true", key, envelope("PAYMENT_ERROR", True, transactionId=TXN))
        add("success-string", key, paid().replace('"success":true', '"success":"true"'))
        add("code-number", key, envelope(200, True, transactionId=TXN, amount=AMOUNT))
        add("no-code", key, envelope(ABSENT, True, transactionId=TXN, amount=AMOUNT))
        add("unlisted-code", key, envelope("BRAND_NEW", True, transactionId=TXN, amount=AMOUNT))
        add("unlisted-code-failed", key, envelope("BRAND_NEW", False, transactionId=TXN))

    # duplicate deciding keys (also escaped, also nested), success bodies on other statuses
    good = paid()
    dups = {
        "code": good.replace('"code":"PAYMENT_SUCCESS"', '"code":"PAYMENT_ERROR","code":"PAYMENT_SUCCESS"'),
        "code-escaped": good.replace(
            '"code":"PAYMENT_SUCCESS"', '"code":"PAYMENT_ERROR","\\u0063ode":"PAYMENT_SUCCESS"'
        ),
        "success": good.replace('"success":true', '"success":false,"success":true'),
        "transactionId": good.replace(f'"transactionId":"{TXN}"', f'"transactionId":"KITTX2","transactionId":"{TXN}"'),
        "amount": good.replace(f'"amount":{AMOUNT}', f'"amount":1,"amount":{AMOUNT}'),
        "amount-same": good.replace(f'"amount":{AMOUNT}', f'"amount":{AMOUNT},"amount":{AMOUNT}'),
        "merchantId": good.replace(f'"merchantId":"{MERCHANT}"', f'"merchantId":"X","merchantId":"{MERCHANT}"'),
        "state-escaped": good.replace('"state":"COMPLETED"', '"state":"FAILED","st\\u0061te":"COMPLETED"'),
        "nested-code": good.replace('"message":"kit"', '"message":"kit","extra":{"code":1,"code":2}'),
        "other-key": good.replace('"message":"kit"', '"message":"kit","message":"again"'),
        "escaped-not-duplicate": good.replace('"message":"kit"', '"m\\u0065ssage":"kit"'),
    }
    for name, body in dups.items():
        add(f"duplicate-{name}", status, body)
        add(f"duplicate-{name}", "paymentCallback", body)
    add("duplicate-code", "debitV4Web", dups["code"])
    add("duplicate-code", "refundV4", dups["code"], expect=NO_AMOUNT)
    for code in (201, 204, 302, 400, 404, 409, 429, 500, 503):
        add(f"paid-on-{code}", status, good, code)
        refund = envelope(transactionId=TXN, merchantId=MERCHANT, amount=AMOUNT)
        add(f"refund-success-on-{code}", "refundV4", refund, code, expect=NO_AMOUNT)
        started = envelope(
            transactionId=TXN, merchantId=MERCHANT, redirectType="WEB", redirectURL="https://pay.example/p"
        )
        add(f"accepted-on-{code}", "debitV4Web", started, code)
    add("rate-limit", status, envelope("API_RATE_LIMIT_REACHED", False), 429)
    add("rate-limit-200", status, envelope("API_RATE_LIMIT_REACHED", False), 200)
    add("rate-limit-html", "debitV4Web", "<html>busy</html>", 429)
    add("rate-limit-empty", "debitV4Web", None, 429)
    add("rate-limit-no-code", "debitV4Web", '{"success":false}', 429)
    add("rate-limit-failed-code", "refundV4", envelope("PAYMENT_ERROR", False, transactionId=TXN), 429)
    add("rate-limit-duplicate-keys", "debitV4Web", dups["code"], 429)
    nan = paid().replace(f'"amount":{AMOUNT}', '"amount":NaN')
    odd: tuple[tuple[str, str | None], ...] = (
        ("empty", ""),
        ("html", "<html/>"),
        ("array", "[1]"),
        ("none", None),
        ("nan", nan),
    )
    for body_name, odd_body in odd:
        add(f"body-{body_name}", status, odd_body)
        add(f"body-{body_name}", "refundV4", odd_body, 400, expect=NO_AMOUNT)
    add("server-error-with-code", "refundV4", envelope("INTERNAL_SERVER_ERROR", False), 500)
    add("internal-error-400", "refundV4", envelope("INTERNAL_SERVER_ERROR", False), 400)
    add("timed-out", status, envelope("TIMED_OUT", False), 200)

    # refunds refined by payResponseCode; a duplicate id on a later attempt
    for key in ("refundV3", "refundV4", "refundAppsHost"):
        for prc in ("DUPLICATE_TXN_REQUEST", "EXCESS_REFUND_AMOUNT", "WALLET_NOT_ACTIVATED", "SOMETHING_NEW", None):
            body = envelope("PAYMENT_ERROR", False, transactionId=TXN, payResponseCode=prc if prc else ABSENT)
            for attempt in (1, 2):
                add(
                    f"payment-error-{prc or 'none'}-attempt-{attempt}",
                    key,
                    body,
                    400,
                    expect=NO_AMOUNT,
                    attempt=attempt,
                )
        add("prc-number", key, envelope("PAYMENT_ERROR", False, payResponseCode=7), 400, expect=NO_AMOUNT)
        add("refund-pending", key, envelope("PAYMENT_PENDING", True, transactionId=TXN), 200, expect=NO_AMOUNT)
        add("refund-success", key, envelope(transactionId=TXN, amount=500), 200, expect=NO_AMOUNT)
        add("refund-success-no-id", key, envelope(amount=500), 200, expect=NO_AMOUNT)
    for key in ("debitV4Web", "debitV4Intent", "debitV3", "instantDebit"):
        body = envelope("INVALID_TRANSACTION_ID", False)
        for attempt in (1, 2, 3):
            add(f"duplicate-id-attempt-{attempt}", key, body, 400, attempt=attempt)

    # TRANSACTION_NOT_FOUND and time
    not_found = envelope("TRANSACTION_NOT_FOUND", False)
    times = {
        "nothing-known": None,
        "unknown-sends": _sends(10.0, known=False),
        "inside-grace": _sends(10.0),
        "grace-minus-a-bit": _sends(GRACE - 0.001),
        "exactly-grace": _sends(GRACE),
        "after-grace": _sends(GRACE * 10),
        "send-may-follow": _sends(GRACE * 10, closed=False),
        "send-may-follow-never-sent": _sends(None, closed=False, never=True),
        "clock-went-back": _sends(-500.0),
        "never-sent": _sends(None, never=True),
    }
    for name, sends in times.items():
        for key in (status, "getTransactionStatusAppsHost"):
            for code in (200, 400, 404):
                add(f"not-found-{name}-{code}", key, not_found, code, sends=sends)
    add("not-found-success-true", status, envelope("TRANSACTION_NOT_FOUND", True), 200, sends=_sends(GRACE * 10))
    add("not-found-with-other-id", status, envelope("TRANSACTION_NOT_FOUND", False, transactionId="KITTX2"), 400)

    # starts: accepted by the data; redirects; reads that move no money; an answer without an envelope
    page = {"redirectType": "WEB", "redirectURL": "https://pay.example/p"}
    for key in ("debitV4Web", "debitV4Intent"):
        add("accepted", key, envelope(**page))
        add("accepted-with-ids", key, envelope(transactionId=TXN, merchantId=MERCHANT, **page))
        add("accepted-other-id", key, envelope(transactionId="KITTX2", **page))
        add("accepted-no-page", key, envelope())
        add("accepted-empty-page", key, envelope(redirectURL="  "))
        add("accepted-page-number", key, envelope(redirectURL=5))
        add("SUCCESS-with-page", key, envelope("SUCCESS", **page))
        add("SUCCESS-with-page-no-success", key, envelope("SUCCESS", ABSENT, **page))
        add("SUCCESS-without-page", key, envelope("SUCCESS"))
        add("SUCCESS-success-false", key, envelope("SUCCESS", False, **page))
        add("SUCCESS-on-400", key, envelope("SUCCESS", **page), 400)
        add("unlisted-failed", key, envelope("PAID_NOW", False, **page))
        add("bad-request", key, envelope("BAD_REQUEST", False), 400)
        add("authorization", key, envelope("AUTHORIZATION_FAILED", False), 401)
        add("payment-error", key, envelope("PAYMENT_ERROR", False), 400)
    add("redirect-with-location", "debitV3", None, 302, location="https://pay.example/p")
    add("redirect-blank-location", "debitV3", None, 302, location=" ")
    add("redirect-no-location", "debitV3", None, 302)
    add("answer-200", "debitV3", envelope("PAYMENT_ERROR", False), 200)
    add("location-on-200", "debitV4Web", envelope(**page), 200, location="https://elsewhere.example/")
    add("redirect-not-a-redirect-op", "debitV4Web", None, 302, location="https://pay.example/p")
    add("success", "instantDebit", envelope(transactionId=TXN, merchantId=MERCHANT), expect=NO_AMOUNT)
    add("success-unlisted", "instantDebit", envelope("ALL_GOOD", transactionId=TXN), expect=NO_AMOUNT)
    add("unlisted-rejected", "instantDebit", envelope("BRAND_NEW", False), 400, expect=NO_AMOUNT)
    add("unlisted", "getWalletBalance", envelope("BRAND_NEW", False), 400)
    add("unlisted-success", "getWalletBalance", envelope("ALL_GOOD", wallet={"balance": 5}), 200)
    add("success", "getWalletBalance", envelope("SUCCESS", wallet={"balance": 5}), 200)
    add("duplicate-code", "getWalletBalance", dups["code"], 200)
    add("token", "getAuthorizationToken", '{"access_token":"x","expires_at":1}', 200)
    add("token-400", "getAuthorizationToken", '{"error":"invalid_client"}', 400)
    add("token-429", "getAuthorizationToken", '{"error":"slow down"}', 429)
    _rule_cases(add, good)
    return cases


BOM = "\ufeff"


def _rule_cases(add: Any, good: str) -> None:
    """One or more cases per rule of the spec's x-verdict-rules that the grid above does not reach on its own:
    byte order marks, duplicate keys outside the deciding fields, rate-limit codes against the status and the
    flag, depth, long integers and bytes that are not UTF-8 (the spec's reading rules)."""
    status = "getTransactionStatus"
    page = {"transactionId": TXN, "merchantId": MERCHANT, "redirectType": "WEB", "redirectURL": "https://pay.example/p"}
    # read-bom: one leading mark is dropped by every reader; a second one is text (not JSON)
    add("bom-paid", status, BOM + good)
    add("bom-paid", "paymentCallback", BOM + good)
    add("bom-twice", status, BOM + BOM + good)
    add("bom-not-leading", status, " " + BOM + good)
    add("bom-rate-limit-success-body", "debitV4Web", BOM + envelope("API_RATE_LIMIT_REACHED", True, **page), 429)
    add("bom-failed", "refundV4", BOM + envelope("PAYMENT_ERROR", False, transactionId=TXN), 400, expect=NO_AMOUNT)
    # read-utf8: bytes that are not UTF-8 (UTF-16 with its own mark included) are not JSON
    add(
        "latin1", status, None, body_bytes=good.replace("kit", "k\u00e9t").encode("utf-8").replace(b"\xc3\xa9", b"\xe9")
    )
    add("utf16", status, None, body_bytes=good.encode("utf-16"))
    add("utf16-on-429", "debitV4Web", None, 429, body_bytes=good.encode("utf-16"))
    # read-json: NaN, long integers, control characters, trailing garbage
    add("integer-too-long", status, paid(amount=ABSENT).replace('"state"', '"big":' + "9" * 4301 + ',"state"'))
    add("integer-longest", status, paid(amount=ABSENT).replace('"state"', '"big":' + "9" * 4300 + ',"state"'))
    add("control-character", status, good.replace('"kit"', '"k\u0001t"'))
    add("infinity", status, good.replace('"message":"kit"', '"message":-Infinity'))
    # read-duplicate-keys: any key, any depth, whatever the values
    other_data = '"data":{"transactionId":"KITTX2","amount":1,"state":"FAILED"},'
    add("two-data-objects", status, good.replace('"data":', other_data + '"data":', 1))
    add("two-data-objects", "paymentCallback", good.replace('"data":', other_data + '"data":', 1))
    add("duplicate-deep", status, good.replace('"state":"COMPLETED"', '"state":"COMPLETED","x":[{"y":{"z":1,"z":1}}]'))
    add("duplicate-same-value", status, good.replace('"message":"kit"', '"message":"kit","message":"kit"'))
    add("duplicate-on-429", "debitV4Web", good.replace('"message":"kit"', '"message":"kit","message":"kit"'), 429)
    # read-depth: the top-level object is level 1
    add("depth-at-limit", status, good.replace('"message":"kit"', '"message":' + "[" * 63 + "]" * 63))
    add("depth-over-limit", status, good.replace('"message":"kit"', '"message":' + "[" * 64 + "]" * 64))
    add("depth-far-over-limit", status, good.replace('"message":"kit"', '"message":' + "[" * 5000 + "]" * 5000))
    # rate-limit-code: "not processed" only on a 429 whose success is not true
    for key in ("debitV4Web", "refundV4", status):
        exp = NO_AMOUNT if key == "refundV4" else EXPECT
        data = page if key == "debitV4Web" else {"transactionId": TXN}
        add("rate-limit-code-200-success-true", key, envelope("API_RATE_LIMIT_REACHED", True, **data), 200, expect=exp)
        add("rate-limit-code-429-success-true", key, envelope("API_RATE_LIMIT_REACHED", True, **data), 429, expect=exp)
        add("rate-limit-code-200-success-false", key, envelope("API_RATE_LIMIT_REACHED", False), 200, expect=exp)
        add("rate-limit-code-400", key, envelope("API_RATE_LIMIT_REACHED", False), 400, expect=exp)
        add("rate-limit-code-429-no-success", key, envelope("API_RATE_LIMIT_REACHED", ABSENT), 429, expect=exp)
        add("rate-limit-code-429", key, envelope("API_RATE_LIMIT_REACHED", False), 429, expect=exp)
    # no-code on a 429: success true contradicts "not processed"
    add("rate-limit-no-code-success-true", "debitV4Web", '{"success":true}', 429)
    add("rate-limit-no-code-no-flag", "debitV4Web", '{"message":"slow down"}', 429)
    add("rate-limit-callback", "paymentCallback", envelope("API_RATE_LIMIT_REACHED", False), 200)
    # status-429: a 429 with any code but a rate-limit code is doubt (the gateway may have acted, or what the id
    # names may exist); only a plain rate-limit answer (no body, not JSON, no code, a rate-limit code) is not processed
    for key in ("refundV4", status):
        exp = NO_AMOUNT if key == "refundV4" else EXPECT
        doubtful = {
            "internal-server-error": envelope("INTERNAL_SERVER_ERROR", False),
            "timed-out": envelope("TIMED_OUT", False),
            "excess-refund-amount": envelope(
                "PAYMENT_ERROR", False, transactionId=TXN, payResponseCode="EXCESS_REFUND_AMOUNT"
            ),
            "duplicate-txn-request": envelope(
                "PAYMENT_ERROR", False, transactionId=TXN, payResponseCode="DUPLICATE_TXN_REQUEST"
            ),
            "success-true": paid() if key == status else envelope(transactionId=TXN, merchantId=MERCHANT),
            "plain-rate-limit": envelope("API_RATE_LIMIT_REACHED", False),
        }
        for name, body in doubtful.items():
            add(f"429-{name}", key, body, 429, expect=exp)
        add("429-not-json", key, "<html>Too Many Requests</html>", 429, expect=exp)


SAMPLED = 400  # seeded draws over the whole space of the verdict property test, beside the hand-picked grid


def _sampled(outcome_tables: dict[str, OutcomeTable], seed: int = 22) -> list[dict[str, Any]]:
    """A fixed, seeded sample of operation x HTTP status x code x payResponseCode x id and amount types x duplicate
    deciding keys (plain or \\u-escaped) x time since the last send x attempt: the same cases on every build."""
    rng = random.Random(seed)
    keys = sorted(outcome_tables)
    codes = sorted({c for row in outcome_tables.values() for c in row.codes})
    values: dict[str, list[object]] = {
        "transactionId": [TXN] * 6 + ["KITTX2", 7, [TXN], {"id": TXN}, None, ABSENT, ""],
        "merchantId": [MERCHANT] * 5 + ["M-OTHER", {"id": MERCHANT}, 5, None, ABSENT],
        "amount": [AMOUNT] * 6 + [AMOUNT + 1, float(AMOUNT), 1.5, str(AMOUNT), True, None, ABSENT],
        "payResponseCode": ["DUPLICATE_TXN_REQUEST", "EXCESS_REFUND_AMOUNT", "X", 5, ABSENT, ABSENT],
        "redirectURL": ["https://pay.example/p", "", " ", 5, ABSENT],
        "state": ["COMPLETED", ABSENT],
    }
    times = [None, _sends(10.0, known=False), _sends(10.0), _sends(GRACE), _sends(GRACE * 10)]
    times += [_sends(GRACE * 10, closed=False), _sends(-30.0), _sends(None, never=True)]
    out = []
    for n in range(SAMPLED):
        key = rng.choice(keys)
        data = {name: v for name, choices in values.items() if (v := rng.choice(choices)) is not ABSENT}
        body: dict[str, Any] = {}
        own = sorted(outcome_tables[key].codes)
        if own and rng.random() < 0.7:  # mostly a code the operation answers, with the success flag it implies
            code: object = rng.choice(own)
            positive = outcome_tables[key].codes[str(code)] in ("succeeded", "accepted", "pending")
            success: object = positive if rng.random() < 0.85 else rng.choice([not positive, None, "yes", ABSENT])
        else:
            code = rng.choice([*codes, "SUCCESS", "BRAND_NEW", 7, None, ABSENT])
            success = rng.choice([True, False, None, "yes", ABSENT])
        if success is not ABSENT:
            body["success"] = success
        if code is not ABSENT:
            body["code"] = code
        body["message"] = "kit"
        shape = rng.choice(["object"] * 12 + ["null", "list", "absent"])
        if shape != "absent":
            body["data"] = data if shape == "object" else None if shape == "null" else [data]
        text = json.dumps(body, separators=(",", ":"))
        duplicate = rng.choice((None,) * 10 + tuple(sorted(_DECIDING_KEYS)))
        if duplicate is not None:
            name = duplicate if rng.random() < 0.5 else f"\\u{ord(duplicate[0]):04x}{duplicate[1:]}"
            extra = f'"{name}":{json.dumps(rng.choice([True, "PAYMENT_SUCCESS", TXN, AMOUNT]))},'
            inner = text.find('"data":{')
            at = inner + len('"data":{') if duplicate in data and inner >= 0 and rng.random() < 0.7 else 1
            text = text[:at] + extra + text[at:]
        status = rng.choice([200] * 8 + [400] * 3 + [201, 204, 302, 401, 404, 429, 500, 503])
        expect = rng.choice([EXPECT, EXPECT, NO_AMOUNT, {"transaction_id": None, "merchant_id": None, "amount": None}])
        case = {
            "id": f"{key}:sampled-{n:03d}",
            "key": key,
            "status": status,
            "body": rng.choice([text] * 20 + [None, "", "<html/>"]),
            "location": rng.choice([None] * 4 + ["https://pay.example/p", " "]),
            "expect": expect,
            "sends": rng.choice(times),
            "attempt": rng.choice([1, 1, 2, 3]),
        }
        out.append(case)
    return out


def case_bytes(case: dict[str, Any]) -> bytes | None:
    """A verdict case's body as the bytes a client reads (None: no body)."""
    if "body_base64" in case:
        return base64.b64decode(case["body_base64"])
    body = case["body"]
    return None if body is None else str(body).encode("utf-8")


_DECIDING_KEYS = ("success", "code", "transactionId", "merchantId", "amount", "state", "payResponseCode")


def verdict_cases(doc: dict[str, Any]) -> list[dict[str, Any]]:
    """Every case of the grid whose table the document has, and the seeded sample, with the verdict function's
    conclusion."""
    outcome_tables = tables(doc)
    out = []
    for case in [*_grid(), *_sampled(outcome_tables)]:
        row = outcome_tables.get(case["key"])
        if row is None:
            continue
        raw = case_bytes(case)
        answer: dict[str, Any] | Unreadable | None = None if raw is None else read_answer(raw)
        e = case["expect"]
        s = case["sends"]
        got = judge(
            row,
            status=case["status"],
            answer=answer,
            expect=Expect(e["transaction_id"], e["merchant_id"], e["amount"]),
            sends=None if s is None else Sends(s["known"], s["last_at"], s["now"], s["grace"], s["closed"]),
            attempt=case["attempt"],
            location=case["location"],
        )
        case["verdict"] = got.verdict.value
        case["code"] = got.code
        case["pay_response_code"] = got.pay_response_code
        case["mismatch"] = got.mismatch
        case["rule"] = got.rule
        case["reading"] = answer.rule if isinstance(answer, Unreadable) else None
        out.append(case)
    ids = [c["id"] for c in out]
    assert len(ids) == len(set(ids)), "verdict case ids must be unique"
    return out


def poll_schedule() -> dict[str, Any]:
    """The Python task layer's status-polling schedule and TRANSACTION_NOT_FOUND grace, as data."""
    return {
        "about": "When `wait` checks the status (seconds after the start): at first_check_after, then every "
        "`every` seconds for `duration` seconds per phase (null: until the timeout), and at the timeout itself. "
        "TRANSACTION_NOT_FOUND is final only `grace` seconds after the last send. From the Python client's "
        "merchant_gateway.flows.schedule.DEFAULT_SCHEDULE and GatewayConfig.reconcile_grace.",
        "first_check_after": DEFAULT_SCHEDULE.first_check_after,
        "phases": [{"every": p.every, "duration": p.duration} for p in DEFAULT_SCHEDULE.phases],
        "timeout": DEFAULT_SCHEDULE.timeout,
        "offsets": list(DEFAULT_SCHEDULE.offsets()),
        "grace": GRACE,
    }


def kit_sections(doc: dict[str, Any]) -> dict[str, Any]:
    """The kit's verdict sections (make_kit.make_kit adds them)."""
    return {
        "verdicts": {
            "about": ABOUT,
            "categories": categories(doc),
            "rules": verdict_rules(doc),
            "poll": poll_schedule(),
            "cases": verdict_cases(doc),
        }
    }
