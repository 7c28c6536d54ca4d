# Generated from spec/openapi.yaml by generator/, do not edit.
from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="InlinePayData")


@_attrs_define
class InlinePayData:
    """redirectUrl for card and wallet; intentURL and package for UPI intent.

    Attributes:
        redirect_url (str | None):
        intent_url (str | None): UPI intent URI.
        package (str | None): App package to open.
        message (str | None): The answer also carries a message in the intent case.
    """

    redirect_url: str | None = None
    intent_url: str | None = None
    package: str | None = None
    message: str | None = None
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        if self.redirect_url is not None:
            field_dict["redirectUrl"] = self.redirect_url
        if self.intent_url is not None:
            field_dict["intentURL"] = self.intent_url
        if self.package is not None:
            field_dict["package"] = self.package
        if self.message is not None:
            field_dict["message"] = self.message

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        redirect_url: str | None = d.pop("redirectUrl", None)

        intent_url: str | None = d.pop("intentURL", None)

        package: str | None = d.pop("package", None)

        message: str | None = d.pop("message", None)

        inline_pay_data = cls(
            redirect_url=redirect_url,
            intent_url=intent_url,
            package=package,
            message=message,
        )

        inline_pay_data.additional_properties = d
        return inline_pay_data

    def __repr__(self) -> str:
        """The fields that are set (secrets never shown); unknown fields by name only."""
        parts: list[str] = []
        if self.redirect_url is not None:
            parts.append(f"redirect_url={self.redirect_url!r}")
        if self.intent_url is not None:
            parts.append(f"intent_url={self.intent_url!r}")
        if self.package is not None:
            parts.append(f"package={self.package!r}")
        if self.message is not None:
            parts.append(f"message={self.message!r}")
        if self.additional_properties:
            parts.append(f"additional_keys={sorted(self.additional_properties)!r}")
        return f"InlinePayData({', '.join(parts)})"

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
