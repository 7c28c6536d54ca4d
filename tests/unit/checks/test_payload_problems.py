"""A payload the generated models refuse is reported by the field the spec names, with the allowed values, and
nothing is sent. Expectations are read off spec/openapi.yaml by hand (PaymentSource: oneOf card / wallets / upi,
discriminator `mode`; CardPaymentSource requires cardId; UpiPaymentSource's type is INLINE or INTENT)."""

from __future__ import annotations

from typing import Any

import httpx
import merchant_gateway as mg
import pytest
from merchant_gateway.checks.schema import first_problem
from merchant_gateway_client.operations import OPERATIONS


def never_sent(request: httpx.Request) -> httpx.Response:
    raise AssertionError(f"sent {request.method} {request.url.path}")


@pytest.fixture
def gateway() -> mg.Gateway:
    return mg.Gateway(merchant_id="M", salt_key="S", salt_index="1", transport=httpx.MockTransport(never_sent))


@pytest.mark.parametrize(
    ("sources", "field", "problem"),
    [
        ([{"mode": "bogus"}], "paymentSources[0].mode", "must be one of card, wallets, upi"),
        ([{"type": "INTENT"}], "paymentSources[0].mode", "must be one of card, wallets, upi"),
        ([{"mode": ["upi"]}], "paymentSources[0].mode", "must be one of card, wallets, upi"),
        (
            [{"mode": "upi", "type": "INTENT"}, {"mode": "upi", "type": "WRONG"}],
            "paymentSources[1].type",
            "must be one of INLINE, INTENT",
        ),
        ([{"mode": "card"}], "paymentSources[0].cardId", "is required"),
        ([{"mode": "card", "cardId": 7}], "paymentSources[0].cardId", "must be a string"),
        ([{"mode": "wallets", "providers": "PLATFORM"}], "paymentSources[0].providers", "must be a list"),
        (["upi"], "paymentSources[0]", "must be an object"),
    ],
)
def test_a_refused_nested_field_is_named_with_its_allowed_values(
    gateway: mg.Gateway, sources: list[Any], field: str, problem: str
) -> None:
    with pytest.raises(mg.ValidationError) as caught:
        gateway.inline_pay(
            transaction_id="T1", amount=100, merchant_user_id="U", mobile_number="9999999999", payment_sources=sources
        )
    assert (caught.value.field, str(caught.value)) == (field, f"{field}: {problem}")


def test_a_missing_top_level_field_is_named_by_its_wire_name(gateway: mg.Gateway) -> None:
    with pytest.raises(mg.ValidationError, match=r"^paymentSources: is required$"):
        gateway.inline_pay(transaction_id="T1", amount=100, merchant_user_id="U")  # type: ignore[call-overload]


def test_an_accepted_payload_has_no_problem() -> None:
    wire = {
        "merchantId": "M",
        "transactionId": "T1",
        "amount": 1,
        "merchantUserId": "U",
        "paymentSources": [{"mode": "upi", "type": "INTENT"}, {"mode": "upi", "type": "INLINE", "accountId": "A"}],
    }
    assert first_problem("InlinePayPayload", wire) is None


def test_every_payload_model_is_a_schema_the_check_can_read() -> None:
    names = {op.payload_name for op in OPERATIONS.values() if op.payload_name is not None}
    assert names
    for name in sorted(names):
        assert first_problem(name, {}) is not None, name  # every payload requires at least one field


def test_a_payload_model_with_a_wrong_type_is_refused_too(gateway: mg.Gateway) -> None:
    from merchant_gateway_client.models import DebitPayload

    payload = DebitPayload(merchant_id="M", transaction_id="T1", amount=100, merchant_user_id=5)  # type: ignore[arg-type]
    with pytest.raises(mg.ValidationError, match=r"^merchantUserId: must be a string$"):
        gateway.debit_v4_web(payload)


def test_an_amount_keeps_its_own_message(gateway: mg.Gateway) -> None:
    with pytest.raises(mg.ValidationError, match=r"^amount: must be an integer number of paise, got float: pass paise"):
        gateway.debit_v4_web(transaction_id="T1", amount=1.5)  # type: ignore[arg-type]


def _check(schema: dict[str, Any], value: object) -> tuple[str, str] | None:
    """A schema compiled the way payload schemas are, the spec's components beside it."""
    import json

    from merchant_gateway.checks.schema import _compiled, _problem

    return _problem(_compiled(json.dumps(schema)), value)


