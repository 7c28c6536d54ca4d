# Generated from spec/openapi.yaml by generator/, do not edit.
from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="TestCallbackData")


@_attrs_define
class TestCallbackData:
    """
    Attributes:
        successful (bool | Unset):
        redirect (bool | Unset):
    """

    successful: bool | Unset = UNSET
    redirect: bool | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        successful = self.successful

        redirect = self.redirect

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        if successful is not UNSET:
            field_dict["successful"] = successful
        if redirect is not UNSET:
            field_dict["redirect"] = redirect

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        successful = d.pop("successful", UNSET)

        redirect = d.pop("redirect", UNSET)

        test_callback_data = cls(
            successful=successful,
            redirect=redirect,
        )

        test_callback_data.additional_properties = d
        return test_callback_data

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
