# Generated from spec/openapi.yaml by generator/, do not edit.
from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="WalletBalanceUpi")


@_attrs_define
class WalletBalanceUpi:
    """
    Attributes:
        enabled (bool | Unset): UPI enabled for the user.
        primary_account (str | Unset): Masked primary bank account.
    """

    enabled: bool | Unset = UNSET
    primary_account: str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        enabled = self.enabled

        primary_account = self.primary_account

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        if enabled is not UNSET:
            field_dict["enabled"] = enabled
        if primary_account is not UNSET:
            field_dict["primaryAccount"] = primary_account

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        enabled = d.pop("enabled", UNSET)

        primary_account = d.pop("primaryAccount", UNSET)

        wallet_balance_upi = cls(
            enabled=enabled,
            primary_account=primary_account,
        )

        wallet_balance_upi.additional_properties = d
        return wallet_balance_upi

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
