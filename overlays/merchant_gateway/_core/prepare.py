"""Prepare a call, free of I/O: arguments to a checked payload wire dict and the keyword arguments of the
operation's generated ``request_parts``; bad input raises ValidationError naming the field, before anything is sent."""

from __future__ import annotations

import enum
import inspect
import typing
from collections.abc import Mapping
from typing import Any, NamedTuple

from merchant_gateway_client.operations import Operation

from ..checks.amounts import check_paise
from ..checks.limits import (
    check_field_rules,
    check_header_value,
    check_identifier,
    check_payload,
    check_refund,
    check_transaction_id,
)
from ..checks.schema import first_problem, header_problem
from ..errors import (
    ValidationError,
)
from ..retry import RetryPolicy
from .calls import Prepared
from .records import Records


def _camel(name: str) -> str:
    head, *rest = name.split("_")
    return head + "".join(part[:1].upper() + part[1:] for part in rest)


def _refused(schema: str, wire: Mapping[str, object], exc: Exception) -> ValidationError:
    """The field a generated model refused, as the spec names it (payload_problems), else what the model said."""
    found = first_problem(schema, wire)
    if found is not None:
        return ValidationError(*found)
    if isinstance(exc, KeyError):
        return ValidationError(_camel(str(exc.args[0])) if exc.args else "payload", "is required")
    return ValidationError("payload", f"invalid value: {str(exc)[:120] or type(exc).__name__}")


def _wire(value: object) -> object:
    """Nested generated models (or lists of them) to their wire dicts, so ``from_dict`` can rebuild them."""
    to_dict = getattr(value, "to_dict", None)
    if callable(to_dict):
        return to_dict()
    if isinstance(value, list | tuple):
        return [_wire(v) for v in value]
    return value


class _Plan(NamedTuple):
    """What ``prepare`` needs from the generated ``request_parts`` signature, computed once per operation."""

    params: Mapping[str, inspect.Parameter]
    required: tuple[str, ...]  # parameters without a default (``client`` excluded), in signature order
    salt_index: bool  # takes x_salt_index (the test callback)
    call_mode_default: object  # the documented X-CALL-MODE default as the generated enum (or None)


_PLANS: dict[str, _Plan] = {}


def _plan(op: Operation) -> _Plan:
    plan = _PLANS.get(op.name)
    if plan is None:
        params = inspect.signature(op.module.request_parts).parameters
        required = tuple(
            name for name, p in params.items() if name != "client" and p.default is inspect.Parameter.empty
        )
        default = _coerce_option(params["x_call_mode"], "POST", "call_mode") if "x_call_mode" in required else None
        plan = _PLANS[op.name] = _Plan(params, required, "x_salt_index" in params, default)
    return plan


def _coerce_option(param: inspect.Parameter, value: object, option: str) -> object:
    """Plain strings for header options; the generated code wants its own enum for *-MODE headers."""
    for arg in typing.get_args(param.annotation) or (param.annotation,):
        if isinstance(arg, type) and issubclass(arg, enum.Enum):
            try:
                return arg(value)
            except ValueError:
                allowed = ", ".join(str(m.value) for m in arg)
                raise ValidationError(option, f"must be one of {allowed}") from None
    return check_header_value(value, option)


