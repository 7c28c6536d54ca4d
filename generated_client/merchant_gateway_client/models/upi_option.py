# Generated from spec/openapi.yaml by generator/, do not edit.
from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.upi_account import UpiAccount


T = TypeVar("T", bound="UpiOption")


@_attrs_define
class UpiOption:
    """
    Attributes:
        enabled (bool | Unset):
        instrument_priority (int | Unset): Instrument-level priority; 0 is highest.
        device_mapped (bool | Unset): For inline UPI; true when a deviceId was sent and UPI is enabled on that device
            (currently not applicable).
        active_accounts (list[UpiAccount] | Unset):
    """

    enabled: bool | Unset = UNSET
    instrument_priority: int | Unset = UNSET
    device_mapped: bool | Unset = UNSET
    active_accounts: list[UpiAccount] | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        enabled = self.enabled

        instrument_priority = self.instrument_priority

        device_mapped = self.device_mapped

        active_accounts: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.active_accounts, Unset):
            active_accounts = []
            for active_accounts_item_data in self.active_accounts:
                active_accounts_item = active_accounts_item_data.to_dict()
                active_accounts.append(active_accounts_item)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        if enabled is not UNSET:
            field_dict["enabled"] = enabled
        if instrument_priority is not UNSET:
            field_dict["instrumentPriority"] = instrument_priority
        if device_mapped is not UNSET:
            field_dict["deviceMapped"] = device_mapped
        if active_accounts is not UNSET:
            field_dict["activeAccounts"] = active_accounts

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.upi_account import UpiAccount  # noqa: PLC0415

        d = dict(src_dict)
        enabled = d.pop("enabled", UNSET)

        instrument_priority = d.pop("instrumentPriority", UNSET)

        device_mapped = d.pop("deviceMapped", UNSET)

        _active_accounts = d.pop("activeAccounts", UNSET)
        active_accounts: list[UpiAccount] | Unset = UNSET
        if _active_accounts is not UNSET:
            active_accounts = []
            for active_accounts_item_data in _active_accounts:
                active_accounts_item = UpiAccount.from_dict(active_accounts_item_data)

                active_accounts.append(active_accounts_item)

        upi_option = cls(
            enabled=enabled,
            instrument_priority=instrument_priority,
            device_mapped=device_mapped,
            active_accounts=active_accounts,
        )

        upi_option.additional_properties = d
        return upi_option

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
