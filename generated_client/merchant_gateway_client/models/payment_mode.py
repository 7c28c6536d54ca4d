# Generated from spec/openapi.yaml by generator/, do not edit.
from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="PaymentMode")


@_attrs_define
class PaymentMode:
    """
    Attributes:
        mode (str | Unset): Payment mode (OPEN set).
        amount (int | Unset):
        utr (str | Unset): UTR of UPI payments.
    """

    mode: str | Unset = UNSET
    amount: int | Unset = UNSET
    utr: str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        mode = self.mode

        amount = self.amount

        utr = self.utr

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        if mode is not UNSET:
            field_dict["mode"] = mode
        if amount is not UNSET:
            field_dict["amount"] = amount
        if utr is not UNSET:
            field_dict["utr"] = utr

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        mode = d.pop("mode", UNSET)

        amount = d.pop("amount", UNSET)

        utr = d.pop("utr", UNSET)

        payment_mode = cls(
            mode=mode,
            amount=amount,
            utr=utr,
        )

        payment_mode.additional_properties = d
        return payment_mode

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
