# Generated from spec/openapi.yaml by generator/, do not edit.
from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="Offer")


@_attrs_define
class Offer:
    """
    Attributes:
        offer_id (str | None):
        display_title (str | None):
        description (str | None):
        offer_amount (int | None):
        offer_type (str | None):
        tnc_link (str | None):
    """

    offer_id: str | None = None
    display_title: str | None = None
    description: str | None = None
    offer_amount: int | None = None
    offer_type: str | None = None
    tnc_link: str | None = None
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        if self.offer_id is not None:
            field_dict["offerId"] = self.offer_id
        if self.display_title is not None:
            field_dict["displayTitle"] = self.display_title
        if self.description is not None:
            field_dict["description"] = self.description
        if self.offer_amount is not None:
            field_dict["offerAmount"] = self.offer_amount
        if self.offer_type is not None:
            field_dict["offerType"] = self.offer_type
        if self.tnc_link is not None:
            field_dict["tncLink"] = self.tnc_link

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        offer_id: str | None = d.pop("offerId", None)

        display_title: str | None = d.pop("displayTitle", None)

        description: str | None = d.pop("description", None)

        offer_amount: int | None = d.pop("offerAmount", None)

        offer_type: str | None = d.pop("offerType", None)

        tnc_link: str | None = d.pop("tncLink", None)

        offer = cls(
            offer_id=offer_id,
            display_title=display_title,
            description=description,
            offer_amount=offer_amount,
            offer_type=offer_type,
            tnc_link=tnc_link,
        )

        offer.additional_properties = d
        return offer

    def __repr__(self) -> str:
        """The fields that are set (secrets never shown); unknown fields by name only."""
        parts: list[str] = []
        if self.offer_id is not None:
            parts.append(f"offer_id={self.offer_id!r}")
        if self.display_title is not None:
            parts.append(f"display_title={self.display_title!r}")
        if self.description is not None:
            parts.append(f"description={self.description!r}")
        if self.offer_amount is not None:
            parts.append(f"offer_amount={self.offer_amount!r}")
        if self.offer_type is not None:
            parts.append(f"offer_type={self.offer_type!r}")
        if self.tnc_link is not None:
            parts.append(f"tnc_link={self.tnc_link!r}")
        if self.additional_properties:
            parts.append(f"additional_keys={sorted(self.additional_properties)!r}")
        return f"Offer({', '.join(parts)})"

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
