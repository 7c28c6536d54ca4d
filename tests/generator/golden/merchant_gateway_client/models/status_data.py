# Generated from tests/generator/fixtures/mini.yaml by generator/, do not edit.
from __future__ import annotations

from collections.abc import Mapping
from enum import Enum
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.payment_state import PaymentState

T = TypeVar("T", bound="StatusData")
_E = TypeVar("_E", bound=Enum)


def _open_enum(cls: type[_E], value: object) -> _E | str:
    """A value of an open set: its member when `cls` knows it, otherwise the string as received."""
    if not isinstance(value, str):
        raise TypeError(f"{cls.__name__}: expected a string, got {type(value).__name__}")
    try:
        return cls(value)
    except ValueError:
        return value


@_attrs_define
class StatusData:
    """
    Attributes:
        transaction_id (str | None):
        merchant_id (str | None):
        amount (int | None):
        payment_state (PaymentState | str | None): Informative only; decisions use code.
        pay_response_code (str | None):
        history (list[PaymentState | str] | None):
    """

    transaction_id: str | None = None
    merchant_id: str | None = None
    amount: int | None = None
    payment_state: PaymentState | str | None = None
    pay_response_code: str | None = None
    history: list[PaymentState | str] | None = None
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        if self.transaction_id is not None:
            field_dict["transactionId"] = self.transaction_id
        if self.merchant_id is not None:
            field_dict["merchantId"] = self.merchant_id
        if self.amount is not None:
            field_dict["amount"] = self.amount
        if self.payment_state is not None:
            field_dict["paymentState"] = (
                self.payment_state.value if isinstance(self.payment_state, PaymentState) else self.payment_state
            )
        if self.pay_response_code is not None:
            field_dict["payResponseCode"] = self.pay_response_code
        if self.history is not None:
            field_dict["history"] = [item.value if isinstance(item, PaymentState) else item for item in self.history]

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        transaction_id: str | None = d.pop("transactionId", None)

        merchant_id: str | None = d.pop("merchantId", None)

        amount: int | None = d.pop("amount", None)

        _payment_state = d.pop("paymentState", None)
        payment_state = None if _payment_state is None else _open_enum(PaymentState, _payment_state)

        pay_response_code: str | None = d.pop("payResponseCode", None)

        _history = d.pop("history", None)
        history = None if _history is None else [_open_enum(PaymentState, item) for item in _history]

        status_data = cls(
            transaction_id=transaction_id,
            merchant_id=merchant_id,
            amount=amount,
            payment_state=payment_state,
            pay_response_code=pay_response_code,
            history=history,
        )

        status_data.additional_properties = d
        return status_data

    def __repr__(self) -> str:
        """The fields that are set (secrets never shown); unknown fields by name only."""
        parts: list[str] = []
        if self.transaction_id is not None:
            parts.append(f"transaction_id={self.transaction_id!r}")
        if self.merchant_id is not None:
            parts.append(f"merchant_id={self.merchant_id!r}")
        if self.amount is not None:
            parts.append(f"amount={self.amount!r}")
        if self.payment_state is not None:
            parts.append(f"payment_state={str(self.payment_state)!r}")
        if self.pay_response_code is not None:
            parts.append(f"pay_response_code={self.pay_response_code!r}")
        if self.history is not None:
            parts.append(f"history={self.history!r}")
        if self.additional_properties:
            parts.append(f"additional_keys={sorted(self.additional_properties)!r}")
        return f"StatusData({', '.join(parts)})"

    @property
    def additional_keys(self) -> list[str]:
        return list(self.additional_properties.keys())

    def __getitem__(self, key: str) -> Any:
        return self.additional_properties[key]

    def __setitem__(self, key: str, value: Any) -> None:
        self.additional_properties[key] = value

    def __delitem__(self, key: str) -> None:
        del self.additional_properties[key]

    def __contains__(self, key: str) -> bool:
        return key in self.additional_properties
