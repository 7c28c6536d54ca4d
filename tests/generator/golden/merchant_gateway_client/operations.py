# Generated from tests/generator/fixtures/mini.yaml by generator/, do not edit.
"""The facts of every server operation, from the spec's x- extensions (docs/design.md; spec/README.md).

Rendered by generator/public_api.py. The overlay (merchant_gateway) reads these instead of keeping a table of
its own: a new operation in the spec reaches Gateway and AsyncGateway with `make generate` alone. Endpoint
modules and models are named, not imported: they load on first use.
"""

# No `from __future__ import annotations`: typing.NamedTuple turns a string annotation into a ForwardRef, compiling
# it, once per field at import; the types written here are cheaper to evaluate than to compile.
import functools
import importlib
from collections.abc import Mapping
from types import ModuleType
from typing import Literal, NamedTuple

MoneyMovement = Literal["none", "debit", "collect", "refund", "deferred-refund"]
AnswerCodes = Literal["outcome", "payment-state"]
FieldRule = Literal["exactly-one-of", "at-least-one-of", "at-most-one-of", "required"]


# A NamedTuple, not a frozen dataclass: one operation's facts are a record, and a dataclass's class creation
# (code generated and compiled for each method) would be paid by every `import merchant_gateway`.
class _Facts(NamedTuple):
    name: str  # the public method's name and the endpoint module's (snake_case operationId)
    operation_id: str
    host: Literal["base", "apps", "auth"]
    retry: Literal["safe", "reconcile-first", "never"]  # x-retry
    money_movement: MoneyMovement  # x-money-movement
    answer_codes: AnswerCodes  # x-answer-codes
    payload_from: Literal["caller", "configuration"]  # x-payload-from
    payload_name: str | None  # model passed as `body`
    result_name: str | None  # success model; None: the answer is a redirect Location
    path_params: tuple[str, ...]  # endpoint parameters the caller gives positionally
    headers: Mapping[str, str]  # public keyword -> endpoint parameter (a request header)
    required_headers: tuple[str, ...]  # endpoint parameters the caller must give
    # x-field-rules (payload schema's, then the operation's): (rule, wire field names); checked before sending
    field_rules: tuple[tuple[FieldRule, tuple[str, ...]], ...] = ()


class Operation(_Facts):
    """One server operation's facts. A subclass of the record so that instances have a ``__dict__``: what they
    load on first use (the endpoint module, the models) is cached there and read at plain attribute speed."""

    @functools.cached_property
    def module(self) -> ModuleType:
        """The generated endpoint module: the operation's metadata and ``request_parts`` (what the pipeline sends)."""
        return importlib.import_module(f"{__package__}.api.default.{self.name}")

    @functools.cached_property
    def payload(self) -> type | None:
        return _model(self.payload_name)

    @functools.cached_property
    def result(self) -> type | None:
        return _model(self.result_name)


def _model(name: str | None) -> type | None:
    if name is None:
        return None
    cls: type = getattr(importlib.import_module(f"{__package__}.models"), name)
    return cls


OPERATIONS: Mapping[str, Operation] = {
    "debit_v3": Operation(
        name="debit_v3",
        operation_id="debitV3",
        host="base",
        retry="reconcile-first",
        money_movement="none",
        answer_codes="outcome",
        payload_from="caller",
        payload_name="DebitPayload",
        result_name=None,
        path_params=(),
        headers={
            "callback_url": "x_callback_url",
            "redirect_url": "x_redirect_url",
        },
        required_headers=(),
    ),
    "get_transaction_status": Operation(
        name="get_transaction_status",
        operation_id="getTransactionStatus",
        host="base",
        retry="safe",
        money_movement="none",
        answer_codes="outcome",
        payload_from="caller",
        payload_name=None,
        result_name="StatusResponse",
        path_params=("transaction_id",),
        headers={},
        required_headers=(),
    ),
    "get_transaction_status_apps_host": Operation(
        name="get_transaction_status_apps_host",
        operation_id="getTransactionStatusAppsHost",
        host="apps",
        retry="safe",
        money_movement="none",
        answer_codes="outcome",
        payload_from="caller",
        payload_name=None,
        result_name="StatusResponse",
        path_params=("transaction_id",),
        headers={
            "client_id": "x_client_id",
        },
        required_headers=(),
    ),
    "get_authorization_token": Operation(
        name="get_authorization_token",
        operation_id="getAuthorizationToken",
        host="auth",
        retry="safe",
        money_movement="none",
        answer_codes="outcome",
        payload_from="caller",
        payload_name="TokenForm",
        result_name="TokenResponse",
        path_params=(),
        headers={},
        required_headers=(),
    ),
}
