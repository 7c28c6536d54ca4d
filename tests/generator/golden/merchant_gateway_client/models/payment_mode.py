# Generated from tests/generator/fixtures/mini.yaml by generator/, do not edit.
from __future__ import annotations

from collections.abc import Mapping
from enum import Enum
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.payment_mode_mode import PaymentModeMode

T = TypeVar("T", bound="PaymentMode")
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
class PaymentMode:
    """
    Attributes:
        mode (PaymentModeMode | str | None):
        amount (int | None):
    """

    mode: PaymentModeMode | str | None = None
    amount: int | None = None
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        if self.mode is not None:
            field_dict["mode"] = self.mode.value if isinstance(self.mode, PaymentModeMode) else self.mode
        if self.amount is not None:
            field_dict["amount"] = self.amount

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        _mode = d.pop("mode", None)
        mode = None if _mode is None else _open_enum(PaymentModeMode, _mode)

        amount: int | None = d.pop("amount", None)

        payment_mode = cls(
            mode=mode,
            amount=amount,
        )

        payment_mode.additional_properties = d
        return payment_mode

    def __repr__(self) -> str:
        """The fields that are set (secrets never shown); unknown fields by name only."""
        parts: list[str] = []
        if self.mode is not None:
            parts.append(f"mode={str(self.mode)!r}")
        if self.amount is not None:
            parts.append(f"amount={self.amount!r}")
        if self.additional_properties:
            parts.append(f"additional_keys={sorted(self.additional_properties)!r}")
        return f"PaymentMode({', '.join(parts)})"

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
