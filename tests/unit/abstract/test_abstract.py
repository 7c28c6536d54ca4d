"""merchant_gateway.abstract: the gateway as the task layer and the flows see it. An interface: its tests are what a
subclass must give (a test double here) and that both gateways are implementations of it."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any, Self

import merchant_gateway as mg
import pytest
from merchant_gateway.abstract import AbstractGateway, AsyncAbstractGateway

MEMBERS = frozenset({"clock", "sleep", "reconcile", "with_options"})


class Double(AbstractGateway):
    """A sync abstract gateway with a fake clock, recording what it was asked."""

    def __init__(self) -> None:
        self.now = 0.0
        self.asked: list[Any] = []

    @property
    def clock(self) -> Callable[[], float]:
        return lambda: self.now

    @property
    def sleep(self) -> Callable[[float], None]:
        def sleep(seconds: float) -> None:
            self.now += seconds

        return sleep

    def reconcile(self, transaction_id: str) -> Any:
        self.asked.append(("reconcile", transaction_id))
        return {"transactionId": transaction_id}

    def with_options(self, *, retry: mg.RetryPolicy | None = None) -> Self:
        self.asked.append(("with_options", retry))
        return self


class AsyncDouble(AsyncAbstractGateway):
    def __init__(self) -> None:
        self.now = 0.0

    @property
    def clock(self) -> Callable[[], float]:
        return lambda: self.now

    @property
    def sleep(self) -> Callable[[float], Any]:
        async def sleep(seconds: float) -> None:
            self.now += seconds

        return sleep

    async def reconcile(self, transaction_id: str) -> Any:
        return {"transactionId": transaction_id}

    def with_options(self, *, retry: mg.RetryPolicy | None = None) -> Self:
        return self


def test_the_interface_is_the_clock_the_sleep_reconcile_and_with_options_besides_the_operations() -> None:
    assert AbstractGateway.__abstractmethods__ == MEMBERS
    assert AsyncAbstractGateway.__abstractmethods__ == MEMBERS


@pytest.mark.parametrize("abstract", [AbstractGateway, AsyncAbstractGateway])
def test_a_subclass_that_leaves_a_member_out_cannot_be_made(abstract: type) -> None:
    partial = type("Partial", (abstract,), {"reconcile": lambda self, transaction_id: None})
    with pytest.raises(TypeError, match="abstract"):
        partial()


def test_both_gateways_are_implementations() -> None:
    assert issubclass(mg.Gateway, AbstractGateway)
    assert issubclass(mg.AsyncGateway, AsyncAbstractGateway)
    assert not issubclass(mg.Gateway, AsyncAbstractGateway)


def test_a_double_gives_the_clock_and_sleep_the_task_layer_waits_on() -> None:
    double = Double()
    double.sleep(2.5)
    assert double.clock() == 2.5
    assert double.with_options(retry=None) is double
    assert double.reconcile("TX1") == {"transactionId": "TX1"}
    assert double.asked == [("with_options", None), ("reconcile", "TX1")]


def test_an_async_double_gives_the_same() -> None:
    double = AsyncDouble()
    asyncio.run(double.sleep(1.5))
    assert double.clock() == 1.5
    assert asyncio.run(double.reconcile("TX2")) == {"transactionId": "TX2"}


def test_an_operation_the_double_does_not_give_says_so() -> None:
    # the generated operation methods go through _call, which a double that is no gateway does not implement
    with pytest.raises(NotImplementedError):
        Double().get_authorization_token()
