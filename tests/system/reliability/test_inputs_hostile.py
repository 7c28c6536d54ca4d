"""Input hostility on every public method, with Hypothesis strategies generated from the spec's own *Payload
schemas (the bundled spec.json of the generated package).

hypothesis-jsonschema 0.23.1 (installed) cannot run with the pinned hypothesis 6.170.15: its object strategy
calls the private ``cu.many(...).more()``, which newer Hypothesis removed (AttributeError: 'many' object has no
attribute 'more'). So the strategies are built here by ``schema_strategy``, a small generator for exactly the
keywords the *Payload schemas use (type, properties, required, enum, min/maxLength, minimum, format int64,
items/minItems, oneOf, if/then, contentEncoding base64), and every generated value is checked with ``jsonschema``
(Draft 2020-12) against the same schema, so only spec-valid payloads are used.

- Valid payloads round-trip unchanged: generated model ``from_dict`` -> Gateway -> httpx.MockTransport captures
  the request -> base64-decode the ``request`` field -> equals the input (unicode included).
- Invalid payloads (over-long ids, bad amounts, wrong types) are rejected before sending: zero requests, and a
  ValidationError whose ``field`` names the offending field.
"""

from __future__ import annotations

import base64
import copy
import json
from importlib import resources
from typing import Any

import httpx
import merchant_gateway as mg
import merchant_gateway_client.models as models
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from jsonschema import Draft202012Validator
from merchant_gateway_client.operations import OPERATIONS

from tests.support.reliability import MERCHANT, SALT, STATS, examples

SPEC = json.loads(resources.files("merchant_gateway_client").joinpath("spec.json").read_text(encoding="utf-8"))
SCHEMAS = SPEC["components"]["schemas"]

# payload schema -> the public methods that send it, and the header options they need
METHODS: dict[str, list[tuple[str, dict[str, str]]]] = {
    "DebitPayload": [("debit_v3", {}), ("debit_v4_web", {})],
    "DebitIntentPayload": [("debit_v4_intent", {})],
    "RefundV3Payload": [("refund_v3", {})],
    "RefundV4Payload": [("refund_v4", {}), ("refund_apps_host", {})],
    "DeferredFulfillPayload": [("fulfill_deferred_refund", {})],
    "CollectPayload": [("collect_request", {"callback_url": "https://merchant.example/cb"})],
    "InstantDebitPayload": [("instant_debit", {})],
    "InlinePayPayload": [("inline_pay", {}), ("inline_pay_with_get", {})],
    "PaymentOptionsPayload": [("get_payment_options", {})],
    "UnlinkPayload": [("unlink_user", {})],
    "OtpSendPayload": [("send_otp", {})],
    "OtpVerifyPayload": [("verify_otp", {})],
    "SsoAccessPayload": [("get_sso_access_token", {})],
    "SdkLessInitiatePayload": [("initiate_sdk_less_payment", {})],
}
NOT_SENT_BY_SERVER = {"ProfilePayload", "PaymentCallbackPayload"}  # x-called-by mobile-sdk / a webhook body
CASES = [(schema, method, opts) for schema, rows in METHODS.items() for method, opts in rows]
INT64_MAX = 2**63 - 1


def test_every_request_payload_schema_is_covered() -> None:
    payloads = {name for name in SCHEMAS if name.endswith("Payload")}
    assert payloads - NOT_SENT_BY_SERVER == set(METHODS)


UNICODE = st.characters(codec="utf-8", exclude_categories=["Cs"]) | st.sampled_from("₹नमस्तेவணக்கம்🙏🏽👩‍💻\u200d")


