"""merchant_gateway.ids: fresh transaction ids, unique without coordination and within the interface document's
length (under 38 characters), with a prefix of at most 8 letters or digits."""

from __future__ import annotations

import re

import pytest
from merchant_gateway.errors import ValidationError
from merchant_gateway.ids import new_transaction_id


def test_an_id_is_the_prefix_then_milliseconds_then_random_bits_in_upper_case_base36(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    asked: list[int] = []

    def randbits(bits: int) -> int:
        asked.append(bits)
        return 35

    monkeypatch.setattr("merchant_gateway.ids.time.time", lambda: 1_700_000_000.0)
    monkeypatch.setattr("merchant_gateway.ids.secrets.randbits", randbits)
    assert new_transaction_id("shop") == "SHOP" + "LOYW3V28" + "Z"
    assert int("LOYW3V28", 36) == 1_700_000_000_000
    assert asked == [64]


def test_the_longest_id_fits_the_documents_bound(monkeypatch: pytest.MonkeyPatch) -> None:
    # the last millisecond that 9 base36 digits hold (in the year 5188), and the largest 64 random bits
    monkeypatch.setattr("merchant_gateway.ids.time.time", lambda: 36**9 / 1000 - 1)
    monkeypatch.setattr("merchant_gateway.ids.secrets.randbits", lambda bits: 2**bits - 1)
    longest = new_transaction_id("ABCDEFGH")
    assert len(longest) == 8 + 9 + 13 == 30
    assert len(longest) < 38


def test_ids_are_unique_and_only_letters_and_digits() -> None:
    made = [new_transaction_id() for _ in range(2000)]
    assert len(set(made)) == len(made)
    assert all(re.fullmatch(r"TX[0-9A-Z]{2,28}", tx) for tx in made), made[:3]
    assert re.fullmatch(r"[0-9A-Z]+", new_transaction_id(""))


@pytest.mark.parametrize("prefix", ["ABCDEFGHI", "TX-", "tx_1", "ünï", " TX"])
def test_a_bad_prefix_is_refused_naming_the_prefix_and_what_it_may_be(prefix: str) -> None:
    with pytest.raises(ValidationError) as raised:
        new_transaction_id(prefix)
    assert raised.value.field == "prefix"
    assert "at most 8 letters or digits" in str(raised.value)
