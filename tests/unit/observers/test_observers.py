"""merchant_gateway.observers: observers written once for both flavours (issue 25), and observers written for the async
names before the naming rule (``acall``/``abefore_attempt``), still called by the gateways with a deprecation."""

from __future__ import annotations

import warnings
from typing import Any

import pytest
from merchant_gateway.observers import AttemptEnd, CallObserver, combine

from tests.support.overlay import CALLS, FakeTime, Recorder, make, make_async

NAME = "debit_v4_web"  # one money-moving call: one attempt


class Journal(CallObserver):
    """Written to today's names: what it saw, in order, tagged."""

    def __init__(self, tag: str, seen: list[str]) -> None:
        self.tag, self.seen = tag, seen

    def call(self, prep: Any, run: Any) -> Any:
        self.seen.append(f"{self.tag} call")
        result = run(prep)
        self.seen.append(f"{self.tag} answer")
        return result

    async def async_call(self, prep: Any, run: Any) -> Any:
        self.seen.append(f"{self.tag} call")
        result = await run(prep)
        self.seen.append(f"{self.tag} answer")
        return result

    def before_attempt(self, prep: Any) -> None:
        self.seen.append(f"{self.tag} before")

    async def async_before_attempt(self, prep: Any) -> None:
        self.seen.append(f"{self.tag} before")

    def attempt_ready(self, prep: Any) -> None:
        self.seen.append(f"{self.tag} ready")

    def after_attempt(self, prep: Any, end: AttemptEnd) -> None:
        self.seen.append(f"{self.tag} after {end.number}")


def old_observer_class() -> type[CallObserver]:
    """A merchant's observer written before issue 25: the async methods under their old names only."""

    class OldNames(CallObserver):
        def __init__(self, seen: list[str]) -> None:
            self.seen = seen

        async def acall(self, prep: Any, run: Any) -> Any:
            self.seen.append("old call")
            return await run(prep)

        async def abefore_attempt(self, prep: Any) -> None:
            self.seen.append("old before")

    return OldNames


COMBINED = ["a call", "b call", "a before", "b before", "a ready", "b ready", "b after 1", "a after 1"]
COMBINED += ["b answer", "a answer"]


def test_combined_observers_nest_the_same_in_a_gateway(fake_time: FakeTime) -> None:
    seen: list[str] = []
    args, kwargs = CALLS[NAME]
    with make(Recorder(), fake_time, observer=combine(Journal("a", seen), Journal("b", seen))) as gw:
        getattr(gw, NAME)(*args, **kwargs)
    assert seen == COMBINED


async def test_combined_observers_nest_the_same_in_an_async_gateway(fake_time: FakeTime) -> None:
    seen: list[str] = []
    args, kwargs = CALLS[NAME]
    async with make_async(Recorder(), fake_time, observer=combine(Journal("a", seen), Journal("b", seen))) as gw:
        await getattr(gw, NAME)(*args, **kwargs)
    assert seen == COMBINED


def test_an_observer_with_todays_names_defines_without_a_warning() -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        Journal("a", [])

        class Subclass(Journal):
            async def async_call(self, prep: Any, run: Any) -> Any:
                return await run(prep)

    assert Subclass.async_call is not Journal.async_call


def test_defining_an_observer_with_the_old_async_names_warns_once_naming_both() -> None:
    with pytest.warns(DeprecationWarning, match="CallObserver's async methods were renamed") as caught:
        old_observer_class()
    assert len(caught) == 1
    said = str(caught[0].message)
    assert "acall -> async_call" in said
    assert "abefore_attempt -> async_before_attempt" in said
    assert caught[0].filename == __file__  # points at the merchant's class, not at merchant_gateway


async def test_an_async_gateway_still_calls_an_observer_with_the_old_names(fake_time: FakeTime) -> None:
    with pytest.warns(DeprecationWarning, match="CallObserver's async methods were renamed"):
        old = old_observer_class()
    seen: list[str] = []
    rec = Recorder()
    args, kwargs = CALLS[NAME]
    async with make_async(rec, fake_time, observer=old(seen)) as gw:
        await getattr(gw, NAME)(*args, **kwargs)
    assert seen == ["old call", "old before"]
    assert len(rec.requests) == 1

    seen.clear()  # and among others, through combine()
    async with make_async(rec, fake_time, observer=combine(Journal("new", seen), old(seen))) as gw:
        await getattr(gw, NAME)(*args, **kwargs)
    assert seen == ["new call", "old call", "new before", "old before", "new ready", "new after 1", "new answer"]
