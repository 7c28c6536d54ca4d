"""The kit's verdict cases (tools/conformance/verdict_cases.py) replayed through the Python client's verdict function
over the generated package's outcome table (merchant_gateway_client.outcomes), and the invariants of issue 22 checked
on every case, so a kit built from a wrong table or a wrong rule fails here before another language replays it."""

from __future__ import annotations

import base64
import json
from typing import Any

import pytest
from merchant_gateway.flows.schedule import DEFAULT_SCHEDULE
from merchant_gateway.verdicts import CATEGORIES, OUTCOMES, Expect, Sends, Unreadable, Verdict, judge, read_answer
from merchant_gateway_client.outcomes import RULE_IDS

BOM = "\ufeff"


def _bytes(case: dict[str, Any]) -> bytes | None:
    """The case's body as the bytes a client reads (`body_base64` when the bytes are not UTF-8)."""
    if "body_base64" in case:
        return base64.b64decode(case["body_base64"])
    return None if case["body"] is None else case["body"].encode("utf-8")


def _cases(kit: dict[str, Any]) -> list[dict[str, Any]]:
    return list(kit["verdicts"]["cases"])


def _replay(case: dict[str, Any]) -> tuple[str, str | None, str | None, str | None, str, str | None]:
    raw = _bytes(case)
    answer = None if raw is None else read_answer(raw)
    e, s = case["expect"], case["sends"]
    got = judge(
        OUTCOMES[case["key"]],
        status=case["status"],
        answer=answer,
        expect=Expect(e["transaction_id"], e["merchant_id"], e["amount"]),
        sends=None if s is None else Sends(s["known"], s["last_at"], s["now"], s["grace"], s["closed"]),
        attempt=case["attempt"],
        location=case["location"],
    )
    reading = answer.rule if isinstance(answer, Unreadable) else None
    return got.verdict.value, got.code, got.pay_response_code, got.mismatch, got.rule, reading


def test_every_verdict_case_replays_through_the_python_client(kit: dict[str, Any]) -> None:
    wrong = [
        (c["id"], want, got)
        for c in _cases(kit)
        if (got := _replay(c))
        != (want := (c["verdict"], c["code"], c["pay_response_code"], c["mismatch"], c["rule"], c["reading"]))
    ]
    assert not wrong, wrong[:5]


def test_every_rule_of_the_spec_has_a_case(kit: dict[str, Any]) -> None:
    """Each rule id of x-verdict-rules decides at least one case (`rule` or `reading`); read-bom is covered by a body
    with a leading byte order mark that was read, and `outcome` (which only looks the code up) by any case decided
    after it."""
    cases = _cases(kit)
    seen = {c["rule"] for c in cases} | {c["reading"] for c in cases if c["reading"]}
    if any(c["body"] and c["body"].startswith(BOM) and c["reading"] is None for c in cases):
        seen.add("read-bom")
    order = list(RULE_IDS)
    if any(order.index(c["rule"]) > order.index("outcome") for c in cases):
        seen.add("outcome")
    assert set(RULE_IDS) - seen == set()
    assert seen <= set(RULE_IDS)
    assert list(RULE_IDS) == [r["id"] for r in kit_rules(kit)]


def kit_rules(kit: dict[str, Any]) -> list[dict[str, Any]]:
    """The reading rules and steps the kit's operations facts carry (operations.json `outcomes.rules`)."""
    rules = kit["verdicts"]["rules"]
    return [*rules["reading"]["rules"], *rules["steps"]]


def test_the_kit_names_the_table_and_categories_the_client_has(kit: dict[str, Any]) -> None:
    assert {c["key"] for c in _cases(kit)} <= set(OUTCOMES)
    assert kit["verdicts"]["categories"] == dict(CATEGORIES)


def _duplicated_deciding_key(body: str | None) -> bool:
    if body is None:
        return False
    deciding = {"success", "code", "transactionId", "merchantId", "amount", "paymentState", "state", "payResponseCode"}
    found = False

    def pairs(items: list[tuple[str, Any]]) -> dict[str, Any]:
        nonlocal found
        keys = [k for k, _ in items]
        found |= any(keys.count(k) > 1 for k in deciding)
        return dict(items)

    try:
        json.loads(body, object_pairs_hook=pairs)
    except (ValueError, RecursionError):
        return False
    return found


