# Generated from spec/openapi.yaml by generator/, do not edit.
from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.upi_account import UpiAccount


T = TypeVar("T", bound="UpiOption")


@_attrs_define
class UpiOption:
    """
    Attributes:
        enabled (bool | None):
        instrument_priority (int | None): Instrument-level priority; 0 is highest.
        device_mapped (bool | None): For inline UPI; true when a deviceId was sent and UPI is enabled on that device
            (currently not applicable).
        active_accounts (list[UpiAccount] | None):
    """

    enabled: bool | None = None
    instrument_priority: int | None = None
    device_mapped: bool | None = None
    active_accounts: list[UpiAccount] | None = None
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        if self.enabled is not None:
            field_dict["enabled"] = self.enabled
        if self.instrument_priority is not None:
            field_dict["instrumentPriority"] = self.instrument_priority
        if self.device_mapped is not None:
            field_dict["deviceMapped"] = self.device_mapped
        if self.active_accounts is not None:
            field_dict["activeAccounts"] = [item.to_dict() for item in self.active_accounts]

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.upi_account import UpiAccount  # noqa: PLC0415

        d = dict(src_dict)
        enabled: bool | None = d.pop("enabled", None)

        instrument_priority: int | None = d.pop("instrumentPriority", None)

        device_mapped: bool | None = d.pop("deviceMapped", None)

        _active_accounts = d.pop("activeAccounts", None)
        active_accounts = (
            None if _active_accounts is None else [UpiAccount.from_dict(item) for item in _active_accounts]
        )

        upi_option = cls(
            enabled=enabled,
            instrument_priority=instrument_priority,
            device_mapped=device_mapped,
            active_accounts=active_accounts,
        )

        upi_option.additional_properties = d
        return upi_option

    def __repr__(self) -> str:
        """The fields that are set (secrets never shown); unknown fields by name only."""
        parts: list[str] = []
        if self.enabled is not None:
            parts.append(f"enabled={self.enabled!r}")
        if self.instrument_priority is not None:
            parts.append(f"instrument_priority={self.instrument_priority!r}")
        if self.device_mapped is not None:
            parts.append(f"device_mapped={self.device_mapped!r}")
        if self.active_accounts is not None:
            parts.append(f"active_accounts={self.active_accounts!r}")
        if self.additional_properties:
            parts.append(f"additional_keys={sorted(self.additional_properties)!r}")
        return f"UpiOption({', '.join(parts)})"

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
