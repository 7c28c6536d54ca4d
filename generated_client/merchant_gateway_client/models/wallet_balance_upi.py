# Generated from spec/openapi.yaml by generator/, do not edit.
from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="WalletBalanceUpi")


@_attrs_define
class WalletBalanceUpi:
    """
    Attributes:
        enabled (bool | None): UPI enabled for the user.
        primary_account (str | None): Masked primary bank account.
    """

    enabled: bool | None = None
    primary_account: str | None = None
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        if self.enabled is not None:
            field_dict["enabled"] = self.enabled
        if self.primary_account is not None:
            field_dict["primaryAccount"] = self.primary_account

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        enabled: bool | None = d.pop("enabled", None)

        primary_account: str | None = d.pop("primaryAccount", None)

        wallet_balance_upi = cls(
            enabled=enabled,
            primary_account=primary_account,
        )

        wallet_balance_upi.additional_properties = d
        return wallet_balance_upi

    def __repr__(self) -> str:
        """The fields that are set (secrets never shown); unknown fields by name only."""
        parts: list[str] = []
        if self.enabled is not None:
            parts.append(f"enabled={self.enabled!r}")
        if self.primary_account is not None:
            parts.append(f"primary_account={self.primary_account!r}")
        if self.additional_properties:
            parts.append(f"additional_keys={sorted(self.additional_properties)!r}")
        return f"WalletBalanceUpi({', '.join(parts)})"

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
