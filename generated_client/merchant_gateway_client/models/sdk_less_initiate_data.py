# Generated from spec/openapi.yaml by generator/, do not edit.
from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="SdkLessInitiateData")


@_attrs_define
class SdkLessInitiateData:
    """
    Attributes:
        redirect_url (str | None): Deep link to the payments page.
        reservation_id (str | None): Input of the client SDK's proceedToPay.
    """

    redirect_url: str | None = None
    reservation_id: str | None = None
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        if self.redirect_url is not None:
            field_dict["redirectUrl"] = self.redirect_url
        if self.reservation_id is not None:
            field_dict["reservationId"] = self.reservation_id

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        redirect_url: str | None = d.pop("redirectUrl", None)

        reservation_id: str | None = d.pop("reservationId", None)

        sdk_less_initiate_data = cls(
            redirect_url=redirect_url,
            reservation_id=reservation_id,
        )

        sdk_less_initiate_data.additional_properties = d
        return sdk_less_initiate_data

    def __repr__(self) -> str:
        """The fields that are set (secrets never shown); unknown fields by name only."""
        parts: list[str] = []
        if self.redirect_url is not None:
            parts.append(f"redirect_url={self.redirect_url!r}")
        if self.reservation_id is not None:
            parts.append(f"reservation_id={self.reservation_id!r}")
        if self.additional_properties:
            parts.append(f"additional_keys={sorted(self.additional_properties)!r}")
        return f"SdkLessInitiateData({', '.join(parts)})"

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