def schema_strategy(schema: dict[str, Any]) -> st.SearchStrategy[Any]:
    if "$ref" in schema:
        return st.deferred(lambda: schema_strategy(SCHEMAS[schema["$ref"].rsplit("/", 1)[-1]]))
    if "const" in schema:
        return st.just(schema["const"])
    if "enum" in schema:
        return st.sampled_from(schema["enum"])
    if "oneOf" in schema:
        return st.one_of([schema_strategy(s) for s in schema["oneOf"]])
    kind = schema.get("type")
    if kind == "object" or "properties" in schema:
        props: dict[str, Any] = schema.get("properties", {})
        required = set(schema.get("required", []))
        then = schema.get("then", {})
        optional = sorted(set(props) - required)
        # built once, drawn from in every example (building them inside the draw cost most of the test's CPU)
        fields = {k: schema_strategy(v) for k, v in props.items()}
        then_fields = {
            k: schema_strategy(then.get("properties", {}).get(k, {"type": "string"})) for k in then.get("required", [])
        }
        some_optional = st.lists(st.sampled_from(optional), unique=True) if optional else st.just([])

        @st.composite
        def obj(draw: st.DrawFn) -> dict[str, Any]:
            chosen = required | set(draw(some_optional))
            out = {k: draw(fields[k]) for k in sorted(chosen)}
            if_ = schema.get("if")
            if if_ and all(out.get(k) == v.get("const") for k, v in if_.get("properties", {}).items()):
                for k, field in then_fields.items():
                    out.setdefault(k, draw(field))
            return out

        return obj()
    if kind == "array":
        return st.lists(schema_strategy(schema.get("items", {})), min_size=schema.get("minItems", 0), max_size=3)
    if kind == "integer":
        low = schema.get("minimum", -(2**63))
        return st.integers(low, 2**63 - 1) | st.integers(low, low + 1000)
    if kind == "number":
        return st.floats(allow_nan=False, allow_infinity=False, min_value=schema.get("minimum"))
    if kind == "boolean":
        return st.booleans()
    if schema.get("contentEncoding") == "base64":
        return st.binary(max_size=30).map(lambda b: base64.b64encode(b).decode())
    return st.text(UNICODE, min_size=schema.get("minLength", 0), max_size=schema.get("maxLength", 40))


def strategy(schema_name: str) -> st.SearchStrategy[dict[str, Any]]:
    root = copy.deepcopy(SCHEMAS[schema_name])
    root["components"] = {"schemas": SCHEMAS}
    validator = Draft202012Validator(root)

    def valid(value: dict[str, Any]) -> bool:
        ok = validator.is_valid(value)
        STATS["schema_draws_filtered" if not ok else "schema_draws_valid"] += 1
        return ok

    return schema_strategy(SCHEMAS[schema_name]).filter(valid)


class Capture:
    def __init__(self) -> None:
        self.requests: list[httpx.Request] = []

    def __call__(self, request: httpx.Request) -> httpx.Response:
        self.requests.append(request)
        return httpx.Response(400, json={"success": False, "code": "BAD_REQUEST", "message": "captured", "data": {}})


def gateway(capture: Capture) -> mg.Gateway:
    return mg.Gateway(
        merchant_id=MERCHANT,
        salt_key=SALT,
        salt_index="1",
        transport=httpx.MockTransport(capture),
        sleep=lambda s: None,
    )


_PATH_SAFE = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")


def _violates_client_rules(payload: dict[str, Any]) -> str | None:
    """Documented client-side limits that the spec's schemas do not (yet) express; see docs/reliability.md."""
    for field in ("transactionId", "originalTransactionId"):
        value = payload.get(field)
        # a path value: letters, digits and -._~ only, never a dot segment (validation.check_identifier, issue 22)
        if isinstance(value, str) and (
            not value or len(value) > 37 or value in (".", "..") or any(c not in _PATH_SAFE for c in value)
        ):
            return field
    value = payload.get("merchantOrderId")
    if isinstance(value, str) and any(c in "/?#" or ord(c) < 0x20 or ord(c) == 0x7F for c in value):
        return "merchantOrderId"
    if isinstance(payload.get("amount"), int) and payload["amount"] > INT64_MAX:
        return "amount"
    return None


def _violates_operation_rules(method: str, payload: dict[str, Any]) -> str | None:
    """The operation's own x-field-rules, beyond its payload schema (inline pay POST requires mobileNumber, which the
    shared InlinePayPayload leaves optional): valid for the schema, refused before sending."""
    for rule, fields in OPERATIONS[method].field_rules:
        missing = [f for f in fields if f not in payload]
        if rule == "required" and missing:
            return missing[0]
    return None


VALID = settings(max_examples=examples(40), deadline=None, suppress_health_check=list(HealthCheck))


