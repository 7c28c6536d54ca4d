# Generated from spec/openapi.yaml by generator/, do not edit.
from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="ActiveWallet")


@_attrs_define
class ActiveWallet:
    """
    Attributes:
        provider (str | Unset):
        available_balance (int | Unset):
        usable_balance (int | Unset):
        priority (int | Unset): Order inside the instrument (0 first).
    """

    provider: str | Unset = UNSET
    available_balance: int | Unset = UNSET
    usable_balance: int | Unset = UNSET
    priority: int | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        provider = self.provider

        available_balance = self.available_balance

        usable_balance = self.usable_balance

        priority = self.priority

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        if provider is not UNSET:
            field_dict["provider"] = provider
        if available_balance is not UNSET:
            field_dict["availableBalance"] = available_balance
        if usable_balance is not UNSET:
            field_dict["usableBalance"] = usable_balance
        if priority is not UNSET:
            field_dict["priority"] = priority

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        provider = d.pop("provider", UNSET)

        available_balance = d.pop("availableBalance", UNSET)

        usable_balance = d.pop("usableBalance", UNSET)

        priority = d.pop("priority", UNSET)

        active_wallet = cls(
            provider=provider,
            available_balance=available_balance,
            usable_balance=usable_balance,
            priority=priority,
        )

        active_wallet.additional_properties = d
        return active_wallet

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
