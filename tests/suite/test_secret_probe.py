"""tests/support/secret_probe.leaks: what the secret checks count as a leak. A short secret (the sandbox's OTP) is
found only as a whole word, so a span's timestamp that happens to contain its digits is no leak; a long one (a token,
a base64 payload) anywhere."""

from __future__ import annotations

from tests.support.secret_probe import leaks

OTP = "123456"
TOKEN = "a7Fq9ZkR2mXw8LpT0cVb"  # 20 characters: no text holds it by chance


def test_a_short_secret_inside_a_longer_number_is_no_leak() -> None:
    texts = ['"start_time_unix_nano": 1795879312345678', "amount 91234567", "id T123456X"]
    assert leaks(texts, {OTP}) == []


def test_a_short_secret_standing_alone_is_a_leak_wherever_it_stands() -> None:
    texts = ['{"otp": "123456"}', "otp=123456&x=1", "verify 123456", "123456"]
    assert [where for _, where in leaks(texts, {OTP})] == ['{"otp": "', "otp=", "verify ", ""]


def test_a_long_secret_is_a_leak_even_inside_other_characters() -> None:
    found = leaks([f"Bearer{TOKEN}xyz", "nothing here"], {TOKEN, OTP})
    assert found == [("a7Fq9Z...", "Bearer")]


def test_a_later_whole_word_occurrence_is_found_past_an_embedded_one() -> None:
    assert leaks(["ts 91234567 then otp 123456"], {OTP}) == [("123456...", "ts 91234567 then otp ")]
