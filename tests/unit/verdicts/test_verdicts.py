"""The verdict function (merchant_gateway.verdicts), table-driven and property-based (issue 22).

Expectations are written from the interface document and the spec's x-codes by hand, not read back from the
function: a paid payment needs its own transaction id and exact amount; a contradiction is never a success; "not
recorded" only once no request can still arrive and the grace is over.
"""

from __future__ import annotations

import json
import os
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from merchant_gateway.verdicts import OUTCOMES, Expect, Sends, Verdict, judge, read_answer, table

TXN, MERCHANT, AMOUNT = "T1", "M1", 10_000
EXPECT = Expect(TXN, MERCHANT, AMOUNT)
CLOSED_LONG_AGO = Sends(known=True, last_at=0.0, now=1_000.0, grace=60.0)


def body(code: str | None = "PAYMENT_SUCCESS", success: object = True, **data: Any) -> dict[str, Any]:
    envelope: dict[str, Any] = {"success": success, "message": "m", "data": data}
    if code is not None:
        envelope["code"] = code
    return envelope


def status_read(answer: Any, status: int = 200, **kw: Any) -> Verdict:
    raw = answer if isinstance(answer, bytes) else json.dumps(answer).encode()
    return judge(table("getTransactionStatus"), status=status, answer=read_answer(raw), expect=EXPECT, **kw).verdict


PAID = body(transactionId=TXN, merchantId=MERCHANT, amount=AMOUNT)


# --- table-driven: the eight findings, each at the verdict level ---------------------------------------------------


def test_a_paid_status_with_its_own_id_and_amount_is_succeeded() -> None:
    assert status_read(PAID) is Verdict.SUCCEEDED


@pytest.mark.parametrize(
    "data",
    [
        {"transactionId": 7, "amount": AMOUNT},  # a number
        {"transactionId": [TXN], "amount": AMOUNT},  # a list
        {"transactionId": None, "amount": AMOUNT},  # null
        {"amount": AMOUNT},  # absent
        {"transactionId": "OTHER", "amount": AMOUNT},  # another transaction's answer
        {"transactionId": TXN, "merchantId": {"id": MERCHANT}, "amount": AMOUNT},  # merchantId an object
        {"transactionId": TXN, "merchantId": "M2", "amount": AMOUNT},  # another merchant
    ],
)
def test_finding_2_a_status_without_proven_identity_is_never_succeeded(data: dict[str, Any]) -> None:
    assert status_read(body(**data)) is Verdict.UNREADABLE


def test_finding_2_no_data_at_all_is_never_succeeded() -> None:
    assert status_read({"success": True, "code": "PAYMENT_SUCCESS", "message": "m"}) is Verdict.UNREADABLE


@pytest.mark.parametrize("amount", [1.0, "1", None, True, AMOUNT + 1, str(AMOUNT), float(AMOUNT)])
def test_finding_3_a_status_without_the_exact_integer_amount_is_never_succeeded(amount: object) -> None:
    data: dict[str, Any] = {"transactionId": TXN, "merchantId": MERCHANT}
    if amount is not None:
        data["amount"] = amount
    assert status_read(body(**data)) is Verdict.UNREADABLE


def test_a_paid_status_without_an_expected_amount_is_unconfirmed_not_succeeded() -> None:
    answer = read_answer(json.dumps(PAID).encode())
    got = judge(table("getTransactionStatus"), status=200, answer=answer, expect=Expect(TXN, MERCHANT, None))
    assert got.verdict is Verdict.UNCONFIRMED
    assert not got.verdict.final


NOT_FOUND = body("TRANSACTION_NOT_FOUND", success=False)


@pytest.mark.parametrize(
    ("sends", "verdict"),
    [
        (None, Verdict.NOT_FOUND),  # nothing known of what was sent: not final
        (Sends(known=False, last_at=None, now=100.0, grace=60.0), Verdict.NOT_FOUND),
        (Sends(known=True, last_at=90.0, now=100.0, grace=60.0), Verdict.NOT_YET_FOUND),  # finding 4: inside grace
        (Sends(known=True, last_at=0.0, now=100.0, grace=60.0, closed=False), Verdict.NOT_YET_FOUND),  # finding 1
        (Sends(known=True, last_at=500.0, now=100.0, grace=60.0), Verdict.NOT_YET_FOUND),  # the clock went back
        (Sends(known=True, last_at=40.0, now=100.0, grace=60.0), Verdict.NOT_RECORDED),  # exactly the grace
        (Sends(known=True, last_at=None, now=100.0, grace=60.0), Verdict.NOT_RECORDED),  # known: never sent
    ],
)
def test_findings_1_and_4_not_found_knows_time(sends: Sends | None, verdict: Verdict) -> None:
    assert status_read(NOT_FOUND, 400, sends=sends) is verdict
    assert status_read(NOT_FOUND, 200, sends=sends) is verdict  # described under both statuses


