# Generated from spec/openapi.yaml by generator/, do not edit.
from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="Offer")


@_attrs_define
class Offer:
    """
    Attributes:
        offer_id (str | Unset):
        display_title (str | Unset):
        description (str | Unset):
        offer_amount (int | Unset):
        offer_type (str | Unset):
        tnc_link (str | Unset):
    """

    offer_id: str | Unset = UNSET
    display_title: str | Unset = UNSET
    description: str | Unset = UNSET
    offer_amount: int | Unset = UNSET
    offer_type: str | Unset = UNSET
    tnc_link: str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        offer_id = self.offer_id

        display_title = self.display_title

        description = self.description

        offer_amount = self.offer_amount

        offer_type = self.offer_type

        tnc_link = self.tnc_link

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        if offer_id is not UNSET:
            field_dict["offerId"] = offer_id
        if display_title is not UNSET:
            field_dict["displayTitle"] = display_title
        if description is not UNSET:
            field_dict["description"] = description
        if offer_amount is not UNSET:
            field_dict["offerAmount"] = offer_amount
        if offer_type is not UNSET:
            field_dict["offerType"] = offer_type
        if tnc_link is not UNSET:
            field_dict["tncLink"] = tnc_link

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        offer_id = d.pop("offerId", UNSET)

        display_title = d.pop("displayTitle", UNSET)

        description = d.pop("description", UNSET)

        offer_amount = d.pop("offerAmount", UNSET)

        offer_type = d.pop("offerType", UNSET)

        tnc_link = d.pop("tncLink", UNSET)

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
