from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st
from merchant_gateway.errors import ConfigurationError
from merchant_gateway.retry import (
    NEVER,
    RECONCILE_FIRST,
    SAFE,
    Action,
    Failure,
    RetryPolicy,
    decide,
    parse_server_wait,
    wait_seconds,
)

NOW = 1_700_000_000.0
POLICY = RetryPolicy(max_attempts=3, backoff_base=0.5, max_wait=30.0, jitter=0.25)


def test_mode_constants_are_the_spec_values() -> None:
    assert (SAFE, RECONCILE_FIRST, NEVER) == ("safe", "reconcile-first", "never")


@pytest.mark.parametrize("mode", ["safe", "reconcile-first", "never"])
def test_not_sent_and_rate_limited_retry_for_every_mode(mode: str) -> None:
    for failure in (Failure.NOT_SENT, Failure.RATE_LIMITED):
        assert decide(failure, mode, 1, POLICY) is Action.RETRY
        assert decide(failure, mode, 3, POLICY) is Action.GIVE_UP


@pytest.mark.parametrize("mode", ["reconcile-first", "never", "", "SAFE", "Never", "unknown"])
def test_maybe_sent_on_money_moves_is_outcome_unknown(mode: str) -> None:
    for failure in (Failure.MAYBE_SENT, Failure.SERVER_ERROR):
        assert decide(failure, mode, 1, POLICY) is Action.OUTCOME_UNKNOWN


@pytest.mark.parametrize("failure", [Failure.MAYBE_SENT, Failure.SERVER_ERROR])
@pytest.mark.parametrize("attempt", [1, 2, 3])
def test_maybe_sent_on_never_calls_is_never_resent(failure: Failure, attempt: int) -> None:
    """x-retry never (OTP send/verify, unlink, SSO access): a request that may have reached the gateway is not
    re-sent, whatever the attempt number or policy; the outcome is unknown and the caller decides."""
    assert decide(failure, NEVER, attempt, POLICY) is Action.OUTCOME_UNKNOWN
    assert decide(failure, NEVER, attempt, RetryPolicy(max_attempts=20)) is Action.OUTCOME_UNKNOWN


def test_never_still_retries_what_was_not_processed() -> None:
    """A connect failure (nothing sent) or a rate limit (refused, not processed) is retried for never calls too,
    and gives up (not OUTCOME_UNKNOWN) once the attempts are used."""
    for failure in (Failure.NOT_SENT, Failure.RATE_LIMITED):
        assert decide(failure, NEVER, 1, POLICY) is Action.RETRY
        assert decide(failure, NEVER, 2, POLICY) is Action.RETRY
        assert decide(failure, NEVER, 3, POLICY) is Action.GIVE_UP


@given(
    mode=st.text(max_size=20).filter(lambda m: m != SAFE),
    failure=st.sampled_from([Failure.MAYBE_SENT, Failure.SERVER_ERROR]),
    attempt=st.integers(min_value=1, max_value=50),
)
def test_only_safe_is_resent_after_a_maybe_sent_failure(mode: str, failure: Failure, attempt: int) -> None:
    """Fails closed: any mode but "safe" (never, reconcile-first, a new or misspelt one) is not re-sent."""
    assert decide(failure, mode, attempt, POLICY) is Action.OUTCOME_UNKNOWN


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
    assert 0.5 <= waits[0] <= 0.625
    assert 1.0 <= waits[1] <= 1.25
    assert 2.0 <= waits[2] <= 2.5
    assert wait_seconds(RetryPolicy(jitter=0.0), 1, 4.0, rng) == 4.0


@pytest.mark.parametrize(
    "kwargs",
    [{"max_attempts": 0}, {"max_attempts": 1.5}, {"max_wait": float("inf")}, {"jitter": 2}, {"backoff_base": -1}],
)
def test_policy_validation(kwargs: dict[str, object]) -> None:
    with pytest.raises(ConfigurationError):
        RetryPolicy(**kwargs)  # type: ignore[arg-type]