@pytest.mark.parametrize("op", ["refundV3", "refundV4", "refundAppsHost"])
def test_finding_5_refund_codes_refined_by_pay_response_code(op: str) -> None:
    def refund(prc: str) -> Verdict:
        answer = read_answer(json.dumps(body("PAYMENT_ERROR", success=False, payResponseCode=prc)).encode())
        return judge(table(op), status=400, answer=answer, expect=Expect("R1", MERCHANT, None)).verdict

    assert refund("DUPLICATE_TXN_REQUEST") is Verdict.DUPLICATE  # a refund that exists
    assert refund("EXCESS_REFUND_AMOUNT") is Verdict.UNKNOWN  # possibly refunded already
    assert refund("WALLET_NOT_ACTIVATED") is Verdict.FAILED
    assert refund("SOMETHING_NEW") is Verdict.FAILED  # an open value keeps the code's outcome


@pytest.mark.parametrize(
    "raw",
    [
        b'{"success":false,"code":"PAYMENT_ERROR","message":"m","code":"PAYMENT_SUCCESS","data":'
        b'{"transactionId":"T1","merchantId":"M1","amount":10000}}',
        b'{"success":true,"code":"PAYMENT_SUCCESS","data":{"transactionId":"T1","transactionId":"T1",'
        b'"merchantId":"M1","amount":10000}}',
        b'{"success":true,"code":"PAYMENT_SUCCESS","data":{"transactionId":"T1","merchantId":"M1",'
        b'"amount":1,"amount":10000}}',
        # the same key spelled with an escape: json reads both as "code"
        b'{"success":true,"code":"PAYMENT_ERROR","\\u0063ode":"PAYMENT_SUCCESS","data":'
        b'{"transactionId":"T1","merchantId":"M1","amount":10000}}',
    ],
)
def test_finding_6_duplicate_deciding_keys_are_unreadable(raw: bytes) -> None:
    assert status_read(raw) is Verdict.UNREADABLE


@pytest.mark.parametrize("status", [201, 302, 400, 404, 429])
def test_finding_6_a_success_body_on_another_status_is_never_success(status: int) -> None:
    assert status_read(PAID, status) in ({Verdict.UNREADABLE} if status != 201 else {Verdict.SUCCEEDED})
    refund = read_answer(json.dumps(body(transactionId="R1", merchantId=MERCHANT)).encode())
    got = judge(table("refundV4"), status=status, answer=refund, expect=Expect("R1", MERCHANT, None)).verdict
    assert got is (Verdict.SUCCEEDED if status == 201 else Verdict.UNKNOWN)


def test_success_flag_against_the_code_is_a_contradiction() -> None:
    assert status_read(body(success=False, transactionId=TXN, merchantId=MERCHANT, amount=AMOUNT)) is Verdict.UNREADABLE
    failed = body("PAYMENT_ERROR", success=True, transactionId=TXN, merchantId=MERCHANT)
    assert status_read(failed) is Verdict.UNREADABLE
    pending = body("PAYMENT_PENDING", success=False, transactionId=TXN)  # success on pending: not shown
    assert status_read(pending) is Verdict.PENDING


def test_a_v4_debit_success_is_accepted_never_paid_and_needs_the_page() -> None:
    def debit(answer: dict[str, Any], status: int = 200) -> Verdict:
        got = judge(table("debitV4Web"), status=status, answer=read_answer(json.dumps(answer).encode()), expect=EXPECT)
        return got.verdict

    page = {"redirectType": "WEB", "redirectURL": "https://pay.example/p"}
    assert debit(body(**page)) is Verdict.ACCEPTED
    assert debit(body()) is Verdict.UNKNOWN  # no page: the start may have happened, nothing proves it
    assert debit(body("SUCCESS", **page)) is Verdict.ACCEPTED  # a code it does not list, decided by the data
    assert debit(body("SUCCESS")) is Verdict.UNKNOWN
    assert debit(body("PAID_NOW", success=False, **page)) is Verdict.UNKNOWN
    assert debit(body("INVALID_TRANSACTION_ID", success=False)) is Verdict.DUPLICATE


