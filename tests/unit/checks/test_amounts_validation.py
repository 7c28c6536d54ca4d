from __future__ import annotations

import string
from decimal import Decimal

import merchant_gateway as mg
import pytest
from hypothesis import given
from hypothesis import strategies as st
from merchant_gateway.checks.amounts import INT64_MAX, check_paise, paise_from_rupees
from merchant_gateway.checks.limits import check_merchant_order_id, check_payload, check_refund, check_transaction_id
from merchant_gateway.errors import ValidationError


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


# --- values placed in a URL path (issue 22, finding 7) -----------------------------------------------------------


def _signed_and_sent_paths(transaction_id: str) -> tuple[str, str]:
    """The status path the client signs (the value as given) and the one httpx puts on the wire, built by the
    generated endpoint and httpx's own URL parsing, as every status read is."""
    import httpx
    from merchant_gateway_client.api.default import get_transaction_status as endpoint
    from merchant_gateway_client.client import SIGNING_EXTENSION

    kwargs = endpoint.request_parts("M1", transaction_id)
    sent = httpx.URL("https://gateway.example" + kwargs["url"]).raw_path.decode("ascii")
    return kwargs["extensions"][SIGNING_EXTENSION]["path"], sent


def _path_safe(value: str) -> bool:
    try:
        check_transaction_id(value)
    except ValidationError:
        return False
    return True


# every ASCII character, both dot segments, and non-ASCII letters, spaces and symbols
_PATH_PROBES = [f"A{chr(c)}B" for c in range(128)] + [".", "..", "...", "A.B", "é", "Ω", "\u00a0", "\u200b", "😀", "₹"]


@pytest.mark.parametrize("value", _PATH_PROBES)
def test_a_path_value_is_accepted_exactly_when_the_wire_carries_it_as_signed(value: str) -> None:
    signed, sent = _signed_and_sent_paths(value)
    assert _path_safe(value) == (signed == sent), (signed, sent)


@given(st.text(min_size=1, max_size=37))
def test_any_transaction_id_is_accepted_exactly_when_the_wire_carries_it_as_signed(value: str) -> None:
    signed, sent = _signed_and_sent_paths(value)
    assert _path_safe(value) == (signed == sent)


def test_the_path_alphabet_is_letters_digits_and_four_marks() -> None:
    accepted = "".join(chr(c) for c in range(128) if _path_safe(f"A{chr(c)}B"))
    assert accepted == "-." + "0123456789" + string.ascii_uppercase + "_" + string.ascii_lowercase + "~"


@given(st.from_regex(r"[A-Za-z0-9]{0,8}", fullmatch=True))
def test_generated_ids_always_pass(prefix: str) -> None:
    from merchant_gateway.ids import new_transaction_id

    txn = new_transaction_id(prefix)
    assert check_transaction_id(txn) == txn
    signed, sent = _signed_and_sent_paths(txn)
    assert signed == sent


@pytest.mark.parametrize(
    ("value", "shown"), [("T 1", "' ' at index 1"), ("T%41", "'%' at index 1"), ("Tü", "U+00FC at index 1")]
)
def test_a_transaction_id_needing_encoding_is_refused_before_anything_is_sent(value: str, shown: str) -> None:
    import httpx

    sent: list[httpx.Request] = []
    transport = httpx.MockTransport(lambda r: (sent.append(r), httpx.Response(500))[1])
    gw = mg.Gateway(merchant_id="M1", salt_key="k", salt_index="1", transport=transport)
    for call in (
        lambda: gw.get_transaction_status(value),
        lambda: gw.debit_v4_web(transaction_id=value, amount=100),
        lambda: gw.refund_v3(
            transaction_id="R1", original_transaction_id=value, amount=1, merchant_order_id="O1", message="m"
        ),
    ):
        with pytest.raises(ValidationError) as info:
            call()
        message = str(info.value)
        assert info.value.field in ("transactionId", "originalTransactionId")
        assert shown in message
        assert "X-VERIFY" in message
        assert "letters, digits, -._~" in message
        assert message.endswith("(see merchant_gateway.ids)")  # whole: not cut by the message cap
    assert not sent


def test_a_token_in_the_path_is_refused_by_position_without_showing_it() -> None:
    import httpx

    gw = mg.Gateway(merchant_id="M1", salt_key="k", salt_index="1", transport=httpx.MockTransport(lambda r: 1 / 0))
    token = "sekretQ=Zz9"
    with pytest.raises(ValidationError) as info:
        gw.get_wallet_balance(token)
    assert info.value.field == "userAuthToken"
    message = str(info.value)
    assert "index 7" in message
    assert "'='" not in message
    assert "sekret" not in message
    assert "Zz9" not in message


@pytest.mark.parametrize("merchant_user_id", ["user 1", "user/1", "usér", ".."])
def test_the_account_summary_path_refuses_a_merchant_user_id_needing_encoding(merchant_user_id: str) -> None:
    from merchant_gateway.tasks.mobile import sign_app_account_summary

    with pytest.raises(ValidationError) as info:
        sign_app_account_summary("M1", merchant_user_id, salt_key="k", salt_index="1")
    assert info.value.field == "merchantUserId"


def test_a_merchant_order_id_is_not_in_a_path_and_keeps_its_own_rule() -> None:
    assert check_merchant_order_id("order 1 (web)") == "order 1 (web)"
