# Generated from spec/openapi.yaml by generator/, do not edit.
from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="SsoUserDetailsData")


@_attrs_define
class SsoUserDetailsData:
    """
    Attributes:
        name (str | Unset):
        phone_number (str | Unset):
        primary_email (str | Unset): Only if the email is shared.
        is_email_verified (bool | Unset): Only if the email is shared.
    """

    name: str | Unset = UNSET
    phone_number: str | Unset = UNSET
    primary_email: str | Unset = UNSET
    is_email_verified: bool | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        name = self.name

        phone_number = self.phone_number

        primary_email = self.primary_email

        is_email_verified = self.is_email_verified

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        if name is not UNSET:
            field_dict["name"] = name
        if phone_number is not UNSET:
            field_dict["phoneNumber"] = phone_number
        if primary_email is not UNSET:
            field_dict["primaryEmail"] = primary_email
        if is_email_verified is not UNSET:
            field_dict["isEmailVerified"] = is_email_verified

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        name = d.pop("name", UNSET)

        phone_number = d.pop("phoneNumber", UNSET)

        primary_email = d.pop("primaryEmail", UNSET)

        is_email_verified = d.pop("isEmailVerified", UNSET)

        sso_user_details_data = cls(
            name=name,
            phone_number=phone_number,
            primary_email=primary_email,
            is_email_verified=is_email_verified,
        )

        sso_user_details_data.additional_properties = d
        return sso_user_details_data

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