def test_a_duplicate_answer_to_a_later_attempt_may_be_this_calls_own_first_attempt() -> None:
    answer = read_answer(json.dumps(body("INVALID_TRANSACTION_ID", success=False)).encode())
    first = judge(table("debitV4Web"), status=400, answer=answer, expect=EXPECT, attempt=1)
    again = judge(table("debitV4Web"), status=400, answer=answer, expect=EXPECT, attempt=2)
    assert (first.verdict, again.verdict) == (Verdict.DUPLICATE, Verdict.UNKNOWN)


def test_rate_limits_and_server_errors() -> None:
    limited = body("API_RATE_LIMIT_REACHED", success=False)
    assert status_read(limited, 429) is Verdict.RATE_LIMITED
    assert (
        judge(table("debitV4Web"), status=429, answer=read_answer(b"<html>busy</html>")).verdict is Verdict.RATE_LIMITED
    )
    assert judge(table("debitV4Web"), status=503, answer=None).verdict is Verdict.UNKNOWN
    ise = read_answer(json.dumps(body("INTERNAL_SERVER_ERROR", success=False)).encode())
    assert judge(table("refundV4"), status=400, answer=ise).verdict is Verdict.UNKNOWN


def test_a_code_an_operation_does_not_list() -> None:
    new = read_answer(json.dumps(body("BRAND_NEW", success=False)).encode())
    assert judge(table("instantDebit"), status=400, answer=new).verdict is Verdict.UNKNOWN  # may have moved money
    assert judge(table("getWalletBalance"), status=400, answer=new).verdict is Verdict.REJECTED  # a safe read
    ok = read_answer(json.dumps(body("PAYMENT_SUCCESS", transactionId="I1", merchantId=MERCHANT)).encode())
    assert judge(table("instantDebit"), status=200, answer=ok, expect=Expect("I1", MERCHANT, None)).verdict is (
        Verdict.SUCCEEDED
    )
    odd = read_answer(json.dumps(body("ALL_GOOD", transactionId="I1")).encode())
    assert judge(table("instantDebit"), status=200, answer=odd, expect=Expect("I1", MERCHANT, None)).verdict is (
        Verdict.UNKNOWN  # a success of a money move needs a code its table lists
    )


def test_every_operation_of_the_spec_has_a_table_and_every_refinement_names_a_listed_code() -> None:
    for key, row in OUTCOMES.items():
        assert row.key == key
        assert all(code in row.codes for code, _ in row.refine), key
        assert row.unlisted == ("rejected" if not row.may_move_money else "unknown"), key


# --- property-based ------------------------------------------------------------------------------------------------

ABSENT = object()
CODES = sorted({c for row in OUTCOMES.values() for c in row.codes} | {"SUCCESS", "BRAND_NEW"})
IDS = st.sampled_from(["match", "other", 7, ["x"], {"a": 1}, None, ABSENT])
AMOUNTS = st.sampled_from(["match", AMOUNT + 5, 1.0, "1", None, True, ABSENT])


def _value(choice: object, good: object, other: object) -> object:
    return good if choice == "match" else other if choice == "other" else choice


@st.composite
def answers(draw: st.DrawFn) -> tuple[bytes, dict[str, Any]]:
    data: dict[str, Any] = {}
    facts: dict[str, Any] = {}
    for name, good, other, strategy in (
        ("transactionId", TXN, "T-OTHER", IDS),
        ("merchantId", MERCHANT, "M-OTHER", IDS),
        ("amount", AMOUNT, AMOUNT + 1, AMOUNTS),
    ):
        choice = draw(strategy)
        facts[name] = choice
        if choice is not ABSENT:
            data[name] = _value(choice, good, other)
    data["payResponseCode"] = draw(st.sampled_from(["DUPLICATE_TXN_REQUEST", "EXCESS_REFUND_AMOUNT", "X", None]))
    data["redirectURL"] = draw(st.sampled_from(["https://pay.example/p", "", None]))
    code = draw(st.sampled_from([*CODES, None]))
    success = draw(st.sampled_from([True, False, None, "yes"]))
    envelope: dict[str, Any] = {"success": success, "code": code, "data": data}
    text = json.dumps(envelope)
    duplicate = draw(st.sampled_from([None, "code", "success", "transactionId", "amount"]))
    if duplicate in ("transactionId", "amount") and duplicate not in data:
        duplicate = None  # nothing to duplicate
    if duplicate is not None:  # a second copy of a deciding key, last in its object (json keeps the last)
        extra = f', "{duplicate}": "PAYMENT_SUCCESS"'
        text = text[:-2] + extra + "}}" if duplicate in data else text[:-1] + extra + "}"
    facts |= {"code": code, "success": success, "duplicate": duplicate}
    return text.encode(), facts


