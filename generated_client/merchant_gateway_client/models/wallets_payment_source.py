# Generated from spec/openapi.yaml by generator/, do not edit.
from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.wallets_payment_source_mode import WalletsPaymentSourceMode
from ..types import UNSET, Unset

T = TypeVar("T", bound="WalletsPaymentSource")


@_attrs_define
class WalletsPaymentSource:
    """Wallet source; a list so that several wallet providers can be named.

    Attributes:
        mode (WalletsPaymentSourceMode):
        providers (list[str] | Unset): Provider names (value PLATFORM).
    """

    mode: WalletsPaymentSourceMode
    providers: list[str] | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        mode = self.mode.value

        providers: list[str] | Unset = UNSET
        if not isinstance(self.providers, Unset):
            providers = self.providers

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict["mode"] = mode
        if providers is not UNSET:
            field_dict["providers"] = providers

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        mode = WalletsPaymentSourceMode(d.pop("mode"))

        providers = cast(list[str], d.pop("providers", UNSET))

        wallets_payment_source = cls(
            mode=mode,
            providers=providers,
        )

        wallets_payment_source.additional_properties = d
        return wallets_payment_source

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
