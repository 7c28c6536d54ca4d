"""The spec's verdict rules (x-verdict-rules) as the Python client applies them (issue 33), with expectations written
by hand from the issue's reproductions: a rate-limit code on a success envelope, byte order marks in every reader,
duplicate keys outside the deciding fields, and the verdict function reading its sets from the generated rules."""

from __future__ import annotations

import base64
import hashlib
import inspect
import json
import re
from pathlib import Path

import pytest
from merchant_gateway import CallbackVerifier, SignatureError, answer_json, verdicts
from merchant_gateway.verdicts import Expect, Unreadable, Verdict, judge, read_answer, table
from merchant_gateway_client.outcomes import JUDGING, READING, RULE_IDS

TXN, MERCHANT, AMOUNT = "TX33", "M33", 10_000
EXPECT = Expect(TXN, MERCHANT, AMOUNT)
BOM = b"\xef\xbb\xbf"
PAGE = {"transactionId": TXN, "merchantId": MERCHANT, "redirectType": "WEB", "redirectURL": "https://pay.example/p"}


def body(code: str | None, success: object, **data: object) -> bytes:
    doc: dict[str, object] = {"success": success, "message": "m", "data": data}
    if code is not None:
        doc["code"] = code
    return json.dumps(doc, separators=(",", ":")).encode()


def paid() -> bytes:
    return body("PAYMENT_SUCCESS", True, transactionId=TXN, merchantId=MERCHANT, amount=AMOUNT, state="COMPLETED")


def verdict(key: str, status: int, content: bytes | None, expect: Expect = EXPECT) -> Verdict:
    answer = None if content is None else read_answer(content)
    return judge(table(key), status=status, answer=answer, expect=expect).verdict


# --- rate-limit codes: "not processed" only where the status and the flag agree -----------------------------------


def test_a_rate_limit_code_on_a_success_envelope_is_unknown_never_not_sent() -> None:
    """The issue's debit: HTTP 200, success true, API_RATE_LIMIT_REACHED, a payments page (the gateway recorded
    it). Judged rate-limited it was re-sent and made NOT_SENT; it must be unknown, so the payment is checked."""
    answer = body("API_RATE_LIMIT_REACHED", True, **PAGE)
    got = judge(table("debitV4Web"), status=200, answer=read_answer(answer), expect=EXPECT)
    assert got.verdict is Verdict.UNKNOWN
    assert got.rule == "rate-limit-code"
    assert verdict("debitV4Web", 429, answer) is Verdict.UNKNOWN  # a 429 saying success is no "not processed"
    assert verdict("debitV4Web", 429, BOM + answer) is Verdict.UNKNOWN  # nor with a byte order mark
    assert verdict("refundV4", 200, body("API_RATE_LIMIT_REACHED", False)) is Verdict.UNKNOWN
    assert verdict("getTransactionStatus", 200, body("API_RATE_LIMIT_REACHED", False)) is Verdict.UNREADABLE


@pytest.mark.parametrize("success", [False, None])
def test_a_plain_rate_limit_answer_on_a_429_is_not_processed(success: object) -> None:
    assert verdict("debitV4Web", 429, body("API_RATE_LIMIT_REACHED", success)) is Verdict.RATE_LIMITED
    assert verdict("debitV4Web", 429, b"<html>busy</html>") is Verdict.RATE_LIMITED
    assert verdict("debitV4Web", 429, None) is Verdict.RATE_LIMITED


def test_a_429_without_a_code_but_success_true_is_doubt() -> None:
    assert verdict("debitV4Web", 429, b'{"success":true}') is Verdict.UNKNOWN
    assert verdict("debitV4Web", 429, b'{"success":false}') is Verdict.RATE_LIMITED


# --- byte order marks: one rule in every reader ---------------------------------------------------------------------


def test_one_leading_byte_order_mark_is_dropped() -> None:
    assert verdict("getTransactionStatus", 200, BOM + paid()) is Verdict.SUCCEEDED
    assert read_answer(BOM + b'{"a":1}') == {"a": 1}
    twice = read_answer(BOM + BOM + b'{"a":1}')
    assert isinstance(twice, Unreadable)
    assert twice.rule == "read-json"
    assert isinstance(read_answer(b" " + BOM + b"{}"), Unreadable)
    assert READING.byte_order_mark == "strip"


