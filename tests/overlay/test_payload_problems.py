"""A payload the generated models refuse is reported by the field the spec names, with the allowed values, and
nothing is sent. Expectations are read off spec/openapi.yaml by hand (PaymentSource: oneOf card / wallets / upi,
discriminator `mode`; CardPaymentSource requires cardId; UpiPaymentSource's type is INLINE or INTENT)."""

from __future__ import annotations

from typing import Any

import httpx
import merchant_gateway as mg
import pytest
from merchant_gateway.payload_problems import first_problem
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
        "paymentSources": [{"mode": "upi", "type": "INTENT"}],
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
    with pytest.raises(mg.ValidationError, match=r"^amount: must be an integer number of paise, got float$"):
        gateway.debit_v4_web(transaction_id="T1", amount=1.5)  # type: ignore[arg-type]


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
        ({"type": ["object", "null"]}, 3, None),  # a list naming object: left to the gateway
    ],
)
def test_json_schema_types_including_lists_of_types(schema: dict[str, Any], value: object, problem: str | None) -> None:
    from merchant_gateway.payload_problems import _compile

    assert _compile(schema)(value) == (None if problem is None else ("", problem))