@given(
    op=st.sampled_from(sorted(OUTCOMES)),
    status=st.sampled_from([200, 201, 302, 400, 404, 429, 500]),
    answer=answers(),
    since=st.floats(-120, 600, allow_nan=False),
    closed=st.booleans(),
    attempt=st.integers(1, 3),
)
# 1,000 examples in `make test`; soak/verdict_report.py runs 30,000 (MGW_VERDICT_EXAMPLES)
@settings(max_examples=int(os.environ.get("MGW_VERDICT_EXAMPLES", "1000")), deadline=None)
def test_invariants(
    op: str, status: int, answer: tuple[bytes, dict[str, Any]], since: float, closed: bool, attempt: int
) -> None:
    raw, facts = answer
    row = table(op)
    sends = Sends(known=True, last_at=1_000.0, now=1_000.0 + since, grace=60.0, closed=closed)
    got = judge(row, status=status, answer=read_answer(raw), expect=EXPECT, sends=sends, attempt=attempt).verdict
    deciding_dup = facts["duplicate"] is not None
    if got is Verdict.SUCCEEDED:
        assert 200 <= status < 300
        assert not deciding_dup
        assert facts["success"] is not False
        if row.codes:  # every operation with an envelope: ids, where they are, are this call's
            assert facts["transactionId"] in ("match", None, ABSENT)
            assert facts["merchantId"] in ("match", None, ABSENT)
        if "data.transactionId" in row.evidence.get("succeeded", ()):
            assert facts["transactionId"] == "match"
        if row.payment_state:
            assert facts["transactionId"] == "match"
            assert facts["amount"] == "match"
        if row.may_move_money:
            assert row.codes.get(facts["code"]) == "succeeded"
    if got in (Verdict.SUCCEEDED, Verdict.ACCEPTED, Verdict.PENDING):
        assert 200 <= status < 300
        assert not deciding_dup
    if got is Verdict.NOT_RECORDED:
        assert closed
        assert since >= 60.0
        assert row.payment_state
    if got is Verdict.FAILED:
        assert not deciding_dup
        assert facts["success"] is not True
        if row.payment_state:
            assert facts["transactionId"] == "match"
    if deciding_dup:  # a contradiction is never an answer
        assert got in (Verdict.UNKNOWN, Verdict.UNREADABLE, Verdict.RATE_LIMITED) or status >= 500
        if got is Verdict.RATE_LIMITED:
            pytest.fail("a self-contradicting JSON body on a 429 is not evidence of 'not processed'")
    if row.may_move_money:
        assert got is not Verdict.UNREADABLE  # a doubtful answer to a money move is unknown: reconcile it


def test_a_body_not_in_utf8_is_not_json() -> None:
    """JSON is UTF-8: json.loads would guess UTF-16 from bytes, past the duplicate-key check (found by the TS port)."""
    raw = (
        '{"success":true,"code":"PAYMENT_ERROR","code":"PAYMENT_SUCCESS","data":'
        '{"transactionId":"T1","merchantId":"M1","amount":10000}}'
    ).encode("utf-16")
    assert status_read(raw) is Verdict.UNREADABLE


def test_a_paid_status_needs_a_code_its_table_lists() -> None:
    assert status_read(body("BRAND_NEW", transactionId=TXN, merchantId=MERCHANT, amount=AMOUNT)) is Verdict.UNREADABLE


def test_a_server_error_code_an_operation_does_not_list_is_unknown() -> None:
    assert status_read(body("TIMED_OUT", success=False), 400) is Verdict.UNKNOWN


def test_an_envelope_saying_success_false_is_no_token() -> None:
    """The token call answers token fields, not an envelope: a body saying success false is not a success."""
    answer = read_answer(b'{"success": false, "code": null, "data": {}}')
    assert judge(table("getAuthorizationToken"), status=200, answer=answer).verdict is Verdict.REJECTED
    assert judge(table("getAuthorizationToken"), status=200, answer=read_answer(b'{"access_token": "a"}')).verdict is (
        Verdict.SUCCEEDED
    )
