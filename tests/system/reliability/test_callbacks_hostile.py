"""Callback and checksum hostility, property-based: random bytes, tampered bytes, inserted whitespace, wrong or
unknown salt index, unicode payloads (₹, Indic scripts, emoji), JSON re-serialised before hashing, header
variants. The only outcomes allowed are SignatureError (or its subclass) and a verification whose fields are
exactly what the gateway signed."""

from __future__ import annotations

import base64
import hashlib
import json
from typing import Any

import merchant_gateway as mg
import pytest
from hypothesis import HealthCheck, assume, example, given, settings
from hypothesis import strategies as st

from tests.support.reliability import STATS, examples

SALTS = {"1": "salt-one-ÿ-0399", "2": "salt-two-0400"}  # a non-ASCII salt key: hashed as UTF-8
MERCHANT = "RELMERCHANT"
VERIFIERS = ("verify_payment_callback", "verify_collect_callback")
EXAMPLES = settings(max_examples=examples(100), deadline=None, suppress_health_check=[HealthCheck.too_slow])

INDIC = "₹ नमस्ते வணக்கம் ನಮಸ್ಕಾರ নমস্কার ਸਤਿ ਸ੍ਰੀ ਅਕਾਲ 🙏🏽👩‍💻 \u200d\u200c"
texts = st.text(alphabet=st.sampled_from(INDIC) | st.characters(codec="utf-8"), max_size=40)
ids = st.text(alphabet=st.characters(codec="utf-8", exclude_categories=["Cs"]), min_size=1, max_size=37)


def sign(message: str, index: str = "1") -> str:
    return hashlib.sha256((message + SALTS[index]).encode("utf-8")).hexdigest() + "###" + index


@st.composite
def payloads(draw: st.DrawFn) -> dict[str, Any]:
    data: dict[str, Any] = {
        "transactionId": draw(ids),
        "merchantId": MERCHANT,
        "amount": draw(st.integers(1, 2**63 - 1)),
        "providerReferenceId": draw(st.none() | texts),
        "paymentState": draw(st.sampled_from(["COMPLETED", "FAILED"])),
        "payResponseCode": draw(st.none() | texts),
        "paymentModes": draw(
            st.lists(st.fixed_dictionaries({"mode": texts, "amount": st.integers(0, 10**12), "utr": texts}), max_size=2)
        ),
    }
    return {
        "success": draw(st.booleans()),
        "code": draw(st.sampled_from(["PAYMENT_SUCCESS", "PAYMENT_ERROR", "PAYMENT_DECLINED"]) | texts),
        "message": draw(texts),
        "data": data,
    }


def encode(payload: dict[str, Any], *, ascii_only: bool = False, separators: tuple[str, str] = (",", ":")) -> str:
    raw = json.dumps(payload, ensure_ascii=ascii_only, separators=separators).encode("utf-8")
    return base64.b64encode(raw).decode("ascii")


def verify(kind: str, body: Any, header: Any, **expected: Any) -> Any:
    fn = getattr(mg, kind)
    return fn(body, header, SALTS, expected_merchant_id=MERCHANT, **expected)


def only_signature_errors(kind: str, body: Any, header: Any) -> Any:
    """Run a verifier on hostile input; the only exception allowed is SignatureError."""
    STATS["callback_inputs"] += 1
    try:
        return verify(kind, body, header)
    except mg.SignatureError:
        STATS["callback_rejected"] += 1
        return None


def assert_matches(result: Any, payload: dict[str, Any], index: str) -> None:
    data = payload["data"]
    assert result.code == payload["code"]
    assert result.success == payload["success"]
    assert result.message == payload["message"]
    assert result.data.transaction_id == data["transactionId"]
    assert result.data.amount == data["amount"]
    assert result.data.provider_reference_id == data["providerReferenceId"]
    assert result.data.pay_response_code == data["payResponseCode"]
    assert [m.mode for m in result.data.payment_modes] == [m["mode"] for m in data["paymentModes"]]
    assert result.salt_index == index


