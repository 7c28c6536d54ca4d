from __future__ import annotations

from decimal import Decimal

import merchant_gateway as mg
import pytest
from hypothesis import given
from hypothesis import strategies as st
from merchant_gateway.amounts import INT64_MAX, check_paise, paise_from_rupees
from merchant_gateway.errors import ValidationError
from merchant_gateway.validation import check_merchant_order_id, check_payload, check_refund, check_transaction_id


@pytest.mark.parametrize("value", [1, 100, INT64_MAX])
def test_check_paise_accepts_int(value: int) -> None:
    assert check_paise(value) == value


@pytest.mark.parametrize("value", [0, -1, INT64_MAX + 1, 1.0, 100.5, True, False, "100", Decimal(1), None])
def test_check_paise_rejects(value: object) -> None:
    with pytest.raises(ValidationError) as info:
        check_paise(value, "amount")
    assert info.value.field == "amount"


@pytest.mark.parametrize(
    ("rupees", "paise"),
    [("1", 100), ("12.34", 1234), ("0.01", 1), (Decimal("10.50"), 1050), ("92233720368547758.07", INT64_MAX)],
)
def test_paise_from_rupees_exact(rupees: Decimal | str, paise: int) -> None:
    assert paise_from_rupees(rupees) == paise


@pytest.mark.parametrize(
    "rupees",
    [
        "1.005",
        "0",
        "0.00",
        "-1",
        "1e2",
        " 1",
        "NaN",
        "inf",
        "",
        "1,00",
        Decimal("NaN"),
        Decimal("Infinity"),
        Decimal("-5"),
        Decimal("0.001"),
        Decimal("1E+999999"),
        "92233720368547758.08",
        1.5,
        2,
        True,
    ],
)
def test_paise_from_rupees_rejects(rupees: object) -> None:
    with pytest.raises(ValidationError):
        paise_from_rupees(rupees)  # type: ignore[arg-type]


@given(st.integers(min_value=1, max_value=10**12))
def test_paise_roundtrip(paise: int) -> None:
    assert paise_from_rupees(str(Decimal(paise) / 100)) == paise


def test_id_lengths() -> None:
    assert check_transaction_id("x" * 37) == "x" * 37
    with pytest.raises(ValidationError, match="transactionId"):
        check_transaction_id("x" * 38)
    assert check_merchant_order_id("o" * 47)
    with pytest.raises(ValidationError, match="merchantOrderId"):
        check_merchant_order_id("o" * 48)
    for bad in ("", "a/b", "a\nb", 5, None):
        with pytest.raises(ValidationError):
            check_transaction_id(bad)


def test_check_payload_names_field() -> None:
    with pytest.raises(ValidationError) as info:
        check_payload({"transactionId": "T1", "merchantOrderId": "O" * 48, "amount": 100})
    assert info.value.field == "merchantOrderId"
    with pytest.raises(ValidationError) as info:
        check_payload({"transactionId": "T1", "amount": 1.0})
    assert info.value.field == "amount"


def test_check_refund() -> None:
    ok = {"transactionId": "R1", "originalTransactionId": "T1", "amount": 100}
    check_refund(ok, 100)
    check_refund(ok, None)
    with pytest.raises(ValidationError, match="amount"):
        check_refund({**ok, "amount": 101}, 100)
    check_refund({"transactionId": "R1", "providerReferenceId": "P1", "amount": 1}, None)
    with pytest.raises(ValidationError, match="transactionId"):
        check_refund({**ok, "transactionId": "T1"}, None)


def test_an_enum_field_names_itself_and_its_allowed_values() -> None:
    import httpx

    sent: list[httpx.Request] = []
    transport = httpx.MockTransport(lambda r: (sent.append(r), httpx.Response(500))[1])
    gw = mg.Gateway(merchant_id="M1", salt_key="k", salt_index="1", transport=transport)
    with pytest.raises(mg.ValidationError) as info:
        gw.debit_v4_intent(
            transaction_id="T1",
            amount=100,
            merchant_order_id="O1",
            payment_scope="OTHER",  # type: ignore[arg-type]
            device_context={"platformVersionCode": 1},
        )
    assert (info.value.field, str(info.value)) == ("paymentScope", "paymentScope: must be one of PLATFORM")
    with pytest.raises(mg.ValidationError, match="instrumentType: must be one of MOBILE"):
        gw.collect_request(
            transaction_id="T1",
            amount=100,
            merchant_order_id="O1",
            instrument_type="VPA",  # type: ignore[arg-type]
            instrument_reference="9999999999",
            expires_in=180,
            callback_url="https://merchant.example/cb",
        )
    assert not sent  # nothing left the client