@pytest.mark.parametrize(("schema_name", "method", "options"), CASES, ids=[f"{c[0]}-{c[1]}" for c in CASES])
def test_valid_payloads_round_trip_unchanged(schema_name: str, method: str, options: dict[str, str]) -> None:
    model_cls = getattr(models, schema_name)

    @VALID
    @given(payload=strategy(schema_name))
    def run(payload: dict[str, Any]) -> None:
        STATS["valid_inputs_generated"] += 1
        payload = dict(payload, merchantId=MERCHANT)  # the client fills / enforces the configured merchant id
        field = _violates_client_rules(payload) or _violates_operation_rules(method, payload)
        if "Refund" in schema_name:
            if ("originalTransactionId" in payload) == ("providerReferenceId" in payload):
                field = field or "originalTransactionId"
            elif payload.get("originalTransactionId") == payload.get("transactionId"):
                field = field or "transactionId"
        capture = Capture()
        with gateway(capture) as gw:
            if field is not None:  # valid for the spec, refused by a documented client rule: nothing is sent
                STATS["valid_inputs_refused_by_client_rules"] += 1
                with pytest.raises(mg.ValidationError) as info:
                    getattr(gw, method)(model_cls.from_dict(payload), **options)
                assert capture.requests == []
                assert info.value.field in (field, "transactionId", "originalTransactionId", "merchantOrderId")
                return
            with pytest.raises(mg.ApiError):
                getattr(gw, method)(model_cls.from_dict(payload), **options)
        assert len(capture.requests) == 1
        body = json.loads(capture.requests[0].content)
        assert set(body) == {"request"}
        decoded = json.loads(base64.b64decode(body["request"], validate=True))
        assert decoded == payload
        STATS["valid_inputs_round_tripped"] += 1

    run()


# --- invalid inputs: rejected before sending, the field named -------------------------------------------------------

MINIMAL: dict[str, dict[str, Any]] = {
    "DebitPayload": {"transactionId": "T1", "amount": 100, "merchantUserId": "U1", "merchantOrderId": "O1"},
    "DebitIntentPayload": {
        "transactionId": "T1",
        "amount": 100,
        "merchantOrderId": "O1",
        "paymentScope": "PLATFORM",
        "deviceContext": {"platformVersionCode": 1},
    },
    "RefundV3Payload": {
        "transactionId": "R1",
        "originalTransactionId": "T1",
        "amount": 100,
        "merchantOrderId": "O1",
        "message": "m",
    },
    "RefundV4Payload": {
        "transactionId": "R1",
        "originalTransactionId": "T1",
        "amount": 100,
        "merchantOrderId": "O1",
        "message": "m",
    },
    "DeferredFulfillPayload": {"transactionId": "T1", "merchantUserId": "U1", "amount": 100, "merchantOrderId": "O1"},
    "CollectPayload": {
        "transactionId": "T1",
        "merchantOrderId": "O1",
        "amount": 100,
        "instrumentType": "MOBILE",
        "instrumentReference": "9999999999",
        "expiresIn": 180,
    },
    "InstantDebitPayload": {
        "transactionId": "T1",
        "amount": 100,
        "mobileNumber": "9999999999",
        "merchantOrderId": "O1",
        "userAuthToken": "UAT",
    },
    "InlinePayPayload": {
        "transactionId": "T1",
        "amount": 100,
        "merchantUserId": "U1",
        "merchantOrderId": "O1",
        "paymentSources": [{"mode": "upi", "type": "INTENT"}],
        "mobileNumber": "9999999999",  # required on the POST variant (spec x-field-rules)
    },
    "PaymentOptionsPayload": {"amount": 100, "merchantUserId": "U1", "merchantOrderId": "O1"},
    "SdkLessInitiatePayload": {
        "transactionId": "T1",
        "amount": 100,
        "validFor": 600000,
        "merchantOrderId": "O1",
        "redirectUrl": "https://merchant.example/done",
        "transactionContext": "e30=",
    },
}
BAD_IDS = ["x" * 38, "x" * 500, "a/b", "a?b", "a#b", "a\nb", "a\x00b", "a\x7fb", "", 123, None, ["T1"]]
BAD_ORDER_IDS = ["o" * 48, "o" * 5000, "", 7]
BAD_AMOUNTS = [0, -1, -(2**63), 2**63, 10**30, 1.5, 100.0, float("nan"), float("inf"), "100", True, False, None, [100]]


def _invalid_cases() -> list[tuple[str, str, dict[str, str], str, Any]]:
    cases = []
    for schema, rows in METHODS.items():
        base = MINIMAL.get(schema)
        if base is None:
            continue
        for method, opts in rows:
            if "transactionId" in base:
                cases += [(schema, method, opts, "transactionId", v) for v in BAD_IDS]
            if "originalTransactionId" in base:
                cases += [(schema, method, opts, "originalTransactionId", v) for v in ("y" * 38, "a/b")]
            if "merchantOrderId" in base:
                cases += [(schema, method, opts, "merchantOrderId", v) for v in BAD_ORDER_IDS]
            cases += [(schema, method, opts, "amount", v) for v in BAD_AMOUNTS]
    return cases


INVALID = _invalid_cases()