# --- S2S payment / collect callbacks -------------------------------------------------------------------------------


@EXAMPLES
@given(payload=payloads(), kind=st.sampled_from(VERIFIERS), index=st.sampled_from(["1", "2"]))
def test_genuine_unicode_callbacks_verify_exactly(payload: dict[str, Any], kind: str, index: str) -> None:
    response = encode(payload)
    body = json.dumps({"response": response}).encode()
    STATS["callback_inputs"] += 1
    result = verify(kind, body, sign(response, index), expected_amount=payload["data"]["amount"])
    assert_matches(result, payload, index)


@EXAMPLES
@given(payload=payloads(), kind=st.sampled_from(VERIFIERS), spaces=st.sampled_from(["", " ", "\n", "\t", "  \r\n"]))
def test_outer_envelope_formatting_does_not_matter(payload: dict[str, Any], kind: str, spaces: str) -> None:
    """The signature covers the base64 string, not the JSON around it: any valid JSON framing verifies."""
    response = encode(payload)
    body = f'{spaces}{{{spaces}"response"{spaces}:{spaces}"{response}"{spaces}}}{spaces}'.encode()
    STATS["callback_inputs"] += 1
    assert_matches(verify(kind, body, sign(response)), payload, "1")


@EXAMPLES
@given(body=st.binary(max_size=300), header=st.none() | st.text(max_size=80) | st.binary(max_size=80))
@example(body=b'{"response": "' + b"[" * 50_000 + b'"}', header="0" * 64 + "###1")
@example(body=b"[" * 100_000, header="0" * 64 + "###1")
@example(body=b'{"response": null}', header=b"\xff\xfe")
def test_random_bytes(body: bytes, header: Any) -> None:
    for kind in VERIFIERS:
        assert only_signature_errors(kind, body, header) is None


@EXAMPLES
@given(payload=payloads(), kind=st.sampled_from(VERIFIERS), data=st.data())
def test_tampered_response_is_rejected(payload: dict[str, Any], kind: str, data: st.DataObject) -> None:
    response = encode(payload)
    header = sign(response)
    pos = data.draw(st.integers(0, len(response) - 1))
    replacement = data.draw(st.characters(codec="utf-8"))
    assume(replacement != response[pos])
    tampered = response[:pos] + replacement + response[pos + 1 :]
    body = json.dumps({"response": tampered}, ensure_ascii=False).encode("utf-8")
    assert only_signature_errors(kind, body, header) is None


@EXAMPLES
@given(
    payload=payloads(),
    kind=st.sampled_from(VERIFIERS),
    ws=st.sampled_from([" ", "\n", "\r\n", "\t", "\u00a0", "\u2028", "\ufeff"]),
    data=st.data(),
)
def test_whitespace_inside_the_base64_is_rejected(payload: dict[str, Any], kind: str, ws: str, data: Any) -> None:
    """Lenient base64 decoders skip whitespace; the checksum is over the exact string, so both the signed-with-
    whitespace and the signed-without variants must not verify as something else."""
    response = encode(payload)
    pos = data.draw(st.integers(0, len(response)))
    spaced = response[:pos] + ws + response[pos:]
    body = json.dumps({"response": spaced}).encode()
    assert only_signature_errors(kind, body, sign(response)) is None  # signed without the whitespace
    result = only_signature_errors(kind, body, sign(spaced))  # signed with it: strict base64 refuses it
    assert result is None


