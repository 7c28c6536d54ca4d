from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st
from merchant_gateway.errors import ConfigurationError
from merchant_gateway.retry import Action, Failure, RetryPolicy, decide, parse_server_wait, wait_seconds

NOW = 1_700_000_000.0
POLICY = RetryPolicy(max_attempts=3, backoff_base=0.5, max_wait=30.0, jitter=0.25)


@pytest.mark.parametrize("mode", ["safe", "reconcile-first"])
def test_not_sent_and_rate_limited_retry_for_every_mode(mode: str) -> None:
    for failure in (Failure.NOT_SENT, Failure.RATE_LIMITED):
        assert decide(failure, mode, 1, POLICY) is Action.RETRY
        assert decide(failure, mode, 3, POLICY) is Action.GIVE_UP


@pytest.mark.parametrize("mode", ["reconcile-first", "", "SAFE", "unknown"])
def test_maybe_sent_on_money_moves_is_outcome_unknown(mode: str) -> None:
    for failure in (Failure.MAYBE_SENT, Failure.SERVER_ERROR):
        assert decide(failure, mode, 1, POLICY) is Action.OUTCOME_UNKNOWN


def test_maybe_sent_on_safe_calls_retries() -> None:
    assert decide(Failure.MAYBE_SENT, "safe", 1, POLICY) is Action.RETRY
    assert decide(Failure.SERVER_ERROR, "safe", 3, POLICY) is Action.GIVE_UP


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        ("5", 5.0),
        ("0", 0.0),
        ("2.5", 2.5),
        (7, 7.0),
        ("inf", None),
        ("nan", None),
        ("-1", None),
        ("Infinity", None),
        ("garbage", None),
        ("", None),
        (None, None),
        (True, None),
        (float("inf"), None),
        (-3, None),
        ("1e9", None),
        ("9" * 100, None),
        ({"a": 1}, None),
    ],
)
def test_parse_server_wait(value: object, expected: float | None) -> None:
    assert parse_server_wait(value, now=NOW) == expected


def test_parse_http_date() -> None:
    assert parse_server_wait("Tue, 14 Nov 2023 22:13:30 GMT", now=NOW) == pytest.approx(10.0)
    assert parse_server_wait("Mon, 01 Jan 1990 00:00:00 GMT", now=NOW) == 0.0
    assert parse_server_wait("Fri, 31 Dec 9999 23:59:59 GMT", now=NOW) is not None


@given(
    hint=st.one_of(st.none(), st.text(max_size=40), st.floats(allow_nan=True), st.integers()),
    attempt=st.integers(min_value=1, max_value=50),
)
def test_every_wait_is_bounded(hint: object, attempt: int) -> None:
    wait = wait_seconds(POLICY, attempt, parse_server_wait(hint, now=NOW), random.Random(1))
    assert 0.0 <= wait <= POLICY.max_wait


@pytest.mark.parametrize("hostile", ["inf", "nan", "-1", "99999", "Fri, 31 Dec 9999 23:59:59 GMT", "garbage", "1e308"])
def test_hostile_values_bounded(hostile: str) -> None:
    wait = wait_seconds(POLICY, 1, parse_server_wait(hostile, now=NOW), random.Random(0))
    assert 0.0 <= wait <= 30.0


def test_jitter_and_backoff() -> None:
    rng = random.Random(3)
    waits = [wait_seconds(POLICY, n, None, rng) for n in (1, 2, 3)]
    assert 0.5 <= waits[0] <= 0.625 and 1.0 <= waits[1] <= 1.25 and 2.0 <= waits[2] <= 2.5
    assert wait_seconds(RetryPolicy(jitter=0.0), 1, 4.0, rng) == 4.0


@pytest.mark.parametrize(
    "kwargs",
    [{"max_attempts": 0}, {"max_attempts": 1.5}, {"max_wait": float("inf")}, {"jitter": 2}, {"backoff_base": -1}],
)
def test_policy_validation(kwargs: dict[str, object]) -> None:
    with pytest.raises(ConfigurationError):
        RetryPolicy(**kwargs)  # type: ignore[arg-type]
