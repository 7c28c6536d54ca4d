# Generated from spec/openapi.yaml by generator/, do not edit.
from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="SsoAccessData")


@_attrs_define
class SsoAccessData:
    """
    Attributes:
        access_token (str | None):
        expires_in_seconds (float | None):
    """

    access_token: str | None = None
    expires_in_seconds: float | None = None
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        if self.access_token is not None:
            field_dict["accessToken"] = self.access_token
        if self.expires_in_seconds is not None:
            field_dict["expiresInSeconds"] = self.expires_in_seconds

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        access_token: str | None = d.pop("accessToken", None)

        expires_in_seconds: float | None = d.pop("expiresInSeconds", None)

        sso_access_data = cls(
            access_token=access_token,
            expires_in_seconds=expires_in_seconds,
        )

        sso_access_data.additional_properties = d
        return sso_access_data

    def __repr__(self) -> str:
        """The fields that are set (secrets never shown); unknown fields by name only."""
        parts: list[str] = []
        if self.expires_in_seconds is not None:
            parts.append(f"expires_in_seconds={self.expires_in_seconds!r}")
        if self.additional_properties:
            parts.append(f"additional_keys={sorted(self.additional_properties)!r}")
        return f"SsoAccessData({', '.join(parts)})"

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
