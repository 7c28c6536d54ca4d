"""merchant_gateway.answer_json: the spec's reading rules (x-verdict-rules.reading) on the bytes of an answer.

Expectations are written by hand from the rules the module states (one leading UTF-8 byte order mark dropped, strict
UTF-8, RFC 8259 JSON only, a key given twice unreadable, a depth bound; not JSON before a duplicate key before the
depth); only the two bounds are read from the generated rules, so a changed bound moves the edge the tests probe."""

from __future__ import annotations

from typing import Any

import pytest
from merchant_gateway.answer_json import NOT_JSON, JsonProblem, answer_text, load_json
from merchant_gateway_client.outcomes import READING

BOM = b"\xef\xbb\xbf"
TOO_DEEP = JsonProblem("the answer is nested too deeply", "read-depth")


def nested(depth: int) -> bytes:
    """An array nested ``depth`` levels (the top value is level 1)."""
    return b"[" * depth + b"]" * depth


@pytest.mark.parametrize(
    ("content", "value"),
    [
        (b'{"code":"PAYMENT_SUCCESS","data":{"amount":100}}', {"code": "PAYMENT_SUCCESS", "data": {"amount": 100}}),
        (BOM + b'{"code":"PAYMENT_SUCCESS"}', {"code": "PAYMENT_SUCCESS"}),
        (b'{"a":{"k":1},"b":{"k":2}}', {"a": {"k": 1}, "b": {"k": 2}}),  # one key in two objects is no duplicate
        (b'["[[[[[[[[[[", "{{{{{{{{{{"]', ["[[[[[[[[[[", "{{{{{{{{{{"]),  # brackets inside strings nest nothing
        (b"-12", -12),
        (b"null", None),
    ],
)
def test_json_by_the_rules_is_read_as_its_value(content: bytes, value: Any) -> None:
    assert load_json(content) == value


@pytest.mark.parametrize(
    ("content", "rule"),
    [
        (b'{"a":"\xff"}', "read-utf8"),  # not UTF-8
        ('{"a":1}'.encode("utf-16"), "read-utf8"),  # UTF-16 is not guessed from its byte order mark
        (BOM + BOM + b'{"a":1}', "read-json"),  # only one byte order mark is dropped
        (b'{"a":NaN}', "read-json"),
        (b'{"a":Infinity}', "read-json"),
        (b'{"a":-Infinity}', "read-json"),
        (b"{'a':1}", "read-json"),
        (b'{"a":1,}', "read-json"),
        (b"", "read-json"),
        (b'{"a":1} {"b":2}', "read-json"),
    ],
)
def test_what_is_not_json_by_the_rules_is_named_so(content: bytes, rule: str) -> None:
    assert load_json(content) == JsonProblem(NOT_JSON, rule)


def test_an_integer_has_at_most_the_rules_digits_whatever_the_interpreter_allows() -> None:
    longest = "9" * READING.max_integer_digits
    assert load_json(f'{{"amount":{longest}}}'.encode()) == {"amount": int(longest)}
    assert load_json(f'{{"amount":-{longest}}}'.encode()) == {"amount": -int(longest)}  # the sign is no digit
    assert load_json(f'{{"amount":{longest}9}}'.encode()) == JsonProblem(NOT_JSON, "read-json")


@pytest.mark.parametrize(
    ("content", "key"),
    [
        (b'{"code":"PAYMENT_SUCCESS","code":"PAYMENT_ERROR"}', "code"),
        (b'{"data":{"amount":100,"amount":1}}', "amount"),  # at any depth
        (b'[{"x":1},{"state":"A","state":"A"}]', "state"),  # even with the same value twice
    ],
)
def test_a_key_given_twice_makes_the_answer_unreadable_and_is_named(content: bytes, key: str) -> None:
    assert load_json(content) == JsonProblem(f"the answer names {key} twice", "read-duplicate-keys")


def test_the_first_key_given_twice_is_named_when_there_are_several() -> None:
    # objects close inner first: the inner object's duplicate is met before the outer one's
    assert load_json(b'{"outer":1,"data":{"inner":1,"inner":2},"outer":2}') == JsonProblem(
        "the answer names inner twice", "read-duplicate-keys"
    )


def test_nesting_up_to_the_rules_depth_is_read_and_deeper_is_refused() -> None:
    limit = READING.max_depth
    assert load_json(nested(limit)) is not None
    assert not isinstance(load_json(nested(limit)), JsonProblem)
    assert load_json(nested(limit + 1)) == TOO_DEEP
    assert load_json(b'{"a":' + nested(limit) + b"}") == TOO_DEEP  # the object is level 1
    assert load_json(nested(100_000)) == TOO_DEEP  # past the interpreter's recursion limit too, never raising


def test_not_json_comes_before_a_duplicate_key_and_a_duplicate_key_before_the_depth() -> None:
    limit = READING.max_depth
    assert load_json(b'{"a":1,"a":2,}') == JsonProblem(NOT_JSON, "read-json")
    assert load_json(b'{"a":1,"a":NaN}') == JsonProblem(NOT_JSON, "read-json")
    too_deep_with_duplicate = b'{"k":1,"k":2,"deep":' + nested(limit) + b"}"
    assert load_json(too_deep_with_duplicate) == JsonProblem("the answer names k twice", "read-duplicate-keys")


def test_answer_text_drops_one_byte_order_mark_and_refuses_what_is_not_utf8() -> None:
    assert answer_text(BOM + "₹ 100".encode()) == "₹ 100"
    assert answer_text(BOM + BOM + b"x") == "\ufeffx"
    assert answer_text(b"\xc3\x28") is None
    assert answer_text(b"") == ""