@EXAMPLES
@given(
    payload=payloads(),
    kind=st.sampled_from(VERIFIERS),
    style=st.sampled_from(["ascii", "spaces", "sorted", "indent"]),
)
def test_json_re_serialised_before_hashing_is_rejected(payload: dict[str, Any], kind: str, style: str) -> None:
    """A merchant (or a proxy) that decodes and re-encodes the JSON no longer has the signed bytes."""
    response = encode(payload)
    decoded = json.loads(base64.b64decode(response))
    dumps = {
        "ascii": lambda d: json.dumps(d, separators=(",", ":")),
        "spaces": lambda d: json.dumps(d, ensure_ascii=False),
        "sorted": lambda d: json.dumps(d, ensure_ascii=False, separators=(",", ":"), sort_keys=True),
        "indent": lambda d: json.dumps(d, ensure_ascii=False, indent=1),
    }[style]
    again = base64.b64encode(dumps(decoded).encode("utf-8")).decode()
    body = json.dumps({"response": again}).encode()
    result = only_signature_errors(kind, body, sign(response))
    if again == response:  # the re-serialisation happened to be byte-identical (e.g. sorted keys already)
        assert_matches(result, payload, "1")
    else:
        assert result is None


HEADER_VARIANTS = {
    "upper hex": lambda h: h.split("###")[0].upper() + "###" + h.split("###")[1],
    "leading space": lambda h: " " + h,
    "trailing newline": lambda h: h + "\n",
    "two hashes": lambda h: h.replace("###", "##"),
    "four hashes": lambda h: h.replace("###", "####"),
    "index 01": lambda h: h.replace("###1", "###01"),
    "index missing": lambda h: h.split("###")[0],
    "index 2 (other salt)": lambda h: h.replace("###1", "###2"),
    "index 9 (unknown)": lambda h: h.replace("###1", "###9"),
    "index -1": lambda h: h.replace("###1", "###-1"),
    "digest only 63": lambda h: h[1:],
    "sha256= prefix": lambda h: "sha256=" + h,
    "doubled": lambda h: h + "," + h,
    "fullwidth index": lambda h: h.replace("###1", "###１"),
    "empty": lambda h: "",
}


@pytest.mark.parametrize("variant", list(HEADER_VARIANTS))
@pytest.mark.parametrize("kind", VERIFIERS)
def test_header_variants(kind: str, variant: str) -> None:
    payload = {
        "success": True,
        "code": "PAYMENT_SUCCESS",
        "message": "₹ ok 🙏",
        "data": {
            "transactionId": "T1",
            "merchantId": MERCHANT,
            "amount": 100,
            "providerReferenceId": "P1",
            "paymentState": "COMPLETED",
            "payResponseCode": None,
            "paymentModes": [],
        },
    }
    response = encode(payload)
    body = json.dumps({"response": response}).encode()
    header = HEADER_VARIANTS[variant](sign(response))
    for value in (header, header.encode("utf-8")):
        assert only_signature_errors(kind, body, value) is None


@pytest.mark.parametrize("kind", VERIFIERS)
def test_body_types(kind: str) -> None:
    payload = {
        "success": True,
        "code": "PAYMENT_SUCCESS",
        "message": "",
        "data": {"transactionId": "T1", "merchantId": MERCHANT, "amount": 100},
    }
    response = encode(payload)
    raw = json.dumps({"response": response}).encode()
    assert verify(kind, memoryview(raw), sign(response)).data.amount == 100
    assert verify(kind, bytearray(raw), sign(response)).data.amount == 100
    for body in (raw.decode(), None, 123, {"response": response}, [raw]):
        assert only_signature_errors(kind, body, sign(response)) is None
    with pytest.raises(mg.CallbackMismatchError):
        verify(kind, raw, sign(response), expected_amount=101)
    with pytest.raises(mg.CallbackMismatchError):
        verify(kind, raw, sign(response), expected_transaction_id="T2")


@EXAMPLES
@given(
    inner=st.recursive(
        st.none() | st.booleans() | st.integers() | st.floats() | texts,
        lambda c: st.lists(c, max_size=3) | st.dictionaries(texts, c, max_size=3),
        max_leaves=20,
    )
)
def test_signed_but_malformed_payloads(inner: Any) -> None:
    """Correctly signed garbage (a gateway bug or a leaked salt) still ends in SignatureError, never a crash."""
    raw = json.dumps(inner, ensure_ascii=False).encode("utf-8")
    response = base64.b64encode(raw).decode()
    body = json.dumps({"response": response}).encode()
    for kind in VERIFIERS:
        only_signature_errors(kind, body, sign(response))