def test_the_invariants_hold_on_every_case(kit: dict[str, Any]) -> None:
    """Issue 22's invariants, written from the cases' inputs: never succeeded without this transaction's id (and,
    for a payment state, the exact integer amount) on a 2xx; nothing from a self-contradicting body; never final
    about a missing record while a send may still happen or inside the grace."""
    for case in _cases(kit):
        verdict = Verdict(case["verdict"])
        row = OUTCOMES[case["key"]]
        raw = _bytes(case)
        body = None if raw is None else raw.decode("utf-8", "replace").removeprefix(BOM)
        data = {}
        try:
            parsed = json.loads(body) if body else None
        except (ValueError, RecursionError):
            parsed = None
        if isinstance(parsed, dict) and isinstance(parsed.get("data"), dict):
            data = parsed["data"]
        if verdict in (Verdict.SUCCEEDED, Verdict.ACCEPTED, Verdict.PENDING, Verdict.FAILED):
            redirected = row.redirect and 300 <= case["status"] < 400 and verdict is Verdict.ACCEPTED
            assert 200 <= case["status"] < 300 or verdict is Verdict.FAILED or redirected, case["id"]
            assert not _duplicated_deciding_key(body), case["id"]
        if verdict is Verdict.SUCCEEDED and row.codes:
            assert data.get("transactionId") in (case["expect"]["transaction_id"], None), case["id"]
            if row.payment_state:
                assert data.get("transactionId") == case["expect"]["transaction_id"], case["id"]
                assert type(data.get("amount")) is int, case["id"]
                assert data["amount"] == case["expect"]["amount"], case["id"]
        if verdict is Verdict.NOT_RECORDED:
            s = case["sends"]
            assert s["closed"], case["id"]
            assert s["last_at"] is None or s["now"] - s["last_at"] >= s["grace"], case["id"]
        if _duplicated_deciding_key(body):
            assert verdict in (Verdict.UNKNOWN, Verdict.UNREADABLE), case["id"]


@pytest.mark.parametrize(
    ("case_id", "verdict"),
    [
        ("getTransactionStatus:tx-match-amount-match", "succeeded"),
        ("getTransactionStatus:tx-number-amount-match", "unreadable"),  # finding 2
        ("paymentCallback:no-data", "unknown"),
        ("getTransactionStatus:tx-match-amount-float-literal", "unreadable"),  # finding 3
        ("getTransactionStatus:not-found-inside-grace-200", "not-yet-found"),  # finding 4
        ("getTransactionStatus:not-found-send-may-follow-400", "not-yet-found"),  # finding 1
        ("getTransactionStatus:not-found-after-grace-400", "not-recorded"),
        ("refundV4:payment-error-DUPLICATE_TXN_REQUEST-attempt-1", "duplicate"),  # finding 5
        ("refundV4:payment-error-EXCESS_REFUND_AMOUNT-attempt-1", "unknown"),
        ("getTransactionStatus:duplicate-code-escaped", "unreadable"),  # finding 6
        ("refundV4:refund-success-on-404", "unknown"),
        ("getTransactionStatus:paid-on-302", "unreadable"),
        ("debitV4Web:SUCCESS-with-page", "accepted"),  # issue 26: an independent gateway's v4 debit
        ("debitV4Web:duplicate-id-attempt-2", "unknown"),
        # issue 33: a rate-limit code on a success envelope is never "not processed"; one byte order mark rule;
        # any key twice makes an answer unreadable (two `data` objects, the last naming this payment)
        ("debitV4Web:rate-limit-code-200-success-true", "unknown"),
        ("debitV4Web:bom-rate-limit-success-body", "unknown"),
        ("refundV4:rate-limit-code-429", "rate-limited"),
        ("getTransactionStatus:bom-paid", "succeeded"),
        ("paymentCallback:bom-paid", "succeeded"),
        ("getTransactionStatus:two-data-objects", "unreadable"),
        ("paymentCallback:two-data-objects", "unknown"),
        ("getTransactionStatus:duplicate-other-key", "unreadable"),
        # a 429 is "not processed" only with a plain rate-limit answer: a code that says the gateway may have acted
        # or that a refund under the id exists is doubt, never rate-limited
        ("refundV4:429-internal-server-error", "unknown"),
        ("refundV4:429-timed-out", "unknown"),
        ("refundV4:429-excess-refund-amount", "unknown"),
        ("refundV4:429-duplicate-txn-request", "unknown"),
        ("refundV4:429-success-true", "unknown"),
        ("refundV4:rate-limit-failed-code", "unknown"),
        ("refundV4:429-not-json", "rate-limited"),
        ("refundV4:429-plain-rate-limit", "rate-limited"),
        ("getTransactionStatus:429-internal-server-error", "unreadable"),
        ("getTransactionStatus:429-duplicate-txn-request", "unreadable"),
        ("getTransactionStatus:429-success-true", "unreadable"),
        ("getTransactionStatus:429-not-json", "rate-limited"),
        ("getTransactionStatus:429-plain-rate-limit", "rate-limited"),
    ],
)
def test_the_kit_covers_each_finding(kit: dict[str, Any], case_id: str, verdict: str) -> None:
    by_id = {c["id"]: c for c in _cases(kit)}
    assert by_id[case_id]["verdict"] == verdict


def test_the_poll_schedule_is_the_task_layers(kit: dict[str, Any]) -> None:
    poll = kit["verdicts"]["poll"]
    assert poll["offsets"] == list(DEFAULT_SCHEDULE.offsets())
    assert (poll["first_check_after"], poll["timeout"]) == (
        DEFAULT_SCHEDULE.first_check_after,
        DEFAULT_SCHEDULE.timeout,
    )
    assert [(p["every"], p["duration"]) for p in poll["phases"]] == [
        (p.every, p.duration) for p in DEFAULT_SCHEDULE.phases
    ]
