# Generated from spec/openapi.yaml by generator/, do not edit.
from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="SsoUserDetailsData")


@_attrs_define
class SsoUserDetailsData:
    """
    Attributes:
        name (str | None):
        phone_number (str | None):
        primary_email (str | None): Only if the email is shared.
        is_email_verified (bool | None): Only if the email is shared.
    """

    name: str | None = None
    phone_number: str | None = None
    primary_email: str | None = None
    is_email_verified: bool | None = None
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        if self.name is not None:
            field_dict["name"] = self.name
        if self.phone_number is not None:
            field_dict["phoneNumber"] = self.phone_number
        if self.primary_email is not None:
            field_dict["primaryEmail"] = self.primary_email
        if self.is_email_verified is not None:
            field_dict["isEmailVerified"] = self.is_email_verified

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        name: str | None = d.pop("name", None)

        phone_number: str | None = d.pop("phoneNumber", None)

        primary_email: str | None = d.pop("primaryEmail", None)

        is_email_verified: bool | None = d.pop("isEmailVerified", None)

        sso_user_details_data = cls(
            name=name,
            phone_number=phone_number,
            primary_email=primary_email,
            is_email_verified=is_email_verified,
        )

        sso_user_details_data.additional_properties = d
        return sso_user_details_data

    def __repr__(self) -> str:
        """The fields that are set (secrets never shown); unknown fields by name only."""
        parts: list[str] = []
        if self.name is not None:
            parts.append(f"name={self.name!r}")
        if self.phone_number is not None:
            parts.append(f"phone_number={self.phone_number!r}")
        if self.primary_email is not None:
            parts.append(f"primary_email={self.primary_email!r}")
        if self.is_email_verified is not None:
            parts.append(f"is_email_verified={self.is_email_verified!r}")
        if self.additional_properties:
            parts.append(f"additional_keys={sorted(self.additional_properties)!r}")
        return f"SsoUserDetailsData({', '.join(parts)})"

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
