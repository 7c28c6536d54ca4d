# Generated from spec/openapi.yaml by generator/, do not edit.
from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="DebitV4Data")


@_attrs_define
class DebitV4Data:
    """
    Attributes:
        redirect_type (str | Unset): WEB (web URL) or INTENT (UPI intent URI). OPEN set.
        redirect_url (str | Unset): Web URL (WEB) or UPI intent URI (INTENT).
    """

    redirect_type: str | Unset = UNSET
    redirect_url: str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        redirect_type = self.redirect_type

        redirect_url = self.redirect_url

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        if redirect_type is not UNSET:
            field_dict["redirectType"] = redirect_type
        if redirect_url is not UNSET:
            field_dict["redirectURL"] = redirect_url

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        redirect_type = d.pop("redirectType", UNSET)

        redirect_url = d.pop("redirectURL", UNSET)

        debit_v4_data = cls(
            redirect_type=redirect_type,
            redirect_url=redirect_url,
        )

        debit_v4_data.additional_properties = d
        return debit_v4_data

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