@pytest.mark.parametrize(
    ("schema", "value", "problem"),
    [
        ({"type": ["integer", "string"]}, 7, None),
        ({"type": ["integer", "string"]}, "7", None),
        ({"type": ["integer", "string"]}, True, "must be an integer or a string"),
        ({"type": ["string", "null"]}, None, None),
        ({"type": ["string", "null"]}, 3, "must be a string or null"),
        ({"type": "number"}, 1.5, None),
        ({"type": "boolean"}, 1, "must be true or false"),
        ({"type": ["object", "null"]}, 3, "must be an object or null"),
    ],
)
def test_json_schema_types_including_lists_of_types(schema: dict[str, Any], value: object, problem: str | None) -> None:
    assert _check(schema, value) == (None if problem is None else ("payload", problem))


_UPI = {
    "oneOf": [{"$ref": "#/components/schemas/CardPaymentSource"}, {"$ref": "#/components/schemas/UpiPaymentSource"}],
    "discriminator": {
        "propertyName": "mode",
        "mapping": {
            "card": "#/components/schemas/CardPaymentSource",
            "upi": "#/components/schemas/UpiPaymentSource",
        },
    },
}


@pytest.mark.parametrize(
    ("schema", "value", "field", "problem"),
    [
        ({"type": "integer", "minimum": 1}, 0, "payload", "must be at least 1"),
        ({"type": "integer", "exclusiveMinimum": 0}, 0, "payload", "must be greater than 0"),
        ({"type": "integer", "maximum": 9}, 10, "payload", "must be at most 9"),
        ({"type": "string", "minLength": 1}, "", "payload", "must not be empty"),
        ({"type": "string", "minLength": 3}, "xy", "payload", "must have at least 3 characters"),
        ({"type": "string", "maxLength": 2}, "xyz", "payload", "must have at most 2 characters"),
        ({"type": "string", "pattern": "^[0-9]{10}$"}, "98x", "payload", "must match the pattern ^[0-9]{10}$"),
        ({"type": "string", "format": "uri"}, "shop.example/return", "payload", "must be an absolute URI"),
        ({"enum": ["A", "B"]}, "C", "payload", "must be one of A, B"),
        ({"const": "INLINE"}, "INTENT", "payload", "must be INLINE"),
        ({"type": "array", "minItems": 1}, [], "payload", "must not be empty"),
        ({"properties": {"a": {"not": {"const": "x"}}}}, {"a": "x"}, "a", "has a form the spec forbids"),
        ({"not": {"required": ["a", "b"]}}, {"a": 1, "b": 2}, "b", "must not be given together with a"),
        (
            {"if": {"required": ["a"]}, "then": {"required": ["b"]}, "else": {"required": ["c"]}},
            {"a": 1},
            "b",
            "is required",
        ),
        (
            {"if": {"required": ["a"]}, "then": {"required": ["b"]}, "else": {"required": ["c"]}},
            {"d": 1},
            "c",
            "is required",
        ),
        # required inside a oneOf branch, the branch named by the discriminator, found below a list
        (
            {"properties": {"s": {"type": "array", "items": _UPI}}},
            {"s": [{"mode": "card", "cardId": "C"}, {"mode": "upi", "type": "INLINE"}]},
            "s[1].accountId",
            "is required",
        ),
        ({"properties": {"s": _UPI}}, {"s": {"mode": "card"}}, "s.cardId", "is required"),
        ({"properties": {"s": _UPI}}, {"s": {"mode": "cash"}}, "s.mode", "must be one of card, upi"),
        # without a discriminator: the first branch's problem
        ({"oneOf": [{"required": ["a"]}, {"required": ["b"]}]}, {}, "a", "is required"),
        ({"oneOf": [{"type": "string"}, {"minLength": 1}]}, "x", "payload", "matches more than one"),
        # the library enforces contentEncoding (SDK-less transactionContext) but names no rule for it
        ({"properties": {"c": {"type": "string", "contentEncoding": "base64"}}}, {"c": "c"}, "c", "must be base64"),
    ],
)
def test_every_keyword_is_enforced_with_our_message_never_the_value(
    schema: dict[str, Any], value: object, field: str, problem: str
) -> None:
    found = _check(schema, value)
    assert found is not None, found
    assert found[0] == field, found
    assert found[1].startswith(problem), found


@pytest.mark.parametrize(
    "schema",
    [
        {"type": "string", "maxLength": 3},
        {"type": "string", "pattern": "^[0-9]+$"},
        {"type": "string", "format": "uri"},
        {"enum": ["A", "B"]},
        {"const": "A"},
        {"type": "integer"},
        {"not": {"type": "string"}},
        {"properties": {"k": {"type": "integer"}}},
    ],
)
def test_the_value_given_is_never_in_the_message(schema: dict[str, Any]) -> None:
    value: object = {"k": "Zq9-secret"} if "properties" in schema else "Zq9-secret"
    found = _check(schema, value)
    assert found is not None
    assert "Zq9" not in found[1]
    assert "Zq9" not in found[0]


