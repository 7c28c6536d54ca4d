# Generated from spec/openapi.yaml by generator/, do not edit.
from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="DebitV4Data")


@_attrs_define
class DebitV4Data:
    """
    Attributes:
        redirect_type (str | None): WEB (web URL) or INTENT (UPI intent URI). OPEN set.
        redirect_url (str | None): Web URL (WEB) or UPI intent URI (INTENT).
    """

    redirect_type: str | None = None
    redirect_url: str | None = None
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        if self.redirect_type is not None:
            field_dict["redirectType"] = self.redirect_type
        if self.redirect_url is not None:
            field_dict["redirectURL"] = self.redirect_url

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        redirect_type: str | None = d.pop("redirectType", None)

        redirect_url: str | None = d.pop("redirectURL", None)

        debit_v4_data = cls(
            redirect_type=redirect_type,
            redirect_url=redirect_url,
        )

        debit_v4_data.additional_properties = d
        return debit_v4_data

    def __repr__(self) -> str:
        """The fields that are set (secrets never shown); unknown fields by name only."""
        parts: list[str] = []
        if self.redirect_type is not None:
            parts.append(f"redirect_type={self.redirect_type!r}")
        if self.redirect_url is not None:
            parts.append(f"redirect_url={self.redirect_url!r}")
        if self.additional_properties:
            parts.append(f"additional_keys={sorted(self.additional_properties)!r}")
        return f"DebitV4Data({', '.join(parts)})"

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
