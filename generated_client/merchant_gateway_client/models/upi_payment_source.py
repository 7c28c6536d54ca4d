# Generated from spec/openapi.yaml by generator/, do not edit.
from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.upi_payment_source_mode import UpiPaymentSourceMode
from ..models.upi_payment_source_type import UpiPaymentSourceType
from ..types import UNSET, Unset

T = TypeVar("T", bound="UpiPaymentSource")


@_attrs_define
class UpiPaymentSource:
    """UPI source; `type` INLINE (with accountId, required) or INTENT.

    Attributes:
        mode (UpiPaymentSourceMode):
        type_ (UpiPaymentSourceType):
        account_id (str | Unset): Required when type is INLINE (from payment options upi.activeAccounts[].accountId).
    """

    mode: UpiPaymentSourceMode
    type_: UpiPaymentSourceType
    account_id: str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        mode = self.mode.value

        type_ = self.type_.value

        account_id = self.account_id

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict["mode"] = mode
        field_dict["type"] = type_
        if account_id is not UNSET:
            field_dict["accountId"] = account_id

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        mode = UpiPaymentSourceMode(d.pop("mode"))

        type_ = UpiPaymentSourceType(d.pop("type"))

        account_id = d.pop("accountId", UNSET)

        upi_payment_source = cls(
            mode=mode,
            type_=type_,
            account_id=account_id,
        )

        upi_payment_source.additional_properties = d
        return upi_payment_source

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