def _snake(name: str) -> str:
    return "".join("_" + c.lower() if c.isupper() else c for c in name)


@pytest.mark.parametrize(
    ("schema_name", "method", "options", "field", "value"),
    INVALID,
    ids=[f"{c[1]}-{c[3]}-{repr(c[4])[:12]}" for c in INVALID],
)
def test_invalid_inputs_rejected_before_sending(
    schema_name: str, method: str, options: dict[str, str], field: str, value: Any
) -> None:
    STATS["invalid_inputs_tried"] += 1
    fields = {_snake(k): v for k, v in MINIMAL[schema_name].items()}
    fields[_snake(field)] = value
    fields = {k: v for k, v in fields.items() if v is not None}
    capture = Capture()
    with gateway(capture) as gw, pytest.raises(mg.ValidationError) as info:
        getattr(gw, method)(**fields, **options)
    assert capture.requests == []
    assert info.value.field == field, info.value
    STATS["invalid_inputs_rejected"] += 1


@pytest.mark.parametrize("value", [v for v in BAD_IDS if v is not None])
@pytest.mark.parametrize("method", ["get_transaction_status", "get_transaction_status_apps_host", "reconcile"])
def test_status_path_ids_rejected_before_sending(method: str, value: Any) -> None:
    STATS["invalid_inputs_tried"] += 1
    capture = Capture()
    with gateway(capture) as gw, pytest.raises(mg.ValidationError) as info:
        getattr(gw, method)(value)
    assert capture.requests == []
    assert info.value.field == "transactionId"
    STATS["invalid_inputs_rejected"] += 1


@pytest.mark.parametrize("value", ["", "a/b", "../x", "a?b", "t" * 1025, "a\r\nX-Evil: 1", 5])
def test_wallet_balance_token_rejected_before_sending(value: Any) -> None:
    STATS["invalid_inputs_tried"] += 1
    capture = Capture()
    with gateway(capture) as gw, pytest.raises(mg.ValidationError) as info:
        gw.get_wallet_balance(value)
    assert capture.requests == []
    assert info.value.field == "userAuthToken"
    STATS["invalid_inputs_rejected"] += 1


@pytest.mark.parametrize("value", ["", "a\r\nX-Evil: 1", "tok\x00", 5])
def test_sso_access_token_header_rejected_before_sending(value: Any) -> None:
    """The access token goes into the X-ACCESS-TOKEN header: CR/LF or NUL must not reach the wire."""
    STATS["invalid_inputs_tried"] += 1
    capture = Capture()
    with gateway(capture) as gw, pytest.raises((mg.ValidationError, mg.GatewayError)):
        gw.get_sso_user_details(access_token=value)
    assert capture.requests == []
    STATS["invalid_inputs_rejected"] += 1


@pytest.mark.parametrize("option", ["callback_url", "redirect_url"])
@pytest.mark.parametrize("value", ["", "https://x.example/\r\nX-Evil: 1", "https://x.example/\x00"])
def test_header_options_rejected_before_sending(option: str, value: str) -> None:
    STATS["invalid_inputs_tried"] += 1
    capture = Capture()
    with gateway(capture) as gw, pytest.raises(mg.ValidationError) as info:
        gw.debit_v4_web(transaction_id="T1", amount=100, merchant_user_id="U1", **{option: value})
    assert capture.requests == []
    assert info.value.field == option
    STATS["invalid_inputs_rejected"] += 1


@settings(max_examples=examples(200), deadline=None)
@given(
    method=st.sampled_from(sorted({m for rows in METHODS.values() for m, _ in rows})),
    fields=st.dictionaries(
        st.text(st.characters(codec="ascii", categories=["Ll"]), min_size=1, max_size=12) | st.just("amount"),
        st.none()
        | st.integers()
        | st.floats()
        | st.text(max_size=60)
        | st.binary(max_size=8)
        | st.lists(st.integers(), max_size=2),
        max_size=5,
    ),
)
def test_random_keyword_fields_never_crash_or_half_send(method: str, fields: dict[str, Any]) -> None:
    """Arbitrary keyword arguments: either a ValidationError before sending, or one well-formed request."""
    STATS["invalid_inputs_tried"] += 1
    capture = Capture()
    with gateway(capture) as gw:
        try:
            getattr(gw, method)(**fields)
        except mg.ValidationError:
            assert capture.requests == []
            STATS["invalid_inputs_rejected"] += 1
            return
        except mg.ApiError:
            pass
    assert len(capture.requests) == 1
    json.loads(base64.b64decode(json.loads(capture.requests[0].content)["request"], validate=True))