def test_utf16_and_latin1_are_not_json() -> None:
    for raw in ('{"a":1}'.encode("utf-16"), b'{"a":"\xe9"}'):
        got = read_answer(raw)
        assert isinstance(got, Unreadable)
        assert got.rule == "read-utf8"


def _signed(payload: bytes, *, envelope_bom: bool = False) -> tuple[bytes, str, dict[str, str]]:
    salts = {"1": "bom-salt"}
    b64 = base64.b64encode(payload).decode()
    envelope = json.dumps({"response": b64}).encode()
    header = hashlib.sha256((b64 + salts["1"]).encode()).hexdigest() + "###1"
    return (BOM + envelope if envelope_bom else envelope), header, salts


@pytest.mark.parametrize("where", ["payload", "envelope", "both"])
def test_callbacks_read_a_byte_order_mark_like_every_answer(where: str) -> None:
    payload = BOM + paid() if where in ("payload", "both") else paid()
    raw, header, salts = _signed(payload, envelope_bom=where in ("envelope", "both"))
    cb = CallbackVerifier(salts, merchant_id=MERCHANT).verify_payment_callback(raw, header, expected_amount=AMOUNT)
    assert cb.is_success
    assert cb.verdict is Verdict.SUCCEEDED


def test_a_callback_with_two_marks_is_refused() -> None:
    raw, header, salts = _signed(BOM + BOM + paid())
    with pytest.raises(SignatureError):
        CallbackVerifier(salts, merchant_id=MERCHANT).verify_payment_callback(raw, header, expected_amount=AMOUNT)


# --- duplicate keys anywhere on the answer ---------------------------------------------------------------------------


def test_two_data_objects_make_the_answer_unreadable() -> None:
    """The issue's status answer: a first `data` about another transaction (amount 1, FAILED), the last this
    payment's success. The last key used to win and the payment was made final PAYMENT_SUCCESS."""
    good = paid()
    other = b'"data":{"transactionId":"TX-OTHER","amount":1,"state":"FAILED"},'
    answer = good.replace(b'"data":', other + b'"data":', 1)
    got = read_answer(answer)
    assert isinstance(got, Unreadable)
    assert got.rule == "read-duplicate-keys"
    assert verdict("getTransactionStatus", 200, answer) is Verdict.UNREADABLE
    assert verdict("paymentCallback", 200, answer) is Verdict.UNKNOWN


@pytest.mark.parametrize(
    "text",
    [
        '{"message":"a","message":"a"}',
        '{"data":{"x":{"y":[{"z":1,"z":2}]}}}',
        '{"code":"A","\\u0063ode":"A"}',
        '{"data":{"amount":1,"amount":1}}',
    ],
)
def test_any_key_twice_at_any_depth_is_unreadable(text: str) -> None:
    got = read_answer(text.encode())
    assert isinstance(got, Unreadable)
    assert got.rule == "read-duplicate-keys"


def test_not_json_is_reported_before_a_duplicate() -> None:
    got = read_answer(b'{"a":1,"a":2} trailing')
    assert isinstance(got, Unreadable)
    assert got.rule == "read-json"


def test_the_key_named_twice_is_the_first_found_as_the_objects_close() -> None:
    """The inner object closes first: its key is the one named, whatever the outer object repeats; a duplicate is
    named before a depth beyond the bound."""
    got = read_answer(b'{"a":{"b":1,"b":2},"a":3}')
    assert got == Unreadable("the answer names b twice", "read-duplicate-keys")
    deep = READING.max_depth + 1
    got = read_answer(('{"a":1,"a":2,"b":' + "[" * deep + "]" * deep + "}").encode())
    assert got == Unreadable("the answer names a twice", "read-duplicate-keys")


def test_brackets_inside_strings_neither_hide_nor_make_depth() -> None:
    many = "{[" * READING.max_depth
    assert read_answer(f'{{"s":"{many}","a":[[1]]}}'.encode()) == {"s": many, "a": [[1]]}
    deep = READING.max_depth
    got = read_answer(('{"s":"' + many + '","a":' + "[" * deep + "]" * deep + "}").encode())
    assert isinstance(got, Unreadable)
    assert got.rule == "read-depth"