class Preparing(Records):
    """Turns a call's arguments into a :class:`Prepared`: the payload model, its wire dict (made once), every
    check before sending. Sends nothing."""

    def build_payload(self, op: Operation, payload: object, fields: Mapping[str, object]) -> Any:
        cls = op.payload
        assert cls is not None
        if payload is not None:
            if fields:
                raise ValidationError(next(iter(fields)), "give either a payload model or keyword fields, not both")
            if not isinstance(payload, cls):
                raise ValidationError("payload", f"must be a {cls.__name__}")
            model: Any = payload
        else:
            import attrs  # only on the keyword-fields path: importing attrs eagerly costs import time

            known = {f.name for f in attrs.fields(cls)} - {"additional_properties"}
            for name in fields:
                if name not in known:
                    raise ValidationError(name, f"is not a field of {cls.__name__}")
            wire = {_camel(k): _wire(v) for k, v in fields.items() if v is not None}
            if "merchant_id" in known:
                wire.setdefault("merchantId", self.config.merchant_id)
            try:
                model = cls.from_dict(wire)  # type: ignore[attr-defined]
            except (KeyError, ValueError, TypeError, AttributeError) as exc:
                raise _refused(cls.__name__, wire, exc) from None
            if model.additional_properties:  # a field name that does not map to its wire name
                raise ValidationError(next(iter(model.additional_properties)), "is not a known wire field")
        return model

    def prepare(
        self,
        op: Operation,
        *,
        payload: object = None,
        fields: Mapping[str, object] | None = None,
        params: Mapping[str, object] | None = None,
        options: Mapping[str, object] | None = None,
        original_amount: int | None = None,
        expected_amount: int | None = None,
        retry: RetryPolicy | None = None,
    ) -> Prepared:
        """Validate everything and return the keyword arguments of the generated call. Sends nothing."""
        kwargs: dict[str, Any] = dict(params or {})
        transaction_id: str | None = None
        refunded_of: int | None = None
        amount: int | None = None
        wire: dict[str, Any] | None = None  # the payload's, made once: every check and the encoding read it
        if "transaction_id" in kwargs:
            transaction_id = check_transaction_id(kwargs["transaction_id"])
        if "user_auth_token" in kwargs:
            check_identifier(kwargs["user_auth_token"], "userAuthToken", 1024)
        if op.payload is not None:
            model = self.build_payload(op, payload, fields or {})
            wire = model.to_dict()
            merchant = wire.get("merchantId")
            if merchant is not None and merchant != self.config.merchant_id:
                raise ValidationError("merchantId", "differs from the configured merchant id")
            # ids and amounts first (their messages say more), then the spec's schema: types, enums and nesting
            # (the test-callback amount is documented as "at least 1" like every other amount)
            check_payload(wire)
            problem = first_problem(type(model).__name__, wire)
            if problem is not None:
                raise ValidationError(*problem)
            check_field_rules(wire, op.field_rules)  # the spec's x-field-rules (operations.py facts)
            if op.money_movement == "refund":
                known = (
                    original_amount
                    if original_amount is not None
                    else self.known_amount(wire.get("originalTransactionId"))
                )
                check_refund(wire, known)
                refunded_of = known
            transaction_id = wire.get("transactionId")
            amount = wire.get("amount")
            kwargs["body"] = model
        elif fields:
            raise ValidationError(next(iter(fields)), f"{op.name} takes no payload fields")
        plan = _plan(op)
        if options:
            params_of = plan.params
            for option, value in options.items():
                if value is None:
                    continue
                target = op.headers[option]
                found = header_problem(op.operation_id, target, value)  # the header's schema (format: uri, enum)
                if found is not None:
                    raise ValidationError(option, found[1])
                if target not in params_of:
                    raise ValidationError(option, f"is not accepted by {op.name}")
                kwargs[target] = _coerce_option(params_of[target], value, option)
        self._fill_required_headers(op, plan, kwargs)
        if expected_amount is not None:
            if op.answer_codes != "payment-state":
                raise ValidationError(
                    "expected_amount", f"is accepted only by the status reads, not by {op.name}: leave it out"
                )
            expected_amount = check_paise(expected_amount, "expected_amount")
        return Prepared(op, kwargs, transaction_id, amount, retry, refunded_of, wire, None, expected_amount)

    def _fill_required_headers(self, op: Operation, plan: _Plan, kwargs: dict[str, Any]) -> None:
        if plan.salt_index:  # the test callback is signed with this salt index
            kwargs["x_salt_index"] = self.config.salt_index
        for name in plan.required:
            if name in kwargs:
                continue
            if name == "x_client_id":  # "X-CLIENT-ID: merchant id unless another value was shared"
                kwargs[name] = self.config.merchant_id
            elif name == "x_call_mode":
                kwargs[name] = plan.call_mode_default  # documented default
            elif name == "merchant_id":
                kwargs[name] = self.config.merchant_id
            else:
                option = next((k for k, v in op.headers.items() if v == name), name)
                raise ValidationError(option, f"is required by {op.name}")
