"""Both verdict functions over generated answers (issue 33): Hypothesis draws batches of raw answers (contradictory
`success` flags and HTTP statuses, rate-limit codes on success envelopes, byte order marks, duplicate keys at any
depth, numbers written as fractions or exponents, nesting around the depth bound, bytes that are not UTF-8) and each
batch is judged by the Python client (merchant_gateway.verdicts, in this process) and by the built TypeScript
package (node, one process per batch). No answer may be `succeeded` in one language and anything else in the other;
the verdicts and the deciding rule must agree on every answer."""

from __future__ import annotations

import base64
import json
import subprocess
import warnings
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from hypothesis.errors import NonInteractiveExampleWarning
from merchant_gateway.verdicts import OUTCOMES, Expect, Sends, Unreadable, judge, read_answer

TXN, MERCHANT, AMOUNT = "PTX1", "PMERCHANT", 10_000
BOM = "\ufeff"
KEYS = sorted(OUTCOMES)
CODES = sorted({c for t in OUTCOMES.values() for c in t.codes} | {"API_RATE_LIMIT_REACHED", "SUCCESS", "BRAND_NEW"})

NODE_JUDGE = """
import { judge, readAnswer, Unreadable } from "@merchant-gateway/client/server";
import { readFileSync } from "node:fs";
const cases = JSON.parse(readFileSync(0, "utf8"));
const out = cases.map((c) => {
  const answer = c.body === null ? null : readAnswer(Buffer.from(c.body, "base64"));
  const e = c.expect;
  const s = c.sends;
  const got = judge(c.key, {
    status: c.status,
    answer,
    expect: { transactionId: e[0], merchantId: e[1], amount: e[2] },
    sends: s === null ? null : { known: s[0], lastAt: s[1], now: s[2], grace: s[3], closed: s[4] },
    attempt: c.attempt,
    location: c.location,
  });
  return [got.verdict, got.rule, answer instanceof Unreadable ? answer.rule : null];
});
process.stdout.write(JSON.stringify(out));
"""


# --- JSON text with duplicates: an object is a list of (key, value) pairs, written as given ----------------------


class Obj(list[tuple[str, Any]]):
    """A JSON object as written: its pairs in order, a key possibly twice."""


class Raw(str):
    """A number or literal written exactly as given (1.0, 1e4, -0, NaN)."""


def write(value: Any) -> str:
    if isinstance(value, Obj):
        return "{" + ",".join(f"{_key(k)}:{write(v)}" for k, v in value) + "}"
    if isinstance(value, list):
        return "[" + ",".join(write(v) for v in value) + "]"
    if isinstance(value, Raw):
        return str(value)
    return json.dumps(value)


def _key(key: str) -> str:
    return f'"{key}"' if isinstance(key, Raw) else json.dumps(key)


ids = st.sampled_from([TXN, TXN, TXN, "PTX2", "", 7, None, [TXN], Raw('"PT\\u00581"')])
merchants = st.sampled_from([MERCHANT, MERCHANT, "OTHER", None, 5])
amounts = st.sampled_from(
    [Raw(str(AMOUNT))] * 4 + [Raw(f"{AMOUNT}.0"), Raw("1e4"), Raw(str(AMOUNT + 1)), Raw("-0"), Raw("NaN"), str(AMOUNT)]
)
scalars = st.one_of(st.booleans(), st.none(), st.text(max_size=4), st.integers(-3, 3), st.sampled_from([Raw("1.5")]))


@st.composite
def nested(draw: st.DrawFn, depth: int) -> Any:
    """A value nested `depth` levels (arrays and objects), the innermost a scalar."""
    value: Any = draw(scalars)
    for _ in range(depth):
        value = Obj([("k", value)]) if draw(st.booleans()) else [value]
    return value


@st.composite
def data_object(draw: st.DrawFn) -> Obj:
    pairs: list[tuple[str, Any]] = []
    for name, strategy in (
        ("transactionId", ids),
        ("merchantId", merchants),
        ("amount", amounts),
        ("payResponseCode", st.sampled_from(["DUPLICATE_TXN_REQUEST", "EXCESS_REFUND_AMOUNT", "X", 5])),
        ("redirectURL", st.sampled_from(["https://pay.example/p", " ", 5])),
        ("state", st.sampled_from(["COMPLETED", "FAILED"])),
    ):
        if draw(st.integers(0, 9)) < 7:
            pairs.append((name, draw(strategy)))
    if draw(st.integers(0, 4)) == 0:
        pairs.append(("extra", draw(nested(draw(st.sampled_from([1, 2, 61, 62, 63, 64, 70]))))))
    return Obj(pairs)


def with_duplicate(draw: st.DrawFn, value: Any, depth: int = 0) -> Any:
    """`value` with one key of one of its objects (at any depth) given twice, the first time another value."""
    if isinstance(value, Obj) and value:
        inner = [i for i, (_, v) in enumerate(value) if isinstance(v, Obj | list) and (v or isinstance(v, Obj))]
        if inner and draw(st.booleans()):
            i = draw(st.sampled_from(inner))
            key, child = value[i]
            return Obj([*value[:i], (key, with_duplicate(draw, child, depth + 1)), *value[i + 1 :]])
        i = draw(st.integers(0, len(value) - 1))
        key, _ = value[i]
        first = draw(st.one_of(scalars, ids, st.sampled_from(["PAYMENT_ERROR", Obj([("amount", Raw("1"))])])))
        spelled = key if draw(st.booleans()) or not key else f"\\u{ord(key[0]):04x}{key[1:]}"
        return Obj([*value[:i], (Raw(spelled) if spelled != key else key, first), *value[i:]])
    if isinstance(value, list) and value:
        return [with_duplicate(draw, value[0], depth + 1), *value[1:]]
    return value


