# Generated from spec/openapi.yaml by generator/, do not edit.
from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.active_wallet import ActiveWallet


T = TypeVar("T", bound="WalletsOption")


@_attrs_define
class WalletsOption:
    """
    Attributes:
        enabled (bool | Unset):
        instrument_priority (int | Unset): Instrument-level priority; 0 is highest.
        active_wallets (list[ActiveWallet] | Unset):
    """

    enabled: bool | Unset = UNSET
    instrument_priority: int | Unset = UNSET
    active_wallets: list[ActiveWallet] | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        enabled = self.enabled

        instrument_priority = self.instrument_priority

        active_wallets: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.active_wallets, Unset):
            active_wallets = []
            for active_wallets_item_data in self.active_wallets:
                active_wallets_item = active_wallets_item_data.to_dict()
                active_wallets.append(active_wallets_item)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        if enabled is not UNSET:
            field_dict["enabled"] = enabled
        if instrument_priority is not UNSET:
            field_dict["instrumentPriority"] = instrument_priority
        if active_wallets is not UNSET:
            field_dict["activeWallets"] = active_wallets

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.active_wallet import ActiveWallet  # noqa: PLC0415

        d = dict(src_dict)
        enabled = d.pop("enabled", UNSET)

        instrument_priority = d.pop("instrumentPriority", UNSET)

        _active_wallets = d.pop("activeWallets", UNSET)
        active_wallets: list[ActiveWallet] | Unset = UNSET
        if _active_wallets is not UNSET:
            active_wallets = []
            for active_wallets_item_data in _active_wallets:
                active_wallets_item = ActiveWallet.from_dict(active_wallets_item_data)

                active_wallets.append(active_wallets_item)

        wallets_option = cls(
            enabled=enabled,
            instrument_priority=instrument_priority,
            active_wallets=active_wallets,
        )

        wallets_option.additional_properties = d
        return wallets_option

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
