# Generated from spec/openapi.yaml by generator/, do not edit.
from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="DeviceContext")


@_attrs_define
class DeviceContext:
    """Device facts of the intent variant.

    Attributes:
        platform_version_code (int): Version code of the wallet app on the user's device; the answer then carries an
            intent URI. At least 1: an app version code is a positive integer (the document gives no range).
    """

    platform_version_code: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        platform_version_code = self.platform_version_code

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict["platformVersionCode"] = platform_version_code

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        platform_version_code = d.pop("platformVersionCode")

        device_context = cls(
            platform_version_code=platform_version_code,
        )

        device_context.additional_properties = d
        return device_context

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
