# Generated from spec/openapi.yaml by generator/, do not edit.
from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="PaymentMode")


@_attrs_define
class PaymentMode:
    """
    Attributes:
        mode (str | None): Payment mode (OPEN set).
        amount (int | None):
        utr (str | None): UTR of UPI payments.
    """

    mode: str | None = None
    amount: int | None = None
    utr: str | None = None
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        if self.mode is not None:
            field_dict["mode"] = self.mode
        if self.amount is not None:
            field_dict["amount"] = self.amount
        if self.utr is not None:
            field_dict["utr"] = self.utr

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        mode: str | None = d.pop("mode", None)

        amount: int | None = d.pop("amount", None)

        utr: str | None = d.pop("utr", None)

        payment_mode = cls(
            mode=mode,
            amount=amount,
            utr=utr,
        )

        payment_mode.additional_properties = d
        return payment_mode

    def __repr__(self) -> str:
        """The fields that are set (secrets never shown); unknown fields by name only."""
        parts: list[str] = []
        if self.mode is not None:
            parts.append(f"mode={self.mode!r}")
        if self.amount is not None:
            parts.append(f"amount={self.amount!r}")
        if self.utr is not None:
            parts.append(f"utr={self.utr!r}")
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