# --- JSON, depth and integers ---------------------------------------------------------------------------------


@pytest.mark.parametrize("text", ['{"a":NaN}', '{"a":-Infinity}', '{"a":"\x01"}', '{"a":1,}'])
def test_what_rfc_8259_refuses_is_not_json(text: str) -> None:
    got = read_answer(text.encode())
    assert isinstance(got, Unreadable)
    assert got.rule == "read-json"


def test_integer_length_is_the_specs_bound() -> None:
    longest = "9" * READING.max_integer_digits
    assert read_answer(f'{{"a":{longest}}}'.encode()) == {"a": int(longest)}
    assert read_answer(f'{{"a":-{longest}}}'.encode()) == {"a": -int(longest)}
    got = read_answer(f'{{"a":{longest}9}}'.encode())
    assert isinstance(got, Unreadable)
    assert got.rule == "read-json"


@pytest.mark.parametrize("levels", [READING.max_depth + 1, 100_000])
def test_nesting_beyond_the_bound_is_unreadable(levels: int) -> None:
    inner = levels - 1  # the top-level object is level 1
    got = read_answer(('{"a":' + "[" * inner + "]" * inner + "}").encode())
    assert isinstance(got, Unreadable)
    assert got.rule == "read-depth"
    at_bound = READING.max_depth - 1
    assert not isinstance(read_answer(('{"a":' + "[" * at_bound + "]" * at_bound + "}").encode()), Unreadable)


# --- the verdict function keeps no rule of its own ------------------------------------------------------------------


def test_the_verdict_function_reads_its_sets_from_the_generated_rules(monkeypatch: pytest.MonkeyPatch) -> None:
    """Change a set in the generated rules and the verdict follows: the rule lives in the spec, not in the code."""
    failed = body("PAYMENT_ERROR", False, transactionId=TXN)
    assert verdict("refundV4", 400, failed, Expect(TXN, MERCHANT, None)) is Verdict.FAILED
    extra = JUDGING._replace(rate_limit_codes=JUDGING.rate_limit_codes | {"PAYMENT_ERROR"})
    monkeypatch.setattr(verdicts, "JUDGING", extra)
    assert verdict("refundV4", 400, failed, Expect(TXN, MERCHANT, None)) is Verdict.UNKNOWN
    assert verdict("refundV4", 429, failed, Expect(TXN, MERCHANT, None)) is Verdict.RATE_LIMITED
    monkeypatch.setattr(verdicts, "JUDGING", JUDGING._replace(needs_2xx=frozenset()))
    assert verdict("getTransactionStatus", 400, paid()) is Verdict.SUCCEEDED


def test_no_code_status_or_outcome_set_is_written_in_the_verdict_sources() -> None:
    """The sources name rule ids, never the codes, statuses or outcome sets the spec states (both languages)."""
    root = Path(__file__).resolve().parents[3]
    sources = {
        "verdicts.py": inspect.getsource(verdicts),
        "answer_json.py": inspect.getsource(answer_json),
        "verdicts.ts": (root / "clients" / "typescript" / "src" / "verdicts.ts").read_text(encoding="utf-8"),
        "json.ts": (root / "clients" / "typescript" / "src" / "json.ts").read_text(encoding="utf-8"),
    }
    for name, text in sources.items():
        for literal in ("API_RATE_LIMIT_REACHED", "4300", '== "server-error"', '=== "server-error"'):
            assert literal not in text, (name, literal)
        assert re.search(r"(?<!status-)\b429\b", text) is None, (name, "429")
        for outcome_set in ('"failed", "rejected", "duplicate"', '"succeeded", "accepted", "pending"'):
            assert outcome_set not in text, (name, outcome_set)


def test_every_rule_id_is_applied_in_both_languages() -> None:
    root = Path(__file__).resolve().parents[3]
    py = inspect.getsource(verdicts) + inspect.getsource(answer_json)
    ts = (root / "clients" / "typescript" / "src" / "verdicts.ts").read_text(encoding="utf-8")
    for rule in RULE_IDS:
        if rule in ("outcome", "read-bom"):  # the lookup step decides nothing; the mark is read by answer_text
            continue
        assert f'"{rule}"' in py or f"# {rule}" in py, rule
        assert f'"{rule}"' in ts or f"// {rule}" in ts, rule