@st.composite
def answers(draw: st.DrawFn) -> dict[str, Any]:
    key = draw(st.sampled_from(KEYS))
    table = OUTCOMES[key]
    own = sorted(table.codes)
    code = draw(st.one_of(st.sampled_from(own or CODES), st.sampled_from([*CODES, 7, None]))) if own else None
    if code is None and draw(st.booleans()):
        code = draw(st.sampled_from(CODES))
    envelope: list[tuple[str, Any]] = []
    success = draw(st.sampled_from([True, True, False, False, None, "true", "absent"]))
    if success != "absent":
        envelope.append(("success", success))
    if code is not None or draw(st.booleans()):
        envelope.append(("code", code))
    envelope.append(("message", "m"))
    shape = draw(st.sampled_from(["object"] * 6 + ["null", "list", "absent"]))
    data = draw(data_object())
    if shape != "absent":
        envelope.append(("data", data if shape == "object" else None if shape == "null" else [data]))
    value: Any = Obj(envelope)
    if draw(st.integers(0, 3)) == 0:
        value = with_duplicate(draw, value)
    text = write(value)
    text = draw(st.sampled_from(["", "", "", BOM, BOM + BOM, " " + BOM, " \n"])) + text
    encoding = draw(st.sampled_from(["utf-8"] * 12 + ["utf-16", "latin-1"]))
    raw = text.encode(encoding, "replace") if encoding == "utf-16" else text.encode("utf-8")
    if encoding == "latin-1":
        raw = raw.replace(b"m", b"\xe9", 1)
    body = draw(st.sampled_from([raw] * 20 + [None, b"", b"<html/>"]))
    status = draw(st.sampled_from([200] * 6 + [201, 204, 302, 400, 400, 401, 404, 409, 429, 429, 500, 503]))
    expect = draw(st.sampled_from([(TXN, MERCHANT, AMOUNT), (TXN, MERCHANT, None), (None, None, None)]))
    sends = draw(
        st.sampled_from([None, (True, 900.0, 1000.0, 30.0, True), (True, 990.0, 1000.0, 30.0, True)])
        | st.sampled_from([(True, None, 1000.0, 30.0, False), (False, None, 1000.0, 30.0, True)])
    )
    return {
        "key": key,
        "status": status,
        "body": None if body is None else base64.b64encode(body).decode("ascii"),
        "expect": list(expect),
        "sends": None if sends is None else list(sends),
        "attempt": draw(st.sampled_from([1, 1, 2])),
        "location": draw(st.sampled_from([None, None, "https://pay.example/p", " "])),
    }


def python_verdict(case: dict[str, Any]) -> list[Any]:
    raw = None if case["body"] is None else base64.b64decode(case["body"])
    answer = None if raw is None else read_answer(raw)
    s = case["sends"]
    got = judge(
        OUTCOMES[case["key"]],
        status=case["status"],
        answer=answer,
        expect=Expect(*case["expect"]),
        sends=None if s is None else Sends(*s),
        attempt=case["attempt"],
        location=case["location"],
    )
    return [got.verdict.value, got.rule, answer.rule if isinstance(answer, Unreadable) else None]


@pytest.fixture(scope="module")
def node_judge(ts_out: Path) -> Path:
    script = ts_out / "judge-batch.mjs"
    script.write_text(NODE_JUDGE, encoding="utf-8")
    return script


def typescript_verdicts(script: Path, cases: list[dict[str, Any]]) -> list[list[Any]]:
    proc = subprocess.run(
        ["node", str(script)],
        input=json.dumps(cases),
        capture_output=True,
        text=True,
        cwd=script.parent,
        timeout=300,
        check=False,
    )
    assert proc.returncode == 0, proc.stderr[-4000:]
    out: list[list[Any]] = json.loads(proc.stdout)
    return out


BATCH = 250


@settings(max_examples=8, deadline=None, suppress_health_check=list(HealthCheck))
@given(batch=st.lists(answers(), min_size=BATCH, max_size=BATCH))
def test_no_answer_is_succeeded_in_one_language_only(node_judge: Path, batch: list[dict[str, Any]]) -> None:
    ts = typescript_verdicts(node_judge, batch)
    py = [python_verdict(c) for c in batch]
    split = [(c, p, t) for c, p, t in zip(batch, py, ts, strict=True) if (p[0] == "succeeded") != (t[0] == "succeeded")]
    assert not split, split[:3]
    differ = [(c, p, t) for c, p, t in zip(batch, py, ts, strict=True) if p != t]
    assert not differ, differ[:3]


def test_the_generator_reaches_every_kind_of_answer() -> None:
    """The strategy is not vacuous: a few hundred answers hold successes, rate limits, unknowns and unreadable
    answers, and bodies refused by the reading rules (drawn outside a test run: a @given test would start from its
    simplest, deliberately uniform batch)."""
    wanted_verdicts = {"succeeded", "rate-limited", "unknown", "unreadable"}
    wanted_readings = {"read-duplicate-keys", "read-json", "read-utf8"}
    verdicts: set[str] = set()
    readings: set[str] = set()
    # batches until every kind is seen: some kinds are rare draws (a success needs every evidence field right), so a
    # fixed few hundred answers missed one now and then; a generator that cannot reach a kind fails after them all
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", NonInteractiveExampleWarning)
        for _ in range(40):
            for case in st.lists(answers(), min_size=60, max_size=60).example():
                verdict = python_verdict(case)
                verdicts.add(verdict[0])
                readings.add(verdict[2])
            if wanted_verdicts <= verdicts and wanted_readings <= readings:
                break
    assert wanted_verdicts <= verdicts, verdicts
    assert wanted_readings <= readings, readings
