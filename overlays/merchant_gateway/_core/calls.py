"""The records of one call: what ``prepare`` made of it (:class:`Prepared`) and what an attempt came to
(:class:`Done`, :class:`Wait`)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, NamedTuple

from merchant_gateway_client.operations import Operation

from ..errors import (
    GatewayError,
)
from ..retry import RetryPolicy


# Immutable records built on every call: NamedTuple construction is a C-level tuple, far cheaper than a frozen
# dataclass's object.__setattr__ per field (and importing dataclasses is not needed).
class Prepared(NamedTuple):
    op: Operation
    kwargs: dict[str, Any]  # the operation's generated request_parts arguments ("body": the payload model)
    transaction_id: str | None
    amount: int | None
    retry: RetryPolicy | None = None  # a per-call policy; None: the gateway's configured one
    original_amount: int | None = None  # a refund's: the payment's amount, as the caller or this client knows it
    wire: Mapping[str, Any] | None = None  # the payload's wire dict, made once (request_parts encodes it)
    request: Any = None  # the httpx.Request the pipeline built (encoded and signed once), sent by every attempt
    # a status read's: the amount a success must carry, given by the caller (else the amount this client sent)
    expected_amount: int | None = None


class Done(NamedTuple):
    value: object


class Wait(NamedTuple):
    seconds: float
    error: GatewayError | None = None  # what the call raises if it may not try again (its total_timeout is spent)