def test_the_payload_schemas_use_only_keywords_the_library_reads_as_the_spec_means() -> None:
    """fastjsonschema implements draft 7 and the spec is JSON Schema 2020-12: the keywords the payload and header
    schemas use mean the same in both (a $ref with siblings would not: draft 7 ignores them)."""
    from merchant_gateway.checks.schema import _headers, _spec

    same = {"type", "properties", "required", "items", "enum", "const", "oneOf", "anyOf", "allOf", "not", "if"}
    same |= {"then", "else", "minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "minLength", "maxLength"}
    same |= {"pattern", "format", "minItems", "maxItems", "additionalProperties", "$ref", "multipleOf", "uniqueItems"}
    notes = {"description", "examples", "default", "discriminator", "contentEncoding", "contentMediaType", "title"}
    schemas = _spec()["components"]["schemas"]
    seen: set[str] = set()

    def walk(node: Any) -> None:
        if isinstance(node, dict):
            assert "$ref" not in node or len(node) == 1 or set(node) - {"$ref"} <= notes, node
            for key, sub in node.items():
                if key.startswith("x-") or key in ("examples", "default", "enum", "const", "discriminator"):
                    continue
                seen.add(key)
                if key == "properties":
                    for prop in sub.values():
                        walk(prop)
                else:
                    walk(sub)
        elif isinstance(node, list):
            for sub in node:
                walk(sub)

    payloads = {op.payload_name for op in OPERATIONS.values() if op.payload_name}
    for name in sorted(payloads):
        walk(schemas[name])
    for ref in sorted({r for n in payloads for r in _refs(schemas[n], schemas)}):
        walk(schemas[ref])
    for headers in _headers().values():
        for _, schema_json in headers.values():
            import json

            walk(json.loads(schema_json))
    assert seen - same - notes == set(), seen - same - notes
    assert {"if", "then", "not", "minimum", "format", "oneOf", "minLength"} <= seen  # the walk reached them


def _refs(node: Any, schemas: dict[str, Any], found: set[str] | None = None) -> set[str]:
    found = set() if found is None else found
    if isinstance(node, dict):
        ref = node.get("$ref")
        if isinstance(ref, str) and ref.rsplit("/", 1)[-1] not in found:
            found.add(ref.rsplit("/", 1)[-1])
            _refs(schemas[ref.rsplit("/", 1)[-1]], schemas, found)
        for sub in node.values():
            _refs(sub, schemas, found)
    elif isinstance(node, list):
        for sub in node:
            _refs(sub, schemas, found)
    return found


# --- issue 22, finding 8: what the spec forbids is refused before sending --------------------------------------


def _inline(gateway: mg.Gateway, sources: list[Any]) -> Any:
    return gateway.inline_pay(
        transaction_id="T1", amount=100, merchant_user_id="U", mobile_number="9999999999", payment_sources=sources
    )


def test_a_upi_inline_source_without_account_id_is_refused(gateway: mg.Gateway) -> None:
    with pytest.raises(mg.ValidationError) as caught:
        _inline(gateway, [{"mode": "upi", "type": "INTENT"}, {"mode": "upi", "type": "INLINE"}])
    assert str(caught.value) == "paymentSources[1].accountId: is required"


def _collect(gateway: mg.Gateway, **change: Any) -> Any:
    fields: dict[str, Any] = {
        "transaction_id": "T1",
        "amount": 100,
        "merchant_order_id": "O1",
        "instrument_type": "MOBILE",
        "instrument_reference": "9999999999",
        "expires_in": 180,
    }
    return gateway.collect_request(**{**fields, **change})


def test_expires_in_zero_is_refused(gateway: mg.Gateway) -> None:
    with pytest.raises(mg.ValidationError) as caught:
        _collect(gateway, expires_in=0)
    assert str(caught.value) == "expiresIn: must be at least 1"


def test_valid_for_below_one_is_refused(gateway: mg.Gateway) -> None:
    with pytest.raises(mg.ValidationError) as caught:
        gateway.initiate_sdk_less_payment(
            transaction_id="T1",
            amount=100,
            valid_for=-1,
            merchant_order_id="O1",
            redirect_url="https://merchant.example/back",
            transaction_context="e30=",
        )
    assert str(caught.value) == "validFor: must be at least 1"


def test_a_negative_platform_version_code_is_refused(gateway: mg.Gateway) -> None:
    with pytest.raises(mg.ValidationError, match=r"^deviceContext\.platformVersionCode: must be at least"):
        gateway.debit_v4_intent(
            transaction_id="T1",
            amount=100,
            merchant_order_id="O1",
            payment_scope="PLATFORM",
            device_context={"platformVersionCode": -1},
        )


def test_an_empty_instrument_reference_is_refused(gateway: mg.Gateway) -> None:
    with pytest.raises(mg.ValidationError, match=r"^instrumentReference: must not be empty$"):
        _collect(gateway, instrument_reference="")


def test_redirect_url_without_a_scheme_is_refused_by_the_header_schema() -> None:
    from merchant_gateway.checks.schema import header_problem

    found = header_problem("debitV3", "X-REDIRECT-URL", "shop.example/return")
    assert found is not None
    assert found[0] == "X-REDIRECT-URL"
    assert found[1].startswith("must be an absolute URI")
    assert "shop.example/return" not in found[1]
    assert header_problem("debitV3", "x_redirect_url", "shop.example/return") == found  # the parameter's name too
    assert header_problem("debitV3", "X-REDIRECT-URL", "https://shop.example/return") is None
    assert header_problem("debitV3", "X-REDIRECT-MODE", "LATER") == ("X-REDIRECT-MODE", "must be one of REDIRECT, POST")
    assert header_problem("debitV4Intent", "X-CALLBACK-URL", "merchant.example/cb") is not None
    assert header_problem("debitV3", "X-NOT-A-HEADER", "x") is None


def test_a_gateway_refuses_redirect_url_without_a_scheme(gateway: mg.Gateway) -> None:
    with pytest.raises(mg.ValidationError, match=r"^redirect_url: must be an absolute URI"):
        gateway.debit_v3(transaction_id="T1", amount=100, redirect_url="shop.example/return")


@pytest.mark.parametrize(
    ("schema_name", "field", "keyword", "value", "problem"),
    [
        ("DeviceContext", "platformVersionCode", ("minimum", 0), {"platformVersionCode": -1}, "must be at least 0"),
        (
            "CollectPayload",
            "instrumentReference",
            ("minLength", 1),
            {"instrumentReference": ""},
            "must not be empty",
        ),
    ],
)
def test_the_keywords_the_spec_lacks_are_enforced_once_it_has_them(
    monkeypatch: pytest.MonkeyPatch,
    schema_name: str,
    field: str,
    keyword: tuple[str, int],
    value: dict[str, Any],
    problem: str,
) -> None:
    """The two cases above wait for the spec: with the keyword in the schema, the engine refuses them."""
    import copy

    from merchant_gateway.checks import schema as schema_checks

    spec = copy.deepcopy(dict(schema_checks._spec()))
    schema = spec["components"]["schemas"][schema_name]
    schema["properties"][field][keyword[0]] = keyword[1]
    schema.pop("required", None)
    monkeypatch.setattr(schema_checks, "_spec", lambda: spec)
    schema_checks._validator.cache_clear()
    schema_checks._compiled.cache_clear()
    try:
        assert schema_checks.first_problem(schema_name, value) == (field, problem)
    finally:
        schema_checks._validator.cache_clear()
        schema_checks._compiled.cache_clear()


@pytest.mark.parametrize(
    ("context", "field", "problem"),
    [
        ({"offer": float("nan")}, "merchantContext.offer", "must be a finite number"),
        ({"offers": [1.0, float("inf")]}, "merchantContext.offers[1]", "must be a finite number"),
        ({"at": object()}, "merchantContext.at", "must be JSON data"),
        ({("a", "b"): "ab"}, "merchantContext", "must have text keys"),
    ],
)
def test_a_value_json_cannot_carry_is_refused_before_sending(
    gateway: mg.Gateway, context: dict[Any, Any], field: str, problem: str
) -> None:
    """A free-form object (merchantContext) is encoded by the json module: a NaN or infinity it writes as NaN /
    Infinity, which is not JSON (RFC 8259) and a gateway's parser refuses; another object fails inside the call as
    a TypeError. Each is a ValidationError naming the field, nothing sent or signed, never the value in the text."""
    with pytest.raises(mg.ValidationError) as caught:
        gateway.debit_v3(transaction_id="T1", amount=100, merchant_context=context)
    assert caught.value.field == field
    assert str(caught.value).startswith(f"{field}: {problem}")
    with pytest.raises(mg.ValidationError) as caught:
        gateway.mobile.payment_request(amount=100, merchant_context=context)
    assert caught.value.field == field
