# Generated from spec/openapi.yaml by generator/, do not edit.
from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="InlinePayData")


@_attrs_define
class InlinePayData:
    """redirectUrl for card and wallet; intentURL and package for UPI intent.

    Attributes:
        redirect_url (str | Unset):
        intent_url (str | Unset): UPI intent URI.
        package (str | Unset): App package to open.
        message (str | Unset): The answer also carries a message in the intent case.
    """

    redirect_url: str | Unset = UNSET
    intent_url: str | Unset = UNSET
    package: str | Unset = UNSET
    message: str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        redirect_url = self.redirect_url

        intent_url = self.intent_url

        package = self.package

        message = self.message

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        if redirect_url is not UNSET:
            field_dict["redirectUrl"] = redirect_url
        if intent_url is not UNSET:
            field_dict["intentURL"] = intent_url
        if package is not UNSET:
            field_dict["package"] = package
        if message is not UNSET:
            field_dict["message"] = message

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        redirect_url = d.pop("redirectUrl", UNSET)

        intent_url = d.pop("intentURL", UNSET)

        package = d.pop("package", UNSET)

        message = d.pop("message", UNSET)

        inline_pay_data = cls(
            redirect_url=redirect_url,
            intent_url=intent_url,
            package=package,
            message=message,
        )

        inline_pay_data.additional_properties = d
        return inline_pay_data

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