def test_deeply_nested_signed_payload() -> None:
    response = base64.b64encode(b"[" * 200_000).decode()
    body = json.dumps({"response": response}).encode()
    for kind in VERIFIERS:
        assert only_signature_errors(kind, body, sign(response)) is None


# --- UI form post -------------------------------------------------------------------------------------------------


def form_checksum(form: dict[str, Any], index: str = "1") -> str:
    from merchant_gateway.callbacks import UI_CHECKSUM_FIELDS

    text = "".join(form[f] for f in UI_CHECKSUM_FIELDS if form.get(f) is not None)
    return sign(text, index)


@st.composite
def forms(draw: st.DrawFn) -> dict[str, Any]:
    form: dict[str, Any] = {
        "code": draw(st.sampled_from(["PAYMENT_SUCCESS", "PAYMENT_ERROR"]) | texts),
        "merchantId": MERCHANT,
        "transactionId": draw(ids),
        "amount": str(draw(st.integers(0, 10**18))),
        "providerReferenceId": draw(st.none() | texts),
    }
    for i in draw(st.lists(st.integers(1, 20), max_size=5, unique=True)):
        form[f"param{i}"] = draw(st.none() | texts)
    return form


def verify_form(form: Any) -> Any:
    STATS["callback_inputs"] += 1
    try:
        return mg.verify_ui_callback(form, SALTS, expected_merchant_id=MERCHANT)
    except mg.SignatureError:
        STATS["callback_rejected"] += 1
        return None


@EXAMPLES
@given(form=forms(), index=st.sampled_from(["1", "2"]))
def test_genuine_forms_verify_exactly(form: dict[str, Any], index: str) -> None:
    signed = dict(form, checksum=form_checksum(form, index))
    result = verify_form(signed)
    assert result is not None
    assert result.code == form["code"]
    assert result.transaction_id == form["transactionId"]
    assert result.amount == int(form["amount"])
    assert result.salt_index == index
    assert dict(result.params) == {k: v for k, v in form.items() if k.startswith("param") and v is not None}


@EXAMPLES
@given(form=forms(), data=st.data())
def test_tampered_forms_are_rejected(form: dict[str, Any], data: st.DataObject) -> None:
    signed = dict(form, checksum=form_checksum(form))
    key = data.draw(st.sampled_from(sorted(k for k in form if form[k] is not None)))
    new = data.draw(texts)
    assume(new != form[key])
    tampered = dict(signed, **{key: new})
    # moving characters between adjacent fields keeps the concatenation: that ambiguity is in the documented
    # algorithm itself, so only demand rejection when the concatenation really changed
    from merchant_gateway.callbacks import ui_checksum_string

    result = verify_form(tampered)
    if ui_checksum_string(tampered) != ui_checksum_string(signed):
        assert result is None


@EXAMPLES
@given(
    form=st.dictionaries(texts, st.none() | texts | st.integers() | st.lists(texts, max_size=2), max_size=8),
    checksum=st.none() | st.text(max_size=80),
)
def test_random_forms(form: dict[str, Any], checksum: Any) -> None:
    assert verify_form(dict(form, checksum=checksum)) is None
    assert verify_form(form) is None


def test_form_non_mapping_and_lists() -> None:
    form = {"code": "PAYMENT_SUCCESS", "merchantId": MERCHANT, "transactionId": "T1", "amount": "100"}
    signed = dict(form, checksum=form_checksum(form))
    for hostile in (
        None,
        "code=PAYMENT_SUCCESS",
        [("code", "x")],
        dict(signed, amount=["100"]),
        dict(signed, amount="1e2"),
        dict(signed, amount="١٠٠"),
        dict(signed, amount=" 100"),
    ):
        assert verify_form(hostile) is None
